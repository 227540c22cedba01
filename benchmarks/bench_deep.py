"""The same as `chessbits bench deep`.

    python benchmarks/bench_deep.py [--depth 9 --hash 8192] [--rounds 3] [--processes]
"""
import sys

from chessbits.bench.deep import main

if __name__ == "__main__":
    sys.exit(main())
