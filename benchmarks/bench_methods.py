"""The same as `chessbits bench methods`.

    python benchmarks/bench_methods.py [--rounds 5] [--only Board] [--json FILE] [--quick]
"""
import sys

from chessbits.bench.methods import main

if __name__ == "__main__":
    sys.exit(main())
