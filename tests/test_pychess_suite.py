"""python-chess's own test.py, every class, with chessbits installed as ``chess`` through
install_as_chess(), by tests/pychess_suite.py (in child processes). The suite is downloaded
from the package index at test time (cached in the user cache dir); offline, the test skips.

Run on python-chess itself too, as the yardstick: every test that passes there must pass on
chessbits, except those KNOWN_FAILURES lists (and a listed one that passes fails this test:
the list must stay true), and tests skip on chessbits exactly where they skip on python-chess
(an engine binary or tables missing here, never a module of ours missing).
"""
import shutil

import pytest

import pychess_suite

# Test ids ("BoardTestCase.test_san") that fail on chessbits today, each with why. None does.
KNOWN_FAILURES: dict[str, str] = {
}


@pytest.fixture(scope="module")
def reports():
    try:
        return pychess_suite.run("chess"), pychess_suite.run("chessbits")
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess test suite unavailable: {exc}")


@pytest.mark.pychess
def test_whole_python_chess_suite_on_chessbits(reports):
    theirs, ours = reports
    print()
    print(ours.summary())
    assert not theirs.failed, f"test.py fails on python-chess itself: {theirs.failed}"
    assert ours.classes == theirs.classes
    unexpected = {t: o.message for t, o in ours.failed.items() if t not in KNOWN_FAILURES}
    fixed = sorted(t for t in KNOWN_FAILURES if t in ours.passed)
    stale = sorted(t for t in KNOWN_FAILURES if t not in {o.test_id for o in ours.outcomes})
    problems = []
    if unexpected:
        problems.append(f"{len(unexpected)} failing, not in KNOWN_FAILURES:")
        problems += [f"  {t}: {m}" for t, m in unexpected.items()]
    if fixed:
        problems.append(f"{len(fixed)} in KNOWN_FAILURES now pass (remove them):")
        problems += [f"  {t}" for t in fixed]
    if stale:
        problems.append(f"{len(stale)} in KNOWN_FAILURES are not tests of the suite:")
        problems += [f"  {t}" for t in stale]
    head = f"python-chess suite: {len(ours.passed)}/{len(ours.outcomes)} pass on chessbits"
    assert not problems, "\n".join([head] + problems)


@pytest.mark.pychess
def test_skips_are_python_chess_own(reports):
    theirs, ours = reports
    skipped = {o.test_id: o.message for o in ours.outcomes if o.status == "skip"}
    assert skipped == {o.test_id: o.message for o in theirs.outcomes if o.status == "skip"}


@pytest.mark.pychess
def test_engine_tests_ran(reports):
    """Stockfish is there (CI installs Debian's package), so the engine tests ran, not skipped."""
    if not (shutil.which("stockfish") or shutil.which("stockfish", path=":".join(pychess_suite.ENGINE_DIRS))):
        pytest.skip("stockfish is not installed here")
    _, ours = reports
    ran = [o for o in ours.outcomes if o.test_id.startswith("EngineTestCase.test_sf_") and o.status == "pass"]
    assert len(ran) >= 4, [o for o in ours.outcomes if "test_sf_" in o.test_id]


def test_subject_defaults_to_chessbits(monkeypatch):
    monkeypatch.delenv("CHESSBITS_SUBJECT", raising=False)
    assert pychess_suite.subject_name() == "chessbits"
    monkeypatch.setenv("CHESSBITS_SUBJECT", "chess")
    assert pychess_suite.subject_name() == "chess"
    with pytest.raises(ValueError, match="subject"):
        pychess_suite.subject_name("stockfish")


def test_child_runs_test_py_on_the_subject(tmp_path):
    """The child installs chessbits as chess before test.py's imports, and records every class."""
    (tmp_path / "test.py").write_text(
        "import unittest\nimport chess, chess.pgn\n"
        "class ATestCase(unittest.TestCase):\n"
        "    def test_is_chessbits(self):\n        self.assertEqual(chess.__name__, 'chessbits')\n"
        "    def test_pgn(self):\n        self.assertEqual(chess.pgn.__name__, 'chessbits.pgn')\n"
        "class BTestCase(unittest.TestCase):\n"
        "    def test_fails(self):\n        self.assertEqual(1, 2)\n")
    out = tmp_path / "out.json"
    import json
    import subprocess
    import sys
    subprocess.run([sys.executable, pychess_suite.__file__, "--child", str(out)], cwd=tmp_path, check=True)
    data = json.loads(out.read_text())
    assert data["module"] == "chessbits" and data["classes"] == ["ATestCase", "BTestCase"]
    status = {o["test_id"]: o["status"] for o in data["outcomes"]}
    assert status == {"ATestCase.test_is_chessbits": "pass", "ATestCase.test_pgn": "pass",
                      "BTestCase.test_fails": "fail"}
