/* Perft's transposition table memory. Anonymous mmap and madvise's huge pages are not POSIX:
   this file asks for them before any system header (core.c includes it first). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#if defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE
#endif
#include <stdlib.h>
#include <string.h>
#include "perft_tt.h"
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define PERFT_TT_MMAP 1
#elif defined(_WIN32)
#include <malloc.h>
#endif

/* Returns x run through splitmix64's finaliser (seed expansion). */
static uint64_t perft_tt_splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

int perft_tt_alloc(PerftTT *tt, size_t bytes, uint64_t seed) {
  const size_t bucket = PERFT_BUCKET * sizeof(PerftEntry);
  tt->buckets = bytes / bucket ? bytes / bucket : 1;
  tt->bytes = (size_t)tt->buckets * bucket;
  tt->seed_lo = perft_tt_splitmix(seed);
  tt->seed_hi = perft_tt_splitmix(seed ^ 0x5851F42D4C957F2DULL);
#ifdef PERFT_TT_MMAP
  /* Anonymous pages arrive zeroed and only when touched; huge pages spare the TLB a miss
     on nearly every probe of a table of gigabytes. */
  void *p = mmap(NULL, tt->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) p = NULL;
#ifdef MADV_HUGEPAGE
  if (p && tt->bytes >= (2u << 20)) madvise(p, tt->bytes, MADV_HUGEPAGE);
#endif
#elif defined(_WIN32)
  void *p = _aligned_malloc(tt->bytes, 64);
  if (p) memset(p, 0, tt->bytes);
#else
  void *p = aligned_alloc(64, tt->bytes);
  if (p) memset(p, 0, tt->bytes);
#endif
  tt->entries = p;
  return p != NULL;
}

void perft_tt_free(PerftTT *tt) {
  if (!tt->entries) return;
#ifdef PERFT_TT_MMAP
  munmap(tt->entries, tt->bytes);
#elif defined(_WIN32)
  _aligned_free(tt->entries);
#else
  free(tt->entries);
#endif
  tt->entries = NULL;
}
