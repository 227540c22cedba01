"""The games whose positions the encoder fixtures cover: written to tests/data/encode/games.txt.

Deterministic (seeded) random games played by python-chess, steered towards what encoders get
wrong: castling of both kinds and sides, en passant, promotions to every piece, repetitions
(knight shuffles), long games, games from a FEN (short history, black to move, an en-passant
square in the FEN) and Chess960 games. One game a line, three fields split by tabs: the starting
FEN, 1 for a Chess960 game (else 0), the moves in UCI as python-chess writes them (space-separated).

    python tests/golden/encode_games.py            # rewrites tests/data/encode/games.txt
"""
import pathlib
import random

import chess

OUT = pathlib.Path(__file__).resolve().parents[1] / "data" / "encode" / "games.txt"

# Starting positions of the games from a FEN: black to move, an en-passant square, castling
# with one side only, few pieces (pawn races to promotion), rule-50 clocks near the end.
FEN_STARTS = [
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 40",
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 90 70",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
]


def choose(board, rng):
    """A move for board: promotions (to any piece), en passant and castling mostly when legal,
    captures often, else any legal move."""
    moves = list(board.legal_moves)
    special = [m for m in moves if m.promotion or board.is_en_passant(m) or board.is_castling(m)]
    if special and rng.random() < 0.9:
        return rng.choice(special)
    captures = [m for m in moves if board.is_capture(m)]
    if captures and rng.random() < 0.3:
        return rng.choice(captures)
    return rng.choice(moves)


def shuffle(board):
    """Each side's first quiet knight move and back, twice: the position before them occurs
    three times (nothing if a side has no such move or the way back is not legal)."""
    moves = []
    for _ in range(2):
        there = []
        for _ in range(2):
            quiet = [m for m in board.legal_moves
                     if board.piece_type_at(m.from_square) == chess.KNIGHT and not board.is_capture(m)]
            if not quiet:
                return moves
            board.push(quiet[0])
            there.append(quiet[0])
        for m in list(there):
            back = chess.Move(m.to_square, m.from_square)
            if back not in board.legal_moves:
                return moves + there
            board.push(back)
            there.append(back)
        moves += there
    return moves


def play(board, rng, plies, *, shuffle_from=None):
    """The moves of a game played from board (changed), at most plies of them."""
    moves = []
    while len(moves) < plies and not board.is_game_over(claim_draw=False):
        if len(moves) == shuffle_from:
            moves += shuffle(board)
            shuffle_from = None
            continue
        m = choose(board, rng)
        board.push(m)
        moves.append(m)
    return moves


def games():
    rng = random.Random(20261126)
    out = []
    for i in range(24):  # from the start, some long
        board = chess.Board()
        out.append((board.copy(stack=False), play(board, rng, rng.choice([40, 80, 160, 400]))))
    for i in range(10):  # repetitions: knights shuffled in place after a few moves
        board = chess.Board()
        start = rng.randrange(0, 30)
        out.append((board.copy(stack=False), play(board, rng, start + 40, shuffle_from=start)))
    for fen in FEN_STARTS:  # short histories
        board = chess.Board(fen)
        out.append((board.copy(stack=False), play(board, rng, 30)))
    for i in range(8):  # Chess960
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        out.append((board.copy(stack=False), play(board, rng, 60)))
    return out


def load(path=OUT):
    """The games of games.txt: a list of (starting python-chess Board, [Move, ...])."""
    out = []
    for line in pathlib.Path(path).read_text().splitlines():
        fen, chess960, moves = line.split("\t")
        out.append((chess.Board(fen, chess960=chess960 == "1"), [chess.Move.from_uci(u) for u in moves.split()]))
    return out


def positions(path=OUT):
    """Every position of every game in order (the start, then after each move), each a python-chess
    Board holding the game's moves so far on its move stack."""
    for start, moves in load(path):
        board = start.copy()
        yield board.copy()
        for m in moves:
            board.push(m)
            yield board.copy()


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for board, moves in games():
        lines.append(f"{board.fen()}\t{int(board.chess960)}\t" + " ".join(m.uci() for m in moves))
    OUT.write_text("\n".join(lines) + "\n")
    plies = sum(len(line.split("\t")[2].split()) + 1 for line in lines)
    print(f"{OUT}: {len(lines)} games, {plies} positions")


if __name__ == "__main__":
    main()
