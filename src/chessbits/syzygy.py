"""Syzygy tablebase probing (python-chess's chess.syzygy), running on chessbits' boards.

python-chess's own module code, read from the installed python-chess (the
``chessbits[pychess]`` extra) with ``import chess`` meaning chessbits: see chessbits._pychess.
Without it (or with one whose code does not run on chessbits) the module imports, and each name
raises an ImportError that says why.
"""
from ._pychess import borrow_or_defer

borrow_or_defer(globals(), "syzygy")
