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
/* Defines fn, returning the queen attacks of the lanes' lookups (sq[i] with occ[i] in lane
   i) for lanes of type T, with the helpers prefixed P (lanes_: four lanes, AVX2; lanes8_:
   eight, AVX-512): the lines computed in the lanes, the file's index multiplied (P##mul),
   the diagonals' a sum of bytes (their squares on distinct files, the sum is the byte the
   multiply by the b-file gathers), the fill-up rows gathered. */
#define KINDERGARTEN_QUEENS(T, P, target, fn)                                             \
  static inline target T fn(const uint8_t *sq, const Bitboard *occ) {                     \
    const T s = P##squares(sq), o = P##load(occ), f = s & 7, r = s >> 3;                  \
    const P##lines_t l = P##lines(s);                                                      \
    const Bitboard *fill = &kindergarten_fill[0][0];                                       \
    const T rank = P##gather(fill, (f << 6) | (P##srlv(o, (s & 56) | 1) & 63)) & l.rank;   \
    const T afile = P##srlv(o, f) & FILE_A_BB;                                             \
    const T file = P##sllv(P##gather(&kindergarten_afile[0][0],                            \
                                     (r << 6) | (P##mul(afile, KINDERGARTEN_DIAG_C7H2) >> 58)), f); \
    const T diag = P##gather(fill, (f << 6) | ((P##byte_sum(l.diag & o) >> 1) & 63)) & l.diag; \
    const T anti = P##gather(fill, (f << 6) | ((P##byte_sum(l.anti & o) >> 1) & 63)) & l.anti; \
    return rank | file | diag | anti;                                                      \
  }
KINDERGARTEN_QUEENS(Lanes, lanes_, CB_TARGET_V3, kindergarten_queens)
KINDERGARTEN_QUEENS(Lanes8, lanes8_, CB_TARGET_V4, kindergarten_queens8)
#endif
