"""Table-driven: every malformed FEN and every bad move is refused with a message
naming the field (or move) and the value, and nothing is half-applied."""
import chess
import pytest

from chessbits import STARTING_FEN, Board, Move

START = STARTING_FEN

BAD_FENS = [  # (fen, words the message must contain)
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ["board field", "7 ranks"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", ["board field", "9 ranks"]),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["board field", "7 files"]),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["board field", "more than 8 files"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq - 0 1", ["board field"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", ["board field", "unknown piece letter 'X'"]),
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ["0 black kings"]),
    ("rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1", ["2 black kings"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", ["0 white kings"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", ["pawn on the first or last rank"]),
    ("Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ["pawn on the first or last rank"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ["turn field 'x'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", ["turn field 'W'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ["castling field 'KQkq'", "rook"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", ["castling field", "'X'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ["kings"]),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", ["en-passant field 'e4'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", ["en-passant field 'e3'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", ["en-passant field 'z9'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ["halfmove clock field 'x'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ["halfmove clock field '-1'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 z", ["fullmove number field 'z'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", ["fullmove number field '-3'"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", ["fullmove number field '1.5'"]),
    ("rnb1kbnr/pppppppp/8/8/8/8/PPPPqPPP/RNBQKBNR b KQkq - 0 1", ["white is in check but not to move"]),
    (START + " " * 300, ["too long"]),
    (START + "\x00", ["NUL"]),
    (START[:20] + "\x00" + START[21:], ["NUL"]),
    ("", ["board field missing"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ["turn field missing"]),
    (START + " extra", ["extra 'extra'"]),
]


@pytest.mark.parametrize("fen, words", BAD_FENS)
def test_bad_fen_rejected_with_field_and_value(fen, words):
    with pytest.raises(ValueError) as e:
        Board(fen)
    for w in words:
        assert w in str(e.value), str(e.value)


@pytest.mark.parametrize("fen, words", BAD_FENS[:6])
def test_failed_set_fen_changes_nothing(fen, words):
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
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
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


BAD_MOVES = ["e2e5", "e7e4", "e1g1", "a1a1", "e2e4q", "e2", "e2e9", "zzzz", "", "e2e4e5", None, 42]


@pytest.mark.parametrize("move", BAD_MOVES)
def test_bad_moves_rejected_and_nothing_changes(move):
    board = Board()
    board.push_uci("g1f3")
    before = (board.fen(), board.move_stack)
    with pytest.raises(ValueError) as e:
        board.push(move) if not isinstance(move, str) else board.push_uci(move)
    assert (board.fen(), board.move_stack) == before
    assert board.fen() in str(e.value)
    if isinstance(move, str):
        assert repr(move)[1:-1] in str(e.value)
    assert not board.is_legal(move) if move is not None else True


def test_push_accepts_move_chess_move_and_uci():
    board = Board()
    board.push(Move.from_uci("e2e4"))
    board.push(chess.Move.from_uci("e7e5"))
    board.push("g1f3")
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    with pytest.raises(ValueError, match="illegal move e1e2"):
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
    for bad in ["e2e", "e2e4k", "a9a1", "e2e2", 5]:
        with pytest.raises(ValueError, match="invalid uci"):
            Move.from_uci(bad)
