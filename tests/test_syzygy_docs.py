"""docs/syzygy.md's examples run where python-chess's sdist is unpacked (its tables in
data/syzygy/regular) and print what they say: the engine that probes in its search, root
moves, bulk labelling, the check."""
import doctest
import re
from pathlib import Path

import pytest

import pychess_suite

ROOT = Path(__file__).resolve().parent.parent


def test_syzygy_page_examples(monkeypatch):
    pytest.importorskip("numpy")
    try:
        sdist = pychess_suite.fetch_suite()
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(str(exc))
    monkeypatch.chdir(sdist)
    text = (ROOT / "docs" / "syzygy.md").read_text(encoding="utf-8")
    namespace: dict = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    attempted = 0
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        if ">>>" in block:
            test = doctest.DocTestParser().get_doctest(block, namespace, "docs/syzygy.md", "docs/syzygy.md", 0)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0
            namespace.update(test.globs)
            attempted += result.attempted
        else:
            exec(compile(block, "docs/syzygy.md", "exec"), namespace)
    assert attempted >= 8
    namespace["tablebase"].close()
