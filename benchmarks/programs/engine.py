"""A small alpha-beta chess engine playing itself: a hobby engine written for python-chess.

    python engine.py [--depth 3] [--plies 8] [--positions N]

Negamax with alpha-beta, iterative deepening, a transposition table keyed by Polyglot
Zobrist hashes, MVV-LVA move ordering (transposition-table move first), and a quiescence
search on captures; evaluation: material + piece-square tables, summed over the piece map.
From each starting position it plays --plies moves against itself at a fixed depth
(deterministic: no clock, no randomness) and prints every move with its score and node
count, then the game as PGN.

A python-chess program (``import chess``). The time of the searches is the last line on
stderr: ``elapsed SECONDS``.
"""
import argparse
import sys
import time

import chess
import chess.pgn
import chess.polyglot

# Tomasz Michniewski's "simplified evaluation function": piece values and piece-square
# tables, written as the board is printed (a8 first, h1 last), from White's side.
PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
                chess.QUEEN: 900, chess.KING: 20000}
PST = {
    chess.PAWN: [
        0, 0, 0, 0, 0, 0, 0, 0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
        5, 5, 10, 25, 25, 10, 5, 5,
        0, 0, 0, 20, 20, 0, 0, 0,
        5, -5, -10, 0, 0, -10, -5, 5,
        5, 10, 10, -20, -20, 10, 10, 5,
        0, 0, 0, 0, 0, 0, 0, 0],
    chess.KNIGHT: [
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20, 0, 0, 0, 0, -20, -40,
        -30, 0, 10, 15, 15, 10, 0, -30,
        -30, 5, 15, 20, 20, 15, 5, -30,
        -30, 0, 15, 20, 20, 15, 0, -30,
        -30, 5, 10, 15, 15, 10, 5, -30,
        -40, -20, 0, 5, 5, 0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50],
    chess.BISHOP: [
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 10, 10, 5, 0, -10,
        -10, 5, 5, 10, 10, 5, 5, -10,
        -10, 0, 10, 10, 10, 10, 0, -10,
        -10, 10, 10, 10, 10, 10, 10, -10,
        -10, 5, 0, 0, 0, 0, 5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20],
    chess.ROOK: [
        0, 0, 0, 0, 0, 0, 0, 0,
        5, 10, 10, 10, 10, 10, 10, 5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        0, 0, 0, 5, 5, 0, 0, 0],
    chess.QUEEN: [
        -20, -10, -10, -5, -5, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 5, 5, 5, 0, -10,
        -5, 0, 5, 5, 5, 5, 0, -5,
        0, 0, 5, 5, 5, 5, 0, -5,
        -10, 5, 5, 5, 5, 5, 0, -10,
        -10, 0, 5, 0, 0, 0, 0, -10,
        -20, -10, -10, -5, -5, -10, -10, -20],
    chess.KING: [
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
        -10, -20, -20, -20, -20, -20, -20, -10,
        20, 20, 0, 0, 0, 0, 20, 20,
        20, 30, 10, 0, 0, 10, 30, 20],
}
MATE = 1_000_000
INF = 10_000_000
EXACT, LOWER, UPPER = 0, 1, 2

STARTS = [
    ("Start position", chess.STARTING_FEN),
    ("Italian Game", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5"),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("Queen's Gambit Declined", "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2N1PN2/PP1BBPPP/R2QK2R w KQ - 0 8"),
    ("Promotion race", "8/5P2/2k5/8/8/5K2/1p6/8 w - - 0 1"),
    ("Rook ending", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
]


def evaluate(board):
    """Material and piece-square score, from the side to move's point of view."""
    score = 0
    for square, piece in board.piece_map().items():
        if piece.color == chess.WHITE:
            score += PIECE_VALUES[piece.piece_type] + PST[piece.piece_type][square ^ 56]
        else:
            score -= PIECE_VALUES[piece.piece_type] + PST[piece.piece_type][square]
    return score if board.turn == chess.WHITE else -score


class Searcher:
    def __init__(self):
        self.tt = {}
        self.nodes = 0

    def order(self, board, moves, tt_move=None):
        """TT move first, then captures by MVV-LVA, promotions, then the rest."""
        def key(move):
            if move == tt_move:
                return -100000
            if board.is_capture(move):
                victim = board.piece_at(move.to_square)
                attacker = board.piece_at(move.from_square)
                victim_value = PIECE_VALUES[victim.piece_type] if victim else PIECE_VALUES[chess.PAWN]
                return -(10 * victim_value - PIECE_VALUES[attacker.piece_type] // 100)
            if move.promotion:
                return -PIECE_VALUES[move.promotion]
            return 0
        return sorted(moves, key=key)

    def quiesce(self, board, alpha, beta):
        self.nodes += 1
        stand_pat = evaluate(board)
        if stand_pat >= beta:
            return beta
        if alpha < stand_pat:
            alpha = stand_pat
        for move in self.order(board, board.generate_legal_captures()):
            board.push(move)
            score = -self.quiesce(board, -beta, -alpha)
            board.pop()
            if score >= beta:
                return beta
            if score > alpha:
                alpha = score
        return alpha

    def negamax(self, board, depth, alpha, beta, ply):
        self.nodes += 1
        if ply > 0 and (board.is_repetition(2) or board.halfmove_clock >= 100):
            return 0
        key = chess.polyglot.zobrist_hash(board)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            tt_depth, tt_score, tt_flag, tt_move = entry
            if tt_depth >= depth and ply > 0:
                if tt_flag == EXACT:
                    return tt_score
                if tt_flag == LOWER and tt_score >= beta:
                    return tt_score
                if tt_flag == UPPER and tt_score <= alpha:
                    return tt_score
        if depth == 0:
            return self.quiesce(board, alpha, beta)

        moves = list(board.legal_moves)
        if not moves:
            if board.is_checkmate():
                return -MATE + ply
            return 0  # stalemate
        if board.is_insufficient_material():
            return 0

        original_alpha = alpha
        best_score, best_move = -INF, None
        for move in self.order(board, moves, tt_move):
            board.push(move)
            score = -self.negamax(board, depth - 1, -beta, -alpha, ply + 1)
            board.pop()
            if score > best_score:
                best_score, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        flag = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self.tt[key] = (depth, best_score, flag, best_move)
        return best_score

    def think(self, board, depth):
        """Iterative deepening to `depth`: (best move, score)."""
        best_move, score = None, 0
        for d in range(1, depth + 1):
            score = self.negamax(board, d, -INF, INF, 0)
            best_move = self.tt[chess.polyglot.zobrist_hash(board)][3]
        return best_move, score


def format_score(score):
    if abs(score) > MATE - 1000:
        plies = MATE - abs(score)
        return f"#{(plies + 1) // 2 if score > 0 else -((plies + 1) // 2)}"
    return f"{score / 100:+.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--plies", type=int, default=8, help="moves to play from each starting position")
    ap.add_argument("--positions", type=int, default=len(STARTS))
    args = ap.parse_args()

    start = time.perf_counter()
    total_nodes = 0
    for name, fen in STARTS[:args.positions]:
        board = chess.Board(fen)
        searcher = Searcher()
        print(f"== {name}: {fen}")
        for _ in range(args.plies):
            if board.is_game_over():
                break
            searcher.nodes = 0
            move, score = searcher.think(board, args.depth)
            number = f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"
            print(f"{number} {board.san(move)} score={format_score(score)} nodes={searcher.nodes} tt={len(searcher.tt)}")
            total_nodes += searcher.nodes
            board.push(move)
        outcome = board.outcome()
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Self-play from {name}"
        game.headers["White"] = game.headers["Black"] = f"engine.py depth {args.depth}"
        game.headers["Result"] = outcome.result() if outcome else "*"
        print(game)
        print(f"final: {board.fen()} {outcome.termination.name if outcome else 'ongoing'}")
        print()
    print(f"total nodes: {total_nodes}")
    print(f"elapsed {time.perf_counter() - start:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
