/* Kindergarten bitboards: mask one line, multiply by a constant that gathers its
   six inner occupancy bits into the top byte, shift them down and index a table
   of first-rank attacks, "filled up" to all ranks so one AND maps them back.
   https://www.chessprogramming.org/Kindergarten_Bitboards */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"
#include "lanes.h"

#define KINDERGARTEN_B_FILE 0x0202020202020202ULL
#define KINDERGARTEN_DIAG_C7H2 0x0004081020408000ULL

/* [file][inner occupancy]: rank attacks from that file, copied to every rank. */
static Bitboard kindergarten_fill[8][64];
/* [rank][inner occupancy]: attacks along the a-file from that rank. */
static Bitboard kindergarten_afile[8][64];

const uint64_t kindergarten_bytes = sizeof kindergarten_fill + sizeof kindergarten_afile;


/* Returns the inner occupancy index of a line masked on the board: files b..g gathered by the B-file multiply. */
static inline unsigned kindergarten_index(Bitboard line_occ) {
  return (unsigned)((line_occ * KINDERGARTEN_B_FILE) >> 58);
}

/* Returns the inner occupancy index of the a-file occupancy a: ranks 2..7 gathered by the c7-h2 multiply. */
static inline unsigned kindergarten_file_index(Bitboard a) {
  return (unsigned)((a * KINDERGARTEN_DIAG_C7H2) >> 58);
}

/* Returns nothing; fills the fill-up and a-file tables (idempotent). */
void kindergarten_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  for (int i = 0; i < 8; i++)
    for (unsigned idx = 0; idx < 64; idx++) {
      Bitboard rank1 = (Bitboard)idx << 1, afile = 0;
      for (int r = 1; r <= 6; r++)
        if (idx & (1u << (r - 1))) afile |= square_bb(make_square(0, r));
      /* The index of this a-file occupancy as the lookup computes it. */
      unsigned fidx = kindergarten_file_index(afile);
      kindergarten_fill[i][idx] = (sliding_walk(make_square(i, 0), rank1, ROOK_DIRS) & RANK_1_BB) * FILE_A_BB;
      kindergarten_afile[i][fidx] = sliding_walk(make_square(0, i), afile, ROOK_DIRS) & FILE_A_BB;
    }
  done = 1;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard kindergarten_rook(Square s, Bitboard occ) {
  int f = file_of(s);
  Bitboard rank = kindergarten_fill[f][(occ >> ((s & 56) | 1)) & 63] & (RANK_1_BB << (s & 56));
  Bitboard file = kindergarten_afile[rank_of(s)][kindergarten_file_index(FILE_A_BB & (occ >> f))] << f;
  return rank | file;
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard kindergarten_bishop(Square s, Bitboard occ) {
  const Bitboard *fill = kindergarten_fill[file_of(s)];
  Bitboard diag = DiagMask[s], anti = AntiMask[s];
  return (fill[kindergarten_index(diag & occ)] & diag) | (fill[kindergarten_index(anti & occ)] & anti);
}

#ifdef CB_LANES
/* Returns the queen attacks of four lookups, sq[i] with occ[i] in lane i: as the eight-lane
   form below, the file's multiply made of three 32-bit ones (AVX2 has no 64-bit multiply). */
static inline CB_TARGET_V3 Lanes kindergarten_queens(const uint8_t *sq, const Bitboard *occ) {
  const Lanes s = lanes_squares(sq), o = lanes_load(occ), f = s & 7, r = s >> 3;
  const Lines4 l = lanes_lines(s);
  const Bitboard *fill = &kindergarten_fill[0][0];
  const Lanes rank = lanes_gather(fill, (f << 6) | (lanes_srlv(o, (s & 56) | 1) & 63)) & l.rank;
  const Lanes afile = lanes_srlv(o, f) & FILE_A_BB;
  const Lanes file = lanes_sllv(lanes_gather(&kindergarten_afile[0][0],
                                             (r << 6) | (lanes_mul(afile, KINDERGARTEN_DIAG_C7H2) >> 58)), f);
  const Lanes diag = lanes_gather(fill, (f << 6) | ((lanes_byte_sum(l.diag & o) >> 1) & 63)) & l.diag;
  const Lanes anti = lanes_gather(fill, (f << 6) | ((lanes_byte_sum(l.anti & o) >> 1) & 63)) & l.anti;
  return rank | file | diag | anti;
}

/* Returns the queen attacks of eight lookups, sq[i] with occ[i] in lane i: the lines
   computed in the lanes, the file's index multiplied (vpmullq), the diagonals' a sum of
   bytes (their squares on distinct files, the sum is the multiply's gathered byte), the
   fill-up rows gathered. */
static inline CB_TARGET_V4 Lanes8 kindergarten_queens8(const uint8_t *sq, const Bitboard *occ) {
  const Lanes8 s = lanes8_squares(sq), o = lanes8_load(occ), f = s & 7, r = s >> 3;
  const Lines8 l = lanes8_lines(s);
  const Bitboard *fill = &kindergarten_fill[0][0];
  const Lanes8 rank = lanes8_gather(fill, (f << 6) | (lanes8_srlv(o, (s & 56) | 1) & 63)) & l.rank;
  const Lanes8 afile = lanes8_srlv(o, f) & FILE_A_BB;
  const Lanes8 file = lanes8_sllv(lanes8_gather(&kindergarten_afile[0][0],
                                                (r << 6) | ((afile * KINDERGARTEN_DIAG_C7H2) >> 58)), f);
  const Lanes8 diag = lanes8_gather(fill, (f << 6) | ((lanes8_byte_sum(l.diag & o) >> 1) & 63)) & l.diag;
  const Lanes8 anti = lanes8_gather(fill, (f << 6) | ((lanes8_byte_sum(l.anti & o) >> 1) & 63)) & l.anti;
  return rank | file | diag | anti;
}
#endif
