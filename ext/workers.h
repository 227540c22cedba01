/* Threads for the counting loops: run one function on n threads, the atomic counter they take
   work from (a task queue without locks: each thread fetches the next index), and the flags
   that publish a finished result to another thread. */
#ifndef CB_WORKERS_H
#define CB_WORKERS_H

#include <stddef.h>
#include <stdint.h>
#ifdef _MSC_VER
#include <intrin.h>
#endif

#define WORKERS_MAX 256

/* Returns nothing; runs fn(args + k * size) for k in [0, n) on n threads, the calling thread
   running k = 0 (a thread the OS refuses runs on the caller's after its own); n is capped to
   WORKERS_MAX. The other threads are kept for the next call (POSIX; see workers.c). */
void workers_run(int n, void (*fn)(void *), void *args, size_t size);

/* Returns the threads to run for `jobs` jobs of a caller that asked for `threads`: at least 1,
   at most one a job and WORKERS_MAX. */
static inline int workers_for(int threads, size_t jobs) {
  if ((size_t)threads > jobs) threads = jobs ? (int)jobs : 1;
  if (threads > WORKERS_MAX) threads = WORKERS_MAX;
  return threads < 1 ? 1 : threads;
}

/* Returns the counter's value before adding `add` to it, atomically. */
static inline int64_t workers_fetch_add(volatile int64_t *counter, int64_t add) {
#ifdef _MSC_VER
  return _InterlockedExchangeAdd64((volatile long long *)counter, add);
#else
  return __atomic_fetch_add(counter, add, __ATOMIC_RELAXED);
#endif
}

/* Returns the counter's value, read atomically. */
static inline int64_t workers_load(const volatile int64_t *counter) {
#ifdef _MSC_VER
  return *counter; /* aligned 64-bit loads are atomic on x64 and arm64 */
#else
  return __atomic_load_n(counter, __ATOMIC_RELAXED);
#endif
}

/* Returns nothing; stores value in *slot atomically (no ordering with other writes). */
static inline void workers_store(volatile int64_t *slot, int64_t value) {
#ifdef _MSC_VER
  *slot = value; /* aligned 64-bit stores are atomic on x64 and arm64 */
#else
  __atomic_store_n(slot, value, __ATOMIC_RELAXED);
#endif
}

/* Returns nothing; sets *flag to 1 after every earlier write of this thread (a release store). */
static inline void workers_set_flag(volatile uint8_t *flag) {
#ifdef _MSC_VER
  _ReadWriteBarrier();
  *flag = 1; /* MSVC gives volatile stores release semantics (/volatile:ms, its default) */
#else
  __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
#endif
}

/* Returns *flag, read before any later read of this thread (an acquire load). */
static inline uint8_t workers_get_flag(const volatile uint8_t *flag) {
#ifdef _MSC_VER
  const uint8_t v = *flag;
  _ReadWriteBarrier();
  return v;
#else
  return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
#endif
}

#endif
