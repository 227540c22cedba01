"""Command-line options shared by the chessbits command (chessbits.cli) and the benchmark
scripts (chessbits.bench): the parser and its value types."""
import argparse


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def positive(text: str) -> int:
    """A positive count, also written 1e6 or 1,000,000.

    >>> positive("1e6"), positive("1,000")
    (1000000, 1000)
    """
    digits = text.replace(",", "").replace("_", "")
    try:
        value = int(digits)  # exact, however long
    except ValueError:
        try:
            number = float(digits)  # 1e6
            value = int(number) if number.is_integer() else 0  # inf and nan are not
        except (ValueError, OverflowError):
            value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return value


def summary(doc: str) -> str:
    """A module docstring's first paragraph, for --help (its examples stay in the code)."""
    return doc.split("\n\n", 1)[0]
