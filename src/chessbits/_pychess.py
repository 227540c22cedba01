"""python-chess's own module code, run on chessbits' objects.

Until chessbits has its own ``engine``, ``svg``, ``syzygy``, ``gaviota`` (and, for now, ``pgn``),
those modules are python-chess's source, read from the installed python-chess (the
``chessbits[pychess]`` extra) and executed as ``chessbits.<name>`` with every ``import chess``
in it answered by chessbits: the boards, moves, pieces and square sets they make are ours.
Nothing of python-chess is copied into chessbits; without python-chess these modules raise
an ImportError that names the extra.

``variant`` is the exception until chessbits plays variants in C: python-chess's variant
boards subclass python-chess's Board and reach into its internals, so they run on a private
copy of python-chess whose errors, enums, Move, Piece, SquareSet and Outcome are chessbits'
(see :func:`genuine`).
"""
from __future__ import annotations

import builtins
import importlib
import importlib.machinery
import logging
import sys
import threading
import types
from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Tuple

EXTRA = "chessbits[pychess]"
# python-chess's names the private copy takes from chessbits, so what its variant boards
# make and raise is ours.
SHARED_NAMES = ("Move", "Piece", "SquareSet", "Outcome", "Termination", "Status", "InvalidMoveError",
                "IllegalMoveError", "AmbiguousMoveError")

_lock = threading.RLock()
_genuine: Dict[str, types.ModuleType] = {}


def package_dir() -> Path:
    """The directory of the installed python-chess package, found on sys.path (never through
    sys.modules, where ``chess`` may be chessbits); ImportError naming the extra if absent."""
    spec = importlib.machinery.PathFinder.find_spec("chess")
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


def borrow(namespace: Dict[str, Any], name: str, patches: Sequence[Tuple[str, str]] = ()) -> None:
    """Run python-chess's ``chess/<name>.py`` in ``namespace`` (a chessbits module's globals)
    with ``chess`` meaning chessbits. Its loggers keep python-chess's names (``chess.<name>``),
    so logging set up for python-chess applies. patches: (text, replacement) pairs, each text
    found exactly once in the source (ImportError otherwise: a python-chess we do not know)."""
    path = package_dir() / f"{name}.py"
    source = path.read_text(encoding="utf-8")
    for old, new in patches:
        if source.count(old) != 1:
            raise ImportError(f"chessbits cannot use {path}: {old!r} is not in it once; "
                              f"install python-chess 1.11 ({EXTRA!r})", name="chess")
        source = source.replace(old, new)
    code = compile(source, str(path), "exec", dont_inherit=True)
    namespace["__builtins__"] = _BUILTINS
    exec(code, namespace)
    if isinstance(namespace.get("LOGGER"), logging.Logger):
        namespace["LOGGER"] = logging.getLogger(f"chess.{name}")


def genuine(name: Optional[str] = None) -> types.ModuleType:
    """A private copy of python-chess's own package (``name`` None) or of its submodule
    ``chess.<name>``, with :data:`SHARED_NAMES` taken from chessbits. It is loaded once, under
    python-chess's names with whatever ``chess`` means in sys.modules set aside, and never
    registered there: a program's own ``import chess`` (python-chess or chessbits) is untouched."""
    key = name or ""
    with _lock:
        if key not in _genuine:
            _load_genuine(name)
        return _genuine[key]


def _load_genuine(name: Optional[str]) -> None:
    """Import python-chess's modules under their own names with chessbits' aliases set
    aside, keep them, and put the aliases back."""
    package_dir()  # the ImportError naming the extra, before sys.modules is touched
    importlib.invalidate_caches()
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k == "chess" or k.startswith("chess.")}
    blocked = [f for f in sys.meta_path if getattr(f, "chessbits_alias", False)]
    for finder in blocked:
        sys.meta_path.remove(finder)
    try:
        package = _genuine.get("")
        if package is None:
            package = importlib.import_module("chess")
            import chessbits
            for shared in SHARED_NAMES:
                setattr(package, shared, getattr(chessbits, shared))
            _genuine[""] = package
        else:
            sys.modules["chess"] = package
        if name is not None:
            _genuine[name] = importlib.import_module(f"chess.{name}")
    finally:
        for k in [k for k in sys.modules if k == "chess" or k.startswith("chess.")]:
            del sys.modules[k]
        sys.modules.update(saved)
        sys.meta_path[:0] = blocked
