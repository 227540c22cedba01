"""python-chess programs (benchmarks/programs/), run unchanged twice: ``python PROGRAM ARGS``
(python-chess) and ``python -m chessbits.run PROGRAM ARGS`` (chessbits installed as ``chess``).
Their stdout must be byte-identical, and so must every file they write (PGN corpus, Polyglot
book, SVG diagrams). stderr is not compared: the programs print their own timing there.

Inputs are made here by make_inputs.py (itself one of the programs compared): a few
Stockfish self-play games when Stockfish is installed, greedy-random games always, plus the
PGN files and Polyglot book of python-chess's sdist when it can be fetched (see
pychess_suite.fetch_suite). Only the cases that need Stockfish skip without it.
"""
import difflib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pychess_suite

PROGRAMS = Path(__file__).resolve().parent.parent / "benchmarks" / "programs"
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"
HAVE_STOCKFISH = os.path.isfile(STOCKFISH) and os.access(STOCKFISH, os.X_OK)
needs_stockfish = pytest.mark.skipif(not HAVE_STOCKFISH, reason=f"no Stockfish ({STOCKFISH})")
ENV = dict(os.environ, PATH=os.environ.get("PATH", "") + os.pathsep + "/usr/games",
           PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")


def run(program, args, subject, cwd):
    """Run a program on python-chess (subject 'chess') or chessbits; its CompletedProcess."""
    prefix = [sys.executable] if subject == "chess" else [sys.executable, "-m", "chessbits.run"]
    proc = subprocess.run(prefix + [str(PROGRAMS / program), *map(str, args)], capture_output=True,
                          cwd=cwd, env=ENV, timeout=300)
    assert proc.returncode == 0, (f"{program} on {subject} exited {proc.returncode}:\n"
                                  + proc.stderr.decode(errors="replace")[-3000:])
    last = proc.stderr.decode().strip().splitlines()[-1:]
    assert last and last[0].startswith("elapsed "), f"{program} on {subject}: no timing line on stderr"
    return proc


def first_difference(name, ours, theirs):
    """A readable diff of two byte strings, for the assertion message."""
    a = theirs.decode("utf-8", "replace").splitlines()
    b = ours.decode("utf-8", "replace").splitlines()
    diff = list(difflib.unified_diff(a, b, "python-chess", "chessbits", n=1, lineterm=""))
    return f"{name} differs:\n" + "\n".join(line[:300] for line in diff[:40])


def assert_same_bytes(name, ours, theirs):
    assert ours == theirs, first_difference(name, ours, theirs)


def assert_same_trees(ours_dir, theirs_dir):
    ours = sorted(p.relative_to(ours_dir) for p in Path(ours_dir).rglob("*") if p.is_file())
    theirs = sorted(p.relative_to(theirs_dir) for p in Path(theirs_dir).rglob("*") if p.is_file())
    assert ours == theirs
    for rel in theirs:
        assert_same_bytes(str(rel), (Path(ours_dir) / rel).read_bytes(), (Path(theirs_dir) / rel).read_bytes())
    return theirs


def run_both(program, args_for, tmp_path):
    """Run `program` both ways; args_for(subject, outdir) gives the arguments. Asserts equal
    stdout and equal files written into outdir; returns python-chess's stdout and files."""
    outs, procs = {}, {}
    for subject in ("chess", "chessbits"):
        outs[subject] = tmp_path / f"out-{subject}"
        outs[subject].mkdir()
        procs[subject] = run(program, args_for(subject, outs[subject]), subject, tmp_path)
    assert_same_bytes(f"{program} stdout", procs["chessbits"].stdout, procs["chess"].stdout)
    files = assert_same_trees(outs["chessbits"], outs["chess"])
    return procs["chess"].stdout.decode(), files


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    """{name: (games.pgn, book.bin)}: made by make_inputs.py, run both ways (same bytes)."""
    made = {}
    kinds = [("greedy", ["--games", "8", "--stockfish", "none", "--seed", "3"])]
    if HAVE_STOCKFISH:
        kinds.append(("stockfish", ["--games", "5", "--nodes", "200", "--max-plies", "120",
                                    "--stockfish", STOCKFISH, "--seed", "5"]))
    for name, args in kinds:
        tmp = tmp_path_factory.mktemp(f"inputs-{name}")
        run_both("make_inputs.py", lambda subject, out: [out, *args], tmp)
        made[name] = (tmp / "out-chess" / "games.pgn", tmp / "out-chess" / "book.bin")
    return made


def test_make_inputs(corpora):
    """make_inputs.py writes the same files on python-chess and on chessbits (asserted when
    the corpora were made: the runs are also a determinism check), and the corpora have
    what the analyser should see."""
    for name, (pgn, book) in corpora.items():
        text = pgn.read_text()
        assert text.count("[Event ") >= 5 and "[%clk " in text, name
        if name == "greedy":
            assert "[FEN " in text and "[Result \"*\"]" in text
        assert book.stat().st_size % 16 == 0 and book.stat().st_size > 16 * 20, name
        if name == "stockfish":
            assert "[%eval " in text


@pytest.mark.parametrize("corpus", ["greedy", "stockfish"])
def test_analyse_games_on_generated_corpus(corpus, corpora, tmp_path):
    if corpus not in corpora:
        pytest.skip(f"no Stockfish ({STOCKFISH}): no {corpus} corpus")
    pgn, book = corpora[corpus]
    out, svgs = run_both("analyse_games.py",
                         lambda subject, svg_dir: ["--book", book, "--svg-dir", svg_dir, "--verbose", pgn], tmp_path)
    games = sum(1 for line in out.splitlines() if line.startswith("#"))
    assert games == pgn.read_text().count("[Event ") and len(svgs) == games
    # every game starts with one of the opening lines the book was made from (but those set up from a FEN)
    out_of_book = sum(" book=0 " in line for line in out.splitlines() if line.startswith("#"))
    assert out_of_book <= pgn.read_text().count("[FEN ")


def test_analyse_games_on_python_chess_data(tmp_path):
    """python-chess's own PGN files (variants, Chess960, a BOM, odd movetext) and its book."""
    try:
        data = pychess_suite.fetch_suite() / "data"
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess's sdist unavailable: {exc}")
    pgns = sorted((data / "pgn").glob("*.pgn"))
    assert pgns
    out, svgs = run_both("analyse_games.py",
                         lambda subject, svg_dir: ["--book", data / "polyglot" / "performance.bin",
                                                   "--svg-dir", svg_dir, "--verbose", *pgns], tmp_path)
    assert out.count("\n== ") + out.startswith("== ") == len(pgns) and svgs


def count_games(path):
    import chess.pgn
    with open(path, encoding="utf-8") as handle:
        return sum(1 for _ in iter(lambda: chess.pgn.read_game(handle), None))


def annotated_pgn(directory):
    """Games with what the generated corpora lack: [%emt], [%csl]/[%cal] arrows, evals with a
    depth and mates, nested variations with starting comments, null moves, Chess960 and FEN
    starts, odd headers (the unmutated random games of test_pgn_differential)."""
    from test_pgn_differential import ANNOTATED, corpus_text
    path = Path(directory) / "annotated.pgn"
    path.write_text(ANNOTATED + "\n" + "\n".join(corpus_text(seed) for seed in range(30) if seed % 3 != 2),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("corpus", ["greedy", "stockfish"])
def test_walk_games_on_generated_corpus(corpus, corpora, tmp_path):
    if corpus not in corpora:
        pytest.skip(f"no Stockfish ({STOCKFISH}): no {corpus} corpus")
    pgn, _ = corpora[corpus]
    annotated = annotated_pgn(tmp_path)
    out, svgs = run_both("walk_games.py", lambda subject, svg_dir: ["--svg-dir", svg_dir, "--every", "15",
                                                                    pgn, annotated], tmp_path)
    games = sum(1 for line in out.splitlines() if line.startswith("#"))
    assert games == pgn.read_text().count("[Event ") + count_games(annotated)
    assert sum(name.endswith("-final.svg") for name in map(str, svgs)) == games
    totals = out.splitlines()[-2]
    assert " arrows=0 " not in totals and " emts=0 " not in totals and " side_lines=0 " not in totals
    assert out.count("\nheaders: games=") == 2


def test_walk_games_on_python_chess_data(tmp_path):
    """python-chess's own PGN files (variants, Chess960, a BOM, odd movetext)."""
    try:
        data = pychess_suite.fetch_suite() / "data"
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess's sdist unavailable: {exc}")
    pgns = sorted((data / "pgn").glob("*.pgn"))
    out, svgs = run_both("walk_games.py", lambda subject, svg_dir: ["--svg-dir", svg_dir, "--every", "25", *pgns],
                         tmp_path)
    assert out.count("headers: games=") == len(pgns) and svgs


def test_engine(tmp_path):
    out, _ = run_both("engine.py", lambda subject, out: ["--depth", "2", "--plies", "4"], tmp_path)
    assert out.count("[Event ") == 6 and "total nodes: " in out


@needs_stockfish
def test_engine_match(tmp_path):
    out, _ = run_both("engine_match.py", lambda subject, out: [STOCKFISH, "--nodes", "1500", "--plies", "24",
                                                              "--analyse-nodes", "3000"], tmp_path)
    assert "[White \"Stockfish" in out and out.count("bestmove ") == 4
