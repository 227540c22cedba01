"""A PGN corpus like a Lichess database month, made by Stockfish self-play: the benchmark input
of ``chessbits bench pgn``.

    python benchmarks/pgn_corpus.py OUT.pgn [--games 5000] [--seed 1] [--nodes 400] [--stockfish PATH]

The same arguments and Stockfish build give the same bytes: Threads=1, a fixed hash cleared
for every game (ucinewgame), a fixed node count per move, every other choice from a seeded RNG.
Each game starts with one of a dozen opening lines and 0-3 random moves, then Stockfish plays
both sides (each side its own node count, so games are decisive too). Lichess's export style:
its tags (Event, Site, Date, Round, White, Black, Result, UTCDate, UTCTime, Elos, rating diffs,
ECO, Opening, TimeControl, Termination), ``{ [%clk 0:02:58] }`` after every move of a simulated
3+2 clock, ``[%eval 0.35]``/``[%eval #-3]`` before it in the half of the games that were
"analysed", where the analysis marks ``?!``/``?``/``??`` with Lichess's comment
("Mistake. Nf3 was best.") and the engine's line as a variation. Games end by mate, stalemate,
insufficient material, repetition, the fifty-move rule, or at 200 plies (adjudicated).
Progress goes to stderr; the elapsed time is its last line.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import time

import chessbits as chess

OPENINGS = [
    ("C60", "Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5"),
    ("C50", "Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5"),
    ("B90", "Sicilian Defense: Najdorf Variation", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    ("C00", "French Defense", "e4 e6 d4 d5"),
    ("B12", "Caro-Kann Defense: Advance Variation", "e4 c6 d4 d5 e5"),
    ("B01", "Scandinavian Defense", "e4 d5 exd5 Qxd5"),
    ("D06", "Queen's Gambit", "d4 d5 c4"),
    ("D37", "Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7"),
    ("E60", "King's Indian Defense", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"),
    ("A10", "English Opening", "c4"),
    ("A04", "Zukertort Opening", "Nf3 d5 c4"),
    ("C44", "Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4"),
]
NAMES = ["DrNykterstein", "penguingim1", "Zhigalko_Sergei", "nihalsarin2004", "Msb2", "Fins0905",
         "chess-network", "opperwezen", "Night-King96", "Kelevra317", "Alexander_Zubov", "Bombegranate"]
MAX_PLIES = 200
# Lichess's judgement of a drop in winning chances (its thresholds on the side's eval in cp)
JUDGEMENTS = [(300, "??", "Blunder"), (150, "?", "Mistake"), (70, "?!", "Inaccuracy")]


class Engine:
    """Stockfish over UCI, one search per call, deterministic settings."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish exited")
            if line.startswith(prefix):
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def go(self, moves, nodes):
        """(best move UCI, score (cp, mate) for the side to move, pv) after `moves` from the start."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go nodes {nodes}")
        score, pv = (0, None), []
        while True:
            line = self.p.stdout.readline()
            if line.startswith("bestmove"):
                return line.split()[1], score, pv
            words = line.split()
            if "score" in words and "pv" in words:
                i = words.index("score")
                score = (int(words[i + 2]), None) if words[i + 1] == "cp" else (None, int(words[i + 2]))
                pv = words[words.index("pv") + 1:]

    def close(self):
        self.send("quit")
        self.p.wait()


def white_cp(score, white_to_move):
    """The score for white in centipawns (mates as +-10000)."""
    cp, mate = score
    value = cp if mate is None else (10000 if mate > 0 else -10000)
    return value if white_to_move else -value


def eval_text(score, white_to_move):
    cp, mate = score
    if mate is not None:
        return f"#{mate if white_to_move else -mate}"
    return f"{(cp if white_to_move else -cp) / 100:.2f}"


def clock_text(seconds):
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def san_line(board, ucis, limit):
    """The SAN of up to `limit` moves of a PV from board, numbered as a variation."""
    board = board.copy(stack=False)
    out = []
    for i, uci in enumerate(ucis[:limit]):
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            break
        if board.turn == chess.WHITE:
            out.append(f"{board.fullmove_number}.")
        elif i == 0:
            out.append(f"{board.fullmove_number}...")
        out.append(board.san(move))
        board.push(move)
    return " ".join(out)


def make_game(index, rng, engine, nodes):
    eco, opening, line = OPENINGS[rng.randrange(len(OPENINGS))]
    nodes_for = {chess.WHITE: rng.choice([nodes // 2, nodes, nodes * 2]),
                 chess.BLACK: rng.choice([nodes // 2, nodes, nodes * 2])}
    analysed = rng.random() < 0.5
    board = chess.Board()
    for san in line.split():
        board.push_san(san)
    for _ in range(rng.randrange(4)):
        board.push(rng.choice(list(board.legal_moves)))
    engine.new_game()
    left = {chess.WHITE: 180, chess.BLACK: 180}
    prologue = list(board.move_stack)
    board = chess.Board()
    tokens, ucis = [], []
    previous, expected = None, []
    while True:
        if board.is_game_over(claim_draw=True) or board.ply() >= MAX_PLIES:
            break
        white = board.turn == chess.WHITE
        best, score, pv = engine.go(ucis, nodes_for[board.turn])
        move = prologue[board.ply()] if board.ply() < len(prologue) else chess.Move.from_uci(best)
        number = f"{board.fullmove_number}." if white else f"{board.fullmove_number}..."
        san = board.san(move)
        before = board.copy(stack=False)
        board.push(move)
        ucis.append(move.uci())
        spent = rng.randint(1, 3) if board.ply() < 16 else rng.randint(1, 9)
        left[not board.turn] = max(left[not board.turn] - spent, 1) + 2
        comment = f"[%clk {clock_text(left[not board.turn])}]"
        variation = ""
        if analysed:
            now = white_cp(score, white)
            comment = f"[%eval {eval_text(score, white)}] " + comment
            drop = 0 if previous is None else (previous - now) if white else (now - previous)
            for threshold, glyph, word in JUDGEMENTS:
                if (drop >= threshold and expected and expected[0] != move.uci()
                        and chess.Move.from_uci(expected[0]) in before.legal_moves):
                    san += glyph
                    comment = (f"({previous / 100:.2f} → {now / 100:.2f}) {word}. "
                               f"{before.san(chess.Move.from_uci(expected[0]))} was best. " + comment)
                    variation = f" ( {san_line(before, expected, 2 + rng.randrange(5))} )"
                    break
            previous = now
        expected = pv[1:] if pv and pv[0] == move.uci() else []
        tokens.append(f"{number} {san} {{ {comment} }}{variation}")
    outcome = board.outcome(claim_draw=True)
    if outcome is not None:
        result, termination = outcome.result(), "Normal"
    else:
        cp = previous or 0
        result = "1-0" if cp > 300 else "0-1" if cp < -300 else "1/2-1/2"
        termination = "Time forfeit" if result != "1/2-1/2" else "Normal"
    white_elo, black_elo = 1500 + rng.randrange(1200), 1500 + rng.randrange(1200)
    site = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(8))
    day = index % 28 + 1
    tags = [("Event", "Rated Blitz game"), ("Site", f"https://lichess.org/{site}"), ("Date", f"2024.06.{day:02d}"),
            ("Round", "-"), ("White", rng.choice(NAMES)), ("Black", rng.choice(NAMES)), ("Result", result),
            ("UTCDate", f"2024.06.{day:02d}"), ("UTCTime", f"{index % 24:02d}:{index % 60:02d}:{index * 7 % 60:02d}"),
            ("WhiteElo", str(white_elo)), ("BlackElo", str(black_elo)),
            ("WhiteRatingDiff", f"{rng.randrange(-9, 10):+d}"), ("BlackRatingDiff", f"{rng.randrange(-9, 10):+d}"),
            ("ECO", eco), ("Opening", opening), ("TimeControl", "180+2"), ("Termination", termination)]
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return header + "\n" + " ".join(tokens + [result]) + "\n\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=400)
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rng = random.Random(args.seed)
    engine = Engine(args.stockfish)
    try:
        with open(args.out + ".part", "w", encoding="utf-8") as out:
            for i in range(args.games):
                out.write(make_game(i, rng, engine, args.nodes))
                if (i + 1) % 100 == 0:
                    print(f"{i + 1}/{args.games} games", file=sys.stderr, flush=True)
    finally:
        engine.close()
    os.replace(args.out + ".part", args.out)
    print(f"elapsed {time.perf_counter() - started:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
