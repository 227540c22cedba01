"""chessbits: chess bitboards with a C core.

>>> import chessbits
>>> chessbits.attacks.knight(chessbits.G1) == chessbits.BB_E2 | chessbits.BB_F3 | chessbits.BB_H3
True
"""
from . import attacks, squares
from ._core import build_info as build_info
from .squares import *  # noqa: F401,F403

__version__ = "0.1.0"
__all__ = ["attacks", "build_info", "__version__"]
__all__ += squares.__all__
