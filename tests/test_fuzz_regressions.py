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


# 3. PGN found by the PGN fuzzer (fuzz/fuzz_pgn.py, 43,896 inputs into a 5-minute run): a
#    fully specified king move onto its rook's corner, "e8a8" with black's king on e8 and
#    white to move. python-chess's find_move seeks it as castling, e8c8, and its message names
#    the squares as written: "no matching legal move for e8c8 (e8 -> a8)"; san_parse reported
#    the sought move only, so all three of our readers wrote "(e8 -> c8)". The input as the
#    fuzzer saved it (base64), then the same message asked of parse_san and find_move directly.
PGN_E8A8 = ("W0ZFTiAiNCsgdyAtJVtWYXJpYW50ICJDaF0wOSI2c2VzCltGRU4gImJxbmIwcmtyL3BwM3BwcC8zcHBuMi8ycDUvNVAy"
            "L1AyUDQvTlBQMVAxUICAgICAgICAgICAgICAgICAgICAgICAUC9CUS8gdP7///97MSAKMF0iZThhODcxQk5SS1IgdyBI"
            "RmhmIC0gMiA5Il0KCjEiXQoKMS4gYTg3MUJOUktSIHcgSEZoZiAtIDIgOQ==")


def read_game_loop(module, text):
    """Every game's errors, as the fuzz harness's read_game loop collects them."""
    import io
    handle, errors = io.StringIO(text), []
    while (game := module.read_game(handle)) is not None:
        errors.append([f"{type(e).__name__}: {e}" for e in game.errors])
    return errors


def test_pgn_king_move_onto_rook_corner_names_the_square_written():
    import base64
    import logging

    import chess.pgn

    import chessbits.pgn
    from chessbits._answers import assert_same
    data = base64.b64decode(PGN_E8A8)
    text = data.decode("utf-8", "surrogateescape").replace("\r\n", "\n").replace("\r", "\n")  # as fuzz_pgn.py
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    theirs = read_game_loop(chess.pgn, text)
    assert theirs[0] == ["IllegalMoveError: no matching legal move for e8c8 (e8 -> a8) in "
                         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    assert_same(theirs, read_game_loop(chessbits.pgn, text))
    arrays = chessbits.pgn.read_games(data, threads=1)  # the arrays reader words it too, after its line
    assert arrays.errors[0] == "line 3: " + theirs[0][0].split(": ", 1)[1]


# (FEN, SAN or (from, to), chess960): king moves onto a rook's corner and castling targets, of
# the side to move and of the other side, white's and black's kings, h- and a-side
KING_CORNER_FENS = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
                    "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
                    "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
KING_CORNER_MOVES = ["e1h1", "e1a1", "e8h8", "e8a8", "e1g1", "e1c1", "e8g8", "e8c8", "e1f1"]


@pytest.mark.parametrize("chess960", [False, True])
@pytest.mark.parametrize("fen", KING_CORNER_FENS)
def test_king_corner_moves_read_as_python_chess_reads_them(fen, chess960):
    from chessbits._answers import assert_same

    def answers(lib):
        board, found = lib.Board(fen, chess960=chess960), []
        for uci in KING_CORNER_MOVES:
            frm, to = lib.parse_square(uci[:2]), lib.parse_square(uci[2:])
            for ask in (lambda: board.parse_san(uci), lambda: board.find_move(frm, to)):
                try:
                    found.append(ask())
                except ValueError as e:
                    found.append(f"{type(e).__name__}: {e}")
        return found
    assert_same(answers(chess), answers(chessbits), fen, chess960)


# 4. Found by CI's first run of the text fuzzer (stage 6, 5,119 inputs, UBSan): '~' after a
#    piece standing past the 8th file ("8k~3"). The board reader reads on past the 8th file, to
#    fail at the row's end as python-chess does, but the '~' marked the last piece placed:
#    none in that row (SQ_NONE, a 64-bit shift by 64: undefined behaviour), or an earlier one.
#    The input as the fuzzer saved it (flag byte, then lines), then the FENs it comes to.
TILDE_PAST_H = "MDhrMy9LMiBiIC0gLSAtMCArNwo4Lzggdwo4a34zLzgvLzg4LzgvOC84LzRLMyB3IC0gLSAxXzcKTy1P"


@pytest.mark.parametrize("board_fen", ["8k~3/8//88/8/8/8/4K3", "8k~3/8/8/8/8/8/8/4K3", "Q7k~/8/8/8/8/8/8/4K3",
                                       "7Qk~/8/8/8/8/8/8/4K3", "rnbqkbnrp~/8/8/8/8/8/8/4K3"])
def test_tilde_after_a_piece_past_the_eighth_file(board_fen):
    import base64
    assert b"8k~3/8//88" in base64.b64decode(TILDE_PAST_H)
    answers = []
    for lib in (chess, chessbits):
        try:
            lib.Board(board_fen + " w - - 0 1")
        except ValueError as e:
            answers.append(f"{type(e).__name__}: {e}")
    assert len(answers) == 2 and answers[0] == answers[1], answers
    board = chessbits.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 7")
    before = board.fen(promoted=True)
    with pytest.raises(ValueError):
        board.set_board_fen(board_fen)
    assert board.fen(promoted=True) == before and board.promoted == 0


# 5. Found by the text fuzzer in the same run, later (24,698 inputs): not a bug of chessbits but
#    of the harness's invariant. A suicide board with chess960-style rights ("GE") read without
#    Chess960 writes its promoted men marked ('n~': raw rights make Chess960 castling possible)
#    under '-' rights (none are clean), so its FEN reads back without the marks: in python-chess
#    too, word for word. The harness now accepts python-chess's own round trip (fuzz/seeds keeps
#    the input); here chessbits' is python-chess's.
def test_suicide_fen_round_trip_is_python_chess_round_trip():
    import chess.variant

    import chessbits.variant
    fen = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQn~NRKRB w GE - 1 9"
    trips = []
    for lib in (chess.variant, chessbits.variant):
        board = lib.SuicideBoard(fen)
        trips.append((board.fen(), lib.SuicideBoard(board.fen()).fen(), board.has_chess960_castling_rights()))
    assert trips[0] == trips[1] == ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQn~NRKRB w - - 1 9",
                                    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQnNRKRB w - - 1 9", True)


# Found by CI's PGN fuzzer (stage 6, 42,671 inputs): a [Variant "house"] game whose FEN has a
# pocket with a digit. python-chess reads the pocket as two CrazyhousePocket(...) of
# PIECE_SYMBOLS.index(symbol), White's letters lowered first, and says "'4' is not in list";
# chessbits worded the error its own way.
ZH_POCKETS = ["8/8/8/8/8/8/8/4K2k/4 w - - 0 1", "8/8/8/8/8/8/8/4K2k/Xq4 w - - 0 1", "8/8/8/8/8/8/8/4K2k/qé w - - 0 1",
              "8/8/8/8/8/8/8/4K2k/É4 w - - 0 1", "4k3/8/8/8/8/8/8/4K3[Qn7] w - - 0 1", "8/8/8/8/8/8/8/4K2k/KkQ w - - 0 1",
              "8/8/8/8/8/8/8/4K2k", "", "   "]


@pytest.mark.parametrize("fen", ZH_POCKETS)
def test_crazyhouse_pockets_read_as_python_chess_reads_them(fen):
    import chess.variant

    import chessbits.variant

    def answer(lib):
        try:
            return lib.CrazyhouseBoard(fen).fen()
        except ValueError as e:
            return f"ValueError: {e}"
    assert answer(chessbits.variant) == answer(chess.variant)
