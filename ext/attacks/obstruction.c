/* Obstruction difference (Michael Hoffmann): on each line through s, the blockers
   below s and above s; subtracting the nearest lower blocker (or bit 0) from the
   upper blockers flips exactly the bits up to the nearest upper blocker.
   https://www.chessprogramming.org/Obstruction_Difference */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"
#include "lanes.h"

/* Per square, its four lines as the half-lines below and above it, side by side
   (one 64-byte line of memory per square): file, rank, diagonal, anti-diagonal. */
typedef struct { Bitboard lower, upper; } ObstructionLine;

static _Alignas(64) ObstructionLine obstruction_lines[SQUARE_NB][4];
const uint64_t obstruction_bytes = sizeof(obstruction_lines);

void obstruction_init(void) {
  tables_init();
  static const int below[4] = {RAY_S, RAY_W, RAY_SW, RAY_SE}, above[4] = {RAY_N, RAY_E, RAY_NE, RAY_NW};
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    for (int l = 0; l < 4; l++)
      obstruction_lines[s][l] = (ObstructionLine){Rays[below[l]][s], Rays[above[l]][s]};
}

/* Returns the attacks on line l (the two half-lines below and above the slider):
   the nearest lower blocker (or bit 0) subtracted from the upper blockers. */
static inline Bitboard obstruction_line(Bitboard occ, const ObstructionLine *l) {
  Bitboard lo = (l->lower & occ) | 1, up = l->upper & occ;
  Bitboard ms1b = 0x8000000000000000ULL >> (63 ^ msb(lo));
  return (up ^ (up - ms1b)) & (l->lower | l->upper);
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard obstruction_rook(Square s, Bitboard occ) {
  return obstruction_line(occ, &obstruction_lines[s][0]) | obstruction_line(occ, &obstruction_lines[s][1]);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard obstruction_bishop(Square s, Bitboard occ) {
  return obstruction_line(occ, &obstruction_lines[s][2]) | obstruction_line(occ, &obstruction_lines[s][3]);
}

#ifdef CB_LANES
/* Returns the attacks along each lane's line (its square left out) given occ, below a
   lane's squares under its slider: obstruction_line in eight lanes. */
static inline CB_TARGET_V4 Lanes8 obstruction_line8(Lanes8 occ, Lanes8 line, Lanes8 below) {
  const Lanes8 lo = (line & below & occ) | 1, up = line & ~below & occ;
  return (up ^ (up - lanes8_msb_bit(lo))) & line;
}

/* Returns the queen attacks of eight lookups, sq[i] with occ[i] in lane i: the lines
   computed in the lanes (no table), the lower blocker found by vplzcntq. */
static inline CB_TARGET_V4 Lanes8 obstruction_queens8(const uint8_t *sq, const Bitboard *occ) {
  return LANES8_FOUR_LINES(obstruction_line8, sq, occ);
}
#endif
