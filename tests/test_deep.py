"""Deep perft (chessbits.deep): split into distinct positions, hashed tasks on threads, exact sums,
checkpoints and resume, the CLI, and the Dask backend on a LocalCluster."""
import json
import os
import subprocess
import sys

import pytest

import chessbits
from chessbits import Board
from chessbits import deep, deep_tasks
from chessbits.deep import perft_deep
from chessbits.positions import KIWIPETE, NAMED

START = chessbits.STARTING_FEN
POS3, POS4, POS5 = NAMED["pos3"], NAMED["pos4"], NAMED["pos5"]
CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"

# chessprogramming.org's Perft Results and the Chess960 table (published counts)
PUBLISHED = [(START, 6, 119060324), (KIWIPETE, 4, 4085603), (POS3, 6, 11030083), (POS4, 4, 422333),
             (POS5, 4, 2103487)]


@pytest.mark.parametrize("fen,depth,nodes", PUBLISHED)
@pytest.mark.parametrize("split", [None, 0, 1, 3])
def test_published_counts(fen, depth, nodes, split):
    assert perft_deep(Board(fen), depth, hash_mb=16, threads=2, split=split) == nodes


def test_chess960_and_seeds():
    board = Board(CHESS960, chess960=True)
    for seed in (0, 1, 12345):
        assert perft_deep(board, 5, hash_mb=8, threads=2, seed=seed, chunks=7) == 8146062


def test_matches_plain_perft_on_many_positions():
    # deep == plain perft below the positions of random games (promotions, ep, castling on the way)
    import random
    rng = random.Random(7)
    for game in range(12):
        board = Board() if game % 2 == 0 else Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(5, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves.count() == 0:
            continue
        expected = board.perft(4)
        assert perft_deep(board, 4, hash_mb=4, threads=2, split=2, chunks=5) == expected, board.fen()


def test_split_positions_and_paths():
    board = Board()
    plan = deep.make_plan(board, 6, split=4)
    assert plan.positions == 72078          # distinct positions after 4 plies (OEIS A083276)
    assert sum(plan.paths) == 197281        # and every path to them
    assert len(plan.bounds) == deep.DEFAULT_CHUNKS
    assert plan.bounds[0][0] == 0 and plan.bounds[-1][1] == plan.positions


def test_statistics_match_published_rows():
    # the Kiwipete row at depth 4 and the start position at depth 5 (chessprogramming)
    s = perft_deep(Board(KIWIPETE), 4, stats=True, threads=2, split=2)
    assert s == {"nodes": 4085603, "captures": 757163, "en_passant": 1929, "castles": 128013,
                 "promotions": 15172, "checks": 25523, "discovery_checks": 42, "double_checks": 6,
                 "checkmates": 43}
    s = perft_deep(Board(), 5, stats=True, threads=2)
    assert (s["nodes"], s["captures"], s["en_passant"], s["checks"], s["discovery_checks"],
            s["checkmates"]) == (4865609, 82719, 258, 27351, 6, 347)


def test_big_integers():
    # the sum is exact past 64 bits: the paths multiply each task's count as Python ints
    counts = deep.array("Q", [2**63, 2**63])
    assert deep_tasks.chunk_total(counts, deep.array("Q", [3, 5]), False) == 8 * 2**63


def test_bad_arguments():
    with pytest.raises(ValueError, match="split"):
        perft_deep(Board(), 3, split=4)
    with pytest.raises(ValueError, match="depth"):
        perft_deep(Board(), -1)
    with pytest.raises(ValueError, match="valid position"):
        perft_deep(Board("8/8/8/8/8/8/8/8 w - - 0 1"), 3)
    with pytest.raises(ValueError, match="distinct positions"):
        deep.make_plan(Board(), 6, split=4, max_tasks=1000)


class StopAfter:
    """A progress callback that presses Ctrl-C once k tasks are done."""

    def __init__(self, k):
        self.k, self.seen = k, []

    def __call__(self, p):
        self.seen.append(p)
        if p.tasks_done >= self.k:
            raise KeyboardInterrupt


def test_checkpoint_resume(tmp_path):
    path = str(tmp_path / "run.json")
    board, stop, nodes = Board(), StopAfter(3), 3195901860
    # no hash and the slow reference attacks (3.5 s on Zen 4): Ctrl-C at the first tick (0.25 s)
    # comes long before the end, also on a faster machine; the resume below counts with another method
    with pytest.raises(KeyboardInterrupt):
        perft_deep(board, 7, hash_mb=0, threads=1, split=3, chunks=100, checkpoint=path, progress=stop,
                   method="reference")
    lines = open(path).read().splitlines()
    header, done = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert header["depth"] == 7 and header["tasks"] == 100 and 3 <= len(done) < 100
    with open(path, "a") as f:
        f.write('{"task": 99, "resu')  # a crash mid-write: the torn line is dropped
    seen = []
    assert perft_deep(board, 7, hash_mb=16, threads=2, split=3, chunks=100, checkpoint=path,
                      progress=seen.append) == nodes
    last = seen[-1]
    assert last.resumed == len(done) and last.tasks_done == 100
    assert last.resumed_nodes == sum(r["result"] for r in done)
    assert last.session_nodes == nodes - last.resumed_nodes  # nothing counted twice
    # a finished checkpoint answers at once, and another run's is refused
    assert perft_deep(board, 7, split=3, chunks=100, checkpoint=path) == nodes
    with pytest.raises(ValueError, match="another run"):
        perft_deep(board, 7, split=2, chunks=100, checkpoint=path)


def test_board_perft_hash_threads():
    board = Board(KIWIPETE)
    assert board.perft(5, hash_mb=32, threads=2) == 193690690
    assert board.perft(5, hash_mb=32, threads=1) == 193690690
    assert Board().perft(6, hash_mb=1, threads=2, method="incremental") == 119060324
    # tables of any size, not only powers of two
    assert board.perft(4, hash_mb=3, threads=2) == 4085603
    assert Board().perft(6, hash_mb=5, threads=1) == 119060324


def cli(*args, check=True):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-m", "chessbits", "perft", *args], capture_output=True,
                         text=True, env=env, timeout=300)
    if check:
        assert out.returncode == 0, out.stderr
    return out


def test_cli_deep_json_and_resume(tmp_path):
    path = str(tmp_path / "ck.json")
    out = cli("kiwipete", "4", "--hash", "16", "--threads", "2", "--checkpoint", path, "--json")
    assert json.loads(out.stdout.splitlines()[-1]) == {"nodes": 4085603}
    out = cli("kiwipete", "4", "--hash", "16", "--threads", "2", "--checkpoint", path)
    assert "resuming from" in out.stderr and "Nodes searched: 4085603" in out.stdout
    out = cli("startpos", "5", "--verify", "--hash", "8", "--threads", "2")
    assert out.stdout.count("Nodes searched: 4865609") == 2 and "both runs agree" in out.stdout
    out = cli("kiwipete", "3", "--stats", "--threads", "2", "--json")
    assert json.loads(out.stdout.splitlines()[-1])["castles"] == 3162
    out = cli("startpos", "3", "--hash", "8", "--compare", check=False)
    assert out.returncode == 2 and "not with --compare" in out.stderr


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    # ":0": the scheduler's HTTP server (it always has one) on a free port, not 8787
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=40) as c, distributed.Client(c) as client:
        yield c, client


def test_dask_equals_local_and_published(cluster):
    _, client = cluster
    board = Board(KIWIPETE)
    assert perft_deep(board, 4, hash_mb=8, dask=client, chunks=16) == 4085603
    assert perft_deep(board, 3, stats=True, dask=client, chunks=4)["castles"] == 3162
    local = perft_deep(Board(), 6, hash_mb=8, threads=2, chunks=10)
    assert perft_deep(Board(), 6, hash_mb=8, dask=client.scheduler.address, chunks=10) == local == 119060324


def test_cli_dask(cluster):
    _, client = cluster
    out = cli("kiwipete", "3", "--dask", client.scheduler.address, "--hash", "8", "--json")
    assert "Dask at tcp://" in out.stdout and json.loads(out.stdout.splitlines()[-1]) == {"nodes": 97862}


def test_dask_worker_killed_mid_run(cluster, tmp_path):
    c, client = cluster
    killed = []

    def kill_one(p):
        if p.tasks_done >= 2 and not killed:  # a worker dies with tasks in flight
            worker = next(iter(c.workers.values()))
            worker.process.process.kill()
            killed.append(worker)

    path = str(tmp_path / "dask.json")
    assert perft_deep(Board(KIWIPETE), 5, hash_mb=8, dask=client, chunks=40, checkpoint=path,
                      progress=kill_one) == 193690690
    assert killed
    client.wait_for_workers(2, timeout=60)


def test_dask_resume(cluster, tmp_path):
    _, client = cluster
    path = str(tmp_path / "dask.json")
    with pytest.raises(KeyboardInterrupt):
        perft_deep(Board(POS3), 7, hash_mb=8, dask=client, chunks=30, checkpoint=path, progress=StopAfter(2))
    seen = []
    assert perft_deep(Board(POS3), 7, hash_mb=8, dask=client, chunks=30, checkpoint=path,
                      progress=seen.append) == 178633661
    assert seen[-1].resumed >= 2


def test_bench_deep_rounds_start_from_empty_tables(cluster):
    # the benchmark's Dask rows must not time a table the previous round filled
    from chessbits.bench import deep as bench
    _, client = cluster
    assert perft_deep(Board(), 5, hash_mb=8, dask=client) == 4865609
    assert any(client.run(lambda: bool(deep_tasks._counters)).values())  # each worker keeps its table...
    client.run(deep_tasks.forget_tables)
    assert not any(client.run(lambda: bool(deep_tasks._counters)).values())  # ...until the bench drops it
    # depth 4 on the sanitized build (depth 5 takes 40 s there): the same rows, the same tables
    depth = 4 if chessbits.build_info()["sanitized"] else 5
    rows = bench.run(depth, 8, 1, processes=False, stats_depth=depth)  # counts asserted inside
    assert [r["nodes"] for r in rows] == {4: [197281, 197281, 4085603, 4085603],
                                          5: [4865609, 4865609, 193690690, 193690690]}[depth]
    assert "Dask LocalCluster" in str(rows[1]["name"]) and not deep_tasks._counters
