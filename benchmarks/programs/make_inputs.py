"""Inputs for the python-chess programs beside this file: a PGN corpus and a Polyglot book.

    python make_inputs.py OUTDIR [--games 200] [--seed 1] [--nodes 1000] [--stockfish PATH|none]

Writes OUTDIR/games.pgn and OUTDIR/book.bin, the same bytes for the same arguments.

The games: each starts from a named opening line (a dozen of them, so that games share
openings and an opening book has something to say), then 0-2 random legal moves from a
seeded RNG, then Stockfish plays both sides at a small fixed node count per move (each side
its own count, so some games are decisive), with Threads=1 and a small hash: deterministic.
Moves carry lichess-style clock comments ``[%clk 0:02:58]`` (a simulated 3+2 clock), half of
the games ``[%eval 0.35]`` comments too; NAGs mark eval swings, and where a move differs from
the reply the engine expected, the expected line is added as a variation. Some games start
from a FEN (SetUp/FEN headers). Games end at mate, stalemate, a claimable draw, or
``--max-plies`` (then adjudicated by the evaluation). Without Stockfish (``--stockfish none``
or not found), a greedy-random player (prefers captures) plays instead.

The book: every prefix of the opening lines (weight 10 each), plus the first 6-16 plies of
every third game (weight 1, 2 for the winner's moves), 16-byte big-endian Polyglot entries
(key, move, weight, learn) sorted by key, castling encoded king-takes-rook as Polyglot does.

Written for python-chess (``import chess``); run it with plain ``python``. Its time is the last
line on stderr: ``elapsed SECONDS``.
"""
import argparse
import os
import random
import shutil
import struct
import sys
import time

import chess
import chess.engine
import chess.pgn
import chess.polyglot

OPENINGS = [
    ("C60", "Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5"),
    ("C50", "Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5"),
    ("B90", "Sicilian Defense: Najdorf Variation", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    ("B20", "Sicilian Defense", "e4 c5"),
    ("C00", "French Defense", "e4 e6 d4 d5"),
    ("B12", "Caro-Kann Defense: Advance Variation", "e4 c6 d4 d5 e5"),
    ("B01", "Scandinavian Defense", "e4 d5 exd5 Qxd5"),
    ("C42", "Petrov's Defense", "e4 e5 Nf3 Nf6"),
    ("D06", "Queen's Gambit", "d4 d5 c4"),
    ("D37", "Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7"),
    ("E60", "King's Indian Defense", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"),
    ("E20", "Nimzo-Indian Defense", "d4 Nf6 c4 e6 Nc3 Bb4"),
    ("A10", "English Opening", "c4"),
    ("A04", "Zukertort Opening", "Nf3 d5 c4"),
    ("B07", "Pirc Defense", "e4 d6 d4 Nf6 Nc3 g6"),
    ("C44", "Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4"),
]
PIECE_VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
ENTRY = struct.Struct(">QHHI")  # chess.polyglot.ENTRY_STRUCT: key, move, weight, learn
CASTLING_TO_ROOK = {chess.G1: chess.H1, chess.C1: chess.A1, chess.G8: chess.H8, chess.C8: chess.A8}


def polyglot_move(board, move):
    """The 16-bit Polyglot encoding of a legal move: castling as king takes rook."""
    to = move.to_square
    if board.is_castling(move):
        to = CASTLING_TO_ROOK[to]
    promotion = move.promotion - 1 if move.promotion else 0
    return to | move.from_square << 6 | promotion << 12


class Clock:
    """A simulated 3+2 blitz clock: seconds left per side after each move."""

    def __init__(self, rng, base=180, increment=2):
        self.rng = rng
        self.left = {chess.WHITE: base, chess.BLACK: base}
        self.increment = increment

    def move(self, color, ply):
        spent = self.rng.randint(1, 3) if ply < 16 else self.rng.randint(1, 9)
        self.left[color] = max(self.left[color] - spent, 1) + self.increment
        return self.left[color]


def greedy_random_move(board, rng):
    """The no-engine player: a mate in one, else the most valuable capture most of the time,
    else any move."""
    moves = list(board.legal_moves)
    for move in moves:
        if board.gives_check(move):
            board.push(move)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return move, None
    captures = [m for m in moves if board.is_capture(m)]
    if captures and rng.random() < 0.7:
        def gain(m):
            victim = board.piece_type_at(m.to_square) or chess.PAWN
            return PIECE_VALUES[victim] * 10 - PIECE_VALUES[board.piece_type_at(m.from_square)]
        best = max(gain(m) for m in captures)
        return rng.choice([m for m in captures if gain(m) == best]), None
    return rng.choice(moves), None


def make_game(index, rng, engine, nodes, max_plies, seed):
    eco, name, line = OPENINGS[rng.randrange(len(OPENINGS))]
    white_nodes = rng.choice([nodes // 2, nodes, nodes * 2])
    black_nodes = rng.choice([nodes // 2, nodes, nodes * 2])
    with_evals = engine is not None and rng.random() < 0.5
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"Stockfish self-play, seed {seed}" if engine else f"Greedy-random play, seed {seed}"
    game.headers["Site"] = "chessbits benchmarks"
    game.headers["Date"] = f"2024.{index % 12 + 1:02d}.{index % 28 + 1:02d}"
    game.headers["Round"] = str(index + 1)
    if engine is not None:
        game.headers["White"] = f"Stockfish ({white_nodes} nodes)"
        game.headers["Black"] = f"Stockfish ({black_nodes} nodes)"
    else:
        game.headers["White"] = f"Greedy {rng.randrange(100)}"
        game.headers["Black"] = f"Greedy {rng.randrange(100)}"
    game.headers["WhiteElo"] = str(1200 + white_nodes // 4 + rng.randrange(100))
    game.headers["BlackElo"] = str(1200 + black_nodes // 4 + rng.randrange(100))
    game.headers["TimeControl"] = "180+2"
    game.headers["ECO"] = eco
    game.headers["Opening"] = name
    node = game
    clock = Clock(rng)
    from_fen = index % 15 == 7  # a few games start from a position, as databases of fragments do
    for san in line.split():
        move = board.parse_san(san)
        if from_fen:
            board.push(move)
        else:
            node = node.add_variation(move)
            node.set_clock(clock.move(board.turn, board.ply()))
            board.push(move)
    if from_fen:
        game.setup(board)
        game.comment = f"{name}: the game starts after the opening moves"
    for _ in range(rng.randrange(3)):
        move = rng.choice(list(board.legal_moves))
        node = node.add_variation(move, comment="random")
        node.set_clock(clock.move(board.turn, board.ply()))
        board.push(move)

    previous_cp, expected = None, None
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        parent = node
        if engine is not None:
            limit = chess.engine.Limit(nodes=white_nodes if board.turn == chess.WHITE else black_nodes)
            result = engine.play(board, limit, info=chess.engine.INFO_SCORE | chess.engine.INFO_PV)
            move, score, pv = result.move, result.info.get("score"), result.info.get("pv", [])
        else:
            move, score = greedy_random_move(board, rng)
            pv = None
        node = parent.add_variation(move)
        node.set_clock(clock.move(board.turn, board.ply()))
        if score is not None and with_evals:
            node.set_eval(score)
        cp = score.white().score(mate_score=10000) if score is not None else None
        if cp is not None and previous_cp is not None:
            swing = (previous_cp - cp) if board.turn == chess.WHITE else (cp - previous_cp)
            if swing > 300:
                node.nags.add(chess.pgn.NAG_BLUNDER)
            elif swing > 120:
                node.nags.add(chess.pgn.NAG_MISTAKE)
            elif swing > 60:
                node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
            elif swing < -150:
                node.nags.add(chess.pgn.NAG_GOOD_MOVE)
        # the line the engine expected here, when the move played is another one
        if expected and expected[0] != move and rng.random() < 0.3:
            variation = parent.add_variation(expected[0], comment="expected")
            for reply in expected[1:1 + rng.randrange(4)]:
                variation = variation.add_variation(reply)
        board.push(move)
        previous_cp, expected = cp, (pv[1:] if pv and len(pv) > 1 else None)

    outcome = board.outcome(claim_draw=True)
    if outcome is not None:
        game.headers["Result"] = outcome.result()
        game.headers["Termination"] = "Normal"
    else:
        if previous_cp is not None and abs(previous_cp) >= 400:
            game.headers["Result"] = "1-0" if previous_cp > 0 else "0-1"
        elif previous_cp is not None or rng.random() < 0.5:
            game.headers["Result"] = "1/2-1/2"
        else:
            game.headers["Result"] = "*"
        game.headers["Termination"] = "Adjudication" if game.headers["Result"] != "*" else "Unterminated"
        node.comment = (node.comment + " " if node.comment else "") + "Adjudicated"
    return game


def book_entries(games, rng):
    """{(key, raw move): weight} from the opening lines and the openings of every third game."""
    weights = {}

    def add(board, move, weight):
        k = (chess.polyglot.zobrist_hash(board), polyglot_move(board, move))
        weights[k] = min(weights.get(k, 0) + weight, 0xFFFF)

    for _, _, line in OPENINGS:
        board = chess.Board()
        for san in line.split():
            move = board.parse_san(san)
            add(board, move, 10)
            board.push(move)
    for i, game in enumerate(games):
        if i % 3:
            continue
        board = game.board()
        winner = {"1-0": chess.WHITE, "0-1": chess.BLACK}.get(game.headers.get("Result"))
        for move in list(game.mainline_moves())[:rng.randint(6, 16)]:
            add(board, move, 2 if board.turn == winner else 1)
            board.push(move)
    return weights


def write_book(path, weights):
    rows = sorted(((key, -weight, raw) for (key, raw), weight in weights.items()))
    with open(path, "wb") as f:
        for key, weight, raw in rows:
            f.write(ENTRY.pack(key, raw, -weight, 0))
    return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1000, help="Stockfish nodes per move (halved or doubled per side)")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--stockfish", default=None,
                    help="path of a UCI engine (default: stockfish on PATH or /usr/games/stockfish); 'none': no engine")
    args = ap.parse_args(argv)
    path = args.stockfish or shutil.which("stockfish") or "/usr/games/stockfish"
    use_engine = args.stockfish != "none" and os.path.exists(path)
    os.makedirs(args.outdir, exist_ok=True)
    start = time.perf_counter()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(path) if use_engine else None
    games = []
    try:
        if engine is not None:
            engine.configure({"Threads": 1, "Hash": 16})
        for i in range(args.games):
            games.append(make_game(i, rng, engine, args.nodes, args.max_plies, args.seed))
            if (i + 1) % 20 == 0:
                print(f"{i + 1}/{args.games} games", file=sys.stderr)
    finally:
        if engine is not None:
            engine.quit()
    with open(os.path.join(args.outdir, "games.pgn"), "w", encoding="utf-8") as f:
        for game in games:
            print(game, file=f, end="\n\n")
    n = write_book(os.path.join(args.outdir, "book.bin"), book_entries(games, rng))
    print(f"wrote {len(games)} games ({'Stockfish' if engine else 'greedy-random'}) and a book of {n} entries "
          f"to {args.outdir}", file=sys.stderr)
    print(f"elapsed {time.perf_counter() - start:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
