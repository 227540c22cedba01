"""Differential fuzzing against python-chess with Hypothesis: generated positions (random piece
placements python-chess calls valid, random games in both variants, FEN strings mutated from
both) and generated input text, every Board query asked of both libraries, and every
malformed input must raise ValueError and leave the board as it was.

CI runs Hypothesis's default 100 examples per test (600 in all). The long run:

    python -m pytest tests/test_fuzz_differential.py --hypothesis-profile=long   # 10^6 cases

(`CHESSBITS_FUZZ_EXAMPLES=N` sets the examples per test of that profile; 6 tests.)
"""
from __future__ import annotations

import chess
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import chessbits
from chessbits._answers import difference, show
from test_differential import (BOARD_QUERIES, COLOR_QUERIES, COLOR_SQUARE_QUERIES, MOVE_QUERIES,
                               SQUARE_QUERIES, Raised, answer)

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                      HealthCheck.data_too_large])


# --- positions --------------------------------------------------------------------------------

@st.composite
def placements(draw) -> chess.Board:
    """Kings and up to 22 other men anywhere, castling rights where king and rook stand on
    their squares, an en-passant square where a double step could just have happened,
    any clocks: kept when python-chess's status() is empty."""
    squares = draw(st.lists(st.integers(0, 63), min_size=2, max_size=24, unique=True))
    board = chess.Board(None)
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for sq in squares[2:]:
        symbol = draw(st.sampled_from("PPPPNBRQppppnbrq"))
        if symbol in "Pp" and chess.square_rank(sq) in (0, 7):
            symbol = "N" if symbol == "P" else "n"
        board.set_piece_at(sq, chess.Piece.from_symbol(symbol))
    board.turn = draw(st.booleans())
    board.castling_rights = draw(st.sampled_from([0, chess.BB_A1, chess.BB_H1 | chess.BB_A8, chess.BB_CORNERS]))
    board.castling_rights = board.clean_castling_rights()
    pushed = chess.SquareSet(board.pieces(chess.PAWN, not board.turn)
                             & (chess.BB_RANK_4 if board.turn == chess.BLACK else chess.BB_RANK_5))
    candidates = [sq - 8 if board.turn == chess.BLACK else sq + 8 for sq in pushed]
    if candidates and draw(st.booleans()):
        board.ep_square = draw(st.sampled_from(candidates))
    board.halfmove_clock = draw(st.integers(0, 120))
    board.fullmove_number = draw(st.integers(1, 300))
    assume(board.is_valid())
    return board


@st.composite
def games(draw) -> chess.Board:
    """A random game from the standard start or a Chess960 start, null moves now and then."""
    board = (chess.Board.from_chess960_pos(draw(st.integers(0, 959))) if draw(st.booleans())
             else chess.Board())
    for choice in draw(st.lists(st.integers(0, 1 << 16), max_size=120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        if choice % 40 == 0 and not board.is_check():
            board.push(chess.Move.null())
            continue
        if choice % 3 == 0:  # captures and promotions first: to endgames and promotions
            moves = [m for m in moves if board.is_capture(m) or m.promotion] or moves
        board.push(moves[choice % len(moves)])
    return board


positions = st.one_of(placements(), games())


def subject_of(ref: chess.Board) -> chessbits.Board:
    """The same position on a chessbits Board, reached the same way (root + the moves)."""
    root = ref.root()
    sub = chessbits.Board(root.fen(en_passant="fen"), chess960=ref.chess960)
    for move in ref.move_stack:
        sub.push(chessbits.Move.from_uci(move.uci()))
    return sub


def assert_same(name: str, ref_value, sub_value, ref: chess.Board, arg=None) -> None:
    """The same answer: type and repr as well as value (chessbits._answers)."""
    found = difference(ref_value, sub_value)
    if found is None:
        return
    where = f"{name}{'' if arg is None else f' [{arg}]'} at {ref.fen()} (root {ref.root().fen()}, " \
            f"moves {' '.join(m.uci() for m in ref.move_stack) or '-'})"
    pytest.fail(f"{where}\n  {found}\n  python-chess: {show(ref_value)}\n  chessbits:    {show(sub_value)}",
                pytrace=False)


def check_queries(ref: chess.Board, sub: chessbits.Board, squares, moves) -> None:
    """Every board query, the per-colour ones, the per-square ones on ``squares`` and the
    per-move ones on ``moves`` asked of both."""
    for name, fn in BOARD_QUERIES.items():
        assert_same(name, answer(fn, ref, chess), answer(fn, sub, chessbits), ref)
    for c in chess.COLORS:
        for name, fn in COLOR_QUERIES.items():
            assert_same(name, answer(fn, ref, c), answer(fn, sub, c), ref, c)
        for pt in chess.PIECE_TYPES:
            assert_same("pieces", ref.pieces(pt, c), sub.pieces(pt, c), ref, (pt, c))
    for sq in squares:
        for name, fn in SQUARE_QUERIES.items():
            assert_same(name, answer(fn, ref, sq), answer(fn, sub, sq), ref, chess.SQUARE_NAMES[sq])
        for c in chess.COLORS:
            for name, fn in COLOR_SQUARE_QUERIES.items():
                assert_same(name, answer(fn, ref, c, sq), answer(fn, sub, c, sq), ref, (c, sq))
    for move in moves:
        sub_move = chessbits.Move.from_uci(move.uci())
        for name, fn in MOVE_QUERIES.items():
            assert_same(name, answer(fn, ref, move), answer(fn, sub, sub_move), ref, move.uci())


@FUZZ
@given(ref=positions, data=st.data())
def test_every_query_agrees_with_python_chess(ref, data):
    sub = subject_of(ref)
    legal = list(ref.legal_moves)
    squares = data.draw(st.lists(st.integers(0, 63), max_size=4, unique=True), label="squares")
    moves = data.draw(st.lists(st.sampled_from(legal), max_size=4, unique=True), label="moves") if legal else []
    check_queries(ref, sub, squares, moves)


@FUZZ
@given(ref=games())
def test_popping_the_whole_game_retraces_it(ref):
    sub = subject_of(ref)
    while ref.move_stack:
        assert_same("pop()", ref.pop(), sub.pop(), ref)
        assert_same("fen()", ref.fen(), sub.fen(), ref)
        assert_same("legal_moves", list(ref.legal_moves), list(sub.legal_moves), ref)


# --- malformed input --------------------------------------------------------------------------

FEN_ALPHABET = "pnbrqkPNBRQK0123456789/ -wbKQkqABCDEFGHabcdefgh+#x"
MOVE_ALPHABET = "abcdefghijKQRBNPkqrbnp0123456789x+#=-@O "


@st.composite
def mutated(draw, texts: st.SearchStrategy[str], alphabet: str) -> str:
    """``texts`` with a few random edits: a character replaced, deleted, inserted or
    doubled, a field dropped, doubled or swapped, the end cut off."""
    text = draw(texts)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.integers(0, 6))
        i = draw(st.integers(0, len(text)))
        c = draw(st.sampled_from(alphabet))
        fields = text.split(" ")
        j = draw(st.integers(0, max(len(fields) - 1, 0)))
        if op == 0 and text:
            text = text[:i] + c + text[i + 1:]
        elif op == 1:
            text = text[:i] + text[i + 1:]
        elif op == 2:
            text = text[:i] + c + text[i:]
        elif op == 3:
            text = text[:i] + text[i:i + 4] + text[i:]
        elif op == 4 and len(fields) > 1:
            text = " ".join(fields[:j] + fields[j + 1:])
        elif op == 5:
            text = " ".join(fields[:j + 1] + fields[j:])
        elif op == 6 and len(fields) > 1:
            k = draw(st.integers(0, len(fields) - 1))
            fields[j], fields[k] = fields[k], fields[j]
            text = " ".join(fields)
        else:
            text = text[:i]
    return text


fen_texts = positions.flatmap(lambda b: st.sampled_from([b.fen(), b.shredder_fen(), b.epd(), b.board_fen()]))
bad_fens = st.one_of(mutated(fen_texts, FEN_ALPHABET), st.text(FEN_ALPHABET, max_size=90))


def state(board) -> tuple:
    return board.fen(), [m.uci() for m in board.move_stack], board.chess960


def outcome_of(board, name: str, fn, text: str):
    """(answer, state after): the call's result or Raised, and the board after it; a failure
    must be a ValueError and change nothing."""
    before = state(board)
    result = answer(fn, board, text)
    if isinstance(result, Raised):
        assert result.name in ("ValueError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"), \
            f"{name}({text!r}) raised {result!r} on {type(board).__module__}'s board at {before[0]}"
        assert state(board) == before, f"{name}({text!r}) failed but changed {type(board).__module__}'s board"
    return result, state(board)


SETTERS = {
    "set_fen": lambda b, t: b.set_fen(t),
    "set_board_fen": lambda b, t: b.set_board_fen(t),
    "set_epd": lambda b, t: b.set_epd(t),
    "set_castling_fen": lambda b, t: b.set_castling_fen(t),
}


@FUZZ
@given(text=bad_fens, chess960=st.booleans(), start=games())
def test_fen_text_agrees_and_bad_fen_changes_nothing(text, chess960, start):
    made = [answer(lambda: lib.Board(text, chess960=chess960)) for lib in (chess, chessbits)]
    event("Board(text) " + ("refused" if isinstance(made[0], Raised) else "read"))
    assert_same(f"Board({text!r}, chess960={chess960})", *(b if isinstance(b, Raised) else b.fen() for b in made),
                start)
    if not isinstance(made[1], Raised) and made[1].is_valid():  # what it wrote, it reads back
        again = chessbits.Board(made[1].fen(), chess960=made[1].chess960)
        assert again.fen() == made[1].fen() and list(again.legal_moves) == list(made[1].legal_moves)
    ref, sub = start, subject_of(start)
    for name, setter in SETTERS.items():
        ref_result, ref_after = outcome_of(ref, name, setter, text)
        sub_result, sub_after = outcome_of(sub, name, setter, text)
        assert_same(f"{name}({text!r})", None if not isinstance(ref_result, Raised) else ref_result,
                    None if not isinstance(sub_result, Raised) else sub_result, start)
        assert_same(f"state after {name}({text!r})", ref_after, sub_after, start)


def move_texts(board: chess.Board) -> st.SearchStrategy[str]:
    legal = list(board.legal_moves)
    good = ([board.san(m) for m in legal] + [m.uci() for m in legal] + [board.lan(m) for m in legal]
            or ["e4", "0000", "O-O"])
    return st.one_of(st.sampled_from(good), mutated(st.sampled_from(good), MOVE_ALPHABET),
                     st.text(MOVE_ALPHABET, max_size=10))


PARSERS = {
    "parse_uci": lambda b, t: b.parse_uci(t),
    "parse_san": lambda b, t: b.parse_san(t),
    "push_uci": lambda b, t: b.push_uci(t),
    "push_san": lambda b, t: b.push_san(t),
}


@FUZZ
@given(ref=positions, data=st.data())
def test_move_text_agrees_and_bad_text_changes_nothing(ref, data):
    sub = subject_of(ref)
    for _ in range(3):
        text = data.draw(move_texts(ref), label="text")
        assert_same(f"Move.from_uci({text!r})", answer(lambda: chess.Move.from_uci(text)),
                    answer(lambda: chessbits.Move.from_uci(text)), ref)
        assert_same(f"is_legal(Move.from_uci({text!r}))", answer(lambda: ref.is_legal(chess.Move.from_uci(text))),
                    answer(lambda: sub.is_legal(chessbits.Move.from_uci(text))), ref)
        for name, parse in PARSERS.items():
            ref_result, ref_after = outcome_of(ref, name, parse, text)
            sub_result, sub_after = outcome_of(sub, name, parse, text)
            event(f"{name} " + ("refused" if isinstance(ref_result, Raised) else "accepted"))
            assert_same(f"{name}({text!r})", ref_result, sub_result, ref)
            assert_same(f"state after {name}({text!r})", ref_after, sub_after, ref)
            if name.startswith("push") and not isinstance(ref_result, Raised):
                ref.pop(), sub.pop()


@FUZZ
@given(ref=positions, index=st.integers(0, 1 << 20))
def test_illegal_move_objects_are_refused_alike(ref, index):
    """A move that is not legal here (any from/to/promotion): is_legal, is_pseudo_legal and
    push's refusal (chessbits refuses a non-pseudo-legal push, on purpose) change nothing."""
    sub = subject_of(ref)
    frm, to, promo = index % 64, (index >> 6) % 64, (None, None, chess.QUEEN, chess.KNIGHT)[(index >> 12) % 4]
    assume(frm != to)
    move = chess.Move(frm, to, promo)
    ours = chessbits.Move(frm, to, promo)
    assert_same(f"is_legal({move})", ref.is_legal(move), sub.is_legal(ours), ref)
    assert_same(f"is_pseudo_legal({move})", ref.is_pseudo_legal(move), sub.is_pseudo_legal(ours), ref)
    if not ref.is_pseudo_legal(move):
        before = state(sub)
        with pytest.raises(ValueError):
            sub.push(ours)
        assert state(sub) == before


# --- what the fuzzing found, kept ---------------------------------------------------------------

FINDINGS = [
    # set_castling_fen built a FEN around its argument: a space shifted the fields after it
    ("set_castling_fen", "A ", chess.STARTING_FEN),
    ("set_castling_fen", "KQ kq", chess.STARTING_FEN),
]


@pytest.mark.parametrize("name, text, fen", FINDINGS)
def test_fuzz_findings_stay_fixed(name, text, fen):
    ref, sub = chess.Board(fen), chessbits.Board(fen)
    ref_result, ref_after = outcome_of(ref, name, SETTERS[name], text)
    sub_result, sub_after = outcome_of(sub, name, SETTERS[name], text)
    assert difference((ref_result, ref_after), (sub_result, sub_after)) is None
