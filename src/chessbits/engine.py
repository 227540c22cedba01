"""UCI and XBoard engines (python-chess's chess.engine), running on chessbits' boards.

The scores are chessbits' own and need nothing else: ``Score``, ``Cp``, ``Mate``,
``MateGivenType``, ``MateGiven``, ``PovScore`` (extension types, chessbits._core) and ``Wdl``,
``PovWdl`` (chessbits._wdl), with python-chess 1.11's behaviour.

The rest (``SimpleEngine``, ``popen_uci``, ``Limit``, ``InfoDict``, the UCI and XBoard protocols...)
is python-chess's own module code, read from the installed python-chess (the ``chessbits[pychess]``
extra) with ``import chess`` meaning chessbits (see chessbits._pychess), and its functions find
our score classes as their globals: ``info["score"]`` is our PovScore. Without python-chess (or
with one whose engine.py does not load), those names raise an ImportError that says why.

>>> from chessbits.engine import Cp, PovScore
>>> PovScore(Cp(35), False).white()
Cp(-35)
"""
from typing import Any

from ._core import Cp as Cp, Mate as Mate, MateGiven as MateGiven, MateGivenType as MateGivenType
from ._core import PovScore as PovScore, Score as Score
from ._pychess import borrow
from ._wdl import PovWdl as PovWdl, Wdl as Wdl, WdlModel as WdlModel  # ("as": exported, for type checkers)

_OURS = {name: globals()[name] for name in
         ("Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl", "WdlModel")}

# What python-chess 1.11's chess/engine.py defines besides the scores: without it, these raise
# the ImportError (other names an AttributeError, so hasattr() and dir() behave)
_BORROWED = frozenset((
    "T", "ProtocolT", "ConfigValue", "ConfigMapping", "LOGGER", "MANAGED_OPTIONS", "EventLoopPolicy",
    "run_in_background", "EngineError", "EngineTerminatedError", "AnalysisComplete", "Option", "Limit",
    "InfoDict", "PlayResult", "Info", "INFO_NONE", "INFO_BASIC", "INFO_SCORE", "INFO_PV",
    "INFO_REFUTATION", "INFO_CURRLINE", "INFO_ALL", "Opponent", "MockTransport", "Protocol",
    "CommandState", "BaseCommand", "UciProtocol", "UCI_REGEX", "UciOptionMap", "XBOARD_ERROR_REGEX",
    "XBoardProtocol", "BestMove", "AnalysisResult", "popen_uci", "popen_xboard", "SimpleEngine",
    "SimpleAnalysisResult", "_create_variation_line", "_parse_uci_info", "_parse_uci_bestmove",
    "_chain_config", "_parse_xboard_option", "_parse_xboard_post", "_next_token", "_async"))

_unavailable = None  # the ImportError of the borrow, when it failed
try:
    borrow(globals(), "engine")
except ImportError as exc:
    _unavailable = exc
globals().update(_OURS)  # python-chess's functions look these up as globals: ours from here on


def __getattr__(name: str) -> Any:  # only for names the borrow did not define
    if _unavailable is not None and name in _BORROWED:
        raise ImportError(f"chessbits.engine.{name} is python-chess's engine code, which is not "
                          f"available: {_unavailable}", name="chessbits.engine") from _unavailable
    raise AttributeError(f"module 'chessbits.engine' has no attribute {name!r}")
