/* The Syzygy WDL probe in C alone, measured as Fathom's probe benchmark measures it
   (../shared/anchors/fathom/probe_bench.c): the positions of pos.txt, one a line as eight
   bitboards (white black kings queens rooks bishops knights pawns), the side to move 1/0 and
   the expected WDL, probed in a loop 20 times; the best pass's time per probe. The pos.txt
   `chessbits bench syzygy --fathom` writes is this format.

     gcc -O3 -std=gnu11 -Iext benchmarks/syzygy_probe_c.c ext/polyglot.c -o /tmp/syzygy_probe_c -lm -lpthread
     cd DIR_WITH_pos.txt && /tmp/syzygy_probe_c TABLE_DIRECTORY */
#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "core.c"

enum { MAX_POSITIONS = 20000, PASSES = 20 };

/* Returns the number of table files of dir mapped and given to b. */
static int load(SzBase *b, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) {
    const char *dot = strrchr(e->d_name, '.');
    const int kind = !dot ? -1 : !strcmp(dot, ".rtbw") ? SZ_WDL : !strcmp(dot, ".rtbz") ? SZ_DTZ : -1;
    char name[64], path[4096];
    if (kind < 0 || (size_t)(dot - e->d_name) >= sizeof name) continue;
    memcpy(name, e->d_name, (size_t)(dot - e->d_name));
    name[dot - e->d_name] = 0;
    int entry;
    if (sz_base_add(b, name, kind, &entry) != SZ_OK) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    const int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) continue;
    void *bytes = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (bytes != MAP_FAILED && sz_base_give(b, entry, kind, bytes, (size_t)st.st_size) == SZ_OK) n++;
  }
  closedir(d);
  return n;
}

int main(int argc, char **argv) {
  static SzBase base;
  static uint64_t bits[MAX_POSITIONS][8];
  static int turn[MAX_POSITIONS], want[MAX_POSITIONS];
  movegen_init();
  sz_init();
  if (argc < 2 || !load(&base, argv[1])) { fprintf(stderr, "usage: %s TABLE_DIRECTORY (pos.txt here)\n", argv[0]); return 2; }
  FILE *f = fopen("pos.txt", "r");
  if (!f) { fprintf(stderr, "no pos.txt here\n"); return 2; }
  uint64_t w, b, k, q, r, bi, kn, pa;
  int n = 0;
#define U " %" SCNu64
  while (n < MAX_POSITIONS && fscanf(f, U U U U U U U U " %d %d", &w, &b, &k, &q, &r, &bi, &kn, &pa, &turn[n],
                                     &want[n]) == 10) {
#undef U
    const uint64_t row[8] = {pa, kn, bi, r, q, k, w, b};  /* (SzBits' order: pawns..kings, white, black) */
    memcpy(bits[n++], row, sizeof row);
  }
  fclose(f);
  int bad = 0;
  double best = 1e9;
  for (int pass = 0; pass < PASSES; pass++) {
    struct timespec a, c;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < n; i++) {
      int v;
      const int rc = sz_probe_bits(&base, bits[i], turn[i], -1, 0, SZ_PROBE_WDL, &v);
      if (pass == 0 && (rc != SZ_OK || v != want[i])) bad++;
    }
    clock_gettime(CLOCK_MONOTONIC, &c);
    const double s = (double)(c.tv_sec - a.tv_sec) + (double)(c.tv_nsec - a.tv_nsec) / 1e9;
    if (s < best) best = s;
  }
  printf("chessbits sz_probe_bits: %d positions, %d disagree with python-chess, best %.3f us/probe\n", n, bad,
         best / n * 1e6);
  return bad != 0;
}
