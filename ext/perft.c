#include <stdlib.h>
#include "perft.h"
#include "board.h"
#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#endif

#define PERFT_MAX_THREADS 256

/* Returns t, or the default technique for a negative t or one this CPU cannot run
   (pext without BMI2 would die of an illegal instruction); MOVEGEN_INCREMENTAL runs anywhere. */
static int perft_technique(int t) {
  return t == MOVEGEN_INCREMENTAL || technique_available(t) ? t : movegen_technique();
}

uint64_t perft(Position *pos, int depth, int technique) {
  return movegen_techniques[perft_technique(technique)].perft(pos, depth, NULL);
}

int perft_divide(Position *pos, int depth, int technique, Move *moves, uint64_t *counts) {
  const MovegenTechnique *mt = &movegen_techniques[perft_technique(technique)];
  const int n = mt->generate(pos, moves);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    do_move(pos, moves[i], &st);
    counts[i] = mt->perft(pos, depth - 1, NULL);
    undo_move(pos, moves[i]);
  }
  return n;
}

/* One thread's share: root moves first, first + stride, ... on its own position. */
typedef struct {
  Position pos;
  StateInfo st;
  const Move *moves;
  uint64_t *counts;
  int n, first, stride, depth, technique;
} PerftJob;

/* Returns nothing; fills job->counts at the job's indices. */
static void perft_job_run(PerftJob *job) {
  const MovegenTechnique *mt = &movegen_techniques[job->technique];
  job->pos.st = &job->st;
  for (int i = job->first; i < job->n; i += job->stride) {
    StateInfo st;
    do_move(&job->pos, job->moves[i], &st);
    job->counts[i] = mt->perft(&job->pos, job->depth - 1, NULL);
    undo_move(&job->pos, job->moves[i]);
  }
}

#ifdef _WIN32
/* Returns 0; the Windows thread entry. */
static DWORD WINAPI perft_thread_main(LPVOID arg) { perft_job_run((PerftJob *)arg); return 0; }
#else
/* Returns NULL; the POSIX thread entry. */
static void *perft_thread_main(void *arg) { perft_job_run((PerftJob *)arg); return NULL; }
#endif

int perft_divide_threads(const Position *pos, int depth, int technique, int threads, Move *moves, uint64_t *counts) {
  const int t = perft_technique(technique);
  const int n = movegen_techniques[t].generate(pos, moves);
  if (threads > n) threads = n;
  if (threads > PERFT_MAX_THREADS) threads = PERFT_MAX_THREADS;
  if (threads < 1) threads = 1;
  PerftJob *jobs = malloc(sizeof(PerftJob) * (size_t)threads);
  if (!jobs) threads = 0;
#ifdef _WIN32
  HANDLE handle[PERFT_MAX_THREADS];
#else
  pthread_t handle[PERFT_MAX_THREADS];
#endif
  int started[PERFT_MAX_THREADS] = {0};
  for (int k = 0; k < threads; k++) {
    PerftJob *job = &jobs[k];
    job->pos = *pos;
    job->st = *pos->st;
    job->st.prev = NULL;
    job->moves = moves, job->counts = counts;
    job->n = n, job->first = k, job->stride = threads, job->depth = depth, job->technique = t;
    if (k == 0) continue;  /* the calling thread runs job 0 */
#ifdef _WIN32
    handle[k] = CreateThread(NULL, 0, perft_thread_main, job, 0, NULL);
    started[k] = handle[k] != NULL;
#else
    started[k] = pthread_create(&handle[k], NULL, perft_thread_main, job) == 0;
#endif
  }
  if (threads) perft_job_run(&jobs[0]);
  for (int k = 1; k < threads; k++) {
    if (!started[k]) { perft_job_run(&jobs[k]); continue; }
#ifdef _WIN32
    WaitForSingleObject(handle[k], INFINITE);
    CloseHandle(handle[k]);
#else
    pthread_join(handle[k], NULL);
#endif
  }
  if (!jobs) {  /* no memory for the jobs: do it here, on a copy */
    Position copy = *pos;
    StateInfo st = *pos->st;
    copy.st = &st;
    st.prev = NULL;
    return perft_divide(&copy, depth, t, moves, counts);
  }
  free(jobs);
  return n;
}

uint64_t perft_threads(const Position *pos, int depth, int technique, int threads) {
  Move moves[MAX_MOVES];
  uint64_t counts[MAX_MOVES], total = 0;
  if (depth <= 1 || threads <= 1) {
    Position copy = *pos;
    StateInfo st = *pos->st;
    copy.st = &st;
    return perft(&copy, depth, technique);
  }
  const int n = perft_divide_threads(pos, depth, technique, threads, moves, counts);
  for (int i = 0; i < n; i++) total += counts[i];
  return total;
}

uint64_t perft_hashed(Position *pos, int depth, int technique, size_t tt_bytes) {
  const MovegenTechnique *mt = &movegen_techniques[perft_technique(technique)];
  uint64_t entries = 1024;
  while (entries * 2 * sizeof(PerftEntry) <= tt_bytes) entries *= 2;
  PerftTT tt = {calloc((size_t)entries, sizeof(PerftEntry)), entries - 1};
  if (!tt.entries) return mt->perft(pos, depth, NULL);
  /* Depth 0 marks an empty entry, and stored depths are >= 2. */
  const uint64_t total = mt->perft(pos, depth, &tt);
  free(tt.entries);
  return total;
}

/* Returns nothing; adds the statistics of the leaf reached by m, a legal move of pos's side. */
static void perft_stats_leaf(Position *pos, const MovegenTechnique *mt, Move m, PerftStats *s) {
  const Color us = pos->side, them = us ^ 1;
  const Square from = move_from(m), to = move_to(m);
  Bitboard moved = square_bb(to);  /* where the moving piece stands after m */
  s->nodes++;
  if (move_type(m) == MOVE_CASTLING) {
    s->castles++;
    moved = square_bb(castling_rook_to(from, to));
  } else if (move_type(m) == MOVE_EP) {
    s->captures++;
    s->en_passant++;
  } else if (pos->board[to]) s->captures++;
  if (move_type(m) == MOVE_PROMOTION) s->promotions++;
  position_toggle_bb(pos, m, us);
  const Bitboard checkers = board_attackers(pos, us, lsb(pieces_cp(pos, them, KING)), pos->by_type[NO_PIECE_TYPE]);
  position_toggle_bb(pos, m, us);
  if (!checkers) return;
  s->checks++;
  if (checkers & (checkers - 1)) s->double_checks++;
  else if (checkers & ~moved) s->discovery_checks++;  /* the tables count a double check once */
  StateInfo st;
  do_move(pos, m, &st);
  if (mt->count(pos) == 0) s->checkmates++;
  undo_move(pos, m);
}

/* Returns nothing; perft_stats below pos (maps and score detached by the caller). */
static void perft_stats_rec(Position *pos, const MovegenTechnique *mt, int depth, PerftStats *s) {
  Move list[MAX_MOVES];
  const int n = mt->generate(pos, list);
  for (int i = 0; i < n; i++) {
    if (depth == 1) {
      perft_stats_leaf(pos, mt, list[i], s);
      continue;
    }
    StateInfo st;
    do_move(pos, list[i], &st);
    perft_stats_rec(pos, mt, depth - 1, s);
    undo_move(pos, list[i]);
  }
}

void perft_stats(Position *pos, int depth, PerftStats *s) {
  if (depth < 1) return;
  AttackMaps *maps = pos->maps;
  Psqt *psqt = pos->psqt;
  pos->maps = NULL;  /* board_attackers must not read a Board's maps for these positions */
  pos->psqt = NULL;
  perft_stats_rec(pos, &movegen_techniques[movegen_technique()], depth, s);
  pos->maps = maps;
  pos->psqt = psqt;
}
