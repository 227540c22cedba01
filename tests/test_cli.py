"""The command line, run as a user runs it."""
import argparse
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from shlex import quote as shlex_quote

import chess
import pytest

from chessbits.positions import KIWIPETE, NAMED


def run(*args):
    return subprocess.run([sys.executable, "-m", "chessbits", *args], capture_output=True, text=True)


def test_info_json():
    r = run("info", "--json")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["default"] in info["methods"]


def test_info_text():
    r = run("info")
    assert r.returncode == 0 and "default_reason" in r.stdout


@pytest.mark.parametrize("flag, rook_entries", [([], "102,400"), (["--plain"], "262,144")])
def test_magics(flag, rook_entries):
    r = run("magics", *flag)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1].startswith("a1      0x")
    assert len([line for line in lines if line[:2] in {f"{f}{n}" for f in "abcdefgh" for n in "12345678"}]) == 64
    assert f"rook table {rook_entries} entries" in r.stdout
    assert "candidates tried in" in r.stdout


def test_bench_attacks_one_method():
    r = run("bench", "attacks", "--rounds", "1", "--method", "hyperbola", "--method", "reference")
    assert r.returncode == 0, r.stderr
    assert "| hyperbola" in r.stdout and "| reference" in r.stdout
    assert "ns per lookup" in r.stdout


def test_bench_rejects_unknown_method():
    r = run("bench", "attacks", "--method", "nope")
    assert r.returncode == 2 and "invalid choice" in r.stderr


# ---------------------------------------------------------------- perft, divide, --compare

HERE = Path(__file__).parent
FAKE_ENGINE = f"{shlex_quote(sys.executable)} {shlex_quote(str(HERE / 'fake_uci_engine.py'))}"
FISCHER_3 = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9"  # ethereal-fischer.epd:3


def python_chess_divide(fen, depth, chess960=False):
    board = chess.Board(fen, chess960=chess960)

    def perft(d):
        if d == 0:
            return 1
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += perft(d - 1)
            board.pop()
        return n
    result = {}
    for move in board.legal_moves:
        board.push(move)
        result[move.uci()] = perft(depth - 1)
        board.pop()
    return result


def parse_divide(stdout):
    """The 'e2e4: 9771' lines, then the blank line and 'Nodes searched: N'."""
    lines = stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if ": " in line and not line.startswith("perft"))
    blank = lines.index("", first)
    moves = [line.split(": ") for line in lines[first:blank]]
    assert lines[blank + 1].startswith("Nodes searched: ")
    return [m for m, _ in moves], {m: int(n) for m, n in moves}, int(lines[blank + 1].split(": ")[1])


def assert_one_line_error(r, *needles):
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    for needle in needles:
        assert needle in r.stderr, r.stderr


def gone(pid, within=3.0):
    """True once no process has this pid (the engine was reaped, not orphaned)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_perft_startpos():
    r = run("perft", "startpos", "4")
    assert r.returncode == 0, r.stderr
    assert "Nodes searched: 197281\n" in r.stdout
    assert "Time: " in r.stdout and "M nodes/s" in r.stdout
    assert chess.STARTING_FEN in r.stdout.splitlines()[0]


def test_perft_depth_alone_means_startpos():
    r = run("perft", "3", "--threads", "2", "--method", "kindergarten")
    assert r.returncode == 0 and "Nodes searched: 8902\n" in r.stdout
    assert "kindergarten, 2 threads" in r.stdout


def test_divide_unquoted_fen_matches_python_chess():
    r = run("perft", *KIWIPETE.split(), "2", "--divide")
    assert r.returncode == 0, r.stderr
    order, counts, total = parse_divide(r.stdout)
    assert order == sorted(order)
    assert counts == python_chess_divide(KIWIPETE, 2) and total == 2039


def test_divide_alias_and_kiwipete_name():
    r = run("divide", "kiwipete", "1")
    assert r.returncode == 0, r.stderr
    assert parse_divide(r.stdout)[2] == 48


def test_chess960_detected_from_castling_field():
    r = run("perft", FISCHER_3, "2", "--divide")
    assert r.returncode == 0, r.stderr
    assert "Chess960" in r.stdout.splitlines()[0]
    _, counts, total = parse_divide(r.stdout)
    assert total == 479 and "f1g1" in counts  # king takes rook, as python-chess writes it


def test_checkmated_side_has_no_moves():
    fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    r = run("divide", fools_mate, "2", "--compare")
    assert r.returncode == 0, r.stderr
    assert "\n\nNodes searched: 0\n" in r.stdout and "The counts agree" in r.stdout


@pytest.mark.parametrize("fen, depth", [
    ("startpos", 3),
    (KIWIPETE, 2),
    (NAMED["pos3"], 3),
    (NAMED["pos4"], 2),
    (NAMED["pos5"], 2),
    (FISCHER_3, 2),
])
def test_compare_python_chess_agrees(fen, depth):
    r = run("perft", fen, str(depth), "--compare", "python-chess")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "The counts agree; chessbits was" in r.stdout
    start = chess.STARTING_FEN if fen == "startpos" else fen
    total = sum(python_chess_divide(start, depth, chess960=fen == FISCHER_3).values())
    rows = [line.split() for line in r.stdout.splitlines() if line.startswith(("chessbits ", "python-chess "))]
    assert [row[1] for row in rows] == [f"{total:,}"] * 2


def test_compare_without_value_is_python_chess():
    r = run("perft", "kiwipete", "1", "--compare")
    assert r.returncode == 0 and "python-chess" in r.stdout and "The counts agree" in r.stdout


def test_drill_down_names_the_position_and_the_move_the_engine_leaves_out():
    # The fake engine is python-chess everywhere except after 1.e4 e5 2.Nf3, where it
    # forgets 2...Nc6; perft 4 from the start counts that position's moves.
    r = run("perft", "startpos", "4", "--compare", FAKE_ENGINE)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "197,281" in r.stdout and "197,279" in r.stdout  # reached twice: 1.e4 e5 2.Nf3, 1.Nf3 e5 2.e4
    after = chess.Board()
    for uci in ("e2e4", "e7e5", "g1f3"):
        after.push_uci(uci)
    report = r.stdout[r.stdout.index("generators disagree"):]
    assert report.splitlines()[:4] == [
        f"generators disagree at {after.fen()}",
        "  reached by: e2e4 e7e5 g1f3",
        "  perft 1: chessbits 29, fake_uci_engine 28",
        "  moves only chessbits generates: b8c6",
    ]
    assert "  e2e4 e7e5: chessbits 835, fake_uci_engine 834" in r.stdout  # the way down, step by step


def test_drill_down_in_kiwipete_after_castling():
    board = chess.Board(KIWIPETE)
    board.push_uci("e1g1")
    engine = f"{FAKE_ENGINE} --omit-in {shlex_quote(board.fen())} --omit e8c8"
    r = run("perft", "kiwipete", "3", "--compare", engine)
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"generators disagree at {board.fen()}\n  reached by: e1g1\n" in r.stdout
    assert "  moves only chessbits generates: e8c8\n" in r.stdout


def test_drill_down_chess960_engine_gets_the_option():
    engine = f"{FAKE_ENGINE} --omit-in {shlex_quote(FISCHER_3)} --omit f1g1"
    r = run("perft", FISCHER_3, "2", "--compare", engine)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "reached by: (no moves: the position given)" in r.stdout
    assert "moves only chessbits generates: f1g1" in r.stdout
    # the same engine without the omission agrees, so it was told UCI_Chess960
    r = run("perft", FISCHER_3, "2", "--compare", f"{FAKE_ENGINE} --correct")
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("flags, needles", [
    ("--garbage", ["fake_uci_engine answered 'go perft 2' with an unexpected line: 'the quick brown fox'"]),
    ("--die", ["fake_uci_engine exited with status 3 before answering 'go perft 2'", "told to die"]),
])
def test_broken_engine_is_one_line_and_exit_2(flags, needles, tmp_path):
    pid_file = tmp_path / "pid"
    r = run("perft", "startpos", "2", "--compare", f"{FAKE_ENGINE} {flags} --pid-file {pid_file}")
    assert_one_line_error(r, *needles)
    assert gone(int(pid_file.read_text()))


def test_missing_engine():
    r = run("perft", "startpos", "2", "--compare", "no-such-engine-here --flag")
    assert_one_line_error(r, "engine not found: 'no-such-engine-here'")


def test_engine_that_exits_at_once():
    r = run("perft", "startpos", "2", "--compare", f"{shlex_quote(sys.executable)} -c pass")
    assert_one_line_error(r, "exited with status 0 before answering 'uci'")


def test_engine_dead_before_our_first_write_reads_the_same():
    # the other side of that race, forced: the write fails instead of the read
    from chessbits.uci import EngineError, UciEngine
    process = subprocess.Popen([sys.executable, "-c", "pass"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, bufsize=1)
    process.wait()
    with UciEngine(process, "dead", 5.0) as engine, \
            pytest.raises(EngineError, match="^dead exited with status 0 before answering 'uci'$"):
        for _ in range(100):  # the pipe's buffer may take a few lines before it breaks
            engine.send("uci")


def test_silent_stubborn_engine_times_out_and_is_killed(tmp_path):
    pid_file = tmp_path / "pid"
    engine = f"{FAKE_ENGINE} --hang uci --stubborn --pid-file {pid_file}"
    r = run("perft", "startpos", "2", "--compare", engine, "--timeout", "0.5")
    assert_one_line_error(r, "sent nothing for 0.5 s after 'uci' (expected uciok)")
    assert gone(int(pid_file.read_text()))  # it ignores quit and SIGTERM: killed


def ctrl_c_reaches_it():
    """preexec_fn of a child that is sent Ctrl-C: SIGINT back to its default, as in a terminal.
    A suite started in the background (`cmd &` in a script) ignores SIGINT, the child inherits
    that, and Python then installs no KeyboardInterrupt for it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_compare_quits_the_engine(tmp_path):
    pid_file = tmp_path / "pid"
    engine = f"{FAKE_ENGINE} --hang go --stubborn --pid-file {pid_file}"
    p = subprocess.Popen([sys.executable, "-m", "chessbits", "perft", "startpos", "3", "--compare", engine],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it)
    deadline = time.monotonic() + 10
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # most likely past the handshake, waiting on 'go perft'
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=10)
    assert p.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert gone(int(pid_file.read_text()))


def test_ctrl_c_during_perft_prints_what_was_done():
    p = subprocess.Popen([sys.executable, "-m", "chessbits", "perft", "startpos", "7", "--divide"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it)
    assert p.stdout.readline().startswith("perft 7 of ")
    assert p.stdout.readline() == "a2a3: 106743106\n"  # printed as soon as it finishes
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=10)
    assert p.returncode == 130
    assert "interrupted: " in err and " of 20 root moves done" in err and "Traceback" not in err


def test_ctrl_c_while_a_divide_line_is_printed_still_says_what_was_done(capsys):
    # The signal can land while the caller handles a finished move (the race the test above
    # once lost in CI): the summary line must come all the same.
    from chessbits import Board
    from chessbits.cli.common import Interrupted
    from chessbits.cli.perft import shown_divide

    def each(uci, nodes):
        if uci == "a2a4":
            raise KeyboardInterrupt

    with pytest.raises(Interrupted):
        shown_divide(Board(), 2, None, 1, "perft", each, quiet=True)
    assert "interrupted: 2 of 20 root moves done, 40 nodes in " in capsys.readouterr().err


def test_a_second_ctrl_c_during_cleanup_adds_no_second_line(monkeypatch, capsys):
    # Ctrl-C again while --compare quits its engine after the first one: one line, exit 130
    from chessbits import cli
    from chessbits.cli.common import Interrupted

    def run(args):
        try:
            print("interrupted: chessbits 8,902 nodes in 0.0 s; engine 3 of 20 root moves done", file=sys.stderr)
            raise Interrupted
        finally:
            raise KeyboardInterrupt  # the engine's quit, cut short

    monkeypatch.setattr(cli.perft, "run", run)
    assert cli.main(["perft", "startpos", "3"]) == 130
    assert capsys.readouterr().err.count("interrupted") == 1

STOCKFISH = shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


@pytest.mark.skipif(not STOCKFISH, reason="stockfish is not installed")
@pytest.mark.parametrize("fen, depth", [("kiwipete", 3), (FISCHER_3, 3), ("startpos", 4)])
def test_compare_stockfish(fen, depth):
    r = run("perft", fen, str(depth), "--compare", STOCKFISH)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "The counts agree; chessbits was" in r.stdout and "Stockfish" in r.stdout


# ---------------------------------------------------------------- suite

DATA = HERE / "data"


def test_suite_quick_subset_of_every_data_file():
    files = sorted(str(p) for p in DATA.iterdir() if p.suffix in (".epd", ".perft"))
    r = run("suite", *files, "--max-nodes", "2e3")
    assert r.returncode == 0, r.stdout + r.stderr
    assert ", 0 failed: " in r.stdout
    for f in files:
        assert f"{os.path.basename(f)}: " in r.stdout
    assert "counts skipped (deeper than --max-depth 6 or more than --max-nodes 2,000)" in r.stdout


def test_suite_chess960_forced_on_standard_positions():
    r = run("suite", str(DATA / "cpw-perft-results.epd"), "--chess960", "--max-depth", "3")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "7 passed, 0 failed" in r.stdout


def test_suite_wrong_count_fails_naming_the_position(tmp_path):
    suite = tmp_path / "wrong.epd"
    suite.write_text(f"{chess.STARTING_FEN} ;D1 20 ;D2 400\n"
                     f"{KIWIPETE} ;D1 48 ;D2 2039 ;D3 97863\n")
    r = run("suite", str(suite))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"FAIL wrong.epd:2 {KIWIPETE}\n  perft 3: expected 97,863, chessbits 97,862\n" in r.stdout
    assert "python-chess agrees with chessbits" in r.stdout
    assert "1 passed, 1 failed" in r.stdout


def test_suite_failure_beyond_python_chess_shows_the_divide(tmp_path):
    suite = tmp_path / "wrong.epd"
    suite.write_text(f"{KIWIPETE} ;D4 4085604\n")
    r = run("suite", str(suite), "--max-nodes", "1e7")
    assert r.returncode == 1
    assert "  divide: a1b1: 83348, a1c1: 83263," in r.stdout


def test_suite_bad_fen_is_a_failure(tmp_path):
    suite = tmp_path / "bad.epd"
    suite.write_text("xx w - - 0 1 ;D1 3\n")
    r = run("suite", str(suite))
    assert r.returncode == 1 and "FAIL bad.epd:1 xx w - - 0 1\n  bad FEN: " in r.stdout


# ---------------------------------------------------------------- bad input, help, bench

@pytest.mark.parametrize("args, needle", [
    (["perft", "startpos", "0"], "depth must be a positive integer"),
    (["perft", "startpos", "-1"], "depth must be a positive integer"),
    (["perft", "startpos", "three"], "depth must be a positive integer"),
    (["perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "2"], "expected 'w' or 'b' for turn part of fen"),
    (["perft", "nonsense", "2"], "bad FEN 'nonsense'"),
    (["perft", "startpos", "2", "--method", "nope"], "unknown method 'nope'"),
    (["perft", "startpos", "2", "--threads", "0"], "--threads: must be an integer in 1..256"),
    (["divide", "startpos", "2", "--threads", "many"], "--threads: must be an integer in 1..256"),
    (["perft"], "required"),
    (["perft", "startpos", "3", "--stats", "--divide"], "not with --compare or --divide"),
    (["perft", "8/8/8/8/8/8/8/K7 w - - 0 1", "2", "--stats"], "needs a valid position"),
    (["perft", "2", "--compare", "engine 'unclosed"], "No closing quotation"),
    (["suite", "/no/such/file.epd"], "cannot read /no/such/file.epd"),
    (["suite", str(DATA / "SOURCES.md")], "malformed suite"),
    (["suite", str(DATA / "cpw-perft-results.epd"), "--max-nodes", "lots"], "--max-nodes"),
    (["suite", str(DATA / "cpw-perft-results.epd"), "--threads", "999"], "--threads"),
    (["bench", "all", "--rounds", "1"], "options go to one benchmark"),
    (["bench", "nope"], "invalid choice"),
    (["bench", "attacks", "--rounds", "0"], "--rounds: must be a positive integer, got '0'"),
    (["bench", "api", "--positions", "-3"], "--positions: must be a positive integer, got '-3'"),
    (["bench", "perft", "--rounds", "many"], "--rounds: must be a positive integer"),
    (["bench", "attacks", "--method", "nope"], "invalid choice"),
    (["magics", "--seed", "0"], "--seed: must be an integer in 1..18,446,744,073,709,551,615, got '0'"),
    (["magics", "--seed", "x"], "--seed"),
    (["info", "--bogus"], "unrecognized arguments"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
    (["perft", "startpos", "3", "--hash", "0"], "--hash: must be an integer in 1..1,048,576, got '0'"),
    (["perft", "startpos", "3", "--split", "-1"], "--split: must be an integer >= 0"),
    (["perft", "startpos", "3", "--split", "4"], "split must be in 0..3"),
    (["perft", "startpos", "3", "--tasks", "some"], "--tasks: must be a positive integer"),
    (["perft", "startpos", "3", "--seed", "-2"], "--seed: must be an integer >= 0"),
    (["perft", "startpos", "3", "--hash", "8", "--divide"], "not with --compare or --divide"),
    (["perft", "startpos", "3", "--timeout", "-1"], "--timeout"),
    (["perft", "8/8/8/8/8/8/8/K7 w - - 0 1", "3", "--hash", "8"], "needs a valid position"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    assert_one_line_error(run(*args), needle)


def every_parser():
    """(argv before the option, parser) for every command and every benchmark's own parser
    (caught as its main() parses), so a new option is tested the day it is added."""
    from chessbits.cli import parser, reports
    from chessbits._options import Parser

    first = {"perft": ["startpos", "1"], "divide": ["startpos", "1"], "suite": [str(DATA / "cpw-perft-results.epd")]}
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, p in sub.choices.items():
        yield [name, *first.get(name, [])], p

    class Caught(Exception):
        pass

    def catch(self, *args, **kwargs):
        raise Caught(self)

    for name, module in reports.BENCHMARKS.items():
        original = Parser.parse_args
        Parser.parse_args = catch
        try:
            importlib.import_module(module).main([])
        except Caught as e:
            yield ["bench", name], e.args[0]
        finally:
            Parser.parse_args = original


def bad_values(action):
    """Values the option's own type or choices refuse (free text options have none)."""
    if action.choices:
        return ["nope"]
    if action.type in (None, str) or action.nargs == 0:
        return []
    refused = []
    for value in ["0", "-1", "x", "", "1e999", "nan", "inf", "9" * 40, "0x", "2.5"]:
        try:
            action.type(value)
        except (argparse.ArgumentTypeError, ValueError, TypeError, OverflowError):
            refused.append(value)
    return refused


CASES = [(argv, option.option_strings[-1], value) for argv, p in every_parser() for option in p._actions
         if option.option_strings and option.dest != "help" for value in bad_values(option)]


@pytest.mark.parametrize("argv, option, value", CASES, ids=[f"{' '.join(a)} {o} {v!r}" for a, o, v in CASES])
def test_every_option_refuses_bad_values_in_one_line(argv, option, value, capsys):
    from chessbits import cli
    try:
        status = cli.main([*argv, option, value])
    except SystemExit as e:
        status = e.code
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1 and option in err, err


def test_the_bad_value_cases_cover_every_command():
    assert {a[0] if a[0] != "bench" else " ".join(a) for a, _, _ in CASES} >= {
        "perft", "divide", "suite", "magics", "bench attacks", "bench perft", "bench api", "bench methods"}


def test_suite_without_usable_lines_is_exit_2_and_nothing_checked_exit_1(tmp_path):
    counts_missing = tmp_path / "fens.epd"
    counts_missing.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    assert_one_line_error(run("suite", str(counts_missing)), "no usable line in")
    r = run("suite", str(DATA / "cpw-perft-results.epd"), "--max-nodes", "5")
    assert r.returncode == 1 and "nothing was checked" in r.stderr and "Traceback" not in r.stderr


def test_version_and_clean_bench_help():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"chessbits {chessbits_version()}"
    for name in ("attacks", "perft", "api", "methods"):
        r = run("bench", name, "--help")
        assert r.returncode == 0 and ">>>" not in r.stdout and "usage: chessbits bench" in r.stdout


def chessbits_version():
    import chessbits
    return chessbits.__version__


@pytest.mark.parametrize("command", ["perft", "divide", "suite", "bench", "magics", "info"])
def test_every_command_has_help_with_examples(command):
    r = run(command, "--help")
    assert r.returncode == 0 and "examples:" in r.stdout


def test_top_level_help_lists_every_command():
    r = run("--help")
    assert r.returncode == 0
    for command in ["perft", "divide", "suite", "bench", "magics", "info"]:
        assert f"    {command} " in r.stdout


def test_bench_dispatch_is_table_driven(monkeypatch, capsys):
    from chessbits import cli
    from chessbits.cli import reports
    monkeypatch.setitem(reports.BENCHMARKS, "ghost", "chessbits.bench.ghost")
    assert cli.main(["bench", "ghost"]) == 2
    assert "the ghost benchmark is not available (no module chessbits.bench.ghost)" in capsys.readouterr().err


def test_console_script():
    script = shutil.which("chessbits")
    if script is None:
        pytest.skip("the chessbits console script is not on PATH")
    r = subprocess.run([script, "perft", "2"], capture_output=True, text=True)
    assert r.returncode == 0 and "Nodes searched: 400" in r.stdout


def test_position_python_chess_calls_invalid_is_counted_by_its_rules():
    fen = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"   # no black king
    r = run("perft", fen, "3")
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("\n") == 1 and "NO_BLACK_KING" in r.stderr and "invalid" in r.stderr
    theirs = chess.Board(fen)

    def perft(board, depth):
        if depth == 0:
            return 1
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += perft(board, depth - 1)
            board.pop()
        return total

    assert f"Nodes searched: {perft(theirs, 3)}" in r.stdout


def test_perft_stats_table_and_json():
    r = run("perft", "kiwipete", "3", "--stats", "--json")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[1].split()[:4] == ["depth", "nodes", "captures", "e.p."]
    assert json.loads(lines[-1]) == {"nodes": 97862, "captures": 17102, "en_passant": 45, "castles": 3162,
                                     "promotions": 0, "checks": 993, "discovery_checks": 0,
                                     "double_checks": 0, "checkmates": 1}   # chessprogramming's table
    r = run("perft", "startpos", "3", "--json")
    assert json.loads(r.stdout.strip().splitlines()[-1]) == {"nodes": 8902}
