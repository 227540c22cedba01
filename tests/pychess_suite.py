"""python-chess's own unit tests for the board API, run against chessbits.

    python tests/pychess_suite.py [--verbose] [--subject chessbits|chess]

The source distribution of python-chess (the version installed here, fetched with
pip from the package index into the user cache, never copied into this repository)
holds test.py. We load it as a module whose global name `chess` is a proxy: each
name comes from chessbits when chessbits has it, the python-chess submodules
(pgn, polyglot, engine, ...) come from python-chess itself, and any other name
raises AttributeError, so a missing name fails its test instead of silently
testing python-chess. Only the test module's global is swapped: python-chess's
submodules keep importing the real python-chess.

`--subject chess` (or CHESSBITS_SUBJECT=chess) puts python-chess behind the proxy
instead of chessbits: everything must pass then, which proves the harness.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import tarfile
import traceback
import types
import unittest
from dataclasses import dataclass, field
from pathlib import Path

CLASSES = ("BoardTestCase", "LegalMoveGeneratorTestCase", "MoveTestCase", "PieceTestCase",
           "SquareTestCase", "SquareSetTestCase", "BaseBoardTestCase")

# Names that always resolve to python-chess's own submodules, so the tests that hand a
# Board to them (chess.polyglot.zobrist_hash(board), chess.pgn, chess.variant...) run
# python-chess's code on the subject's Board.
PYCHESS_SUBMODULES = ("pgn", "polyglot", "engine", "svg", "syzygy", "gaviota", "variant")


class SuiteUnavailable(RuntimeError):
    """The python-chess test suite could not be fetched (offline, no pip, no chess)."""


def cache_dir() -> Path:
    """Where downloaded source distributions live between runs."""
    if os.environ.get("CHESSBITS_CACHE"):
        return Path(os.environ["CHESSBITS_CACHE"])
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "chessbits"


def pychess_version() -> str:
    try:
        return importlib.metadata.version("chess")
    except importlib.metadata.PackageNotFoundError as exc:
        raise SuiteUnavailable("python-chess is not installed (pip install chess)") from exc


def fetch_suite(version: str | None = None) -> Path:
    """The unpacked python-chess sdist of `version` (default: the installed one).

    Downloaded once with `pip download --no-binary :all:`, then reused from the cache."""
    version = version or pychess_version()
    root = cache_dir() / "python-chess"
    unpacked = root / f"chess-{version}"
    if (unpacked / "test.py").is_file():
        return unpacked
    downloads = root / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    archive = downloads / f"chess-{version}.tar.gz"
    if not archive.is_file():
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
               f"chess=={version}", "-d", str(downloads)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SuiteUnavailable(f"could not download python-chess {version}: {exc}") from exc
        if proc.returncode != 0 or not archive.is_file():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            raise SuiteUnavailable(f"could not download the python-chess {version} sdist "
                                   f"({' '.join(cmd)} exited {proc.returncode}): "
                                   + " | ".join(tail))
    staging = root / f".unpack-{version}-{os.getpid()}"
    try:
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(staging, filter="data")
            else:  # Python < 3.12 without the backported filter
                tar.extractall(staging)
        top = staging / f"chess-{version}"
        if not (top / "test.py").is_file():
            raise SuiteUnavailable(f"{archive} has no chess-{version}/test.py")
        try:
            top.rename(unpacked)
        except OSError:
            if not (unpacked / "test.py").is_file():  # not just a concurrent run winning the race
                raise
    except (tarfile.TarError, OSError) as exc:
        raise SuiteUnavailable(f"could not unpack {archive}: {exc}") from exc
    finally:
        _rmtree(staging)
    return unpacked


def _rmtree(path: Path) -> None:
    import shutil
    shutil.rmtree(path, ignore_errors=True)


def subject_module(name: str | None = None) -> types.ModuleType:
    """The library under test: chessbits, or python-chess itself to prove the instrument."""
    name = name or os.environ.get("CHESSBITS_SUBJECT", "chessbits")
    if name not in ("chessbits", "chess"):
        raise ValueError(f"subject must be 'chessbits' or 'chess', not {name!r}")
    return importlib.import_module(name)


class ChessProxy(types.ModuleType):
    """Stands for the `chess` module inside python-chess's test.py."""

    def __init__(self, subject: types.ModuleType):
        super().__init__("chess", f"python-chess's names, answered by {subject.__name__}")
        object.__setattr__(self, "_subject", subject)

    def __getattr__(self, name: str):
        if name in PYCHESS_SUBMODULES:
            return importlib.import_module(f"chess.{name}")
        subject = object.__getattribute__(self, "_subject")
        try:
            return getattr(subject, name)
        except AttributeError:
            raise AttributeError(f"{subject.__name__} has no attribute {name!r} "
                                 f"(python-chess's chess.{name})") from None

    def __repr__(self) -> str:
        return f"<chess proxy for {object.__getattribute__(self, '_subject').__name__}>"


def load_test_module(suite_dir: Path, subject: types.ModuleType) -> types.ModuleType:
    """python-chess's test.py as a module whose global `chess` is the proxy."""
    name = "_pychess_upstream_test"
    spec = importlib.util.spec_from_file_location(name, suite_dir / "test.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)  # its `import chess...` binds the real python-chess
    module.chess = ChessProxy(subject)  # test bodies look `chess` up in these globals at run time
    return module


@dataclass
class Outcome:
    test_id: str          # "BoardTestCase.test_fen"
    status: str           # "pass", "fail", "error", "skip"
    message: str = ""     # first line of the error, and where in test.py it was raised


@dataclass
class Report:
    subject: str
    version: str
    outcomes: list[Outcome] = field(default_factory=list)

    def by_class(self) -> dict[str, list[Outcome]]:
        out: dict[str, list[Outcome]] = {c: [] for c in CLASSES}
        for o in self.outcomes:
            out[o.test_id.split(".")[0]].append(o)
        return out

    @property
    def passed(self) -> set[str]:
        return {o.test_id for o in self.outcomes if o.status == "pass"}

    @property
    def failed(self) -> dict[str, Outcome]:
        return {o.test_id: o for o in self.outcomes if o.status in ("fail", "error")}

    def summary(self) -> str:
        lines = [f"python-chess {self.version} test suite against {self.subject}"]
        width = max(map(len, CLASSES))
        for cls, outs in self.by_class().items():
            n_pass = sum(o.status == "pass" for o in outs)
            skipped = sum(o.status == "skip" for o in outs)
            extra = f" ({skipped} skipped)" if skipped else ""
            lines.append(f"  {cls:<{width}}  {n_pass:3d}/{len(outs):<3d}{extra}")
        total = len(self.outcomes)
        lines.append(f"  {'overall':<{width}}  {len(self.passed):3d}/{total:<3d}")
        bad = [o for o in self.outcomes if o.status in ("fail", "error")]
        if bad:
            lines.append(f"{len(bad)} failing:")
            lines += [f"  {o.status.upper():5s} {o.test_id}: {o.message}" for o in bad]
        lines += [f"  SKIP  {o.test_id}: {o.message}" for o in self.outcomes if o.status == "skip"]
        return "\n".join(lines)


def _first_line(err, test_file: str) -> str:
    exctype, value, tb = err
    text = str(value).strip().splitlines()
    where = ""
    for frame in reversed(traceback.extract_tb(tb)):
        if frame.filename == test_file:
            where = f" [test.py:{frame.lineno}]"
            break
    return f"{exctype.__name__}: {text[0] if text else ''}".rstrip() + where


class _Recorder(unittest.TestResult):
    def __init__(self, test_file: str, stream=None):
        super().__init__()
        self.test_file = test_file
        self.stream = stream
        self.outcomes: list[Outcome] = []

    def _add(self, test, status, message=""):
        test_id = f"{type(test).__name__}.{test._testMethodName}"
        self.outcomes.append(Outcome(test_id, status, message))
        if self.stream:
            print(f"{status:5s} {test_id}" + (f": {message}" if message else ""), file=self.stream)

    def addSuccess(self, test):
        self._add(test, "pass")

    def addFailure(self, test, err):
        self._add(test, "fail", _first_line(err, self.test_file))

    def addError(self, test, err):
        self._add(test, "error", _first_line(err, self.test_file))

    def addSkip(self, test, reason):
        self._add(test, "skip", reason)

    def addExpectedFailure(self, test, err):
        self._add(test, "pass")

    def addUnexpectedSuccess(self, test):
        self._add(test, "fail", "unexpected success")

    def addSubTest(self, test, subtest, err):
        if err is not None:  # a failing subtest fails its test
            kind = "fail" if issubclass(err[0], test.failureException) else "error"
            self._add(test, kind, _first_line(err, self.test_file))


def run(subject: str | None = None, verbose: bool = False) -> Report:
    """Run the board-API test classes of python-chess's test.py against `subject`."""
    version = pychess_version()
    suite_dir = fetch_suite(version)
    module = subject_module(subject)
    test_module = load_test_module(suite_dir, module)
    loader = unittest.TestLoader()
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(getattr(test_module, c)) for c in CLASSES)
    recorder = _Recorder(str(suite_dir / "test.py"), sys.stdout if verbose else None)
    cwd = os.getcwd()
    os.chdir(suite_dir)  # test.py opens data/ relative to its own directory
    try:
        suite.run(recorder)
    finally:
        os.chdir(cwd)
        sys.modules.pop(test_module.__name__, None)
    outcomes = _merge_subtests(recorder.outcomes)
    return Report(module.__name__, version, outcomes)


def _merge_subtests(outcomes: list[Outcome]) -> list[Outcome]:
    """One outcome per test: a test with a failing subtest fails even if it reports success."""
    merged: dict[str, Outcome] = {}
    for o in outcomes:
        prev = merged.get(o.test_id)
        if prev is None or (prev.status in ("pass", "skip") and o.status in ("fail", "error")):
            merged[o.test_id] = o
    return list(merged.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="print every test as it runs")
    parser.add_argument("--subject", choices=("chessbits", "chess"), default=None,
                        help="the module behind the proxy (default: $CHESSBITS_SUBJECT or chessbits)")
    args = parser.parse_args(argv)
    try:
        report = run(args.subject, args.verbose)
    except SuiteUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.summary())
    return 0 if not report.failed else 1


if __name__ == "__main__":
    sys.exit(main())
