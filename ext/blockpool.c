/* Blocks from huge pages for doubling arrays (blockpool.h). */
#include <stdlib.h>
#include <string.h>
#include "blockpool.h"
#include "hugemem.h"

void blocks_init(BlockPool *p, size_t unit, size_t expect) {
  memset(p, 0, sizeof *p);
  p->unit = (unit + 63) / 64 * 64;
  p->first = p->unit * (expect ? expect : 1);
}

/* Returns 0 after starting a chunk of at least `bytes` (twice the last one's, so the chunks
   stay few), -1 if out of memory. */
static int blocks_chunk(BlockPool *p, size_t bytes) {
  if (p->nchunks == p->chunk_cap) {
    const size_t cap = p->chunk_cap ? 2 * p->chunk_cap : 8;
    struct BlockChunk *c = realloc(p->chunks, cap * sizeof *c);
    if (!c) return -1;
    p->chunks = c, p->chunk_cap = cap;
  }
  size_t size = p->nchunks ? 2 * p->chunks[p->nchunks - 1].bytes : p->first;
  if (size < bytes) size = bytes;
  char *m = huge_alloc(size);
  if (!m) return -1;
  p->chunks[p->nchunks++] = (struct BlockChunk){m, size};
  p->used = 0;
  return 0;
}

void *blocks_get(BlockPool *p, int k) {
  if (k < 0 || k >= BLOCK_CLASSES) return NULL;
  if (p->free[k]) {
    void *b = p->free[k];
    memcpy(&p->free[k], b, sizeof(void *));
    return b;
  }
  const size_t bytes = p->unit << k;
  if ((!p->nchunks || p->chunks[p->nchunks - 1].bytes - p->used < bytes) && blocks_chunk(p, bytes) < 0) return NULL;
  p->used += bytes;
  return p->chunks[p->nchunks - 1].p + p->used - bytes;
}

void blocks_put(BlockPool *p, void *block, int k) {
  if (!block) return;
  memcpy(block, &p->free[k], sizeof(void *));
  p->free[k] = block;
}

void blocks_free(BlockPool *p) {
  for (size_t i = 0; i < p->nchunks; i++) huge_free(p->chunks[i].p, p->chunks[i].bytes);
  free(p->chunks);
  memset(p, 0, sizeof *p);
}
