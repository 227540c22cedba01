"""parse_san on every SAN a position could be written with, right or wrong, against
python-chess: each piece letter (or none) to each square, plain and with each file or rank of
the pieces that could mean it, capture marks, check suffixes, promotions. chessbits answers
the common case (one piece reaches the square, no pin, no check) without generating moves
(ext/san.c's san_quick) and searches like python-chess otherwise: the answers, or the errors'
types and words, must be python-chess's. The positions: random games' and those where the
shortcut must step aside (pins, checks, en passant, blocked double pushes, twin pieces)."""
import random

import chess
import pytest

import chessbits

TRICKY = [  # where the shortcut must step aside, or must not
    "4k3/8/8/8/8/2n5/3N4/r3K2N w - - 0 1",          # in check along the first rank; two knights reach f3
    "4k3/4r3/8/8/8/8/4N3/4K1N1 w - - 0 1",          # the e2 knight pinned on the e-file
    "4k3/8/8/1b6/8/8/4N3/4K1N1 w - - 0 1",          # a bishop attacks the e2 knight without pinning it
    "4k3/8/8/8/8/5n2/8/4K1N1 w - - 0 1",            # in check from a knight
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",            # en passant that would expose the king on the rank
    "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",            # en passant
    "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1",            # a pawn blocked on its first square
    "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1",            # a double push onto a piece
    "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",               # promotion, with and without its letter
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",         # castling written as king moves
    "4k3/8/8/8/8/8/3Q1Q2/4K3 w - - 0 1",            # two queens reaching the same squares
    "1k6/8/8/8/8/8/B7/KB6 w - - 0 1",               # two bishops, one behind the other
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",            # a pawn pinned on the diagonal
    "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1",             # black to move
]


def positions():
    rng = random.Random(13)
    out = [chess.Board(fen) for fen in TRICKY]
    for _ in range(6):
        board = chess.Board()
        for _ in range(rng.randrange(10, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            if rng.random() < 0.15:
                out.append(board.copy(stack=False))
    return out


def writings(board):
    """SAN strings for every piece letter and square: plain, disambiguated by each file and rank
    of that piece type's squares, with 'x', '+', '#', and promotion letters on the back ranks."""
    out = set()
    for letter, piece_type in (("", chess.PAWN), ("N", chess.KNIGHT), ("B", chess.BISHOP), ("R", chess.ROOK),
                               ("Q", chess.QUEEN), ("K", chess.KING)):
        froms = board.pieces(piece_type, board.turn) | board.pieces(piece_type, not board.turn)
        hints = {""} | {chess.FILE_NAMES[chess.square_file(s)] for s in froms} | \
            {chess.RANK_NAMES[chess.square_rank(s)] for s in froms}
        for to in chess.SQUARES:
            name = chess.square_name(to)
            for hint in hints:
                for capture in ("", "x"):
                    out.add(f"{letter}{hint}{capture}{name}")
            out.add(f"{letter}{name}+")
            if letter == "" and chess.square_rank(to) in (0, 7):
                out.update(f"{hint}{name}={p}" for hint in hints for p in "QNRB")
    return sorted(out)


def answer(board, text):
    try:
        return board.parse_san(text).uci()
    except ValueError as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize("board", positions(), ids=lambda b: b.fen())
def test_every_writing_as_python_chess_reads_it(board):
    ours = chessbits.Board(board.fen())
    for text in writings(board):
        assert answer(ours, text) == answer(board, text), (board.fen(), text)
