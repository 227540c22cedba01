"""Syzygy probes side by side in one run: python-chess's ``chess.syzygy`` against chessbits'
(ext/syzygy.c), one board at a time from Python, and Fathom (C) where its probe benchmark is
built (``--fathom``: ../shared/anchors/fathom's probe_bench, which reads pos.txt).

    chessbits bench syzygy --tables DIR [--per-table 40] [--rounds 5] [--fathom BINARY]

The positions: seeded random valid positions of every WDL table in DIR, either side to move,
no en passant, clock 0 (python-chess's sdist has every 3- and 4-piece table in
data/syzygy/regular). Every chessbits answer is compared with python-chess's (exit status 1 if
one differs); Fathom prints how many of its answers differ. Medians of interleaved rounds.
"""
import datetime
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence

from . import interleaved, machine, table
from .._options import Parser, positive, summary

LETTERS = "PNBRQK"


def positions(tables: Path, per_table: int, seed: int = 1) -> List[Any]:
    """Random valid chessbits boards of every WDL table's material in `tables`, no en passant."""
    import chessbits
    rng = random.Random(seed)
    boards: List[Any] = []
    for path in sorted(tables.glob("*.rtbw")):
        white, black = path.stem.split("v")
        made = 0
        while made < per_table:
            if rng.random() < 0.5:
                white, black = black, white
            pieces = [(c, chessbits.WHITE) for c in white] + [(c, chessbits.BLACK) for c in black]
            squares = rng.sample(range(64), len(pieces))
            if any(c == "P" and not 8 <= s < 56 for s, (c, _) in zip(squares, pieces)):
                continue
            board = chessbits.Board(None)
            for square, (letter, color) in zip(squares, pieces):
                board.set_piece_at(square, chessbits.Piece(LETTERS.index(letter) + 1, color))
            board.turn = rng.random() < 0.5
            if board.is_valid():
                boards.append(board)
                made += 1
    return boards


def fathom(binary: str, tables: Path, boards: List[Any], wdl: List[int]) -> str:
    """Fathom's probe_bench line on the boards (pos.txt written for it), or why not."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "pos.txt"), "w") as f:
            for board, value in zip(boards, wdl):
                masks = (board.occupied_co[True], board.occupied_co[False], board.kings, board.queens, board.rooks,
                         board.bishops, board.knights, board.pawns)
                f.write(" ".join(str(m) for m in masks) + f" {int(board.turn)} {value}\n")
        try:
            out = subprocess.run([binary, str(tables)], cwd=folder, capture_output=True, text=True, timeout=600).stdout
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"not run: {exc}"
    return next((line for line in out.splitlines() if line.startswith("Fathom")), f"no result line: {out[-200:]!r}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if an answer differs from python-chess's."""
    ap = Parser(prog="chessbits bench syzygy", description=summary(__doc__ or ""))
    ap.add_argument("--tables", default=None, help="a directory of Syzygy tables (*.rtbw, *.rtbz)")
    ap.add_argument("--per-table", type=positive, default=40, help="random positions of each table")
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    ap.add_argument("--fathom", default=None, help="Fathom's probe_bench binary (../shared/anchors/fathom)")
    args = ap.parse_args(argv)
    if args.tables is None:  # (as in `chessbits bench all`)
        print("chessbits bench syzygy: needs --tables DIR (Syzygy tables; python-chess's sdist has every "
              "3- and 4-piece one in data/syzygy/regular)", file=sys.stderr)
        return 0
    import chessbits.syzygy as ours_module
    tables = Path(args.tables)
    boards = positions(tables, args.per_table)
    if not boards:
        print(f"chessbits bench syzygy: no *.rtbw tables in {tables}", file=sys.stderr)
        return 2
    try:
        import chess
        import chess.syzygy as theirs_module
    except ImportError:
        theirs_module = None
    ours = ours_module.open_tablebase(str(tables))
    rows: List[Any] = []
    if theirs_module is not None:
        theirs = theirs_module.open_tablebase(str(tables))
        pc_boards = [chess.Board(b.fen()) for b in boards]
        rows += [("python-chess probe_wdl", lambda: [theirs.probe_wdl(b) for b in pc_boards]),
                 ("python-chess probe_dtz", lambda: [theirs.probe_dtz(b) for b in pc_boards])]
    rows += [("chessbits probe_wdl", lambda: [ours.probe_wdl(b) for b in boards]),
             ("chessbits probe_dtz", lambda: [ours.probe_dtz(b) for b in boards])]
    fns: List[Callable[[], Any]] = [fn for _, fn in rows]
    results = interleaved(fns, args.rounds)
    named = {name: result for (name, _), result in zip(rows, results)}
    status, out = 0, []
    for name, (seconds, answers) in named.items():
        kind = name.split()[-1]
        base = named.get(f"python-chess {kind}")
        same = base is None or answers == base[1]
        status = status or (0 if same else 1)
        ratio = f"{base[0] / seconds:.1f}x" if base else "-"
        out.append([name, f"{seconds / len(boards) * 1e6:.2f}", ratio + ("" if same else " (answers differ!)")])
    wdl = named["chessbits probe_wdl"][1]
    line = fathom(args.fathom, tables, boards, wdl) if args.fathom else None
    if line and (found := re.search(r"best ([0-9.]+) us/probe", line)):
        base = named.get("python-chess probe_wdl")
        out.append(["Fathom tb_probe_wdl (C, best of 20)", found.group(1),
                    f"{base[0] / len(boards) * 1e6 / float(found.group(1)):.1f}x" if base else "-"])
    print(f"Machine: {machine()}; {datetime.date.today()}; {len(boards):,} random positions of the "
          f"{len(list(tables.glob('*.rtbw')))} WDL tables in {tables} ({args.per_table} each, no en passant), "
          f"medians of {args.rounds} interleaved rounds, one thread; ratio: python-chess's time / the row's.\n")
    print(table(["probe", "us/probe", "ratio"], out))
    if line:
        print(f"\n{line}")
    ours.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
