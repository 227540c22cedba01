/* Perft's transposition table memory, from hugemem.c: huge pages spare the TLB a miss on
   nearly every probe of a table of gigabytes. */
#include "hugemem.h"
#include "perft_tt.h"

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
  void *p = huge_alloc(tt->bytes);
  tt->entries = p;
  return p != NULL;
}

void perft_tt_free(PerftTT *tt) {
  huge_free(tt->entries, tt->bytes);
  tt->entries = NULL;
}
