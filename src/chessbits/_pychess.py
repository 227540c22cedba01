"""python-chess's own module code, run on chessbits' objects.

Until chessbits has its own ``gaviota``, ``engine`` protocol and prober of variant Syzygy
tables, those are python-chess's source, read from the installed python-chess (the
``chessbits[pychess]`` extra) and executed as ``chessbits.<name>`` with every ``import chess``
in it answered by chessbits: the boards, moves, pieces and square sets they make are ours.
Nothing of python-chess is copied into chessbits; without python-chess these modules import
and their names raise an ImportError that names the extra.

What it needs: the ``chess/<name>.py`` of python-chess 1.11 or of its next release (its
master; the extra asks for ``chess>=1.11``), whose module code uses only names chessbits has
(its Board, Move, Piece, SquareSet, constants, helpers, Status, Outcome and errors). A
python-chess to come may use names chessbits lacks: when its module code fails to run,
:func:`borrow` raises an ImportError naming the module, the file and what failed, and leaves
the namespace as it was.
"""
from __future__ import annotations

import builtins
import importlib.metadata
import logging
from pathlib import Path
from typing import Any, Dict

from ._api import chess_spec

EXTRA = "chessbits[pychess]"


def package_dir() -> Path:
    """The directory of the installed python-chess package, found as ``import chess`` would find
    it but never through sys.modules, where ``chess`` may be chessbits; ImportError naming the
    extra if absent (or refused by an import hook)."""
    spec = chess_spec()
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"this module runs python-chess's code on chessbits' boards and needs "
                          f"python-chess: pip install {EXTRA!r}", name="chess")
    for location in spec.submodule_search_locations:
        if (Path(location) / "pgn.py").is_file():
            return Path(location)
    raise ImportError(f"the package 'chess' found at {list(spec.submodule_search_locations)} is not "
                      f"python-chess: pip install {EXTRA!r}", name="chess")


def _chess_import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
    """``__import__`` for python-chess's code run as chessbits': ``chess`` and ``chess.X`` are
    chessbits and chessbits.X."""
    if level == 0 and (name == "chess" or name.startswith("chess.")):
        name = "chessbits" + name[5:]
    return builtins.__import__(name, globals, locals, fromlist, level)


_BUILTINS = dict(vars(builtins), __import__=_chess_import)


def _unknown(name: str, path: Path, what: str) -> ImportError:
    """The ImportError for a python-chess whose chess/<name>.py chessbits cannot run."""
    try:
        version = f"python-chess {importlib.metadata.version('chess')}"
    except importlib.metadata.PackageNotFoundError:
        version = "a python-chess"
    return ImportError(f"chessbits.{name} runs python-chess 1.11's chess/{name}.py on chessbits' boards, "
                       f"and the one installed ({version}, {path}) does not run: {what}. "
                       f"Install python-chess 1.11: pip install {EXTRA!r}", name="chess", path=str(path))


def borrow(namespace: Dict[str, Any], name: str) -> None:
    """Run python-chess's ``chess/<name>.py`` in ``namespace`` (a chessbits module's globals)
    with ``chess`` meaning chessbits. Its loggers keep python-chess's names (``chess.<name>``),
    so logging set up for python-chess applies."""
    path = package_dir() / f"{name}.py"
    source = path.read_text(encoding="utf-8")
    before = dict(namespace)
    try:
        code = compile(source, str(path), "exec", dont_inherit=True)
        namespace["__builtins__"] = _BUILTINS
        exec(code, namespace)
    except Exception as exc:  # NameError, AttributeError, ImportError...: names chessbits lacks
        namespace.clear()
        namespace.update(before)
        raise _unknown(name, path, f"{type(exc).__name__}: {exc}") from exc
    if isinstance(namespace.get("LOGGER"), logging.Logger):
        namespace["LOGGER"] = logging.getLogger(f"chess.{name}")


def borrow_or_defer(namespace: Dict[str, Any], name: str) -> None:
    """:func:`borrow`; if python-chess's code is missing or does not run here, the module still
    imports and each of its names raises the ImportError that says why."""
    try:
        borrow(namespace, name)
    except ImportError as exc:
        reason = exc

        def __getattr__(attr: str) -> Any:
            if attr.startswith("__"):
                raise AttributeError(attr)
            raise ImportError(f"chessbits.{name}.{attr}: {reason}", name="chess",
                              path=reason.path) from reason
        namespace["__getattr__"] = __getattr__
