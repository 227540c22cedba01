"""``chessbits perft`` and ``divide``: counts, live divide, and --compare with its drill-down."""
import argparse
import contextlib
import json
import queue
import sys
import threading
import time
from typing import Callable, Dict, Iterator, List, Optional, Tuple

from .._core import PERFT_MAX_DEPTH
from ..deep_tasks import STAT_NAMES
from ..positions import NAMED
from .common import BadInput, Interrupted, Status, bar, columns, seconds, speed, stats_table

POSITIONS = {name: NAMED[name] for name in ("startpos", "kiwipete")}  # the names the command takes


def live_divide(board, depth: int, method: Optional[str], threads: int,
                stats: bool = False) -> Iterator[Tuple[str, object, float]]:
    """``board.divide(depth)`` one root move at a time, sorted by UCI: yields
    ``(uci, nodes, seconds since start)`` as each finishes (with ``stats``, nodes is
    ``perft_stats``'s dict; depth >= 2 then).

    The C perft runs in a worker thread: it releases the GIL but cannot see Ctrl-C,
    so the main thread waits here and takes Ctrl-C at once (the worker is a daemon
    and dies with the process). One thread for all moves keeps the overhead out of
    the timing.

    >>> from chessbits import Board
    >>> [(uci, n) for uci, n, _ in live_divide(Board("7k/8/8/8/8/8/8/K7 w - - 0 1"), 2, None, 1)]
    [('a1a2', 3), ('a1b1', 3), ('a1b2', 3)]
    """
    child = board.copy()  # here, not in the worker: the position of the call, whatever moves after
    options = {"method": method} if method else {}
    moves = sorted(move.uci() for move in child.legal_moves)
    results: "queue.Queue[object]" = queue.Queue()

    def work() -> None:
        start = time.perf_counter()
        try:
            for uci in moves:
                child.push_uci(uci)
                nodes = (child.perft_stats(depth - 1) if stats
                         else child.perft(depth - 1, threads=threads, **options))
                child.pop()
                results.put((uci, nodes, time.perf_counter() - start))
        except BaseException as e:  # re-raised in the main thread
            results.put(e)

    threading.Thread(target=work, daemon=True, name="perft").start()
    for _ in moves:
        item = results.get()
        if isinstance(item, BaseException):
            raise item
        yield item  # type: ignore[misc]


def parse_position(words: List[str], chess960: bool, note: bool = True,
                   variant: Optional[str] = None) -> Tuple[str, int, bool]:
    """``[FEN words | startpos | kiwipete] DEPTH`` -> (normalized FEN, depth, chess960);
    with ``note``, a line on stderr if python-chess calls the position invalid. For a
    variant (its python-chess name), startpos is the variant's and the FEN may carry its
    parts (crazyhouse's pockets, three-check's checks)."""
    from .. import Board
    from ..suites import detect_chess960
    from ..variant import find_variant

    *position, depth_text = words
    text = " ".join(position) or "startpos"
    try:
        depth = int(depth_text)
    except ValueError:
        depth = 0
    if not 1 <= depth <= PERFT_MAX_DEPTH:
        raise BadInput(f"depth must be a positive integer (at most {PERFT_MAX_DEPTH}), got {depth_text!r}")
    if variant:
        cls = find_variant(variant)
        fen = cls.starting_fen if text.lower() == "startpos" else POSITIONS.get(text.lower(), text)
        try:
            chess960 = chess960 or cls(fen).has_chess960_castling_rights()
            return cls(fen, chess960=chess960).fen(), depth, chess960
        except ValueError as e:
            raise BadInput(f"bad {variant} FEN {text!r}: {e}") from None
    fen = POSITIONS.get(text.lower(), text)
    chess960 = chess960 or detect_chess960(fen)
    try:
        board = Board(fen, chess960=chess960)
    except ValueError as e:
        raise BadInput(f"bad FEN {text!r}: {e}") from None
    problems = [flag.name for flag in type(board.status()) if flag and flag in board.status()]
    if problems and note:
        print(f"note: python-chess calls this position invalid ({', '.join(problems)}); "
              "counted by python-chess's rules on the general path", file=sys.stderr)
    return board.fen(en_passant="fen"), depth, chess960


def headline(fen: str, depth: int, args: argparse.Namespace, chess960: bool) -> str:
    from .. import attacks
    threads = f"{args.threads} thread" + ("s" if args.threads > 1 else "")
    rules = (f"{args.variant}, " if args.variant else f"method {args.method or attacks.DEFAULT}, ") + threads
    return f"perft {depth} of {fen} ({rules}{', Chess960' if chess960 else ''})"


def shown_divide(board, depth: int, method: Optional[str], threads: int, label: str,
                 each: Callable[[str, object], None], stats: bool = False,
                 quiet: bool = False) -> float:
    """``live_divide`` with a status line on a terminal (unless ``quiet``), calling
    ``each(uci, result)`` per root move; returns the seconds taken. On Ctrl-C (also
    while ``each`` runs) a line on stderr says what was done, then Interrupted."""
    total_moves = len(board.legal_moves)
    done, nodes, status, start = 0, 0, Status(), time.perf_counter()
    elapsed = 0.0
    try:
        for uci, result, elapsed in live_divide(board, depth, method, threads, stats=stats):
            done += 1
            nodes += result["nodes"] if stats else result  # type: ignore[index,operator]
            if not quiet:
                status.show(f"{label}: {bar(done, total_moves)} {done}/{total_moves} root moves, "
                            f"{nodes:,} nodes, {seconds(elapsed)}")
            each(uci, result)
    except KeyboardInterrupt:
        status.clear()
        print(f"interrupted: {done} of {total_moves} root moves done, "
              f"{nodes:,} nodes in {seconds(time.perf_counter() - start)}", file=sys.stderr)
        raise Interrupted from None
    status.clear()
    return elapsed if done else time.perf_counter() - start


def run_ours(fen: str, depth: int, args: argparse.Namespace, chess960: bool,
             label: str = "perft") -> Tuple[Dict[str, int], float]:
    """Our divide with live output: divide lines on stdout with --divide, else a
    status line on a terminal. Ctrl-C prints what was done, then Interrupted."""
    from ..compare import position

    counts: Dict[str, int] = {}

    def each(uci: str, nodes: object) -> None:
        counts[uci] = nodes  # type: ignore[assignment]
        if args.divide:
            print(f"{uci}: {nodes}", flush=True)

    elapsed = shown_divide(position(fen, chess960, args.variant), depth, args.method, args.threads, label,
                           each, quiet=args.divide)
    return counts, elapsed


def run_stats(fen: str, depth: int, args: argparse.Namespace, chess960: bool) -> int:
    """--stats: chessprogramming's perft table for one depth, root move by root move (by a
    variant's rules with --variant)."""
    from .. import attacks
    from ..compare import position

    board = position(fen, chess960, args.variant)
    if not board.is_valid():
        raise BadInput("--stats needs a valid position (python-chess's status() empty)")
    rules = args.variant or f"method {attacks.DEFAULT}"
    print(f"perft {depth} of {fen} (statistics, {rules}, 1 thread)", flush=True)
    start = time.perf_counter()
    if depth == 1:
        totals = board.perft_stats(1)
    else:
        totals = dict.fromkeys(STAT_NAMES, 0)

        def add(_: str, child: object) -> None:
            for name in totals:
                totals[name] += child[name]  # type: ignore[index]
        shown_divide(board, depth, None, 1, "perft --stats", add, stats=True)
    elapsed = time.perf_counter() - start
    print(stats_table(depth, totals))
    print(f"Time: {seconds(elapsed)} ({speed(totals['nodes'], elapsed)})")
    if args.json:
        print(json.dumps(totals))
    return 0


def run(args: argparse.Namespace) -> int:
    from . import deep

    if args.variant:
        if args.method or deep.wanted(args):
            raise BadInput("--variant counts with the variant's own rules: not with --method or the "
                           "deep-run options")
    fen, depth, chess960 = parse_position(args.position, args.chess960, note=not (args.stats or deep.wanted(args)),
                                          variant=args.variant)
    if args.stats and (args.compare or args.divide):
        raise BadInput("--stats counts one table for the whole tree: not with --compare or --divide")
    if deep.wanted(args):
        return deep.run(fen, depth, chess960, args)
    args.threads = args.threads or 1
    if args.stats:
        return run_stats(fen, depth, args, chess960)
    if args.compare:
        return compare(fen, depth, args, chess960)
    print(headline(fen, depth, args, chess960), flush=True)
    counts, elapsed = run_ours(fen, depth, args, chess960)
    nodes = sum(counts.values())
    if args.divide:
        print()
    print(f"Nodes searched: {nodes}")
    print(f"Time: {seconds(elapsed)} ({speed(nodes, elapsed)})")
    if args.json:
        print(json.dumps({"nodes": nodes}))
    return 0


def their_divider(command: str, chess960: bool, timeout: float, stack,
                  variant: Optional[str] = None) -> Tuple[str, Callable]:
    """(name, divider) for --compare: python-chess (its board for variant, if named), or a
    UCI engine started here and quit when ``stack`` closes."""
    from .. import compare
    from ..uci import UciEngine

    if command == "python-chess":
        try:
            import chess  # noqa: F401
        except ImportError:
            raise BadInput("python-chess is not installed (pip install chess)") from None
        return "python-chess", compare.python_chess_divider(chess960, variant)
    engine = stack.enter_context(UciEngine.popen_uci(command, chess960=chess960, timeout=timeout, variant=variant))
    return engine.name, engine.divide


def compare(fen: str, depth: int, args: argparse.Namespace, chess960: bool) -> int:
    """Perft on both sides, both counts and times; drill down when they differ."""
    from .. import compare

    print(headline(fen, depth, args, chess960), flush=True)
    with contextlib.ExitStack() as stack:
        name, theirs_divide = their_divider(args.compare, chess960, args.timeout, stack, args.variant)
        ours, our_time = run_ours(fen, depth, args, chess960, label="chessbits")
        if args.divide:
            print(f"\nNodes searched: {sum(ours.values())}", flush=True)
        status, done = Status(), {}

        def progress(uci: str, nodes: int) -> None:
            done[uci] = nodes
            status.show(f"{name}: {bar(len(done), len(ours))} {len(done)}/{len(ours)} root moves, "
                        f"{sum(done.values()):,} nodes, {seconds(time.perf_counter() - start)}")

        start = time.perf_counter()
        try:
            theirs = theirs_divide(fen, depth, progress=progress)
        except KeyboardInterrupt:
            status.clear()
            print(f"interrupted: chessbits {sum(ours.values()):,} nodes in {seconds(our_time)}; "
                  f"{name} {len(done)} of {len(ours)} root moves done", file=sys.stderr)
            raise Interrupted from None
        except ValueError as e:  # python-chess refusing a position we accept
            raise BadInput(f"{name} cannot set up {fen}: {e}") from None
        their_time = time.perf_counter() - start
        status.clear()

        a, b = sum(ours.values()), sum(theirs.values())
        print()
        print(columns([["", "nodes", "time", "speed"],
                       ["chessbits", f"{a:,}", seconds(our_time), speed(a, our_time)],
                       [name, f"{b:,}", seconds(their_time), speed(b, their_time)]]))
        # nodes/s ratio, as the counts may differ; plain time ratio when a side counted none
        ratio = max(their_time, 1e-9) / max(our_time, 1e-9) * (a / b if a and b else 1)
        times = ratio if ratio >= 1 else 1 / ratio
        faster = f"{times:,.{0 if times >= 10 else 1}f}x " + ("faster" if ratio >= 1 else "slower")
        print()
        if ours == theirs:
            print(f"The counts agree; chessbits was {faster} than {name}.")
            return 0
        what = "the counts differ" if a != b else "the totals agree but the divides differ"
        print(f"{what[0].upper()}{what[1:]} ({a:,} vs {b:,}): drilling down.", flush=True)
        found = compare.find_disagreement(
            fen, depth, compare.chessbits_divider(chess960, args.method, args.threads, args.variant), theirs_divide,
            chess960=chess960, known=(ours, theirs), names=("chessbits", name), variant=args.variant,
            progress=lambda line: print(f"  {line}", flush=True))
        print(found if found else "the divides one ply down agree: one side is not deterministic")
        return 1
