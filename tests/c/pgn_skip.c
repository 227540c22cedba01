/* pgn_skip_braces (ext/pgn.c, the movetext read_headers and skip_game skip) against a byte
   at a time reading of the same rule, on random lines of braces, semicolons and text: built
   as is (SSE2 on x86-64) and with -U__SSE2__ (the memchr path other machines take). */
#include <stdio.h>
#include <stdint.h>
#include "pgn.c"
#include "pgn_annot.c"

/* Returns whether a comment is open at the end of s[0..n): '{' opens, '}' closes, ';' outside
   a comment ends the line. */
static int reference(const char *s, size_t n, int in_comment) {
  for (size_t i = 0; i < n; i++) {
    if (in_comment) in_comment = s[i] != '}';
    else if (s[i] == ';') return 0;
    else if (s[i] == '{') in_comment = 1;
  }
  return in_comment;
}

int main(void) {
  static const char alphabet[] = "{};a1 ]";
  uint64_t seed = 0x9E3779B97F4A7C15ULL;
  char line[200];
  int passed = 0, failed = 0;
  for (int t = 0; t < 200000; t++) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    const size_t n = seed % sizeof line;
    for (size_t i = 0; i < n; i++) {
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      line[i] = alphabet[(seed >> 8) % (seed & 1 ? 7 : 3)];  /* half the lines braces and ';' only */
    }
    for (int open = 0; open < 2; open++) {
      if (pgn_skip_braces(line, line + n, open) == reference(line, n, open)) passed++;
      else if (failed++ < 5) printf("differs: %.*s (open %d)\n", (int)n, line, open);
    }
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
