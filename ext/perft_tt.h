/* Perft's transposition table, shared by threads without locks. A position's key is 128 bits:
   the Zobrist key mixed with a seed picks a 64-byte bucket of four entries, and a second
   64-bit key (a seeded hash of every bitboard and the state) is stored whole, so a false hit
   needs 64 + log2(buckets) bits to agree. An entry holds that key XORed with its data (Hyatt's
   lockless hashing): a read torn between two threads' writes fails the check and is a miss.
   Another seed gives other keys, so a second run checks the first. */
#ifndef CB_PERFT_TT_H
#define CB_PERFT_TT_H

#include <stddef.h>
#include "position.h"

typedef struct { uint64_t check, data; } PerftEntry; /* check = key ^ data, data = count << 8 | depth */
#define PERFT_BUCKET 4                                /* entries per 64-byte bucket */
#define PERFT_COUNT_MAX ((1ULL << 56) - 1)            /* larger counts are not stored */
#define PERFT_TT_MAX_MB (1 << 20)                     /* the largest table asked for: 1 TB */

typedef struct {
  PerftEntry *entries;   /* buckets * PERFT_BUCKET entries, 64-byte aligned */
  uint64_t buckets;      /* any number: a key's hash is scaled to it, not masked */
  uint64_t seed_lo, seed_hi;
  size_t bytes;
} PerftTT;

/* Returns 1 and a zeroed table of `bytes` rounded down to whole buckets (at least one) keyed
   by seed, or 0 when the memory is not there. Large tables ask the OS for huge pages. */
int perft_tt_alloc(PerftTT *tt, size_t bytes, uint64_t seed);

/* Returns nothing; frees the table's memory (idempotent). */
void perft_tt_free(PerftTT *tt);

/* Returns h with w folded in (a multiply-xorshift step). */
static inline uint64_t perft_tt_mix(uint64_t h, uint64_t w) {
  h = (h ^ w) * 0x9FB21C651E98DF25ULL;
  return h ^ (h >> 28);
}

/* Returns the high 64 bits of a * b. */
static inline uint64_t perft_tt_mulhi(uint64_t a, uint64_t b) {
#ifdef __SIZEOF_INT128__
  __extension__ typedef unsigned __int128 u128;
  return (uint64_t)((u128)a * b >> 64);
#else
  const uint64_t al = a & 0xFFFFFFFFULL, ah = a >> 32, bl = b & 0xFFFFFFFFULL, bh = b >> 32;
  const uint64_t hl = ah * bl, mid = (al * bl >> 32) + (hl & 0xFFFFFFFFULL) + al * bh;
  return ah * bh + (hl >> 32) + (mid >> 32);
#endif
}

/* Returns the bucket of the position with Zobrist key `key`: its mixed key times the number
   of buckets, high half (Lemire's fast range), so a table of any size is used whole. */
static inline PerftEntry *perft_tt_bucket(const PerftTT *tt, uint64_t key) {
  const uint64_t h = (key ^ tt->seed_lo) * 0xD6E8FEB86659FD93ULL;
  return tt->entries + perft_tt_mulhi(h, tt->buckets) * PERFT_BUCKET;
}

/* Returns the second half of pos's key: every bitboard (kings and black follow from the
   rest), side, castling rights and the en-passant square, hashed with the seed. */
static inline uint64_t perft_tt_key_hi(const PerftTT *tt, const Position *pos) {
  uint64_t h = tt->seed_hi;
  h = perft_tt_mix(h, pos->by_type[NO_PIECE_TYPE]);
  h = perft_tt_mix(h, pos->by_color[WHITE]);
  for (int pt = PAWN; pt <= QUEEN; pt++) h = perft_tt_mix(h, pos->by_type[pt]);
  h = perft_tt_mix(h, (uint64_t)pos->side | (uint64_t)pos->st->castling << 1 | (uint64_t)pos->st->ep << 8);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  return h ^ (h >> 33);
}

/* Returns 1 and the count in *count if the bucket holds key hi at this depth, else 0. */
static inline int perft_tt_probe(const PerftEntry *b, uint64_t hi, int depth, uint64_t *count) {
  for (int i = 0; i < PERFT_BUCKET; i++) {
    const uint64_t data = b[i].data, check = b[i].check;
    if ((check ^ data) == hi && (data & 0xFF) == (uint64_t)depth) {
      *count = data >> 8;
      return 1;
    }
  }
  return 0;
}

/* Returns nothing; stores the count in the bucket's shallowest entry (deep subtrees cost the
   most to count again; depth 0 is an empty entry), the key choosing among equals: were the
   first always taken, a bucket full of depth-2 entries would renew only one of them. */
static inline void perft_tt_store(PerftEntry *b, uint64_t hi, int depth, uint64_t count) {
  if (count > PERFT_COUNT_MAX) return;
  const int start = (int)(hi % PERFT_BUCKET);
  int victim = start;
  for (int k = 1; k < PERFT_BUCKET; k++) {
    const int i = (start + k) % PERFT_BUCKET;
    if ((b[i].data & 0xFF) < (b[victim].data & 0xFF)) victim = i;
  }
  const uint64_t data = count << 8 | (uint64_t)depth;
  b[victim].data = data;
  b[victim].check = hi ^ data;
}

/* Returns nothing; asks the cache for the bucket of Zobrist key `key` ahead of its probe. */
static inline void perft_tt_prefetch(const PerftTT *tt, uint64_t key) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(perft_tt_bucket(tt, key));
#else
  (void)tt, (void)key;
#endif
}

#endif
