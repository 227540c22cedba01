/* Polyglot opening books: entries read from the file's bytes, found by binary search. */
#include "book.h"

/* Returns the big-endian integer of the nbytes at p. */
static uint64_t book_read(const unsigned char *p, int nbytes) {
  uint64_t v = 0;
  for (int i = 0; i < nbytes; i++) v = v << 8 | p[i];
  return v;
}

BookEntry book_entry(const unsigned char *data, size_t i) {
  const unsigned char *p = data + i * BOOK_ENTRY_BYTES;
  BookEntry e = {book_read(p, 8), (uint16_t)book_read(p + 8, 2), (uint16_t)book_read(p + 10, 2),
                 (uint32_t)book_read(p + 12, 4)};
  return e;
}

size_t book_lower_bound(const unsigned char *data, size_t n, uint64_t key) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (book_read(data + mid * BOOK_ENTRY_BYTES, 8) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int book_pymove(uint16_t raw_move, int *promotion) {
  Square to = raw_move & 63, from = (raw_move >> 6) & 63;
  int part = (raw_move >> 12) & 7;
  *promotion = part ? part + 1 : 0;
  return from == to ? -1 : pymove_make(from, to, *promotion);
}
