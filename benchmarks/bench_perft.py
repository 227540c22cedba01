"""The same as `chessbits bench perft`.

    python benchmarks/bench_perft.py [--rounds 5]
"""
import sys

from chessbits.bench.perft import main

if __name__ == "__main__":
    sys.exit(main())
