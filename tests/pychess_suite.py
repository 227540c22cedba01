"""python-chess's own unit tests, the whole of its test.py, run on chessbits installed as ``chess``.

    python tests/pychess_suite.py [--verbose] [--subject chessbits|chess] [--classes A,B]
                                  [--version V | --source DIR] [--known FILE]

The source distribution of python-chess (the version installed here, fetched with
pip from the package index into the user cache, never copied into this repository)
holds test.py and its data. A child process calls ``chessbits.install_as_chess()`` and
then imports test.py, so its ``import chess, chess.pgn, chess.engine, ...`` give chessbits
and chessbits' modules, as they would for any python-chess program run that way; every
test class runs. The child is a separate process because install_as_chess() changes
``sys.modules`` for good (the parent may hold python-chess as an oracle).

Engine tests need ``stockfish`` on PATH (Debian's package puts it in /usr/games, which the
child adds); tests that need an engine or tables absent here skip as they do on python-chess.
`--subject chess` (or CHESSBITS_SUBJECT=chess) runs test.py on python-chess itself: everything
must pass then, which proves the harness. `--source DIR` runs the test.py of a python-chess
source tree instead of a release's (python-chess's master, its next release, in CI: install
that tree too, so that chessbits answers as it); `--known FILE` names the tests expected to
fail there, one ``Class.test: why`` a line: they fail the run only by passing (the list then
says more than is true), every other failure fails it as always.
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


SUBJECTS = ("chessbits", "chess")
ENGINE_DIRS = ("/usr/games",)  # where Debian installs stockfish and fairy-stockfish


def subject_name(name: str | None = None) -> str:
    """The library under test: chessbits, or python-chess itself to prove the instrument."""
    name = name or os.environ.get("CHESSBITS_SUBJECT", "chessbits")
    if name not in SUBJECTS:
        raise ValueError(f"subject must be 'chessbits' or 'chess', not {name!r}")
    return name


def load_test_module(suite_dir: Path, classes: list[str] | None = None) -> types.ModuleType:
    """python-chess's test.py as a module (not named ``test``: that is the standard library's);
    with ``classes``, the other test classes left out before it runs (their bodies may name
    modules chessbits runs only with python-chess installed, as SyzygyTestCase's decorators do)."""
    import ast
    name = "_pychess_upstream_test"
    path = suite_dir / "test.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    if classes is None:
        spec.loader.exec_module(module)
        return module
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    tree.body = [node for node in tree.body if not (isinstance(node, ast.ClassDef) and
                                                      node.name.endswith("TestCase") and node.name not in classes)]
    exec(compile(tree, str(path), "exec"), vars(module))
    return module


def test_classes(module: types.ModuleType) -> list[type]:
    """Every unittest.TestCase class test.py defines, in the order of the file."""
    import inspect
    found = [v for v in vars(module).values()
             if isinstance(v, type) and issubclass(v, unittest.TestCase) and v.__module__ == module.__name__]
    return sorted(found, key=lambda c: inspect.getsourcelines(c)[1])


@dataclass
class Outcome:
    test_id: str          # "BoardTestCase.test_fen"
    status: str           # "pass", "fail", "error", "skip"
    message: str = ""     # first line of the error, and where in test.py it was raised


@dataclass
class Report:
    subject: str
    version: str
    classes: list[str]
    outcomes: list[Outcome] = field(default_factory=list)

    def by_class(self) -> dict[str, list[Outcome]]:
        out: dict[str, list[Outcome]] = {c: [] for c in self.classes}
        for o in self.outcomes:
            out.setdefault(o.test_id.split(".")[0], []).append(o)
        return out

    @property
    def passed(self) -> set[str]:
        return {o.test_id for o in self.outcomes if o.status == "pass"}

    @property
    def failed(self) -> dict[str, Outcome]:
        return {o.test_id: o for o in self.outcomes if o.status in ("fail", "error")}

    def summary(self) -> str:
        """A table of passes per class (skips apart), then every failure and skip with its reason."""
        lines = [f"python-chess {self.version} test.py against {self.subject}"]
        width = max(map(len, self.classes), default=7)
        for cls, outs in self.by_class().items():
            n_pass = sum(o.status == "pass" for o in outs)
            skipped = sum(o.status == "skip" for o in outs)
            extra = f" ({skipped} skipped)" if skipped else ""
            lines.append(f"  {cls:<{width}}  {n_pass:3d}/{len(outs):<3d}{extra}")
        total = len(self.outcomes)
        n_skip = sum(o.status == "skip" for o in self.outcomes)
        lines.append(f"  {'overall':<{width}}  {len(self.passed):3d}/{total:<3d} ({n_skip} skipped)")
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
            print(f"{status:5s} {test_id}" + (f": {message}" if message else ""), file=self.stream, flush=True)

    def addSuccess(self, test):
        self._add(test, "pass")

    def addFailure(self, test, err):
        self._add(test, "fail", _first_line(err, self.test_file))

    def addError(self, test, err):
        self._add(test, "error", _first_line(err, self.test_file))

    def addSkip(self, test, reason):
        self._add(test, "skip", str(reason))

    def addExpectedFailure(self, test, err):
        self._add(test, "pass")

    def addUnexpectedSuccess(self, test):
        self._add(test, "fail", "unexpected success")

    def addSubTest(self, test, subtest, err):
        if err is not None:  # a failing subtest fails its test
            kind = "fail" if issubclass(err[0], test.failureException) else "error"
            self._add(test, kind, _first_line(err, self.test_file))


def _merge_subtests(outcomes: list[Outcome]) -> list[Outcome]:
    """One outcome per test: a test with a failing subtest fails even if it reports success."""
    merged: dict[str, Outcome] = {}
    for o in outcomes:
        prev = merged.get(o.test_id)
        if prev is None or (prev.status in ("pass", "skip") and o.status in ("fail", "error")):
            merged[o.test_id] = o
    return list(merged.values())


def child(subject: str, suite_dir: Path, out: Path, classes: list[str] | None, verbose: bool) -> None:
    """In the child process: install the subject as ``chess``, run test.py, write the outcomes as JSON."""
    import json
    if subject == "chessbits":
        import chessbits
        chessbits.install_as_chess()
    os.chdir(suite_dir)  # test.py opens data/ relative to its own directory
    module = load_test_module(suite_dir, classes)
    found = test_classes(module)
    chosen = [c for c in found if classes is None or c.__name__ in classes]
    loader = unittest.TestLoader()
    recorder = _Recorder(str(suite_dir / "test.py"), sys.stderr if verbose else None)
    unittest.TestSuite(loader.loadTestsFromTestCase(c) for c in chosen).run(recorder)
    import chess
    out.write_text(json.dumps({
        "module": chess.__name__, "classes": [c.__name__ for c in chosen],
        "outcomes": [vars(o) for o in _merge_subtests(recorder.outcomes)]}))


def known_failures(path: Path) -> dict[str, str]:
    """``{test id: why}`` from a --known file (``#`` comments and blank lines aside)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            test_id, _, why = line.partition(":")
            found[test_id.strip()] = why.strip()
    return found


def run(subject: str | None = None, verbose: bool = False, classes: list[str] | None = None,
        timeout: float = 900, version: str | None = None, source: Path | None = None) -> Report:
    """Run python-chess's test.py (every class, or ``classes``) in a child process with
    ``subject`` installed as ``chess``; ``version``: that release's test.py (default: the
    installed python-chess's; chessbits needs no python-chess installed to run it); ``source``:
    the test.py of that python-chess source tree instead."""
    import json
    import tempfile
    subject = subject_name(subject)
    if source is not None:
        suite_dir, version = Path(source).resolve(), f"source tree {source}"
    else:
        version = version or pychess_version()
        suite_dir = fetch_suite(version)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([env.get("PATH", ""), *ENGINE_DIRS])
    with tempfile.TemporaryDirectory(prefix="chessbits-pychess-") as tmp:
        out = Path(tmp) / "outcomes.json"
        cmd = [sys.executable, os.path.abspath(__file__), "--child", str(out), "--subject", subject]
        if classes:
            cmd += ["--classes", ",".join(classes)]
        if verbose:
            cmd.append("--verbose")
        proc = subprocess.run(cmd, env=env, cwd=suite_dir, timeout=timeout,
                              stdout=subprocess.PIPE, stderr=None if verbose else subprocess.PIPE, text=True)
        if proc.returncode != 0 or not out.is_file():
            tail = (proc.stderr or proc.stdout or "").strip().splitlines()[-15:]
            raise RuntimeError(f"the test.py child exited {proc.returncode}:\n" + "\n".join(tail))
        data = json.loads(out.read_text())
    expected = "chessbits" if subject == "chessbits" else "chess"
    if data["module"] != expected:
        raise RuntimeError(f"test.py ran on {data['module']!r}, not on {expected!r}")
    return Report(subject, version, data["classes"], [Outcome(**o) for o in data["outcomes"]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="print every test as it runs")
    parser.add_argument("--subject", choices=SUBJECTS, default=None,
                        help="the library installed as chess (default: $CHESSBITS_SUBJECT or chessbits)")
    parser.add_argument("--classes", type=lambda s: s.split(","), default=None,
                        help="only these test classes, comma-separated (default: all)")
    parser.add_argument("--version", default=None,
                        help="python-chess's release whose test.py runs (default: the one installed; "
                             "with chessbits as the subject none need be)")
    parser.add_argument("--source", type=Path, default=None,
                        help="run the test.py of this python-chess source tree (its master, say)")
    parser.add_argument("--known", type=Path, default=None,
                        help="a file of the tests expected to fail, 'Class.test: why' a line")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(subject_name(args.subject), Path.cwd(), args.child, args.classes, args.verbose)
        return 0
    try:
        report = run(args.subject, args.verbose, args.classes, version=args.version, source=args.source)
    except SuiteUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.summary())
    if args.known is None:
        return 0 if not report.failed else 1
    known = known_failures(args.known)
    ran = {o.test_id for o in report.outcomes}
    unexpected = sorted(set(report.failed) - set(known))
    fixed = sorted(t for t in known if t in ran and t not in report.failed)
    print(f"{len(set(report.failed) & set(known))} known to fail ({args.known}), {len(unexpected)} not known, "
          f"{len(fixed)} known but passing")
    for test_id in fixed:
        print(f"  PASSES, take it off the list: {test_id} ({known[test_id]})")
    return 1 if unexpected or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
