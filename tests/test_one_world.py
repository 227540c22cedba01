"""One world with python-chess when both are imported: python-chess's except clauses catch
chessbits' move errors, the enums and Outcome compare equal, boards compare by position
either way round, and a board takes a program's own attributes as python-chess's do."""
import pickle

import chess
import pytest

import chessbits
from chessbits import Board, Move


def raised(fn):
    with pytest.raises(ValueError) as info:
        fn()
    return info.value


@pytest.mark.parametrize("make, cls", [
    (lambda: Board().push_uci("e2e5"), "IllegalMoveError"),
    (lambda: Board().parse_san("Ke2"), "IllegalMoveError"),
    (lambda: Board().parse_san("e9"), "InvalidMoveError"),
    (lambda: Move.from_uci("e2e9"), "InvalidMoveError"),
    (lambda: Board("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1").parse_san("Nb3"), "AmbiguousMoveError"),
])
def test_python_chess_except_clauses_catch_chessbits_errors(make, cls):
    err = raised(make)
    assert isinstance(err, getattr(chess, cls)) and isinstance(err, getattr(chessbits, cls))
    assert type(err).__name__ == cls
    again = pickle.loads(pickle.dumps(err))  # pickles back as chessbits' class
    assert isinstance(again, getattr(chessbits, cls)) and str(again) == str(err)
    try:
        make()
    except getattr(chess, cls) as caught:  # the clause a python-chess program writes
        assert str(caught) == str(err)


def test_errors_are_plain_chessbits_classes_without_python_chess():
    """chessbits does not import python-chess for this: in a process without it, the
    errors are chessbits' own classes."""
    import subprocess
    import sys
    code = ("import sys, chessbits\nsys.modules['chess'] = None\n"
            "try:\n    chessbits.Board().push_uci('e2e5')\nexcept chessbits.IllegalMoveError as e:\n"
            "    print(type(e) is chessbits.IllegalMoveError, 'chess' in sys.modules and sys.modules['chess'] is None)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True"]


def test_termination_status_and_outcome_equal_python_chess():
    for ours in chessbits.Termination:
        theirs = chess.Termination[ours.name]
        assert ours == theirs and theirs == ours and hash(ours) == hash(theirs)
        assert {theirs: 1}[ours] == 1 and ours in {theirs}
    assert chessbits.Termination.CHECKMATE != chess.Termination.STALEMATE
    assert chessbits.Status.BAD_CASTLING_RIGHTS == chess.Status.BAD_CASTLING_RIGHTS
    mate = Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mate.outcome() == chess.Board(mate.fen()).outcome() and chess.Board(mate.fen()).outcome() == mate.outcome()
    assert mate.outcome() != chess.Outcome(chess.Termination.CHECKMATE, chess.WHITE)


def test_boards_equal_python_chess_boards_both_ways():
    ours, theirs = Board(), chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        assert ours == theirs and theirs == ours
        ours.push_san(san)
        assert ours != theirs and theirs != ours
        theirs.push_san(san)
    assert ours == theirs and not (ours != theirs)
    theirs.halfmove_clock += 1
    assert ours != theirs
    assert chessbits.BaseBoard() == chess.BaseBoard() and chess.BaseBoard() == chessbits.BaseBoard()
    assert Board() == chess.BaseBoard() and chess.BaseBoard() == Board()  # pieces only, as python-chess compares
    assert Board() != object() and Board() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_boards_take_attributes_as_python_chess_boards_do():
    board, other = Board(), Board()
    board.note = "mine"
    board.depth = 3
    assert (board.note, board.depth) == ("mine", 3)
    assert not hasattr(other, "note")
    with pytest.raises(AttributeError, match="note"):
        other.note
    del board.note
    assert not hasattr(board, "note")
    with pytest.raises(AttributeError):
        board.push = None  # a method stays the board's own
    board.turn = chess.BLACK  # python-chess's writable state goes to the position
    assert board.fen().split()[1] == "b" and board.turn is False
    base = chessbits.BaseBoard()
    base.tag = 1
    assert base.tag == 1
