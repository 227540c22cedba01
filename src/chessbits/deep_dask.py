"""Deep perft on a Dask cluster (``pip install chessbits[dask]``): each task (a chunk of
distinct positions, chessbits.deep) runs ``chessbits.deep_tasks.count_task`` on a worker, whose
process keeps one transposition table for every task it runs (shared by the tasks it runs at
once). Dask reruns the task of a worker that dies; the client records each result in the
checkpoint as it arrives. Imported only when ``dask=`` is given.

Start a cluster: ``dask scheduler`` on one machine (it prints ``tcp://HOST:8786``), then
``dask worker tcp://HOST:8786 --nthreads CORES --nworkers 1`` on each machine with chessbits
installed; run ``chessbits perft startpos 11 --dask tcp://HOST:8786 --hash MB``.
"""
import uuid
from typing import Any, Callable, List, Optional

from .deep_tasks import Result, count_task


def client_for(address):
    """A ``distributed.Client`` for an address, or the Client given."""
    try:
        from distributed import Client
    except ImportError:
        raise ImportError("the Dask backend needs the distributed package: "
                          "pip install 'chessbits[dask]'") from None
    # ours for the run only: the caller's default client stays theirs
    return address if isinstance(address, Client) else Client(address, set_as_default=False)


def run(address: Any, plan: Any, pending: List[int], hash_mb: int, threads: int,
        method: Optional[str], on_result: Callable[[int, Result], None],
        report: Callable[[], None]) -> None:
    """The pending chunks of plan (a chessbits.deep.Plan) as Dask tasks; on_result(i, result) as
    each arrives. Ctrl-C cancels the tasks still queued."""
    from distributed import as_completed

    client = client_for(address)
    depth = plan.depth - plan.split
    run_id = f"{str(plan.header()['digest'])[:12]}-{uuid.uuid4().hex[:8]}"  # a stopped run's keys stay cancelled
    index = {}
    for i in pending:
        tasks, paths = plan.chunk(i)
        future = client.submit(count_task, plan.fen, plan.chess960, depth, plan.stats, tasks, paths,
                               hash_mb, plan.seed, threads, method, key=f"chessbits-perft-{run_id}-{i}")
        index[future] = i
    try:
        # the client's own loop: as_completed would take the default client's, and with two
        # clients in a process (a Client given, another made from an address) results that
        # arrive on one loop are waited for on the other, forever (dask/distributed#4357)
        for future, result in as_completed(list(index), with_results=True, loop=client.loop):
            on_result(index[future], result)
            report()
    except KeyboardInterrupt:
        client.cancel(list(index))
        raise
    finally:
        if client is not address:
            client.close()
