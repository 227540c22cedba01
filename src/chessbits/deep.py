"""Deep perft: the tree split into the distinct positions ``split`` plies down (each with the
number of paths reaching it), those positions counted in chunks ("tasks") by C threads that
share one transposition table, the chunk totals multiplied out and summed in Python integers
(perft(13) passes 64 bits). A checkpoint file records each finished task, so a stopped or
crashed run resumes where it was with nothing lost or counted twice; ``dask=`` sends the tasks
to a Dask cluster instead (chessbits.deep_dask).

>>> from chessbits import Board
>>> perft_deep(Board(), 5, hash_mb=16)
4865609
"""
import hashlib
import json
import os
import threading
import time
from array import array
from collections import deque
from dataclasses import dataclass
from typing import Callable, Deque, Dict, List, Optional, Tuple

from . import _core
from .deep_tasks import STAT_NAMES, Result, add, chunk_total, nodes_of

PACKED_BYTES = _core.PACKED_BYTES
MAX_TASKS = 10_000_000   # distinct positions at the split depth: 64 bytes + 8 for paths each
DEFAULT_CHUNKS = 500     # tasks a run is cut into: the unit of checkpoints and of Dask
CHECKPOINT_VERSION = 1


@dataclass
class Plan:
    """A deep run's tasks: the distinct positions ``split`` plies below the root, packed, with
    their path counts, cut into chunks of consecutive positions."""
    fen: str
    chess960: bool
    depth: int
    split: int
    stats: bool
    seed: int
    tasks: bytes
    paths: array
    bounds: List[Tuple[int, int]]

    @property
    def positions(self) -> int:
        return len(self.paths)

    def chunk(self, i: int) -> Tuple[bytes, array]:
        """The packed positions and path counts of chunk i."""
        a, b = self.bounds[i]
        return self.tasks[a * PACKED_BYTES:b * PACKED_BYTES], self.paths[a:b]

    def header(self) -> Dict[str, object]:
        """What a checkpoint must match to be resumed: the run and a digest of its tasks."""
        digest = hashlib.sha256(self.tasks)
        digest.update(self.paths.tobytes())
        digest.update(json.dumps(self.bounds).encode())
        return {"chessbits_deep_perft": CHECKPOINT_VERSION, "fen": self.fen, "chess960": self.chess960,
                "depth": self.depth, "split": self.split, "stats": self.stats, "seed": self.seed,
                "tasks": len(self.bounds), "positions": self.positions,
                "digest": digest.hexdigest()[:32]}


def default_split(board, depth: int, stats: bool = False) -> int:
    """The shallowest split with at least 1,000 paths (enough tasks to share and to
    report progress on), leaving each task 2 plies (1 with stats) or more.

    >>> from chessbits import Board
    >>> default_split(Board(), 9)
    3
    """
    deepest = max(0, depth - (1 if stats else 2))
    split = 0
    while split < deepest and board.perft(split) < 1000:
        split += 1
    return split


def make_plan(board, depth: int, split: Optional[int] = None, stats: bool = False, seed: int = 0,
              chunks: int = DEFAULT_CHUNKS, max_tasks: int = MAX_TASKS) -> Plan:
    """The tasks of perft ``depth`` below ``board`` split ``split`` plies down (default:
    ``default_split``), in at most ``chunks`` chunks."""
    if split is None:
        split = default_split(board, depth, stats)
    if not 0 <= split <= depth - (1 if stats else 0):
        raise ValueError(f"split must be in 0..{depth - (1 if stats else 0)} for depth {depth}"
                         f"{' with statistics' if stats else ''}, got {split}")
    if chunks < 1:
        raise ValueError(f"chunks must be >= 1, got {chunks}")
    cap = max(1, min(board.perft(split), max_tasks))
    tasks, paths = _core._deep_split(board, split, cap)
    n = len(paths)
    k = min(chunks, n)
    bounds = [(n * i // k, n * (i + 1) // k) for i in range(k)]
    return Plan(board.fen(en_passant="fen"), board.chess960, depth, split, stats, seed, tasks, paths, bounds)


class Checkpoint:
    """The file behind ``checkpoint=``: a JSON header line (the run and a digest of its
    tasks), then one line per finished task, each written and flushed to disk before the
    next is counted. Opening a file that exists resumes from it (refused if it belongs to
    another run); a torn last line (a crash mid-write) is dropped."""

    def __init__(self, path: str, plan: Plan):
        self.path = path
        self.done: Dict[int, Result] = {}
        header = plan.header()
        lines: List[str] = []
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            try:
                theirs = json.loads(lines[0])
            except (ValueError, IndexError):
                raise ValueError(f"{path} is not a chessbits perft checkpoint") from None
            if theirs != header:
                diff = ", ".join(f"{k} {theirs.get(k)!r} (this run: {v!r})" for k, v in header.items()
                                 if theirs.get(k) != v)
                raise ValueError(f"{path} is the checkpoint of another run: {diff}")
            for line in lines[1:]:
                try:
                    record = json.loads(line)
                    self.done[int(record["task"])] = record["result"]
                except (ValueError, KeyError, TypeError):
                    continue  # the torn last line of a crash
        self.resumed = len(self.done)
        tmp = f"{path}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:  # rewritten whole: no torn line stays
            f.write(json.dumps(header) + "\n")
            for i, result in sorted(self.done.items()):
                f.write(json.dumps({"task": i, "result": result}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        self.file = open(path, "a", encoding="utf-8")

    def add(self, i: int, result: Result) -> None:
        self.done[i] = result
        self.file.write(json.dumps({"task": i, "result": result}) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


@dataclass
class Progress:
    """Where a deep run stands, passed to ``progress=`` about twice a second."""
    tasks_done: int       # chunks finished, resumed ones included
    tasks: int
    positions_done: int   # distinct positions counted (of the chunks run in this session too)
    positions: int
    nodes: int            # leaves of the finished chunks
    elapsed: float        # seconds in this session
    resumed: int          # chunks found finished in the checkpoint
    session_positions: int  # positions counted in this session
    resumed_nodes: int    # leaves of the chunks found finished in the checkpoint
    rate: Optional[float] = None  # positions per second over the last minute (None at first)

    @property
    def eta(self) -> Optional[float]:
        """Seconds left at the last minute's rate over distinct positions (the first minutes
        fill the table and run slower), else this session's; None at first."""
        left = self.positions - self.positions_done
        if self.rate:
            return left / self.rate
        if self.session_positions <= 0 or self.elapsed <= 0:
            return None
        return self.elapsed * left / self.session_positions

    @property
    def session_nodes(self) -> int:
        """Leaves counted in this session (not read from the checkpoint)."""
        return self.nodes - self.resumed_nodes


def _run_local(plan: Plan, pending: List[int], hash_mb: int, threads: int, method: Optional[str],
               on_result: Callable[[int, Result], None], tick: Callable[[int], None]) -> None:
    """The pending chunks on this machine as one queue for the C threads (no pause between
    chunks), counted in a worker thread so Ctrl-C is taken at once; this thread records each
    chunk as its last position is counted. On Ctrl-C the threads stop after their current
    position and the chunks they were in are dropped."""
    from ._core import Board
    counter = _core._DeepCounter(Board(plan.fen, chess960=plan.chess960), hash_mb if not plan.stats else 0,
                                 plan.seed, threads, method)
    words = len(STAT_NAMES) if plan.stats else 1
    spans, start = [], 0  # each pending chunk's positions in the queue
    for i in pending:
        a, b = plan.bounds[i]
        spans.append((i, start, start + b - a))
        start += b - a
    tasks = b"".join(plan.chunk(i)[0] for i in pending)
    counts, finished = array("Q", bytes(max(start, 1) * words * 8)), bytearray(start)
    failed: List[BaseException] = []

    def work() -> None:
        try:
            counter.count(tasks, plan.depth - plan.split, plan.stats, counts, finished)  # type: ignore[attr-defined]
        except BaseException as e:
            failed.append(e)

    def collect() -> None:
        for span in [s for s in spans if _core._deep_finished(finished, s[1], s[2])]:
            spans.remove(span)
            i, a, b = span
            on_result(i, chunk_total(counts[a * words:b * words], plan.chunk(i)[1], plan.stats))

    worker = threading.Thread(target=work, daemon=True, name="chessbits-deep")
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.25)
            collect()
            tick(counter.done)  # type: ignore[attr-defined]
        collect()
        if failed and not isinstance(failed[0], KeyboardInterrupt):
            raise failed[0]
    except KeyboardInterrupt:
        counter.stop()  # type: ignore[attr-defined]
        worker.join()
        collect()
        raise


def perft_deep(board, depth: int, *, hash_mb: int = 1024, threads: Optional[int] = None,
               split: Optional[int] = None, chunks: int = DEFAULT_CHUNKS, checkpoint: Optional[str] = None,
               stats: bool = False, dask=None, seed: int = 0, method: Optional[str] = None,
               progress: Optional[Callable[[Progress], None]] = None) -> Result:
    """Perft ``depth`` of ``board`` for deep runs: the leaf count as an int, or with ``stats``
    chessprogramming's table as a dict (nodes, captures, en_passant, castles, promotions,
    checks, discovery_checks, double_checks, checkmates; counted without a table).

    ``hash_mb``: the transposition table (128-bit keys, shared by the threads; per worker
    process with Dask). ``threads``: C threads (default: every core here; 1 per task with
    Dask). ``split``/``chunks``: the split depth and how many tasks its distinct positions
    make. ``checkpoint``: a file recording each finished task; a file that exists is resumed.
    ``dask``: a scheduler address or a ``distributed.Client``. ``seed``: other hash keys
    (a second run with another seed checks the first). ``progress``: called with a Progress.
    Ctrl-C stops cleanly (KeyboardInterrupt) with the finished tasks in the checkpoint.

    >>> from chessbits import Board
    >>> perft_deep(Board(), 4, stats=True)["checks"]
    469
    """
    if not isinstance(depth, int) or isinstance(depth, bool) or not 0 <= depth <= _core.PERFT_MAX_DEPTH:
        raise ValueError(f"depth must be an int in 0..{_core.PERFT_MAX_DEPTH}, got {depth!r}")
    if not isinstance(hash_mb, int) or isinstance(hash_mb, bool) or not 0 <= hash_mb <= _core.MAX_HASH_MB:
        raise ValueError(f"hash_mb must be an int in 0..{_core.MAX_HASH_MB}, got {hash_mb!r}")
    if threads is None:
        threads = 1 if dask is not None else (os.cpu_count() or 1)
    if stats and depth < 1:
        raise ValueError("statistics need depth >= 1")
    plan = make_plan(board, depth, split, stats, seed, chunks)
    store = Checkpoint(checkpoint, plan) if checkpoint else None
    done: Dict[int, Result] = dict(store.done) if store else {}
    resumed = len(done)
    pending = [i for i in range(len(plan.bounds)) if i not in done]
    resumed_positions = sum(b - a for i, (a, b) in enumerate(plan.bounds) if i in done)
    start = time.perf_counter()
    resumed_nodes = sum(nodes_of(r) for r in done.values())
    state = {"positions": 0, "nodes": resumed_nodes, "live": 0}

    samples: Deque[Tuple[float, int]] = deque()

    def report() -> None:
        if progress:
            now, session = time.perf_counter(), state["positions"] + state["live"]
            samples.append((now, session))
            while len(samples) > 2 and samples[1][0] <= now - 60:
                samples.popleft()
            then, before = samples[0]
            rate = (session - before) / (now - then) if now - then >= 10 and session > before else None
            progress(Progress(len(done), len(plan.bounds), resumed_positions + session, plan.positions,
                              state["nodes"], now - start, resumed, session, resumed_nodes, rate))

    def on_result(i: int, result: Result) -> None:
        if i in done:
            return
        done[i] = result
        if store:
            store.add(i, result)
        a, b = plan.bounds[i]
        state["positions"] += b - a
        state["nodes"] += nodes_of(result)

    def tick(live_positions: int) -> None:
        state["live"] = max(0, live_positions - state["positions"])
        report()

    try:
        report()
        if pending and dask is not None:
            from . import deep_dask
            deep_dask.run(dask, plan, pending, hash_mb, threads, method, on_result, report)
        elif pending:
            _run_local(plan, pending, hash_mb, threads, method, on_result, tick)
    finally:
        report()  # also on Ctrl-C: the last word on what was done
        if store:
            store.close()
    total: Optional[Result] = None
    for i in range(len(plan.bounds)):
        total = add(total, done[i])
    if total is None:  # no tasks: a root with nothing below the split
        return dict.fromkeys(STAT_NAMES, 0) if stats else 0
    return total
