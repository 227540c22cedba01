#include <stdlib.h>
#include "perft.h"
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
