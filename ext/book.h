/* Polyglot opening books: a file of 16-byte big-endian entries (key, move, weight,
   learn) sorted by key, the key being the position's Polyglot Zobrist key (polyglot.h). */
#ifndef CB_BOOK_H
#define CB_BOOK_H

#include "board.h"

enum { BOOK_ENTRY_BYTES = 16 };

typedef struct {
  uint64_t key;
  uint16_t raw_move;   /* to | from << 6 | promotion << 12 (1 knight .. 4 queen; a drop when from == to) */
  uint16_t weight;
  uint32_t learn;
} BookEntry;

/* Returns entry i of the book at data. */
BookEntry book_entry(const unsigned char *data, size_t i);

/* Returns the index of the first of the n entries at data whose key is >= key (n if none). */
size_t book_lower_bound(const unsigned char *data, size_t n, uint64_t key);

/* Returns the move of a raw book move as a PyMove, or -1 for a drop (from == to);
   *promotion gets the promoted piece type (0 for none) either way. */
int book_pymove(uint16_t raw_move, int *promotion);

#endif
