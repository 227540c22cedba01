"""Every position of every published suite in tests/data against its node counts.

Default run: the depths whose count is at most DEFAULT_MAX_NODES. With --runslow:
every depth up to each file's last one, up to SLOW_MAX_NODES per count (the
start position's depth 15 is out of reach). A failure shows the divide and, where
python-chess is fast enough, the exact position and move where it disagrees."""
import os
from pathlib import Path

import pytest

from chessbits import Board, attacks, suites
from chessbits.cli.suite import explain  # the counts, and where python-chess parts from us

DATA = Path(__file__).parent / "data"
DEFAULT_MAX_NODES = 100_000
SLOW_MAX_NODES = int(float(os.environ.get("CHESSBITS_SLOW_MAX_NODES", "1e11")))

FILES = {  # file -> Chess960 mode (None: detected from the castling field)
    "cpw-perft-results.epd": False,
    "grandchesstree-perft-canonical-deep.epd": False,
    "ethereal-standard.epd": False,
    "ethereal-fischer.epd": True,
    "python-chess-chess960.perft": True,
    "python-chess-tricky.perft": True,
    "python-chess-random.perft": False,
}


def run(entries, max_nodes, min_nodes=0, method=None, threads=1):
    failures, checked = [], 0
    for entry in entries:
        board = Board(entry.fen, chess960=entry.chess960)
        for depth, nodes in sorted(entry.depths.items()):
            if nodes > max_nodes:
                break
            if nodes < min_nodes:
                continue
            got = board.perft(depth, method=method, threads=threads)
            checked += 1
            if got != nodes:
                failures.append(explain(entry, depth, got, method))
                break
    assert not failures, f"{len(failures)} failures, first:\n" + "\n\n".join(failures[:3])
    return checked


@pytest.mark.parametrize("name", FILES)
def test_suite_default_depths(name):
    entries = suites.load(str(DATA / name), FILES[name])
    assert run(entries, DEFAULT_MAX_NODES) >= len(entries)


@pytest.mark.baseline
def test_standard_suite_depth_3_default_method():
    entries = suites.load(str(DATA / "ethereal-standard.epd"))
    for e in entries:
        e.depths = {d: n for d, n in e.depths.items() if d <= 3}
    assert run(entries, 10**9) == sum(len(e.depths) for e in entries)


@pytest.mark.parametrize("method", attacks.PERFT_METHODS)
def test_every_method_runs_the_standard_suite_to_depth_3(method):
    entries = suites.load(str(DATA / "ethereal-standard.epd"))
    for e in entries:
        e.depths = {d: n for d, n in e.depths.items() if d <= 3}
    assert run(entries, 10**9, method=method) == sum(len(e.depths) for e in entries)


@pytest.mark.parametrize("method", attacks.PERFT_METHODS)
def test_every_method_on_chess960_and_tricky_positions(method):
    entries = suites.load(str(DATA / "python-chess-tricky.perft"), True)
    entries += suites.load(str(DATA / "ethereal-fischer.epd"), True)[::40]
    assert run(entries, 50_000, method=method) > 0


def _slow_params():
    params = []
    for name, chess960 in FILES.items():
        n = len(suites.load(str(DATA / name), chess960))
        step = 250
        for start in range(0, n, step):
            params.append(pytest.param(name, start, step, id=f"{name}[{start}:{start + step}]"))
    return params


@pytest.mark.slow
@pytest.mark.parametrize("name, start, step", _slow_params())
def test_suite_all_depths(name, start, step):
    entries = suites.load(str(DATA / name), FILES[name])[start:start + step]
    run(entries, SLOW_MAX_NODES, min_nodes=DEFAULT_MAX_NODES + 1, threads=os.cpu_count() or 1)
