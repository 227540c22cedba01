/* Kogge-Stone: an occluded fill by parallel prefix, three shift-and steps per
   direction (by d, 2d, 4d) instead of seven, then one shift onto the attacked
   squares; no tables. https://www.chessprogramming.org/Kogge-Stone_Algorithm */
#include "attacks.h"
#include "../bits.h"
#include "bbpair.h"
#include "lanes.h"

const uint64_t kogge_stone_bytes = 0;

void kogge_stone_init(void) {}

/* South-going rays run as north-going ones on the byte-swapped board, paired with
   their north twin (bbpair.h): 118 vs 89 M queen lookups/s against scalar fills
   (independent lookups over 2^16 random squares and occupancies, best of 7 runs,
   gcc 12 -O2, AMD EPYC Zen 4); east and west stay scalar on the integer units. */

/* Returns the attacks of the pair g (one bit per board) along the left shift d
   through the empty squares p (wrap-around squares already taken out of p), less
   the squares in ~wrap. */
static inline BbPair kogge_stone_up(BbPair g, BbPair p, int d, BbPair wrap) {
  g = bbpair_or(g, bbpair_and(p, bbpair_shl(g, d)));
  p = bbpair_and(p, bbpair_shl(p, d));
  g = bbpair_or(g, bbpair_and(p, bbpair_shl(g, 2 * d)));
  p = bbpair_and(p, bbpair_shl(p, 2 * d));
  g = bbpair_or(g, bbpair_and(p, bbpair_shl(g, 4 * d)));
  return bbpair_and(bbpair_shl(g, d), wrap);
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard kogge_stone_rook(Square s, Bitboard occ) {
  Bitboard empty = ~occ, e = square_bb(s), w = e, all = ~0ULL;
  BbPair ns = kogge_stone_up(bbpair(e, square_bb(s ^ 56)),
                            bbpair(empty, bswap64(empty)), 8, bbpair(all, all));
  Bitboard pe = empty & ~FILE_A_BB, pw = empty & ~FILE_H_BB;
  e |= pe & (e << 1), w |= pw & (w >> 1);
  pe &= pe << 1,      pw &= pw >> 1;
  e |= pe & (e << 2), w |= pw & (w >> 2);
  pe &= pe << 2,      pw &= pw >> 2;
  e |= pe & (e << 4), w |= pw & (w >> 4);
  return bbpair_fold(ns) | ((e << 1) & ~FILE_A_BB) | ((w >> 1) & ~FILE_H_BB);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard kogge_stone_bishop(Square s, Bitboard occ) {
  Bitboard empty = ~occ, mempty = bswap64(empty);
  BbPair g = bbpair(square_bb(s), square_bb(s ^ 56));
  BbPair na = bbpair(~FILE_A_BB, ~FILE_A_BB), nh = bbpair(~FILE_H_BB, ~FILE_H_BB);
  BbPair east = kogge_stone_up(g, bbpair_and(bbpair(empty, mempty), na), 9, na); /* NE, SE */
  BbPair west = kogge_stone_up(g, bbpair_and(bbpair(empty, mempty), nh), 7, nh); /* NW, SW */
  return bbpair_fold(bbpair_or(east, west));
}

#ifdef CB_LANES
/* Defines fn, returning the attacks along the shift d (right by -d if negative) of the lanes'
   sliders g through the empty squares p (wrap-around squares taken out), less ~wrap, for
   lanes of type T (Lanes, Lanes8) compiled for target. */
#define KOGGE_STONE_RAY(T, target, fn)                                              \
  static inline target T fn(T g, T p, int d, T wrap) {                              \
    g |= p & lanes_shift(g, d);                                                     \
    p &= lanes_shift(p, d);                                                         \
    g |= p & lanes_shift(g, 2 * d);                                                 \
    p &= lanes_shift(p, 2 * d);                                                     \
    g |= p & lanes_shift(g, 4 * d);                                                 \
    return lanes_shift(g, d) & wrap;                                                \
  }
KOGGE_STONE_RAY(Lanes, CB_TARGET_V3, kogge_stone_ray)
KOGGE_STONE_RAY(Lanes8, CB_TARGET_V4, kogge_stone_ray8)

/* Returns the queen attacks of four lookups, sq[i] with occ[i] in lane i: the eight
   rays by plain shifts (the lanes already fill the register; no byte-swap pairing). */
static inline CB_TARGET_V3 Lanes kogge_stone_queens(const uint8_t *sq, const Bitboard *occ) {
  return LANES_EIGHT_RAYS(kogge_stone_ray, sq, occ);
}

/* Returns the queen attacks of eight lookups, as kogge_stone_queens. */
static inline CB_TARGET_V4 Lanes8 kogge_stone_queens8(const uint8_t *sq, const Bitboard *occ) {
  return LANES8_EIGHT_RAYS(kogge_stone_ray8, sq, occ);
}
#endif
