"""``chessbits.install_as_chess()``: ``import chess`` and ``import chess.<module>`` give chessbits.

PyMySQL's ``install_as_MySQLdb()`` convention: ``sys.modules["chess"]`` becomes chessbits, and
a finder at the front of ``sys.meta_path`` answers ``chess.<name>`` with ``chessbits.<name>``
(loaded on first use, as ``chessbits.<name>`` is, and then the same module object under both
names).
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Dict, Optional, Sequence

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

# (importlib.abc, importlib.util and warnings are imported where used: importlib.abc alone
# cost import chessbits 20 ms; finders and loaders need no base class)

# python-chess's submodules, each a chessbits module of the same name
MODULES = ("engine", "gaviota", "pgn", "polyglot", "svg", "syzygy", "variant")

_displaced: Dict[str, ModuleType] = {}  # python-chess's modules install_as_chess() took out of sys.modules


class _AliasLoader:
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # chessbits.<name> ran when imported; importlib set the alias's spec


class _AliasFinder:
    """Finds ``chess.<name>`` as ``chessbits.<name>`` while ``chess`` is chessbits."""
    chessbits_alias = True  # chessbits._pychess steps around it to load python-chess itself

    def find_spec(self, fullname: str, path: Optional[Sequence[str]] = None,
                  target: Optional[ModuleType] = None) -> Optional[ModuleSpec]:
        if not fullname.startswith("chess.") or sys.modules.get("chess") is not sys.modules["chessbits"]:
            return None
        import importlib.util
        real = "chessbits" + fullname[5:]
        if real not in sys.modules and importlib.util.find_spec(real) is None:
            return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(real))  # type: ignore[arg-type]  # exec_module's protocol


def install_as_chess() -> None:
    """Make ``import chess`` (and ``import chess.pgn``, ``from chess import polyglot``, ...)
    give chessbits and its modules, so a python-chess program runs on chessbits with this
    one line before its imports (or none: ``python -m chessbits.run SCRIPT``).

    >>> import chessbits, sys
    >>> chessbits.install_as_chess()
    >>> import chess, chess.polyglot
    >>> chess is chessbits and chess.polyglot is chessbits.polyglot
    True
    >>> chessbits.uninstall_as_chess()

    python-chess modules imported before the call keep working as python-chess, and what
    they already made stays python-chess's: a RuntimeWarning says so (and
    :func:`uninstall_as_chess` puts them back).
    """
    import chessbits
    current = sys.modules.get("chess")
    if current is chessbits:
        return
    stale = sorted(k for k in sys.modules if k == "chess" or k.startswith("chess."))
    if stale:
        import warnings
        warnings.warn(f"install_as_chess(): python-chess was imported before ({', '.join(stale)}); "
                      "objects made from it stay python-chess's", RuntimeWarning, stacklevel=2)
        for k in stale:
            _displaced[k] = sys.modules.pop(k)
    sys.modules["chess"] = chessbits
    for name in MODULES:
        module = sys.modules.get(f"chessbits.{name}")
        if module is not None:
            sys.modules[f"chess.{name}"] = module
    if not any(getattr(f, "chessbits_alias", False) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())


def uninstall_as_chess() -> None:
    """Undo :func:`install_as_chess`: ``import chess`` finds python-chess again (if installed),
    the very modules it displaced if python-chess was imported before."""
    import chessbits
    if sys.modules.get("chess") is chessbits:
        for k in [k for k in sys.modules if k == "chess" or k.startswith("chess.")]:
            del sys.modules[k]
        sys.modules.update(_displaced)
        _displaced.clear()
    sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, "chessbits_alias", False)]
