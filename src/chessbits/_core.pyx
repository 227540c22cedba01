# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, binding=False, embedsignature=True, embedsignature.format=clinic
"""The one compiled module: thin wrappers, each a short call into ext/.

Split by topic into include files, one job each: _api.pxi (which python-chess's answers
where its releases differ), _attacks.pxi (attack sets and
techniques), _squareset.pxi (SquareSet), _squarefuncs.pxi (square helpers), _move.pxi (Move, Piece), _score.pxi (engine scores), _baseboard.pxi
(BaseBoard), _board.pxi (Board), _movelists.pxi (the legal/pseudo-legal move views), _san.pxi
(reading SAN), _deep.pxi (deep perft's counting engine), _encode.pxi (positions as networks
read them), _variant.pxi (python-chess's variant boards in C), _svg.pxi (chessbits.svg's
images, written by ext/svg.c), _syzygy.pxi (a Syzygy table read by ext/syzygy.c). _ext.pxd
declares ext/'s C API.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from chessbits._ext cimport *

include "_api.pxi"
include "_attacks.pxi"
include "_squareset.pxi"
include "_squarefuncs.pxi"
include "_members.pxi"
include "_move.pxi"
include "_score.pxi"
include "_fen.pxi"
include "_baseboard.pxi"
include "_board.pxi"
include "_movelists.pxi"
include "_san.pxi"
include "_deep.pxi"
include "_book.pxi"
include "_pgn.pxi"
include "_pgn_node.pxi"
include "_pgn_walk.pxi"
include "_pgn_tree.pxi"
include "_encode.pxi"
include "_batch.pxi"
include "_pz.pxi"
include "_variant.pxi"
include "_svg.pxi"
include "_syzygy.pxi"
