"""UCI and XBoard engines (python-chess's chess.engine), running on chessbits' boards.

python-chess's own module code, read from the installed python-chess (the
``chessbits[pychess]`` extra) with ``import chess`` meaning chessbits: see chessbits._pychess.
"""
from ._pychess import borrow

borrow(globals(), "engine")
