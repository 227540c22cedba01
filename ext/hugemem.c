/* Huge-page memory for big tables. Anonymous mmap and madvise are not POSIX: this file asks
   for them before any system header (core.c and attacks/unity.c include it first). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#if defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hugemem.h"
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define HUGE_MMAP 1
#elif defined(_WIN32)
#include <malloc.h>
#endif

/* Returns bytes rounded up to whole huge pages. */
static size_t huge_round(size_t bytes) { return (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE; }

void *huge_alloc(size_t bytes) {
#ifdef HUGE_MMAP
  /* Anonymous pages arrive zeroed and only when touched. A huge page needs a 2 MB aligned
     start: map a page more, then give back the ends. */
  const int huge = bytes >= HUGE_PAGE / 2;
  const size_t len = huge ? huge_round(bytes) : bytes, extra = huge ? HUGE_PAGE : 0;
  char *p = mmap(NULL, len + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return NULL;
  if (huge) {
    const size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
    if (head) munmap(p, head);
    if (extra - head) munmap(p + head + len, extra - head);
    p += head;
#ifdef MADV_HUGEPAGE
    madvise(p, len, MADV_HUGEPAGE);
#endif
  }
  return p;
#elif defined(_WIN32)
  void *p = _aligned_malloc(bytes, 64);
  if (p) memset(p, 0, bytes);
  return p;
#else
  void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (p) memset(p, 0, bytes);
  return p;
#endif
}

void huge_free(void *p, size_t bytes) {
  if (!p) return;
#ifdef HUGE_MMAP
  munmap(p, bytes >= HUGE_PAGE / 2 ? huge_round(bytes) : bytes);
#elif defined(_WIN32)
  (void)bytes;
  _aligned_free(p);
#else
  (void)bytes;
  free(p);
#endif
}

void *huge_table(void *fallback, size_t bytes) {
  /* The region the tables are carved from, and where its free part starts. A request that
     does not fit starts a region of its own size (at least 4 MB); touched pages alone are
     resident, so the untouched end of a region costs nothing. */
  static char *region = NULL;
  static size_t used = 0, size = 0;
  bytes = (bytes + 63) / 64 * 64;
  if (!region || size - used < bytes) {
    const size_t want = huge_round(bytes > 2 * HUGE_PAGE ? bytes : 2 * HUGE_PAGE);
    char *r = huge_alloc(want);
    if (!r) return fallback;
    region = r, used = 0, size = want;
  }
  used += bytes;
  return region + used - bytes;
}
