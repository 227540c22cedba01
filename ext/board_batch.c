/* N games stepped together (board_batch.h). */
#include <stdlib.h>
#include <string.h>
#include "board_batch.h"
#include "workers.h"

/* Returns 0 with room for position ply in g's history, -1 if out of memory. */
static int bb_room(BatchGame *g, size_t ply) {
  if (ply < g->hist_cap) return 0;
  const size_t cap = g->hist_cap ? 2 * g->hist_cap : 256;
  EncPos *h = realloc(g->hist, cap * sizeof *h);
  if (!h) return -1;
  g->hist = h, g->hist_cap = cap;
  return 0;
}

int batch_set_start(Batch *b, size_t i, const char *fen, size_t len, int chess960) {
  BatchGame *g = &b->games[i];
  Position pos;
  StateInfo st;
  int where;
  memset(&pos, 0, sizeof pos);
  if (board_set_fen(&pos, fen, len, chess960, &st, &where) != FEN_OK) return 1;
  g->start = pos;
  g->start_st = st;
  return batch_reset(b, i);
}

int batch_reset(Batch *b, size_t i) {
  BatchGame *g = &b->games[i];
  if (pgn_board_set(&g->board, &g->start, &g->start_st) < 0 || bb_room(g, 0) < 0) return -1;
  enc_snapshot(&g->board.pos, 1, &g->hist[0]);
  g->white_wins = 0;
  g->termination = (int8_t)board_outcome(&g->board.pos, b->claim_draw, -1, &(int){0});
  if (g->termination == TERM_CHECKMATE) g->white_wins = g->board.pos.side == BLACK;
  return 0;
}

int batch_push(Batch *b, size_t i, PyMove m) {
  BatchGame *g = &b->games[i];
  if (g->termination != TERM_NONE || !m || !board_is_legal(&g->board.pos, m)) return 1;
  if (bb_room(g, (size_t)g->board.ply + 1) < 0 || pgn_board_push(&g->board, m) < 0) return -1;
  const int n = g->board.ply + 1;
  enc_snapshot(&g->board.pos, 0, &g->hist[n - 1]);
  enc_count_reps(g->hist, n);
  int white_wins = 0;
  g->termination = (int8_t)board_outcome(&g->board.pos, b->claim_draw, -1, &white_wins);
  g->white_wins = (int8_t)white_wins;
  return 0;
}

PyMove batch_index_move(const Batch *b, size_t i, int layout, int canonical, int index) {
  const BatchGame *g = &b->games[i];
  const Position *pos = &g->board.pos;
  const int transform = canonical ? enc_lc0_transform(&g->hist[g->board.ply]) : 0;
  PyMove moves[MAX_MOVES];
  const int n = policy_legal_moves(pos, moves);
  for (int k = 0; k < n; k++)
    if (policy_index(layout, pos, moves[k], transform) == index) return moves[k];
  return 0;
}

typedef struct { Batch *batch; EncJob *job; size_t begin, end; int thread, failed; } BbWork;

static void bb_encode_run(void *arg) {
  BbWork *w = arg;
  for (size_t i = w->begin; i < w->end; i++) {
    BatchGame *g = &w->batch->games[i];
    if (enc_job_position(w->job, w->thread, i, g->hist, g->board.ply + 1, &g->board.pos, 0) < 0) {
      w->failed = 1;
      return;
    }
  }
}

int batch_encode(Batch *b, EncJob *j, int threads) {
  if (threads < 1) threads = 1;
  if ((size_t)threads > b->n) threads = b->n ? (int)b->n : 1;
  if (threads > ENC_MAX_THREADS) threads = ENC_MAX_THREADS;
  BbWork w[ENC_MAX_THREADS];
  for (int t = 0; t < threads; t++) w[t] = (BbWork){b, j, b->n * t / threads, b->n * (t + 1) / threads, t, 0};
  workers_run(threads, bb_encode_run, w, sizeof w[0]);
  for (int t = 0; t < threads; t++)
    if (w[t].failed || j->sparse[t].oom) return -1;
  return 0;
}

void batch_free(Batch *b) {
  for (size_t i = 0; i < b->n; i++) {
    pgn_board_free(&b->games[i].board);
    free(b->games[i].hist);
  }
}
