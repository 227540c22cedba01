/* Perft: leaf counts with bulk counting at the last ply, per-root-move divide,
   the first two plies split over threads, and a hashed variant. technique is an index into
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

/* Returns as perft_divide, the work dealt over `threads` threads in tasks each takes in turn
   (each root move's replies from depth 3, else the root moves), each thread on its own copy
   of pos (pos is only read). */
int perft_divide_threads(const Position *pos, int depth, int technique, int threads, Move *moves, uint64_t *counts);

/* Returns perft's result computed on `threads` threads (pos is only read). */
uint64_t perft_threads(const Position *pos, int depth, int technique, int threads);

/* Returns t, or the default technique for a negative t or one this CPU cannot run (pext
   without BMI2 would die of an illegal instruction); MOVEGEN_INCREMENTAL runs anywhere. */
int perft_technique(int t);

/* The deepest perft any entry point takes (the Python layer checks against it). */
#define PERFT_MAX_DEPTH 64

/* The statistics of chessprogramming's perft tables, over the leaves depth plies down: the
   counts in this order, their names the Python dicts' keys (perft_stat_names). */
#define PERFT_STATS(X) X(nodes) X(captures) X(en_passant) X(castles) X(promotions) X(checks) \
  X(discovery_checks) X(double_checks) X(checkmates)
#define PERFT_STAT_FIELD(name) uint64_t name;
typedef struct { PERFT_STATS(PERFT_STAT_FIELD) } PerftStats;
#undef PERFT_STAT_FIELD
enum { PERFT_STAT_NB = (int)(sizeof(PerftStats) / sizeof(uint64_t)) };
extern const char *const perft_stat_names[PERFT_STAT_NB];

/* Returns nothing; adds to *s the statistics of the leaves depth >= 1 plies below pos
   (a leaf's move is a capture, en passant, ...; a single check is discovered when the
   checker is not the piece that moved, a double check only counts as double, as the
   published tables count; pos is restored), with the default technique. */
void perft_stats(Position *pos, int depth, PerftStats *s);

#endif
