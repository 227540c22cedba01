#include "workers.h"
#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#include <time.h>
#endif

typedef struct { void (*fn)(void *); void *arg; } WorkerCall;

#ifdef _WIN32
/* Returns 0; the Windows thread entry. */
static DWORD WINAPI workers_main(LPVOID p) { WorkerCall *c = p; c->fn(c->arg); return 0; }
#else
/* Returns NULL; the POSIX thread entry. */
static void *workers_main(void *p) { WorkerCall *c = p; c->fn(c->arg); return NULL; }
#endif

/* Returns nothing; workers_run on threads made for this call and joined after it. */
static void workers_spawn(int n, void (*fn)(void *), void *args, size_t size) {
  WorkerCall calls[WORKERS_MAX];
  int started[WORKERS_MAX] = {0};
#ifdef _WIN32
  HANDLE handle[WORKERS_MAX];
#else
  pthread_t handle[WORKERS_MAX];
#endif
  for (int k = 1; k < n; k++) {
    calls[k].fn = fn, calls[k].arg = (char *)args + (size_t)k * size;
#ifdef _WIN32
    handle[k] = CreateThread(NULL, 0, workers_main, &calls[k], 0, NULL);
    started[k] = handle[k] != NULL;
#else
    started[k] = pthread_create(&handle[k], NULL, workers_main, &calls[k]) == 0;
#endif
  }
  if (n >= 1) fn(args);
  for (int k = 1; k < n; k++) {
    if (!started[k]) { fn(calls[k].arg); continue; }
#ifdef _WIN32
    WaitForSingleObject(handle[k], INFINITE);
    CloseHandle(handle[k]);
#else
    pthread_join(handle[k], NULL);
#endif
  }
}

#ifdef _WIN32
void workers_run(int n, void (*fn)(void *), void *args, size_t size) {
  workers_spawn(n > WORKERS_MAX ? WORKERS_MAX : n, fn, args, size);
}
#else
/* The pool: helper threads kept from one call to the next (a thread costs tens of
   microseconds to start, as much as a batch step's work). Helper k runs part k of each job;
   after a job it spins a while for the next before it sleeps. One job at a time, which every
   helper answers before the next is set (the call waits for all): a call
   that finds the pool busy (another thread's call, or a call from inside a job) starts
   threads of its own. A child process after fork() starts a pool of its own. */
/* How long a helper spins for the next job, and a call for its helpers to finish, before
   sleeping: longer than Python takes between two steps of a batch (a helper that had gone to
   sleep started 50 us late on a 2-core virtual machine, and the call 25 us late waking it: a
   fifth of a 1,024-game BoardBatch step's work), short enough to give the core back soon. */
enum { POOL_SPIN_NS = 1000000, POOL_SPIN_STEP = 64 };
static pthread_mutex_t pool_busy = PTHREAD_MUTEX_INITIALIZER;  /* held by the call running a job */
static pthread_mutex_t pool_m = PTHREAD_MUTEX_INITIALIZER;     /* for the sleepers' waits */
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER, pool_done = PTHREAD_COND_INITIALIZER;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static int pool_threads, pool_sleepers, pool_waiting;
static uint64_t pool_first[WORKERS_MAX];  /* the job before helper k's first (written as it starts) */
static volatile uint64_t pool_gen;        /* the job: its number, then what it runs */
static void (*pool_fn)(void *);
static char *pool_args;
static size_t pool_size;
static int pool_n;
static volatile int64_t pool_left;        /* the helpers yet to answer the job */

/* Returns nothing; waits a moment on a spinning loop's turn (the core's hint). */
static inline void pool_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* Returns the monotonic clock in nanoseconds. */
static uint64_t pool_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

/* Returns 1 once *gen differs from seen (a helper's next job) or, gen NULL, *left is 0 (a
   call's helpers done); 0 if POOL_SPIN_NS passed first (the clock read every POOL_SPIN_STEP
   pauses). */
static int pool_spin(volatile uint64_t *gen, uint64_t seen, volatile int64_t *left) {
  uint64_t until = 0;
  for (;;) {
    for (int s = 0; s < POOL_SPIN_STEP; s++) {
      if (gen ? __atomic_load_n(gen, __ATOMIC_ACQUIRE) != seen : __atomic_load_n(left, __ATOMIC_ACQUIRE) <= 0)
        return 1;
      pool_pause();
    }
    const uint64_t now = pool_ns();
    if (!until) until = now + POOL_SPIN_NS;
    else if (now > until) return 0;
  }
}

/* Returns NULL, never: helper k's loop, each job's part k run as it comes. */
static void *pool_main(void *p) {
  const int k = (int)(intptr_t)p;
  pthread_mutex_lock(&pool_m);
  uint64_t seen = pool_first[k];
  pthread_mutex_unlock(&pool_m);
  for (;;) {
    pool_spin(&pool_gen, seen, NULL);
    uint64_t gen = __atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE);
    if (gen == seen) {
      pthread_mutex_lock(&pool_m);
      pool_sleepers++;
      while ((gen = __atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE)) == seen) pthread_cond_wait(&pool_wake, &pool_m);
      pool_sleepers--;
      pthread_mutex_unlock(&pool_m);
    }
    seen = gen;
    if (k < pool_n) pool_fn(pool_args + (size_t)k * pool_size);
    if (__atomic_sub_fetch(&pool_left, 1, __ATOMIC_ACQ_REL) == 0) {  /* (every helper answers every job: none
                                                                       reads the next one's fields early) */
      pthread_mutex_lock(&pool_m);
      if (pool_waiting) pthread_cond_signal(&pool_done);
      pthread_mutex_unlock(&pool_m);
    }
  }
  return NULL;
}

/* Returns nothing; in a child after fork(): no helpers, the locks free (as at load). */
static void pool_forked(void) {
  const pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  const pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  pool_busy = m, pool_m = m, pool_wake = c, pool_done = c;
  pool_threads = pool_sleepers = pool_waiting = 0;
}

/* Returns nothing; registers pool_forked (once). */
static void pool_init(void) { pthread_atfork(NULL, NULL, pool_forked); }

void workers_run(int n, void (*fn)(void *), void *args, size_t size) {
  if (n > WORKERS_MAX) n = WORKERS_MAX;
  if (n <= 1) {
    if (n == 1) fn(args);
    return;
  }
  pthread_once(&pool_once, pool_init);
  if (pthread_mutex_trylock(&pool_busy) != 0) {
    workers_spawn(n, fn, args, size);
    return;
  }
  pthread_mutex_lock(&pool_m);
  while (pool_threads < n - 1) {  /* helpers 1..n-1, made as first needed */
    pthread_attr_t attr;
    pthread_t t;
    const int k = pool_threads + 1;
    pool_first[k] = __atomic_load_n(&pool_gen, __ATOMIC_RELAXED);
    int made = pthread_attr_init(&attr) == 0;
    if (made) {
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      made = pthread_create(&t, &attr, pool_main, (void *)(intptr_t)k) == 0;
      pthread_attr_destroy(&attr);
    }
    if (!made) break;
    pool_threads = k;
  }
  const int helped = pool_threads + 1 < n ? pool_threads + 1 : n;  /* parts the helpers run: 1..helped-1 */
  pool_fn = fn, pool_args = args, pool_size = size, pool_n = helped;
  __atomic_store_n(&pool_left, pool_threads, __ATOMIC_RELAXED);
  __atomic_store_n(&pool_gen, __atomic_load_n(&pool_gen, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
  if (pool_sleepers) pthread_cond_broadcast(&pool_wake);
  pthread_mutex_unlock(&pool_m);
  fn(args);
  for (int k = helped; k < n; k++) fn((char *)args + (size_t)k * size);  /* (threads the OS refused) */
  if (!pool_spin(NULL, 0, &pool_left)) {
    pthread_mutex_lock(&pool_m);
    pool_waiting = 1;
    while (__atomic_load_n(&pool_left, __ATOMIC_ACQUIRE) > 0) pthread_cond_wait(&pool_done, &pool_m);
    pool_waiting = 0;
    pthread_mutex_unlock(&pool_m);
  }
  pthread_mutex_unlock(&pool_busy);
}
#endif
