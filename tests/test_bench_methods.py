"""chessbits bench methods: it covers python-chess's public API, and every row gives equal
results on both libraries."""
import json
import subprocess
import sys

import chess
import pytest

from chessbits.bench import methods


def test_every_public_python_chess_name_is_timed_or_skipped_with_a_reason():
    assert methods.uncovered() == []
    assert all(reason.strip() for reason in methods.SKIPPED.values())
    timed = {(c.cls, n) for c in methods.CASES for n in (c.name, *c.covers)}
    assert not timed & set(methods.SKIPPED), "a name is both timed and skipped"
    # the basics are there: instance attributes, dunders, class methods
    for name in [("Board", "turn"), ("Board", "__eq__"), ("Board", "from_epd"), ("Move", "from_square"),
                 ("Piece", "__hash__"), ("SquareSet", "__or__"), ("SquareSet", "__iter__")]:
        assert name in timed


def test_a_name_python_chess_gains_is_reported_uncovered(monkeypatch):
    monkeypatch.setattr(chess.Move, "frobnicate", lambda self: 1, raising=False)
    assert methods.uncovered() == ["Move.frobnicate"]


def test_a_name_chessbits_lacks_is_a_missing_row_not_a_crash(monkeypatch):
    monkeypatch.setattr(chess.Move, "frobnicate", lambda self: 1, raising=False)
    row = methods.measure(methods.Case("Move", "frobnicate", "m.frobnicate()"), rounds=1, quick=True)
    assert row["status"] == "missing" and row["python_chess_ns"] > 0 and row["ratio"] is None
    assert "| missing" in methods.report([row]) and "1 missing in chessbits" in methods.report([row])


def test_different_results_are_an_error_row():
    row = methods.measure(methods.Case("Board", "fen", "b.fen() if chess is __import__('chess') else ''"),
                          rounds=1, quick=True)
    assert row["status"] == "error" and "results differ" in row["error"]


def test_an_equal_result_of_another_type_is_an_error_row():
    """0 == False, but python-chess answers False: the row compares types and reprs too."""
    row = methods.measure(methods.Case("Board", "is_check", "b.is_check() if chess is __import__('chess') "
                                                           "else int(b.is_check())"), rounds=1, quick=True)
    assert row["status"] == "error" and row["error"] == "results differ: [0]: type bool vs int"


@pytest.fixture(scope="module")
def quick_rows():
    return methods.run(rounds=1, quick=True)


def test_every_expression_gives_equal_results_on_both_libraries(quick_rows):
    assert len(quick_rows) == len(methods.CASES)
    assert [(r["class"], r["name"], r["timed"], r["error"]) for r in quick_rows if r["status"] == "error"] == []
    assert all(r["python_chess_ns"] > 0 for r in quick_rows)


def test_the_generated_loop_makes_four_calls_per_pass():
    calls = []
    f = methods._loop("o.append(1)", ["o"])
    f(3, calls)
    assert len(calls) == 12


def test_command_line_quick_run(tmp_path):
    out = tmp_path / "rows.json"
    r = subprocess.run([sys.executable, "-m", "chessbits", "bench", "methods", "--rounds", "1", "--quick",
                        "--only", "Move", "--only", "SquareSet", "--json", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("Machine: ")
    assert "| python-chess ns | chessbits ns |" in r.stdout and "Geometric mean: " in r.stdout
    assert "Minimum ratio: " in r.stdout and "Not timed, on purpose: " in r.stdout
    rows = json.loads(out.read_text())["rows"]
    assert {row["class"] for row in rows} == {"Move", "SquareSet"}
    assert len(rows) == sum(c.cls in ("Move", "SquareSet") for c in methods.CASES)
    assert "`s \\|= t`" in r.stdout  # a | in a Markdown cell is escaped
