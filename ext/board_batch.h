/* N games stepped together (chessbits.encode.BoardBatch): each a board stack from its start
   position and the positions the encoders read, one move pushed per game per call, its outcome
   kept as python-chess's outcome() gives it. */
#ifndef CB_BOARD_BATCH_H
#define CB_BOARD_BATCH_H

#include "encode_batch.h"
#include "pgn_board.h"

typedef struct {
  PgnBoard board;       /* the game so far */
  EncPos *hist;         /* hist[0..board.ply]: its positions for the encoders */
  size_t hist_cap;
  Position start;       /* where it starts (and resets to) */
  StateInfo start_st;
  int8_t termination;   /* TERM_NONE while it goes on */
  int8_t white_wins;    /* after a checkmate */
} BatchGame;

typedef struct {
  BatchGame *games;
  size_t n;
  int claim_draw;       /* end games on the fifty-move rule and threefold repetition too */
} Batch;

/* Returns 0 after setting game g to start from a FEN (its first reset), -1 out of memory, 1 if the
   FEN is refused. */
int batch_set_start(Batch *b, size_t g, const char *fen, size_t len, int chess960);

/* Returns 0 after taking game g back to its start, -1 if out of memory. */
int batch_reset(Batch *b, size_t g);

/* Returns 0 after playing move m (a python-chess key) in game g, 1 if m is not legal there or the
   game is over (nothing changes), -1 if out of memory. */
int batch_push(Batch *b, size_t g, PyMove m);

/* Returns the legal move of game g with index `index` in policy layout (lc0's canonical transform
   where canonical), or 0 if none. */
PyMove batch_index_move(const Batch *b, size_t g, int layout, int canonical, int index);

/* Returns 0 after writing row i of every output of j for each game i (threads share them out),
   -1 if out of memory. */
int batch_encode(Batch *b, EncJob *j, int threads);

/* Returns nothing; frees every game of b (b->games itself is the caller's). */
void batch_free(Batch *b);

#endif
