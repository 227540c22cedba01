"""chessbits.encode against the model families' own code: the fixtures tests/golden/ made once
with lc0's encoder.cc and lczerolens, maia2, searchless_chess and PettingZoo over every position of
tests/data/encode/games.txt (make_encode_fixtures.py), compared position by position and move by
move, from Boards and from the same games read into GameArrays."""
import pathlib
import sys

import pytest

import chessbits
import chessbits.encode as encode
from chessbits.pgn import read_games

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE / "data" / "encode"
sys.path.insert(0, str(HERE / "golden"))
import encode_games  # noqa: E402

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def boards():
    """Every position of the fixture games as chessbits Boards with their games' moves."""
    out = []
    for start, moves in encode_games.load():
        board = chessbits.Board(start.fen(), chess960=start.chess960)
        out.append(board.copy())
        for m in moves:
            board.push(chessbits.Move.from_uci(m.uci()))
            out.append(board.copy())
    return out


@pytest.fixture(scope="module")
def games():
    """The fixture games as a GameArrays (FEN and Variant tags), with the index of each game's
    positions in the fixture order (the position after the last move is not a row)."""
    texts, rows, row = [], [], 0
    for start, moves in encode_games.load():
        board = start.copy()
        sans = []
        for m in moves:
            sans.append(board.san(m))
            board.push(m)
        tags = f'[FEN "{start.fen()}"]\n[SetUp "1"]\n' + ('[Variant "Chess960"]\n' if start.chess960 else "")
        texts.append(tags + "\n" + " ".join(sans) + " *\n")
        rows += range(row, row + len(moves))
        row += len(moves) + 1
    return read_games("\n".join(texts).encode()), np.array(rows)


@pytest.fixture(scope="module")
def legal():
    f = np.load(DATA / "legal.npz")
    return f["moves"], f["offsets"]


def per_move_index(boards, legal, layout, **kw):
    """chessbits' index of every legal move of every position, aligned with legal.npz."""
    moves, offsets = legal
    out = np.empty(len(moves), np.int64)
    for i, board in enumerate(boards):
        for j in range(offsets[i], offsets[i + 1]):
            k = int(moves[j])
            move = chessbits.Move(k & 63, (k >> 6) & 63, (k >> 12) or None)
            try:
                out[j] = encode.move_index(move, board, layout, **kw)
            except ValueError:
                out[j] = -1
    return out


def assert_distinct(got, legal):
    """No two legal moves of a position share an index: each index reads back to one move
    (index_move is the inverse on the legal moves; test_encode.py reads some back)."""
    moves, offsets = legal
    for i in range(len(offsets) - 1):
        row = got[offsets[i]:offsets[i + 1]]
        row = row[row >= 0]
        assert len(np.unique(row)) == len(row), i


def first_difference(a, b, what):
    bad = np.flatnonzero(np.any((a != b).reshape(len(a), -1), axis=1))
    return f"{what}: {len(bad)} positions differ, first {bad[:5].tolist()}" if len(bad) else ""


LC0_FORMATS = ["classical", "castling_plane", "canonical", "canonical_hectoplies", "canonical_hectoplies_armageddon",
               "canonical_v2", "canonical_v2_armageddon"]


@pytest.fixture(scope="module")
def lc0():
    return np.load(DATA / "lc0.npz")


@pytest.mark.parametrize("fmt", LC0_FORMATS)
def test_lc0_planes(boards, lc0, fmt):
    """lc0's encoder.cc's own masks, values and transform, in its compact form and dense. The V2
    fixture is lc0's "no" fill (its fen_only loop does not end before a FEN whose clock is not 0;
    where it ends, the two agree), which chessbits' fen_only gives too."""
    masks, values = encode.planes(boards, "lc0", format=fmt, compact=True)
    for name, got in (("masks", masks), ("values", values)):
        want = lc0[f"{fmt}_{name}"]
        bad = np.flatnonzero(np.any(got != want, axis=1))
        assert not len(bad), f"{fmt} {name}: {len(bad)} positions differ, first {bad[:5].tolist()}, planes " \
                             f"{np.flatnonzero(got[bad[0]] != want[bad[0]]).tolist()}"
    dense = encode.planes(boards[::5], "lc0", format=fmt)
    want = (np.unpackbits(lc0[f"{fmt}_masks"][::5].view(np.uint8), bitorder="little").reshape(-1, 112, 8, 8)
            * lc0[f"{fmt}_values"][::5][:, :, None, None])
    assert np.array_equal(dense, want)
    if fmt.startswith("canonical_v2"):
        assert np.array_equal(encode.planes(boards, "lc0", format=fmt, history_fill="no", compact=True)[0], masks)


@pytest.mark.parametrize("fmt", LC0_FORMATS)
def test_lc0_policy(boards, legal, lc0, fmt):
    want = lc0[f"{fmt}_policy"]
    got = per_move_index(boards, legal, "lc0", format=fmt)
    bad = np.flatnonzero(got != want)
    assert not len(bad), f"{len(bad)} moves differ, first: {[(int(i), int(got[i]), int(want[i])) for i in bad[:5]]}"
    assert_distinct(got, legal)
    masks = encode.legal_mask(boards, "lc0", format=fmt)
    moves, offsets = legal
    for i in range(0, len(boards), 3):
        assert np.flatnonzero(masks[i]).tolist() == sorted(set(want[offsets[i]:offsets[i + 1]].tolist()))


def test_lc0_fills(boards, lc0):
    """lczerolens's classical encoder (its "no" and "always" history rules) is lc0's wherever the
    two agree: everywhere but the filled planes of games started from a FEN with an en-passant
    square, where lc0 takes the double step back."""
    got = encode.planes(boards, "lc0", compact=True)[0]
    want = lc0["lczerolens_classical_masks"]
    differ = np.flatnonzero(np.any(got != want, axis=1))
    assert len(differ) <= 14
    for i in differ:
        assert boards[i].root().ep_square is not None and len(boards[i].move_stack) < 8


@pytest.mark.parametrize("layout", ["maia2", "searchless", "alphazero"])
def test_policy_indices(boards, legal, layout):
    want = np.load(DATA / f"{layout}.npz")["policy"]
    got = per_move_index(boards, legal, layout)
    bad = np.flatnonzero(got != want)
    assert not len(bad), f"{len(bad)} moves differ, first: {[(int(i), int(got[i]), int(want[i])) for i in bad[:5]]}"
    assert_distinct(got, legal)


@pytest.mark.parametrize("layout", ["maia2", "searchless", "alphazero"])
def test_legal_masks(boards, legal, layout):
    """The mask of each position holds the indices of its legal moves, nothing else; the sparse
    form is the mask's nonzero entries."""
    want_idx = np.load(DATA / f"{layout}.npz")["policy"]
    moves, offsets = legal
    mask = encode.legal_mask(boards, layout, threads=2)
    counts, indices = encode.legal_mask(boards, layout, sparse=True)
    starts = np.concatenate([[0], np.cumsum(counts)])
    for i in range(len(boards)):
        want = sorted(set(int(x) for x in want_idx[offsets[i]:offsets[i + 1]] if x >= 0))
        assert np.flatnonzero(mask[i]).tolist() == want, i
        assert indices[starts[i]:starts[i + 1]].tolist() == want, i


def test_maia2_planes(boards):
    f = np.load(DATA / "maia2.npz")
    want = np.unpackbits(f["planes_packed"], axis=1)[:, :18 * 64].reshape(-1, 18, 8, 8)
    got = encode.planes(boards, "maia2", dtype="uint8")
    assert not first_difference(got, want, "maia2 planes")


def test_searchless_tokens(boards):
    f = np.load(DATA / "searchless.npz")
    assert f["tokens_ok"].all()
    got = encode.tokens(boards)
    assert not first_difference(got, f["tokens"], "searchless tokens")


@pytest.mark.parametrize("layout", ["maia2", "searchless", "alphazero", "lc0"])
def test_games_agree_with_boards(boards, games, layout):
    """Read as a GameArrays, every position before a move gives what its Board gives."""
    arrays, rows = games
    picked = [boards[r] for r in rows]
    assert np.array_equal(encode.legal_mask(arrays, layout), encode.legal_mask(picked, layout))
    if layout != "searchless":
        assert np.array_equal(encode.planes(arrays, layout), encode.planes(picked, layout))
    else:
        assert np.array_equal(encode.tokens(arrays), encode.tokens(picked))
    played = encode.move_indices(arrays, layout)
    for n, board in enumerate(picked):
        try:
            want = encode.move_index(_move_of(arrays, n), board, layout)
        except ValueError:  # a Chess960 castling Maia-2 cannot write
            want = -1
        assert played[n] == want


def _move_of(arrays, n):
    k = int(arrays.moves[n])
    return chessbits.Move(k & 63, (k >> 6) & 63, (k >> 12) or None)
