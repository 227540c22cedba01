/* N games stepped together (board_batch.h). */
#include <stdlib.h>
#include <string.h>
#include "board_batch.h"
#include "hugemem.h"
#include "workers.h"

/* Bytes of a game's part of the region: its states, hist and keys. */
#define BB_GAME_BYTES (BATCH_STATES * sizeof(StateInfo) + BATCH_HIST * (sizeof(EncPos) + sizeof(uint64_t)))

/* The region of the last batch freed, kept for the next one, as malloc keeps freed memory: a
   fresh region's pages are zeroed by the kernel as they are first touched (53 MB for 1,024
   games: 8% of a 100-step VectorChessEnv run), a kept one is ready (nothing in it is read
   before it is written). Made and freed with the GIL held (BoardBatch), so without a lock. */
#define BB_SPARE_MAX ((size_t)256 << 20)
static char *bb_spare;
static size_t bb_spare_bytes;

int batch_init(Batch *b, size_t n) {
  b->n = 0, b->cap = n ? n : 1;
  b->games = huge_alloc(b->cap * sizeof *b->games);
  const size_t need = b->cap * BB_GAME_BYTES;
  if (bb_spare && bb_spare_bytes >= need && bb_spare_bytes / 2 <= need) {
    b->region = bb_spare, b->region_bytes = bb_spare_bytes;
    bb_spare = NULL;
  } else {
    b->region = huge_alloc(need), b->region_bytes = need;
  }
  if (!b->games || !b->region) return -1;
  for (size_t i = 0; i < b->cap; i++) {
    char *m = b->region + i * BB_GAME_BYTES;
    b->games[i].states = (StateInfo *)m;
    b->games[i].hist = (EncPos *)(m + BATCH_STATES * sizeof(StateInfo));
    b->games[i].keys = (uint64_t *)(m + BATCH_STATES * sizeof(StateInfo) + BATCH_HIST * sizeof(EncPos));
  }
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

/* Returns nothing; after g reached a new position: its legal moves kept, with their indices
   in `layout` (-1: none) in the same loop, its outcome. */
static void bb_arrived(const Batch *b, BatchGame *g, int layout) {
  const int n = policy_legal_indexed(layout, &g->pos, g->legal, g->index, BATCH_LEGAL);
  g->nlegal = n <= BATCH_LEGAL ? n : -1;
  g->index_key = layout >= 0 && n <= BATCH_LEGAL ? 2 * layout : -1;
  g->sorted_key = -1;
  int white_wins = 0;  /* (python-chess's repetitions: lc0's, or one more where lc0 tells a first
                           position after a double push apart by its en-passant flag) */
  g->termination = (int8_t)board_outcome(&g->pos, b->claim_draw, n, 0, g->hist[g->nhist - 1].reps + 1,
                                         &white_wins);
  g->white_wins = (int8_t)white_wins;
}

int batch_reset(Batch *b, size_t i) {
  BatchGame *g = &b->games[i];
  g->ply = 0, g->nhist = 1;
  g->pos = g->start;
  g->states[0] = g->start_st;
  g->states[0].prev = NULL;
  g->pos.st = &g->states[0];
  g->pos.maps = NULL, g->pos.psqt = NULL;
  enc_snapshot(&g->pos, 1, &g->hist[0]);
  g->keys[0] = g->hist[0].key;
  bb_arrived(b, g, -1);
  return 0;
}

int batch_play(Batch *b, size_t i, PyMove m, int layout) {
  BatchGame *g = &b->games[i];
  if ((size_t)g->ply == g->move_cap) {
    const size_t cap = g->move_cap ? 2 * g->move_cap : BATCH_HIST;
    PyMove *moves = realloc(g->moves, cap * sizeof *moves);
    if (!moves) return -1;
    g->moves = moves, g->move_cap = cap;
  }
  g->moves[g->ply++] = m;
  board_push_legal(&g->pos, m, &g->states[g->ply & (BATCH_STATES - 1)]);
  if (g->nhist == BATCH_HIST) {
    memmove(g->hist, g->hist + BATCH_HIST - BATCH_BEHIND, BATCH_BEHIND * sizeof *g->hist);
    memmove(g->keys, g->keys + BATCH_HIST - BATCH_BEHIND, BATCH_BEHIND * sizeof *g->keys);
    g->nhist = BATCH_BEHIND;
  }
  const int n = ++g->nhist;
  enc_snapshot(&g->pos, 0, &g->hist[n - 1]);
  g->keys[n - 1] = g->hist[n - 1].key;
  enc_count_reps(g->hist, g->keys, n);
  bb_arrived(b, g, layout);
  return 0;
}

/* Returns 1 if m is a legal move of g's position (its kept moves, else asked again). */
static int bb_legal(const BatchGame *g, PyMove m) {
  if (g->nlegal < 0) return board_is_legal(&g->pos, m);
  for (int k = 0; k < g->nlegal; k++)
    if (g->legal[k] == m) return 1;
  return 0;
}

int batch_push_keys(Batch *b, const uint16_t *keys, size_t *bad) {
  for (size_t i = 0; i < b->n; i++)
    if (keys[i] && b->games[i].termination == TERM_NONE && !bb_legal(&b->games[i], keys[i])) return *bad = i, 1;
  for (size_t i = 0; i < b->n; i++)
    if (keys[i] && b->games[i].termination == TERM_NONE && batch_play(b, i, keys[i], -1) < 0) return -1;
  return 0;
}

/* Returns g's legal moves' indices in layout (lc0's canonical transform where canonical), kept
   until its next move (or, with a scratch of BATCH_LEGAL, written there if g has others kept:
   g only read); NULL if it keeps no legal moves (more than BATCH_LEGAL). */
static const int16_t *bb_indices(BatchGame *g, int layout, int canonical, int16_t *scratch) {
  if (g->nlegal < 0) return NULL;
  const int key = 2 * layout + canonical;
  if (g->index_key == key) return g->index;
  int16_t *out = scratch ? scratch : g->index;
  policy_indices(layout, &g->pos, g->legal, g->nlegal, canonical ? enc_lc0_transform(&g->hist[g->nhist - 1]) : 0, out);
  if (!scratch) g->index_key = key;
  return out;
}

PyMove batch_index_move(Batch *b, size_t i, int layout, int canonical, int index) {
  BatchGame *g = &b->games[i];
  const int16_t *idx = bb_indices(g, layout, canonical, NULL);
  if (idx) {
    for (int k = 0; k < g->nlegal; k++)
      if (idx[k] == index) return g->legal[k];
    return 0;
  }
  const int transform = canonical ? enc_lc0_transform(&g->hist[g->nhist - 1]) : 0;
  PyMove all[MAX_MOVES];
  const int n = policy_legal_moves(&g->pos, all);
  for (int k = 0; k < n; k++)
    if (policy_index(layout, &g->pos, all[k], transform) == index) return all[k];
  return 0;
}

/* Games ahead whose lines a lookup asks for while it looks at one: the lookup runs between
   two passes over the games, and each game's were cold (40 us of a 1,024-game step). */
enum { BB_AHEAD = 8 };

typedef struct {
  Batch *batch;
  const int16_t *indices;
  int layout, canonical;
  uint16_t *keys;
  size_t begin, end, bad;
  int failed;
} BbKeys;

/* Returns nothing; one thread's range of games' moves looked up (the first without one noted). */
static void bb_keys_run(void *arg) {
  BbKeys *w = arg;
  Batch *b = w->batch;
  for (size_t i = w->begin; i < w->end; i++) {
#if CB_GNU
    if (i + BB_AHEAD < w->end) {
      const BatchGame *ahead = &b->games[i + BB_AHEAD];
      __builtin_prefetch(&ahead->termination);
      __builtin_prefetch(&ahead->index[0]);
      __builtin_prefetch(&ahead->index[32]);
      __builtin_prefetch(&ahead->legal[0]);
      __builtin_prefetch(&ahead->legal[32]);
    }
#endif
    w->keys[i] = 0;
    if (w->indices[i] < 0 || b->games[i].termination != TERM_NONE) continue;
    if (!(w->keys[i] = batch_index_move(b, i, w->layout, w->canonical, w->indices[i]))) {
      w->bad = i, w->failed = 1;
      return;
    }
  }
}

int batch_index_keys(Batch *b, const int16_t *indices, int layout, int canonical, uint16_t *keys, size_t *bad,
                     int threads) {
  threads = workers_for(threads, b->n);
  BbKeys w[WORKERS_MAX];
  for (int t = 0; t < threads; t++)
    w[t] = (BbKeys){b, indices, layout, canonical, keys, b->n * t / threads, b->n * (t + 1) / threads, 0, 0};
  workers_run(threads, bb_keys_run, w, sizeof w[0]);
  for (int t = 0; t < threads; t++)  /* (the ranges ascend: the first game without a move) */
    if (w[t].failed) return *bad = w[t].bad, 1;
  return 0;
}

int batch_push_indices(Batch *b, const int16_t *indices, int layout, int canonical, size_t *bad) {
  uint16_t *keys = malloc(b->n * sizeof *keys + 1);
  if (!keys) return -1;
  int r = batch_index_keys(b, indices, layout, canonical, keys, bad, 1);
  if (!r) r = batch_push_keys(b, keys, bad);
  free(keys);
  return r;
}

int batch_legal_indices(Batch *b, size_t i, int layout, int canonical, int16_t *out) {
  BatchGame *g = &b->games[i];
  const int16_t *idx = bb_indices(g, layout, canonical, NULL);
  if (idx) {
    memcpy(out, idx, (size_t)g->nlegal * sizeof *out);
    return g->nlegal;
  }
  PyMove all[MAX_MOVES];
  const int n = policy_legal_moves(&g->pos, all);
  policy_indices(layout, &g->pos, all, n, canonical ? enc_lc0_transform(&g->hist[g->nhist - 1]) : 0, out);
  return n;
}

void batch_state(const Batch *b, int8_t *termination, int8_t *white_wins, int64_t *plies) {
  for (size_t i = 0; i < b->n; i++) {
    termination[i] = b->games[i].termination;
    white_wins[i] = b->games[i].white_wins;
    plies[i] = b->games[i].ply;
  }
}

size_t batch_env_state(const Batch *b, int64_t max_plies, float *reward, uint8_t *terminated, uint8_t *truncated) {
  size_t done = 0;
  for (size_t i = 0; i < b->n; i++) {
    const BatchGame *g = &b->games[i];
    reward[i] = g->termination == TERM_CHECKMATE ? 1.0f : 0.0f;
    terminated[i] = g->termination != TERM_NONE;
    truncated[i] = !terminated[i] && g->ply >= max_plies;
    done += terminated[i] | truncated[i];
  }
  return done;
}

typedef struct {
  Batch *batch;
  EncJob *job;
  const int64_t *rows;
  const uint16_t *play;
  size_t begin, end;
  int thread, failed;
} BbWork;

/* Returns nothing; one thread's range of rows encoded (their games' kept moves and indices,
   ranked by the encoder only for a sparse output), each game's move of `play` played first. */
static void bb_encode_run(void *arg) {
  BbWork *w = arg;
  const EncJob *j = w->job;
  const int canonical = j->policy == POL_LC0 && enc_lc0_canonical(j->lc0_format);
  const int layout = j->policy >= 0 && (j->mask_out || j->counts_out) && !canonical ? j->policy : -1;
  int16_t scratch[BATCH_LEGAL];  /* (rows may name a game twice, for two threads: a game only read) */
  int16_t *own = w->rows ? scratch : NULL;
  const int sparse_only = enc_job_sparse_only(j);  /* (then a game that waits only copies its kept mask) */
  for (size_t i = w->begin; i < w->end; i++) {
    const size_t game = w->rows ? (size_t)w->rows[i] : i;
    BatchGame *g = &w->batch->games[game];
    const int moves = w->play && w->play[game] && g->termination == TERM_NONE;
    if (moves && batch_play(w->batch, game, w->play[game], layout) < 0) {
      w->failed = 1;
      return;
    }
    const int16_t *index = j->policy >= 0 && (j->mask_out || j->counts_out) ? bb_indices(g, j->policy, canonical, own) : NULL;
    const int16_t *sorted = NULL;  /* (a game that did not move: its sparse mask kept from before) */
    if (index && j->counts_out && !moves && !own) {
      const int key = 2 * j->policy + canonical;
      if (g->sorted_key != key)
        g->nsorted = policy_ascending(index, g->nlegal, policy_size(j->policy), g->sorted), g->sorted_key = key;
      sorted = g->sorted;
      if (sparse_only) {
        if (enc_job_sparse(w->job, w->thread, i, sorted, g->nsorted) < 0) {
          w->failed = 1;
          return;
        }
        continue;
      }
    }
    if (enc_job_position(w->job, w->thread, i, g->hist, g->nhist, &g->pos, 0,
                         g->nlegal >= 0 ? g->legal : NULL, g->nlegal, index, sorted, sorted ? g->nsorted : 0) < 0) {
      w->failed = 1;
      return;
    }
  }
}

int batch_encode(Batch *b, EncJob *j, const int64_t *rows, size_t count, const uint16_t *play, int threads) {
  if (!rows) count = b->n;
  threads = workers_for(threads, count);
  enc_job_expect(j, threads, count);
  BbWork w[WORKERS_MAX];
  for (int t = 0; t < threads; t++)
    w[t] = (BbWork){b, j, rows, play, count * t / threads, count * (t + 1) / threads, t, 0};
  workers_run(threads, bb_encode_run, w, sizeof w[0]);
  for (int t = 0; t < threads; t++)
    if (w[t].failed || j->sparse[t].oom) return -1;
  return 0;
}

void batch_free(Batch *b) {
  for (size_t i = 0; b->games && i < b->n; i++) free(b->games[i].moves);
  huge_free(b->games, b->cap * sizeof *b->games);
  if (b->region && b->region_bytes <= BB_SPARE_MAX) {
    huge_free(bb_spare, bb_spare_bytes);
    bb_spare = b->region, bb_spare_bytes = b->region_bytes;
  } else {
    huge_free(b->region, b->region_bytes);
  }
  b->games = NULL, b->region = NULL, b->n = 0;
}
