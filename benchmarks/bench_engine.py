"""A hobby alpha-beta engine, written once against python-chess's API, run unchanged on
python-chess and on chessbits, and a third time on chessbits with its engine helpers (the
same search and evaluation, the score kept in C by set_piece_square_tables/evaluate and the
moves ordered in C by ordered_moves): the speed a typical python-chess program gains from
the drop-in, what those helpers add, and proof that all three walk the very same tree.

    python benchmarks/bench_engine.py [--depth 3] [--rounds 3] [--only python-chess|chessbits|native]

Per position: nodes searched, best move (SAN), median seconds on each and the ratios to
python-chess. Node counts, best moves and scores must be identical (asserted). If chessbits
lacks a name the engine uses, the script says which ones and exits with status 1.
CHESSBITS_SUBJECT=chess runs python-chess in the chessbits column (a self-test).
"""
import argparse
import statistics
import sys
import time

# ---------------------------------------------------------------- the engine
# Material and piece-square tables (the "simplified evaluation function" values), written
# as a board is printed: a8 first, h1 last, from White's point of view.
VALUES = (0, 100, 320, 330, 500, 900, 0)
PST = (None,
       (0, 0, 0, 0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 50, 50, 50, 10, 10, 20, 30, 30, 20, 10, 10,
        5, 5, 10, 25, 25, 10, 5, 5, 0, 0, 0, 20, 20, 0, 0, 0, 5, -5, -10, 0, 0, -10, -5, 5,
        5, 10, 10, -20, -20, 10, 10, 5, 0, 0, 0, 0, 0, 0, 0, 0),
       (-50, -40, -30, -30, -30, -30, -40, -50, -40, -20, 0, 0, 0, 0, -20, -40, -30, 0, 10, 15, 15,
        10, 0, -30, -30, 5, 15, 20, 20, 15, 5, -30, -30, 0, 15, 20, 20, 15, 0, -30, -30, 5, 10, 15,
        15, 10, 5, -30, -40, -20, 0, 5, 5, 0, -20, -40, -50, -40, -30, -30, -30, -30, -40, -50),
       (-20, -10, -10, -10, -10, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10, -10, 0, 5, 10, 10, 5, 0,
        -10, -10, 5, 5, 10, 10, 5, 5, -10, -10, 0, 10, 10, 10, 10, 0, -10, -10, 10, 10, 10, 10, 10,
        10, -10, -10, 5, 0, 0, 0, 0, 5, -10, -20, -10, -10, -10, -10, -10, -10, -20),
       (0, 0, 0, 0, 0, 0, 0, 0, 5, 10, 10, 10, 10, 10, 10, 5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0,
        0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5,
        0, 0, 0, 5, 5, 0, 0, 0),
       (-20, -10, -10, -5, -5, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10, -10, 0, 5, 5, 5, 5, 0, -10,
        -5, 0, 5, 5, 5, 5, 0, -5, 0, 0, 5, 5, 5, 5, 0, -5, -10, 5, 5, 5, 5, 5, 0, -10, -10, 0, 5, 0,
        0, 0, 0, -10, -20, -10, -10, -5, -5, -10, -10, -20),
       (-30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -30, -40,
        -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -20, -30, -30, -40,
        -40, -30, -30, -20, -10, -20, -20, -20, -20, -20, -20, -10, 20, 20, 0, 0, 0, 0, 20, 20, 20,
        30, 10, 0, 0, 10, 30, 20))
MATE = 100_000


class Engine:
    """Fixed-depth negamax alpha-beta, MVV-LVA ordering, captures-only quiescence."""

    def __init__(self, chess):
        self.chess = chess
        self.nodes = 0

    def evaluate(self, board):
        """Material + piece-square score from the side to move's point of view."""
        chess = self.chess
        score = 0
        for piece_type in range(chess.PAWN, chess.KING + 1):
            table = PST[piece_type]
            for square in board.pieces(piece_type, chess.WHITE):
                score += VALUES[piece_type] + table[chess.square_mirror(square)]
            for square in board.pieces(piece_type, chess.BLACK):
                score -= VALUES[piece_type] + table[square]
        return score if board.turn == chess.WHITE else -score

    def ordered(self, board, moves):
        """Captures first, most valuable victim / least valuable attacker, then promotions."""
        def key(move):
            if board.is_capture(move):
                victim = board.piece_type_at(move.to_square) or self.chess.PAWN  # en passant
                return -(100 + 10 * victim - board.piece_type_at(move.from_square))
            return -(move.promotion or 0)
        return sorted(moves, key=key)

    def moves(self, board):
        """The legal moves, ordered."""
        return self.ordered(board, board.legal_moves)

    def captures(self, board):
        """The legal captures, ordered."""
        return self.ordered(board, board.generate_legal_captures())

    def quiesce(self, board, alpha, beta):
        self.nodes += 1
        stand_pat = self.evaluate(board)
        if stand_pat >= beta:
            return beta
        alpha = max(alpha, stand_pat)
        for move in self.captures(board):
            board.push(move)
            score = -self.quiesce(board, -beta, -alpha)
            board.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def negamax(self, board, depth, alpha, beta, ply):
        if depth == 0:
            return self.quiesce(board, alpha, beta)
        self.nodes += 1
        moves = self.moves(board)
        if not moves:
            return -MATE + ply if board.is_check() else 0  # else stalemate
        if board.is_insufficient_material():
            return 0
        for move in moves:
            board.push(move)
            score = -self.negamax(board, depth - 1, -beta, -alpha, ply + 1)
            board.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def search(self, board, depth):
        """(best move, its score); the first of equal moves in search order wins."""
        self.nodes += 1
        best, alpha = None, -MATE - 1
        for move in self.moves(board):
            board.push(move)
            score = -self.negamax(board, depth - 1, -MATE - 1, -alpha, 1)
            board.pop()
            if score > alpha:
                best, alpha = move, score
        return best, alpha


class NativeEngine(Engine):
    """The same engine on chessbits' helpers: the material + piece-square score kept by
    the board through push/pop, moves ordered in C (the same keys, the same ties)."""

    def evaluate(self, board):
        return board.evaluate()

    def moves(self, board):
        return board.ordered_moves()

    def captures(self, board):
        return board.ordered_moves(captures=True)

    def search(self, board, depth):
        board.set_piece_square_tables(PST, values=VALUES)
        return Engine.search(self, board, depth)


def run(chess, fen, depth, engine_class=Engine):
    """Search `fen` to `depth` with the chess module given: (nodes, best move SAN, score)."""
    board = chess.Board(fen)
    engine = engine_class(chess)
    best, score = engine.search(board, depth)
    return engine.nodes, board.san(best), score


# ---------------------------------------------------------------- the benchmark
POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("italian", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5"),
    ("promotion", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    ("closed", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("rook ending", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
]

ENGINE_NAMES = {
    "module": ["Board", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "WHITE", "BLACK",
               "square_mirror"],
    "Board": ["pieces", "turn", "legal_moves", "generate_legal_captures", "is_capture",
              "piece_type_at", "is_check", "is_insufficient_material", "push", "pop", "san"],
    "Move": ["from_square", "to_square", "promotion"],
}


def missing_names(chess):
    """The names the engine uses that `chess` (a module) lacks, as 'Board.san' etc."""
    missing = [n for n in ENGINE_NAMES["module"] if not hasattr(chess, n)]
    if "Board" in missing:
        return missing
    try:
        board = chess.Board()
        missing += [f"Board.{n}" for n in ENGINE_NAMES["Board"] if not hasattr(board, n)]
        move = next(iter(board.legal_moves))
        missing += [f"Move.{n}" for n in ENGINE_NAMES["Move"] if not hasattr(move, n)]
    except Exception as exc:  # noqa: BLE001: any failure here is the answer
        missing.append(f"Board()/legal_moves ({type(exc).__name__}: {exc})")
    return missing


def load(name):
    """python-chess, or chessbits (python-chess too under CHESSBITS_SUBJECT=chess: the self-test)."""
    import importlib
    import os
    if name == "python-chess":
        module = importlib.import_module("chess")
    else:
        module = importlib.import_module(os.environ.get("CHESSBITS_SUBJECT", "chessbits"))
        if module.__name__ != "chessbits":
            print(f"note: the chessbits column runs {module.__name__} (CHESSBITS_SUBJECT)")
    missing = missing_names(module)
    if missing:
        sys.exit(f"{name} cannot run the engine: it lacks {', '.join(missing)}")
    return module


ENGINES = {"python-chess": Engine, "chessbits": Engine, "native": NativeEngine}
LIBRARY = {"python-chess": "python-chess", "chessbits": "chessbits", "native": "chessbits"}


def timed(chess, fen, depth, name, label):
    start = time.perf_counter()
    try:
        nodes, best, score = run(chess, fen, depth, ENGINES[name])
    except AttributeError as exc:
        sys.exit(f"{name} failed on {label}: missing attribute: {exc}")
    return time.perf_counter() - start, (nodes, best, score)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=tuple(ENGINES),
                        help="run one column (proves the engine itself; no comparison)")
    args = parser.parse_args(argv)
    names = [args.only] if args.only else list(ENGINES)
    libs = {name: load(LIBRARY[name]) for name in names}
    times = {(n, label): [] for n in names for label, _ in POSITIONS}
    results = {}
    for r in range(args.rounds):
        for label, fen in POSITIONS:
            # interleaved, alternating the order round by round: drift hits all alike
            for name in (names if r % 2 == 0 else names[::-1]):
                seconds, result = timed(libs[name], fen, args.depth, name, label)
                times[name, label].append(seconds)
                previous = results.setdefault(label, result)
                assert result == previous, (f"{label} ({fen}) depth {args.depth}: {name} found "
                                            f"nodes/best/score {result}, another column {previous}")
    print(f"alpha-beta depth {args.depth} + quiescence, median of {args.rounds} rounds, seconds; "
          f"native = chessbits with ordered_moves and a kept evaluate()")
    base = names[0] if names[0] == "python-chess" and len(names) > 1 else None
    others = [n for n in names if n != base] if base else []
    head = f"{'position':<12} {'nodes':>9} {'best':>7} " + "".join(f"{n:>14}" for n in names)
    print(head + "".join(f"{'x ' + n:>16}" for n in others))
    totals = {n: 0.0 for n in names}
    ratios = {n: [] for n in others}
    for label, _ in POSITIONS:
        nodes, best, _ = results[label]
        med = {n: statistics.median(times[n, label]) for n in names}
        for n in names:
            totals[n] += med[n]
        line = f"{label:<12} {nodes:>9,} {best:>7} " + "".join(f"{med[n]:>14.3f}" for n in names)
        for n in others:
            ratios[n].append(med[base] / med[n])
            line += f"{ratios[n][-1]:>15.1f}x"
        print(line)
    all_nodes = sum(r[0] for r in results.values())
    print(f"{'total':<12} {all_nodes:>9,} {'':>7} " + "".join(f"{totals[n]:>14.3f}" for n in names)
          + "".join(f"{totals[base] / totals[n]:>15.1f}x" for n in others))
    print(f"{'nodes/s':<12} {'':>9} {'':>7} " + "".join(f"{all_nodes / totals[n]:>14,.0f}" for n in names))
    if others:
        print("node counts, best moves and scores identical. python-chess time / each: "
              + ", ".join(f"{n} {totals[base] / totals[n]:.2f}x over the total, "
                          f"{statistics.median(ratios[n]):.2f}x per position (median)" for n in others))
    return 0


if __name__ == "__main__":
    sys.exit(main())
