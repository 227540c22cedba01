/* Probing Syzygy tables as python-chess's chess.syzygy does: WDL with the captures searched
   (a table may store any lower value where a capture does better) and en passant looked at,
   DTZ from the WDL, the DTZ table of the side it holds, or a one-ply search where it holds
   the other. The tables are a registry of names, each entry's bytes given by the caller when
   a probe asks for them (the caller maps the files). */
#ifndef CB_SYZYGY_PROBE_H
#define CB_SYZYGY_PROBE_H

#include "board.h"
#include "syzygy.h"
#include "workers.h"

enum { SZ_WDL = 0, SZ_DTZ = 1 };

/* A probe that could not finish: SZ_NEED (entry `entry`'s table of `kind` is known but not
   given yet: give it and probe again), SZ_MISSING (no such table: `key` names the material,
   White's pieces first), SZ_CASTLING, SZ_TOO_MANY (`pieces`), SZ_CORRUPT, SZ_NOMEM, SZ_INVALID
   (bitboards that are not a board: sz_position). */
enum { SZ_NEED = -10, SZ_MISSING = CHESSBITS_SZ_MISSING, SZ_CASTLING = CHESSBITS_SZ_CASTLING,
       SZ_TOO_MANY = CHESSBITS_SZ_TOO_MANY, SZ_INVALID = CHESSBITS_SZ_INVALID };
typedef struct {
  int code, kind, entry, pieces;
  char key[2 * SZ_PIECES_MAX + 2];
} SzError;

/* One table name's two files: whether each is there, and its bytes once given. */
typedef struct {
  char name[2 * SZ_PIECES_MAX + 2];
  uint64_t sig;               /* the name's material */
  uint64_t stored[2];         /* each table's own material (SzTable.key): a position of another is flipped */
  int present[2], failed[2];
  uint8_t given[2];           /* set last (a release store): a probe on another thread reads table[] after it */
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

/* Many probes in one job (sz_many_bits, sz_many_positions, or an output of encode_batch.h's
   EncJob, on their threads): each row's value and code, the tables the rows needed (SZ_NEED:
   once given, the job runs again with `retry` and probes only those rows), each thread's
   first error. */
typedef struct {
  const SzBase *base;
  int what;                   /* SZ_PROBE_WDL or SZ_PROBE_DTZ */
  int retry;
  int16_t *value;             /* per row */
  int8_t *code;               /* per row: SZ_OK or the probe's error */
  uint8_t *need;              /* 2 * entry + kind: a row needed that table (entries when the job began) */
  SzError first[WORKERS_MAX]; /* each thread's error of its lowest row other than SZ_NEED */
  int64_t first_row[WORKERS_MAX]; /* that row, -1 if none */
} SzMany;

/* Returns as sz_probe (alpha -2, beta 2, no wdl given), probing pos itself (every move it
   makes taken back before it returns). */
int sz_probe_position(const SzBase *b, Position *pos, int what, int *value, SzError *e);

/* Positions as bitboards, row i at bits[8 * i] in GameArrays' layout: pawns, knights, bishops,
   rooks, queens, kings, white, black; the rest per row, NULL for none (castling rights are
   python-chess's castling_rights; a position with any cannot be probed). */
typedef struct {
  const uint64_t *bits;
  const uint8_t *turns;       /* 1: White to move */
  const int8_t *ep;           /* the en-passant square, -1 if none */
  const uint32_t *rule50;
  const uint64_t *castling;
} SzBits;

/* Returns SZ_OK with *pos (its state *st) row i of in, SZ_CASTLING if it has castling
   rights, SZ_INVALID if its bitboards are not a board (pieces overlap or lack a colour, not
   one king a side, a pawn on a back rank, an en-passant square off the 3rd and 6th ranks). */
int sz_position(const SzBits *in, size_t i, Position *pos, StateInfo *st);

/* Returns nothing; readies m's first errors (before a job runs). */
void sz_many_begin(SzMany *m);

/* Returns nothing; probes pos as row n of m on thread `thread` (unless retrying and n needs
   nothing). The registry must not change meanwhile, except tables given to it. */
void sz_many_row(SzMany *m, int thread, size_t n, const Position *pos);

/* Returns as sz_probe, SZ_PROBE_WDL or SZ_PROBE_DTZ (what) of one position as bitboards
   (SzBits' layout; ep -1: none); SZ_NEED for a table not given (never asks for it). */
int sz_probe_bits(const SzBase *b, const uint64_t bits[8], int white, int ep, unsigned rule50, int what, int *value);

/* Returns nothing; probes rows [0, n) of in as m's rows (sz_many_row) on `threads` threads,
   which take rows in chunks as they go. */
void sz_many_bits(SzMany *m, const SzBits *in, size_t n, int threads);

/* Returns nothing; as sz_many_bits for the positions pos[0..n) (each copied, only read). */
void sz_many_positions(SzMany *m, const Position *const *pos, size_t n, int threads);

#endif
