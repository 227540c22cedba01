/* chessbits' Syzygy probes for code in C, C++ or Cython: a search that probes the tables
   without the GIL, from any number of threads at once.

   In Python, `with tablebase.native() as handle:` maps every table of the Tablebase and keeps
   them mapped until the block ends; `handle.api` is a capsule named CHESSBITS_SYZYGY_CAPSULE
   holding a `const chessbits_syzygy_api *`, `handle.tables` the address to pass as `tables`.
   Compile against chessbits.syzygy.get_include(). The answers are python-chess's probe_wdl and
   probe_dtz (chessbits.syzygy.Tablebase's). */
#ifndef CHESSBITS_SYZYGY_H
#define CHESSBITS_SYZYGY_H

#include <stdint.h>

#define CHESSBITS_SYZYGY_CAPSULE "chessbits.syzygy.api"
#define CHESSBITS_SYZYGY_ABI 1

/* What a probe returns: CHESSBITS_SZ_OK, or why it has no answer. */
enum {
  CHESSBITS_SZ_OK = 0,
  CHESSBITS_SZ_CORRUPT = -1,   /* a table file does not decode */
  CHESSBITS_SZ_NOMEM = -3,
  CHESSBITS_SZ_MISSING = -11,  /* a table the position needs is not in the Tablebase */
  CHESSBITS_SZ_CASTLING = -12, /* the position has castling rights */
  CHESSBITS_SZ_TOO_MANY = -13, /* more pieces than the tables hold */
  CHESSBITS_SZ_INVALID = -14,  /* the bitboards are not a board */
};

/* A position: bitboards (bit s is square s, a1 = 0) of pawns, knights, bishops, rooks, queens,
   kings, white pieces, black pieces; the side to move; the en-passant square python-chess's
   ep_square would hold (-1: none); the halfmove clock. */
typedef struct {
  int abi; /* CHESSBITS_SYZYGY_ABI */
  /* Returns CHESSBITS_SZ_OK with *wdl: 2 win, 1 cursed win, 0 draw, -1 blessed loss, -2 loss
     for the side to move; else the reason. */
  int (*probe_wdl)(const void *tables, const uint64_t bitboards[8], int white_to_move, int ep_square,
                   unsigned halfmove_clock, int *wdl);
  /* Returns CHESSBITS_SZ_OK with *dtz the distance to zeroing in plies with python-chess's
     rounding (positive winning, 0 drawn, past +-100 the 50-move rule draws); else the reason. */
  int (*probe_dtz)(const void *tables, const uint64_t bitboards[8], int white_to_move, int ep_square,
                   unsigned halfmove_clock, int *dtz);
} chessbits_syzygy_api;

#endif
