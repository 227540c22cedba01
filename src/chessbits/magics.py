"""The magic-number finder as a tool: ``chessbits magics``.

>>> result = search(fixed=False)
>>> result["entries"]["rook"], result["entries"]["bishop"]
(102400, 5248)
"""
import time
from typing import Dict

from ._core import find_magics
from .squares import SQUARE_NAMES


def search(fixed: bool = False, seed: int = 0x2545F4914F6CDD1D) -> Dict[str, object]:
    """Find magics for every square; adds table entries per piece and the seconds taken."""
    start = time.perf_counter()
    result: Dict[str, object] = dict(find_magics(fixed, seed))
    result["seconds"] = time.perf_counter() - start
    result["entries"] = {p: sum(1 << bits for _, bits in result[p])  # type: ignore[attr-defined]
                         for p in ("rook", "bishop")}
    return result


def report(result: Dict[str, object], fixed: bool) -> str:
    """Human-readable listing of the magics, table sizes and search time."""
    lines = ["square  rook magic           bits  bishop magic         bits"]
    for sq in range(64):
        (rm, rb), (bm, bb) = result["rook"][sq], result["bishop"][sq]  # type: ignore[index]
        lines.append(f"{SQUARE_NAMES[sq]:6}  0x{rm:016X}  {rb:4}  0x{bm:016X}  {bb:4}")
    e = result["entries"]
    total = e["rook"] + e["bishop"]  # type: ignore[index]
    lines.append("")
    lines.append(f"{'plain (fixed 12/9 bits)' if fixed else 'fancy (bits = mask popcount)'} magics: "
                 f"rook table {e['rook']:,} entries, bishop {e['bishop']:,}, "  # type: ignore[index]
                 f"total {total:,} entries = {8 * total:,} bytes")
    lines.append(f"{result['tried']:,} candidates tried in "
                 f"{result['seconds'] * 1e3:.1f} ms")  # type: ignore[operator]
    return "\n".join(lines)
