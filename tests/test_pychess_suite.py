"""python-chess's own board tests (BoardTestCase, MoveTestCase, SquareSetTestCase, ...)
against chessbits, through tests/pychess_suite.py. The suite is downloaded from the
package index at test time (cached in the user cache dir); offline, the test skips.

The test fails when a test fails that KNOWN_FAILURES does not list, and when a listed
one passes: the list must stay true. CHESSBITS_SUBJECT=chess runs python-chess behind
the proxy instead, where everything must pass and the list is ignored.
"""
import os
import types

import pytest

import pychess_suite

# Test ids ("BoardTestCase.test_san") that fail today, each with why. None does: all 113
# tests of the seven classes pass against chessbits.
KNOWN_FAILURES: dict[str, str] = {
}


@pytest.mark.pychess
def test_python_chess_suite():
    try:
        report = pychess_suite.run()
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess test suite unavailable: {exc}")
    print()
    print(report.summary())
    self_test = report.subject == "chess"
    known = {} if self_test else KNOWN_FAILURES
    all_ids = {o.test_id for o in report.outcomes}
    unexpected = {t: o.message for t, o in report.failed.items() if t not in known}
    fixed = sorted(t for t in known if t in report.passed)
    stale = sorted(t for t in known if t not in all_ids)
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
    head = f"python-chess suite: {len(report.passed)}/{len(report.outcomes)} pass against {report.subject}"
    assert not problems, "\n".join([head] + problems)


def test_proxy_takes_names_from_the_subject_and_never_falls_back():
    import chess

    subject = types.ModuleType("fake_subject")
    subject.Board = object
    proxy = pychess_suite.ChessProxy(subject)
    assert proxy.Board is object
    assert proxy.pgn is chess.pgn and proxy.variant is chess.variant and proxy.polyglot is chess.polyglot
    with pytest.raises(AttributeError, match="SquareSet"):
        proxy.SquareSet  # python-chess has it; the subject does not: no fallback


def test_loading_the_suite_leaves_python_chess_alone(tmp_path):
    import chess
    import chess.pgn

    (tmp_path / "test.py").write_text("import chess\nimport chess.pgn\n"
                                      "def board():\n    return chess.Board\n")
    subject = types.ModuleType("fake_subject")
    subject.Board = "subject board"
    module = pychess_suite.load_test_module(tmp_path, subject)
    assert module.board() == "subject board"
    import sys
    assert sys.modules["chess"] is chess and chess.pgn.chess is chess
    assert chess.Board is not None and not isinstance(chess.Board, str)


def test_subject_defaults_to_chessbits(monkeypatch):
    monkeypatch.delenv("CHESSBITS_SUBJECT", raising=False)
    assert pychess_suite.subject_module().__name__ == "chessbits"
    monkeypatch.setenv("CHESSBITS_SUBJECT", "chess")
    assert pychess_suite.subject_module().__name__ == "chess"
    assert os.environ["CHESSBITS_SUBJECT"] == "chess"
