"""The examples in the README and in docstrings run and print what they say."""
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
           "chessbits._alias"]


def test_readme_examples():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test)
    assert result.failed == 0 and result.attempted >= 20


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
