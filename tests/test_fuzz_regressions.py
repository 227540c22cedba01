"""Inputs the atheris fuzzer (fuzz/run.py, on an ASan+UBSan build) found, kept with the
right answer: python-chess's, or a ValueError that leaves the board as it was."""
import chess
import pytest

import chessbits

# 1. A NUL byte in a board part: the board parser looked each character up with strchr,
#    which also finds the string's terminating NUL, so '\0' was read as piece 15 and put on
#    the board (UBSan: index 7 out of bounds for by_type[7]; without sanitizers the board
#    was silently corrupted and the text accepted). set_fen already refused NUL bytes.
NUL_BOARD_PARTS = [
    "8/8/8/8/8/8/8/7\x00",
    "\x007/8/8/8/8/8/8/8",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x00",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P\x00\x00/PPPPP2P/RNBQKBNR",  # the fuzzer's own input, cut down
]


@pytest.mark.parametrize("text", NUL_BOARD_PARTS)
def test_nul_byte_in_board_part_is_a_value_error(text):
    with pytest.raises(ValueError):
        chess.BaseBoard(text)  # python-chess: invalid character
    with pytest.raises(ValueError):
        chessbits.BaseBoard(text)
    board = chessbits.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 7")
    board.push_san("O-O")
    before = (board.fen(), board.move_stack, board.piece_map())
    with pytest.raises(ValueError):
        board.set_board_fen(text)
    assert (board.fen(), board.move_stack, board.piece_map()) == before
    base = chessbits.BaseBoard()
    with pytest.raises(ValueError):
        base.set_board_fen(text)
    assert base.board_fen() == chess.STARTING_BOARD_FEN


def test_nul_byte_in_fen_is_a_value_error():
    for fen in ("8/8/8/8/8/8/8/7\x00 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\x00"):
        with pytest.raises(ValueError):
            chessbits.Board(fen)


# 2. A Unicode digit in a FEN's board part (found reading detect_chess960 while adding it to
#    the harness; the harness now checks it): suites' best-effort board reader tested
#    str.isdigit(), true of '²' too, then int('²') raised. So detect_chess960 raised instead of
#    answering, a suite's error lost its file:line, and `chessbits perft` died with a traceback
#    instead of its one-line "bad FEN" error. python-chess rejects the FEN (invalid character).
SUPERSCRIPT_FEN = "\u00b27/8/8/8/8/8/8/4K2R w K - 0 1"


def test_unicode_digit_in_board_part():
    from chessbits import suites
    assert suites.detect_chess960(SUPERSCRIPT_FEN) is False
    entry, = suites.parse_text(SUPERSCRIPT_FEN + " ;D1 5")
    assert (entry.fen, entry.depths, entry.chess960) == (SUPERSCRIPT_FEN, {1: 5}, False)
    with pytest.raises(ValueError):
        chess.Board(SUPERSCRIPT_FEN)
    with pytest.raises(ValueError):
        chessbits.Board(SUPERSCRIPT_FEN)


def test_unicode_digit_fen_on_the_command_line():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "chessbits", "perft", SUPERSCRIPT_FEN, "1"],
                       capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("chessbits perft: error: bad FEN") and len(r.stderr.splitlines()) == 1
