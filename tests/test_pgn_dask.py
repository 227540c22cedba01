"""chessbits.pgn.read_games_dask on a LocalCluster: the games of many files gathered in order
(equal to read_games of them all), Parquet written per source, Lichess-style Parquet input."""
import pytest

import chessbits.pgn as cpgn

from test_pgn_arrays import random_game


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=40) as c, distributed.Client(c) as client:
        yield client


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    import random
    rng = random.Random(11)
    root = tmp_path_factory.mktemp("pgn")
    paths = []
    for k in range(4):
        path = root / f"part{k}.pgn"
        path.write_text("\n\n".join(str(random_game(rng)) for _ in range(25)) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_gathered_in_order(cluster, files):
    import numpy as np
    games = cpgn.read_games_dask([str(p) for p in files], cluster)
    whole = cpgn.read_games(b"".join(p.read_bytes() + b"\n" for p in files))
    assert len(games) == len(whole) == 100
    assert np.array_equal(games.moves, whole.moves) and np.array_equal(games.offsets, whole.offsets)
    assert list(games.headers["White"]) == list(whole.headers["White"])


def test_written_per_source(cluster, files, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    summaries = cpgn.read_games_dask([str(p) for p in files], cluster, write_to=tmp_path / "out")
    assert [s["games"] for s in summaries] == [25] * 4
    for path, summary in zip(files, summaries):
        table = pq.read_table(summary["path"])
        assert table.column("moves").to_pylist() == [g.tolist() for g in map(cpgn.read_games(path).game_moves, range(25))]


def test_parquet_partitions(cluster, files, tmp_path):
    import numpy as np
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    parts = []
    for k, path in enumerate(files[:2]):
        texts = ["[" + g if i else g for i, g in enumerate(path.read_text(encoding="utf-8").split("\n\n["))]
        out = tmp_path / f"movetext{k}.parquet"
        pq.write_table(pa.table({"movetext": texts}), out)
        parts.append(str(out))
    games = cpgn.read_games_dask(parts, cluster)
    assert len(games) == 50
    assert np.array_equal(games.moves, cpgn.read_games_dask([str(p) for p in files[:2]], cluster).moves)


def test_stream_shards_as_dask_tasks(cluster, files, tmp_path):
    """The stream sharded over Dask workers (chessbits bench stream --dask's tasks): the shards'
    positions add up to the file's, and its table counts and checks them."""
    pytest.importorskip("numpy")
    from chessbits.bench import stream as bench
    text = b"".join(p.read_bytes() for p in files)
    path = tmp_path / "all.pgn"
    path.write_bytes(text)
    total = len(cpgn.read_games(text).moves)
    shards = cluster.gather([cluster.submit(bench.shard_positions, str(path), "lc0", 300, i, 3, pure=False)
                             for i in range(3)])
    assert sum(shards) == total and all(shards)
    table, failed = bench.dask_table(path, 300, 1, total, [1])
    assert not failed and f"{total:,}" in table and "1.00x" in table


def test_the_read_games_table_counts_every_game(files):
    """chessbits bench pgn --dask's table: every copy's games and plies, read on one and two
    workers, gathered and written, with each kind of process's CPU seconds."""
    pytest.importorskip("distributed")
    from chessbits.bench import pgn as bench
    total = cpgn.read_games(files[0])
    table = bench.dask_table(files[0], 3, 1, [1, 2])
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]]
    assert len(rows) == 4 and all(row[3:5] == [f"{3 * len(total):,}", f"{3 * len(total.moves):,}"] for row in rows)
    assert "busiest's speedup" in table and all(row[-1].endswith("x") and float(row[6]) > 0 for row in rows)
