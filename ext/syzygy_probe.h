/* Probing Syzygy tables as python-chess's chess.syzygy does: WDL with the captures searched
   (a table may store any lower value where a capture does better) and en passant looked at,
   DTZ from the WDL, the DTZ table of the side it holds, or a one-ply search where it holds
   the other. The tables are a registry of names, each entry's bytes given by the caller when
   a probe asks for them (the caller maps the files). */
#ifndef CB_SYZYGY_PROBE_H
#define CB_SYZYGY_PROBE_H

#include "board.h"
#include "syzygy.h"

enum { SZ_WDL = 0, SZ_DTZ = 1 };

/* A probe that could not finish: SZ_NEED (entry `entry`'s table of `kind` is known but not
   given yet: give it and probe again), SZ_MISSING (no such table: `key` names the material,
   White's pieces first), SZ_CASTLING, SZ_TOO_MANY (`pieces`), SZ_CORRUPT, SZ_NOMEM. */
enum { SZ_NEED = -10, SZ_MISSING = -11, SZ_CASTLING = -12, SZ_TOO_MANY = -13 };
typedef struct {
  int code, kind, entry, pieces;
  char key[2 * SZ_PIECES_MAX + 2];
} SzError;

/* One table name's two files: whether each is there, and its bytes once given. */
typedef struct {
  char name[2 * SZ_PIECES_MAX + 2];
  uint64_t sig;               /* the name's material */
  uint64_t stored[2];         /* each table's own material (SzTable.key): a position of another is flipped */
  int present[2], given[2], failed[2];
  SzTable table[2];
} SzEntry;

typedef struct {
  SzEntry *entries;
  int n, cap;
  int32_t *slots;             /* open addressing: signature -> entry + 1 (both colourings) */
  uint64_t *slot_sig;
  int nslots;
} SzBase;

/* Returns SZ_OK with name (a normalized table name, as "KRPvKR") known to have a file of kind,
   its entry in *entry; SZ_CORRUPT if it is not a name; SZ_NOMEM. */
int sz_base_add(SzBase *b, const char *name, int kind, int *entry);

/* Returns SZ_OK after reading bytes (kept, not copied) as entry's table of kind; else as
   sz_wdl_open (the entry then fails every probe that needs it with that error). */
int sz_base_give(SzBase *b, int entry, int kind, const uint8_t *bytes, size_t length);

/* Returns nothing; forgets entry's table of kind (its bytes may be unmapped after). */
void sz_base_drop(SzBase *b, int entry, int kind);

/* Returns nothing; frees the registry. */
void sz_base_free(SzBase *b);

/* What sz_probe answers: python-chess's Tablebase methods of those names. */
enum { SZ_PROBE_WDL_TABLE, SZ_PROBE_AB, SZ_PROBE_WDL, SZ_PROBE_DTZ_TABLE, SZ_PROBE_DTZ_NO_EP, SZ_PROBE_DTZ };

/* Returns SZ_OK with *v (and *v2: probe_ab's success, probe_dtz_table's found) the answer of
   `what` for pos (alpha, beta: probe_ab's; wdl: probe_dtz_table's), else the error in *e.
   pos is copied: the board is only read (by as many threads as like). */
int sz_probe(const SzBase *b, const Position *pos, int what, int alpha, int beta, int wdl, int *v, int *v2,
             SzError *e);

#endif
