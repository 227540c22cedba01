/* The move generator alone, as a C program: every count of an EPD perft suite
   ("FEN ;D1 20 ;D2 400 ...") up to a node budget, with every generator method this
   CPU runs (each sliding-attack technique and the incremental attack maps). Built by
   tests/test_c_core.py, and cross-compiled by tools/wheels.py to run under qemu on
   aarch64. Usage: perft_suite FILE [--chess960] [--max-nodes N]; prints
   "N passed, N failed" and exits non-zero on any wrong count. */
#include "core.c" /* first: it sets the feature macros */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Returns the number of wrong counts for the position on one suite line. */
static int check_line(const char *line, int chess960, uint64_t max_nodes, int *passed) {
  const char *semi = strchr(line, ';');
  if (!semi || line[0] == '#') return 0;
  Position pos;
  StateInfo st;
  int where;
  const FenError e = board_set_fen(&pos, line, (size_t)(semi - line), chess960, &st, &where);
  if (e != FEN_OK) {
    printf("bad FEN (check %d, rank %d): %.*s\n", (int)e, where, (int)(semi - line), line);
    return 1;
  }
  int failed = 0;
  for (const char *p = semi; (p = strstr(p, ";D")) != NULL; p++) {
    char *end;
    const int depth = (int)strtol(p + 2, &end, 10);
    const uint64_t nodes = strtoull(end, NULL, 10);
    if (nodes > max_nodes) break;
    for (int t = 0; t < MOVEGEN_NB; t++) {
      if (t < TECHNIQUE_NB && !technique_available(t)) continue;
      const uint64_t got = perft(&pos, depth, t);
      if (got == nodes) { (*passed)++; continue; }
      failed++;
      printf("%.*s depth %d, %s: %llu, expected %llu\n", (int)(semi - line), line, depth,
             t < TECHNIQUE_NB ? Techniques[t].name : "incremental", (unsigned long long)got,
             (unsigned long long)nodes);
    }
  }
  return failed;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [--chess960] [--max-nodes N]\n", argv[0]);
    return 2;
  }
  int chess960 = 0, passed = 0, failed = 0;
  uint64_t max_nodes = 100000;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--chess960")) chess960 = 1;
    else if (!strcmp(argv[i], "--max-nodes") && i + 1 < argc) max_nodes = strtoull(argv[++i], NULL, 10);
    else { fprintf(stderr, "unknown argument %s\n", argv[i]); return 2; }
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) { perror(argv[1]); return 2; }
  movegen_init();
  char line[4096];
  while (fgets(line, sizeof line, f)) failed += check_line(line, chess960, max_nodes, &passed);
  fclose(f);
  printf("%s: %s, %d passed, %d failed\n", argv[1], movegen_path(), passed, failed);
  return failed != 0;
}
