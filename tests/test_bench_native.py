"""chessbits bench native: the side-by-side runner, its count checks and its table, run for real
(chessbits in fresh processes; perft_cpu_2026's output format on a line it prints)."""
import sys

import pytest

from chessbits.bench import native


def test_perft_cpu_line_is_read():
    out = "CPU mode (threads: 1, TT: off)\nPerft(01): 20, time: 1e-06 seconds\nPerft(02): 400, time: 0.25 seconds, nps: 1"
    assert native.parse_perft_cpu(out, 2) == (400, 0.25)
    with pytest.raises(RuntimeError, match="no Perft\\(03\\) line"):
        native.parse_perft_cpu(out, 3)


def test_two_interpreters_side_by_side():
    run = lambda fen, d, t: native.run_chessbits(sys.executable, fen, d, t)  # noqa: E731
    depths = {"startpos": 3, "pos5": 2}
    runs = native.measure({"a": run, "b": run}, depths, [1, 2], rounds=1)
    assert runs[("a", "startpos", 2)][0][0] == 8902
    assert native.check_counts(runs, depths) == []
    text = native.report(runs, depths, ["a", "b"], 2, "b")
    assert "| startpos, 3" in text and "8,902" in text and "geometric mean" in text


def test_counts_are_checked():
    depths = {"pos5": 6}  # not published: the generators must agree
    runs = {("a", "pos5", 1): [(3048196529, 1.0)], ("b", "pos5", 1): [(3048196529, 2.0)]}
    assert native.check_counts(runs, depths) == ["pos5 perft 6 = 3,048,196,529"]
    runs[("b", "pos5", 1)] = [(3048196528, 2.0)]
    with pytest.raises(AssertionError, match="disagree"):
        native.check_counts(runs, depths)
    with pytest.raises(AssertionError, match="published 119,060,324"):
        native.check_counts({("a", "startpos", 1): [(119060323, 1.0)]}, {"startpos": 6})


def test_without_a_native_generator_it_says_so(capsys):
    assert native.main([]) == 0
    assert "--perft-cpu" in capsys.readouterr().err
