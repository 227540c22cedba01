/* Plain magic bitboards: the relevant occupancy times a per-square magic, shifted right
   by a fixed 52 (rook) or 55 (bishop), indexes a 4096- or 512-entry table per square.
   https://www.chessprogramming.org/Magic_Bitboards (Plain) */
#include "attacks.h"
#include "magic_finder.h"
#include "../tables.h"
#include "../hugemem.h"

/* PRNG seeds, one per piece (bishop, rook) and square: magic_finder.c restarts its generator
   there, so each square's search ends within a few dozen candidates (most in one) and init
   stays fast; one shared stream needed ~0.7M candidates, 13 ms for the best of 200 seeds.
   Found by trying seeds 1..65535 per square for the fewest candidates (a throwaway scan). */
static const uint16_t magic_seeds[2][64] = {
  {14, 8, 15, 14, 25, 18, 21, 195,
   5, 31, 1, 4, 23, 26, 142, 65,
   4, 31, 1630, 185, 168, 195, 93, 13,
   2, 15, 443, 42252, 39037, 331, 7, 11,
   68, 11, 73, 31886, 48978, 338, 107, 134,
   161, 144, 130, 132, 270, 2, 116, 195,
   21, 21, 38, 28, 7, 4, 8, 8,
   195, 65, 107, 2, 4, 7, 5, 14},
  {13359, 4934, 17001, 32744, 317, 8634, 859, 40730,
   502, 174, 551, 302, 2031, 130, 404, 9730,
   10965, 43, 420, 977, 1740, 571, 1798, 11950,
   375, 530, 1234, 224, 100, 270, 38, 3507,
   13909, 841, 297, 2, 1018, 1931, 83, 5652,
   3842, 88, 629, 1232, 132, 18, 13, 1232,
   4670, 302, 214, 1138, 132, 965, 14, 2161,
   21687, 24618, 3305, 217, 22150, 6229, 4927, 38580}
};

typedef struct {
  Bitboard mask, magic;
  const Bitboard *attacks; /* the square's 4,096 (rook) or 512 (bishop) entries */
  uint64_t pad;
} MagicPlain;

/* [square][index]: rooks, then bishops, on huge pages (hugemem.h). */
static Bitboard *magic_table, magic_static[64 * (4096 + 512)];
static _Alignas(64) MagicPlain magic_rooks[64];
static _Alignas(64) MagicPlain magic_bishops[64];

const uint64_t magic_bytes = sizeof(magic_static) + sizeof(magic_rooks) + sizeof(magic_bishops);

/* Returns nothing; finds the magics (seeded search) and fills the tables with them (idempotent). */
void magic_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  Bitboard magics[2][64], *tables[2][64];
  int bits[2][64];
  magic_table = huge_table(magic_static, sizeof magic_static);
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    tables[1][s] = magic_table + 4096 * s, tables[0][s] = magic_table + 64 * 4096 + 512 * s;
  magic_find_seeded(1, magic_seeds, magics, bits, tables);
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    magic_bishops[s] = (MagicPlain){BishopMask[s], magics[0][s], tables[0][s], 0};
    magic_rooks[s] = (MagicPlain){RookMask[s], magics[1][s], tables[1][s], 0};
  }
  done = 1;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard magic_rook(Square s, Bitboard occ) {
  const MagicPlain *m = &magic_rooks[s];
  return m->attacks[((occ & m->mask) * m->magic) >> 52];
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard magic_bishop(Square s, Bitboard occ) {
  const MagicPlain *m = &magic_bishops[s];
  return m->attacks[((occ & m->mask) * m->magic) >> 55];
}
