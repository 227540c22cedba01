"""Syzygy probes side by side in one run: python-chess's ``chess.syzygy`` against chessbits'
(ext/syzygy.c), one board a call from Python and in bulk (Boards, bitboard arrays; one and two
threads), and Fathom (C) where its probe benchmark is built (``--fathom``:
../shared/anchors/fathom's probe_bench, which reads pos.txt), measured as it measures.

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
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

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


def fathom_input(folder: str, boards: List[Any], wdl: Sequence[int]) -> None:
    """pos.txt for Fathom's probe_bench in folder: the boards' bitboards, turn and expected WDL."""
    with open(os.path.join(folder, "pos.txt"), "w") as f:
        for board, value in zip(boards, wdl):
            masks = (board.occupied_co[True], board.occupied_co[False], board.kings, board.queens, board.rooks,
                     board.bishops, board.knights, board.pawns)
            f.write(" ".join(str(m) for m in masks) + f" {int(board.turn)} {value}\n")


def fathom(binary: str, tables: Path, folder: str) -> Tuple[Optional[float], str]:
    """Fathom's probe_bench on folder's pos.txt: (its best us/probe, its result line), or (None, why not)."""
    try:
        out = subprocess.run([binary, str(tables)], cwd=folder, capture_output=True, text=True, timeout=600).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"not run: {exc}"
    line = next((line for line in out.splitlines() if line.startswith("Fathom")), f"no result line: {out[-200:]!r}")
    found = re.search(r"best ([0-9.]+) us/probe", line)
    return (float(found.group(1)) if found else None), line


def best_of(fn: Callable[[], Any], passes: int) -> Tuple[float, Any]:
    """(the fastest of `passes` calls in seconds, the last call's result): Fathom's probe_bench's measure."""
    best, result = float("inf"), None
    for _ in range(passes):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


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
    import numpy as np
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
    bits = np.array([[b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings, b.occupied_co[True],
                      b.occupied_co[False]] for b in boards], np.uint64)
    turns = np.array([b.turn for b in boards])
    # (name, kind, threads, fn): each timed in interleaved rounds, answers compared with python-chess's
    rows: List[Any] = []
    if theirs_module is not None:
        theirs = theirs_module.open_tablebase(str(tables))
        pc_boards = [chess.Board(b.fen()) for b in boards]
        rows += [("python-chess probe_wdl, a board a call", "wdl", 1, lambda: [theirs.probe_wdl(b) for b in pc_boards]),
                 ("python-chess probe_dtz, a board a call", "dtz", 1, lambda: [theirs.probe_dtz(b) for b in pc_boards])]
    for kind in ("wdl", "dtz"):
        one, many = getattr(ours, f"probe_{kind}"), getattr(ours, f"probe_{kind}_many")
        rows.append((f"chessbits probe_{kind}, a board a call", kind, 1, lambda one=one: [one(b) for b in boards]))
        for threads in (1, 2):
            rows.append((f"chessbits probe_{kind}_many, Boards", kind, threads,
                         lambda many=many, t=threads: many(boards, threads=t).tolist()))
            rows.append((f"chessbits probe_{kind}_many, bitboards", kind, threads,
                         lambda many=many, t=threads: many(bits, turns=turns, threads=t).tolist()))
    results = interleaved([fn for *_, fn in rows], args.rounds)
    status, out = 0, []
    reference = {kind: result for (name, kind, _, _), result in zip(rows, results) if name.startswith("python-chess")}
    for (name, kind, threads, _), (seconds, answers) in zip(rows, results):
        base = reference.get(kind)
        same = base is None or answers == base[1]
        status = status or (0 if same else 1)
        ratio = f"{base[0] / seconds:.1f}x" if base else "-"
        out.append([name, threads, f"{seconds / len(boards) * 1e6:.3f}", ratio + ("" if same else " (answers differ!)"), ""])
    # beside Fathom: its probe_bench's measure (the best of 20 passes over the positions), both
    # sides in each round, medians over the rounds
    wdl = [int(v) for v in ours.probe_wdl_many(bits, turns=turns)]
    line = None
    if args.fathom:
        with tempfile.TemporaryDirectory() as folder:
            fathom_input(folder, boards, wdl)
            best: Dict[str, List[float]] = {"fathom": [], "1": [], "2": []}
            for _ in range(args.rounds):
                value, line = fathom(args.fathom, tables, folder)
                if value is None:
                    break
                best["fathom"].append(value)
                for threads in (1, 2):
                    seconds, answers = best_of(lambda t=threads: ours.probe_wdl_many(bits, turns=turns, threads=t), 20)
                    best[str(threads)].append(seconds / len(boards) * 1e6)
                    status = status or (0 if answers.tolist() == wdl else 1)
            if best["fathom"]:
                base = reference.get("wdl")
                fathom_us = statistics.median(best["fathom"])
                for threads in (1, 2):
                    us = statistics.median(best[str(threads)])
                    out.append([f"chessbits probe_wdl_many, bitboards, best of 20", threads, f"{us:.3f}",
                                f"{base[0] / len(boards) * 1e6 / us:.1f}x" if base else "-", f"{fathom_us / us:.2f}x"])
                out.append(["Fathom tb_probe_wdl (C), best of 20", 1, f"{fathom_us:.3f}",
                            f"{base[0] / len(boards) * 1e6 / fathom_us:.1f}x" if base else "-", "1.00x"])
    print(f"Machine: {machine()}; {datetime.date.today()}; {len(boards):,} random positions of the "
          f"{len(list(tables.glob('*.rtbw')))} WDL tables in {tables} ({args.per_table} each, no en passant, "
          f"clock 0), medians of {args.rounds} interleaved rounds; vs python-chess: its time / the row's "
          f"(one board a call); vs Fathom: Fathom's time / the row's, both the best of 20 passes.\n")
    print(table(["probe", "threads", "us/probe", "vs python-chess", "vs Fathom"], out))
    if line:
        print(f"\n{line}")
    ours.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
