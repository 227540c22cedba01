"""The C core built with CHESSBITS_DEBUG=1 (-O0, CB_DEBUG: position_ok asserted after every
make and unmake, perft's and the Board's; the variants' legality shortcuts against the move
played) counts perft and plays random games, standard, Chess960 and every variant, without an
assertion firing (a failed assert aborts the process)."""
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import random, sys
import chessbits
from chessbits import suites
assert chessbits.build_info()["debug"], "not the debug build"
for entry in suites.load(sys.argv[1])[::40]:
    board = chessbits.Board(entry.fen, chess960=entry.chess960)
    depth = 3 if 3 in entry.depths else max(entry.depths)
    assert board.perft(depth) == entry.depths[depth], entry.fen
    assert board.perft(depth, method="incremental") == entry.depths[depth], entry.fen
rng = random.Random(5)
for game in range(40):
    board = chessbits.Board() if game % 2 else chessbits.Board.from_chess960_pos(rng.randrange(960))
    board.attack_maps = game % 4 == 1
    for ply in range(80):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        board.perft(2)
    while board.move_stack:
        board.pop()
from chessbits import _core
from chessbits.variant import find_variant
for variant in _core.VARIANT_NAMES:  # the variants' legality shortcuts asserted against playing the move
    game = find_variant(variant)()
    for ply in range(60):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.perft(2)
        game.push(rng.choice(moves))
print("ok")
"""


@pytest.fixture(scope="module")
def debug_package(tmp_path_factory):
    tool = ROOT / "tools" / "build_variant.py"
    if not all((ROOT / p).exists() for p in ("setup.py", "ext", "src/chessbits/_core.pyx", tool)):
        pytest.skip("needs the source tree (setup.py, ext/, tools/ and the Cython sources)")
    if sys.platform == "win32" or shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc") is None:
        pytest.skip("needs a Unix C compiler")
    pytest.importorskip("Cython")
    setuptools = pytest.importorskip("setuptools")
    if int(setuptools.__version__.split(".")[0]) < 77:  # pyproject.toml's license field needs it
        pytest.skip("needs setuptools >= 77, as the build does (pip install '.[test]')")
    spec = importlib.util.spec_from_file_location("build_variant", tool)
    build_variant = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_variant)
    return build_variant.build("debug", tmp_path_factory.mktemp("debug"))


def test_debug_build_runs_clean(debug_package):
    env = {**os.environ, "PYTHONPATH": str(debug_package)}
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "tests" / "data" / "ethereal-fischer.epd")],
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-3000:]
