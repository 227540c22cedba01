/* Building blocks for a search written in Python, each one call per node: a material +
   piece-square score kept up to date move by move (Position.psqt, like the attack maps,
   only on boards that ask for it), legal moves ordered by MVV-LVA or static exchange
   value, and mobility. */
#ifndef CB_ENGINE_H
#define CB_ENGINE_H

#include "board.h"
#include "attackmaps.h"

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

/* Returns the static exchange value of the python-chess move m for the side playing it
   (attackmaps_see; 0 for castling and the null move). */
int engine_see(const Position *pos, PyMove m, const int values[PIECE_TYPE_NB]);

/* Ordering keys (engine_order). */
enum { ORDER_MVV_LVA, ORDER_SEE };

/* Returns nothing; sorts moves[0..n), python-chess moves of pos, best first and stable:
   ORDER_MVV_LVA: captures by 10 * victim - attacker (piece types; en passant takes a
   pawn), then non-capturing promotions by piece, then the rest; ORDER_SEE: captures and
   promotions by static exchange value (values), then the rest. */
void engine_order(const Position *pos, PyMove *moves, int n, int order, const int values[PIECE_TYPE_NB]);

/* Returns the number of squares attacked by colour c's knights, bishops, rooks and queens
   that are not occupied by c's own pieces, summed over those pieces; m may be NULL. */
int engine_mobility(const Position *pos, const AttackMaps *m, Color c);

#endif
