"""Boards with several kings of a colour held to python-chess's next release (its master),
which finds no king of that colour then: no check, no check given, no checkmate, no opposite
check, no '+' in SAN; the moves are generated as before. Runs where that python-chess is
installed (CI's stage 4c installs master from ../shared); elsewhere it skips."""
import random

import pytest

import chessbits
from chessbits import _api
from chessbits._answers import assert_same as same

if _api.installed() != "next":
    pytest.skip("needs python-chess's next release (its master) installed", allow_module_level=True)
chess = pytest.importorskip("chess")


def answers(lib, board):
    outcome = board.outcome()
    return (sorted(m.uci() for m in board.legal_moves), sorted(m.uci() for m in board.pseudo_legal_moves),
            board.is_check(), board.checkers_mask(), board.status(), board.king(lib.WHITE), board.king(lib.BLACK),
            board.is_checkmate(), board.is_stalemate(), board.was_into_check(),
            None if outcome is None else (outcome.termination.name, outcome.winner),
            sorted(board.san(m) for m in board.legal_moves), [board.gives_check(m) for m in board.legal_moves],
            [board.is_into_check(m) for m in board.pseudo_legal_moves])


@pytest.mark.parametrize("seed", range(6))
def test_random_boards_with_several_kings(seed):
    assert chessbits.pychess_api() == "next"
    rng = random.Random(seed)
    for _ in range(100):
        theirs = chess.Board(None)
        for symbol in rng.sample("KKkkQRBNPqrbnp", rng.randint(4, 10)) + ["K", "k"]:
            square, piece = rng.randrange(64), chess.Piece.from_symbol(symbol)
            if piece.piece_type != chess.PAWN or chess.square_rank(square) not in (0, 7):
                theirs.set_piece_at(square, piece)
        theirs.turn = rng.random() < 0.5
        ours = chessbits.Board(theirs.fen())
        same(answers(chess, theirs), answers(chessbits, ours), theirs.fen())
