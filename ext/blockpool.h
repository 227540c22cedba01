/* Blocks for many arrays that grow by doubling (a BoardBatch's games), carved from huge pages
   (hugemem.h): a step over a thousand games then walks a few TLB entries instead of thousands
   of 4 kB pages. A block given back waits for the next request of its size. Not thread-safe. */
#ifndef CB_BLOCKPOOL_H
#define CB_BLOCKPOOL_H

#include <stddef.h>

/* Size classes: class k's blocks hold unit << k bytes. */
#define BLOCK_CLASSES 24

typedef struct {
  size_t unit;                  /* class 0's bytes, a multiple of 64 */
  void *free[BLOCK_CLASSES];     /* given-back blocks, each linked to the next by its first word */
  struct BlockChunk { char *p; size_t bytes; } *chunks;  /* the huge_alloc'd memory */
  size_t nchunks, chunk_cap;
  size_t used;                  /* bytes handed out of the last chunk */
  size_t first;                 /* the first chunk's bytes */
} BlockPool;

/* Returns nothing; sets p up for blocks of unit << k bytes, its first chunk sized for `expect`
   blocks of class 0 (taken when the first block is asked for). */
void blocks_init(BlockPool *p, size_t unit, size_t expect);

/* Returns a 64-byte aligned block of unit << k bytes (its contents undefined), NULL if out of
   memory or k >= BLOCK_CLASSES. */
void *blocks_get(BlockPool *p, int k);

/* Returns nothing; gives back blocks_get(p, k)'s block (NULL: nothing). */
void blocks_put(BlockPool *p, void *block, int k);

/* Returns nothing; frees every block of p at once. */
void blocks_free(BlockPool *p);

#endif
