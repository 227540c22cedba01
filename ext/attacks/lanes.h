/* Four bitboards in one AVX2 register, eight in one AVX-512 register (GCC/clang vector
   extensions, x86 only): independent lookups run side by side, one per lane, as a compiler
   that vectorizes a loop of them would (gcc 12 does not). Lanes are used only by code
   compiled with CB_TARGET_V3 and chosen at run time (cpu_v3()), Lanes8 only with
   CB_TARGET_V4 (cpu_v4()); elsewhere undefined. */
#ifndef CB_LANES_H
#define CB_LANES_H

#include "../cpu.h"
#include "../types.h"
#ifdef CB_X86
#include <immintrin.h>
#define CB_LANES 1
typedef uint64_t Lanes __attribute__((vector_size(32)));
typedef uint8_t LaneBytes __attribute__((vector_size(32)));
typedef uint64_t Lanes8 __attribute__((vector_size(64)));

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

/* The same for eight lookups in one Lanes8. */
static inline CB_TARGET_V4 Lanes8 lanes8_load(const Bitboard *occ) {
  Lanes8 v;
  __builtin_memcpy(&v, occ, sizeof v);
  return v;
}

static inline CB_TARGET_V4 Lanes8 lanes8_of(Bitboard b) { return (Lanes8){b, b, b, b, b, b, b, b}; }

static inline CB_TARGET_V4 Lanes8 lanes8_squares(const uint8_t *sq) {
  return (Lanes8){sq[0], sq[1], sq[2], sq[3], sq[4], sq[5], sq[6], sq[7]};
}

static inline CB_TARGET_V4 Lanes8 lanes8_square_bb(const uint8_t *sq) { return lanes8_of(1) << lanes8_squares(sq); }

/* Return each lane of v shifted left (sllv) or right (srlv) by the lane's count in n, 0
   where the count is 64 or more (as vpsllvq/vpsrlvq define it: a negative count is huge). */
static inline CB_TARGET_V3 Lanes lanes_sllv(Lanes v, Lanes n) { return (Lanes)_mm256_sllv_epi64((__m256i)v, (__m256i)n); }
static inline CB_TARGET_V3 Lanes lanes_srlv(Lanes v, Lanes n) { return (Lanes)_mm256_srlv_epi64((__m256i)v, (__m256i)n); }
static inline CB_TARGET_V4 Lanes8 lanes8_sllv(Lanes8 v, Lanes8 n) { return (Lanes8)_mm512_sllv_epi64((__m512i)v, (__m512i)n); }
static inline CB_TARGET_V4 Lanes8 lanes8_srlv(Lanes8 v, Lanes8 n) { return (Lanes8)_mm512_srlv_epi64((__m512i)v, (__m512i)n); }

/* Returns t[i[k]] in lane k (an AVX2 gather; t 8-byte aligned). */
static inline CB_TARGET_V3 Lanes lanes_gather(const Bitboard *t, Lanes i) {
  return (Lanes)_mm256_i64gather_epi64((const long long *)t, (__m256i)i, 8);
}

/* Returns the low 64 bits of each lane times c, from three 32 x 32-bit products (AVX2 has
   no 64-bit multiply). */
static inline CB_TARGET_V3 Lanes lanes_mul(Lanes x, uint64_t c) {
  const __m256i lo = _mm256_set1_epi64x((long long)(c & 0xFFFFFFFFu)), hi = _mm256_set1_epi64x((long long)(c >> 32));
  const Lanes cross = (Lanes)_mm256_mul_epu32((__m256i)x, hi) + (Lanes)_mm256_mul_epu32((__m256i)(x >> 32), lo);
  return (Lanes)_mm256_mul_epu32((__m256i)x, lo) + (cross << 32);
}

/* Returns the low 64 bits of each lane times c (vpmullq). */
static inline CB_TARGET_V4 Lanes8 lanes8_mul(Lanes8 x, uint64_t c) { return x * c; }

/* Return the sum of each lane's eight bytes (vpsadbw): a line with one square per file (a
   diagonal) has its squares' files gathered into one byte, as a multiply by the a-file's
   bits would gather them into the top byte. */
static inline CB_TARGET_V3 Lanes lanes_byte_sum(Lanes x) {
  return (Lanes)_mm256_sad_epu8((__m256i)x, _mm256_setzero_si256());
}
static inline CB_TARGET_V4 Lanes8 lanes8_byte_sum(Lanes8 x) {
  return (Lanes8)_mm512_sad_epu8((__m512i)x, _mm512_setzero_si512());
}

/* Returns each lane's highest set bit alone (0 in an empty lane): vplzcntq. */
static inline CB_TARGET_V4 Lanes8 lanes8_msb_bit(Lanes8 v) {
  return lanes8_srlv(lanes8_of(0x8000000000000000ULL), (Lanes8)_mm512_lzcnt_epi64((__m512i)v));
}

/* Returns t[i[k]] in lane k (a gather; t 8-byte aligned). */
static inline CB_TARGET_V4 Lanes8 lanes8_gather(const Bitboard *t, Lanes8 i) {
  return (Lanes8)_mm512_i64gather_epi64((__m512i)i, (const void *)t, 8);
}

/* The four lines through each lane's square s (s itself left out), computed rather than
   looked up: the a-file and first rank moved over, the long diagonals moved up or down a
   rank at a time (a shift of 64 or more empties a lane, so of the two shifts only the one
   in the right direction leaves anything). P: the helpers' prefix (lanes_, lanes8_). */
#define LANES_LINES_(T, P, target, fn)                                                  \
  typedef struct { T file, rank, diag, anti; } fn##_t;                                   \
  static inline target fn##_t fn(T s) {                                                  \
    const T one = P##of(1), bit = P##sllv(one, s), f = s & 7, r = s >> 3;               \
    const T up = (r - f) << 3, aup = (r + f - 7) << 3;                                   \
    const T a1h8 = P##of(0x8040201008040201ULL), h1a8 = P##of(0x0102040810204080ULL);    \
    return (fn##_t){P##sllv(P##of(FILE_A_BB), f) ^ bit, P##sllv(P##of(RANK_1_BB), s & 56) ^ bit, \
                    (P##sllv(a1h8, up) | P##srlv(a1h8, -up)) ^ bit,                      \
                    (P##sllv(h1a8, aup) | P##srlv(h1a8, -aup)) ^ bit};                   \
  }
LANES_LINES_(Lanes, lanes_, CB_TARGET_V3, lanes_lines)
LANES_LINES_(Lanes8, lanes8_, CB_TARGET_V4, lanes8_lines)
typedef lanes8_lines_t Lines8;

/* Evaluates to the OR of line(o, l, below) over the four lines l through each lane's square
   (lanes8_lines), o the lanes' occupancies and below the squares under each lane's slider:
   the queen attacks of eight lookups (sq[i] with occ[i] in lane i) for the techniques that
   treat every line alike. */
#define LANES8_FOUR_LINES(line, sq, occ) ({                                              \
    const Lanes8 s_ = lanes8_squares(sq), o_ = lanes8_load(occ);                         \
    const Lanes8 below_ = lanes8_sllv(lanes8_of(1), s_) - 1;                             \
    const Lines8 l_ = lanes8_lines(s_);                                                  \
    line(o_, l_.file, below_) | line(o_, l_.rank, below_) | line(o_, l_.diag, below_)    \
      | line(o_, l_.anti, below_); })

/* Return every lane shifted left by d, or right by -d when d < 0 (d a constant). */
static inline CB_TARGET_V3 Lanes lanes4_shift(Lanes v, int d) { return d > 0 ? v << d : v >> -d; }
static inline CB_TARGET_V4 Lanes8 lanes8_shift(Lanes8 v, int d) { return d > 0 ? v << d : v >> -d; }
#define lanes_shift(v, d) _Generic((v), Lanes: lanes4_shift, Lanes8: lanes8_shift)(v, d)

/* Return the XOR of v's lanes, lane by constant lane: a loop over a variable lane index
   let clang (16 and zig's 22) compute each lane on its own in scalar code, which ran the
   fill techniques' timing loops at a fifth of gcc's speed. */
static inline CB_TARGET_V3 uint64_t lanes4_xor(Lanes v) { return v[0] ^ v[1] ^ v[2] ^ v[3]; }
static inline CB_TARGET_V4 uint64_t lanes8_xor(Lanes8 v) {
  return v[0] ^ v[1] ^ v[2] ^ v[3] ^ v[4] ^ v[5] ^ v[6] ^ v[7];
}
#define LANES_XOR(v) _Generic((v), Lanes: lanes4_xor, Lanes8: lanes8_xor)(v)

/* Evaluates to the queen attacks of the lookups (sq[i] with occ[i] in lane i) of the
   lanes the helpers prefixed P make (lanes_: four, lanes8_: eight) from ray(g, empty, d,
   wrap), a fill of the sliders g along the left shift d (right by -d) through the empty
   squares (wrap-around ones taken out), less ~wrap: the eight directions with their wrap
   masks, for the fill techniques. */
#define LANES_RAYS_(P, ray, sq, occ) ({                                              \
    const __typeof__(P##of(0)) g_ = P##square_bb(sq), e_ = ~P##load(occ), all_ = P##of(~0ULL); \
    const __typeof__(g_) na_ = P##of(~FILE_A_BB), nh_ = P##of(~FILE_H_BB);           \
    const __typeof__(g_) ea_ = e_ & na_, eh_ = e_ & nh_;                             \
    ray(g_, e_, 8, all_) | ray(g_, e_, -8, all_) | ray(g_, ea_, 1, na_) | ray(g_, eh_, -1, nh_) \
      | ray(g_, ea_, 9, na_) | ray(g_, eh_, 7, nh_) | ray(g_, ea_, -7, na_) | ray(g_, eh_, -9, nh_); })
#define LANES_EIGHT_RAYS(ray, sq, occ) LANES_RAYS_(lanes_, ray, sq, occ)
#define LANES8_EIGHT_RAYS(ray, sq, occ) LANES_RAYS_(lanes8_, ray, sq, occ)

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

/* Returns each lane's bitboard with its bytes (ranks) in reverse order (vpshufb). */
static inline CB_TARGET_V4 Lanes8 lanes8_bswap(Lanes8 v) {
  typedef uint8_t Bytes8 __attribute__((vector_size(64)));
  const Bytes8 rev = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16,
                      31, 30, 29, 28, 27, 26, 25, 24, 39, 38, 37, 36, 35, 34, 33, 32, 47, 46, 45, 44, 43, 42, 41, 40,
                      55, 54, 53, 52, 51, 50, 49, 48, 63, 62, 61, 60, 59, 58, 57, 56};
  return (Lanes8)_mm512_shuffle_epi8((__m512i)v, (__m512i)rev);
}
#endif

#endif
