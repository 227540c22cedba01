#include "workers.h"
#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
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
enum { POOL_SPINS = 1 << 11 };
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

/* Returns NULL, never: helper k's loop, each job's part k run as it comes. */
static void *pool_main(void *p) {
  const int k = (int)(intptr_t)p;
  pthread_mutex_lock(&pool_m);
  uint64_t seen = pool_first[k];
  pthread_mutex_unlock(&pool_m);
  for (;;) {
    uint64_t gen = __atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE);
    for (int s = 0; gen == seen && s < POOL_SPINS; s++, gen = __atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE))
      pool_pause();
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
  for (int s = 0; __atomic_load_n(&pool_left, __ATOMIC_ACQUIRE) > 0 && s < POOL_SPINS; s++) pool_pause();
  if (__atomic_load_n(&pool_left, __ATOMIC_ACQUIRE) > 0) {
    pthread_mutex_lock(&pool_m);
    pool_waiting = 1;
    while (__atomic_load_n(&pool_left, __ATOMIC_ACQUIRE) > 0) pthread_cond_wait(&pool_done, &pool_m);
    pool_waiting = 0;
    pthread_mutex_unlock(&pool_m);
  }
  pthread_mutex_unlock(&pool_busy);
}
#endif
