"""The same as `chessbits bench attacks`: sliding-attack techniques side by side.

    python benchmarks/bench_attacks.py [--rounds 5] [--method pext ...]
"""
import sys

from chessbits.bench.attacks import main

if __name__ == "__main__":
    sys.exit(main())
