/* The table of techniques, their availability on this CPU, the exhaustive
   self-test against the reference, and the timing loop instantiated once per
   technique so each technique's lookups are inlined into it. */
#include <string.h>
#include "attacks.h"
#include "../cpu.h"
#include "../bits.h"
#include "../prng.h"
#include "../tables.h"

#define CB_TECHNIQUE_ENTRY(name, target, cpu) \
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

/* Returns nothing; counts a disagreement of technique t with the reference for
   piece p on s with occ into *bad, keeping the first one in the out-parameters. */
static void registry_check(int t, int p, Square s, Bitboard occ,
                           uint64_t *bad, Square *bs, Bitboard *bo, int *bp) {
  const Technique *tq = &Techniques[t];
  Bitboard got = p == ROOK ? tq->rook(s, occ) : tq->bishop(s, occ);
  Bitboard want = sliding_walk(s, occ, p == ROOK ? ROOK_DIRS : BISHOP_DIRS);
  if (got != want && (*bad)++ == 0) { *bs = s; *bo = occ; *bp = p; }
}

uint64_t technique_selftest(int t, uint64_t randoms, Square *bs, Bitboard *bo, int *bp) {
  uint64_t bad = 0;
  Prng rng = {0x9E3779B97F4A7C15ULL};
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    for (int p = BISHOP; p <= ROOK; p++) {
      Bitboard mask = p == ROOK ? RookMask[s] : BishopMask[s], sub = 0;
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
  return bad;
}

/* The timing loops, like the generator, in two builds: the technique's own target, and
   x86-64-v3 where the CPU has it (the code perft runs there), chosen per call. */
#define CB_BENCH_LOOP_AS(name, suffix, target)                                      \
  static target uint64_t registry_bench_##name##suffix(const uint8_t *sq, const uint64_t *occ, \
                                                       size_t n, int reps, int chained) { \
    uint64_t acc = 0;                                                               \
    for (int r = 0; r < reps; r++) {                                                \
      if (chained)                                                                  \
        for (size_t i = 0; i < n; i++) {                                            \
          Bitboard o = occ[i] ^ acc;                                                \
          acc = name##_rook(sq[i], o) | name##_bishop(sq[i], o);                    \
        }                                                                           \
      else                                                                          \
        for (size_t i = 0; i < n; i++)                                              \
          acc ^= name##_rook(sq[i], occ[i]) | name##_bishop(sq[i], occ[i]);         \
    }                                                                               \
    return acc;                                                                     \
  }
#define CB_BENCH_LOOP(name, target, cpu) CB_BENCH_LOOP_AS(name, _base, target)
CB_TECHNIQUES(CB_BENCH_LOOP)

typedef uint64_t (*BenchLoop)(const uint8_t *, const uint64_t *, size_t, int, int);
#define CB_BENCH_ENTRY(name, target, cpu) registry_bench_##name##_base,
static const BenchLoop registry_bench_base[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_BENCH_ENTRY)};
#undef CB_BENCH_ENTRY
#ifdef CB_X86
#define CB_BENCH_LOOP_V3(name, target, cpu) CB_BENCH_LOOP_AS(name, _v3, CB_TARGET_V3)
CB_TECHNIQUES(CB_BENCH_LOOP_V3)
#define CB_BENCH_ENTRY(name, target, cpu) registry_bench_##name##_v3,
static const BenchLoop registry_bench_v3[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_BENCH_ENTRY)};
#undef CB_BENCH_ENTRY
#endif

uint64_t technique_bench(int t, const uint8_t *sq, const uint64_t *occ, size_t n, int reps, int chained) {
#ifdef CB_X86
  if (cpu_v3()) return registry_bench_v3[t](sq, occ, n, reps, chained);
#endif
  return registry_bench_base[t](sq, occ, n, reps, chained);
}

#define CB_MANY_LOOP(name, target, cpu)                                           \
  static target void registry_many_##name(int piece, const uint8_t *sq, const uint64_t *occ, \
                                          uint64_t *out, size_t n) {              \
    if (piece == ROOK)                                                            \
      for (size_t i = 0; i < n; i++) out[i] = name##_rook(sq[i], occ[i]);         \
    else if (piece == BISHOP)                                                     \
      for (size_t i = 0; i < n; i++) out[i] = name##_bishop(sq[i], occ[i]);       \
    else                                                                          \
      for (size_t i = 0; i < n; i++)                                              \
        out[i] = name##_rook(sq[i], occ[i]) | name##_bishop(sq[i], occ[i]);       \
  }
CB_TECHNIQUES(CB_MANY_LOOP)

typedef void (*ManyLoop)(int, const uint8_t *, const uint64_t *, uint64_t *, size_t);
#define CB_MANY_ENTRY(name, target, cpu) registry_many_##name,
static const ManyLoop registry_many[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_MANY_ENTRY)};

int64_t technique_many(int t, int piece, const uint8_t *sq, const uint64_t *occ, uint64_t *out, size_t n) {
  uint8_t any = 0;
  for (size_t i = 0; i < n; i++) any |= sq[i];
  if (any & 0xC0)
    for (size_t i = 0; i < n; i++)
      if (sq[i] > SQ_H8) return (int64_t)i;
  registry_many[t](piece, sq, occ, out, n);
  return -1;
}
