/* Obstruction difference (Michael Hoffmann): on each line through s, the blockers
   below s and above s; subtracting the nearest lower blocker (or bit 0) from the
   upper blockers flips exactly the bits up to the nearest upper blocker.
   https://www.chessprogramming.org/Obstruction_Difference */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"

const uint64_t obstruction_bytes = 0;


void obstruction_init(void) { tables_init(); }

/* Returns the attacks on the line lower | upper (the two half-lines below and above the slider). */
static inline Bitboard obstruction_line(Bitboard occ, Bitboard lower, Bitboard upper) {
  Bitboard lo = (lower & occ) | 1, up = upper & occ;
  Bitboard ms1b = square_bb(msb(lo));
  return (up ^ (up - ms1b)) & (lower | upper);
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard obstruction_rook(Square s, Bitboard occ) {
  return obstruction_line(occ, Rays[RAY_S][s], Rays[RAY_N][s])
       | obstruction_line(occ, Rays[RAY_W][s], Rays[RAY_E][s]);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard obstruction_bishop(Square s, Bitboard occ) {
  return obstruction_line(occ, Rays[RAY_SW][s], Rays[RAY_NE][s])
       | obstruction_line(occ, Rays[RAY_SE][s], Rays[RAY_NW][s]);
}
