"""Which python-chess chessbits answers as where python-chess's next release (its master,
whose ``__version__`` still reads 1.11.2) contradicts 1.11: ``"1.11"`` or ``"next"``.

Chosen, in this order: :func:`chessbits.set_pychess_api`; the environment variable
``CHESSBITS_PYCHESS_API``; the installed python-chess's own code (its ``chess/__init__.py``
read, not imported: ``Board.piece_count`` is there in the next release only); with no
python-chess installed, 1.11, the latest release. Found once, when first needed, and kept in
``_core`` as one C flag, so the places that differ read it for nothing.

>>> import chessbits
>>> chessbits.set_pychess_api("next")
>>> chessbits.pychess_api(), chessbits.Board().variation_san([chessbits.Move.from_uci("e2e4")])
('next', '1. e4')
>>> chessbits.set_pychess_api(None)  # chosen again as above
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Optional

from . import _core

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

APIS = ("1.11", "next")
ENV = "CHESSBITS_PYCHESS_API"
MARKER = "def piece_count("  # in the next release's chess/__init__.py, not in 1.11's


def chess_spec() -> Optional[ModuleSpec]:
    """The spec of the top-level package ``chess`` from the import system's finders, chessbits'
    alias finder aside (so python-chess's, never chessbits installed as chess); None if none
    has it or one refuses it (raises ImportError)."""
    for finder in sys.meta_path:
        if getattr(finder, "chessbits_alias", False) or not hasattr(finder, "find_spec"):
            continue
        try:
            spec = finder.find_spec("chess", None)
        except ImportError:
            return None
        if spec is not None:
            return spec
    return None


def installed() -> Optional[str]:
    """The API of the installed python-chess, read from its code; None if there is none."""
    spec = chess_spec()
    if spec is None or not spec.origin or not spec.origin.endswith("__init__.py"):
        return None
    try:
        with open(spec.origin, encoding="utf-8") as source:
            text = source.read()
    except OSError:
        return None
    return "next" if MARKER in text else "1.11"


def _checked(api: str, where: str) -> str:
    if api not in APIS:
        raise ValueError(f"{where} must be one of {', '.join(map(repr, APIS))}, not {api!r}")
    return api


def choose() -> str:
    """The API in force when none is set: the environment's, the installed python-chess's, 1.11."""
    if os.environ.get(ENV):
        return _checked(os.environ[ENV], ENV)
    return installed() or "1.11"


def pychess_api() -> str:
    """The python-chess chessbits answers as where the two releases differ: ``"1.11"`` or
    ``"next"`` (see :mod:`chessbits._api` for how it is chosen)."""
    return APIS[_core._api_next()]


def set_pychess_api(api: Optional[str]) -> None:
    """Answer as python-chess ``"1.11"`` or ``"next"`` from now on; None chooses again from
    the environment and the installed python-chess."""
    _core._set_api_next(None if api is None else APIS.index(_checked(api, "api")) == 1)
