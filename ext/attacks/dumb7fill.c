/* Dumb7Fill: flood one square at a time from the slider through the empty
   squares, six steps per direction with a wrap mask on the east- and west-going
   ones, then one more shift onto the attacked squares; no tables.
   https://www.chessprogramming.org/Dumb7Fill */
#include "attacks.h"
#include "../bits.h"

const uint64_t dumb7fill_bytes = 0;

void dumb7fill_init(void) {}

/* South-going rays are filled as north-going ones on the byte-swapped board, side
   by side with their north twin in one SSE2/NEON register, since gcc 12 does not
   pair the scalar fills itself: 99 vs 68 M queen lookups/s (independent lookups
   over 2^16 random squares and occupancies, best of 7 runs, gcc 12 -O2, AMD EPYC
   Zen 4), while E and W stay scalar on the integer units. */
#if defined(__GNUC__) || defined(__clang__)
typedef uint64_t Dumb7fillPair __attribute__((vector_size(16)));

/* Returns the pair (a, b). */
static inline Dumb7fillPair dumb7fill_pair(Bitboard a, Bitboard b) { return (Dumb7fillPair){a, b}; }

/* Returns both boards of g shifted left by d and masked by p. */
static inline Dumb7fillPair dumb7fill_step(Dumb7fillPair g, Dumb7fillPair p, int d) { return (g << d) & p; }

/* Returns the union of a and b, board by board. */
static inline Dumb7fillPair dumb7fill_or(Dumb7fillPair a, Dumb7fillPair b) { return a | b; }

/* Returns the first board united with the second swapped back to the real board. */
static inline Bitboard dumb7fill_fold(Dumb7fillPair v) { return v[0] | bswap64(v[1]); }
#else
typedef struct { Bitboard a, b; } Dumb7fillPair;

/* Returns the pair (a, b). */
static inline Dumb7fillPair dumb7fill_pair(Bitboard a, Bitboard b) { Dumb7fillPair v = {a, b}; return v; }

/* Returns both boards of g shifted left by d and masked by p. */
static inline Dumb7fillPair dumb7fill_step(Dumb7fillPair g, Dumb7fillPair p, int d) {
  return dumb7fill_pair((g.a << d) & p.a, (g.b << d) & p.b);
}

/* Returns the union of a and b, board by board. */
static inline Dumb7fillPair dumb7fill_or(Dumb7fillPair x, Dumb7fillPair y) { return dumb7fill_pair(x.a | y.a, x.b | y.b); }

/* Returns the first board united with the second swapped back to the real board. */
static inline Bitboard dumb7fill_fold(Dumb7fillPair v) { return v.a | bswap64(v.b); }
#endif

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard dumb7fill_rook(Square s, Bitboard occ) {
  Bitboard empty = ~occ, e = square_bb(s), w = e, ge = e, gw = e;
  Bitboard pe = empty & ~FILE_A_BB, pw = empty & ~FILE_H_BB;
  Dumb7fillPair ns = dumb7fill_pair(e, square_bb(s ^ 56)), g = ns;
  Dumb7fillPair p = dumb7fill_pair(empty, bswap64(empty));
  for (int i = 0; i < 6; i++) {
    g = dumb7fill_step(g, p, 8), ns = dumb7fill_or(ns, g);
    ge = (ge << 1) & pe, e |= ge;
    gw = (gw >> 1) & pw, w |= gw;
  }
  return dumb7fill_fold(dumb7fill_step(ns, dumb7fill_pair(~0ULL, ~0ULL), 8))
       | ((e << 1) & ~FILE_A_BB) | ((w >> 1) & ~FILE_H_BB);
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard dumb7fill_bishop(Square s, Bitboard occ) {
  Bitboard empty = ~occ, mempty = bswap64(empty);
  Dumb7fillPair na = dumb7fill_pair(~FILE_A_BB, ~FILE_A_BB), nh = dumb7fill_pair(~FILE_H_BB, ~FILE_H_BB);
  Dumb7fillPair pe = dumb7fill_pair(empty & ~FILE_A_BB, mempty & ~FILE_A_BB);  /* NE and SE */
  Dumb7fillPair pw = dumb7fill_pair(empty & ~FILE_H_BB, mempty & ~FILE_H_BB);  /* NW and SW */
  Dumb7fillPair e = dumb7fill_pair(square_bb(s), square_bb(s ^ 56)), w = e, ge = e, gw = e;
  for (int i = 0; i < 6; i++) {
    ge = dumb7fill_step(ge, pe, 9), e = dumb7fill_or(e, ge);
    gw = dumb7fill_step(gw, pw, 7), w = dumb7fill_or(w, gw);
  }
  return dumb7fill_fold(dumb7fill_or(dumb7fill_step(e, na, 9), dumb7fill_step(w, nh, 7)));
}
