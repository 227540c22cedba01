/* The magic-multiplier search shared by `magic` (fixed index width) and
   `fancy_magic` (index width = popcount of the mask), and by `chessbits magics`.
   Piece 0 is the bishop, 1 the rook. */
#ifndef CB_MAGIC_FINDER_H
#define CB_MAGIC_FINDER_H

#include "../types.h"

/* Returns the number of candidate multipliers tried in all; finds one magic per square and piece
   (piece 0 = bishop, 1 = rook) into magics[piece][sq] with index width bits[piece][sq]
   (fixed ? 9/12 : popcount of the mask), using seed. */
uint64_t magic_find_all(int fixed, uint64_t seed, Bitboard magics[2][64], int bits[2][64]);

/* Returns the number of candidates tried; the same search as magic_find_all, except that each
   square restarts the generator at its own seeds[piece][sq] (Stockfish restarts it per rank),
   and that the attacks are left in tables[piece][sq] (1 << bits[piece][sq] entries each, index
   ((occ & mask) * magic) >> (64 - bits); entries no occupancy reaches hold leftovers). */
uint64_t magic_find_seeded(int fixed, const uint16_t seeds[2][64], Bitboard magics[2][64],
                           int bits[2][64], Bitboard *tables[2][64]);

#endif
