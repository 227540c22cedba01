"""Golden fixture of AlphaZero's 8x8x73 = 4672 move indices as PettingZoo implements them.

Reference: Farama PettingZoo 1.27.0, `pettingzoo.classic.chess.chess_utils` (`mirror_move`,
`make_move_mapping`, `moves_to_actions`, checked against its `legal_moves`), run with python-chess
1.11.2 (gymnasium 1.4.0, numpy 2.4.6).

Stored (per-move array aligned with legal.npz):
  policy  (M,) int16  PettingZoo's action id of each legal move: the move as python-chess holds it,
                      mirrored with chess_utils.mirror_move (rank flipped, promotion kept) when
                      black is to move, then make_move_mapping(move.uci()). Never -1: every legal
                      move gets an id (Chess960 castling too, see below).
For every position the ids equal chess_utils.legal_moves(board) as a list, in the order of
python-chess's legal moves of board.mirror() (not legal.npz's order for black: the mirrored
board's move generation order differs; for white the orders are the same).

The formula (confirmed by this code): with the (mirrored) move from (f0, r0) to (f1, r1), files
and ranks 0..7, dx = f1 - f0, dy = r1 - r0:
  id = (f0 * 8 + r0) * 73 + plane       (file-major over the from-square: a1, a2, ..., a8, b1, ...)
  knight move (|dx| + |dy| == 3, 1 <= |dx| <= 2):  plane = 56 + k, k over (dx, dy) in the order
      (-2,-1) (-2,1) (-1,-2) (-1,2) (1,-2) (1,2) (2,-1) (2,1)
  underpromotion (N, B, R):  plane = 64 + 3 * (dx + 1) + (0 for N, 1 for B, 2 for R)
  anything else, queen promotions included (same id as the bare pawn move):
      plane = (distance - 1) * 8 + d, distance = max(|dx|, |dy|) in 1..7, d over (sign dx, sign dy)
      in the order (-1,-1) (-1,0) (-1,1) (0,-1) (0,1) (1,-1) (1,0) (1,1), i.e. SW W NW S N SE E NE.
  Castling is python-chess's Move: standard e1g1 / e1c1 (a 2-square king move, E or W), Chess960
  king-takes-own-rook (e.g. b1a1: a king move of 1..7 squares toward the rook); PettingZoo
  encodes both as that queen-shaped move and has nothing Chess960-specific.

    pip install pettingzoo chess numpy   # pulls gymnasium
    python tests/golden/make_encode_fixtures.py alphazero
"""
import chess
import numpy as np
from pettingzoo.classic.chess import chess_utils


def fixture(boards):
    policy = []
    for board in boards:
        black = board.turn == chess.BLACK
        ids = []
        for move in board.legal_moves:
            seen = chess_utils.mirror_move(move) if black else move
            uci = seen.uci()
            if uci not in chess_utils.moves_to_actions:
                chess_utils.make_move_mapping(uci)
            ids.append(chess_utils.moves_to_actions[uci])
        theirs = chess_utils.legal_moves(board)
        assert sorted(ids) == sorted(theirs), board.fen()
        mirrored = board.mirror() if black else board
        assert theirs == [chess_utils.moves_to_actions[m.uci()] for m in mirrored.legal_moves]
        policy += ids
    return {"policy": np.array(policy, np.int16)}
