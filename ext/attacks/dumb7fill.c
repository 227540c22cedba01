/* Dumb7Fill: flood one square at a time from the slider through the empty
   squares, six steps per direction with a wrap mask on the east- and west-going
   ones, then one more shift onto the attacked squares; no tables.
   https://www.chessprogramming.org/Dumb7Fill */
#include "attacks.h"
#include "../bits.h"
#include "bbpair.h"
#include "lanes.h"

const uint64_t dumb7fill_bytes = 0;

void dumb7fill_init(void) {}

/* South-going rays run as north-going ones on the byte-swapped board, paired with
   their north twin (bbpair.h): 99 vs 68 M queen lookups/s against scalar fills
   (independent lookups over 2^16 random squares and occupancies, best of 7 runs,
   gcc 12 -O2, AMD EPYC Zen 4); east and west stay scalar on the integer units. */

/* Returns both boards of g shifted left by d and masked by p: one fill step. */
static inline BbPair dumb7fill_step(BbPair g, BbPair p, int d) { return bbpair_and(bbpair_shl(g, d), p); }

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard dumb7fill_rook(Square s, Bitboard occ) {
  Bitboard empty = ~occ, e = square_bb(s), w = e, ge = e, gw = e;
  Bitboard pe = empty & ~FILE_A_BB, pw = empty & ~FILE_H_BB;
  BbPair ns = bbpair(e, square_bb(s ^ 56)), g = ns;
  BbPair p = bbpair(empty, bswap64(empty));
  for (int i = 0; i < 6; i++) {
    g = dumb7fill_step(g, p, 8), ns = bbpair_or(ns, g);
    ge = (ge << 1) & pe, e |= ge;
    gw = (gw >> 1) & pw, w |= gw;
  }
  return bbpair_fold(dumb7fill_step(ns, bbpair(~0ULL, ~0ULL), 8))
       | ((e << 1) & ~FILE_A_BB) | ((w >> 1) & ~FILE_H_BB);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard dumb7fill_bishop(Square s, Bitboard occ) {
  Bitboard empty = ~occ, mempty = bswap64(empty);
  BbPair na = bbpair(~FILE_A_BB, ~FILE_A_BB), nh = bbpair(~FILE_H_BB, ~FILE_H_BB);
  BbPair pe = bbpair(empty & ~FILE_A_BB, mempty & ~FILE_A_BB);  /* NE and SE */
  BbPair pw = bbpair(empty & ~FILE_H_BB, mempty & ~FILE_H_BB);  /* NW and SW */
  BbPair e = bbpair(square_bb(s), square_bb(s ^ 56)), w = e, ge = e, gw = e;
  for (int i = 0; i < 6; i++) {
    ge = dumb7fill_step(ge, pe, 9), e = bbpair_or(e, ge);
    gw = dumb7fill_step(gw, pw, 7), w = bbpair_or(w, gw);
  }
  return bbpair_fold(bbpair_or(dumb7fill_step(e, na, 9), dumb7fill_step(w, nh, 7)));
}

#ifdef CB_LANES
/* Defines fn, returning the attacks along the shift d (right by -d if negative) of the lanes'
   sliders g through the empty squares p (wrap-around squares taken out), less ~wrap, for
   lanes of type T (Lanes, Lanes8) compiled for target. */
#define DUMB7FILL_RAY(T, target, fn)                                                \
  static inline target T fn(T g, T p, int d, T wrap) {                              \
    T f = g;                                                                        \
    for (int i = 0; i < 6; i++) f |= g = lanes_shift(g, d) & p;                     \
    return lanes_shift(f, d) & wrap;                                                \
  }
DUMB7FILL_RAY(Lanes, CB_TARGET_V3, dumb7fill_ray)
DUMB7FILL_RAY(Lanes8, CB_TARGET_V4, dumb7fill_ray8)

/* Returns the queen attacks of four lookups, sq[i] with occ[i] in lane i: the eight
   rays by plain shifts (the lanes already fill the register; no byte-swap pairing). */
static inline CB_TARGET_V3 Lanes dumb7fill_queens(const uint8_t *sq, const Bitboard *occ) {
  return LANES_EIGHT_RAYS(dumb7fill_ray, sq, occ);
}

/* Returns the queen attacks of eight lookups, as dumb7fill_queens. */
static inline CB_TARGET_V4 Lanes8 dumb7fill_queens8(const uint8_t *sq, const Bitboard *occ) {
  return LANES8_EIGHT_RAYS(dumb7fill_ray8, sq, occ);
}
#endif
