"""No leaks in chessbits.pgn: the resident set stays flat while games are built and dropped,
over and over (read_game from text, on the default builder's C path and through Python
visitors, errors included; Game.from_board; add_variation chains with annotations; str(game)
and the exporters; copies and pickles; walks of the tree). Measured in a fresh process after a
warm-up, as tests/test_leaks.py measures the board: 10^4 of each by default (games read or
built, or for the exporters and copies 10^4 / 3 and 10^4 / 4 rounds of theirs), 10^5 with
--runslow. A leak of one small node per game would show as 1-2 MB."""
import os
import subprocess
import sys

import pytest

import chessbits

SCRIPT = r"""
import copy
import gc
import io
import pickle
import sys

import chessbits
import chessbits.engine
import chessbits.pgn as pgn

__import__("logging").getLogger("chess.pgn").setLevel(__import__("logging").CRITICAL)

n, limit = int(sys.argv[1]), int(sys.argv[2])
page = __import__("os").sysconf("SC_PAGE_SIZE")

TEXT = '''[Event "leak"]
[White "Ünïcode"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]
[SetUp "1"]

{ start } 3. Bb5 { [%clk 0:05:00] [%eval 0.3,12] } $1 ( { side } 3. Bc4 Bc5 ( 3... Nf6 4. Ng5 $2 ) 4. c3 )
3... a6 { [%csl Ra1][%cal Ge2e4] } 4. Ba4 Nf6 5. O-O -- 6. Re1 Be7 7. Bb3 d6 { multi
line } 8. c3 O-O 1/2-1/2

1. e4 e5 2. Ke3 Nc6 ( 2... Nf6 3. Kxe8 ) 3. Nf3 *

'''
board = chessbits.Board()
for san in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6".split():
    board.push_san(san)
moves = list(board.move_stack)
GAME = pgn.read_game(io.StringIO(TEXT))
assert not GAME.errors and len(list(GAME.mainline())) == 12, GAME.errors


def rss():
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * page


def read_games(k):                  # the default GameBuilder, built in C; an error in the 2nd game
    for _ in range(k // 2):
        handle = io.StringIO(TEXT)
        while pgn.read_game(handle) is not None:
            pass

class Counting(pgn.BaseVisitor):    # a Python visitor: the generic path, boards made for it
    def begin_game(self):
        self.moves = 0
    def visit_move(self, board, move):
        self.moves += 1
    def handle_error(self, error):
        self.error = error
    def result(self):
        return self.moves

def read_with_visitors(k):
    for i in range(k // 4):
        handle = io.StringIO(TEXT)
        pgn.read_game(handle, Visitor=Counting)
        pgn.read_headers(handle)
        handle.seek(0)
        pgn.skip_game(handle)
        try:  # the 2nd game's illegal move raised from a visitor: the reader's abort path
            pgn.read_game(handle, Visitor=pgn.BoardBuilder)
        except ValueError:
            pass

def from_board(k):
    for _ in range(k):
        pgn.Game.from_board(board)

def add_variations(k):
    score = chessbits.engine.PovScore(chessbits.engine.Cp(35), chessbits.WHITE)
    for _ in range(k):
        game = pgn.Game()
        node = game
        for i, move in enumerate(moves):
            node = node.add_variation(move, comment="c", nags=[1])
            if i % 4 == 0:
                node.set_clock(60.5 - i)
                node.set_eval(score, 10)
        game.variations[0].add_line(moves[1:4], starting_comment="s")
        game.variations[0].promote_to_main(moves[1])
        game.variations[0].remove_variation(moves[1])

def exports(k):
    for _ in range(k // 3):
        str(GAME)
        GAME.accept(pgn.StringExporter(headers=False, comments=False))
        GAME.accept(pgn.FileExporter(io.StringIO()))

def copies(k):
    for _ in range(k // 4):
        copy.deepcopy(GAME)
        pickle.loads(pickle.dumps(GAME))

def walks(k):
    for _ in range(k):
        for node in GAME.mainline():
            node.clock(), node.eval(), node.arrows()
        GAME.end().board().fen()
        [v.san() for v in GAME.variations[0].parent.variations]

failed = []
for op in (read_games, read_with_visitors, from_board, add_variations, exports, copies, walks):
    op(max(n // 10, 100))  # warm-up: free lists, interned moves, caches
    before = rss()
    op(n)
    grew = rss() - before
    print(f"{op.__name__}: {grew / 1024:+.0f} KiB over {n}")
    if grew > limit:
        failed.append(op.__name__)
sys.exit(1 if failed else 0)
"""


def run(n, limit):
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(n), str(limit)], capture_output=True, text=True,
                       timeout=3600)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]


needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident set from /proc (Linux)")
not_sanitized = pytest.mark.skipif(chessbits.build_info()["sanitized"],
                                   reason="ASan's quarantine holds freed memory by design (and checks leaks itself)")


@needs_proc
@not_sanitized
def test_resident_set_stays_flat_over_ten_thousand_games_of_each():
    run(10_000, 1 << 20)


@pytest.mark.slow
@needs_proc
@not_sanitized
def test_resident_set_stays_flat_over_a_hundred_thousand_games_of_each():
    run(100_000, 2 << 20)
