"""What one deep-perft task runs, where it runs (a thread of this process or a Dask worker, which
imports this module): the distinct positions of a chunk counted by C threads sharing one
transposition table that outlives the task, and the chunk's total (paths x counts in Python
ints). chessbits.deep plans and checkpoints the runs; chessbits.deep_dask sends tasks to Dask.
"""
import threading
from array import array
from typing import Dict, Optional, Union

from . import _core

STAT_NAMES = _core.PERFT_STAT_NAMES  # PerftStats' counts (ext/perft.h), in order

Result = Union[int, Dict[str, int]]


def chunk_total(counts: array, paths: array, stats: bool) -> Result:
    """Sum of paths x counts (Python ints), or per statistic with ``stats``."""
    if not stats:
        return sum(p * c for p, c in zip(paths, counts))
    w = len(STAT_NAMES)
    return {name: sum(p * counts[i * w + k] for i, p in enumerate(paths)) for k, name in enumerate(STAT_NAMES)}


def add(total: Optional[Result], part: Result) -> Result:
    """total + part, per statistic for dicts."""
    if total is None:
        return part
    if isinstance(part, dict):
        return {name: total[name] + part[name] for name in part}  # type: ignore[index]
    return total + part  # type: ignore[operator]


def nodes_of(result: Optional[Result]) -> int:
    return 0 if result is None else result["nodes"] if isinstance(result, dict) else result


# One counter per (Dask worker) process for the tasks it runs: its table outlives each task.
_counters: Dict[tuple, object] = {}
_counters_lock = threading.Lock()


def _counter(fen: str, chess960: bool, hash_mb: int, seed: int, threads: int, method: Optional[str]):
    key = (fen, chess960, hash_mb, seed, threads, method)
    with _counters_lock:
        if key not in _counters:
            _counters.clear()  # one table per process: free the last run's before allocating
            from ._core import Board
            _counters[key] = _core._DeepCounter(Board(fen, chess960=chess960), hash_mb, seed, threads, method)
        return _counters[key]


def forget_tables() -> None:
    """Free this process's deep-perft table (a Dask worker keeps one across a run's tasks);
    the next task starts from an empty one."""
    with _counters_lock:
        _counters.clear()


def count_task(fen: str, chess960: bool, depth: int, stats: bool, tasks: bytes, paths: array,
               hash_mb: int, seed: int, threads: int, method: Optional[str]) -> Result:
    """One task, where it runs (a Dask worker imports this): its chunk's total."""
    counter = _counter(fen, chess960, 0 if stats else hash_mb, seed, threads, method)  # stats: no table
    return chunk_total(counter.count(tasks, depth, stats), paths, stats)  # type: ignore[attr-defined]
