/* Hyperbola Quintessence: on one line through s, o - r (o the line's occupancy
   without s, r the slider) borrows up to the first blocker above s; the same on the
   byte-swapped board finds the one below; ranks from a first-rank attack table.
   https://www.chessprogramming.org/Hyperbola_Quintessence */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"
#include "lanes.h"

/* Per square, the three lines o - 2r works on (slider excluded); ranks, which a byte
   swap does not turn over, come from a 512-byte table of first-rank attacks instead. */
typedef struct { Bitboard file, diag, anti, pad; } HyperbolaSq; /* 32 bytes: one AVX2 load */

static _Alignas(32) HyperbolaSq hyperbola_sq[SQUARE_NB];
/* [inner six occupancy bits][file]: attacks on the rank; 8 bytes more, as the eight-lane
   form reads 8 bytes from each entry (a gather) and keeps the first. */
static _Alignas(8) uint8_t hyperbola_rank[64 * 8 + 8];
const uint64_t hyperbola_bytes = sizeof(hyperbola_sq) + sizeof(hyperbola_rank);

void hyperbola_init(void) {
  tables_init();
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    hyperbola_sq[s] = (HyperbolaSq){FileMask[s], DiagMask[s], AntiMask[s], 0};
  for (int o = 0; o < 64; o++)
    for (int f = 0; f < 8; f++) {
      const unsigned occ = (unsigned)o << 1;
      unsigned a = 0;
      for (int g = f + 1; g < 8; g++) { a |= 1u << g; if (occ & (1u << g)) break; }
      for (int g = f - 1; g >= 0; g--) { a |= 1u << g; if (occ & (1u << g)) break; }
      hyperbola_rank[o * 8 + f] = (uint8_t)a;
    }
}

/* Returns the attacks from s along line (a file or diagonal through s) given occ: o - r
   borrows up to the blocker above s, the same on the swapped board (r there is bit 63 - s,
   as 1 << (s ^ 56) is on a swapped line through s) the one below. */
static inline Bitboard hyperbola_line(Square s, Bitboard occ, Bitboard line) {
  const Bitboard o = occ & line;
  return ((o - square_bb(s)) ^ bswap64(bswap64(o) - (0x8000000000000000ULL >> s))) & line;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard hyperbola_rook(Square s, Bitboard occ) {
  const Bitboard rank = (Bitboard)hyperbola_rank[((occ >> ((s & 56) + 1)) & 63) * 8 + (s & 7)] << (s & 56);
  return hyperbola_line(s, occ, hyperbola_sq[s].file) | rank;
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard hyperbola_bishop(Square s, Bitboard occ) {
  return hyperbola_line(s, occ, hyperbola_sq[s].diag) | hyperbola_line(s, occ, hyperbola_sq[s].anti);
}

#ifdef CB_LANES
/* Returns the lanes' attacks along their lines (one per lane) given the occupancies o:
   hyperbola_line four times at once. */
static inline CB_TARGET_V3 Lanes hyperbola_lines(Lanes o, Lanes line, Lanes r, Lanes swapped_r) {
  o &= line;
  return ((o - r) ^ lanes_bswap(lanes_bswap(o) - swapped_r)) & line;
}

/* Returns the queen attacks of four lookups, sq[i] with occ[i] in lane i: each square's
   three lines loaded at once and turned into one vector per line (a 4x4 transpose), the
   ranks' bytes gathered. */
static inline CB_TARGET_V3 Lanes hyperbola_queens(const uint8_t *sq, const Bitboard *occ) {
  const __m256i m0 = _mm256_load_si256((const __m256i *)&hyperbola_sq[sq[0]]),
                m1 = _mm256_load_si256((const __m256i *)&hyperbola_sq[sq[1]]),
                m2 = _mm256_load_si256((const __m256i *)&hyperbola_sq[sq[2]]),
                m3 = _mm256_load_si256((const __m256i *)&hyperbola_sq[sq[3]]);
  const __m256i lo01 = _mm256_unpacklo_epi64(m0, m1), lo23 = _mm256_unpacklo_epi64(m2, m3);
  const __m256i hi01 = _mm256_unpackhi_epi64(m0, m1), hi23 = _mm256_unpackhi_epi64(m2, m3);
  const Lanes file = (Lanes)_mm256_permute2x128_si256(lo01, lo23, 0x20),
              anti = (Lanes)_mm256_permute2x128_si256(lo01, lo23, 0x31),
              diag = (Lanes)_mm256_permute2x128_si256(hi01, hi23, 0x20);
  const Lanes s = lanes_squares(sq), o = lanes_load(occ), rank = s & 56;
  const Lanes r = lanes_sllv(lanes_of(1), s), swapped_r = lanes_srlv(lanes_of(1ULL << 63), s);
  const Lanes row = ((lanes_srlv(o, rank + 1) & 63) << 3) | (s & 7);
  const Lanes ranks = lanes_sllv((Lanes)_mm256_i64gather_epi64((const long long *)hyperbola_rank, (__m256i)row, 1) & 0xFF, rank);
  return hyperbola_lines(o, file, r, swapped_r) | hyperbola_lines(o, diag, r, swapped_r)
       | hyperbola_lines(o, anti, r, swapped_r) | ranks;
}

/* Returns the queen attacks of eight lookups, as hyperbola_queens: the lines computed in
   the lanes, the ranks' bytes gathered. */
static inline CB_TARGET_V4 Lanes8 hyperbola_queens8(const uint8_t *sq, const Bitboard *occ) {
  const Lanes8 s = lanes8_squares(sq), o = lanes8_load(occ), rank = s & 56;
  const Lanes8 r = lanes8_sllv(lanes8_of(1), s), swapped_r = lanes8_srlv(lanes8_of(1ULL << 63), s);
  const Lanes8 row = ((lanes8_srlv(o, rank + 1) & 63) << 3) | (s & 7);
  const Lanes8 ranks = lanes8_sllv((Lanes8)_mm512_i64gather_epi64((__m512i)row, hyperbola_rank, 1) & 0xFF, rank);
  const Lines8 l = lanes8_lines(s);
  Lanes8 a = o & l.file, b = o & l.diag, c = o & l.anti;
  a = ((a - r) ^ lanes8_bswap(lanes8_bswap(a) - swapped_r)) & l.file;
  b = ((b - r) ^ lanes8_bswap(lanes8_bswap(b) - swapped_r)) & l.diag;
  c = ((c - r) ^ lanes8_bswap(lanes8_bswap(c) - swapped_r)) & l.anti;
  return a | b | c | ranks;
}
#endif
