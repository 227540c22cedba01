"""Coverage-guided fuzzing (atheris, libFuzzer) of the Syzygy table reader (ext/syzygy.c):
``python fuzz/run.py --syzygy``.

An input is ``<selector byte><table bytes>``: the selector's low bit says DTZ (1) or WDL (0),
the rest picks the table's name from NAMES (the bytes are read as that material's table). The
seeds are the tables of python-chess's sdist, each behind its selector (run.py writes them).

Invariants (AssertionError, which libFuzzer reports as a crash with the input saved): opening
the bytes raises ValueError (not a table of that name, or a corrupted one) or succeeds; on a
table that opened, 64 positions of its material (squares and side to move drawn from the
input) each give a value the format can hold (WDL -2..2; DTZ 0..2 x 65,535) or ValueError. Under ASan and UBSan, a read past
the bytes or undefined behaviour anywhere in the reader is a crash.
"""
import random
import sys

import atheris

with atheris.instrument_imports(include=["chessbits"]):
    import chessbits
    from chessbits import _core

# the materials an input's bytes are read as: with and without pawns, symmetric, both sides
NAMES = ["KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQvKR", "KRvKB", "KBNvK", "KNNvK", "KPvKP", "KRPvK", "KQvKQ",
         "KRvKP", "KBPvK", "KQvKP", "KPPvK"]
LETTERS = "PNBRQK"


def selector(name: str, dtz: bool) -> int:
    """The selector byte of a table (for the seeds)."""
    return NAMES.index(name) << 1 | dtz


def boards(name: str, rng: random.Random, n: int):
    """n chessbits boards with name's pieces on random squares (pawns off the back ranks)."""
    white, black = name.split("v")
    pieces = [(c, True) for c in white] + [(c, False) for c in black]
    for _ in range(n):
        board = chessbits.Board(None)
        squares = rng.sample(range(64), len(pieces))
        for square, (letter, color) in zip(squares, pieces):
            if letter == "P" and not 8 <= square < 56:
                square = 8 + square % 48
                if board.piece_at(square) is not None:
                    continue
            board.set_piece_at(square, chessbits.Piece(LETTERS.index(letter) + 1, color))
        board.turn = rng.random() < 0.5
        yield board


def TestOneInput(data: bytes) -> None:
    if not data:
        return
    dtz, name = data[0] & 1, NAMES[(data[0] >> 1) % len(NAMES)]
    try:
        table = _core._SzTable(bytes(data[1:]), name, dtz=bool(dtz))
    except ValueError:
        return
    rng = random.Random(data[-16:])
    for board in boards(name, rng, 64):
        flipped = rng.random() < 0.5
        try:
            if dtz:
                wdl = rng.choice([-2, -1, 1, 2])
                value, found = table.dtz_raw(board, flipped, wdl)
                # (what the format can say: a 16-bit map entry, doubled where stored halved)
                assert found in (1, -1) and 0 <= value <= 2 * 0xFFFF, (value, found)
            else:
                assert -2 <= table.wdl_raw(board, flipped) <= 2
        except ValueError:
            pass


def write_seeds(folder: str, largest: int) -> None:
    """Each table of python-chess's sdist NAMES has, up to `largest` bytes, behind its selector."""
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import pychess_suite
    tables = pychess_suite.fetch_suite() / "data" / "syzygy" / "regular"
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        for dtz, suffix in ((False, ".rtbw"), (True, ".rtbz")):
            path = tables / f"{name}{suffix}"
            if path.is_file() and path.stat().st_size <= largest:
                (out / path.name).write_bytes(bytes([selector(name, dtz)]) + path.read_bytes())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--seeds"]:  # (run.py: the seed corpus)
        write_seeds(sys.argv[2], int(sys.argv[3]))
    else:
        atheris.Setup(sys.argv, TestOneInput)
        atheris.Fuzz()
