"""Square names and BB_* masks are python-chess's, value for value."""
import chess
import pytest

import chessbits


def test_square_constants_match_python_chess():
    assert chessbits.SQUARES == chess.SQUARES
    assert chessbits.SQUARE_NAMES == chess.SQUARE_NAMES
    for name in chess.SQUARE_NAMES:
        assert getattr(chessbits, name.upper()) == getattr(chess, name.upper())
        assert getattr(chessbits, "BB_" + name.upper()) == getattr(chess, "BB_" + name.upper())


@pytest.mark.parametrize("name", [
    "BB_EMPTY", "BB_ALL", "BB_FILES", "BB_RANKS", "BB_CORNERS", "BB_CENTER",
    "BB_LIGHT_SQUARES", "BB_DARK_SQUARES", "BB_BACKRANKS", "BB_FILE_A", "BB_FILE_H",
    "BB_RANK_1", "BB_RANK_8", "WHITE", "BLACK", "PAWN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS"])
def test_named_constants_match_python_chess(name):
    assert getattr(chessbits, name) == getattr(chess, name)


def test_square_helpers():
    for sq in chess.SQUARES:
        assert chessbits.square_name(sq) == chess.square_name(sq)
        assert chessbits.parse_square(chess.square_name(sq)) == sq
        assert chessbits.square_file(sq) == chess.square_file(sq)
        assert chessbits.square_rank(sq) == chess.square_rank(sq)
        assert chessbits.square(chess.square_file(sq), chess.square_rank(sq)) == sq


@pytest.mark.parametrize("bad", ["", "e9", "i1", "E4", "e44", None, 4])
def test_parse_square_rejects(bad):
    with pytest.raises(ValueError) as ours:
        chessbits.parse_square(bad)
    with pytest.raises(ValueError) as theirs:
        chess.parse_square(bad)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("bad", [-1, 64, 1.5, "e4"])
def test_square_name_rejects(bad):
    with pytest.raises(ValueError, match="square must be"):
        chessbits.square_name(bad)
