"""No leaks: the resident set stays flat over 10^6 of each operation a long-running program
repeats (Board creation, push/pop, copies, move lists, FEN and SAN, attack-map boards,
hashed perft's table), measured in a fresh process after a warm-up. A leak of even two
bytes per operation would show as 2 MB."""
import os
import subprocess
import sys

import pytest

import chessbits

SCRIPT = r"""
import sys
import chessbits
from chessbits.positions import KIWIPETE

board = chessbits.Board(KIWIPETE)
moves = list(board.legal_moves)
page = __import__("os").sysconf("SC_PAGE_SIZE")


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * page


def creations(n):
    for _ in range(n):
        chessbits.Board(KIWIPETE)

def push_pop(n):
    for _ in range(n // len(moves)):
        for m in moves:
            board.push(m)
            board.pop()

def copies(n):
    board.push(moves[0])
    for _ in range(n):
        board.copy()
    board.pop()

def move_lists(n):
    for _ in range(n):
        list(board.legal_moves)

def fen_and_san(n):
    for i in range(n // 4):
        b = chessbits.Board(board.fen())
        b.san(moves[i % len(moves)])
        b.parse_san("Qxf6")
        try:
            b.push_san("Ke9")
        except ValueError:
            pass

def attack_maps(n):
    for i in range(n // 8):
        b = chessbits.Board(KIWIPETE, attack_maps=True)
        b.push(moves[i % len(moves)])
        b.pop()

def hashed_perft(n):
    for _ in range(n // 1000):
        board.perft(2, hash_mb=1)

failed = []
for op in (creations, push_pop, copies, move_lists, fen_and_san, attack_maps, hashed_perft):
    op(100_000)  # warm-up: free lists, interned moves, caches
    before = rss()
    op(1_000_000)
    grew = rss() - before
    print(f"{op.__name__}: {grew / 1024:+.0f} KiB over 10^6")
    if grew > 2 << 20:
        failed.append(op.__name__)
sys.exit(1 if failed else 0)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident set from /proc (Linux)")
@pytest.mark.skipif(chessbits.build_info()["sanitized"],
                    reason="ASan's quarantine holds freed memory by design (and checks leaks itself)")
def test_resident_set_stays_flat_over_a_million_of_each():
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
