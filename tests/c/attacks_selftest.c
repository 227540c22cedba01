/* ext/attacks alone, as a C program: every technique this CPU can run against the
   reference (every subset of every relevant mask, plus random full boards).
   Built by tests/test_c_core.py with and without CB_PORTABLE_BITS; prints
   "N passed, N failed" and exits non-zero on any mismatch. */
#include "attacks/unity.c" /* first: its hugemem.c sets feature macros before any system header */
#include <stdio.h>

int main(void) {
  int passed = 0, failed = 0;
  attacks_init();
  for (int t = 0; t < TECHNIQUE_NB; t++) {
    if (!technique_available(t)) continue;
    Square s;
    Bitboard occ;
    int piece;
    uint64_t bad = technique_selftest(t, 200, &s, &occ, &piece);
    if (bad) printf("%s: %llu mismatches, first on square %d\n", Techniques[t].name, (unsigned long long)bad, s);
    bad ? failed++ : passed++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
