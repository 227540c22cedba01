/* Syzygy endgame tables read from their bytes (a file mapped read-only by the caller): a
   table's header, its compressed value blocks, and the index of a position in it. The value
   of a position is looked up as the format has it: its pieces normalized (colours, the
   board's symmetries), ranked into an index, the index's block found and decoded. Every
   read is checked against the table's length: a truncated or corrupted file is an error,
   never a read past its end. */
#ifndef CB_SYZYGY_H
#define CB_SYZYGY_H

#include <stddef.h>
#include <stdint.h>
#include "types.h"
#include "../src/chessbits/include/chessbits_syzygy.h"  /* (the public header, shipped in the package) */

enum { SZ_PIECES_MAX = 7 };

/* The values of one table side, compressed: blocks of canonical Huffman codes over symbols
   that stand for pairs of symbols, down to single values. */
typedef struct {
  int constant;               /* every value is `value` (no blocks) */
  uint8_t flags;              /* DTZ: 1 the side stored (Black), 2 values mapped, 4/8 halved for
                                 wins/losses, 16 the map of 16-bit values */
  uint8_t value;
  int block_bits, idx_bits, min_len, max_len, nsym;
  uint32_t blocks, real_blocks;
  uint64_t size;              /* positions indexed */
  const uint8_t *offsets;     /* uint16 LE a code length: the symbol of its first code */
  const uint8_t *symbols;     /* 3 bytes a symbol: its two halves (12 bits each; 0xFFF: a value) */
  const uint8_t *index;       /* 6 bytes an entry: a block (uint32 LE) and an offset (uint16 LE) */
  const uint8_t *sizes;       /* uint16 LE a block: the values in it, minus one */
  const uint8_t *data;
  uint64_t base[32];          /* per code length - min_len: its smallest code, left-aligned in 64 bits */
  uint16_t first[32];         /* per code length - min_len: the symbol of its first code (offsets read) */
  uint8_t len_from[256];      /* per top byte of a code: the shortest its length can be, - min_len */
  uint8_t *span;              /* per symbol: the values it stands for, minus one */
} SzPairs;

/* One side of a table (or of a leading pawn's file): its pieces in the table's order (a
   piece code: PieceType | 8 for Black), how they group, and each group's multiplier. */
typedef struct {
  uint8_t pieces[SZ_PIECES_MAX];
  uint8_t group[SZ_PIECES_MAX];   /* at a group's first piece: its size */
  uint64_t factor[SZ_PIECES_MAX]; /* at a group's first piece: its multiplier in the index */
  SzPairs pairs;
} SzSide;

/* A WDL table: its pieces, whether it holds both sides to move, its sides (per file of the
   leading pawn with pawns: side[file][side], else side[0][side]). */
typedef struct {
  const uint8_t *bytes;
  size_t length;
  int num, split, has_pawns, symmetric, enc, dtz;
  int pawns[2];                   /* the leading colour's pawns (the fewer, not none), the other's */
  SzSide side[4][2];              /* (a DTZ table: side[file][0] only) */
  char key[2 * SZ_PIECES_MAX + 2]; /* the material its first side stores, White's first (its
                                     name's, but for some pawnless tables the colours swapped) */
  const uint8_t *map, *map_end;   /* DTZ: the value maps of every file */
  uint32_t map_idx[4][4];         /* DTZ: [file][win, loss, cursed win, blessed loss]: where its map starts */
} SzTable;

/* (the codes C callers see are the public header's: src/chessbits/include) */
enum { SZ_OK = CHESSBITS_SZ_OK, SZ_CORRUPT = CHESSBITS_SZ_CORRUPT, SZ_NOMEM = CHESSBITS_SZ_NOMEM };

/* Returns 1 with counts[colour][piece type] of a table's name ("KRPvKR", White's first), 0 if
   it is not the name of a table of at most SZ_PIECES_MAX pieces with a king a side. */
int sz_material(const char *name, int counts[2][7]);

/* Returns nothing; fills the format's square tables (once, before any other call). */
void sz_init(void);

/* Returns SZ_OK with *t read from the bytes (kept, not copied) of the WDL table named name
   (its normalized name, as "KRPvKR"), SZ_CORRUPT if they are not one (its pieces not the
   name's, as a table without kings), SZ_NOMEM. */
int sz_wdl_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name);

/* Returns as sz_wdl_open, for a DTZ table. */
int sz_dtz_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name);

/* Returns nothing; frees what sz_wdl_open or sz_dtz_open allocated. */
void sz_table_free(SzTable *t);

/* Returns SZ_OK with *value the table's stored value (-2..2, the side to move's) for the
   position of by_color/by_type with `turn` to move; `flipped` if the position's colours are
   the table's swapped. SZ_CORRUPT if the table's bytes do not decode. */
int sz_wdl_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], Color turn,
               int flipped, int *value);

/* Returns SZ_OK with *value the DTZ table's stored distance for the position whose WDL
   (with captures) is wdl (-2..2, not 0), *found 0 if the table holds the other side to move
   only; SZ_CORRUPT as sz_wdl_raw. */
int sz_dtz_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], Color turn,
               int flipped, int wdl, int *value, int *found);

#endif
