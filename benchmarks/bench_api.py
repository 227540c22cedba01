"""The same as `chessbits bench api`.

    python benchmarks/bench_api.py [--rounds 5]
"""
import sys

from chessbits.bench.api import main

if __name__ == "__main__":
    sys.exit(main())
