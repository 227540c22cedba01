"""python-chess's own module code, run on chessbits' objects.

Until chessbits has its own ``engine``, ``syzygy``, ``gaviota`` (and, for now, ``pgn``'s tree),
those modules are python-chess's source, read from the installed python-chess (the
``chessbits[pychess]`` extra) and executed as ``chessbits.<name>`` with every ``import chess``
in it answered by chessbits: the boards, moves, pieces and square sets they make are ours.
Nothing of python-chess is copied into chessbits; without python-chess these modules raise
an ImportError that names the extra.
"""
from __future__ import annotations

import builtins
import importlib
import importlib.machinery
import logging
from pathlib import Path
from typing import Any, Dict, Sequence, Tuple

EXTRA = "chessbits[pychess]"


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
