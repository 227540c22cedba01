"""chessbits.pgn.read_games / iter_games: every game read as python-chess's read_game reads it
(mainline moves, clock and eval of each node, tags, result, errors), from every kind of source,
on any number of threads and in blocks of any size."""
import bz2
import gzip
import io
import math
import random

import chess
import chess.pgn
import pytest

import chessbits.pgn as cpgn

from pychess_suite import SuiteUnavailable, fetch_suite


def pychess_games(text):
    """python-chess's games of text, read one after another as a program would."""
    handle = io.StringIO(text)
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        games.append(game)


def key(move):
    return move.from_square | move.to_square << 6 | (move.promotion or 0) << 12


def same_float(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


def assert_same(text, arrays, *, check_errors=True):
    """arrays read from text is what python-chess reads, game by game."""
    import numpy as np
    games = pychess_games(text)
    assert len(arrays) == len(games)
    assert arrays.offsets[0] == 0 and arrays.offsets[-1] == len(arrays.moves)
    for i, game in enumerate(games):
        where = f"game {i}"
        error = arrays.errors[i]
        if error is not None and "not read into arrays" in error:
            assert game.headers.get("Variant"), where
            continue
        assert arrays.game_moves(i).tolist() == [key(m) for m in game.mainline_moves()], where
        start = arrays.offsets[i]
        for j, node in enumerate(game.mainline()):
            clock, score = node.clock(), node.eval()
            want_clock = np.float32(clock) if clock is not None else np.float32("nan")
            want_eval = (np.float32(score.white().score(mate_score=100000) / 100) if score is not None
                         else np.float32("nan"))
            assert same_float(arrays.clocks[start + j], want_clock), (where, j, clock)
            assert same_float(arrays.evals[start + j], want_eval), (where, j, score)
        assert {k: v[i] for k, v in arrays.headers.items() if v[i] is not None} == dict(game.headers), where
        assert arrays.result[i] == game.headers["Result"], where
        assert arrays.termination[i] == game.headers.get("Termination"), where
        if check_errors:
            assert (error is not None) == bool(game.errors), (where, error, game.errors)
            if error is not None:
                messages = [line.split(": ", 1)[1] for line in error.splitlines()]
                assert messages == [str(e) for e in game.errors], where


def random_game(rng):
    """A game python-chess writes: random moves from the start, a FEN or a Chess960 position,
    clocks, evals (mates too), NAGs, comments, variations a few levels deep."""
    game = chess.pgn.Game()
    kind = rng.random()
    if kind < 0.15:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        game.setup(board)
        game.headers["Variant"] = "Chess960"
    elif kind < 0.3:
        board = chess.Board()
        for _ in range(rng.randrange(1, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game.setup(board.fen())
    game.headers["White"] = rng.choice(["A", "B b", "Ünïcode", 'quote"d'])
    if rng.random() < 0.3:
        game.headers["Termination"] = rng.choice(["Normal", "Time forfeit"])
    node = game
    if rng.random() < 0.2:
        game.comment = "a game comment [%clk 1:00:00]"

    def annotate(n):
        if rng.random() < 0.7:
            n.set_clock(rng.choice([0, 1.5, 59.9, 180, 3600 * 2 + 61]))
        if rng.random() < 0.5:
            which = rng.random()
            if which < 0.8:
                n.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randrange(-900, 900)), chess.WHITE))
            else:
                n.set_eval(chess.engine.PovScore(chess.engine.Mate(rng.choice([-3, -1, 1, 2, 7])), chess.WHITE))
        if rng.random() < 0.2:
            n.comment += rng.choice([" a comment", " multi\nline", " {braces} gone", " [%eval #0]"])
        if rng.random() < 0.2:
            n.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 146]))

    for _ in range(rng.randrange(0, 80)):
        board = node.board()
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.15 and len(moves) > 1:
            side = node.add_variation(rng.choice([m for m in moves if m != move]))
            annotate(side)
            for _ in range(rng.randrange(4)):
                b = side.board()
                ms = list(b.legal_moves)
                if not ms:
                    break
                side = side.add_variation(rng.choice(ms))
                annotate(side)
            node.promote_to_main(move) if move in node else None
        node = node.add_main_variation(move) if move not in node else node.variation(move)
        annotate(node)
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


@pytest.fixture(scope="module")
def corpus():
    rng = random.Random(23)
    return "\n\n".join(str(random_game(rng)) for _ in range(300)) + "\n"


def test_random_games_as_python_chess_reads_them(corpus):
    assert_same(corpus, cpgn.read_games(corpus.encode()))


def assert_same_arrays(whole, again):
    import numpy as np
    assert len(again) == len(whole)
    for name in ("moves", "offsets", "clocks", "evals"):
        assert np.array_equal(getattr(whole, name), getattr(again, name), equal_nan=True), name
    assert whole.headers.keys() == again.headers.keys()
    for name in whole.headers:
        assert list(whole.headers[name]) == list(again.headers[name])
    assert list(whole.errors) == list(again.errors) and list(whole.result) == list(again.result)
    assert list(whole.fens) == list(again.fens) and whole.chess960.tolist() == again.chess960.tolist()


@pytest.mark.parametrize("threads,block_size", [(1, 1 << 20), (2, 4096), (3, 777), (2, 1 << 20)])
def test_threads_and_blocks_change_nothing(corpus, threads, block_size):
    data = corpus.encode() * 8  # several MB: every thread gets a piece
    whole = cpgn.read_games(data, threads=1)
    assert len(whole) == 2400
    assert_same_arrays(whole, cpgn.read_games(data, threads=threads, block_size=block_size))


@pytest.mark.parametrize("threads,block_size", [(1, 1 << 20), (2, 4096), (3, 777), (2, 1 << 20)])
def test_a_share_of_the_games_is_every_workers_th(corpus, threads, block_size):
    """worker=i, workers=n reads games i, i + n, ... as the whole read has them (the others
    scanned for their end only, each block's pieces counted first on several threads), the
    edge cases' games and errors included."""
    import numpy as np
    data = (corpus + "\n\n" + "\n\n".join(EDGE_CASES.values())).encode("utf-8", "surrogatepass") * 8
    whole = cpgn.read_games(data, threads=1)
    for workers in (2, 3, 7):
        shares = [cpgn.read_games(data, threads=threads, block_size=block_size, worker=worker, workers=workers)
                  for worker in range(workers)]
        for worker, share in enumerate(shares):
            assert_same_arrays(whole.take(np.arange(worker, len(whole), workers)), share)
        batches = list(cpgn.iter_games(data, batch=5, threads=threads, block_size=block_size, worker=1, workers=workers))
        assert sum(map(len, batches)) == len(shares[1]) and all(len(b) == 5 for b in batches[:-1])
    with pytest.raises(ValueError, match="worker must be in 0..workers - 1"):
        cpgn.read_games(data, worker=2, workers=2)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        cpgn.read_games(data, worker=0, workers=0)


def test_python_chess_data_files():
    try:
        root = fetch_suite()
    except SuiteUnavailable as exc:
        pytest.skip(str(exc))
    for path in sorted((root / "data" / "pgn").glob("*.pgn")):
        text = path.read_text(encoding="utf-8-sig")
        assert_same(text, cpgn.read_games(path), check_errors=True)


EDGE_CASES = {
    "unterminated comment": "1. e4 { never closed\n\n[Event \"x\"]\n1. d4 *\n",
    "unterminated variation": "1. e4 ( 1. d4 d5 2. c4\n\n1. e4 e5 *\n",
    "illegal san": "1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n1. d4 *\n",
    "ambiguous san": '[FEN "4k3/8/8/8/8/8/8/N3K2N w - - 0 1"]\n\n1. Ng3 *\n',
    "missing promotion": '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a7a8 Kd7 *\n',
    "error in variation": "1. e4 ( 1. Ke3 Nf6 ) 1... e5 2. Nf3 *\n",
    "no result": "1. e4 e5\n",
    "result in variation": "1. e4 ( 1-0 ) e5 *\n",
    "bad fen": '[FEN "8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n1. d4 *\n',
    "bad fen turn": '[FEN "4k3/8/8/8/8/8/8/4K3 x - - 0 1"]\n\n1. e4 *\n',
    "variant": '[Variant "Atomic"]\n\n1. e4 *\n\n[Variant "Something"]\n\n1. e4 *\n',
    "chess960 castling": ('[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]'
                          '\n\n9. g3 Bxa1 10. O-O *\n'),
    "crlf": '[Event "crlf"]\r\n\r\n1. e4 {\r\n[%clk 0:01:00] } e5 *\r\n\r\n1. d4 *\r\n',
    "lone cr": '[Event "cr"]\r\r1. e4 e5 *\r\r1. d4 *\r',
    "bom and percent": '\ufeff% escape\n[Event "bom"]\n\n1. e4 *\n',
    "nulls and long forms": "1. e4 -- 2. Ng1f3 Z0 3. Bf1-c4 0000 4. O-O *\n",
    "semicolons": "1. e4 ; rest of line e5\n1... c5 *\n",
    "nags and glyphs": "1. e4!! $14 e5?! 2. Nf3 $999 *\n",
    "header blank line": '[Event "a"]\n\n[Site "b"]\n\n1. e4 *\n',
    "no headers": "1. e4 e5 2. Nf3 *\n\n\n\n1. d4 *\n",
    "comment with brackets": '1. e4 { [%clk 0:00:10]\n\n[Event "inside"]\n} e5 *\n\n[Event "next"]\n\n1. d4 *\n',
    "eval forms": "1. e4 { [%eval .5] } e5 { [%eval -0.25,18] } 2. Nf3 { [%eval 12.] } Nc6 { [%eval #-0] } 3. d4 { [%eval 1.234] } *\n",
    "clock forms": "1. e4 { [%clk 1:02:03.25] } e5 { [%clk 0:00:07.] } 2. Nf3 { [%clk  0:01:00] } *\n",
    "binary junk": "1. e4 \x00\x01\x7f\u00ff e5 ]]]} 2. Nf3 )) *\n",
    "promotion": '[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. b8=N Kd7 *\n',
    "drop": "1. e4 N@f3 *\n\n1. d4 e5,e4 *\n",
    "comment at the end": "1. e4 {",  # an empty comment text cut by the end (UBSan: memchr(NULL, 0))  # invalid SAN: a drop, a multi-leg move
    "nested variation error": "1. e4 ( 1. d4 d5 ( 1... ( Nf6 2. c4 ) 2. c4 ) e5 2. Nf3 *\n",
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_edge_cases(name):
    text = EDGE_CASES[name]
    data = text.encode("utf-8", "surrogatepass")
    expected_text = text.replace("\r\n", "\n").replace("\r", "\n")  # open()'s universal newlines
    assert_same(expected_text, cpgn.read_games(data))


def test_no_games():
    for text in (b"", b"\n\n", b"% only an escape line\n", b"   "):
        games = cpgn.read_games(text)
        assert len(games) == 0 and games.offsets.tolist() == [0] and len(games.moves) == 0


def test_error_lines_count_from_the_start_of_the_source():
    text = "1. e4 *\n\n[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *\n"
    games = cpgn.read_games(text.encode(), block_size=8)
    assert games.errors[0] is None
    assert games.errors[1].startswith("line 6: illegal san: 'Ke3' in ")


def test_huge_comment_and_long_game():
    long_game = " ".join(["Nf3 Nf6 Ng1 Ng8"] * 2500) + " *\n"  # 10,000 plies
    text = "{ " + "x" * (10 << 20) + " }\n1. e4 *\n\n" + long_game
    games = cpgn.read_games(text.encode(), block_size=1 << 16)
    assert len(games) == 2 and games.errors.tolist() == [None, None]
    assert games.game_moves(0).tolist() == [key(chess.Move.from_uci("e2e4"))]
    assert len(games.game_moves(1)) == 10_000
    assert_same(long_game, cpgn.read_games(long_game.encode()))


def test_sources_agree(corpus, tmp_path):
    import numpy as np
    data = corpus.encode()
    plain = tmp_path / "games.pgn"
    plain.write_bytes(data)
    (tmp_path / "games.pgn.gz").write_bytes(gzip.compress(data))
    (tmp_path / "games.pgn.bz2").write_bytes(bz2.compress(data))
    sources = [plain, str(plain), tmp_path / "games.pgn.gz", tmp_path / "games.pgn.bz2", data, bytearray(data),
               memoryview(data), io.BytesIO(data), io.StringIO(corpus), open(plain, encoding="utf-8")]
    try:
        import zstandard
    except ImportError:
        pass
    else:
        (tmp_path / "games.pgn.zst").write_bytes(zstandard.ZstdCompressor().compress(data))
        sources.append(tmp_path / "games.pgn.zst")
    whole = cpgn.read_games(data)
    for source in sources:
        again = cpgn.read_games(source, block_size=5000)
        assert np.array_equal(whole.moves, again.moves) and np.array_equal(whole.offsets, again.offsets), source
        assert list(whole.headers["White"]) == list(again.headers["White"]), source


def test_list_of_games_and_arrow():
    texts = ["1. e4 e5 *", '[White "w"]\n\n1. d4 { [%clk 0:00:09] } *', "1. Nf3 Ke7 Ke2 *"]
    for source in (texts, tuple(texts)):
        games = cpgn.read_games(source)
        assert len(games) == 3
        assert games.clocks[2] == 9
        assert games.headers["White"].tolist() == ["?", "w", "?"]
    pa = pytest.importorskip("pyarrow")
    games = cpgn.read_games(pa.array(texts))
    assert games.moves.tolist() == cpgn.read_games(texts).moves.tolist()


def test_iter_games_batches(corpus):
    import numpy as np
    data = corpus.encode()
    whole = cpgn.read_games(data)
    batches = list(cpgn.iter_games(data, batch=7, block_size=3000))
    assert [len(b) for b in batches[:-1]] == [7] * (len(batches) - 1) and 1 <= len(batches[-1]) <= 7
    joined = cpgn.GameArrays.concatenate(batches)
    assert np.array_equal(joined.moves, whole.moves) and np.array_equal(joined.offsets, whole.offsets)
    assert list(joined.errors) == list(whole.errors)
    with pytest.raises(ValueError):
        next(cpgn.iter_games(data, batch=0))


def test_headers_asked_for():
    text = b'[White "a"]\n[Black "b"]\n[Termination "Normal"]\n\n1. e4 *\n\n1. d4 1-0\n'
    games = cpgn.read_games(text, headers=["Black", "ECO"])
    assert set(games.headers) == {"Black", "ECO"}
    assert games.headers["Black"].tolist() == ["b", "?"]
    assert games.headers["ECO"].tolist() == [None, None]
    assert games.termination.tolist() == ["Normal", None]
    assert games.result.tolist() == ["*", "1-0"]


def test_tags_in_changing_orders_and_sets():
    """Games whose tags come in other orders, sets, duplicates, non-ASCII names and values (the
    reader reuses a name where the game before had the same bytes at the same place): every
    game's headers are python-chess's, all kept and some kept."""
    rng = random.Random(4)
    names = ["Event", "Site", "White", "Black", "WhiteElo", "ECO", "Opening", "Åsa", "Ëco", "TimeControl"]
    texts = []
    for i in range(300):
        picked = rng.sample(names, rng.randrange(0, len(names)))
        if picked and rng.random() < 0.2:
            picked.insert(rng.randrange(len(picked)), rng.choice(picked))  # a tag twice
        tags = "".join(f'[{name} "{rng.choice(["x", "ÿ", "", "1500", "a b"])}{i}"]\n' for name in picked)
        texts.append(tags + "\n1. e4 e5 *\n")
    text = "\n".join(texts)
    assert_same(text, cpgn.read_games(text.encode(), block_size=3000, threads=2))
    kept = cpgn.read_games(text.encode(), headers=["White", "Åsa", "Opening"], block_size=3000)
    games = pychess_games(text)
    for column in ("White", "Åsa", "Opening"):
        assert kept.headers[column].tolist() == [g.headers.get(column, None if column != "White" else "?")
                                                 for g in games], column


def test_tag_values_seen_before():
    """Values drawn from a pool larger than the reader's table of strs seen per column (so they
    come back after other values, and share its slots): each game's headers are python-chess's."""
    rng = random.Random(9)
    pool = [f"v{k}" for k in range(150)] + ["", "Ünï", "a b", "1500", "1500 "]
    texts = []
    for _ in range(400):
        tags = "".join(f'[{name} "{rng.choice(pool)}"]\n' for name in ("Event", "White", "WhiteElo", "Custom")
                       if rng.random() < 0.9)
        texts.append(tags + "\n1. e4 e5 *\n")
    text = "\n".join(texts)
    for threads, block_size in ((1, 1 << 20), (2, 2000)):
        assert_same(text, cpgn.read_games(text.encode(), block_size=block_size, threads=threads))


def test_positions_are_python_chess_boards(corpus):
    games = cpgn.read_games(corpus.encode(), positions=True)
    rng = random.Random(1)
    pychess = pychess_games(corpus)
    for i in rng.sample(range(len(games)), 40):
        board = pychess[i].board()
        for j, move in enumerate(pychess[i].mainline_moves()):
            k = games.offsets[i] + j
            want = [board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings,
                    board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]]
            assert games.positions[k].tolist() == want
            assert bool(games.turns[k]) == board.turn
            assert int(games.castling_rights[k]) == board.castling_rights
            ep = board.ep_square if board.has_legal_en_passant() else None
            assert games.ep_squares[k] == (-1 if ep is None else ep)
            assert games.halfmove_clocks[k] == board.halfmove_clock
            board.push(move)


def test_progress_and_slices(corpus, tmp_path):
    path = tmp_path / "g.pgn"
    path.write_bytes(corpus.encode())
    seen = []
    games = cpgn.read_games(path, progress=lambda done, total: seen.append((done, total)), block_size=10_000)
    assert seen and seen[-1] == (path.stat().st_size, path.stat().st_size)
    part = games[5:9]
    assert len(part) == 4 and part.game_moves(0).tolist() == games.game_moves(5).tolist()
    assert [m.uci() for m in games.mainline_moves(5)] == [chess.Move.from_uci(m.uci()).uci() for m in games.mainline_moves(5)]


class Repeated(io.RawIOBase):
    """A binary stream of `data` over and over, `total` bytes in all, made as it is read."""

    def __init__(self, data, total):
        self.data, self.left, self.at = data, total, 0

    def readable(self):
        return True

    def read(self, n=-1):
        n = self.left if n is None or n < 0 else min(n, self.left)
        out = bytearray()
        while len(out) < n:
            take = self.data[self.at:self.at + n - len(out)]
            out += take
            self.at = (self.at + len(take)) % len(self.data)
        self.left -= n
        return bytes(out)


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="ru_maxrss in kB is Linux's")
@pytest.mark.skipif(__import__("chessbits").build_info()["sanitized"],
                    reason="AddressSanitizer's quarantine holds freed memory: RSS says nothing there")
def test_memory_stays_flat_on_a_1gb_stream(corpus):
    import resource
    data = corpus.encode()  # its games end with "*\n": the repeats are games one after another
    data = data if data.endswith(b"\n\n") else data + b"\n"
    total = (1 << 30) // len(data) * len(data)

    def peak_mb():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux

    games = plies = 0
    baseline = None
    for k, batch in enumerate(cpgn.iter_games(Repeated(data, total), batch=20_000)):
        games += len(batch)
        plies += len(batch.moves)
        if k == 1:
            baseline = peak_mb()  # after the first batches: imports, pools and buffers in place
    repeats = total // len(data)
    one = cpgn.read_games(data)
    assert games == repeats * len(one) and plies == repeats * len(one.moves)
    assert peak_mb() - baseline < 50


def test_the_benchmark_corpus_as_python_chess_reads_it(tmp_path):
    """benchmarks/pgn_corpus.py's games (Stockfish self-play in Lichess's style): both readers
    against python-chess."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path
    stockfish = shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")
    if stockfish is None:
        pytest.skip("stockfish is not installed here")
    out = tmp_path / "corpus.pgn"
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "pgn_corpus.py"
    subprocess.run([sys.executable, str(script), str(out), "--games", "12", "--nodes", "200", "--stockfish", stockfish],
                   check=True, capture_output=True)
    text = out.read_text(encoding="utf-8")
    assert text.count('[Event "Rated Blitz game"]') == 12 and "[%eval" in text and "[%clk" in text
    assert_same(text, cpgn.read_games(out))
    handle, theirs = io.StringIO(text), pychess_games(text)
    for game in theirs:
        assert str(cpgn.read_game(handle)) == str(game)


def test_starts_whatever_headers_keep():
    """Each game's start (its FEN tag, Chess960 by its Variant tag or its castling rights) is kept
    even when the caller keeps no tag: what a game's moves are played from."""
    text = (b'[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n9. g3 *\n\n'
            b'[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]\n\n1... Kd7 *\n\n1. e4 *\n\n'
            b'[FEN "r3k2r/8/8/8/8/8/8/1R2K1R1 w Gkq - 0 1"]\n\n1. O-O *\n')
    for headers in (None, ["White"]):
        games = cpgn.read_games(text, headers=headers)
        assert list(games.fens) == ["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                                    "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", None, "r3k2r/8/8/8/8/8/8/1R2K1R1 w Gkq - 0 1"]
        assert games.chess960.tolist() == [True, False, False, True]
        assert games[1:3].fens.tolist() == games.fens[1:3].tolist()
        assert all(e is None for e in games.errors)


def test_a_glob_or_a_list_of_paths_reads_the_files_in_turn(tmp_path, corpus):
    """A glob's files (sorted) and a list of Paths read as one source, the games numbered on
    (a share across the files too); errors start with their file's name; a pattern that
    matches nothing raises FileNotFoundError; a list of strs stays games' PGN."""
    import numpy as np
    bad = "1. e4 e5 2. Ke3 *\n"
    parts = [corpus, bad, corpus[:len(corpus) // 3].rsplit("\n\n[", 1)[0] + "\n"]
    paths = []
    for k, text in enumerate(parts):
        paths.append(tmp_path / f"part{k}.pgn")
        paths[-1].write_text(text, encoding="utf-8")
    whole = cpgn.read_games("\n\n".join(parts).encode())
    for source in (str(tmp_path / "part*.pgn"), paths, tuple(paths)):
        games = cpgn.read_games(source)
        assert len(games) == len(whole) and np.array_equal(games.moves, whole.moves)
        assert list(games.headers["Event"]) == list(whole.headers["Event"])
        errors = [e for e in games.errors if e is not None]
        assert errors == [f"{paths[1]}: line 1: illegal san: 'Ke3' in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
        share = cpgn.read_games(source, worker=2, workers=5)
        assert np.array_equal(share.offsets, whole.take(np.arange(2, len(whole), 5)).offsets)
    assert sum(map(len, cpgn.iter_games(paths, batch=7))) == len(whole)
    with pytest.raises(FileNotFoundError, match="no file matches"):
        cpgn.read_games(str(tmp_path / "none*.pgn"))
    assert len(cpgn.read_games([str(p) for p in paths])) == 3  # (each str a game's PGN, as before)
