"""Reading PGN side by side in one run: python-chess's ``read_game`` loop against chessbits'
(the game tree), and whole files into arrays against the peers installed
(rust-pgn-reader-python-binding, bulletchess), plain and ``.zst``, on 1 and 2 threads.
Every reader's games and mainline plies are checked against chessbits' count.

A second table times the tree work of python-chess programs on both libraries, on the same
games (the read_game loops' subset): reading; every mainline node's clock() and eval(); the
final position's FEN; str(game); an exporter without comments; read_headers over the file; and
the walk, all of them together with the variations' SAN, game by game as a program reads
them, and once more with all the games read into a list first (where CPython's cycle
collector, walking the trees held, is half of chessbits' time). Every row's outputs (a digest of the
strings and values) must be the same on both (the "same output" column; exit status 1 if not).

With ``--dask FILES``: ``read_games_dask`` over FILES copies of the corpus on Dask LocalClusters
of ``--dask-workers`` sizes, gathered and written to Parquet, with the CPU seconds each kind of
process spent (``bench.cluster_cpu``).

The corpus is made by ``benchmarks/pgn_corpus.py`` (Stockfish self-play in Lichess's export
style); without ``--corpus`` the one it writes to the cache by default is used.
"""
import functools
import hashlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, Tuple

from . import CLUSTER_CPU_HEADERS, cluster_cpu, cluster_cpu_cells, interleaved, local_cluster, machine, median, table
from .._options import Parser, positive, summary

DEFAULT_CORPUS = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "chessbits" / "bench-pgn" / \
    "lichess-style-seed1-games5000.pgn"


def first_games(text: str, games: int) -> str:
    """The text of a corpus's first `games` games (a game starts after a blank line with a tag)."""
    return "\n\n[".join(text.split("\n\n[")[:games]) + "\n"


def timed(fn: Callable[[], Tuple[int, int]], rounds: int) -> Tuple[float, int, int]:
    """(median seconds, games, plies) of fn() over rounds."""
    times, counts = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        counts = fn()
        times.append(time.perf_counter() - start)
    assert counts is not None
    return median(times), counts[0], counts[1]


def tree_loop(module: Any, text: str) -> Callable[[], Tuple[int, int]]:
    """A read_game loop as programs write it, counting games and mainline plies."""
    def run() -> Tuple[int, int]:
        handle = io.StringIO(text)
        games = plies = 0
        while True:
            game = module.read_game(handle)
            if game is None:
                return games, plies
            games += 1
            plies += sum(1 for _ in game.mainline_moves())
    return run


def _digest(values: Any) -> str:
    """A short digest of the values a row produced (their reprs), to compare the libraries."""
    digest = hashlib.sha1()
    for value in values:
        digest.update(repr(value).encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _seconds(x: float) -> str:
    """Seconds as the table prints them: milliseconds rows to 10 us (their ratio stays readable)."""
    return f"{x:.3f}" if x >= 0.1 else f"{x:.5f}"


def _side_san(node: Any, board: Any, out: List[str], inside: bool = False) -> None:
    """The SAN of every move in the variations below node (board: node's position), each
    variation in parentheses."""
    for i, child in enumerate(node.variations):
        side = inside or i > 0
        if i > 0:
            out.append("(")
        if side:
            out.append(board.san(child.move))
        board.push(child.move)
        _side_san(child, board, out, side)
        board.pop()
        if i > 0:
            out.append(")")


def walk_rows(module: Any, text: str, path: Path) -> List[Tuple[str, Callable[[], List[Any]]]]:
    """(row, fn returning what it computed) for the tree work of python-chess programs, with
    `module` python-chess's chess.pgn or chessbits.pgn, on text (path: a file holding it, which
    read_headers reads as programs do); the games are read once here for the rows that start
    from games already read. The values are compared by their digest, made outside the time (a
    repr of every clock and score costs as much as finding them)."""
    def read() -> List[Any]:
        handle = io.StringIO(text)
        games: List[Any] = []
        while True:
            game = module.read_game(handle)
            if game is None:
                return games
            games.append(game)

    games = read()

    def read_only() -> List[Any]:
        return [len(list(g.mainline_moves())) for g in read()]

    def clocks_evals(games: List[Any]) -> List[Any]:
        return [(node.clock(), node.eval()) for g in games for node in g.mainline()]

    def with_clocks() -> List[Any]:
        return clocks_evals(read())

    def with_end() -> List[Any]:
        games = read()
        return clocks_evals(games) + [g.end().board().fen() for g in games]

    def exported() -> List[Any]:
        return [str(g) for g in games]

    def bare() -> List[Any]:
        return [g.accept(module.StringExporter(headers=True, variations=True, comments=False)) for g in games]

    def headers() -> List[Any]:  # (python-chess's indexing example: each game's offset and headers)
        out: List[Any] = []
        with open(path, encoding="utf-8") as handle:
            while True:
                offset = handle.tell()
                found = module.read_headers(handle)
                if found is None:
                    return out
                out.append((offset, found))

    def walk_one(g: Any, out: List[Any]) -> None:
        out.append(dict(g.headers))
        out.extend(clocks_evals([g]))
        sans: List[str] = []
        _side_san(g, g.board(), sans)
        out.append(" ".join(sans))
        out.append(g.end().board().fen())
        out.append(str(g))
        out.append(g.accept(module.StringExporter(headers=True, variations=True, comments=False)))

    def walk() -> List[Any]:
        out: List[Any] = []
        handle = io.StringIO(text)
        while True:
            game = module.read_game(handle)
            if game is None:
                break
            walk_one(game, out)
        out.append(headers())
        return out

    def walk_held() -> List[Any]:
        out: List[Any] = []
        for g in read():
            walk_one(g, out)
        out.append(headers())
        return out

    return [("read_game loop", read_only), ("+ every mainline node's clock() and eval()", with_clocks),
            ("+ end().board().fen()", with_end), ("str(game) (games already read)", exported),
            ("StringExporter(comments=False) (games already read)", bare), ("read_headers over the file", headers),
            ("the walk: all of the above, variations' SAN too, game by game", walk),
            ("the same walk with the games read into a list first", walk_held)]


def walk_table(text: str, games: int, rounds: int) -> Tuple[str, int]:
    """The tree work rows on python-chess and chessbits, interleaved: (table, 1 if some row's
    outputs differ between the libraries else 0)."""
    import chess.pgn as pychess_pgn
    import chessbits.pgn as cpgn
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.pgn"
        path.write_text(text, encoding="utf-8")
        return _walk_table(walk_rows(pychess_pgn, text, path), walk_rows(cpgn, text, path), games, rounds)


def _walk_table(theirs: List[Tuple[str, Callable[[], List[Any]]]], ours: List[Tuple[str, Callable[[], List[Any]]]],
                games: int, rounds: int) -> Tuple[str, int]:
    """walk_table's rows timed: python-chess's and chessbits' functions of each row in turn."""
    import gc

    # The games both libraries read for the later rows stay out of the cycle collector's way
    # while the rows run: a program has one library's games, not both, and each row pays for
    # the collections of what it makes itself.
    gc.collect()
    gc.freeze()
    try:
        fns = [fn for pair in zip(theirs, ours) for _, fn in pair]
        measured = interleaved(fns, rounds, collect=[True] * len(fns), keep=_digest)
    finally:
        gc.unfreeze()
    rows, status = [], 0
    for k, (name, _) in enumerate(theirs):
        (pc, pc_out), (cb, cb_out) = measured[2 * k], measured[2 * k + 1]
        same = pc_out == cb_out
        status |= not same
        rows.append([name, _seconds(pc), _seconds(cb), f"{pc / cb:.1f}x" if cb else "-", "yes" if same else "NO"])
    header = f"tree work on the first {games:,} games (python-chess programs' walk)"
    return table([header, "python-chess s", "chessbits s", "ratio", "same output"], rows), status


def rows_for(path: Path, tree_games: int, rounds: int) -> List[Tuple[str, Callable[[], Tuple[int, int]], str]]:
    """(name, callable returning (games, plies), group) for every reader available."""
    import chessbits.pgn as cpgn
    rows: List[Tuple[str, Callable[[], Tuple[int, int]], str]] = []
    tree_text = first_games(path.read_text(encoding="utf-8"), tree_games)
    pychess_pgn: Any = None
    try:
        import chess.pgn as pychess_pgn
    except ImportError:
        pass
    if pychess_pgn is not None:
        rows.append(("python-chess read_game loop", tree_loop(pychess_pgn, tree_text), "tree"))
    rows.append(("chessbits read_game loop", tree_loop(cpgn, tree_text), "tree"))

    def arrays(source: Any, threads: int) -> Callable[[], Tuple[int, int]]:
        def run() -> Tuple[int, int]:
            games = cpgn.read_games(source, threads=threads)
            return len(games), len(games.moves)
        return run

    def read_bytes() -> Tuple[int, int]:
        path.read_bytes()
        return 0, 0

    rows.append(("read the file (floor)", read_bytes, "floor"))
    for threads in (1, 2):
        rows.append((f"chessbits read_games, {threads} thread{'s' if threads > 1 else ''}", arrays(path, threads), "file"))
    rust: Any = None
    try:
        import pyarrow  # type: ignore[import-untyped]
        import rust_pgn_reader_python_binding as rust
    except ImportError:
        pass
    if rust is not None:
        def rust_run(threads: int) -> Callable[[], Tuple[int, int]]:
            def run() -> Tuple[int, int]:
                games = path.read_text(encoding="utf-8").split("\n\n[")  # the caller splits the file
                games = games[:1] + ["[" + g for g in games[1:]]
                parsed = rust.parse_games(pyarrow.chunked_array([pyarrow.array(games)]), num_threads=threads)
                return parsed.num_games, parsed.num_moves
            return run
        for threads in (1, 2):
            rows.append((f"rust-pgn-reader-python-binding, {threads} thread{'s' if threads > 1 else ''}",
                         rust_run(threads), "file"))
    try:
        import bulletchess  # type: ignore[import-not-found] # noqa: F401
    except ImportError:
        pass
    else:
        rows.append(("bulletchess", _bulletchess(path), "file"))
    zstandard: Any = None
    try:
        import zstandard
    except ImportError:
        pass
    if zstandard is not None:
        packed = Path(tempfile.mkdtemp()) / (path.name + ".zst")
        packed.write_bytes(zstandard.ZstdCompressor(level=3).compress(path.read_bytes()))

        def unpack() -> Tuple[int, int]:
            zstandard.ZstdDecompressor().decompress(packed.read_bytes(), max_output_size=1 << 34)
            return 0, 0

        rows.append(("read + zstd-decompress the .zst (floor)", unpack, "floor"))
        for threads in (1, 2):
            rows.append((f"chessbits read_games .pgn.zst, {threads} thread{'s' if threads > 1 else ''}",
                         arrays(packed, threads), "zst"))
    return rows


def _bulletchess(path: Path) -> Callable[[], Tuple[int, int]]:
    import bulletchess  # type: ignore[import-not-found]
    import bulletchess.pgn  # type: ignore[import-not-found]

    def run() -> Tuple[int, int]:
        games = plies = 0
        with bulletchess.pgn.PGNFile.open(str(path)) as f:
            while True:
                game = f.next_game()
                if game is None:
                    return games, plies
                games += 1
                plies += len(game.moves)
    return run


def dask_table(path: Path, parts: int, rounds: int, clusters: Sequence[int]) -> str:
    """read_games_dask over `parts` copies of the corpus on LocalClusters of each size in
    clusters (bench.local_cluster, warmed up): the games gathered back to the client, then each
    source written to Parquet where it was read (only summaries come back): seconds, the speedup
    and the CPU seconds of each kind of process a run (bench.cluster_cpu)."""
    import distributed
    import chessbits.pgn as cpgn
    folder = Path(tempfile.mkdtemp())
    files = []
    for k in range(parts):
        files.append(str(folder / f"part{k}.pgn"))
        os.link(path, files[-1]) if hasattr(os, "link") else Path(files[-1]).write_bytes(path.read_bytes())

    def gathered(client: Any) -> Tuple[int, int]:
        games = cpgn.read_games_dask(files, client)
        return len(games), len(games.moves)

    def written(client: Any) -> Tuple[int, int]:
        summaries = cpgn.read_games_dask(files, client, write_to=str(folder / "parquet"))
        return sum(s["games"] for s in summaries), sum(s["plies"] for s in summaries)

    rows = []
    for what, run in (("gathered", gathered), ("to Parquet", written)):
        first = busiest = None
        for workers in clusters:
            with local_cluster(workers) as cluster, distributed.Client(cluster) as client:
                client.run(lambda: cpgn.read_games(files[0]) and None)  # every worker imported and warm
                clock = cluster_cpu(client)
                before = clock()
                seconds, games, plies = timed(functools.partial(run, client), rounds)
                after = clock()
            first = first or seconds
            cells, busy = cluster_cpu_cells(before, after, rounds, seconds, busiest)
            busiest = busiest or busy
            rows.append([f"{workers} worker{'s' if workers > 1 else ''}, {what}", f"{seconds:.3f}",
                         f"{games / seconds:,.0f}", f"{games:,}", f"{plies:,}", f"{first / seconds:.2f}x"] + cells)
    return table(["Dask LocalCluster", "seconds", "games/s", "games", "plies", "speedup"] + CLUSTER_CPU_HEADERS, rows)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if a reader's games or plies differ from chessbits'."""
    ap = Parser(prog="chessbits bench pgn", description=summary(__doc__ or ""))
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help=f"the PGN file (default {DEFAULT_CORPUS})")
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    ap.add_argument("--tree-games", type=positive, default=1000,
                    help="games of the corpus the read_game loops read (python-chess is slow; default 1000)")
    ap.add_argument("--no-walk", dest="walk", action="store_false",
                    help="leave out the tree work table (python-chess and chessbits on the same games: clocks, "
                         "evals, exports, read_headers, the walk)")
    ap.add_argument("--dask", type=positive, metavar="FILES", default=None,
                    help="also read FILES copies of the corpus as Dask tasks on local clusters")
    ap.add_argument("--dask-workers", type=positive, nargs="+", metavar="WORKERS", default=[1, 2, 4, 8],
                    help="the local clusters' sizes for --dask (default 1 2 4 8)")
    args = ap.parse_args(argv)
    if not args.corpus.is_file():
        print(f"chessbits bench pgn: error: no corpus at {args.corpus}; make it with\n"
              f"  python benchmarks/pgn_corpus.py {args.corpus}", file=sys.stderr)
        return 2
    print(f"Machine: {machine()}")
    size = args.corpus.stat().st_size
    print(f"Corpus: {args.corpus} ({size / 1e6:.1f} MB). Medians of {args.rounds} interleaved rounds; ratios against "
          f"python-chess's read_game loop (tree rows, its first {args.tree_games} games) and against the Rust "
          f"binding on as many threads (file rows: read, split, parse into arrays).\n")
    rows = rows_for(args.corpus, args.tree_games, args.rounds)
    results = []
    measured = interleaved([fn for _, fn, _ in rows], args.rounds, collect=[group == "tree" for _, _, group in rows])
    for (name, _, group), (seconds, (games, plies)) in zip(rows, measured):
        results.append((name, group, seconds, games, plies))
        print(f"  {name}: {seconds:.3f} s", file=sys.stderr, flush=True)
    status = 0
    out = []
    text_bytes = dict.fromkeys(("file", "zst", "floor"), size)
    text_bytes["tree"] = len(first_games(args.corpus.read_text(encoding="utf-8"), args.tree_games).encode("utf-8"))
    base_tree = next((r for r in results if r[0] == "python-chess read_game loop"), None)
    reference = {g: next(r for r in results if r[0].startswith("chessbits") and r[1] == g)
                 for g in ("tree", "file", "zst") if any(r[1] == g for r in results)}
    for name, group, seconds, games, plies in results:
        ratio = ""
        if group == "tree" and base_tree is not None:
            ratio = f"{base_tree[2] / seconds:.1f}x"
        elif group in ("file", "zst"):
            threads = name.rsplit(", ", 1)[-1] if ", " in name else ""
            rust = next((r for r in results if r[0].startswith("rust") and r[0].endswith(threads)), None)
            if rust is not None and threads:
                ratio = f"{rust[2] / seconds:.2f}x"
        if group != "floor":
            want = reference["file" if group == "zst" else group]
            if (games, plies) != (want[3], want[4]):
                ratio += " (counts differ!)"
                status = 1
        rate = f"{games / seconds:,.0f}" if games else "-"
        ply_rate = f"{plies / seconds / 1e6:.2f}" if plies else "-"
        out.append([name, f"{seconds:.3f}", f"{text_bytes[group] / seconds / 1e6:,.1f}", rate, ply_rate,
                    f"{games:,}" if games else "-", f"{plies:,}" if plies else "-", ratio])
    print(table(["reader", "seconds", "MB/s", "games/s", "M plies/s", "games", "plies", "ratio"], out))
    print("(MB/s: of the PGN text read, decompressed for .zst)")
    try:
        import chess.pgn  # noqa: F401 (python-chess, the other side of the tree work table)
    except ImportError:
        args.walk = False
        print("\n(no python-chess: the tree work table is left out)")
    if args.walk:
        text = args.corpus.read_text(encoding="utf-8")
        print()
        walked, differs = walk_table(first_games(text, args.tree_games),
                                     min(args.tree_games, len(text.split("\n\n["))), args.rounds)
        print(walked)
        status |= differs
    if args.dask:
        print()
        print(dask_table(args.corpus, args.dask, args.rounds, args.dask_workers))
    return status


if __name__ == "__main__":
    sys.exit(main())
