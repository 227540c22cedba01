"""Table-driven, python-chess as the oracle: a FEN python-chess refuses is refused with
python-chess's ValueError message (chessbits' detail in a note), one it reads (however invalid the position)
is read, with the same FEN and status flags; bad moves are refused with the move
named and nothing half-applied."""
import re
import sys

import chess
import pytest

from chessbits import STARTING_FEN, Board, IllegalMoveError, InvalidMoveError, Move
from chessbits.positions import NAMED

START = STARTING_FEN

MALFORMED_FENS = [  # (fen, chessbits' note on 3.11+ or None): python-chess refuses each
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "the board part has 7 rows"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "the board part has 9 rows"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at rank 7"),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at rank 7"),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "at rank 7"),  # the row's end comes first
    ("rnbqkbnr/pppppppppX/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at rank 7"),  # the character first
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq - 0 1", "at rank 1"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "at rank 1"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB11 w KQkq - 0 1", "at rank 1"),
    ("~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at rank 8"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 z", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ½ 1", None),     # not an int to Python either
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ٣ -٣", None),   # Arabic-Indic digits: -3
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq KQ - 0 1", None),  # ep checked before the part count
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u3000x KQkq - 0 1", None),  # ideographic space splits
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\x1cw KQkq\x1f- 0 1 2", None),  # so do \x1c-\x1f
    (START + "\x00", None),
    (START[:20] + "\x00" + START[21:], "at rank 5"),
    ("", None),
    ("   ", None),
    (START + " extra", None),
]

ODD_FENS = [  # python-chess reads each, and status() says what is wrong
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",       # no black king
    "rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1",     # two black kings
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1",       # pawn on the back rank
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",     # a right without its rook
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",  # ep square on the wrong rank
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",    # ep square without the pawn
    "rnb1kbnr/pppppppp/8/8/8/8/PPPPqPPP/RNBQKBNR b KQkq - 0 1",     # the side not to move in check
    "4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1",                          # triple check
    "8/8/8/8/8/8/8/8 w - - 0 1",                                    # empty
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",                  # board part only
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 0",
    START + " " * 300,
    "rnbqkbnr/ppppp~ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
]


@pytest.mark.parametrize("fen, note", MALFORMED_FENS)
def test_malformed_fen_refused_in_python_chess_words(fen, note):
    with pytest.raises(ValueError) as theirs:
        chess.Board(fen)
    with pytest.raises(ValueError) as ours:
        Board(fen)
    assert str(ours.value) == str(theirs.value)
    assert getattr(ours.value, "__notes__", None) == ([f"chessbits: {note}"] if note and sys.version_info >= (3, 11) else None)


@pytest.mark.parametrize("fen, note", [(f.split()[0], n) for f, n in MALFORMED_FENS if f.strip() and n])
def test_malformed_board_fen_refused_in_python_chess_words(fen, note):
    with pytest.raises(ValueError) as theirs:
        chess.BaseBoard(fen)
    with pytest.raises(ValueError) as ours:
        Board().set_board_fen(fen)
    assert str(ours.value) == str(theirs.value)


def test_clocks_past_32_bits_refused_with_python_chess_words():
    """python-chess keeps any int; chessbits keeps clocks in 32 bits, and says so."""
    fen = START.replace(" 0 1", " 4294967296 1")
    assert chess.Board(fen).halfmove_clock == 1 << 32
    with pytest.raises(ValueError, match="^invalid half-move clock in fen: ") as e:
        Board(fen)
    if sys.version_info >= (3, 11):
        assert e.value.__notes__ == ["chessbits: chessbits keeps clocks in 0..4294967295"]
    assert Board(START.replace(" 0 1", " 4294967295 1")).halfmove_clock == (1 << 32) - 1


def test_unicode_digit_clocks_read_as_python_chess_reads_them():
    fen = START.replace(" 0 1", " ٣ ١٢")
    assert Board(fen).fen() == chess.Board(fen).fen() == START.replace(" 0 1", " 3 12")


@pytest.mark.parametrize("fen", ["4+ w - / t\udcfe 1", "4+ w KQxyz ü 1", "ü w - - x 1", "8/8/8/8/8/8/8/8 w - e9 ü 1",
                                 "ü/8 w - - 0 ü", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ü", "ü w - - 0EN ü 1"])
def test_non_ascii_fen_errors_in_python_chess_order(fen):
    """Castling and ep parts are checked before clocks written in other scripts (the PGN fuzzer's find)."""
    with pytest.raises(ValueError) as ours:
        Board(fen)
    with pytest.raises(ValueError) as theirs:
        chess.Board(fen)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("fen", ODD_FENS)
def test_odd_fen_read_as_python_chess_reads_it(fen):
    ours, theirs = Board(fen), chess.Board(fen)
    assert ours.fen() == theirs.fen()
    assert int(ours.status()) == int(theirs.status())
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert [m.uci() for m in ours.pseudo_legal_moves] == [m.uci() for m in theirs.pseudo_legal_moves]


@pytest.mark.parametrize("fen, note", MALFORMED_FENS[:6])
def test_failed_set_fen_changes_nothing(fen, note):
    board = Board()
    board.push_uci("e2e4")
    before = (board.fen(), board.move_stack, board.zobrist_hash())
    with pytest.raises(ValueError):
        board.set_fen(fen)
    assert (board.fen(), board.move_stack, board.zobrist_hash()) == before
    board.pop()
    assert board.fen() == START


def test_non_string_fen():
    with pytest.raises(ValueError, match="fen must be a str"):
        Board(42)


GOOD_FENS = [
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",      # ep square kept in FEN only if the capture is legal
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    NAMED["pos3"],
]


@pytest.mark.parametrize("fen", GOOD_FENS)
def test_fen_round_trip_matches_python_chess(fen):
    assert Board(fen).fen() == chess.Board(fen).fen()
    assert Board(Board(fen).fen()) == Board(fen)


@pytest.mark.parametrize("fen", [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
])
def test_chess960_fen_read_and_written_as_python_chess(fen):
    ours, theirs = Board(fen, chess960=True), chess.Board(fen, chess960=True)
    assert ours.fen() == theirs.fen()
    assert ours.castling_rights == theirs.castling_rights
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)


BAD_UCI = ["e2e5", "e7e4", "e1g1", "a1a1", "e2", "e2e9", "zzzz", "", "e2e4e5", "e2e4q"]


@pytest.mark.parametrize("uci", BAD_UCI)
def test_bad_uci_refused_as_python_chess_and_nothing_changes(uci):
    board, theirs = Board(), chess.Board()
    board.push_uci("g1f3")
    theirs.push_uci("g1f3")
    before = (board.fen(), board.move_stack)
    with pytest.raises(ValueError) as ours_error:
        board.push_uci(uci)
    with pytest.raises(ValueError) as their_error:
        theirs.push_uci(uci)
    assert type(ours_error.value).__name__ == type(their_error.value).__name__
    assert (board.fen(), board.move_stack) == before
    assert repr(uci) in str(ours_error.value)


@pytest.mark.parametrize("move", ["e2e5", "e7e4", "a1a3", "g1h3", None, 42])
def test_push_refuses_what_is_not_pseudo_legal(move):
    board = Board()
    board.push_uci("g1f3")
    before = (board.fen(), board.move_stack)
    with pytest.raises(ValueError):
        board.push(move if move is None or isinstance(move, int) else Move.from_uci(move))
    assert (board.fen(), board.move_stack) == before


def test_push_takes_pseudo_legal_and_null_moves_as_python_chess():
    board, theirs = Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), chess.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    for board_ in (board, theirs):
        board_.push(chess.Move.from_uci("e1f1"))   # legal
        board_.push(chess.Move.null())
        board_.push(chess.Move.from_uci("f1g2"))   # pseudo-legal: walks into the rook's rank
    assert board.fen() == theirs.fen()
    assert [m.uci() for m in board.pseudo_legal_moves] == [m.uci() for m in theirs.pseudo_legal_moves]
    for _ in range(3):
        assert board.pop() == theirs.pop()
        assert board.fen() == theirs.fen()


def test_push_accepts_move_chess_move_and_uci():
    board = Board()
    board.push(Move.from_uci("e2e4"))
    board.push(chess.Move.from_uci("e7e5"))
    board.push("g1f3")
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    with pytest.raises(IllegalMoveError, match="e1e2"):
        board.push(chess.Move.from_uci("e1e2"))


def test_standard_castling_accepts_both_spellings():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    for uci in ("e1g1", "e1h1"):
        board = Board(fen)
        assert board.push_uci(uci) == Move.from_uci("e1g1")
        assert board.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"


def test_pop_and_peek_on_empty_stack():
    board = Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_malformed_uci_for_move():
    for bad in ["e2e", "a9a1", "e2e2", "e2e4x", 5]:
        with pytest.raises(InvalidMoveError, match="uci"):
            Move.from_uci(bad)
        with pytest.raises(chess.InvalidMoveError):
            chess.Move.from_uci(bad) if isinstance(bad, str) else chess.Move.from_uci("")


# Positions python-chess accepts with more moves than any game reaches: lists past 256
# entries must come out whole (they once overran a 256-entry buffer).
CROWDED = [
    "QQQQQQQk/Q6Q/Q6Q/Q6Q/Q2Q3Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",   # 279 moves, black in check
    "QQQQQQrk/Q4Qrr/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",   # 263, regular: the fast generator's path
]


@pytest.mark.parametrize("fen", CROWDED)
def test_crowded_positions_match_python_chess(fen):
    board, oracle = Board(fen), chess.Board(fen)
    assert [m.uci() for m in board.legal_moves] == [m.uci() for m in oracle.legal_moves]
    assert [m.uci() for m in board.pseudo_legal_moves] == [m.uci() for m in oracle.pseudo_legal_moves]
    assert board.legal_moves.count() == len(board.legal_moves) == oracle.legal_moves.count()
    assert board.perft(2) == sum(1 for m in oracle.legal_moves for _ in _pushed(oracle, m).legal_moves)
    assert sorted(board.divide(1)) == sorted(m.uci() for m in oracle.legal_moves)
    for move in list(oracle.legal_moves)[::37]:
        board.push(move)
        assert board.fen() == _pushed(oracle, move).fen()
        board.pop()


def _pushed(board, move):
    copy = board.copy(stack=False)
    copy.push(move)
    return copy


def random_castling_fens(n, seed=1):
    """FENs of back ranks with or without kings and rooks, and castling flags that may
    name no rook (python-chess reads 'Q' without a rook as nothing, 'K' as the h-file)."""
    import random
    rng = random.Random(seed)
    flags_all = list("KQkqABCDEFGHabcdefgh")
    for _ in range(n):
        board = chess.Board(None)
        for color in (True, False):
            rank = 0 if color else 7
            if rng.random() < 0.85:
                board.set_piece_at(chess.square(rng.randrange(8), rank if rng.random() < 0.8 else rng.randrange(8)),
                                   chess.Piece(chess.KING, color))
            for _ in range(rng.choice([0, 0, 1, 2, 3])):
                sq = chess.square(rng.randrange(8), rank if rng.random() < 0.8 else rng.randrange(8))
                if board.piece_at(sq) is None:
                    board.set_piece_at(sq, chess.Piece(rng.choice([chess.ROOK, chess.ROOK, chess.QUEEN]), color))
        flags = "".join(rng.sample(flags_all if rng.random() < 0.3 else list("KQkq"), rng.randrange(1, 5)))
        yield f"{board.board_fen()} {rng.choice('wb')} {flags} - 0 1"


def test_castling_flags_without_rooks_read_as_python_chess_reads_them():
    """Raw castling_rights, status(), is_valid(), fen() and the cleaned rights, flag for
    flag, in standard chess and Chess960 (the issue's case: 'Q' with no rook is VALID)."""
    assert Board("4k3/8/8/8/8/8/8/4K3 w Q - 0 1").status() == chess.STATUS_VALID
    checked = 0
    for fen in random_castling_fens(3000):
        for chess960 in (False, True):
            try:
                theirs = chess.Board(fen, chess960=chess960)
            except ValueError as e:
                with pytest.raises(ValueError, match=re.escape(str(e))):
                    Board(fen, chess960=chess960)
                continue
            ours = Board(fen, chess960=chess960)
            assert (ours.castling_rights, int(ours.status()), ours.is_valid(), ours.fen(), ours.clean_castling_rights()) \
                == (theirs.castling_rights, int(theirs.status()), theirs.is_valid(), theirs.fen(),
                    theirs.clean_castling_rights()), (fen, chess960)
            board = Board(None, chess960=chess960)
            board.set_board_fen(fen.split()[0])
            board.set_castling_fen(fen.split()[2])
            assert board.castling_rights == theirs.castling_rights
            checked += 1
    assert checked > 3000
