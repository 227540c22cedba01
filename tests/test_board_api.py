"""The Board, Move and Piece API behaves as python-chess's does where the concept exists."""
import copy
import pickle

import chess
import pytest

from chessbits import STARTING_FEN, Board, Move, Piece, attacks
from chessbits.positions import KIWIPETE


def test_repr_and_str_match_python_chess():
    for fen in (STARTING_FEN, KIWIPETE):
        assert repr(Board(fen)) == repr(chess.Board(fen))
        assert str(Board(fen)) == str(chess.Board(fen))
    fen960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert repr(Board(fen960, chess960=True)) == repr(chess.Board(fen960, chess960=True))


def test_chess_round_trip_keeps_history():
    theirs = chess.Board()
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]:
        theirs.push_uci(uci)
    ours = Board.from_chess(theirs)
    assert ours.fen() == theirs.fen() and ours.move_stack == theirs.move_stack
    back = ours.to_chess()
    assert back.fen() == theirs.fen() and back.move_stack == theirs.move_stack
    assert ours.peek() == Move.from_uci("e1g1") and ours.peek().to_chess() == chess.Move.from_uci("e1g1")
    for _ in range(7):
        assert ours.pop() == theirs.pop()
    assert ours.fen() == STARTING_FEN


def test_copy_is_independent_and_equal():
    board = Board()
    board.push_uci("d2d4")
    clone = board.copy()
    assert clone == board and clone is not board and copy.copy(board) == board
    clone.push_uci("d7d5")
    assert clone != board and len(board.move_stack) == 1
    assert clone.pop() == Move.from_uci("d7d5") and clone == board
    shallow = board.copy(stack=False)
    assert shallow == board and shallow.move_stack == []
    with pytest.raises(TypeError):
        hash(board)


def test_long_games_grow_the_history():
    board = Board()
    for _ in range(200):  # 800 plies of knight shuffles: the state stack grows several times
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            board.push_uci(uci)
    assert len(board.move_stack) == 800 and board.fen().startswith(STARTING_FEN[:-6])
    assert board.is_repetition(3) and board.is_fivefold_repetition()
    while board.move_stack:
        board.pop()
    assert board.fen() == STARTING_FEN


def test_repetition_and_draw_rules_match_python_chess():
    ours, theirs = Board(), chess.Board()
    for i in range(18):
        uci = ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4]
        ours.push_uci(uci)
        theirs.push_uci(uci)
        for n in (2, 3, 4, 5):
            assert ours.is_repetition(n) == theirs.is_repetition(n), (i, n)
        assert ours.is_game_over() == theirs.is_game_over()
        assert ours.is_game_over(claim_draw=True) == theirs.is_game_over(claim_draw=True), i
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), i
    fen = "8/8/8/8/8/5k2/8/4KB2 w - - 149 80"
    ours, theirs = Board(fen), chess.Board(fen)
    assert ours.is_insufficient_material() == theirs.is_insufficient_material() is True
    for fen in ("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", "4k3/8/8/8/8/8/4P3/4K3 w - - 100 80",
                "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"):
        assert Board(fen).can_claim_fifty_moves() == chess.Board(fen).can_claim_fifty_moves(), fen
        assert Board(fen).can_claim_draw() == chess.Board(fen).can_claim_draw(), fen
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 150 80"
    assert Board(fen).is_seventyfive_moves() == chess.Board(fen).is_seventyfive_moves() is True
    assert Board(fen).is_game_over() == chess.Board(fen).is_game_over() is True


@pytest.mark.parametrize("fen", [
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # fool's mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                 # stalemate
])
def test_game_end_states(fen):
    ours, theirs = Board(fen), chess.Board(fen)
    assert ours.is_checkmate() == theirs.is_checkmate()
    assert ours.is_stalemate() == theirs.is_stalemate()
    assert ours.is_game_over() and not ours.legal_moves and list(ours.legal_moves) == []


def test_legal_moves_view():
    board = Board(KIWIPETE)
    view = board.legal_moves
    assert len(view) == view.count() == 48 and bool(view)
    assert Move.from_uci("e1g1") in view and "e1c1" in view and chess.Move.from_uci("e2a6") in view
    assert Move.from_uci("e1e3") not in view and "garbage" not in view and None not in view
    board.push_uci("e2a6")
    theirs = chess.Board(KIWIPETE)
    theirs.push_uci("e2a6")
    assert len(view) == theirs.legal_moves.count()  # live: follows the board
    ours, theirs = repr(Board(KIWIPETE).legal_moves), repr(chess.Board(KIWIPETE).legal_moves)
    assert "Bxa6" in ours and ours.split(" (")[1] == theirs.split(" (")[1]  # SAN, as python-chess


def test_perft_divide_and_methods():
    board = Board(KIWIPETE)
    assert board.perft(0) == 1 and board.perft(1) == 48 and board.perft(3) == 97862
    assert board.perft(3, threads=2) == 97862
    assert board.perft(4, hash_mb=16) == 4085603
    theirs = chess.Board(KIWIPETE)
    expected = {}
    for move in theirs.legal_moves:
        theirs.push(move)
        expected[move.uci()] = theirs.legal_moves.count()
        theirs.pop()
    assert board.divide(2) == dict(sorted(expected.items()))
    assert board.divide(2, threads=2) == board.divide(2)
    assert list(board.divide(2)) == sorted(expected)
    for method in attacks.METHODS:
        assert board.perft(3, method=method) == 97862
    assert board.fen() == KIWIPETE  # perft and divide leave the board as it was


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, None, 65])
def test_perft_rejects_bad_depth(bad):
    with pytest.raises(ValueError, match="depth must be"):
        Board().perft(bad)


def test_perft_rejects_bad_threads_and_method():
    with pytest.raises(ValueError, match="threads must be"):
        Board().perft(2, threads=0)
    with pytest.raises(ValueError, match="unknown method"):
        Board().perft(2, method="nope")
    with pytest.raises(ValueError, match="depth must be an int >= 1"):
        Board().divide(0)
    with pytest.raises(ValueError, match="hash_mb must be"):
        Board().perft(2, hash_mb=-1)


def test_move_value_semantics():
    a, b = Move.from_uci("e7e8q"), Move(52, 60, chess.QUEEN)
    assert a == b and hash(a) == hash(b) and a is Move.from_uci("e7e8q")  # parsed moves are interned
    assert a == chess.Move.from_uci("e7e8q") and hash(a) == hash(chess.Move.from_uci("e7e8q"))
    assert {a: 1}[chess.Move.from_uci("e7e8q")] == 1
    assert repr(a) == "Move.from_uci('e7e8q')" and str(a) == "e7e8q"
    assert a.from_square == chess.E7 and a.to_square == chess.E8 and a.promotion == chess.QUEEN
    assert a.drop is None and not Move.null() and Move.null().uci() == "0000"
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.to_chess() == chess.Move.from_uci("e7e8q") and Move.from_chess(a.to_chess()) == a
    with pytest.raises(ValueError):
        Move(0, 64)
    with pytest.raises(ValueError):
        Move(0, 8, promotion=7)
    assert Move(52, 60, chess.KING).uci() == chess.Move(52, 60, chess.KING).uci() == "e7e8k"


def test_piece_value_semantics():
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert ours == theirs and hash(ours) == hash(theirs) and ours.symbol() == symbol
        assert ours.unicode_symbol() == theirs.unicode_symbol() and repr(ours) == repr(theirs)
        assert ours.to_chess() == theirs
    with pytest.raises(ValueError):
        Piece.from_symbol("x")


def test_board_accessors_match_python_chess():
    ours, theirs = Board(KIWIPETE), chess.Board(KIWIPETE)
    assert ours.turn is theirs.turn and ours.occupied == theirs.occupied
    for color in chess.COLORS:
        assert ours.occupied_co[color] == theirs.occupied_co[color]
        for pt in chess.PIECE_TYPES:
            assert ours.pieces_mask(pt, color) == theirs.pieces_mask(pt, color)
    assert ours.piece_type_at(chess.E1) == chess.KING and ours.piece_at(chess.E4) == chess.Piece.from_symbol("P")
    assert ours.epd() == theirs.epd()
    ours.push_uci("a2a4")
    theirs.push_uci("a2a4")
    assert ours.ep_square == theirs.ep_square == chess.A3
    assert ours.checkers_mask() == 0 and not ours.is_attacked_by(chess.WHITE, chess.H8)
    with pytest.raises(ValueError):
        ours.piece_at(64)


class Mine(Board):
    """A user's subclass: copies and pickles must keep its type."""


def test_pickle_copy_deepcopy_and_subclass_keep_position_and_history():
    import copy

    board = Mine(KIWIPETE)
    for san in ["a4", "Kf8", "a5", "c5"]:
        board.push_san(san)
    for other in (pickle.loads(pickle.dumps(board)), copy.copy(board), copy.deepcopy(board), board.copy()):
        assert type(other) is Mine and other == board and other.move_stack == board.move_stack
        assert other.ep_square == board.ep_square == chess.C6 and other.fen() == board.fen()
        other.pop()
        assert board.move_stack[-1] == chess.Move.from_uci("c7c5")  # independent
    for n in range(5):
        short = board.copy(stack=n)
        theirs = chess.Board(KIWIPETE)
        for move in board.move_stack:
            theirs.push(move)
        theirs = theirs.copy(stack=n)
        assert short.move_stack == theirs.move_stack and short.root().fen() == theirs.root().fen()


def test_methods_carry_their_signatures():
    # Compiled methods are plain method descriptors (the fast call path); their
    # signatures stay visible to help(), IDEs and inspect, as python-chess's are.
    import inspect
    from chessbits import Board
    assert list(inspect.signature(Board.push).parameters) == ["self", "move"]
    assert list(inspect.signature(Board.generate_legal_moves).parameters) == ["self", "from_mask", "to_mask"]
    assert "shredder" in inspect.signature(Board.fen).parameters


def test_move_stack_is_one_list_as_in_python_chess():
    """python-chess's move_stack is one list the board changes in place (push appends, pop
    pops, set_fen and clear_stack empty it; copy and root make new ones): a program holding
    it sees the same list on both."""
    import chessbits
    for lib in (chess, chessbits):
        board = lib.Board()
        held = board.move_stack
        board.push_san("e4")
        board.push_san("e5")
        assert held is board.move_stack and [m.uci() for m in held] == ["e2e4", "e7e5"], lib
        assert board.copy().move_stack is not held and board.root().move_stack == []
        board.pop()
        assert [m.uci() for m in held] == ["e2e4"]
        board.set_fen(lib.STARTING_FEN)
        assert held is board.move_stack and held == []
