/* The table of techniques, their availability on this CPU, the exhaustive
   self-test against the reference, and the timing loop instantiated once per
   technique so each technique's lookups are inlined into it. */
#include <string.h>
#include "attacks.h"
#include "../cpu.h"
#include "../bits.h"
#include "../prng.h"
#include "../tables.h"
#include "lanes.h"

#define CB_TECHNIQUE_ENTRY(name, target, cpu, form) \
  {#name, name##_init, name##_rook, name##_bishop, &name##_bytes, cpu},
const Technique Techniques[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_TECHNIQUE_ENTRY)};

void attacks_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  for (int t = 0; t < TECHNIQUE_NB; t++) Techniques[t].init();
  done = 1;
}

int technique_available(int t) {
  return t >= 0 && t < TECHNIQUE_NB && (Techniques[t].cpu & ~cpu_features()) == 0;
}

int technique_find(const char *name) {
  for (int t = 0; t < TECHNIQUE_NB; t++)
    if (strcmp(Techniques[t].name, name) == 0) return t;
  return -1;
}

int technique_default(const char **why) {
  if (cpu_fast_pext()) {
    *why = "pext: BMI2 present and PEXT runs in hardware at full speed on this CPU";
    return technique_find("pext");
  }
  *why = (cpu_features() & CPU_BMI2)
    ? "black_magic: BMI2 present but PEXT is microcoded (slow) on this CPU"
    : "black_magic: no BMI2; the smallest-table magic lookup";
  return technique_find("black_magic");
}

int technique_streaming(const char **why) {
  *why = "hyperbola: 2.5 kB of tables, which stay in the L1 cache while the encoders and BoardBatch walk many positions";
  return technique_find("hyperbola");
}

/* Returns nothing; counts a disagreement with the reference into *bad, keeping the
   first one in the out-parameters. */
static void registry_compare(Bitboard got, int p, Square s, Bitboard occ,
                             uint64_t *bad, Square *bs, Bitboard *bo, int *bp) {
  const int dirs = p == ROOK ? ROOK_DIRS : p == BISHOP ? BISHOP_DIRS : ROOK_DIRS | BISHOP_DIRS;
  if (got != sliding_walk(s, occ, dirs) && (*bad)++ == 0) { *bs = s; *bo = occ; *bp = p; }
}

/* Returns nothing; checks technique t's rook (p == ROOK) or bishop lookup on s with occ. */
static void registry_check(int t, int p, Square s, Bitboard occ,
                           uint64_t *bad, Square *bs, Bitboard *bo, int *bp) {
  const Technique *tq = &Techniques[t];
  registry_compare(p == ROOK ? tq->rook(s, occ) : tq->bishop(s, occ), p, s, occ, bad, bs, bo, bp);
}

/* Pairs collected for a batch of queen lookups through technique_many (the loop
   users call, four lookups per AVX2 lane for LANES techniques on such CPUs). */
typedef struct { uint8_t sq[256]; Bitboard occ[256], got[256]; size_t n; } QueenBatch;

/* Returns nothing; checks the batch's queen lookups by technique t and empties it. */
static void registry_flush(int t, QueenBatch *qb, uint64_t *bad, Square *bs, Bitboard *bo, int *bp) {
  technique_many(t, QUEEN, qb->sq, qb->occ, qb->got, qb->n);
  for (size_t i = 0; i < qb->n; i++)
    registry_compare(qb->got[i], QUEEN, qb->sq[i], qb->occ[i], bad, bs, bo, bp);
  qb->n = 0;
}

uint64_t technique_selftest(int t, uint64_t randoms, Square *bs, Bitboard *bo, int *bp) {
  uint64_t bad = 0;
  Prng rng = {0x9E3779B97F4A7C15ULL};
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    for (int p = BISHOP; p <= ROOK; p++) {
      Bitboard mask = slider_mask(p == ROOK, s), sub = 0;
      do {  /* carry-rippler: every subset of mask */
        registry_check(t, p, s, sub, &bad, bs, bo, bp);
        sub = (sub - mask) & mask;
      } while (sub);
      for (uint64_t i = 0; i < randoms; i++) {  /* dense and sparse full boards */
        Bitboard occ = prng_next(&rng);
        if (i & 1) occ &= prng_next(&rng);
        registry_check(t, p, s, occ, &bad, bs, bo, bp);
      }
    }
  /* Batch queens (the lanes where they run): every subset of each square's rook mask
     and of its bishop mask, then a random square per pair, so neighbouring lanes differ,
     with dense, sparse and on-the-lines-only occupancies. */
  QueenBatch qb = {.n = 0};
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    for (int p = BISHOP; p <= ROOK; p++) {
      Bitboard mask = slider_mask(p == ROOK, s), sub = 0;
      do {
        qb.sq[qb.n] = (uint8_t)s, qb.occ[qb.n++] = sub;
        if (qb.n == 256) registry_flush(t, &qb, &bad, bs, bo, bp);
        sub = (sub - mask) & mask;
      } while (sub);
    }
  for (uint64_t i = 0; i < 128 * randoms + 4096; i++) {
    const Square s = (Square)(prng_next(&rng) & 63);
    Bitboard occ = prng_next(&rng);
    if (i % 3) occ &= i % 3 == 1 ? prng_next(&rng) : RookMask[s] | BishopMask[s];
    qb.sq[qb.n] = (uint8_t)s, qb.occ[qb.n++] = occ;
    if (qb.n == 256) registry_flush(t, &qb, &bad, bs, bo, bp);
  }
  registry_flush(t, &qb, &bad, bs, bo, bp);
  return bad;
}

/* The timing and batch loops in three builds: the technique's own target, x86-64-v3 where
   the CPU has it (the code perft runs there) and x86-64-v4 where it has AVX-512, chosen per
   call. In the v3 build, independent queen lookups of a LANES or LANES8 technique run four
   at a time, one per AVX2 lane (lanes.h); in the v4 build a LANES8 or ONLY8 technique's run
   eight at a time, one per AVX-512 lane: `i` is where the one-by-one loop goes on. */
#define CB_QUEENS_SCALAR(name, i, n, sq, occ, each)
#ifdef CB_X86
#define CB_QUEENS_LANES(name, i, n, sq, occ, each) \
  for (; i + 4 <= n; i += 4) { const Lanes q = name##_queens(sq + i, occ + i); each; }
#define CB_QUEENS_LANES8(name, i, n, sq, occ, each) \
  for (; i + 8 <= n; i += 8) { const Lanes8 q = name##_queens8(sq + i, occ + i); each; }
#endif
/* The public benchmark's shape (per squares to one occupancy) in four lanes: the lanes read
   one occupancy, so what depends on it alone (a fill's propagator chain) is worked out once
   for the per squares, as the public loop's compiler does for its 12. */
#define CB_SHARED_SCALAR(name, i, n, per, sq, occ, each)
#define CB_SHARED_LANES8(name, i, n, per, sq, occ, each)
#define CB_SHARED_ONLY8(name, i, n, per, sq, occ, each)
#define CB_SHARED_LANES(name, i, n, per, sq, occ, each)                              \
  if (per % 4 == 0)                                                                  \
    for (; i < n; i += (size_t)per) {                                                \
      const Bitboard o4_[4] = {occ[i], occ[i], occ[i], occ[i]};                      \
      for (int k = 0; k < per; k += 4) { const Lanes q = name##_queens(sq + i + k, o4_); each; } \
    }

#define CB_BENCH_LOOP_AS(name, suffix, target, form)                                \
  static target uint64_t registry_bench_##name##suffix(const uint8_t *sq, const uint64_t *occ, \
                                                       size_t n, int reps, int chained, int per) { \
    uint64_t acc = 0;                                                               \
    for (int r = 0; r < reps; r++) {                                                \
      size_t i = 0;                                                                 \
      if (chained)                                                                  \
        for (; i < n; i++) {                                                        \
          Bitboard o = occ[i] ^ acc;                                                \
          acc = name##_rook(sq[i], o) | name##_bishop(sq[i], o);                    \
        }                                                                           \
      else {                                                                        \
        if (per > 1) { CB_SHARED_##form(name, i, n, per, sq, occ, acc ^= LANES_XOR(q)) } \
        CB_QUEENS_##form(name, i, n, sq, occ, acc ^= LANES_XOR(q))                  \
        if (per > 1)                                                                \
          for (; i < n; i += (size_t)per) {                                         \
            const Bitboard o = occ[i];                                              \
            for (int k = 0; k < per; k++) acc ^= name##_rook(sq[i + k], o) | name##_bishop(sq[i + k], o); \
          }                                                                         \
        for (; i < n; i++) acc ^= name##_rook(sq[i], occ[i]) | name##_bishop(sq[i], occ[i]); \
      }                                                                             \
    }                                                                               \
    return acc;                                                                     \
  }

#define CB_MANY_LOOP_AS(name, suffix, target, form)                                 \
  static target void registry_many_##name##suffix(int piece, const uint8_t *sq,    \
                                                  const uint64_t *occ, uint64_t *out, size_t n) { \
    size_t i = 0;                                                                   \
    if (piece == ROOK)                                                              \
      for (; i < n; i++) out[i] = name##_rook(sq[i], occ[i]);                       \
    else if (piece == BISHOP)                                                       \
      for (; i < n; i++) out[i] = name##_bishop(sq[i], occ[i]);                     \
    else {                                                                          \
      CB_QUEENS_##form(name, i, n, sq, occ, memcpy(out + i, &q, sizeof q))         \
      for (; i < n; i++) out[i] = name##_rook(sq[i], occ[i]) | name##_bishop(sq[i], occ[i]); \
    }                                                                               \
  }

typedef uint64_t (*BenchLoop)(const uint8_t *, const uint64_t *, size_t, int, int, int);
typedef void (*ManyLoop)(int, const uint8_t *, const uint64_t *, uint64_t *, size_t);
typedef struct { BenchLoop bench; ManyLoop many; } Loops;

/* One code variant's loops of every technique and their table (cpu.h): "base" with each
   technique's own target and scalar queens, "v3" with x86-64-v3's and four lanes, "v4"
   with x86-64-v4's and eight lanes for the LANES8 and ONLY8 techniques, v3's loops for the others
   (gcc 12's scalar code for the AVX-512 target ran obstruction difference 24% slower,
   rotated 14%, kindergarten 8%). */
#define CB_FORM_base(form) SCALAR
#define CB_FORM_v3(form) CB_V3_##form
#define CB_V3_SCALAR SCALAR
#define CB_V3_LANES LANES
#define CB_V3_LANES8 LANES
#define CB_V3_ONLY8 SCALAR
#define CB_FORM_v4(form) CB_V4_##form
#define CB_V4_LANES8 LANES8
#define CB_V4_ONLY8 LANES8
#define CB_LOOPS_AS(name, v, target, form)                                            \
  CB_LOOPS_AS_(name, _##v, CB_VARIANT_TARGET(v, target), CB_FORM_##v(form))
#define CB_LOOPS_AS_(name, suffix, target, form) /* (target and form expanded here) */  \
  CB_BENCH_LOOP_AS(name, suffix, target, form) CB_MANY_LOOP_AS(name, suffix, target, form)
#define CB_LOOPS_base(name, target, cpu, form) CB_LOOPS_AS(name, base, target, form)
#define CB_LOOPS_v3(name, target, cpu, form) CB_LOOPS_AS(name, v3, target, form)
#define CB_LOOPS_v4(name, target, cpu, form) CB_LOOPS_V4_##form(name, target)
#define CB_LOOPS_V4_SCALAR(name, target)
#define CB_LOOPS_V4_LANES(name, target)
#define CB_LOOPS_V4_LANES8(name, target) CB_LOOPS_AS(name, v4, target, LANES8)
#define CB_LOOPS_V4_ONLY8(name, target) CB_LOOPS_AS(name, v4, target, ONLY8)
#define CB_LOOPS_ENTRY_base(name, target, cpu, form) {registry_bench_##name##_base, registry_many_##name##_base},
#define CB_LOOPS_ENTRY_v3(name, target, cpu, form) {registry_bench_##name##_v3, registry_many_##name##_v3},
#define CB_LOOPS_ENTRY_v4(name, target, cpu, form) CB_ENTRY_V4_##form(name)
#define CB_ENTRY_V4_SCALAR(name) {registry_bench_##name##_v3, registry_many_##name##_v3},
#define CB_ENTRY_V4_LANES(name) CB_ENTRY_V4_SCALAR(name)
#define CB_ENTRY_V4_LANES8(name) {registry_bench_##name##_v4, registry_many_##name##_v4},
#define CB_ENTRY_V4_ONLY8(name) CB_ENTRY_V4_LANES8(name)
#define CB_LOOPS_TABLE(v)                                                              \
  CB_TECHNIQUES(CB_LOOPS_##v)                                                          \
  static const Loops registry_##v[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_LOOPS_ENTRY_##v)};
CB_LOOPS_TABLE(base)
#ifdef CB_X86
CB_LOOPS_TABLE(v3)
CB_LOOPS_TABLE(v4)
#endif

/* Returns the loops for technique t in the build this CPU runs. */
static const Loops *registry_loops(int t) {
#ifdef CB_X86
  if (cpu_v4()) return &registry_v4[t];
  if (cpu_v3()) return &registry_v3[t];
#endif
  return &registry_base[t];
}

uint64_t technique_bench(int t, const uint8_t *sq, const uint64_t *occ, size_t n, int reps, int chained, int per) {
  return registry_loops(t)->bench(sq, occ, n, reps, chained, per);
}

int64_t technique_many(int t, int piece, const uint8_t *sq, const uint64_t *occ, uint64_t *out, size_t n) {
  uint8_t any = 0;
  for (size_t i = 0; i < n; i++) any |= sq[i];
  if (any & 0xC0)
    for (size_t i = 0; i < n; i++)
      if (sq[i] > SQ_H8) return (int64_t)i;
  registry_loops(t)->many(piece, sq, occ, out, n);
  return -1;
}
