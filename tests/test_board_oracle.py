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

# per variant; each up to 120 plies: several thousand positions (a quarter under qemu64 in CI,
# where python-chess's side of the comparison is what takes the time)
PLAYOUTS = 15 if os.environ.get("CHESSBITS_EXPECT_BASELINE") else 60
PLIES = 120


def compare(ours: Board, theirs: chess.Board, deep: bool) -> None:
    where = theirs.fen()
    assert ours.fen() == theirs.fen(), where
    legal = [m.uci() for m in theirs.legal_moves]
    assert [m.uci() for m in ours.legal_moves] == legal, where   # python-chess's order too
    assert len(ours.legal_moves) == len(legal) == ours.legal_moves.count(), where
    assert ours.is_check() == theirs.is_check(), where
    assert ours.turn == theirs.turn and ours.ep_square == theirs.ep_square, where
    assert ours.castling_rights == theirs.castling_rights, where
    assert ours.halfmove_clock == theirs.halfmove_clock, where
    assert ours.fullmove_number == theirs.fullmove_number, where
    scratch, kept = ours._zobrist_from_scratch()
    assert scratch == kept, where
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs), where
    if not deep:
        return
    assert ours.is_checkmate() == theirs.is_checkmate(), where
    assert ours.is_stalemate() == theirs.is_stalemate(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    assert ours.is_game_over() == theirs.is_game_over(), where
    for sq in chess.SQUARES:
        assert ours.piece_at(sq) == theirs.piece_at(sq), (where, sq)
        for color in chess.COLORS:
            assert ours.attackers_mask(color, sq) == int(theirs.attackers_mask(color, sq)), (where, sq)
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color), where
    for move in theirs.legal_moves:
        assert ours.is_legal(move), (where, move)
        assert ours.is_capture(move) == theirs.is_capture(move), (where, move)
        assert ours.is_en_passant(move) == theirs.is_en_passant(move), (where, move)
        assert ours.is_castling(move) == theirs.is_castling(move), (where, move)
        assert ours.gives_check(move) == theirs.gives_check(move), (where, move)


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
            assert ours.pop() == move
            theirs.pop()
            assert ours.fen() == fen_before
            ours.push(move)
            theirs.push(move)
    while theirs.move_stack:  # unwind to the start, checking every position on the way
        assert ours.pop() == theirs.pop()
        assert ours.fen() == theirs.fen()
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
    assert ours.to_chess().move_stack == theirs.move_stack
    assert ours.to_chess().fen() == theirs.fen()
