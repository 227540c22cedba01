"""python-chess as the oracle: the same random games played on both boards, and
at every ply the legal moves, FEN, check status, move classifications and game
state compared; after every pop the previous FEN again."""
import os
import random

import chess
import chess.polyglot
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessbits import Board
from chessbits._answers import assert_same as same

# per variant; each up to 120 plies: several thousand positions (a quarter under qemu64 in CI,
# where python-chess's side of the comparison is what takes the time)
PLAYOUTS = 15 if os.environ.get("CHESSBITS_EXPECT_BASELINE") else 60
PLIES = 120


def compare(ours: Board, theirs: chess.Board, deep: bool) -> None:
    """Each answer of ours as python-chess's: the same type and repr as well as value
    (chessbits._answers), so a 0 for False or a tuple for a list fails too."""
    where = theirs.fen()
    same(theirs.fen(), ours.fen(), where)
    legal = list(theirs.legal_moves)
    same(legal, list(ours.legal_moves), where)   # python-chess's order too
    assert len(ours.legal_moves) == len(legal), where
    same(theirs.legal_moves.count(), ours.legal_moves.count(), where)
    same(theirs.is_check(), ours.is_check(), where)
    same((theirs.turn, theirs.ep_square, theirs.castling_rights, theirs.halfmove_clock, theirs.fullmove_number),
         (ours.turn, ours.ep_square, ours.castling_rights, ours.halfmove_clock, ours.fullmove_number), where)
    scratch, kept = ours._zobrist_from_scratch()
    assert scratch == kept, where
    same(chess.polyglot.zobrist_hash(theirs), ours.zobrist_hash(), where)
    if not deep:
        return
    same(theirs.is_checkmate(), ours.is_checkmate(), where)
    same(theirs.is_stalemate(), ours.is_stalemate(), where)
    same(theirs.is_insufficient_material(), ours.is_insufficient_material(), where)
    same([theirs.has_insufficient_material(c) for c in chess.COLORS],
         [ours.has_insufficient_material(c) for c in chess.COLORS], where)
    same(theirs.is_game_over(), ours.is_game_over(), where)
    same(theirs.outcome(), ours.outcome(), where)
    same(theirs.piece_map(), ours.piece_map(), where)
    for sq in chess.SQUARES:
        for color in chess.COLORS:
            same(theirs.attackers_mask(color, sq), ours.attackers_mask(color, sq), where, sq)
    same([theirs.king(c) for c in chess.COLORS], [ours.king(c) for c in chess.COLORS], where)
    for move in legal:
        assert ours.is_legal(move) is True, (where, move)
        same([theirs.is_capture(move), theirs.is_en_passant(move), theirs.is_castling(move), theirs.gives_check(move)],
             [ours.is_capture(move), ours.is_en_passant(move), ours.is_castling(move), ours.gives_check(move)],
             where, move)


def playout(rng: random.Random, theirs: chess.Board, plies: int, deep_every: int = 7) -> int:
    ours = Board.from_chess(theirs)
    positions = 0
    for ply in range(plies):
        compare(ours, theirs, deep=ply % deep_every == 0)
        positions += 1
        moves = list(theirs.legal_moves)
        if not moves:
            break
        # prefer captures, promotions and castling now and then: they are where bugs live
        special = [m for m in moves if theirs.is_capture(m) or m.promotion or theirs.is_castling(m)]
        move = rng.choice(special if special and rng.random() < 0.4 else moves)
        fen_before = theirs.fen()
        ours.push(move)
        theirs.push(move)
        if rng.random() < 0.15:  # pop and replay: pop must restore everything
            same(theirs.pop(), ours.pop())
            assert ours.fen() == fen_before
            ours.push(move)
            theirs.push(move)
    while theirs.move_stack:  # unwind to the start, checking every position on the way
        same(theirs.pop(), ours.pop())
        same(theirs.fen(), ours.fen())
    return positions


@pytest.mark.baseline
def test_random_playouts_standard():
    rng = random.Random(2026)
    assert sum(playout(rng, chess.Board(), PLIES) for _ in range(PLAYOUTS)) > 50 * PLAYOUTS


@pytest.mark.baseline
def test_random_playouts_chess960():
    rng = random.Random(960)
    total = sum(playout(rng, chess.Board.from_chess960_pos(rng.randrange(960)), PLIES)
                for _ in range(PLAYOUTS))
    assert total > 50 * PLAYOUTS


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.integers(0, 959), chess960=st.booleans(),
       choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=80))
def test_hypothesis_games(start, chess960, choices):
    theirs = chess.Board.from_chess960_pos(start) if chess960 else chess.Board()
    ours = Board.from_chess(theirs)
    for c in choices:
        moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        move = moves[c % len(moves)]
        ours.push(move)
        theirs.push(move)
        compare(ours, theirs, deep=False)
    same(theirs.move_stack, ours.move_stack)
    assert ours.to_chess().move_stack == theirs.move_stack
    assert ours.to_chess().fen() == theirs.fen()
