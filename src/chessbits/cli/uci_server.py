"""``chessbits uci``: chessbits as a UCI engine that counts (``go perft N``), so any perft tool,
leaderboard or GUI that drives engines by UCI can run and compare it.

It answers as Stockfish does: ``go perft N`` prints one ``move: count`` line per legal move in
python-chess's order, a blank line, ``Nodes searched: N`` and a blank line. ``UCI_Variant``
plays python-chess's variants, named as python-chess and Fairy-Stockfish name them. It is not a
player: ``go`` without ``perft`` answers ``bestmove 0000`` (UCI's null move) with an info string
saying so.

>>> import io
>>> out = io.StringIO()
>>> serve(io.StringIO("position startpos moves e2e4\\ngo perft 1\\nquit\\n"), out)
>>> print(out.getvalue().split("\\n\\n")[1])
Nodes searched: 20
"""
import sys
from typing import IO, List, Optional

from .. import __version__
from .._core import MAX_THREADS
from .._core import VARIANT_NAMES
from ..variant import find_variant
from ..compare import position


class UciState:
    """The position being set up and the options, between commands."""

    def __init__(self) -> None:
        self.threads = 1
        self.chess960 = False
        self.variant = "chess"  # UCI_Variant: python-chess's names, as Fairy-Stockfish's
        self.reset()

    def reset(self) -> None:
        """The variant's starting position."""
        self.board = self.setup(find_variant(self.variant).starting_fen)

    def setup(self, fen: str):
        """The variant's board (a Board for chess) at fen."""
        return position(fen, self.chess960, None if self.variant == "chess" else self.variant)

    def position(self, words: List[str]) -> Optional[str]:
        """Sets up ``position startpos|fen FEN [moves ...]``; returns an error line or None."""
        moves = words.index("moves") if "moves" in words else len(words)
        if words[:1] == ["startpos"]:
            fen = find_variant(self.variant).starting_fen
        elif words[:1] == ["fen"] and moves > 1:
            fen = " ".join(words[1:moves])
        else:
            return "position: expected 'startpos' or 'fen FEN', then optionally 'moves ...'"
        try:
            board = self.setup(fen)
            for uci in words[moves + 1:]:
                board.push_uci(uci)
        except ValueError as e:
            return f"position: {e}"
        self.board = board
        return None

    def setoption(self, words: List[str]) -> Optional[str]:
        """Sets ``setoption name NAME value VALUE``; returns an error line or None."""
        text = " ".join(words)
        name, _, value = text.partition(" value ")
        name = name.removeprefix("name ").strip().lower()
        value = value.strip()
        if name == "threads" and value.isdigit() and 1 <= int(value) <= MAX_THREADS:
            self.threads = int(value)
        elif name == "uci_chess960" and value.lower() in ("true", "false"):
            self.chess960 = value.lower() == "true"
            self.board = self.setup(self.board.fen())
        elif name == "uci_variant" and value.lower() in VARIANT_NAMES:
            self.variant = value.lower()
            self.reset()
        else:
            return f"setoption: no option or bad value: {text}"
        return None


def go_perft(state: UciState, depth: int, out: IO[str]) -> None:
    """Prints the divide and the total, as Stockfish's ``go perft`` does."""
    if depth < 1:  # the position itself, as Stockfish counts it
        out.write("\nNodes searched: 1\n\n")
        return
    counts = state.board.divide(depth, threads=state.threads)
    for move in state.board.legal_moves:
        out.write(f"{move.uci()}: {counts[move.uci()]}\n")
    out.write(f"\nNodes searched: {sum(counts.values())}\n\n")


def serve(lines: IO[str], out: IO[str]) -> None:
    """Answers UCI commands read from lines until ``quit`` or the end of input."""
    state = UciState()
    for line in lines:
        words = line.split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        error = None
        if cmd == "uci":
            out.write(f"id name chessbits {__version__}\nid author the chessbits developers\n"
                      f"option name Threads type spin default 1 min 1 max {MAX_THREADS}\n"
                      "option name UCI_Chess960 type check default false\n"
                      f"option name UCI_Variant type combo default chess{''.join(' var ' + v for v in VARIANT_NAMES)}\n"
                      "uciok\n")
        elif cmd == "isready":
            out.write("readyok\n")
        elif cmd == "ucinewgame":
            state.reset()
        elif cmd == "position":
            error = state.position(rest)
        elif cmd == "setoption":
            error = state.setoption(rest)
        elif cmd == "go" and rest[:1] == ["perft"]:
            if len(rest) == 2 and rest[1].isdigit():
                go_perft(state, int(rest[1]), out)
            else:
                error = "go perft: expected a depth, as in 'go perft 5'"
        elif cmd == "go":
            out.write("info string chessbits counts, it does not search: go perft N\nbestmove 0000\n")
        elif cmd == "d":
            drawn = f"\n{state.board}\n" if state.variant == "chess" else ""
            out.write(f"{drawn}\nFen: {state.board.fen()}\n\n")
        elif cmd == "quit":
            break
        elif cmd not in ("stop", "ponderhit", "debug", "register"):
            error = f"Unknown command: '{line.strip()}'"
        if error:
            out.write(f"info string {error}\n")
        out.flush()


def run(args) -> int:
    """The ``chessbits uci`` command: serves stdin until ``quit``."""
    serve(sys.stdin, sys.stdout)
    return 0
