/* The Polyglot book format's Zobrist numbers: chessbits' position keys are built
   from them, so Board.zobrist_hash() is the key Polyglot books are indexed by. */
#ifndef CB_POLYGLOT_H
#define CB_POLYGLOT_H

#include "types.h"

enum {
  POLYGLOT_CASTLING = 768, /* + 0 white h-side, 1 white a-side, 2 black h-side, 3 black a-side */
  POLYGLOT_EP = 772,       /* + file */
  POLYGLOT_TURN = 780,     /* XORed when white is to move */
  POLYGLOT_RANDOM_NB = 781
};

extern const uint64_t polyglot_random[POLYGLOT_RANDOM_NB];

#endif
