#include <string.h>
#include "movegen.h"
#include "attacks/rotated.h"
#include "attackmaps.h"

/* Empty-board rook and bishop attacks: prefilters before a lookup, and the
   "snipers" that find checkers and pins without one. */
static Bitboard movegen_rook_pseudo[SQUARE_NB], movegen_bishop_pseudo[SQUARE_NB];
static int movegen_default = -1, movegen_streaming;

/* Rotated bitboards' occupancy: plain and rotated three ways (attacks/rotated.h). */
typedef struct { Bitboard occ, r90, r45, r315; } MovegenRot;

/* Returns occ with its rotations computed from scratch. */
static inline MovegenRot movegen_rot_of(Bitboard occ) {
  MovegenRot v = {occ, rotated_90(occ), rotated_45(occ), rotated_315(occ)};
  return v;
}

/* Returns v with the squares of delta toggled, in all four boards. */
static inline MovegenRot movegen_rot_xor(MovegenRot v, Bitboard delta) {
  v.occ ^= delta;
  while (delta) {
    Square s = pop_lsb(&delta);
    v.r90 ^= rotated_bit90[s];
    v.r45 ^= rotated_bit45[s];
    v.r315 ^= rotated_bit315[s];
  }
  return v;
}

/* Each technique's generator is compiled twice (cpu.h's code variants): "base" for any
   x86-64 (the technique's own target attribute only, e.g. BMI2 for pext) and "v3" with
   POPCNT/BMI1/BMI2/LZCNT/AVX2, chosen once at init by cpu_v3(). Without POPCNT the leaf
   counts' popcounts become library calls: 1.5x slower perft. MOVEGEN_TABLE(v) lists the
   entry points movegen_all.h has just compiled for variant v (= CB_V). */
#define CB_VT(own) CB_VARIANT_TARGET(CB_V, own)
#define MOVEGEN_ENTRY_(name, v)                                                             \
  {movegen_generate_##name##_##v, movegen_count_##name##_##v, movegen_perft_##name##_##v},
#define MOVEGEN_ENTRY_V(name, v) MOVEGEN_ENTRY_(name, v)
#define MOVEGEN_ENTRY(name, target, cpu, form) MOVEGEN_ENTRY_V(name, CB_V)
#define MOVEGEN_TABLE(v)                                                                    \
  static const MovegenTechnique movegen_##v[MOVEGEN_NB] = {                                 \
    CB_TECHNIQUES(MOVEGEN_ENTRY) MOVEGEN_ENTRY(incremental, , , )};

#define CB_V base
#include "movegen_all.h"
MOVEGEN_TABLE(base)
#undef CB_V
#ifdef CB_X86
#define CB_V v3
#include "movegen_all.h"
MOVEGEN_TABLE(v3)
#undef CB_V
#endif

const MovegenTechnique *movegen_techniques = movegen_base;
static const char *movegen_why = "baseline: not initialised";

void movegen_init(void) {
  const char *why;
  if (movegen_default >= 0) return;
  attacks_init();
  position_init();
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    movegen_rook_pseudo[s] = RankMask[s] | FileMask[s];
    movegen_bishop_pseudo[s] = DiagMask[s] | AntiMask[s];
  }
  movegen_default = technique_default(&why);
  movegen_streaming = technique_streaming(&why);
#ifdef CB_X86
  if (cpu_v3()) {
    movegen_techniques = movegen_v3;
    movegen_why = "x86-64-v3: POPCNT, BMI1, BMI2, LZCNT and AVX2 present";
  } else if ((cpu_features_detected() & CPU_V3) == CPU_V3) {
    movegen_why = "baseline: CHESSBITS_CPU=baseline forces the portable code";
  } else {
    movegen_why = "baseline: this CPU lacks some of POPCNT, BMI1, BMI2, LZCNT, AVX2";
  }
#else
  movegen_why = "baseline: portable C (not x86-64)";
#endif
}

const char *movegen_path(void) { return movegen_why; }

int movegen_technique(void) { return movegen_default; }

int movegen_technique_streaming(void) { return movegen_streaming; }

int count_legal(const Position *pos) { return movegen_techniques[movegen_default].count(pos); }
