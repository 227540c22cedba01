/* The kept piece-square score (psqt.h). */
#include "psqt.h"

void psqt_compute(Psqt *p, const Position *pos) {
  int32_t score = 0;
  for (Bitboard b = pos->by_type[NO_PIECE_TYPE]; b; ) {
    const Square s = pop_lsb(&b);
    score += p->table[pos->board[s]][s];
  }
  p->score = score;
}
