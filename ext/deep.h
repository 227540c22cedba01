/* Deep perft: the tree split into the distinct positions a few plies down, each with the
   number of paths reaching it, and those positions counted as tasks by threads that take the
   next one from a shared counter and share one transposition table (perft_tt.h). The Python
   layer (chessbits/deep.py) multiplies and sums in big integers, checkpoints and distributes. */
#ifndef CB_DEEP_H
#define CB_DEEP_H

#include "position.h"
#include "perft.h"

/* A position without its castling geometry (the root's): 64 bytes, little-endian words,
   the same on every machine that runs chessbits. */
typedef struct {
  Bitboard occ, white, pieces[QUEEN - PAWN + 1]; /* pawns..queens; kings are the rest */
  uint8_t side, castling, ep, pad[5];
} PackedPosition;

/* Returns nothing; turns *pos, a copy of the root (castling geometry, variant), into the
   packed position r, with st as its only state. */
void deep_unpack(Position *pos, StateInfo *st, const PackedPosition *r);

/* Returns how many distinct positions lie `ply` plies below pos, written to out in the order
   move generation first reaches them, with the number of paths to each in paths; -1 if there
   are more than cap (nothing else is allocated then), -2 if memory runs out. pos is restored. */
int64_t deep_split(Position *pos, int ply, int64_t cap, PackedPosition *out, uint64_t *paths);

/* One batch of tasks: counts[i] = perft(tasks[i], depth) or, with stats, counts[i * PERFT_STAT_NB ...]
   = its PerftStats (depth >= 1 then). */
typedef struct {
  const Position *root;
  const PackedPosition *tasks;
  int64_t n;
  int depth, technique, stats;
  PerftTT *tt;            /* NULL: no hashing */
  uint64_t *counts;
  volatile uint8_t *finished; /* NULL, or finished[i] set once task i's counts are written */
  volatile int64_t next;  /* the queue: the next task to take */
  volatile int64_t counted; /* this batch's tasks counted */
  volatile int64_t *done; /* tasks counted, added to for progress (may be shared by batches) */
  volatile int *stop;     /* set by another thread: each worker ends after its current task */
} DeepBatch;

/* Returns 1 if every task was counted, 0 if stopped first (some counts then missing). */
int deep_run(DeepBatch *b, int threads);

/* Returns 1 if finished[first..last) are all set (read with acquire: their counts can then be
   read from another thread while the batch runs), else 0. */
int deep_finished(const volatile uint8_t *finished, int64_t first, int64_t last);

/* Returns perft's result using a transposition table of at most tt_bytes (allocated for
   the call and freed; without the memory, perft_threads), shared by `threads` threads
   (pos is only read). */
uint64_t perft_hashed(const Position *pos, int depth, int technique, size_t tt_bytes, int threads);

#endif
