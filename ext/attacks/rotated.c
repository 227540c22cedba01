/* Rotated bitboards (Hyatt, Crafty): besides occ, keep the occupancy rotated so
   that files, diagonals and anti-diagonals each lie in one byte like ranks do; a
   shift and mask then gives a line's six inner bits, indexing [square][64] tables.
   https://www.chessprogramming.org/Rotated_Bitboards
   Here the rotations are derived from occ per lookup by delta swaps (a1-h8 flip for
   files, pseudo-rotation by 45 degrees for diagonals, as on
   https://www.chessprogramming.org/Flipping_Mirroring_and_Rotating); rotated.h lets
   movegen keep them incrementally instead. */
#include "attacks.h"
#include "rotated.h"
#include "../bits.h"
#include "../tables.h"

enum { ROTATED_RANK, ROTATED_FILE, ROTATED_DIAG, ROTATED_ANTI, ROTATED_LINE_NB };

Bitboard rotated_bit90[SQUARE_NB], rotated_bit45[SQUARE_NB], rotated_bit315[SQUARE_NB];
/* [line][s]: right shift bringing the inner bits of s's line in its (rotated) board to bits 0..5. */
static uint8_t rotated_shift[ROTATED_LINE_NB][SQUARE_NB];
/* [line][s][inner occupancy]: attacks from s along that line. */
static Bitboard rotated_att[ROTATED_LINE_NB][SQUARE_NB][64];

const uint64_t rotated_bytes = sizeof rotated_att + sizeof rotated_shift
                             + sizeof rotated_bit90 + sizeof rotated_bit45 + sizeof rotated_bit315;


/* Returns x rotated right by n bits (0 < n < 64). */
static inline Bitboard rotated_ror(Bitboard x, int n) { return (x >> n) | (x << (64 - n)); }

/* Returns x with files turned into ranks. */
inline Bitboard rotated_90(Bitboard x) {
  /* Flip about the a1-h8 diagonal: square (file f, rank r) goes to bit 8 * f + r. */
  Bitboard t;
  t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28)); x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14)); x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));  x ^= t ^ (t >> 7);
  return x;
}

/* Returns x with diagonals turned into ranks. */
inline Bitboard rotated_45(Bitboard x) {
  /* Rotate file f down by f ranks: (f, r) goes to (f, (r - f) & 7), so each diagonal
     lies in one rank, sharing it with the wrapped diagonal on the other files. */
  x ^= 0xAAAAAAAAAAAAAAAAULL & (x ^ rotated_ror(x, 8));
  x ^= 0xCCCCCCCCCCCCCCCCULL & (x ^ rotated_ror(x, 16));
  x ^= 0xF0F0F0F0F0F0F0F0ULL & (x ^ rotated_ror(x, 32));
  return x;
}

/* Returns x with anti-diagonals turned into ranks. */
inline Bitboard rotated_315(Bitboard x) {
  /* Rotate file f down by 7 - f ranks: each anti-diagonal lies in one rank. */
  x ^= 0x5555555555555555ULL & (x ^ rotated_ror(x, 8));
  x ^= 0x3333333333333333ULL & (x ^ rotated_ror(x, 16));
  x ^= 0x0F0F0F0F0F0F0F0FULL & (x ^ rotated_ror(x, 32));
  return x;
}

/* Returns the bit index of square t in the board of line type l. */
static int rotated_pos(int l, Square t) {
  return l == ROTATED_RANK ? t
       : lsb(l == ROTATED_FILE ? rotated_bit90[t] : l == ROTATED_DIAG ? rotated_bit45[t] : rotated_bit315[t]);
}

/* Returns nothing; fills the bit maps, shifts and attack tables (idempotent). */
void rotated_init(void) {
  static int done = 0;
  static const int dirs[ROTATED_LINE_NB] = {
    (1 << RAY_E) | (1 << RAY_W), (1 << RAY_N) | (1 << RAY_S),
    (1 << RAY_NE) | (1 << RAY_SW), (1 << RAY_NW) | (1 << RAY_SE)};
  if (done) return;
  tables_init();
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    rotated_bit90[s] = rotated_90(square_bb(s));
    rotated_bit45[s] = rotated_45(square_bb(s));
    rotated_bit315[s] = rotated_315(square_bb(s));
  }
  for (int l = 0; l < ROTATED_LINE_NB; l++)
    for (Square s = SQ_A1; s <= SQ_H8; s++) {
      const Bitboard line = l == ROTATED_RANK ? RankMask[s] : l == ROTATED_FILE ? FileMask[s]
                          : l == ROTATED_DIAG ? DiagMask[s] : AntiMask[s];
      int shift = (rotated_pos(l, s) & 56) + 1, at[SQUARE_NB];
      rotated_shift[l][s] = (uint8_t)shift;
      for (Bitboard b = line; b; ) { Square t = pop_lsb(&b); at[t] = rotated_pos(l, t) - shift; }
      /* Index bits that belong to no square of this line (the wrapped line) are ignored. */
      for (unsigned idx = 0; idx < 64; idx++) {
        Bitboard occ = 0;
        for (Bitboard b = line; b; ) {
          Square t = pop_lsb(&b);
          if (at[t] >= 0 && at[t] < 6 && (idx >> at[t] & 1)) occ |= square_bb(t);
        }
        rotated_att[l][s][idx] = sliding_walk(s, occ, dirs[l]);
      }
    }
  done = 1;
}

/* Returns the attacks from s along line l, given that line's (rotated) board b. */
static inline Bitboard rotated_line(int l, Square s, Bitboard b) {
  return rotated_att[l][s][(b >> rotated_shift[l][s]) & 63];
}

/* Returns the rook attacks from s given the occupancy occ and its rotation occ90. */
inline Bitboard rotated_rook_r(Square s, Bitboard occ, Bitboard occ90) {
  return rotated_line(ROTATED_RANK, s, occ) | rotated_line(ROTATED_FILE, s, occ90);
}

/* Returns the bishop attacks from s given the rotated occupancies occ45 and occ315. */
inline Bitboard rotated_bishop_r(Square s, Bitboard occ45, Bitboard occ315) {
  return rotated_line(ROTATED_DIAG, s, occ45) | rotated_line(ROTATED_ANTI, s, occ315);
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard rotated_rook(Square s, Bitboard occ) { return rotated_rook_r(s, occ, rotated_90(occ)); }

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard rotated_bishop(Square s, Bitboard occ) { return rotated_bishop_r(s, rotated_45(occ), rotated_315(occ)); }
