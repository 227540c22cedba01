/* Reference: walk each ray square by square until the edge or the first blocker.
   Slow and obviously right; every other technique is proven against it.
   https://www.chessprogramming.org/Classical_Approach (the loop form, no tables) */
#include "attacks.h"
#include "../tables.h"

const uint64_t reference_bytes = 0;

void reference_init(void) { tables_init(); }

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard reference_rook(Square s, Bitboard occ) { return sliding_walk(s, occ, ROOK_DIRS); }

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard reference_bishop(Square s, Bitboard occ) { return sliding_walk(s, occ, BISHOP_DIRS); }
