"""Stockfish plays itself at a fixed node count; the game is written as PGN.

    python engine_match.py STOCKFISH [--nodes 5000] [--plies 60] [--analyse-nodes 20000]

A UCI engine (Threads=1, a small hash: deterministic at a fixed node count) plays a game
from a short opening, each move annotated with the engine's evaluation and depth; then it
analyses a few fixed positions (best move, score and principal variation of the best lines,
MultiPV 2). Prints the game as PGN (``chess.pgn.Game.from_board`` with headers and
comments), then the analyses.

A python-chess program (``import chess``, ``chess.engine.SimpleEngine``). The time from
starting the engine to quitting it is the last line on stderr: ``elapsed SECONDS``.
"""
import argparse
import sys
import time

import chess
import chess.engine
import chess.pgn

OPENING = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"
POSITIONS = [
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("Mate in two", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
    ("Endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("Promotion", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
]


def score_text(score):
    """A PovScore as White's, in pawns or as a mate count."""
    white = score.white()
    if white.is_mate():
        return f"#{white.mate()}"
    return f"{white.score() / 100:+.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", help="path of a UCI engine, e.g. /usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=5000, help="nodes per move")
    ap.add_argument("--plies", type=int, default=60, help="plies to play after the opening")
    ap.add_argument("--analyse-nodes", type=int, default=20000)
    args = ap.parse_args()

    start = time.perf_counter()
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        name = engine.id.get("name", "engine")
        board = chess.Board()
        for san in OPENING.split():
            board.push_san(san)
        comments = []
        limit = chess.engine.Limit(nodes=args.nodes)
        for _ in range(args.plies):
            if board.is_game_over(claim_draw=True):
                break
            result = engine.play(board, limit, info=chess.engine.INFO_SCORE | chess.engine.INFO_PV)
            info = result.info
            pv = info.get("pv", [])
            comments.append(f"{score_text(info['score'])}/{info.get('depth')} "
                            f"{board.variation_san(pv[:4]) if pv else ''}".strip())
            board.push(result.move)

        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = "engine_match.py"
        game.headers["Site"] = "chessbits benchmarks"
        game.headers["Date"] = "2024.01.01"
        game.headers["White"] = game.headers["Black"] = name
        game.headers["TimeControl"] = f"{args.nodes} nodes/move"
        outcome = board.outcome(claim_draw=True)
        game.headers["Result"] = outcome.result() if outcome else "*"
        game.headers["Termination"] = outcome.termination.name.lower() if outcome else "unterminated"
        opening_plies = len(OPENING.split())
        for ply, node in enumerate(game.mainline()):
            if ply >= opening_plies:
                node.comment = comments[ply - opening_plies]
        game.comment = f"{opening_plies} opening plies, then {len(comments)} engine moves"
        print(game)
        print()

        for title, fen in POSITIONS:
            position = chess.Board(fen)
            infos = engine.analyse(position, chess.engine.Limit(nodes=args.analyse_nodes), multipv=2)
            print(f"{title}: {fen}")
            for rank, info in enumerate(infos, 1):
                pv = info.get("pv", [])
                print(f"  {rank}. {score_text(info['score'])} depth {info.get('depth')} "
                      f"{position.variation_san(pv[:6])}")
            best = engine.play(position, chess.engine.Limit(nodes=args.analyse_nodes))
            print(f"  bestmove {position.san(best.move)} ({best.move.uci()})"
                  f"{' ponder ' + best.ponder.uci() if best.ponder else ''}")
    finally:
        engine.quit()
    print(f"elapsed {time.perf_counter() - start:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
