/* One interface for every sliding-attack technique. Each ext/attacks/<name>.c
   exports <name>_init, <name>_rook, <name>_bishop and the constant <name>_bytes
   (bytes of lookup tables it owns); registry.c lists them with their CPU needs.
   Lookups are defined `inline` (gcc -O2 would not inline them into the loops of
   the same translation unit otherwise); the plain declarations below keep them
   external, so function pointers to them work too. */
#ifndef CB_ATTACKS_H
#define CB_ATTACKS_H

#include "../types.h"
#include "../cpu.h"

/* X(name, target attribute for code that inlines its lookups, CPU features needed,
     form: SCALAR; LANES if it also has name_queens, four lookups at once in AVX2 lanes
     (lanes.h), which the x86-64-v3 and v4 catalogue loops use; LANES8 if it has
     name_queens8 too, eight at once in AVX-512 lanes, which the v4 loops use; ONLY8 if
     it has name_queens8 alone (its v3 loops scalar)) */
#define CB_TECHNIQUES(X)                           \
  X(reference, CB_TARGET_NONE, 0, SCALAR)          \
  X(classical, CB_TARGET_NONE, 0, ONLY8)           \
  X(rotated, CB_TARGET_NONE, 0, SCALAR)            \
  X(kindergarten, CB_TARGET_NONE, 0, LANES8)       \
  X(hyperbola, CB_TARGET_NONE, 0, LANES8)          \
  X(obstruction, CB_TARGET_NONE, 0, ONLY8)         \
  X(exploding, CB_TARGET_NONE, 0, SCALAR)          \
  X(dumb7fill, CB_TARGET_NONE, 0, LANES8)          \
  X(kogge_stone, CB_TARGET_NONE, 0, LANES8)        \
  X(magic, CB_TARGET_NONE, 0, SCALAR)              \
  X(fancy_magic, CB_TARGET_NONE, 0, SCALAR)        \
  X(black_magic, CB_TARGET_NONE, 0, SCALAR)        \
  X(pext, CB_TARGET_BMI2, CPU_BMI2, SCALAR)

/* The lookups below are external definitions (declared here without inline) that read
   their file's static tables: valid C11, whose 6.7.4p3 limits only inline definitions;
   clang warns all the same. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wstatic-in-inline"
#endif

#define CB_DECLARE_TECHNIQUE(name, target, cpu, form)    \
  void name##_init(void);                          \
  target Bitboard name##_rook(Square s, Bitboard occ);   \
  target Bitboard name##_bishop(Square s, Bitboard occ); \
  extern const uint64_t name##_bytes;
CB_TECHNIQUES(CB_DECLARE_TECHNIQUE)

typedef struct {
  const char *name;
  void (*init)(void);
  Bitboard (*rook)(Square, Bitboard);
  Bitboard (*bishop)(Square, Bitboard);
  const uint64_t *bytes; /* bytes of lookup tables the technique owns */
  unsigned cpu;       /* CPU_* features the lookups need */
} Technique;

#define CB_COUNT_TECHNIQUE(name, target, cpu, form) +1
enum { TECHNIQUE_NB = 0 CB_TECHNIQUES(CB_COUNT_TECHNIQUE) };

extern const Technique Techniques[TECHNIQUE_NB];

/* Returns nothing; initialises the leaper tables and every technique's tables. */
void attacks_init(void);

/* Returns 1 if technique t can run on this CPU (honours CHESSBITS_CPU=baseline). */
int technique_available(int t);

/* Returns the index of the technique used by default on this CPU, and sets *why. */
int technique_default(const char **why);

/* Returns the index of the technique for positions met once each among many (the encoders,
   BoardBatch), and sets *why: the default's tables leave the cache between two of them. */
int technique_streaming(const char **why);

/* Returns the index of the technique called name, or -1. */
int technique_find(const char *name);

/* Returns the number of (square, occupancy) pairs where technique t differs from
   the reference: every subset of each square's relevant masks, then `randoms`
   random full-board occupancies per square (bits off the lines too), then queen
   lookups through technique_many (its AVX2 or AVX-512 lanes where they run): every
   subset of each square's rook mask and of its bishop mask, and 128 * randoms + 4096
   on random squares. The first mismatch is written to *bad_sq,
   *bad_occ, *bad_piece (ROOK, BISHOP or QUEEN). */
uint64_t technique_selftest(int t, uint64_t randoms, Square *bad_sq, Bitboard *bad_occ, int *bad_piece);

/* Returns the XOR of queen attacks over n lookups, repeated reps times, from a
   loop with technique t's lookups inlined; chained: each occupancy is XORed
   with the previous result, so lookups wait on each other (latency); per > 1
   (n a multiple of 8 * per, occ[i] equal across each run of per): the public
   benchmark's shape, each occupancy read once for its per squares (by the scalar loop,
   and by the four AVX2 lanes when per is a multiple of 4; the eight AVX-512 lanes read
   it per lookup). */
uint64_t technique_bench(int t, const uint8_t *sq, const uint64_t *occ, size_t n, int reps, int chained, int per);

/* Returns -1 after writing n attack sets of piece (ROOK, BISHOP or QUEEN) from
   sq[i] with occ[i] into out[i], in one loop with technique t's lookups
   inlined; or the index of the first square above 63 (out left untouched). */
int64_t technique_many(int t, int piece, const uint8_t *sq, const uint64_t *occ, uint64_t *out, size_t n);

#endif
