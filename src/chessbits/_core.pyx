# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The one compiled module: thin wrappers, each a short call into ext/.

Split by topic into include files, one job each: _attacks.pxi (attack sets and
techniques), _squareset.pxi (SquareSet), _move.pxi (Move), _board.pxi (Board).
_ext.pxd declares ext/'s C API.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t
from chessbits._ext cimport *

include "_attacks.pxi"
include "_squareset.pxi"
include "_move.pxi"
include "_board.pxi"
