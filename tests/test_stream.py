"""chessbits.encode.stream: every position of the games kept comes out once, as
encode.dataset encodes it, with its game, ply, clock and ratings; shuffled by a seed
(reproducibly, whatever the threads), sharded between workers without overlap, filtered by
ratings, time control and ply; a cut source gives its positions before the error; memory stays
flat. python-chess replays the games to check that each row is the position it says it is."""
import io
import random
import resource
import sys
import types

import chess
import chess.pgn
import numpy as np
import pytest

import chessbits.pgn as cpgn
from chessbits import encode


def _game(rng: random.Random, k: int) -> str:
    game = chess.pgn.Game()
    game.headers["Event"] = f"g{k}"
    if k % 7:
        game.headers["WhiteElo"], game.headers["BlackElo"] = str(rng.randrange(1000, 2600)), str(rng.randrange(1000, 2600))
    game.headers["TimeControl"] = rng.choice(["180+2", "600+0", "60+0"])
    if k % 11 == 3:
        game.setup(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"))
    board, node = game.board(), game
    for _ in range(rng.randrange(0, 40)):
        moves = list(board.legal_moves)
        if not moves:
            break
        node = node.add_variation(rng.choice(moves))
        if rng.random() < 0.8:
            node.set_clock(rng.randrange(1000))
        board.push(node.move)
    game.headers["Result"] = board.result() if board.is_game_over() else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return str(game)


@pytest.fixture(scope="module")
def text() -> bytes:
    rng = random.Random(11)
    return ("\n\n".join(_game(rng, k) for k in range(400)) + "\n").encode()


@pytest.fixture(scope="module")
def whole(text):
    games = cpgn.read_games(text)
    return games, encode.dataset(games, "lc0", dtype="uint8")


def _rows(batches):
    return {name: np.concatenate([b[name] for b in batches]) for name in batches[0]}


def _keys(rows):
    return list(zip(rows["game"].tolist(), rows["ply"].tolist()))


def _row_of(whole, game, ply):
    games, _ = whole
    return int(games.offsets[game]) + ply


@pytest.mark.parametrize("shuffle_buffer,batch_size", [(0, 64), (1000, 100), (100_000, 256), (37, 1), (50, 256)])
def test_every_position_once_as_dataset_encodes_it(text, whole, shuffle_buffer, batch_size):
    games, data = whole
    batches = list(encode.stream(text, "lc0", dtype="uint8", batch_size=batch_size, shuffle_buffer=shuffle_buffer,
                                 seed=3, clocks=True))
    assert all(len(b["move"]) == batch_size for b in batches[:-1]) and 0 < len(batches[-1]["move"]) <= batch_size
    rows = _rows(batches)
    where = np.array([_row_of(whole, g, p) for g, p in _keys(rows)], np.int64)
    assert sorted(where.tolist()) == list(range(len(data.played)))
    assert np.array_equal(rows["planes"], data.planes[where]) and np.array_equal(rows["mask"], data.legal[where])
    assert np.array_equal(rows["move"], data.played[where]) and np.array_equal(rows["game"], data.game[where])
    assert np.array_equal(rows["value"], data.result[where], equal_nan=True)
    assert np.array_equal(rows["clock"], games.clocks[where], equal_nan=True)
    assert {name: b.dtype for name, b in batches[0].items()} == {
        "planes": np.uint8, "move": np.int16, "mask": np.bool_, "value": np.float32, "game": np.int64,
        "ply": np.int32, "clock": np.float32}
    if shuffle_buffer:
        assert where.tolist() != sorted(where.tolist())
    else:
        assert where.tolist() == sorted(where.tolist())


def test_rows_are_the_positions_python_chess_reaches(text, whole):
    """Replayed by python-chess: the move of each row, read back from its index, is the move
    python-chess's game plays at that ply, and the value is the result for the side to move."""
    batches = list(encode.stream(text, "lc0", batch_size=500, shuffle_buffer=2000, seed=1, ratings=True))
    rows = _rows(batches)
    handle = io.StringIO(text.decode())
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    import chessbits
    for i in random.Random(2).sample(range(len(rows["move"])), 300):
        game = games[rows["game"][i]]
        board = game.board()
        moves = list(game.mainline_moves())
        for move in moves[:rows["ply"][i]]:
            board.push(move)
        played = encode.index_move(int(rows["move"][i]), chessbits.Board(board.fen()), "lc0")
        assert played.uci() == moves[rows["ply"][i]].uci()
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers["Result"], np.nan)
        if board.turn == chess.BLACK:
            result = 1.0 - result
        assert rows["value"][i] == pytest.approx(result, nan_ok=True)
        mover, other = ("WhiteElo", "BlackElo") if board.turn == chess.WHITE else ("BlackElo", "WhiteElo")
        assert rows["rating"][i] == pytest.approx(float(game.headers.get(mover, "nan")), nan_ok=True)
        assert rows["opponent_rating"][i] == pytest.approx(float(game.headers.get(other, "nan")), nan_ok=True)


def test_a_seed_gives_the_same_batches_whatever_the_threads(text):
    def run(seed, threads):
        return [b["game"].tolist() + b["ply"].tolist()
                for b in encode.stream(text, "simple", batch_size=128, shuffle_buffer=500, seed=seed, threads=threads)]
    assert run(5, 1) == run(5, 2) == run(5, 1)
    assert run(5, 1) != run(6, 1)


def test_a_batch_kept_in_part_is_never_written_over(text):
    """A batch's memory goes back to the stream only when the last array over it goes: slices
    and single arrays kept from every batch, the dicts dropped, still hold what they held."""
    kept = []
    for b in encode.stream(text, "lc0", dtype="uint8", batch_size=64, shuffle_buffer=300, seed=9):
        kept.append((b["planes"][::3], b["mask"][5:], b["ply"], b["move"].copy()))
        del b
    whole = list(encode.stream(text, "lc0", dtype="uint8", batch_size=64, shuffle_buffer=300, seed=9))
    assert len(kept) == len(whole) > 10
    for (planes, mask, ply, move), b in zip(kept, whole):
        assert np.array_equal(planes, b["planes"][::3]) and np.array_equal(mask, b["mask"][5:])
        assert np.array_equal(ply, b["ply"]) and np.array_equal(move, b["move"])


def test_workers_share_the_games_between_them(text, whole):
    games, data = whole
    seen = []
    for worker in range(3):
        rows = _rows(list(encode.stream(text, "lc0", dtype="uint8", batch_size=100, shuffle_buffer=0, worker=worker,
                                        workers=3)))
        assert set((rows["game"] % 3).tolist()) == {worker}
        where = np.array([_row_of(whole, g, p) for g, p in _keys(rows)], np.int64)
        assert np.array_equal(rows["planes"], data.planes[where]) and np.array_equal(rows["move"], data.played[where])
        seen += _keys(rows)
    assert sorted(seen) == sorted(zip(data.game.tolist(), (np.arange(len(data.game)) - games.offsets[data.game]).tolist()))
    rated = _rows(list(encode.stream(text, "simple", shuffle_buffer=0, min_rating=1500, worker=1, workers=4)))
    assert set(rated["game"].tolist()) == {g for g in range(1, len(games), 4)
                                          if min(float(games.headers["WhiteElo"][g] or 0),
                                                 float(games.headers["BlackElo"][g] or 0)) >= 1500
                                          and games.offsets[g + 1] > games.offsets[g]}
    with pytest.raises(ValueError, match="worker"):
        encode.stream(text, worker=3, workers=3)


def test_a_pytorch_worker_is_its_shard_without_importing_torch(text, monkeypatch):
    all_games = set(_rows(list(encode.stream(text, "simple", shuffle_buffer=0)))["game"].tolist())
    assert "torch" not in sys.modules  # (stream never imports it)
    fake = types.ModuleType("torch")
    fake.utils = types.SimpleNamespace(data=types.SimpleNamespace(
        get_worker_info=lambda: types.SimpleNamespace(id=1, num_workers=2)))
    monkeypatch.setitem(sys.modules, "torch", fake)
    games = set(_rows(list(encode.stream(text, "simple", shuffle_buffer=0)))["game"].tolist())
    assert games == {g for g in all_games if g % 2 == 1}


def test_filters(text, whole):
    games, data = whole
    white = np.array([float(v) if v else np.nan for v in games.headers["WhiteElo"]])
    black = np.array([float(v) if v else np.nan for v in games.headers["BlackElo"]])
    control = games.headers["TimeControl"]
    ply = np.arange(len(data.game)) - games.offsets[data.game]
    cases = [(dict(min_rating=1500), (white >= 1500) & (black >= 1500)),
             (dict(max_rating=2000, min_rating=1200), (white <= 2000) & (black <= 2000) & (white >= 1200) & (black >= 1200)),
             (dict(time_control="180+2"), control == "180+2"),
             (dict(time_control=lambda tag: tag.startswith("60")), np.array([t.startswith("60") for t in control]))]
    for options, keep in cases:
        rows = _rows(list(encode.stream(text, "simple", shuffle_buffer=0, **options)))
        assert _keys(rows) == [(g, p) for g, p in zip(data.game.tolist(), ply.tolist()) if keep[g]], options
    rows = _rows(list(encode.stream(text, "simple", shuffle_buffer=0, skip_plies=10)))
    assert _keys(rows) == [(g, p) for g, p in zip(data.game.tolist(), ply.tolist()) if p >= 10]


def test_bad_arguments(text):
    for options in (dict(batch_size=0), dict(shuffle_buffer=-1), dict(skip_plies=-1), dict(worker=1),
                    dict(dtype="int3"), dict(policy="nope")):
        with pytest.raises(ValueError):
            encode.stream(text, "lc0", **options)
    with pytest.raises(ValueError, match="layout"):
        encode.stream(text, "nope")


def test_a_cut_source_gives_its_positions_first(tmp_path, text, whole):
    import gzip
    path = tmp_path / "cut.pgn.gz"
    path.write_bytes(gzip.compress(text)[:-200])
    rows = []
    with pytest.raises(cpgn.TruncatedError) as raised:
        for batch in encode.stream(path, "simple", batch_size=50, shuffle_buffer=300, seed=0):
            rows.append(batch)
    games, _ = whole
    count = raised.value.count
    assert count > 300 and sorted(_keys(_rows(rows))) == [
        (g, p) for g in range(count) for p in range(int(games.offsets[g + 1] - games.offsets[g]))]


def test_closing_early_stops_the_reader(text):
    import threading
    before = threading.active_count()
    batches = encode.stream(text * 20, "lc0", batch_size=16, shuffle_buffer=0)
    next(batches)
    batches.close()
    assert threading.active_count() == before


def test_memory_stays_flat_on_a_long_stream():
    """600,000 short games streamed (72 MB of text, 1.8 M positions): the peak resident memory
    at the end is that after the first 400,000 positions (the buffer full, the allocators
    settled: they grow some 40 MB over the first batches), give or take a few MB."""
    game = b'[Event "x"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 *\n\n'

    class Endless(io.RawIOBase):
        def __init__(self, games):
            self.left = games

        def readable(self):
            return True

        def readinto(self, buffer):
            k = min(len(buffer) // len(game), self.left)
            self.left -= k
            buffer[:k * len(game)] = game * k
            return k * len(game)
    rss = []
    count = 0
    for batch in encode.stream(io.BufferedReader(Endless(600_000)), "simple", dtype="bool", batch_size=4096,
                               shuffle_buffer=20_000, seed=1):
        count += len(batch["move"])
        if count in (409_600, 1_794_048):
            rss.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    assert count == 1_800_000
    assert rss[1] - rss[0] < 40_000, rss  # (KB)


def test_the_benchmark_runs_and_counts(tmp_path, text, capsys):
    pytest.importorskip("zstandard")
    from chessbits.bench import stream as bench
    corpus = tmp_path / "small.pgn"
    corpus.write_bytes(text)
    assert bench.main(["--corpus", str(corpus), "--rounds", "1", "--pychess-games", "20", "--buffer", "500"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| chessbits") or line.startswith("| python-chess")]
    assert len(rows) == 6 and "expected" not in out
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]
    assert all(cell[2] == f"{len(cpgn.read_games(text).moves):,}" for cell in cells[:5])


@pytest.mark.parametrize("layout", ["simple", "lc0", "alphazero", "maia2"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "uint8", "bool"])
def test_every_layout_and_dtype_as_dataset_gives_them(text, layout, dtype):
    """The buffer holds planes compact and writes them out per batch: the planes and masks
    handed out are dataset()'s, for every layout and dtype."""
    games = cpgn.read_games(text)
    data = encode.dataset(games, layout, dtype=dtype, policy=encode.DEFAULT_POLICY[layout])
    rows = _rows(list(encode.stream(text, layout, dtype=dtype, shuffle_buffer=0, batch_size=4096)))
    assert rows["planes"].dtype == data.planes.dtype and np.array_equal(rows["planes"], data.planes)
    assert np.array_equal(rows["mask"], data.legal)


def test_sources_a_glob_paths_and_game_arrays_give_the_same_rows(tmp_path, text, whole):
    """The file in two parts, as a glob and as a list of Paths (the games numbered on from
    one file to the next), and the GameArrays read, stream what the file streams."""
    games, _ = whole
    cut = text.index(b"[Event", len(text) // 2)
    for name, part in (("a.pgn", text[:cut]), ("b.pgn", text[cut:])):
        (tmp_path / name).write_bytes(part)

    def run(source, **shard):
        return _rows(list(encode.stream(source, "lc0", dtype="uint8", batch_size=100, shuffle_buffer=500, seed=4,
                                        clocks=True, **shard)))
    for shard in ({}, {"worker": 1, "workers": 3}):
        want = run(text, **shard)
        for source in (str(tmp_path / "*.pgn"), [tmp_path / "a.pgn", tmp_path / "b.pgn"], games):
            got = run(source, **shard)
            assert got.keys() == want.keys()
            for key in want:
                assert np.array_equal(got[key], want[key], equal_nan=True), (source, shard, key)
    with pytest.raises(FileNotFoundError, match="no file matches"):
        next(encode.stream(str(tmp_path / "*.none")))
