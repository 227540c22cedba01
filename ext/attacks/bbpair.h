/* Two bitboards side by side in one SSE2/NEON register (GCC vector extensions, no
   intrinsics; a plain struct elsewhere). The fills keep a south-going ray as the
   north-going ray of the byte-swapped board in the second lane, since gcc 12 does
   not pair the scalar fills itself. CB_PORTABLE_BITS forces the struct, for tests. */
#ifndef CB_BBPAIR_H
#define CB_BBPAIR_H

#include "../bits.h"

#if (defined(__GNUC__) || defined(__clang__)) && !defined(CB_PORTABLE_BITS)
typedef uint64_t BbPair __attribute__((vector_size(16)));

/* Returns the pair (a, b). */
static inline BbPair bbpair(Bitboard a, Bitboard b) { return (BbPair){a, b}; }

/* Returns both boards of v shifted left by d. */
static inline BbPair bbpair_shl(BbPair v, int d) { return v << d; }

/* Returns the intersection of x and y, board by board. */
static inline BbPair bbpair_and(BbPair x, BbPair y) { return x & y; }

/* Returns the union of x and y, board by board. */
static inline BbPair bbpair_or(BbPair x, BbPair y) { return x | y; }

/* Returns the first board united with the second swapped back to the real board. */
static inline Bitboard bbpair_fold(BbPair v) { return v[0] | bswap64(v[1]); }
#else
typedef struct { Bitboard a, b; } BbPair;

/* Returns the pair (a, b). */
static inline BbPair bbpair(Bitboard a, Bitboard b) { BbPair v = {a, b}; return v; }

/* Returns both boards of v shifted left by d. */
static inline BbPair bbpair_shl(BbPair v, int d) { return bbpair(v.a << d, v.b << d); }

/* Returns the intersection of x and y, board by board. */
static inline BbPair bbpair_and(BbPair x, BbPair y) { return bbpair(x.a & y.a, x.b & y.b); }

/* Returns the union of x and y, board by board. */
static inline BbPair bbpair_or(BbPair x, BbPair y) { return bbpair(x.a | y.a, x.b | y.b); }

/* Returns the first board united with the second swapped back to the real board. */
static inline Bitboard bbpair_fold(BbPair v) { return v.a | bswap64(v.b); }
#endif

#endif
