"""A small UCI engine for the CLI tests: answers ``go perft N`` in Stockfish's format
with python-chess's move generator, except where told to go wrong.

    python fake_uci_engine.py                 right everywhere but one position: after
                                              1.e4 e5 2.Nf3 it leaves out 2...Nc6 (b8c6)
    --omit-in FEN --omit UCI                  leave out UCI in that position instead
    --correct                                 leave nothing out
    --garbage                                 answer go perft with nonsense
    --die                                     exit with status 3 on go perft (a line on stderr)
    --hang uci|go                             never answer uci, or go perft
    --stubborn                                ignore SIGTERM and quit (only a kill ends it)
    --pid-file PATH                           write the process id there

Example: ``printf 'uci\\ngo perft 1\\n' | python tests/fake_uci_engine.py --correct``.
"""
import argparse
import signal
import sys
import time

import chess

AFTER_E4_E5_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"


def perft(board: chess.Board, depth: int, omit_epd: str, omit: chess.Move) -> int:
    """python-chess perft, blind to ``omit`` wherever the position is ``omit_epd``."""
    skip = omit if board.epd() == omit_epd else None
    if depth == 1:
        return board.legal_moves.count() - (skip in board.legal_moves)
    nodes = 0
    for move in board.legal_moves:
        if move != skip:
            board.push(move)
            nodes += perft(board, depth - 1, omit_epd, omit)
            board.pop()
    return nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--omit-in", default=AFTER_E4_E5_NF3)
    ap.add_argument("--omit", default="b8c6")
    ap.add_argument("--correct", action="store_true")
    ap.add_argument("--garbage", action="store_true")
    ap.add_argument("--die", action="store_true")
    ap.add_argument("--hang", choices=["uci", "go"])
    ap.add_argument("--stubborn", action="store_true")
    ap.add_argument("--pid-file")
    args = ap.parse_args()
    if args.pid_file:
        with open(args.pid_file, "w") as f:
            f.write(str(__import__("os").getpid()))
    if args.stubborn:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    omit = chess.Move.from_uci(args.omit)
    chess960 = False
    board = chess.Board()

    def say(line: str) -> None:
        print(line, flush=True)

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if args.hang == command:
            while True:
                time.sleep(1)
        if command == "uci":
            say("id name fake_uci_engine")
            say("id author chessbits tests")
            say("option name UCI_Chess960 type check default false")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "setoption" and "UCI_Chess960" in words:
            chess960 = words[-1] == "true"
        elif command == "position":
            moves = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:moves]) if words[1] == "fen" else chess.STARTING_FEN
            board = chess.Board(fen, chess960=chess960)
            for uci in words[moves + 1:]:
                board.push_uci(uci)
        elif command == "go" and words[1:2] == ["perft"]:
            if args.garbage:
                say("the quick brown fox")
                continue
            if args.die:
                print("fake_uci_engine: told to die", file=sys.stderr, flush=True)
                sys.exit(3)
            depth, total = int(words[2]), 0
            # built in the current mode, as castling rights read differently in Chess960
            omit_epd = "" if args.correct else chess.Board(args.omit_in, chess960=chess960).epd()
            skip = omit if board.epd() == omit_epd else None
            for move in board.legal_moves:
                if move == skip:
                    continue
                board.push(move)
                nodes = perft(board, depth - 1, omit_epd, omit) if depth > 1 else 1
                board.pop()
                say(f"{move.uci()}: {nodes}")
                total += nodes
            say("")
            say(f"Nodes searched: {total}")
            say("")
        elif command == "quit" and not args.stubborn:
            return


if __name__ == "__main__":
    main()
