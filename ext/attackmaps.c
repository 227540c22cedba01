#include "attackmaps.h"

void attackmaps_compute(AttackMaps *m, const Position *pos) {
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  for (Square s = SQ_A1; s <= SQ_H8; s++) m->from[s] = m->to[s] = 0;
  for (Bitboard b = occ; b; ) {
    const Square s = pop_lsb(&b);
    attackmaps_toggle(m, s, attackmaps_piece_attacks(pos, s, occ));
  }
}

/* Returns the pieces attacking s with the board occupied by occ, both colours. */
static Bitboard am_attackers(const Position *pos, Square s, Bitboard occ) {
  const Bitboard *t = pos->by_type;
  return ((PawnAttacks[BLACK][s] & t[PAWN] & pos->by_color[WHITE])
        | (PawnAttacks[WHITE][s] & t[PAWN] & pos->by_color[BLACK])
        | (KnightAttacks[s] & t[KNIGHT]) | (KingAttacks[s] & t[KING])
        | (classical_rook(s, occ) & (t[ROOK] | t[QUEEN]))
        | (classical_bishop(s, occ) & (t[BISHOP] | t[QUEEN]))) & occ;
}

/* Returns the sliders on lines through s that see it once the pieces off occ are gone. */
static inline Bitboard am_revealed(const Position *pos, Square s, Bitboard occ) {
  const Bitboard *t = pos->by_type;
  return ((classical_rook(s, occ) & (t[ROOK] | t[QUEEN]))
        | (classical_bishop(s, occ) & (t[BISHOP] | t[QUEEN]))) & occ;
}

Bitboard attackmaps_xray(const Position *pos, const AttackMaps *m, Square s) {
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  Bitboard found = m ? m->to[s] : am_attackers(pos, s, occ);
  /* Lift every attacker found so far: a slider behind one of them on its line now sees s. */
  for (Bitboard more = found; more; ) {
    more = am_revealed(pos, s, occ & ~found);
    found |= more;
  }
  return found;
}

int attackmaps_see(const Position *pos, const AttackMaps *m, Square from, Square to, PieceType promo,
                   int ep, const int values[PIECE_TYPE_NB]) {
  int gain[40];  /* at most 32 pieces take part */
  Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  const Color us = (pos->by_color[BLACK] & square_bb(from)) != 0;
  PieceType on_square = type_of_piece(pos->board[from]);
  PieceType victim = type_of_piece(pos->board[to]);
  if (ep) {
    victim = PAWN;
    occ ^= square_bb(to + (us == WHITE ? SOUTH : NORTH));
  }
  gain[0] = values[victim];
  if (promo) {
    gain[0] += values[promo] - values[PAWN];
    on_square = promo;
  }
  /* The mover leaves `from` (revealing what stood behind it) and stands on `to`. */
  occ = (occ ^ square_bb(from)) | square_bb(to);
  Bitboard attackers = (m && !ep ? m->to[to] : am_attackers(pos, to, occ)) | am_revealed(pos, to, occ);
  attackers &= occ & ~square_bb(to);
  Color side = us ^ 1;
  int d = 0;
  for (;;) {
    const Bitboard mine = attackers & pos->by_color[side];
    if (!mine) break;
    PieceType pt = KING;  /* the least valuable by `values`, the king last */
    for (PieceType t = QUEEN; t >= PAWN; t--)
      if ((mine & pos->by_type[t]) && (pt == KING || values[t] <= values[pt])) pt = t;
    const Bitboard b = mine & pos->by_type[pt];
    const Bitboard after = occ ^ (b & (0 - b));
    const Bitboard next = (attackers | am_revealed(pos, to, after)) & after;
    /* The king captures only where nothing can take it back. */
    if (pt == KING && (next & pos->by_color[side ^ 1])) break;
    d++;
    gain[d] = values[on_square] - gain[d - 1];
    on_square = pt;
    /* A pawn taking on the last rank becomes a queen: its gain counts too. */
    if (pt == PAWN && (square_bb(to) & (RANK_1_BB | RANK_8_BB))) {
      gain[d] += values[QUEEN] - values[PAWN];
      on_square = QUEEN;
    }
    occ = after;
    attackers = next;
    side ^= 1;
  }
  /* Each side takes the better of standing pat and going on. */
  while (d > 0) {
    if (-gain[d] < gain[d - 1]) gain[d - 1] = -gain[d];
    d--;
  }
  return gain[0];
}
