/* Checks bits.h's plain-C fallbacks (built with -DCB_PORTABLE_BITS) against
   bit-by-bit definitions; prints "N passed, N failed" and exits non-zero on failure. */
#include <stdio.h>
#include "bits.h"
#include "prng.h"

int main(void) {
  Prng rng = {0x5DEECE66DULL};
  int passed = 0, failed = 0;
  for (int i = 0; i < 200000; i++) {
    Bitboard b = prng_next(&rng), m = prng_next(&rng);
    b >>= (i % 64);
    if (!b) b = 1;
    int pc = 0, lo = -1, hi = -1;
    Bitboard sw = 0, px = 0, pd = 0;
    for (int s = 0, k = 0, j = 0; s < 64; s++) {
      if (b >> s & 1) { pc++; if (lo < 0) lo = s; hi = s; }
      sw |= ((b >> (8 * (s / 8))) & 0xFF) << (56 - 8 * (s / 8));
      if (m >> s & 1) { px |= ((b >> s) & 1) << k++; pd |= ((b >> j++) & 1) << s; }
    }
    Bitboard c = b;
    int ok = popcount(b) == pc && lsb(b) == lo && msb(b) == hi && bswap64(b) == sw
          && pop_lsb(&c) == lo && c == (b & (b - 1)) && pext_soft(b, m) == px && pdep_soft(b, m) == pd;
    if (ok) passed++;
    else if (failed++ < 3) printf("mismatch for b=%016llx m=%016llx\n", (unsigned long long)b, (unsigned long long)m);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
