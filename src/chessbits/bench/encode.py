"""Encoding positions for neural networks, side by side in one run: the 12 piece planes by the
python-chess loop its users write, by the best python-chess idiom, on chessbits' Boards, by the
encoders on the package index (tensor-chess, fastchess) where installed, and by chessbits.encode;
then lc0's 112 planes with history from games, a PGN file to training examples end to end, and a
BoardBatch of games played to the end. Every encoder's piece planes are checked equal to
chessbits' (a difference fails the run), every count asserted.

Positions come from the games of ``benchmarks/pgn_corpus.py``'s corpus (``chessbits bench pgn``'s).
"""
import functools
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, Tuple

from . import interleaved, machine, table
from .._options import Parser, positive, summary
from .pgn import DEFAULT_CORPUS, first_games


def corpus_games(path: Path, games: int) -> Any:
    """The first `games` games of the corpus as a GameArrays."""
    from chessbits import _pgnarrays as cpgn
    return cpgn.read_games(first_games(path.read_text(encoding="utf-8"), games).encode())


def boards_of(games: Any) -> Tuple[List[Any], List[Any]]:
    """Every position before a move of games: as chessbits Boards and as python-chess Boards
    (neither with a move stack: what a data loader holds)."""
    import chess
    import chessbits
    ours, theirs = [], []
    for g in range(len(games)):
        board = chessbits.Board()
        for move in games.mainline_moves(g):
            ours.append(board.copy(stack=False))
            theirs.append(chess.Board(board.fen()))
            board.push(move)
    return ours, theirs


def piece_rows(ours: List[Any], theirs: List[Any]) -> List[Tuple[str, Callable[[], Any], bool]]:
    """(name, callable returning the (N, 12, 8, 8) piece planes as 0/1, whether they are the side
    to move's first with the board flipped for black) of every encoder here."""
    import numpy as np
    import chess
    import chessbits.encode as encode

    colors, types = (chess.WHITE, chess.BLACK), range(1, 7)

    def loop(boards: List[Any]) -> Callable[[], Any]:
        def run() -> Any:  # python-chess's answer to "a board as a tensor" (its issues #392, #885)
            return np.array([[b.pieces(pt, c).tolist() for c in colors for pt in types] for b in boards],
                            dtype=np.float32).reshape(-1, 12, 8, 8)
        return run

    def idiom(boards: List[Any]) -> Callable[[], Any]:
        def run() -> Any:  # the bitboards as ints, one unpackbits
            ints = np.array([[b.pieces_mask(pt, c) for c in colors for pt in types] for b in boards], np.uint64)
            return np.unpackbits(ints.view(np.uint8), bitorder="little").reshape(-1, 12, 8, 8)
        return run

    rows = [("python-chess: pieces().tolist() loop", loop(theirs), False),
            ("python-chess: pieces_mask ints + np.unpackbits", idiom(theirs), False),
            ("chessbits Boards: the same loop", loop(ours), False),
            ("chessbits Boards: the same idiom", idiom(ours), False)]
    try:
        import fastchess  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        pass
    else:
        fast = [fastchess.Board(b.fen()) for b in theirs]

        def run_fast() -> Any:  # 18 float32 planes, the mover's pieces first, its rank 8 in row 0
            out = np.empty((len(fast), 18, 8, 8), np.float32)
            for i, b in enumerate(fast):
                out[i] = b.to_tensor()
            return out[:, :12, ::-1]
        rows.append(("fastchess (C): Board.to_tensor()", run_fast, True))
    try:
        import tensor_chess  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        pass
    else:
        tensors = []
        for b in theirs:
            p = tensor_chess.Position()
            p.set_fen(b.fen())
            tensors.append(p)

        def run_tensor() -> Any:  # 15 uint8 planes into a preallocated array, one call a position
            out = np.empty((len(tensors), 15, 8, 8), np.uint8)
            for i, p in enumerate(tensors):
                p.to_tensor(out=out[i])
            return out[:, :12]
        rows.append(("tensor-chess (C): Position.to_tensor(out=)", run_tensor, False))
    for dtype in ("uint8", "float32"):
        out = np.empty((len(ours), 12, 8, 8), dtype)
        for threads in (1, 2):
            def run(out: Any = out, threads: int = threads) -> Any:
                return encode.planes(ours, out=out, dtype=out.dtype.name, threads=threads)
            rows.append((f"chessbits encode.planes {dtype}, {threads} thread{'s' * (threads > 1)}", run, False))
    return rows


def same_pieces(got: Any, want: Any) -> bool:
    """got's 12 planes are want's, both read as 0/1 (each row returns its planes in chessbits'
    order: a view of what the encoder wrote)."""
    import numpy as np
    return bool(np.array_equal(np.asarray(got) != 0, np.asarray(want) != 0))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the tables; 1 if an encoder's planes differ from chessbits'."""
    ap = Parser(prog="chessbits bench encode", description=summary(__doc__ or ""))
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help=f"the PGN file (default {DEFAULT_CORPUS})")
    ap.add_argument("--games", type=positive, default=400, help="games of the corpus encoded (default 400)")
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    ap.add_argument("--batch", type=positive, default=1024, help="games of the BoardBatch (default 1024)")
    args = ap.parse_args(argv)
    if not args.corpus.is_file():
        print(f"chessbits bench encode: error: no corpus at {args.corpus}; make it with\n"
              f"  python benchmarks/pgn_corpus.py {args.corpus}", file=sys.stderr)
        return 2
    import numpy as np
    import chessbits.encode as encode
    from chessbits import _pgnarrays as cpgn
    status = 0
    games = corpus_games(args.corpus, args.games)
    ours, theirs = boards_of(games)
    n = len(ours)
    print(f"Machine: {machine()}")
    print(f"Positions: the {n:,} positions before each move of the first {len(games)} games of {args.corpus}. "
          f"Medians of {args.rounds} interleaved rounds.\n")

    reference = {p: encode.planes(ours, dtype="uint8", perspective=p) for p in (False, True)}
    rows = piece_rows(ours, theirs)
    results = []
    for (name, _, perspective), (seconds, planes) in zip(rows, interleaved([fn for _, fn, _ in rows], args.rounds)):
        same = same_pieces(planes, reference[perspective])
        status |= not same
        results.append([name, f"{n / seconds:,.0f}", f"{seconds / n * 1e9:,.0f}", "" if same else "DIFFERENT"])
    base = float(results[0][1].replace(",", ""))
    for row in results:
        row.insert(2, f"{float(row[1].replace(',', '')) / base:.1f}x")
    print(table(["12 piece planes (N x 12 x 8 x 8)", "positions/s", "vs loop", "ns/position", ""], results))

    print()
    named: List[Tuple[str, Callable[[], Any]]] = []
    for what, options in (("lc0 112 planes, compact (masks + values)", {"compact": True}),
                          ("lc0 112 planes, float32", {"dtype": "float32"}),
                          ("lc0 112 planes, uint8", {"dtype": "uint8"})):
        for threads in (1, 2):
            named.append((f"{what}, {threads} thread{'s' * (threads > 1)}",
                          functools.partial(encode.planes, games, "lc0", threads=threads, **options)))
    named.append(("lc0 legal-move masks (N x 1858), 1 thread", lambda: encode.legal_mask(games, "lc0")))
    timings = interleaved([fn for _, fn in named], args.rounds)
    masks = timings[-1][1]
    assert int(masks.sum()) == int(encode.legal_mask(games, "lc0", sparse=True)[0].sum())
    rows_out = []
    for k, ((name, _), (seconds, _)) in enumerate(zip(named, timings)):
        scale = f"{timings[k - 1][0] / seconds:.2f}x" if name.endswith("2 threads") else ""
        rows_out.append([name, f"{n / seconds:,.0f}", scale])
    print(table([f"from a GameArrays of {len(games)} games, every position with its history", "positions/s",
                 "2 threads"], rows_out))

    print()
    subset = first_games(args.corpus.read_text(encoding="utf-8"), args.games)
    path = Path(tempfile.mkdtemp()) / f"first{args.games}.pgn"
    path.write_text(subset, encoding="utf-8")

    def pipeline(dtype: str) -> int:
        total = 0
        for batch in cpgn.iter_games(path, batch=100, threads=1):
            total += len(encode.dataset(batch, "lc0", dtype=dtype, threads=1).played)
        return total
    dtypes = ("float32", "float16", "uint8")
    timings = interleaved([functools.partial(pipeline, dtype) for dtype in dtypes], args.rounds)
    rows_out = []
    for dtype, (seconds, total) in zip(dtypes, timings):
        assert total == n, (total, n)
        rows_out.append([f"PGN file -> lc0 planes ({dtype}) + legal masks + played indices, 1 thread",
                         f"{n / seconds:,.0f}"])
    print(table(["end to end (iter_games batches of 100 games, dataset())", "positions/s"], rows_out))

    print()
    rng = np.random.default_rng(1)

    def pick(counts: Any, indices: Any, live: Any) -> Any:
        """A random legal index of each live game (-1 for the others), in whole-batch NumPy."""
        at = np.cumsum(counts) - counts + (rng.random(len(counts)) * counts).astype(np.int64)
        return np.where(live, indices.take(at, mode="clip"), np.int16(-1))

    def selfplay(dense: bool) -> int:
        batch = encode.BoardBatch(args.batch)
        mask = np.empty((args.batch, encode.policy_size("lc0")), np.bool_)
        moves = 0
        while not batch.finished.all():
            counts, indices = batch.legal_mask("lc0", sparse=True)
            if dense:
                batch.legal_mask("lc0", out=mask)
            live = (counts > 0) & ~batch.finished
            batch.push(indices=pick(counts, indices, live), layout="lc0")
            moves += int(live.sum())
        return moves
    def lean(threads: int) -> int:
        """The same games' loop on BoardBatch.step: each move played and the next legal
        indices found in one call."""
        batch = encode.BoardBatch(args.batch)
        counts, indices = batch.legal_mask("lc0", sparse=True)
        live = counts > 0
        moves = 0
        while live.any():
            moves += int(live.sum())
            counts, indices = batch.step(pick(counts, indices, live), "lc0", sparse=True, threads=threads)
            live = (counts > 0) & ~batch.finished
        return moves
    timings = interleaved([lambda: selfplay(False), lambda: selfplay(True), lambda: lean(1), lambda: lean(2)],
                          max(1, args.rounds // 2))
    names = [f"BoardBatch({args.batch}): random games to the end, lc0 indices each move (legal_mask + push)",
             "the same with a dense mask each move",
             "the same on BoardBatch.step (one call a move), 1 thread",
             "the same on BoardBatch.step, 2 threads"]
    rows_out = [[name, f"{moves / seconds:,.0f}", f"{moves:,}"] for name, (seconds, moves) in zip(names, timings)]
    print(table(["self-play", "moves/s", "moves"], rows_out))
    return status


if __name__ == "__main__":
    sys.exit(main())
