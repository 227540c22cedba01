"""Command-line options shared by the chessbits command (chessbits.cli) and the benchmark
scripts (chessbits.bench): the parser and its value types."""
import argparse
from typing import Callable, Optional


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _integer(text: str) -> Optional[int]:
    """text as an integer (1,000,000, 1_000, 1e6 or 0x10 too), or None."""
    digits = text.replace(",", "").replace("_", "")
    for parse in (int, lambda t: int(t, 0)):  # exact, however long; then 0x.., 0b..
        try:
            return parse(digits)
        except ValueError:
            pass
    try:
        number = float(digits)  # 1e6
    except ValueError:
        return None
    return int(number) if number.is_integer() else None  # inf and nan are not


def int_in(low: int, high: Optional[int] = None) -> Callable[[str], int]:
    """The option type of an integer in low..high (no upper bound if None): every integer
    option of the command line and the benchmarks, with one message for a bad value.

    >>> int_in(1, 256)("2"), int_in(0)("1,000"), int_in(1)("1e6")
    (2, 1000, 1000000)
    """
    if high is not None:
        bounds = f"an integer in {low}..{high:,}" if high >= 10_000 else f"an integer in {low}..{high}"
    else:
        bounds = "a positive integer" if low == 1 else f"an integer >= {low}"

    def parse(text: str) -> int:
        value = _integer(text)
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {text!r}")
        return value
    return parse


positive = int_in(1)  # a count: rounds, positions, tasks, table sizes


def summary(doc: str) -> str:
    """A module docstring's first paragraph, for --help (its examples stay in the code)."""
    return doc.split("\n\n", 1)[0]
