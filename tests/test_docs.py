"""The examples in the README, the docs pages and the docstrings run and print what they say."""
import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["chessbits", "chessbits._core", "chessbits.attacks", "chessbits.squares", "chessbits.status",
           "chessbits.epd", "chessbits.suites", "chessbits.compare", "chessbits.magics", "chessbits.cli.common", "chessbits.cli.perft", "chessbits.deep",
           "chessbits.uci", "chessbits.bench", "chessbits.bench.attacks", "chessbits.bench.perft",
           "chessbits.bench.api", "chessbits.bench.methods", "chessbits.polyglot", "chessbits.variant",
           "chessbits._alias", "chessbits._wdl", "chessbits._pgnarrays", "chessbits.pgn_dask", "chessbits.bench.pgn", "chessbits._options",
           "chessbits.encode", "chessbits.positions", "chessbits.bench.native",
           "chessbits.bench.variants", "chessbits.svg", "chessbits.bench.svg", "chessbits._answers"]
try:  # (chessbits.env needs PettingZoo and Gymnasium: the rl extra)
    import gymnasium, pettingzoo  # noqa: F401,E401
    MODULES += ["chessbits.env.chess_v6", "chessbits.env.vector", "chessbits.bench.env"]
except ImportError:
    pass


# Pages whose code needs a file or a network of the reader's: their own tests run them
# (test_data_page_example below, tests/test_encode_docs.py, tests/test_syzygy_docs.py).
OWN_TESTS = {"docs/data.md", "docs/encode.md", "docs/syzygy.md"}
PAGES = ["README.md"] + sorted(page for page in (str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))
                               if "_build" not in page and page not in OWN_TESTS
                               and "```python" in (ROOT / page).read_text(encoding="utf-8"))


# Pages whose code needs an optional package (skipped without it).
NEEDS = {"docs/env.md": ("numpy", "gymnasium", "pettingzoo")}


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page):
    """Every ```python block of the page, in order, in one namespace: doctests where they show
    >>>, else run as a script (a function the doctests after it call, say)."""
    for module in NEEDS.get(page, ()):
        pytest.importorskip(module)
    text = (ROOT / page).read_text(encoding="utf-8")
    namespace: dict = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    attempted = 0
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        if ">>>" in block:
            test = doctest.DocTestParser().get_doctest(block, namespace, page, page, 0)  # (a copy of namespace)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, page
            namespace.update(test.globs)
            attempted += result.attempted
        elif page not in OWN_TESTS:
            exec(compile(block, page, "exec"), namespace)
            attempted += 1
    assert attempted >= 1


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_data_page_example(tmp_path, monkeypatch):
    """docs/data.md's example reads a .pgn.zst into arrays (the month's file: a small one made here)."""
    zstandard = pytest.importorskip("zstandard")
    import chess
    import chess.pgn
    import random
    rng = random.Random(3)
    texts = []
    for i in range(40):
        game = chess.pgn.Game()
        game.headers["WhiteElo"] = str(1500 + i)
        node, board = game, chess.Board()
        for _ in range(30):
            moves = list(board.legal_moves)
            if not moves:
                break
            node = node.add_variation(rng.choice(moves))
            node.set_clock(rng.randrange(200))
            board.push(node.move)
        texts.append(str(game))
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", text, flags=re.S)[0]
    name = re.search(r'path = "([^"]+)"', code).group(1)
    (tmp_path / name).write_bytes(zstandard.ZstdCompressor().compress("\n\n".join(texts).encode()))
    assert len(code.strip().splitlines()) <= 20
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/data.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("moves, 0% without a clock") and lines[2] == "median White Elo: 1519.5"
