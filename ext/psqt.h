/* A material + piece-square score kept up to date move by move (Position.psqt), on the boards
   that ask for it (chessbits' engine helpers), like the attack maps: board.c keeps it through
   push, pop and edits; engine.c reads it. */
#ifndef CB_PSQT_H
#define CB_PSQT_H

#include "position.h"

struct Psqt {
  int32_t table[PIECE_NB][SQUARE_NB]; /* the worth of each piece on each square, White's positive */
  int32_t score;                      /* its sum over the pieces on the board */
};

/* Returns nothing; sets p->score from scratch for pos. */
void psqt_compute(Psqt *p, const Position *pos);

/* Returns nothing; updates p->score for the piece on s changing from `before` to `after`
   (either may be NO_PIECE). */
static inline void psqt_change(Psqt *p, Square s, Piece before, Piece after) {
  p->score += p->table[after][s] - p->table[before][s];
}

#endif
