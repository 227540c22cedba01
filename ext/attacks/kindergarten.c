/* Kindergarten bitboards: mask one line, multiply by a constant that gathers its
   six inner occupancy bits into the top byte, shift them down and index a table
   of first-rank attacks, "filled up" to all ranks so one AND maps them back.
   https://www.chessprogramming.org/Kindergarten_Bitboards */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"

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
