/* Classical approach: per direction, the ray mask from s; the nearest blocker on
   it is the lsb (rays towards higher squares) or msb (lower squares), and the ray
   from the blocker onwards comes off (one XOR per piece). A sentinel bit keeps the
   scan off zero.
   https://www.chessprogramming.org/Classical_Approach */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"
#include "lanes.h"

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

#ifdef CB_LANES
/* Returns each lane's line less the squares beyond the nearest blocker on either side of
   its slider (below: the squares under it): the ray beyond an upper blocker b is the line
   above b (b isolated as y & -y, the H8 sentinel giving nothing), beyond a lower blocker
   the line under it (vplzcntq finds it, bit 0 the sentinel). */
static inline CB_TARGET_V4 Lanes8 classical_line8(Lanes8 occ, Lanes8 line, Lanes8 below) {
  const Lanes8 up = (line & ~below & occ) | lanes8_of(square_bb(SQ_H8));
  const Lanes8 down = lanes8_msb_bit((line & below & occ) | 1);
  return line & ~(-((up & -up) << 1) | (down - 1));
}

/* Returns the queen attacks of eight lookups, sq[i] with occ[i] in lane i: the rays
   computed in the lanes from the four lines (no table). */
static inline CB_TARGET_V4 Lanes8 classical_queens8(const uint8_t *sq, const Bitboard *occ) {
  return LANES8_FOUR_LINES(classical_line8, sq, occ);
}
#endif
