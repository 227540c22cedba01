/* Many positions encoded in one call (encode_batch.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "encode_batch.h"
#include "workers.h"
#include "pgn_board.h"

int enc_job_ready(EncJob *j) {
  j->planes = 0;
  j->history = 0;
  if (j->opt.layout >= 0) {
    j->planes = enc_plane_count(&j->opt);
    if (!j->planes) return -1;
    j->history = j->opt.layout == ENC_LC0 || j->opt.layout == ENC_ALPHAZERO;
  }
  if (j->policy >= POL_LAYOUT_NB) return -1;
  return 0;
}

/* Returns 0 with room for `more` indices at the end of s, -1 if out of memory. */
static int eb_sparse_room(EncSparse *s, size_t more) {
  if (s->n + more <= s->cap) return 0;
  size_t cap = s->cap ? 2 * s->cap : s->first > 4096 ? s->first : 4096;
  while (cap < s->n + more) cap *= 2;
  int16_t *p = realloc(s->idx, cap * sizeof *p);
  if (!p) return s->oom = 1, -1;
  s->idx = p, s->cap = cap;
  return 0;
}

/* Returns whether an output of j reads the positions' snapshots (else only the positions). */
static int eb_snapshots(const EncJob *j) { return j->planes || j->black_out || j->bitboards_out || j->policy >= 0; }

int enc_job_transform(const EncJob *j, const EncPos *h, int hn) {
  return j->policy == POL_LC0 && enc_lc0_canonical(j->lc0_format) ? enc_lc0_transform(&h[hn - 1]) : 0;
}

int enc_job_sparse_only(const EncJob *j) {
  return j->counts_out && !j->planes && !j->tokens_out && !j->black_out && !j->syzygy && !j->bitboards_out &&
         !j->mask_out && !j->rows_out && !j->played_out;
}

int enc_job_sparse(EncJob *j, int thread, size_t n, const int16_t *sparse, int nsparse) {
  EncSparse *sp = &j->sparse[thread];
  if (eb_sparse_room(sp, (size_t)nsparse) < 0) return -1;
  memcpy(sp->idx + sp->n, sparse, (size_t)nsparse * sizeof *sparse);
  j->counts_out[n] = nsparse;
  sp->n += (size_t)nsparse;
  return 0;
}

int enc_job_position(EncJob *j, int thread, size_t n, const EncPos *h, int hn, const Position *pos, PyMove played,
                     const PyMove *legal, int nlegal, const int16_t *index, const int16_t *sparse, int nsparse) {
  const EncPos *cur = hn ? &h[hn - 1] : NULL;
  uint8_t *row = j->rows_out ? j->rows_out + n * j->row_width : NULL;
  if (row) memset(row + 12 * (size_t)j->planes, 0, j->row_width - 12 * (size_t)j->planes);
  if (j->planes) {
    uint64_t mask[ENC_MAX_PLANES];
    float value[ENC_MAX_PLANES];
    enc_planes(&j->opt, h, hn, mask, value);
    if (row) {
      memcpy(row, mask, (size_t)j->planes * 8);
      memcpy(row + 8 * (size_t)j->planes, value, (size_t)j->planes * 4);
    } else if (j->dtype == ENC_COMPACT) {
      memcpy((uint64_t *)j->planes_out + n * j->planes, mask, (size_t)j->planes * 8);
      memcpy(j->values_out + n * j->planes, value, (size_t)j->planes * 4);
    } else {
      enc_expand(mask, value, j->planes, j->dtype,
                 (uint8_t *)j->planes_out + n * (size_t)j->planes * 64 * enc_dtype_size(j->dtype));
    }
  }
  if (j->tokens_out) {
    uint8_t *t = j->tokens_out + n * ENC_TOKENS;
    j->tokens_ok[n] = enc_tokens(pos, t) == 0;
    if (!j->tokens_ok[n]) memset(t, 255, ENC_TOKENS);
  }
  if (j->black_out) j->black_out[n] = cur->black;
  if (j->syzygy) sz_many_row(j->syzygy, thread, n, pos);
  if (j->bitboards_out) {
    uint64_t *b = j->bitboards_out + 12 * n;
    const Bitboard black = cur->by_type[0] & ~cur->white;
    for (int pt = PAWN; pt <= KING; pt++) {
      b[pt - 1] = cur->by_type[pt] & cur->white;
      b[pt + 5] = cur->by_type[pt] & black;
    }
  }
  if (j->policy >= 0) {
    const int ptransform = enc_job_transform(j, h, hn);
    if (j->played_out) j->played_out[n] = played ? (int16_t)policy_index(j->policy, pos, played, ptransform) : -1;
    uint8_t *bits = row ? row + j->bits_at : NULL;
    if (j->mask_out || j->counts_out || bits) {
      const int size = policy_size(j->policy);
      int16_t own[MAX_MOVES], sorted[MAX_MOVES];
      if (!sparse) {
        PyMove all[MAX_MOVES];
        const PyMove *moves = legal ? legal : all;
        const int count = legal ? nlegal : policy_legal_moves(pos, all);
        if (!index) {
          policy_indices(j->policy, pos, moves, count, ptransform, own);
          index = own;
        }
        if (j->counts_out) nsparse = policy_ascending(index, count, size, sorted);
        else {  /* (a mask takes its indices in any order) */
          nsparse = 0;
          for (int i = 0; i < count; i++) sorted[nsparse] = index[i], nsparse += index[i] >= 0;
        }
        sparse = sorted;
      }
      if (j->mask_out) {
        uint8_t *mask = j->mask_out + n * (size_t)size;
        memset(mask, 0, (size_t)size);
        for (int i = 0; i < nsparse; i++) mask[sparse[i]] = 1;
      }
      if (bits)
        for (int i = 0; i < nsparse; i++) bits[sparse[i] >> 3] |= (uint8_t)(1u << (sparse[i] & 7));
      if (j->counts_out && enc_job_sparse(j, thread, n, sparse, nsparse) < 0) return -1;
    }
  }
  return 0;
}

/* --- Boards -------------------------------------------------------------------------------- */

typedef struct {
  EncJob *job;
  const Position *const *pos;
  const int64_t *nply;
  size_t begin, end;
  int thread, failed;
} EbBoards;

/* Returns the plies to take back from pos (nply on its stack) so that the last ENC_HISTORY
   positions can count their repetitions: each looks back over its reversible moves. */
static int64_t eb_depth(const Position *pos, int64_t nply) {
  int64_t need = 0;
  const StateInfo *st = pos->st;
  for (int64_t k = 0; k < ENC_HISTORY && k <= nply; k++, st = st->prev) {
    const int64_t reach = k + (int64_t)st->rule50;
    if (reach > need) need = reach;
  }
  return need < nply ? need : nply;
}

/* Returns nothing; one thread's range of Boards encoded (history taken back on copies). */
static void eb_boards_run(void *arg) {
  EbBoards *w = arg;
  EncJob *j = w->job;
  EncPos *h = NULL;
  size_t cap = 0;
  const int snapshots = eb_snapshots(j);
  for (size_t i = w->begin; i < w->end; i++) {
    const Position *pos = w->pos[i];
    int hn = 1;
    if (!snapshots) {
      hn = 0;
    } else if (j->history) {
      const int64_t depth = eb_depth(pos, w->nply[i]);
      if ((size_t)depth + 1 > cap) {
        cap = (size_t)depth + 1 > 2 * cap ? (size_t)depth + 1 : 2 * cap;
        EncPos *g = realloc(h, cap * sizeof *g);
        if (!g) { w->failed = 1; break; }
        h = g;
      }
      /* the moves taken back on a copy, newest first, then counted oldest first */
      Position p = *pos;
      p.maps = NULL, p.psqt = NULL;
      enc_snapshot(&p, depth == w->nply[i] && depth == 0, &h[depth]);
      for (int64_t k = depth - 1; k >= 0; k--) {
        board_pop(&p);
        enc_snapshot(&p, k == 0 && depth == w->nply[i], &h[k]);
      }
      hn = (int)depth + 1;
      for (int k = 1; k < hn; k++) enc_count_reps(h, NULL, k + 1);
    } else {
      if (!cap) {
        h = malloc(sizeof *h), cap = 1;
        if (!h) { w->failed = 1; break; }
      }
      enc_snapshot(pos, w->nply[i] == 0, &h[0]);
    }
    if (enc_job_position(j, w->thread, i, h, hn, pos, 0, NULL, 0, NULL, NULL, 0) < 0) { w->failed = 1; break; }
  }
  free(h);
}

int enc_boards(EncJob *j, const Position *const *pos, const int64_t *nply, size_t count, int threads) {
  threads = workers_for(threads, count);
  enc_job_expect(j, threads, count);
  EbBoards w[WORKERS_MAX];
  for (int t = 0; t < threads; t++)
    w[t] = (EbBoards){j, pos, nply, count * t / threads, count * (t + 1) / threads, t, 0};
  workers_run(threads, eb_boards_run, w, sizeof w[0]);
  for (int t = 0; t < threads; t++)
    if (w[t].failed || j->sparse[t].oom) return -1;
  return 0;
}

/* --- games --------------------------------------------------------------------------------- */

typedef struct {
  EncJob *job;
  const uint16_t *moves;
  const int64_t *offsets;
  const EncStart *starts;
  size_t begin, end;  /* games */
  int thread;
  int64_t status;
} EbGames;

/* Returns 0 after playing one game's moves, row by row; -1 out of memory, 1 if refused. */
static int eb_game(EbGames *w, size_t g, PgnBoard *b, EncPos **h, size_t *cap) {
  EncJob *j = w->job;
  const EncStart *s = &w->starts[g];
  Position pos;
  StateInfo st;
  int where;
  static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const char *fen = s->fen ? s->fen : start_fen;
  const size_t fen_len = s->fen ? s->fen_len : sizeof start_fen - 1;
  memset(&pos, 0, sizeof pos);
  if (board_set_fen(&pos, fen, fen_len, s->chess960, &st, &where) != FEN_OK) return 1;
  if (pgn_board_set(b, &pos, &st) < 0) return -1;
  const int64_t first = w->offsets[g], last = w->offsets[g + 1];
  const size_t need = (size_t)(last - first) + 1;
  if (need > *cap) {
    EncPos *p = realloc(*h, need * sizeof *p);
    if (!p) return -1;
    *h = p, *cap = need;
  }
  for (int64_t i = first; ; i++) {
    const int hn = (int)(i - first) + 1;
    if (eb_snapshots(j)) {
      enc_snapshot(&b->pos, i == first, &(*h)[hn - 1]);
      enc_count_reps(*h, NULL, hn);
    }
    if (i == last) return 0;
    const PyMove m = w->moves[i];
    if (j->mask_out || j->counts_out) {  /* the legal moves, needed anyway, tell if m is one */
      PyMove legal[MAX_MOVES];
      const int n = policy_legal_moves(&b->pos, legal);
      int found = !m;
      for (int k = 0; k < n && !found; k++) found = legal[k] == m;
      if (!found) return 1;
      if (enc_job_position(j, w->thread, (size_t)i, *h, hn, &b->pos, m, legal, n, NULL, NULL, 0) < 0) return -1;
    } else {
      if (m && !board_is_legal(&b->pos, m)) return 1;
      if (enc_job_position(j, w->thread, (size_t)i, *h, hn, &b->pos, m, NULL, 0, NULL, NULL, 0) < 0) return -1;
    }
    if (pgn_board_push(b, m) < 0) return -1;
  }
}

/* Returns nothing; one thread's range of games replayed and encoded. */
static void eb_games_run(void *arg) {
  EbGames *w = arg;
  PgnBoard b;
  memset(&b, 0, sizeof b);
  EncPos *h = NULL;
  size_t cap = 0;
  for (size_t g = w->begin; g < w->end; g++) {
    const int r = eb_game(w, g, &b, &h, &cap);
    if (r) { w->status = r < 0 ? -1 : -2 - (int64_t)g; break; }
  }
  free(h);
  pgn_board_free(&b);
}

int64_t enc_games(EncJob *j, const uint16_t *moves, const int64_t *offsets, size_t ngames,
                  const EncStart *starts, int threads) {
  threads = workers_for(threads, ngames);
  EbGames w[WORKERS_MAX];
  /* contiguous ranges of about equal moves (the outputs stay in order) */
  const int64_t total = ngames ? offsets[ngames] - offsets[0] : 0;
  size_t g = 0;
  for (int t = 0; t < threads; t++) {
    const size_t begin = g;
    const int64_t until = offsets[0] + total * (t + 1) / threads;
    while (g < ngames && (t == threads - 1 || offsets[g + 1] <= until)) g++;
    w[t] = (EbGames){j, moves, offsets, starts, begin, g, t, 0};
  }
  enc_job_expect(j, threads, (size_t)total);
  workers_run(threads, eb_games_run, w, sizeof w[0]);
  for (int t = 0; t < threads; t++)
    if (w[t].status) return w[t].status;
  for (int t = 0; t < threads; t++)
    if (j->sparse[t].oom) return -1;
  return 0;
}

/* (Positions average about 35 legal moves in games, 30 in random self-play.) */
enum { EB_EXPECT_MOVES = 40 };

void enc_job_init(EncJob *j) { memset(j, 0, offsetof(EncJob, sparse)); }

void enc_job_expect(EncJob *j, int threads, size_t count) {
  enc_job_free(j);
  j->threads = threads;
  const size_t first = (count / (size_t)threads + 1) * EB_EXPECT_MOVES;
  for (int t = 0; t < threads; t++) j->sparse[t] = (EncSparse){.first = first};
}

void enc_job_free(EncJob *j) {
  for (int t = 0; t < j->threads; t++) free(j->sparse[t].idx), j->sparse[t] = (EncSparse){0};
  j->threads = 0;
}

/* --- A shuffle buffer's rows --------------------------------------------------------------- */

typedef struct {
  uint8_t *buf, *out;
  const uint8_t *in, *rec;
  const int64_t *slots;
  size_t width, begin, end, bits_at;
  int planes, dtype, moves;
  void *planes_out;
  uint8_t *mask_out;
} EbRows;

/* Returns nothing; one thread's range of enc_rows_swap. */
static void eb_swap_run(void *arg) {
  const EbRows *w = arg;
  for (size_t i = w->begin; i < w->end; i++) {
    uint8_t *row = w->buf + (size_t)w->slots[i] * w->width;
    if (w->out) memcpy(w->out + i * w->width, row, w->width);
    if (w->in) memcpy(row, w->in + i * w->width, w->width);
  }
}

/* Returns nothing; fn run over n rows of job, split in ranges between `threads`. */
static void eb_rows_run(EbRows job, size_t n, int threads, void (*fn)(void *)) {
  threads = workers_for(threads, n / 64);  /* (a thread for fewer rows costs more than it saves) */
  EbRows w[WORKERS_MAX];
  for (int t = 0; t < threads; t++) {
    w[t] = job;
    w[t].begin = n * (size_t)t / (size_t)threads, w[t].end = n * (size_t)(t + 1) / (size_t)threads;
  }
  workers_run(threads, fn, w, sizeof w[0]);
}

void enc_rows_swap(uint8_t *buf, const int64_t *slots, const uint8_t *in, uint8_t *out, size_t n, size_t width,
                   int threads) {
  eb_rows_run((EbRows){.buf = buf, .out = out, .in = in, .slots = slots, .width = width}, n, threads, eb_swap_run);
}

/* Returns nothing; one thread's range of enc_rows_finish. */
static void eb_finish_run(void *arg) {
  const EbRows *w = arg;
  const size_t dense = (size_t)w->planes * 64 * (size_t)enc_dtype_size(w->dtype);
  for (size_t i = w->begin; i < w->end; i++) {
    const uint8_t *row = w->rec + i * w->width;
    if (w->planes)
      enc_expand((const uint64_t *)row, (const float *)(row + 8 * (size_t)w->planes), w->planes, w->dtype,
                 (uint8_t *)w->planes_out + i * dense);
    if (w->moves) enc_bools(row + w->bits_at, w->moves, w->mask_out + i * (size_t)w->moves);
  }
}

void enc_rows_finish(const uint8_t *rec, size_t width, size_t n, int planes, int dtype, void *planes_out,
                     size_t bits_at, int moves, uint8_t *mask_out, int threads) {
  eb_rows_run((EbRows){.rec = rec, .width = width, .planes = planes, .dtype = dtype, .planes_out = planes_out,
                       .bits_at = bits_at, .moves = moves, .mask_out = mask_out}, n, threads, eb_finish_run);
}
