"""What every command shares beside its options (chessbits._options): the two ways a command
ends early, and the progress line and number formatting."""
import os
import sys
import time
from typing import Dict, List, Optional


class BadInput(Exception):
    """A user error found after parsing: one line on stderr, exit status 2."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, after what was done has been printed: exit status 130."""


class Status:
    """One self-overwriting status line on stderr if it is a terminal; otherwise plain
    lines at most every ``plain_every`` seconds (never, if None)."""

    def __init__(self, plain_every: Optional[float] = None):
        self.tty = sys.stderr.isatty()
        self.plain_every = plain_every
        self.last = time.monotonic()
        self.shown = False

    def show(self, text: str) -> None:
        now = time.monotonic()
        if self.tty and now - self.last >= 0.05:  # a terminal redraws at most 20 times a second
            self.last = now
            try:
                width = os.get_terminal_size(sys.stderr.fileno()).columns - 1
            except OSError:
                width = 79
            sys.stderr.write("\r" + text[:width] + "\033[K")
            sys.stderr.flush()
            self.shown = True
        elif not self.tty and self.plain_every is not None and now - self.last >= self.plain_every:
            print(text, file=sys.stderr, flush=True)
            self.last = now

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


def bar(done: int, total: int, width: int = 24) -> str:
    """A progress bar filled in proportion.

    >>> bar(3, 12, width=12)
    '[###---------]'
    """
    filled = width * done // max(total, 1)
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def seconds(t: float) -> str:
    """A duration for people.

    >>> seconds(0.00604), seconds(5.9)
    ('6.04 ms', '5.90 s')
    """
    return f"{t * 1000:.3g} ms" if t < 1 else f"{t:,.2f} s"


def speed(nodes: int, t: float) -> str:
    """Nodes per second, in millions.

    >>> speed(4_865_609, 0.00691), speed(197_281, 0.3)
    ('704.1 M nodes/s', '0.658 M nodes/s')
    """
    rate = nodes / max(t, 1e-9) / 1e6
    return f"{rate:,.1f} M nodes/s" if rate >= 10 else f"{rate:.3f} M nodes/s"


def columns(rows: List[List[str]]) -> str:
    """Rows as aligned text: the first column left-aligned, the others right-aligned.

    >>> print(columns([["", "nodes"], ["chessbits", "8,902"]]))
               nodes
    chessbits  8,902
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                               enumerate(zip(r, widths))).rstrip() for r in rows)


def stats_table(depth: int, totals: Dict[str, int]) -> str:
    """perft --stats's table: a column per statistic (chessbits.deep_tasks.STAT_NAMES)."""
    from ..deep_tasks import STAT_NAMES
    labels = {"en_passant": "e.p."}
    return columns([["depth", *(labels.get(n, n.replace("_", " ")) for n in STAT_NAMES)],
                    [str(depth), *(f"{totals[n]:,}" for n in STAT_NAMES)]])
