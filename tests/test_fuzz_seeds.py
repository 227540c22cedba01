"""The PGN fuzz harness's invariants (fuzz/fuzz_pgn.py: read_games against itself in 64-byte
blocks on 2 threads, read_game against read_games and python-chess) over its corpus of kept
inputs, without atheris: every input the fuzzer once failed on stays checked in CI, under the
ASan + UBSan stage too."""
import contextlib
import pathlib
import sys
import types

import pytest

FUZZ = pathlib.Path(__file__).resolve().parents[1] / "fuzz"
SEEDS = sorted((FUZZ / "seeds_pgn").iterdir()) if (FUZZ / "seeds_pgn").is_dir() else []


@pytest.fixture(scope="module")
def harness():
    pytest.importorskip("numpy")
    if "atheris" not in sys.modules:  # only its import hook is used at import: a plain import instead
        stub = types.ModuleType("atheris")
        stub.instrument_imports = lambda **_: contextlib.nullcontext()
        sys.modules["atheris"] = stub
    sys.path.insert(0, str(FUZZ))
    try:
        import fuzz_pgn
    finally:
        sys.path.remove(str(FUZZ))
    return fuzz_pgn


def test_the_corpus_is_there():
    assert len(SEEDS) >= 10


@pytest.mark.parametrize("seed", SEEDS, ids=[p.name for p in SEEDS])
def test_seed_keeps_the_invariants(harness, seed):
    harness.TestOneInput(seed.read_bytes())
