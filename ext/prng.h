/* A small seeded PRNG (xorshift64*), so magic searches and tests repeat exactly. */
#ifndef CB_PRNG_H
#define CB_PRNG_H

#include "types.h"

typedef struct { uint64_t s; } Prng;

/* Returns the next 64 random bits and advances the generator (seed must not be 0). */
static inline uint64_t prng_next(Prng *p) {
  p->s ^= p->s >> 12;
  p->s ^= p->s << 25;
  p->s ^= p->s >> 27;
  return p->s * 2685821657736338717ULL;
}

/* Returns a random number with about 1/8 of its bits set: good magic candidates. */
static inline uint64_t prng_sparse(Prng *p) {
  return prng_next(p) & prng_next(p) & prng_next(p);
}

#endif
