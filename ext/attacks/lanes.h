/* Four bitboards in one AVX2 register (GCC/clang vector extensions, x86 only):
   independent lookups run side by side, one per lane, as a compiler that
   vectorizes a loop of them would (gcc 12 does not). Used only by code compiled
   with CB_TARGET_V3 and chosen at run time (cpu_v3()); elsewhere undefined. */
#ifndef CB_LANES_H
#define CB_LANES_H

#include "../cpu.h"
#include "../types.h"

#ifdef CB_X86
#define CB_LANES 1
typedef uint64_t Lanes __attribute__((vector_size(32)));
typedef uint8_t LaneBytes __attribute__((vector_size(32)));

/* Returns the four occupancies occ[0..3]. */
static inline CB_TARGET_V3 Lanes lanes_load(const Bitboard *occ) {
  Lanes v;
  __builtin_memcpy(&v, occ, sizeof v);
  return v;
}

/* Returns the four squares sq[0..3], one per lane. */
static inline CB_TARGET_V3 Lanes lanes_squares(const uint8_t *sq) {
  return (Lanes){sq[0], sq[1], sq[2], sq[3]};
}

/* Returns b in every lane. */
static inline CB_TARGET_V3 Lanes lanes_of(Bitboard b) { return (Lanes){b, b, b, b}; }

/* Returns 1 << sq[i] in lane i. */
static inline CB_TARGET_V3 Lanes lanes_square_bb(const uint8_t *sq) {
  return lanes_of(1) << lanes_squares(sq);
}

/* Returns every lane shifted left by d, or right by -d when d < 0 (d a constant). */
static inline CB_TARGET_V3 Lanes lanes_shift(Lanes v, int d) { return d > 0 ? v << d : v >> -d; }

/* Evaluates to the queen attacks of four lookups (sq[i] with occ[i] in lane i) from
   ray(g, empty, d, wrap), a fill of the sliders g along the left shift d (right by -d)
   through the empty squares (wrap-around ones taken out), less ~wrap: the eight
   directions with their wrap masks, for the fill techniques. */
#define LANES_EIGHT_RAYS(ray, sq, occ) ({                                           \
    const Lanes g_ = lanes_square_bb(sq), e_ = ~lanes_load(occ), all_ = lanes_of(~0ULL); \
    const Lanes na_ = lanes_of(~FILE_A_BB), nh_ = lanes_of(~FILE_H_BB);            \
    const Lanes ea_ = e_ & na_, eh_ = e_ & nh_;                                    \
    ray(g_, e_, 8, all_) | ray(g_, e_, -8, all_) | ray(g_, ea_, 1, na_) | ray(g_, eh_, -1, nh_) \
      | ray(g_, ea_, 9, na_) | ray(g_, eh_, 7, nh_) | ray(g_, ea_, -7, na_) | ray(g_, eh_, -9, nh_); })

/* Returns each lane's bitboard with its bytes (ranks) in reverse order. */
static inline CB_TARGET_V3 Lanes lanes_bswap(Lanes v) {
#ifdef __clang__
  return (Lanes)__builtin_shufflevector((LaneBytes)v, (LaneBytes)v, 7, 6, 5, 4, 3, 2, 1, 0,
      15, 14, 13, 12, 11, 10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24);
#else
  return (Lanes)__builtin_shuffle((LaneBytes)v, (LaneBytes){7, 6, 5, 4, 3, 2, 1, 0,
      15, 14, 13, 12, 11, 10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24});
#endif
}
#endif

#endif
