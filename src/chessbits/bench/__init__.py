"""Benchmarks printed as tables: side by side in one run, medians, ratios.

``chessbits bench attacks`` runs :func:`chessbits.bench.attacks.main`.
"""
import gc
import os
import platform
import statistics
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple


def machine() -> str:
    """One line naming the CPU, core count, compiler and Python, for result tables."""
    from .._core import build_info

    info = build_info()
    model = _cpu_model()  # a VM's may say only "AMD EPYC": the family and model tell the core
    model = f"{model} ({info['cpu']})" if model else info["cpu"]
    return (f"{model}, {os.cpu_count()} cores; {info['compiler']}; "
            f"Python {platform.python_version()}")


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def local_cluster(workers: int) -> Any:
    """A Dask LocalCluster of `workers` single-threaded processes, its workers started without
    Dask's MALLOC_TRIM_THRESHOLD_ (with it glibc hands every large array back and faults it in
    anew: encode.stream ran 2.5x slower in such a worker, 2.5 s against 1.05 s)."""
    import dask
    import distributed
    environ = {k: v for k, v in dask.config.get("distributed.nanny.pre-spawn-environ").items()
               if k != "MALLOC_TRIM_THRESHOLD_"}
    with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}):  # (read as the workers start)
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=40)


CLUSTER_CPU_HEADERS = ["worker CPU s", "largest worker's", "client, scheduler, nannies CPU s", "cores busy",
                       "busiest's speedup"]


def cluster_cpu(client: Any) -> Callable[[], Tuple[float, List[float]]]:
    """A clock of CPU seconds (user + system) used so far: (this process's, each worker
    process's). A LocalCluster's scheduler and nannies run on this process's threads beside the
    client (psutil comes with distributed)."""
    import psutil

    def seconds(process: Any) -> float:
        times = process.cpu_times()
        return times.user + times.system
    here = psutil.Process()
    workers = [psutil.Process(pid) for pid in client.run(os.getpid).values()]
    return lambda: (seconds(here), [seconds(worker) for worker in workers])


def cluster_cpu_cells(before: Tuple[float, List[float]], after: Tuple[float, List[float]], runs: int,
                      seconds: float, first: Optional[float]) -> Tuple[List[str], float]:
    """(CLUSTER_CPU_HEADERS' cells, the busiest process's CPU seconds) for a run of `seconds`
    (the median) on a cluster, from its cluster_cpu clock read before and after `runs` such
    runs; `first`: the one-worker cluster's busiest (None: this is it). The busiest's speedup
    is what the cluster would run at with a core for every process, the busiest setting the
    pace: the scaling a 2-core machine cannot show."""
    here = (after[0] - before[0]) / runs
    workers = [(b - a) / runs for a, b in zip(before[1], after[1])]
    busiest = max(here, *workers)
    return [f"{sum(workers):.3f}", f"{max(workers):.3f}", f"{here:.3f}", f"{(here + sum(workers)) / seconds:.2f}",
            f"{(first or busiest) / busiest:.2f}x"], busiest


def median(values: Iterable[float]) -> float:
    """The median of some measurements."""
    return statistics.median(list(values))


def interleaved(fns: Sequence[Callable[[], Any]], rounds: int, collect: Sequence[bool] = (),
                keep: Callable[[Any], Any] = lambda value: value,
                setup: Sequence[Optional[Callable[[], Any]]] = (),
                each: Optional[List[List[float]]] = None) -> List[Tuple[float, Any]]:
    """(median seconds, keep(last result)) of each fn, every round timing each once in turn: a
    machine that slows down for a while slows every row alike, not the rows measured then.
    collect[i]: fn i pays for the reference cycles it leaves (a timed gc.collect() after it)
    and for no other row's (an untimed one before it), as rows that make game trees must: else
    one library's garbage is freed in the next row's time. keep runs outside the time (a digest
    of a large result: held results would be traversed by every later collection), as does
    setup[i], if given, before each run of fn i (a fresh start for it). each, if given, gets
    every round's seconds of each fn (for ratios of rows timed side by side)."""
    times: List[List[float]] = [[] for _ in fns]
    results: List[Any] = [None] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            cycles = i < len(collect) and collect[i]
            if cycles:
                gc.collect()
            prepare = setup[i] if i < len(setup) else None
            if prepare is not None:
                prepare()
            start = time.perf_counter()
            value = fn()
            if cycles:
                gc.collect()
            times[i].append(time.perf_counter() - start)
            results[i] = keep(value)
            del value
    if each is not None:
        each[:] = times
    return [(median(t), r) for t, r in zip(times, results)]


def pythons(ap: Any, specs: Sequence[str]) -> Dict[str, str]:
    """The interpreters to time, by label: this one as "chessbits", then each ``--chessbits
    LABEL=PYTHON`` of specs; a malformed spec is the parser ap's error."""
    found = {"chessbits": sys.executable}
    for spec in specs:
        label, sep, python = spec.partition("=")
        if not sep or not label or not python or label in found:
            ap.error(f"--chessbits takes LABEL=PYTHON with a new LABEL, got {spec!r}")
        found[label] = python
    return found


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table (right-aligned numbers), printable and pastable into the docs."""
    cells = [[str(c) for c in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [all(_is_number(r[i]) for r in cells[1:]) for i in range(len(headers))]

    def fmt(row: List[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if n else c.ljust(w)
                                 for c, w, n in zip(row, widths, numeric)) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if n else ("-" * (w + 2))
                          for w, n in zip(widths, numeric)) + "|"
    return "\n".join([fmt(cells[0]), rule] + [fmt(r) for r in cells[1:]])


def _is_number(text: str) -> bool:
    try:
        float(text.replace(",", "").rstrip("x"))
        return True
    except ValueError:
        return text in ("", "-")
