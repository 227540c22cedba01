"""What docs/compatibility.md promises about threads, under stress: perft, perft_stats, divide (also
threaded and hashed), the CLI's live divide and the suite runner count with the GIL
released on a copy taken at the call, so other threads may meanwhile push and pop on that
same Board and play on Boards of their own; module tables are read-only. Every count must
be one the position had at some moment of the call, and every private game must end where
the same game played alone ends."""
import argparse
import random
import sys
import threading
import time

import pytest

import chessbits
from chessbits.cli.perft import live_divide
from chessbits.cli.suite import check
from chessbits.suites import parse_text

START = chessbits.Board()
CHILDREN = [m.uci() for m in START.legal_moves]
# every position the mutator leaves the shared Board in: the start and its 20 children
SNAPSHOTS = [START.copy()] + [(lambda b, u: (b.push_uci(u), b)[1])(START.copy(), u) for u in CHILDREN]
PERFT3 = {b.perft(3) for b in SNAPSHOTS}
STATS2 = [b.perft_stats(2) for b in SNAPSHOTS]
DIVIDE3 = [b.divide(3) for b in SNAPSHOTS]
SUITE = parse_text("""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238
""")


def private_game(seed: int, plies: int = 60) -> str:
    """A seeded random game with a perft(2) at every ply; the final FEN and the counts."""
    rng, board, counts = random.Random(seed), chessbits.Board(), []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        counts.append(board.perft(2))
    return f"{board.fen()} {sum(counts)}"


ROUNDS = 60
ALONE = {seed: private_game(seed) for seed in range(4)}


@pytest.fixture
def fast_switches():
    """Thread switches every 20 µs instead of 5 ms: more interleavings per second."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(2e-5)
    yield
    sys.setswitchinterval(old)


def test_counts_on_a_board_other_threads_keep_moving(fast_switches):
    shared, stop, errors = chessbits.Board(), threading.Event(), []
    rounds, seen = {"mutations": 0, "counts": 0}, set()

    def mutate():
        rng = random.Random(1)
        while not stop.is_set():
            shared.push_uci(rng.choice(CHILDREN))
            shared.pop()
            rounds["mutations"] += 1

    def wait_for_a_mutation():
        start, deadline = rounds["mutations"], time.monotonic() + 30
        while rounds["mutations"] == start and time.monotonic() < deadline:
            time.sleep(1e-4)

    def count(kind: str):
        args = argparse.Namespace(method=None, threads=2, variant=None)
        try:
            for i in range(ROUNDS):
                if kind == "perft":
                    wait_for_a_mutation()  # else a starved mutator may sit on one position all along
                    seen.add(shared.perft(3, threads=1 + i % 2))
                    assert seen <= PERFT3
                elif kind == "hashed":
                    assert shared.perft(3, hash_mb=1, threads=1 + i % 2) in PERFT3
                elif kind == "stats":
                    assert shared.perft_stats(2) in STATS2
                elif kind == "divide":
                    assert shared.divide(3, threads=1 + i % 2) in DIVIDE3
                elif kind == "live_divide":
                    assert dict((u, n) for u, n, _ in live_divide(shared, 3, None, 1)) in DIVIDE3
                elif kind == "suite":
                    for entry in SUITE:
                        assert check(entry, sorted(entry.depths), args) == (len(entry.depths), None)
                elif kind == "private":
                    assert private_game(i % 4) == ALONE[i % 4]
                rounds["counts"] += 1
        except BaseException as e:  # reported by the main thread
            errors.append(f"{kind}: {e!r}")

    mutator = threading.Thread(target=mutate)
    workers = [threading.Thread(target=count, args=(k,))
               for k in ("perft", "hashed", "stats", "divide", "live_divide", "suite", "private")]
    mutator.start()
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=300)
    stop.set()
    mutator.join(timeout=60)
    assert not errors, errors
    assert rounds["counts"] == ROUNDS * len(workers)
    assert rounds["mutations"] > 100 and len(seen) > 1, (rounds, seen)  # the counts saw it move
    assert shared.fen() == START.fen() and not shared.move_stack


def test_private_boards_in_many_threads_play_as_alone(fast_switches):
    results, threads = {}, []
    for seed in range(4):
        for copy in range(2):
            t = threading.Thread(target=lambda s=seed, c=copy: results.__setitem__((s, c), private_game(s)))
            threads.append(t)
            t.start()
    for t in threads:
        t.join(timeout=300)
    assert results == {(s, c): ALONE[s] for s in range(4) for c in range(2)}


def _perft_in_child(queue) -> None:
    queue.put(chessbits.Board().perft(4, threads=3))


def test_the_worker_pool_across_callers_sizes_and_fork():
    """The threads kept between calls (ext/workers.c): calls of every size in a row, from
    several Python threads at once (one runs on the pool, the others on threads of their own),
    and in a child process forked after the pool started, each count the single thread's."""
    want = {depth: chessbits.Board().perft(depth) for depth in (3, 4)}
    for threads in (2, 5, 3, 2, 8, 1):
        assert chessbits.Board().perft(4, threads=threads) == want[4]
    seen, errors = [], []

    def caller(k: int) -> None:
        try:
            for _ in range(20):
                seen.append(chessbits.Board().perft(3, threads=2 + k % 3) == want[3])
        except Exception as error:  # (reported below)
            errors.append(error)
    callers = [threading.Thread(target=caller, args=(k,)) for k in range(4)]
    for thread in callers:
        thread.start()
    for thread in callers:
        thread.join()
    assert not errors and seen == [True] * 80
    if sys.platform.startswith("linux"):
        import multiprocessing
        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        child = context.Process(target=_perft_in_child, args=(queue,))
        child.start()
        assert queue.get(timeout=60) == want[4]
        child.join(timeout=60)
        assert child.exitcode == 0
