/* Building blocks for a search written in Python, each one call per node: the kept
   piece-square score (psqt.h), legal moves ordered by MVV-LVA or static exchange value,
   and mobility. */
#ifndef CB_ENGINE_H
#define CB_ENGINE_H

#include "board.h"
#include "attackmaps.h"
#include "psqt.h"

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
