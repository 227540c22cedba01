"""python-chess's module-level names for squares, bitboards, pieces and game status: same
values, same answers on every square and on random bitboards, same types back."""
import ast
import dataclasses
import enum
import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest

import chessbits
from chessbits import SquareSet

chess = pytest.importorskip("chess")

RNG = random.Random(1954)
BITBOARDS = [0, 1, 1 << 63, chessbits.BB_ALL, 0x1E22_2212_0E0A_1222, chessbits.BB_LIGHT_SQUARES] + \
    [RNG.getrandbits(64) for _ in range(300)] + \
    [RNG.getrandbits(64) & RNG.getrandbits(64) & RNG.getrandbits(64) for _ in range(100)]
WIDE = [1 << 64, (1 << 70) | 5, RNG.getrandbits(100), -1, -5, -(1 << 70), -RNG.getrandbits(64)]

TABLES = ["BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS", "BB_DIAG_MASKS",
          "BB_FILE_MASKS", "BB_RANK_MASKS", "BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS",
          "SQUARES_180", "UNICODE_PIECE_SYMBOLS", "STARTING_BOARD_FEN", "STARTING_FEN", "COLOR_NAMES",
          "PIECE_NAMES", "PIECE_SYMBOLS", "FILE_NAMES", "RANK_NAMES", "BB_SQUARES"]
FLIPS = ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]
SHIFTS = ["shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
          "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
          "shift_down_right"]
STATUS_NAMES = [n for n in dir(chess) if n.startswith("STATUS_")]
PYTHON_CHESS_NAMES = TABLES + FLIPS + SHIFTS + STATUS_NAMES + [
    "square_distance", "square_manhattan_distance", "square_knight_distance", "square_mirror", "lsb",
    "msb", "scan_forward", "scan_reversed", "popcount", "ray", "between", "piece_symbol", "piece_name",
    "SAN_REGEX", "FEN_CASTLING_REGEX", "ColorName", "IntoSquareSet", "EnPassantSpec", "Color",
    "PieceType", "Square", "Bitboard", "Status", "Termination", "Outcome", "InvalidMoveError",
    "IllegalMoveError", "AmbiguousMoveError", "SquareSet"]


def test_python_chess_names_are_exported():
    missing = [n for n in PYTHON_CHESS_NAMES if n not in chessbits.__all__]
    assert not missing
    assert len(STATUS_NAMES) == 18
    assert set(chessbits.squares._LAZY) <= set(chessbits.squares.__all__)
    for n in chessbits.__all__:
        assert getattr(chessbits, n) is not None or n == "__version__"
    assert set(PYTHON_CHESS_NAMES) <= set(dir(chessbits))
    for module in (chessbits.squares, chessbits.status):
        assert all(hasattr(module, n) for n in module.__all__)


@pytest.mark.parametrize("name", TABLES)
def test_tables_equal_python_chess(name):
    ours, theirs = getattr(chessbits, name), getattr(chess, name)
    assert type(ours) is type(theirs)
    assert ours == theirs
    if isinstance(ours, dict):
        assert list(ours) == list(theirs)
    if name.endswith("_ATTACKS") and isinstance(ours[0], dict):
        assert [list(d) for d in ours] == [list(d) for d in theirs]  # same carry-rippler key order


def test_square_pair_functions_on_every_pair():
    for name in ["square_distance", "square_manhattan_distance", "square_knight_distance", "ray", "between"]:
        ours, theirs = getattr(chessbits, name), getattr(chess, name)
        assert [ours(a, b) for a in range(64) for b in range(64)] == \
               [theirs(a, b) for a in range(64) for b in range(64)], name


def test_ray_and_between_errors_like_python_chess():
    for a, b in [(-1, 5), (5, -1), (-64, -64), (-65, 0), (0, 64), (64, -1), ("a", 1)]:
        for name in ["ray", "between"]:
            assert outcome(getattr(chessbits, name), a, b) == outcome(getattr(chess, name), a, b), (name, a, b)


def test_square_mirror_and_pieces():
    assert [chessbits.square_mirror(sq) for sq in range(64)] == [chess.square_mirror(sq) for sq in range(64)]
    for pt in range(-7, 9):
        for name in ["piece_symbol", "piece_name"]:
            assert outcome(getattr(chessbits, name), pt) == outcome(getattr(chess, name), pt), (name, pt)


def outcome(f, *args):
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001 - the exception type is the result
        return ("raises", type(e))
    if isinstance(r, (SquareSet, chess.SquareSet)):
        return ("SquareSet", r.mask)
    if hasattr(r, "__next__"):
        return ("iterator", list(r))
    return (type(r), r)


@pytest.mark.parametrize("name", ["lsb", "msb", "popcount", "scan_forward", "scan_reversed"])
def test_bit_scans_on_bitboards(name):
    ours, theirs = getattr(chessbits, name), getattr(chess, name)
    for bb in BITBOARDS + [b for b in WIDE if b > 0 or name in ("lsb", "msb", "popcount")]:
        if name == "scan_reversed" and bb >> 64:
            continue  # python-chess raises IndexError half-way through; chessbits scans every bit
        assert outcome(ours, bb) == outcome(theirs, bb), bb
    for bb in BITBOARDS[:50]:  # chessbits also takes SquareSets, where python-chess wants ints
        assert outcome(ours, SquareSet(bb)) == outcome(theirs, bb)
    assert outcome(ours, True) == outcome(theirs, True)


def test_scans_of_wide_and_negative_ints():
    assert list(chessbits.scan_reversed((1 << 70) | 1)) == [70, 0]
    assert list(chessbits.scan_forward((1 << 70) | 1)) == [0, 70]
    with pytest.raises(ValueError):  # python-chess loops forever here
        chessbits.scan_forward(-1)


@pytest.mark.parametrize("name", FLIPS + SHIFTS)
def test_flips_and_shifts_on_ints_like_python_chess(name):
    ours, theirs = getattr(chessbits, name), getattr(chess, name)
    for bb in BITBOARDS + WIDE:
        r = ours(bb)
        assert type(r) is int and r == theirs(bb), bb
    assert outcome(ours, True) == outcome(theirs, True)


@pytest.mark.parametrize("name", FLIPS + SHIFTS + ["square_mirror"])
def test_flips_and_shifts_return_squaresets_for_squaresets(name):
    ours, theirs = getattr(chessbits, name), getattr(chess, name)
    for bb in BITBOARDS[:100]:
        s = SquareSet(bb)
        r = ours(s)
        assert type(r) is SquareSet, name
        assert r.mask == theirs(chess.SquareSet(bb)).mask == theirs(bb) & chessbits.BB_ALL, bb
        assert s.mask == bb  # not mutated


def test_flip_examples_from_python_chess():
    s = SquareSet(0x1E22_2212_0E0A_1222)  # the letter R
    assert chessbits.flip_vertical(s) == 0x2212_0A0E_1222_221E
    assert chessbits.flip_horizontal(s) == 0x7844_4448_7050_4844
    assert chessbits.flip_diagonal(s) == 0x0000_6192_8C88_FF00
    assert chessbits.flip_anti_diagonal(s) == 0x00FF_1131_4986_0000
    for f in FLIPS:
        assert getattr(chessbits, f)(chessbits.BB_ALL) == chessbits.BB_ALL


def _san_corpus():
    moves = set()
    for seed in range(40):
        board, rng = chess.Board(), random.Random(seed)
        while not board.is_game_over() and board.ply() < 120:
            move = rng.choice(list(board.legal_moves))
            moves.add(board.san(move))
            board.push(move)
    pieces, files, ranks = ["", "N", "B", "R", "Q", "K", "P", "n"], ["", "a", "h", "i"], ["", "1", "8", "9"]
    extra = {p + f + r + x + "e4" + promo + c
             for p, f, r in itertools.product(pieces, files, ranks)
             for x in ["", "x", "-", ":"] for promo in ["", "=Q", "q", "=k", "=P"] for c in ["", "+", "#", "!"]}
    return sorted(moves) + sorted(extra) + ["O-O", "0-0", "e4\n", "e4 ", "--", "", "Nbd7", "exd8=Q#"]


def test_san_regex_matches_like_python_chess():
    for text in _san_corpus():
        ours, theirs = chessbits.SAN_REGEX.match(text), chess.SAN_REGEX.match(text)
        assert (ours and ours.groups()) == (theirs and theirs.groups()), text


def test_fen_castling_regex_matches_like_python_chess():
    alphabet = "KQkqAHahEe-x"
    for n in range(6):
        for chars in itertools.product(alphabet, repeat=n):
            text = "".join(chars)
            assert bool(chessbits.FEN_CASTLING_REGEX.match(text)) == bool(chess.FEN_CASTLING_REGEX.match(text)), text


def test_type_aliases_equal_python_chess():
    for name in ["ColorName", "IntoSquareSet", "EnPassantSpec"]:
        assert getattr(chessbits, name) == getattr(chess, name)
    for name in ["Color", "PieceType", "Square", "Bitboard"]:
        assert getattr(chessbits, name) is getattr(chess, name)


def test_status_members_and_constants():
    assert issubclass(chessbits.Status, enum.IntFlag)
    assert [(m.name, m.value) for m in chessbits.Status] == [(m.name, m.value) for m in chess.Status]
    assert chessbits.Status.VALID.value == 0 and not chessbits.Status.VALID
    assert {n: getattr(chessbits, n).value for n in STATUS_NAMES} == {n: getattr(chess, n).value for n in STATUS_NAMES}
    assert all(isinstance(getattr(chessbits, n), chessbits.Status) for n in STATUS_NAMES)
    combo = chessbits.Status.NO_WHITE_KING | chessbits.Status.EMPTY | chessbits.Status.RACE_OVER
    theirs = chess.Status.NO_WHITE_KING | chess.Status.EMPTY | chess.Status.RACE_OVER
    assert (repr(combo), str(combo), int(combo)) == (repr(theirs), str(theirs), int(theirs))


def test_termination_members():
    assert issubclass(chessbits.Termination, enum.Enum) and not issubclass(chessbits.Termination, int)
    assert [(m.name, m.value) for m in chessbits.Termination] == [(m.name, m.value) for m in chess.Termination]
    assert repr(chessbits.Termination.CHECKMATE) == repr(chess.Termination.CHECKMATE)


def test_outcome_is_a_dataclass_like_python_chess():
    Outcome, T = chessbits.Outcome, chessbits.Termination
    assert dataclasses.is_dataclass(Outcome)
    assert [f.name for f in dataclasses.fields(Outcome)] == [f.name for f in dataclasses.fields(chess.Outcome)]
    for winner in (True, False, None):
        for term in T:
            ours, theirs = Outcome(term, winner), chess.Outcome(chess.Termination[term.name], winner)
            assert ours.result() == theirs.result()
            assert repr(ours) == repr(theirs)
            assert ours == Outcome(termination=term, winner=winner)
    assert Outcome(T.CHECKMATE, True) != Outcome(T.CHECKMATE, False)
    assert Outcome(T.STALEMATE, None).result() == "1/2-1/2"
    with pytest.raises(TypeError):
        hash(Outcome(T.CHECKMATE, True))
    assert Outcome.__module__ == "chessbits.status" and chessbits.status.Outcome is Outcome
    import pickle
    assert pickle.loads(pickle.dumps(Outcome(T.FIFTY_MOVES, None))) == Outcome(T.FIFTY_MOVES, None)


@pytest.mark.parametrize("name", ["InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"])
def test_move_errors_are_value_errors(name):
    cls = getattr(chessbits, name)
    assert issubclass(cls, ValueError) and cls.__name__ == name and cls is not ValueError
    with pytest.raises(ValueError, match="e2e5"):
        raise cls("illegal uci: 'e2e5'")
    assert len({chessbits.InvalidMoveError, chessbits.IllegalMoveError, chessbits.AmbiguousMoveError}) == 3


def test_status_module_imports_nothing_from_chessbits():
    # _core imports chessbits.status while it initialises, so status must not import chessbits.
    tree = ast.parse(Path(chessbits.status.__file__).read_text(encoding="utf-8"))
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    imported += [n.module or "." for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0]
    assert not any(n.startswith("chessbits") for n in imported)
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 0]


def test_lazy_names_are_built_on_first_lookup_only():
    code = ("import sys, chessbits, chessbits.squares as s, chessbits.status as st\n"
            "lazy = [n for n in s._LAZY if n in vars(s)] + ['Outcome'] * ('Outcome' in vars(st))\n"
            "chessbits.BB_FILE_ATTACKS, chessbits.Outcome\n"
            "print(lazy, 'BB_FILE_MASKS' in vars(s), 'BB_DIAG_ATTACKS' in vars(s), 'Outcome' in vars(st))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "True", "False", "True"]
