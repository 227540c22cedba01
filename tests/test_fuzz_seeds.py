"""The fuzz harnesses' invariants over their corpora of kept inputs, without atheris: the PGN
one (fuzz/fuzz_pgn.py: read_games against itself in 64-byte blocks on 2 threads, read_game
against read_games and python-chess), the text one (fuzz/fuzz_inputs.py: every parser, the
move generator, each variant) and the Syzygy table reader's (fuzz/fuzz_syzygy.py). Every input the fuzzer once failed on stays checked in CI,
under the ASan + UBSan stage too."""
import contextlib
import pathlib
import sys
import types

import pytest

FUZZ = pathlib.Path(__file__).resolve().parents[1] / "fuzz"
SEEDS = sorted((FUZZ / "seeds_pgn").iterdir()) if (FUZZ / "seeds_pgn").is_dir() else []
TEXT_SEEDS = sorted((FUZZ / "seeds").iterdir()) if (FUZZ / "seeds").is_dir() else []
SYZYGY_FOUND = sorted((FUZZ / "seeds_syzygy").iterdir()) if (FUZZ / "seeds_syzygy").is_dir() else []


class _DataProvider:
    """atheris.FuzzedDataProvider's calls the harnesses make, on plain bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def ConsumeBool(self) -> bool:
        flag, self.data = self.data[:1], self.data[1:]
        return bool(flag) and bool(flag[0] & 1)

    def ConsumeBytes(self, n: int) -> bytes:
        out, self.data = self.data[:n], self.data[n:]
        return out

    def remaining_bytes(self) -> int:
        return len(self.data)


def _import_harness(name: str):
    if "atheris" not in sys.modules:  # only its import hook is used at import: a plain import instead
        stub = types.ModuleType("atheris")
        stub.instrument_imports = lambda **_: contextlib.nullcontext()
        stub.FuzzedDataProvider = _DataProvider
        sys.modules["atheris"] = stub
    sys.path.insert(0, str(FUZZ))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(FUZZ))


@pytest.fixture(scope="module")
def harness():
    pytest.importorskip("numpy")
    return _import_harness("fuzz_pgn")


@pytest.mark.parametrize("seed", TEXT_SEEDS, ids=[p.name for p in TEXT_SEEDS])
def test_text_seed_keeps_the_invariants(seed):
    _import_harness("fuzz_inputs").TestOneInput(seed.read_bytes())


def test_the_corpus_is_there():
    assert len(SEEDS) >= 10


@pytest.mark.parametrize("seed", SEEDS, ids=[p.name for p in SEEDS])
def test_seed_keeps_the_invariants(harness, seed):
    harness.TestOneInput(seed.read_bytes())


@pytest.mark.parametrize("found", SYZYGY_FOUND, ids=[p.name for p in SYZYGY_FOUND])
def test_syzygy_input_keeps_the_invariants(found):
    _import_harness("fuzz_syzygy").TestOneInput(found.read_bytes())
