/* Magic search: draw sparse random multipliers until one maps every subset of a
   square's relevant mask to a slot holding only that subset's attacks (collisions
   with equal attacks are fine). https://www.chessprogramming.org/Looking_for_Magics */
#include "magic_finder.h"
#include "../bits.h"
#include "../prng.h"
#include "../tables.h"

enum { MAGIC_FINDER_SUBSETS = BISHOP_TABLE_SIZE + ROOK_TABLE_SIZE };

/* Reference attacks of every subset of every mask, in carry-rippler order, computed once
   with sliding_walk() and shared by every search (magic, fancy_magic, chessbits magics). */
static Bitboard magic_finder_ref[MAGIC_FINDER_SUBSETS];
static Bitboard *magic_finder_refs[2][64];
/* Slot stamps: a slot belongs to the current candidate iff its stamp equals the attempt
   number, so the table is never cleared between candidates (as Stockfish does). */
static uint32_t magic_finder_epoch[4096];
static uint32_t magic_finder_attempt;
static Bitboard magic_finder_scratch[4096];


/* Returns nothing; fills magic_finder_ref once. */
static void magic_finder_cache(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  Bitboard *r = magic_finder_ref;
  for (int p = 0; p < 2; p++)
    for (Square s = SQ_A1; s <= SQ_H8; s++) {
      Bitboard mask = slider_mask(p, s), sub = 0;
      magic_finder_refs[p][s] = r;
      do *r++ = sliding_walk(s, sub, p ? ROOK_DIRS : BISHOP_DIRS);
      while ((sub = (sub - mask) & mask));
    }
  done = 1;
}

/* Returns the number of candidates drawn until one maps every subset of p's mask on s
   without a harmful collision into `bits` index bits; leaves it in *magic and the attacks
   in table. */
static uint64_t magic_finder_square(int p, Square s, int bits, Prng *rng, Bitboard *table,
                                    Bitboard *magic) {
  const Bitboard mask = slider_mask(p, s), *ref = magic_finder_refs[p][s];
  const int shift = 64 - bits;
  uint64_t tried = 0;
  for (;;) {
    Bitboard m;
    do m = prng_sparse(rng), tried++;
    while (popcount((mask * m) >> 56) < 6);
    if (++magic_finder_attempt == 0) {  /* stamps wrapped: forget them all */
      for (int i = 0; i < 4096; i++) magic_finder_epoch[i] = 0;
      magic_finder_attempt = 1;
    }
    const uint32_t a = magic_finder_attempt;
    Bitboard sub = 0;
    size_t i = 0;
    do {
      unsigned idx = (unsigned)((sub * m) >> shift);
      if (magic_finder_epoch[idx] != a) magic_finder_epoch[idx] = a, table[idx] = ref[i];
      else if (table[idx] != ref[i]) break;
      i++;
    } while ((sub = (sub - mask) & mask));
    if (!sub) { *magic = m; return tried; }
  }
}

/* Returns the number of candidates tried for every square and piece: from one stream rng, or
   restarting at seeds[p][s] per square if seeds; attacks into tables[p][s] if tables. */
static uint64_t magic_finder_run(int fixed, Prng *rng, const uint16_t seeds[2][64],
                                 Bitboard magics[2][64], int bits[2][64],
                                 Bitboard *tables[2][64]) {
  uint64_t tried = 0;
  magic_finder_cache();
  for (int p = 0; p < 2; p++)
    for (Square s = SQ_A1; s <= SQ_H8; s++) {
      Prng own = {seeds && seeds[p][s] ? seeds[p][s] : 1};
      bits[p][s] = fixed ? (p ? 12 : 9) : popcount(slider_mask(p, s));
      tried += magic_finder_square(p, s, bits[p][s], seeds ? &own : rng,
                                   tables ? tables[p][s] : magic_finder_scratch, &magics[p][s]);
    }
  return tried;
}

uint64_t magic_find_seeded(int fixed, const uint16_t seeds[2][64], Bitboard magics[2][64],
                           int bits[2][64], Bitboard *tables[2][64]) {
  return magic_finder_run(fixed, NULL, seeds, magics, bits, tables);
}

uint64_t magic_find_all(int fixed, uint64_t seed, Bitboard magics[2][64], int bits[2][64]) {
  Prng rng = {seed ? seed : 0x9E3779B97F4A7C15ULL};  /* xorshift must not start at 0 */
  return magic_finder_run(fixed, &rng, NULL, magics, bits, NULL);
}
