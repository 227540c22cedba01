"""Deep perft side by side: the local C threads against the same tasks on a Dask
LocalCluster (one process with a worker per core sharing one table, and with ``--processes``
a worker process per core, a table each), and the statistics mode on Kiwipete 5. Every count
is asserted against the published one; each round starts with no table filled.

    chessbits bench deep [--depth 9 --hash 8192] [--rounds 3] [--processes]
"""
import logging
import os
import time
from functools import partial
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from . import machine, median, table
from .perft import KIWIPETE, NODES, STARTPOS
from .. import deep, deep_tasks
from .._core import Board
from .._options import Parser, positive, summary


def _timed(count: Callable[[], object], fen: str, depth: int) -> float:
    start = time.perf_counter()
    nodes = deep_tasks.nodes_of(count())  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    if nodes != NODES[(fen, depth)]:
        raise AssertionError(f"perft {depth} of {fen}: got {nodes}, published {NODES[(fen, depth)]}")
    return seconds


def _cluster(processes: bool, cores: int):
    """A started LocalCluster and its Client (the distributed package is needed)."""
    from distributed import Client, LocalCluster
    logging.getLogger("distributed").setLevel(logging.ERROR)  # its start and close chatter
    # ":0": the scheduler's HTTP server (it always has one) on a free port, not 8787
    cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=processes,
                           dashboard_address=":0", silence_logs=logging.ERROR)
    return cluster, Client(cluster, set_as_default=False)


def _on_dask(client, board, depth: int, hash_mb: int) -> object:
    """perft_deep on the cluster, its workers' tables dropped before and after (a round
    must not start from the last one's filled table)."""
    client.run(deep_tasks.forget_tables)
    try:
        return deep.perft_deep(board, depth, hash_mb=hash_mb, dask=client)
    finally:
        client.run(deep_tasks.forget_tables)


def run(depth: int, hash_mb: int, rounds: int, processes: bool,
        log: Callable[[str], None] = lambda s: None, stats_depth: int = 5) -> List[Dict[str, object]]:
    """Rows (name, perft or statistics, nodes, times) of the interleaved rounds: the start
    position's perft `depth` here and on Dask, Kiwipete's statistics to `stats_depth`."""
    cores = os.cpu_count() or 1
    start, kiwipete = Board(STARTPOS), Board(KIWIPETE)
    jobs: List[Tuple[str, str, int, Callable[[], object]]] = [  # name, fen, depth, count
        (f"local, {cores} threads, one {hash_mb:,} MB table", STARTPOS, depth,
         lambda: deep.perft_deep(start, depth, hash_mb=hash_mb, threads=cores))]
    clusters = []
    try:
        try:
            for kind in [False, True] if processes else [False]:
                cluster, client = _cluster(kind, cores)
                clusters.append((cluster, client))
                mb = hash_mb // cores if kind else hash_mb
                name = (f"Dask LocalCluster, {cores} worker processes, a {mb:,} MB table each" if kind else
                        f"Dask LocalCluster, {cores} in-process workers, one {mb:,} MB table")
                jobs.append((name, STARTPOS, depth, partial(_on_dask, client, start, depth, mb)))
        except ImportError:
            log("(no Dask rows: pip install 'chessbits[dask]')")
        for threads in (1, cores):
            jobs.append((f"statistics, Kiwipete {stats_depth}, {threads} thread{'s' if threads > 1 else ''}",
                         KIWIPETE, stats_depth, partial(deep.perft_deep, kiwipete, stats_depth, stats=True, threads=threads)))
        times: List[List[float]] = [[] for _ in jobs]
        for r in range(rounds):
            for (name, fen, d, count), t in zip(jobs, times):
                t.append(_timed(count, fen, d))
                log(f"round {r + 1}/{rounds}: {name}: {t[-1]:.2f} s")
    finally:
        for cluster, client in clusters:
            client.close()
            cluster.close()
    return [{"name": name, "stats": fen == KIWIPETE, "nodes": NODES[(fen, d)], "times": t}
            for (name, fen, d, _), t in zip(jobs, times)]


def report(rows: List[Dict[str, object]]) -> str:
    """The rows as a table; perft rows relative to the first (the local run)."""
    base = median(rows[0]["times"])  # type: ignore[arg-type]
    out = []
    for r in rows:
        t = median(r["times"])  # type: ignore[arg-type]
        out.append([r["name"], f"{r['nodes']:,}", f"{t:.2f}", f"{int(r['nodes']) / t / 1e6:,.1f}",  # type: ignore[call-overload]
                    "-" if r["stats"] else f"{t / base:.3f}x",
                    ", ".join(f"{x:.2f}" for x in r["times"])])  # type: ignore[attr-defined]
    return table(["run", "nodes", "seconds", "M nodes/s", "time vs local", "every round (s)"], out)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; returns the exit status."""
    ap = Parser(prog="chessbits bench deep", description=summary(__doc__ or ""))
    ap.add_argument("--depth", type=positive, choices=range(3, 11), default=8, metavar="D",
                    help="start position perft depth, 3..10 (default 8)")
    ap.add_argument("--hash", type=positive, default=1024, metavar="MB", help="table size (default 1,024)")
    ap.add_argument("--rounds", type=positive, default=3, help="runs of each, interleaved; medians are shown")
    ap.add_argument("--processes", action="store_true",
                    help="also a LocalCluster of worker processes (a table each, --hash split between them)")
    args = ap.parse_args(argv)
    print(f"Machine: {machine()}")
    print(f"Start position perft {args.depth}, medians of {args.rounds} interleaved rounds; "
          f"clusters started before the rounds.\n", flush=True)
    print(report(run(args.depth, args.hash, args.rounds, args.processes, log=lambda s: print(s, flush=True))))
    return 0
