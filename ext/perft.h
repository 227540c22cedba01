/* Perft: leaf counts with bulk counting at the last ply, per-root-move divide,
   root moves split over threads, and a hashed variant. technique is an index into
   Techniques (attacks.h) or MOVEGEN_INCREMENTAL (movegen.h), or -1 for the default;
   one technique_available() refuses runs the default instead. */
#ifndef CB_PERFT_H
#define CB_PERFT_H

#include "position.h"
#include "movegen.h"

/* Returns the number of leaves depth plies below pos (1 at depth <= 0); pos is restored. */
uint64_t perft(Position *pos, int depth, int technique);

/* Returns the number of legal root moves, written to moves (MAX_MOVES), with the leaves
   below each in counts[i] (depth - 1 plies after it). */
int perft_divide(Position *pos, int depth, int technique, Move *moves, uint64_t *counts);

/* Returns as perft_divide, the root moves dealt over `threads` threads, each on its
   own copy of pos (pos is only read). */
int perft_divide_threads(const Position *pos, int depth, int technique, int threads, Move *moves, uint64_t *counts);

/* Returns perft's result computed on `threads` threads (pos is only read). */
uint64_t perft_threads(const Position *pos, int depth, int technique, int threads);

/* Returns perft's result using a transposition table of at most tt_bytes (allocated for
   the call and freed; falls back to plain perft if the allocation fails). */
uint64_t perft_hashed(Position *pos, int depth, int technique, size_t tt_bytes);

#endif
