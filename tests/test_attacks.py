"""Every technique against the reference, the reference and leapers against
python-chess, batch forms against scalar forms, and argument checking."""
import random
from array import array

import chess
import pytest

from chessbits import attacks

RANDOM_BOARDS = 300


@pytest.mark.baseline
@pytest.mark.parametrize("method", attacks.METHODS)
def test_exhaustive_against_reference(method):
    # In C: every square, every subset of the rook and bishop relevant masks,
    # then 2,000 random full boards per square and piece.
    assert attacks.selftest(method, randoms=2000) == (0, None)


def test_all_thirteen_techniques_compiled():
    assert set(attacks.ALL_METHODS) == {
        "reference", "classical", "rotated", "kindergarten", "hyperbola", "obstruction",
        "exploding", "dumb7fill", "kogge_stone", "magic", "fancy_magic", "black_magic", "pext"}
    assert set(attacks.METHODS) <= set(attacks.ALL_METHODS)
    assert attacks.DEFAULT in attacks.METHODS


def _random_boards(seed):
    rng = random.Random(seed)
    for _ in range(RANDOM_BOARDS):
        density = rng.choice([0.1, 0.25, 0.5, 0.9])
        yield rng, sum(1 << sq for sq in chess.SQUARES if rng.random() < density)


@pytest.mark.parametrize("piece", [chess.ROOK, chess.BISHOP, chess.QUEEN])
def test_reference_matches_python_chess(piece):
    # python-chess computes the attacks of a piece standing on sq among the occupied squares.
    ours = {chess.ROOK: attacks.rook, chess.BISHOP: attacks.bishop, chess.QUEEN: attacks.queen}[piece]
    for rng, occupied in _random_boards(piece):
        sq = rng.choice(chess.SQUARES)
        board = chess.BaseBoard.empty()
        for s in chess.scan_forward(occupied | chess.BB_SQUARES[sq]):
            board.set_piece_at(s, chess.Piece(chess.PAWN, chess.WHITE))
        board.set_piece_at(sq, chess.Piece(piece, chess.WHITE))
        assert ours(sq, occupied, method="reference") == int(board.attacks_mask(sq)), (sq, hex(occupied))


@pytest.mark.baseline
@pytest.mark.parametrize("method", attacks.METHODS)
def test_every_method_on_random_boards(method):
    for rng, occupied in _random_boards(7):
        sq = rng.choice(chess.SQUARES)
        for f in (attacks.rook, attacks.bishop, attacks.queen):
            assert f(sq, occupied, method) == f(sq, occupied, "reference")


@pytest.mark.baseline
def test_leapers_match_python_chess():
    for sq in chess.SQUARES:
        assert attacks.knight(sq) == chess.BB_KNIGHT_ATTACKS[sq]
        assert attacks.king(sq) == chess.BB_KING_ATTACKS[sq]
        for color in chess.COLORS:
            assert attacks.pawn(color, sq) == chess.BB_PAWN_ATTACKS[color][sq]


def test_between_and_line_match_python_chess():
    for a in chess.SQUARES:
        for b in chess.SQUARES:
            assert attacks.between(a, b) == chess.between(a, b)
            assert attacks.line(a, b) == (chess.ray(a, b) if a != b else 0)


def _batch_inputs(n=2000, seed=3):
    rng = random.Random(seed)
    squares = array("B", (rng.randrange(64) for _ in range(n)))
    occupied = array("Q", (rng.getrandbits(64) for _ in range(n)))
    return squares, occupied


@pytest.mark.baseline
@pytest.mark.parametrize("method", attacks.METHODS)
def test_batch_equals_scalar(method):
    squares, occupied = _batch_inputs()
    for many, one in ((attacks.rook_many, attacks.rook), (attacks.bishop_many, attacks.bishop),
                      (attacks.queen_many, attacks.queen)):
        out = array("Q", bytes(8 * len(squares)))
        many(squares, occupied, out, method=method)
        assert list(out) == [one(s, o, method) for s, o in zip(squares, occupied)]


def test_batch_accepts_numpy_bytes_and_memoryview():
    np = pytest.importorskip("numpy")
    squares, occupied = _batch_inputs(100)
    want = [attacks.queen(s, o) for s, o in zip(squares, occupied)]
    out = np.zeros(100, dtype=np.uint64)
    attacks.queen_many(np.frombuffer(bytes(squares), dtype=np.uint8),
                       np.array(occupied, dtype=np.uint64), out)
    assert out.tolist() == want
    out2 = array("Q", bytes(800))
    attacks.queen_many(bytes(squares), memoryview(occupied), memoryview(out2))
    assert list(out2) == want
    attacks.queen_many(b"", array("Q"), array("Q"))  # empty is fine


def test_batch_rejects_bad_buffers():
    squares, occupied = _batch_inputs(10)
    out = array("Q", bytes(80))
    with pytest.raises(ValueError, match="same length"):
        attacks.rook_many(squares[:5], occupied, out)
    with pytest.raises(ValueError, match="same length"):
        attacks.rook_many(squares, occupied, array("Q", bytes(72)))
    bad = array("B", squares)
    bad[7] = 64
    before = list(out)
    with pytest.raises(ValueError, match=r"squares\[7\] must be in 0..63, got 64"):
        attacks.queen_many(bad, occupied, out)
    assert list(out) == before  # nothing half-written
    with pytest.raises(ValueError, match="occupied must be a C-contiguous buffer of uint64"):
        attacks.rook_many(squares, array("I", range(10)), out)  # 32-bit occupancies
    with pytest.raises(ValueError, match="out must be a writable"):
        attacks.rook_many(squares, occupied, bytes(80))
    with pytest.raises(ValueError, match="squares must be"):
        attacks.rook_many(list(squares), occupied, out)
    with pytest.raises(ValueError, match="occupied must be"):
        attacks.rook_many(squares, memoryview(array("Q", range(20)))[::2], out)  # strided
    with pytest.raises(ValueError, match="unknown method"):
        attacks.rook_many(squares, occupied, out, method="nope")


@pytest.mark.parametrize("square", [-1, 64, 2**70, -2**70])
def test_bad_square(square):
    for f in (attacks.rook, attacks.bishop, attacks.queen):
        with pytest.raises(ValueError, match="square must be in 0..63"):
            f(square, 0)
    for f in (attacks.knight, attacks.king):
        with pytest.raises(ValueError, match="square must be in 0..63"):
            f(square)
    with pytest.raises(ValueError, match="square must be in 0..63"):
        attacks.pawn(chess.WHITE, square)


@pytest.mark.parametrize("occupied", [-1, 2**64, 2**100])
def test_bad_occupancy(occupied):
    for f in (attacks.rook, attacks.bishop, attacks.queen):
        with pytest.raises(ValueError, match=r"occupied must be in 0..2\*\*64-1"):
            f(0, occupied)


def test_full_range_occupancy_accepted():
    assert attacks.rook(0, 2**64 - 1) == (1 << 1) | (1 << 8)


def test_unknown_method_lists_valid_ones():
    with pytest.raises(ValueError) as e:
        attacks.rook(0, 0, method="nope")
    assert "unknown method 'nope'" in str(e.value)
    for m in attacks.METHODS:
        assert m in str(e.value)
    with pytest.raises(ValueError):
        attacks.table_bytes("nope")


def test_bad_pawn_color():
    with pytest.raises(ValueError, match="color must be"):
        attacks.pawn(2, 0)


def test_table_bytes():
    assert attacks.table_bytes("reference") == 0
    assert attacks.table_bytes("kogge_stone") == 0
    assert attacks.table_bytes("dumb7fill") == 0
    # plain magic: 64 x (4096 + 512) attack sets of 8 bytes, plus per-square data
    assert attacks.table_bytes("magic") >= 64 * (4096 + 512) * 8
    # fancy: 102,400 rook + 5,248 bishop entries
    assert attacks.table_bytes("fancy_magic") >= (102400 + 5248) * 8
    # black magic: 87,988 entries in its shared, overlapping table
    assert 87988 * 8 <= attacks.table_bytes("black_magic") < 88_500 * 8 + 64 * 2 * 24


@pytest.mark.parametrize("method", attacks.METHODS)
def test_timing_loop_shapes_xor_the_reference(method):
    """The timing loop (chessbits bench attacks): a pair per lookup, and the public
    benchmark's shape (12 squares per occupancy, each occupancy read once), both XOR the
    reference's queen attacks over their lookups."""
    from chessbits.bench.attacks import PER, workload
    from chessbits._core import bench_queen
    n = 8 * PER * 7
    for per in (1, PER):
        squares, occupied = workload(n, seed=per, per=per)
        want = 0
        for s, o in zip(squares, occupied):
            want ^= attacks.queen(s, o, method="reference")
        got = bench_queen(method, squares, occupied, 1, False, per)
        assert (type(got), got) == (int, want)


def test_timing_loop_refuses_a_bad_shape():
    from chessbits._core import bench_queen
    squares, occupied = array("B", [1] * 96), array("Q", [5] * 96)
    with pytest.raises(ValueError, match="per must be 1"):
        bench_queen("pext" if "pext" in attacks.METHODS else None, squares[:90], occupied[:90], 1, False, 12)
    occupied[13] = 6
    with pytest.raises(ValueError, match=r"occupied\[13\] differs from occupied\[12\]"):
        bench_queen(None, squares, occupied, 1, False, 12)
