"""``chessbits perft ... --hash/--split/--checkpoint/--dask``: deep perft (chessbits.deep) with a
progress line, ETA, Ctrl-C that keeps what was done, resume, and --verify's second run."""
import argparse
import json
import os
import sys
import time
from typing import Dict, Optional, Tuple, Union

from .common import BadInput, Interrupted, Status, bar, seconds, speed, stats_table

DEFAULT_HASH_MB = 1024


def wanted(args: argparse.Namespace) -> bool:
    """True if the options ask for the deep path."""
    return (args.hash is not None or args.split is not None or args.checkpoint is not None
            or args.dask is not None or args.seed is not None or args.verify or args.tasks is not None
            or (args.stats and (args.threads or 1) > 1))


def once(fen: str, depth: int, chess960: bool, args: argparse.Namespace, seed: int,
         checkpoint: Optional[str]) -> Tuple[Union[int, Dict[str, int]], object]:
    """One deep run with its status line: (result, its last Progress); Ctrl-C reports and
    raises Interrupted."""
    from .. import Board
    from ..deep import perft_deep

    status = Status(plain_every=30.0)
    seen: Dict[str, object] = {"last": None}

    def progress(p) -> None:
        if p.resumed and seen["last"] is None:
            print(f"resuming from {checkpoint}: {p.resumed} of {p.tasks} tasks already counted "
                  f"({p.nodes:,} nodes)", file=sys.stderr, flush=True)
        seen["last"] = p
        eta = "" if p.eta is None else f", ETA {seconds(p.eta)}"
        rate = f"{speed(p.session_nodes, p.elapsed)}, " if p.session_nodes else ""
        status.show(f"perft {depth}: {bar(p.positions_done, p.positions)} {p.tasks_done}/{p.tasks} tasks, "
                    f"{p.nodes:,} nodes, {rate}{seconds(p.elapsed)}{eta}")

    try:
        result = perft_deep(Board(fen, chess960=chess960), depth, hash_mb=args.hash, threads=args.threads,
                            split=args.split, chunks=args.tasks, checkpoint=checkpoint, stats=args.stats,
                            dask=args.dask, seed=seed, method=args.method, progress=progress)
        return result, seen["last"]
    except KeyboardInterrupt:
        status.clear()
        last = seen["last"]
        kept = (f"saved in {checkpoint}: the same command resumes" if checkpoint
                else "not saved (--checkpoint FILE keeps finished tasks)")
        done = f"{last.tasks_done} of {last.tasks}" if last else "no"  # type: ignore[attr-defined]
        print(f"interrupted: {done} tasks done, {kept}", file=sys.stderr)
        raise Interrupted from None
    except (ValueError, ImportError, OSError) as e:
        status.clear()
        raise BadInput(str(e)) from None
    finally:
        status.clear()


def run(fen: str, depth: int, chess960: bool, args: argparse.Namespace) -> int:
    from .. import attacks

    if args.compare or getattr(args, "divide", False):
        raise BadInput("--hash, --split, --checkpoint, --dask, --seed, --verify and --tasks run the "
                       "deep perft: not with --compare or --divide")
    if args.hash is None:
        args.hash = 0 if args.stats else DEFAULT_HASH_MB
    if args.tasks is None:
        from ..deep import DEFAULT_CHUNKS
        args.tasks = DEFAULT_CHUNKS
    if args.threads is None and args.dask is None:
        args.threads = os.cpu_count() or 1
    seed = args.seed or 0
    where = f"Dask at {args.dask}, {args.threads or 1} thread(s) per task" if args.dask else f"{args.threads} threads"
    table = "statistics, no hash" if args.stats else f"hash {args.hash:,} MB"
    print(f"perft {depth} of {fen} (deep: {table}, {where}, method {args.method or attacks.DEFAULT}"
          f"{', Chess960' if chess960 else ''}, seed {seed})", flush=True)
    runs = [(seed, args.checkpoint)]
    if args.verify:
        runs.append((seed + 1, f"{args.checkpoint}.verify" if args.checkpoint else None))
    results = []
    for k, (s, checkpoint) in enumerate(runs):
        start = time.perf_counter()
        result, last = once(fen, depth, chess960, args, s, checkpoint)
        elapsed = time.perf_counter() - start
        if k:
            print(f"verify: the second run (seed {s}):")
        if isinstance(result, dict):
            print(stats_table(depth, result))
        else:
            print(f"Nodes searched: {result}")
        counted = last.session_nodes  # type: ignore[attr-defined]
        print(f"Time: {seconds(elapsed)} ({speed(counted, elapsed)})", flush=True)
        if last.resumed:  # type: ignore[attr-defined]
            print(f"(resumed: {last.resumed} of {last.tasks} tasks came from {checkpoint}; "  # type: ignore[attr-defined]
                  f"this session counted {counted:,} nodes)", flush=True)
        results.append(result)
    if args.verify:
        same = results[0] == results[1]
        print("verify: both runs agree" if same else "verify: THE RUNS DISAGREE (a hash collision or a bug)")
    if args.json:
        print(json.dumps(results[0] if isinstance(results[0], dict) else {"nodes": results[0]}))
    return 0 if len(results) == 1 or results[0] == results[1] else 1
