/* Classical approach: per direction, the ray mask from s; the nearest blocker on
   it is the lsb (rays towards higher squares) or msb (lower squares), and the ray
   from the blocker onwards comes off (one XOR per piece). A sentinel bit keeps the
   scan off zero.
   https://www.chessprogramming.org/Classical_Approach */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"

const uint64_t classical_bytes = 0;


void classical_init(void) { tables_init(); }

/* Returns the squares of ray d (towards higher squares) from s beyond its first
   blocker: Rays[d][SQ_H8] is empty for every upward ray, so the sentinel adds
   nothing; the unsigned index spares a sign extension per scan. */
static inline Bitboard classical_beyond_up(int d, Square s, Bitboard occ) {
  return Rays[d][(unsigned)lsb((Rays[d][s] & occ) | square_bb(SQ_H8))];
}

/* Returns the squares of ray d (towards lower squares) from s beyond its first
   blocker (Rays[d][SQ_A1] is empty for every downward ray). */
static inline Bitboard classical_beyond_down(int d, Square s, Bitboard occ) {
  return Rays[d][(unsigned)msb((Rays[d][s] & occ) | square_bb(SQ_A1))];
}

/* The rays are disjoint, so the squares beyond the blockers come off the lines in one
   XOR, not one per ray (as in Bob Hyatt's and Mike Sherwin's version). */

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard classical_rook(Square s, Bitboard occ) {
  return (FileMask[s] | RankMask[s])
       ^ (classical_beyond_up(RAY_N, s, occ) | classical_beyond_up(RAY_E, s, occ)
          | classical_beyond_down(RAY_S, s, occ) | classical_beyond_down(RAY_W, s, occ));
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard classical_bishop(Square s, Bitboard occ) {
  return (DiagMask[s] | AntiMask[s])
       ^ (classical_beyond_up(RAY_NE, s, occ) | classical_beyond_up(RAY_NW, s, occ)
          | classical_beyond_down(RAY_SW, s, occ) | classical_beyond_down(RAY_SE, s, occ));
}
