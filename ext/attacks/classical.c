/* Classical approach: per direction, the ray mask from s; the nearest blocker on
   it is the lsb (rays towards higher squares) or msb (lower squares), and the ray
   from the blocker onwards is XORed off. A sentinel bit keeps the scan off zero.
   https://www.chessprogramming.org/Classical_Approach */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"

const uint64_t classical_bytes = 0;


void classical_init(void) { tables_init(); }

/* Returns the attacks along ray d (towards higher squares) from s, up to and including the first blocker. */
static inline Bitboard classical_up(int d, Square s, Bitboard occ) {
  Bitboard ray = Rays[d][s];
  /* Rays[d][SQ_H8] is empty for every upward ray, so the sentinel XORs off nothing;
     the unsigned index spares a sign extension per scan. */
  return ray ^ Rays[d][(unsigned)lsb((ray & occ) | square_bb(SQ_H8))];
}

/* Returns the attacks along ray d (towards lower squares) from s, up to and including the first blocker. */
static inline Bitboard classical_down(int d, Square s, Bitboard occ) {
  Bitboard ray = Rays[d][s];
  /* Rays[d][SQ_A1] is empty for every downward ray. */
  return ray ^ Rays[d][(unsigned)msb((ray & occ) | square_bb(SQ_A1))];
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard classical_rook(Square s, Bitboard occ) {
  return classical_up(RAY_N, s, occ) | classical_up(RAY_E, s, occ)
       | classical_down(RAY_S, s, occ) | classical_down(RAY_W, s, occ);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard classical_bishop(Square s, Bitboard occ) {
  return classical_up(RAY_NE, s, occ) | classical_up(RAY_NW, s, occ)
       | classical_down(RAY_SW, s, occ) | classical_down(RAY_SE, s, occ);
}
