"""What python-chess master (its next release) adds beside 1.11.2 and chessbits has whatever
python-chess is installed: the file and rank names, Board.piece_count() and
Board.gives_checkmate(), held to master's definitions computed on the installed python-chess's
boards (popcount of the occupied squares; the move pushed, is_checkmate(), popped)."""
import random

import pytest

import chessbits
from chessbits._answers import assert_same as same
from chessbits.variant import find_variant

chess = pytest.importorskip("chess")
import chess.variant  # noqa: E402


def test_file_and_rank_names():
    files, ranks = "abcdefgh", "12345678"
    assert chessbits.FILES == list(range(8)) and chessbits.RANKS == list(range(8))
    for i in range(8):
        assert getattr(chessbits, f"FILE_{files[i].upper()}") == i == getattr(chessbits, f"RANK_{ranks[i]}")
        same(chessbits.file_name(i), files[i])
        same(chessbits.parse_file(files[i]), i)
        same(chessbits.rank_name(i), ranks[i])
        same(chessbits.parse_rank(ranks[i]), i)
        assert chessbits.square(chessbits.FILES[i], chessbits.RANKS[i]) == 9 * i
    for bad, parse in (("i", chessbits.parse_file), ("9", chessbits.parse_rank), ("", chessbits.parse_file)):
        with pytest.raises(ValueError):
            parse(bad)
    assert chessbits.File is int and chessbits.Rank is int


def oracle_mate(board, move):
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


@pytest.mark.parametrize("variant", [None, "crazyhouse", "atomic", "antichess", "kingofthehill",
                                     "threecheck", "horde", "racingkings"])
def test_piece_count_and_gives_checkmate_along_random_games(variant):
    rng = random.Random(hash(variant) & 0xFFFF)
    for _ in range(12 if variant else 40):
        if variant is None:
            ours, theirs = chessbits.Board(), chess.Board()
        else:
            ours, theirs = find_variant(variant)(), chess.variant.find_variant(variant)()
        for _ in range(80):
            same(ours.piece_count(), chess.popcount(theirs.occupied))
            moves = list(theirs.legal_moves)
            if not moves:
                break
            for move in moves + list(theirs.pseudo_legal_moves)[:4]:
                same(ours.gives_checkmate(chessbits.Move.from_uci(move.uci())), oracle_mate(theirs, move))
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(chessbits.Move.from_uci(move.uci()))
            assert ours.fen() == theirs.fen()


def test_gives_checkmate_leaves_the_board_and_its_caches_as_they_were():
    board = chessbits.Board("k7/8/1K6/8/8/8/8/7R w - - 0 1")
    before = (board.fen(), list(board.legal_moves), board.is_checkmate())
    assert board.gives_checkmate(chessbits.Move.from_uci("h1h8")) is True
    assert board.gives_checkmate(chessbits.Move.from_uci("h1h7")) is False
    assert board.gives_checkmate(chessbits.Move.null()) is False
    assert (board.fen(), list(board.legal_moves), board.is_checkmate()) == before
