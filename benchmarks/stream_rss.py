"""Memory while streaming a large file: ``encode.stream`` over a ``.pgn.zst`` of at least
``--gb`` GB of PGN text (the bench corpus repeated, compressed as it is written, never held
whole), resident memory sampled as the batches come. The stream must stay flat: after the
shuffle buffer has filled, the resident set may not grow with the file.

    python benchmarks/stream_rss.py [--gb 1] [--layout lc0] [--buffer 100000] [--keep FILE]

Prints the resident set (current, from /proc, Linux) every tenth of the run, the growth after the
buffer filled and the positions/s; exit status 1 if that growth is over ``--limit`` MB.
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from chessbits import encode, pgn
from chessbits.bench import machine, table
from chessbits.bench.pgn import DEFAULT_CORPUS


def rss_mb() -> float:
    """The process's resident set now, in MB (Linux's /proc/self/statm)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def copy_text(corpus: Path) -> bytes:
    """The corpus's text as one copy in the big file (ending in a blank line)."""
    return corpus.read_bytes().rstrip(b"\n") + b"\n\n"


def write_big(text: bytes, copies: int, out: Path) -> None:
    """Writes text copies times into out, zstd-compressed as it goes."""
    import zstandard
    with open(out, "wb") as raw, zstandard.ZstdCompressor(threads=-1).stream_writer(raw) as w:
        for _ in range(copies):
            w.write(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--gb", type=float, default=1.0, help="GB of PGN text to stream (default 1)")
    ap.add_argument("--layout", default="lc0")
    ap.add_argument("--buffer", type=int, default=100_000, help="shuffle buffer, positions")
    ap.add_argument("--limit", type=float, default=50.0, help="MB of growth allowed after the buffer filled")
    ap.add_argument("--keep", type=Path, help="the .pgn.zst to reuse (written there if absent)")
    args = ap.parse_args()
    folder = None if args.keep else tempfile.TemporaryDirectory()
    path = args.keep or Path(folder.name) / "big.pgn.zst"
    text = copy_text(args.corpus)
    copies = max(1, -(-int(args.gb * 1e9) // len(text)))
    if not path.exists():
        write_big(text, copies, path)
        print(f"wrote {path} ({path.stat().st_size / 1e6:,.0f} MB compressed): {copies} copies of {args.corpus.name}",
              file=sys.stderr)
    expected = int(pgn.read_games(text).offsets[-1]) * copies
    samples = []
    count, start = 0, time.perf_counter()
    step = max(1, expected // 10)
    for batch in encode.stream(path, args.layout, dtype="uint8", batch_size=1024, shuffle_buffer=args.buffer, seed=0):
        count += len(batch["move"])
        if count // step > len(samples) - 1 or not samples:
            samples.append((count, time.perf_counter() - start, rss_mb()))
    seconds = time.perf_counter() - start
    samples.append((count, seconds, rss_mb()))
    settled = [rss for n, _, rss in samples if n >= 2 * args.buffer]
    growth = max(settled) - settled[0] if settled else 0.0
    print(f"Machine: {machine()}; {copies} copies of {args.corpus.name}, {args.gb:g} GB of text; layout "
          f"{args.layout}, uint8, batches of 1,024, buffer {args.buffer:,}\n")
    print(table(["positions", "seconds", "RSS MB"], [[f"{n:,}", f"{t:.1f}", f"{r:,.0f}"] for n, t, r in samples]))
    print(f"\n{count:,} positions (expected {expected:,}) in {seconds:.1f} s, {count / seconds:,.0f}/s; RSS growth "
          f"after {2 * args.buffer:,} positions: {growth:.1f} MB (limit {args.limit:g})")
    return 0 if count == expected and growth <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
