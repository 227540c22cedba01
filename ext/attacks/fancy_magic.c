/* Fancy magic bitboards: as plain magics, but each square's index is only as wide as its
   mask has bits, so the per-square tables differ in size and share one array by offset.
   https://www.chessprogramming.org/Magic_Bitboards (Fancy) */
#include "attacks.h"
#include "magic_finder.h"
#include "../bits.h"
#include "../tables.h"
#include "../hugemem.h"

/* PRNG seeds, one per piece (bishop, rook) and square: magic_finder.c restarts its generator
   there, so each square's search ends within a few dozen candidates (most in one) and init
   stays fast; one shared stream needed ~7.6M candidates, 127 ms for the best of 200 seeds.
   Found by trying seeds 1..65535 per square for the fewest candidates (a throwaway scan). */
static const uint16_t fancy_magic_seeds[2][64] = {
  {2235, 5314, 337, 10255, 523, 1119, 122, 26896,
   1680, 232, 858, 606, 1270, 1918, 2419, 1866,
   1034, 841, 2140, 22832, 47994, 17623, 2542, 1827,
   864, 1089, 5097, 42252, 39037, 350, 926, 926,
   344, 873, 18513, 31886, 48978, 3897, 122, 664,
   1391, 2089, 8099, 28206, 6638, 7954, 2022, 3858,
   122, 1225, 1225, 522, 966, 3492, 3646, 5314,
   26896, 1866, 1052, 1235, 2958, 181, 1680, 2235},
  {13359, 40020, 65161, 44581, 64439, 21674, 21552, 40730,
   10172, 29989, 39663, 35188, 15264, 22338, 38953, 33039,
   9426, 4656, 43517, 4198, 54482, 36964, 41312, 52067,
   27408, 37960, 43517, 18925, 25289, 47931, 30453, 24523,
   29648, 18532, 31268, 35188, 62921, 22338, 5012, 26039,
   3842, 38105, 34037, 24428, 27838, 22869, 8277, 26248,
   5189, 56136, 43763, 4198, 15264, 47931, 38953, 49225,
   21687, 21687, 3305, 53136, 14421, 6229, 10121, 38580}
};

/* Stockfish's layout: 32 bytes, two squares per cache line. */
typedef struct {
  Bitboard mask, magic;
  Bitboard *attacks;
  unsigned shift;
} FancyMagic;

/* Rooks, then bishops, on huge pages (hugemem.h). */
static Bitboard *fancy_magic_table, fancy_magic_static[ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];
static _Alignas(64) FancyMagic fancy_magic_rooks[64];
static _Alignas(64) FancyMagic fancy_magic_bishops[64];

const uint64_t fancy_magic_bytes = sizeof(fancy_magic_static) + sizeof(fancy_magic_rooks)
                                 + sizeof(fancy_magic_bishops);

/* Returns nothing; lays out the shared table, finds the magics and fills it (idempotent). */
void fancy_magic_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  fancy_magic_table = huge_table(fancy_magic_static, sizeof fancy_magic_static);
  Bitboard magics[2][64], *tables[2][64], *next = fancy_magic_table;
  int bits[2][64];
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    tables[1][s] = next, next += 1ULL << popcount(RookMask[s]);
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    tables[0][s] = next, next += 1ULL << popcount(BishopMask[s]);
  magic_find_seeded(0, fancy_magic_seeds, magics, bits, tables);
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    fancy_magic_bishops[s] =
      (FancyMagic){BishopMask[s], magics[0][s], tables[0][s], (unsigned)(64 - bits[0][s])};
    fancy_magic_rooks[s] =
      (FancyMagic){RookMask[s], magics[1][s], tables[1][s], (unsigned)(64 - bits[1][s])};
  }
  done = 1;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard fancy_magic_rook(Square s, Bitboard occ) {
  const FancyMagic *m = &fancy_magic_rooks[s];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard fancy_magic_bishop(Square s, Bitboard occ) {
  const FancyMagic *m = &fancy_magic_bishops[s];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
