/* Memory the kernel may back with 2 MB pages (Linux's transparent huge pages, asked for with
   madvise): one TLB entry then maps what 512 pages of 4 kB would, so lookups at random in a
   table of a megabyte or more stop missing the TLB. Elsewhere plain aligned memory. */
#ifndef CB_HUGEMEM_H
#define CB_HUGEMEM_H

#include <stddef.h>

#define HUGE_PAGE (2u << 20)

/* Returns zeroed memory of `bytes` (64-byte aligned; 2 MB aligned and advised as huge pages
   where the OS has them and bytes >= HUGE_PAGE / 2), NULL if there is none. */
void *huge_alloc(size_t bytes);

/* Returns nothing; gives back p, huge_alloc(bytes)'s memory (NULL: nothing). */
void huge_free(void *p, size_t bytes);

/* Returns zeroed 64-byte aligned memory of `bytes` for a lookup table that lives as long as
   the process, carved from huge pages shared by the tables asked for; where there is none,
   fallback (a static array of that size: zero pages never touched while the huge ones serve).
   Not thread-safe: the tables are built once, at import. */
void *huge_table(void *fallback, size_t bytes);

#endif
