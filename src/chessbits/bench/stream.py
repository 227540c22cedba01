"""Training batches from a ``.pgn.zst`` side by side in one run: ``chessbits.encode.stream``
against a python-chess loader as notebooks write it.

    chessbits bench stream [--corpus FILE] [--pychess-games 200] [--buffer 100000] [--rounds 3]
                           [--dask [WORKERS ...]]

The corpus (``chessbits bench pgn``'s, zstd-compressed here into a temporary file) is streamed
into batches of 1,024 positions, each with its planes, the played move's index, the legal moves'
mask and the result for the side to move, shuffled through a buffer of ``--buffer`` positions:
- chessbits: lc0's 112 planes in uint8 with its 1,858-move masks (the issue's row), then the
  simple 12 planes with AlphaZero's 4,672-move masks (what the python-chess loader makes), on 1
  and 2 threads, and without a buffer;
- python-chess: ``chess.pgn.read_game`` game by game, the 12 planes from ``piece_map()``, the
  move as ``from * 64 + to`` over a 4,096 mask from ``legal_moves``, a list as the shuffle
  buffer and ``np.stack`` for the batches; on the first ``--pychess-games`` games of the same file
  (a loop of this kind reads a few thousand positions a second);
- maia2, where installed: its own loader in one process on those games (decompression, chunks,
  python-chess reading and filtering, its dataset's tensors, torch's collate), beside
  ``encode.stream`` with the maia2 layout.
With ``--dask``: the stream sharded over Dask LocalClusters (``worker=i, workers=n``, one
single-threaded process a worker, each counting its shard's batches where it runs, as a
training process would take them; each worker reads its share of the games and scans the
others' for their end), with the CPU seconds each kind of process spent (``bench.cluster_cpu``).
Positions/s is positions handed out over the whole run (filling and draining the buffer
included); each row's count is checked against the positions of the games it read. Medians of
interleaved rounds.
"""
import datetime
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

from . import CLUSTER_CPU_HEADERS, cluster_cpu, cluster_cpu_cells, interleaved, local_cluster, machine, table
from .._options import Parser, positive, summary
from .pgn import DEFAULT_CORPUS, first_games

BATCH = 1024


def pychess_loader(path: Path, games: int, buffer: int, seed: int) -> Iterator[Tuple[Any, ...]]:
    """Rows as a notebook's loader makes them with python-chess, through its shuffle buffer:
    (planes, move, mask, value)."""
    import io

    import chess
    import chess.pgn
    import numpy as np
    import zstandard
    rng = random.Random(seed)
    pool: List[Tuple[Any, ...]] = []

    def planes(board: Any) -> Any:
        x = np.zeros((12, 8, 8), np.float32)
        for square, piece in board.piece_map().items():
            x[piece.piece_type - 1 + (0 if piece.color else 6), square // 8, square % 8] = 1
        return x

    with open(path, "rb") as raw:
        handle = io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8")
        for _ in range(games):
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result", "*"), float("nan"))
            board = game.board()
            for move in game.mainline_moves():
                mask = np.zeros(4096, np.bool_)
                for legal in board.legal_moves:
                    mask[legal.from_square * 64 + legal.to_square] = True
                value = white if board.turn == chess.WHITE else 1.0 - white
                row = (planes(board), move.from_square * 64 + move.to_square, mask, value)
                board.push(move)
                if len(pool) < buffer:
                    pool.append(row)
                    continue
                k = rng.randrange(buffer)
                pool[k], row = row, pool[k]
                yield row
    rng.shuffle(pool)
    yield from pool


def pychess_rows(path: Path, games: int, buffer: int) -> Callable[[], int]:
    """A function that takes the python-chess loader's rows in batches (np.stack of each field):
    the positions handed out."""
    import numpy as np

    def run() -> int:
        rows: List[Tuple[Any, ...]] = []
        count = 0
        for row in pychess_loader(path, games, buffer, 0):
            rows.append(row)
            if len(rows) == BATCH:
                count += len([np.stack([r[k] for r in rows]) for k in range(4)][1])
                rows = []
        return count + len(rows)
    return run


def maia2_rows(path: Path, seed: int) -> Callable[[], int]:
    """A function that runs maia2's own loader, in one process, on the .pgn.zst at path: its
    decompression (``maia2.utils.decompress_zst``), its chunks (``get_chunks``), each chunk's games
    read and filtered by python-chess (``maia2.main.process_per_chunk``: every position kept, no
    clock or ply threshold), then ``MAIA2Dataset.__getitem__`` for every position in a shuffled order
    (its 18x8x8 tensor and the move's index) and torch's ``default_collate`` into batches: the
    positions handed out."""
    import types

    import torch
    from maia2 import main as maia2_main
    from maia2 import utils as maia2_utils

    cfg = types.SimpleNamespace(first_n_moves=0, clock_threshold=-1, max_ply=10 ** 9, chunk_size=2_000,
                                max_games_per_elo_range=10 ** 9, game_type="blitz", side_info=False, verbose=False)
    elo_dict = maia2_utils.create_elo_dict()
    all_moves_dict = {move: i for i, move in enumerate(maia2_utils.get_all_possible_moves())}

    def run() -> int:
        with tempfile.TemporaryDirectory() as folder:
            pgn_path = Path(folder) / path.name.replace(".zst", "")
            maia2_utils.decompress_zst(path, pgn_path)
            rows: List[Any] = []
            for start, end in maia2_utils.get_chunks(str(pgn_path), cfg.chunk_size):
                rows.extend(maia2_main.process_per_chunk((start, end, str(pgn_path), elo_dict, cfg))[0])
        data = maia2_main.MAIA2Dataset(rows, all_moves_dict, cfg)
        order = list(range(len(data)))
        random.Random(seed).shuffle(order)
        count = 0
        for k in range(0, len(order), BATCH):
            batch = torch.utils.data.default_collate([data[i] for i in order[k:k + BATCH]])
            count += len(batch[1])
        return count
    return run


def stream_rows(path: Path, layout: str, buffer: int, threads: int) -> Callable[[], int]:
    from .. import encode

    def run() -> int:
        return sum(len(batch["move"]) for batch in encode.stream(path, layout, dtype="uint8", batch_size=BATCH,
                                                                 shuffle_buffer=buffer, seed=0, threads=threads))
    return run


def shard_positions(path: str, layout: str, buffer: int, worker: int, workers: int) -> int:
    """The positions of one worker's shard of the stream (a Dask task): its batches taken and
    counted, as a training process would take them."""
    from .. import encode
    return sum(len(batch["move"]) for batch in encode.stream(path, layout, dtype="uint8", batch_size=BATCH,
                                                             shuffle_buffer=buffer, seed=worker, worker=worker,
                                                             workers=workers, threads=1))


def dask_table(path: Path, buffer: int, rounds: int, expected: int, clusters: Sequence[int]) -> Tuple[str, int]:
    """encode.stream sharded over Dask LocalClusters of each size in clusters (bench.local_cluster,
    warmed up), shard i of n on worker i, the positions counted there and summed, with the CPU
    seconds of each kind of process a run (bench.cluster_cpu): the table and 1 if a count is
    not `expected`."""
    import distributed
    rows, first, busiest, status = [], None, None, 0
    for workers in clusters:
        with local_cluster(workers) as cluster, distributed.Client(cluster) as client:
            client.run(lambda: __import__("chessbits.encode") and None)  # every worker imported

            def run() -> int:
                futures = [client.submit(shard_positions, str(path), "lc0", buffer, i, workers, pure=False)
                           for i in range(workers)]
                return sum(client.gather(futures))
            clock = cluster_cpu(client)
            before = clock()
            ((seconds, count),) = interleaved([run], rounds)
            after = clock()
        first = first or seconds
        status |= count != expected
        cells, busy = cluster_cpu_cells(before, after, rounds, seconds, busiest)
        busiest = busiest or busy
        rows.append([f"{workers} worker{'s' if workers > 1 else ''}", f"{seconds:.3f}", f"{count / seconds:,.0f}",
                     f"{count:,}" + ("" if count == expected else f" (expected {expected:,}!)"),
                     f"{first / seconds:.2f}x"] + cells)
    return table([f"encode.stream on a Dask LocalCluster, lc0 uint8 + mask, buffer {buffer:,} a worker", "seconds",
                  "positions/s", "positions", "speedup"] + CLUSTER_CPU_HEADERS, rows), status


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if a row's positions are not those of the games it read."""
    ap = Parser(prog="chessbits bench stream", description=summary(__doc__ or ""))
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="a PGN file (default: bench pgn's corpus)")
    ap.add_argument("--pychess-games", type=positive, default=200, help="games the python-chess loader reads")
    ap.add_argument("--buffer", type=int, default=100_000, help="shuffle buffer, in positions")
    ap.add_argument("--rounds", type=positive, default=3, help="repetitions; medians are shown")
    ap.add_argument("--dask", type=positive, nargs="*", metavar="WORKERS", default=None,
                    help="also the stream sharded over Dask LocalClusters of these sizes (default 1 2 4 8), a shard "
                         "a worker")
    args = ap.parse_args(argv)
    if not args.corpus.exists():
        print(f"chessbits bench stream: no corpus at {args.corpus}: make it with benchmarks/pgn_corpus.py",
              file=sys.stderr)
        return 2
    try:
        import zstandard
    except ImportError:
        print("chessbits bench stream: needs zstandard: pip install 'chessbits[data]'", file=sys.stderr)
        return 2
    from .. import pgn
    work = Path(tempfile.mkdtemp())
    path = work / (args.corpus.stem + ".pgn.zst")
    path.write_bytes(zstandard.ZstdCompressor().compress(args.corpus.read_bytes()))
    games = pgn.read_games(path)
    plies = int(games.offsets[-1])
    rows: List[Tuple[str, int, int, Callable[[], int]]] = []  # (name, threads, positions expected, run)
    for layout, what in (("lc0", "lc0 112 planes uint8 + 1,858 mask"), ("simple", "simple 12 planes uint8 + 4,672 mask")):
        for threads in (1, 2):
            rows.append((f"chessbits encode.stream: {what}, buffer {args.buffer:,}", threads, plies,
                         stream_rows(path, layout, args.buffer, threads)))
    rows.append(("chessbits encode.stream: lc0 112 planes uint8 + 1,858 mask, no buffer", 1, plies,
                 stream_rows(path, "lc0", 0, 1)))
    try:
        import chess  # noqa: F401
        few = int(games.offsets[min(args.pychess_games, len(games))])
        rows.append((f"python-chess loader (notebook style), 12 planes + 4,096 mask, first {args.pychess_games} "
                     f"games, buffer {min(args.buffer, few):,}", 1, few,
                     pychess_rows(path, args.pychess_games, min(args.buffer, few))))
    except ImportError:
        print("(python-chess is not installed: pip install chess for its row)\n")
    try:
        import maia2  # noqa: F401
        few = int(games.offsets[min(args.pychess_games, len(games))])
        few_path = work / "first.pgn.zst"
        few_path.write_bytes(zstandard.ZstdCompressor().compress(
            first_games(args.corpus.read_text(encoding="utf-8"), args.pychess_games).encode("utf-8")))
        rows.append((f"chessbits encode.stream: maia2 18 planes uint8, first {args.pychess_games} games, no buffer",
                     1, few, stream_rows(few_path, "maia2", 0, 1)))
        rows.append((f"maia2's loader (its chunks, filter, dataset and collate), first {args.pychess_games} games",
                     1, few, maia2_rows(few_path, 0)))
    except ImportError:
        print("(maia2 is not installed: pip install maia2 for its rows)\n")
    results = interleaved([run for *_, run in rows], args.rounds)
    status, out = 0, []
    rates = [count / seconds for seconds, count in results]
    base = next((rate for (name, *_), rate in zip(rows, rates) if name.startswith("python-chess")), None)
    for (name, threads, expected, _), (seconds, count), rate in zip(rows, results, rates):
        check = "" if count == expected else f" (positions {count:,}, expected {expected:,}!)"
        status |= count != expected
        out.append([name + check, threads, f"{count:,}", f"{rate:,.0f}", f"{rate / base:,.1f}x" if base else ""])
    print(f"Machine: {machine()}; {datetime.date.today()}; corpus {args.corpus.name}: {len(games):,} games, "
          f"{plies:,} positions; batches of {BATCH:,}; medians of {args.rounds} interleaved rounds; ratio: over "
          "the python-chess loader's positions/s.\n")
    print(table(["loader", "threads", "positions", "positions/s", "ratio"], out))
    if rows[-1][0].startswith("maia2"):
        print(f"\nchessbits' maia2 row over maia2's loader: {rates[-2] / rates[-1]:,.1f}x")
    if args.dask is not None:
        text, failed = dask_table(path, args.buffer, args.rounds, plies, args.dask or [1, 2, 4, 8])
        print("\n" + text)
        status |= failed
    return status


if __name__ == "__main__":
    sys.exit(main())
