/* Robert Hyatt's incremental attack boards (Crafty; rec.games.chess, October 1994): for
   every square the squares attacked from it and the pieces attacking it, kept up to date
   move by move instead of recomputed. A move changes a few squares; for each, (1) the
   attacks of the piece that left are cleared, (2) those of the piece that arrived are
   computed, (3)/(4) the sliders whose rays stopped at or passed through a square that
   emptied or filled see further or shorter along that one ray: found as the nearest
   blockers by ray mask + bitscan (the classical technique's rays), no loop over the board.
   Positions keep maps only when asked (Position.maps), so plain perft pays nothing;
   static exchange evaluation and x-ray attackers read them. */
#ifndef CB_ATTACKMAPS_H
#define CB_ATTACKMAPS_H

#include "position.h"
#include "attacks/attacks.h"

struct AttackMaps {
  Bitboard from[SQUARE_NB]; /* the squares the piece on s attacks (0 if s is empty) */
  Bitboard to[SQUARE_NB];   /* the pieces of either colour attacking s */
};

/* Returns the squares attacked by the piece on s (bitboards only, so perft's
   toggled boards work too) with the board occupied by occ; 0 if s is empty. */
static CB_FORCE_INLINE Bitboard attackmaps_piece_attacks(const Position *pos, Square s, Bitboard occ) {
  const Bitboard b = square_bb(s);
  if (pos->by_type[PAWN] & b) return PawnAttacks[(pos->by_color[BLACK] & b) != 0][s];
  if (pos->by_type[KNIGHT] & b) return KnightAttacks[s];
  if (pos->by_type[KING] & b) return KingAttacks[s];
  Bitboard a = 0;
  if ((pos->by_type[BISHOP] | pos->by_type[QUEEN]) & b) a |= classical_bishop(s, occ);
  if ((pos->by_type[ROOK] | pos->by_type[QUEEN]) & b) a |= classical_rook(s, occ);
  return a;
}

/* Returns nothing; toggles bit `of` in to[] of every square of b, and b in from[of]. */
static CB_FORCE_INLINE void attackmaps_toggle(AttackMaps *m, Square of, Bitboard b) {
  const Bitboard bit = square_bb(of);
  m->from[of] ^= b;
  while (b) m->to[pop_lsb(&b)] ^= bit;
}

/* Returns nothing; steps (3)/(4) for the square s whose occupancy just toggled (occ is
   the occupancy after): along each line through s, the nearest blockers on both sides;
   a slider of the line's kind on one side gains (s emptied) or loses (s filled) the
   squares beyond s up to the other blocker. Pieces on `skip` are left alone. */
static CB_FORCE_INLINE void attackmaps_rays(AttackMaps *m, const Position *pos, Square s, Bitboard occ,
                                            Bitboard skip) {
  const Bitboard rq = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & ~skip;
  const Bitboard bq = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & ~skip;
  for (int d = RAY_N; d <= RAY_NW; d++) {
    const Bitboard kind = d <= RAY_E ? rq : bq;
    const Bitboard up = Rays[d][s] & occ, down = Rays[d + 4][s] & occ;
    if (!((up | down) & kind)) continue;
    /* The sentinels' rays are empty: no blocker means the ray runs to the edge. */
    const Square ub = lsb(up | square_bb(SQ_H8)), db = msb(down | square_bb(SQ_A1));
    if (up & kind & square_bb(ub)) attackmaps_toggle(m, ub, Rays[d + 4][s] ^ Rays[d + 4][db]);
    if (down & kind & square_bb(db)) attackmaps_toggle(m, db, Rays[d][s] ^ Rays[d][ub]);
  }
}

/* Returns nothing; brings m from the position before a move (or a take-back) to pos,
   its position after: `changed` holds every square whose piece changed, occ_before the
   occupancy before. Works on bitboards alone (perft's toggled boards included). */
static CB_FORCE_INLINE void attackmaps_update(AttackMaps *m, const Position *pos, Bitboard occ_before,
                                              Bitboard changed) {
  const Bitboard occ_after = pos->by_type[NO_PIECE_TYPE];
  for (Bitboard b = changed; b; ) {      /* (1) the pieces that left stop attacking */
    const Square s = pop_lsb(&b);
    attackmaps_toggle(m, s, m->from[s]);
  }
  Bitboard occ = occ_before;             /* (3), (4) one square at a time */
  for (Bitboard b = (occ_before ^ occ_after) & changed; b; ) {
    const Square s = pop_lsb(&b);
    occ ^= square_bb(s);
    attackmaps_rays(m, pos, s, occ, changed);
  }
  for (Bitboard b = changed & occ_after; b; ) { /* (2) the pieces that arrived */
    const Square s = pop_lsb(&b);
    attackmaps_toggle(m, s, attackmaps_piece_attacks(pos, s, occ_after));
  }
}

/* Returns the squares whose piece a move m of the side to move changes (before it is played). */
static CB_FORCE_INLINE Bitboard attackmaps_changed(Move m, Color us) {
  const Square from = move_from(m), to = move_to(m);
  Bitboard b = square_bb(from) | square_bb(to);
  if (move_type(m) == MOVE_CASTLING)
    b |= square_bb(castling_king_to(from, to)) | square_bb(castling_rook_to(from, to));
  else if (move_type(m) == MOVE_EP)
    b |= square_bb(to + (us == WHITE ? SOUTH : NORTH));
  return b;
}

/* Returns nothing; fills m from scratch for pos. */
void attackmaps_compute(AttackMaps *m, const Position *pos);

/* Returns the pieces of either colour attacking s directly or through other attackers of
   s standing in front of them on the same line (any depth): the set an exchange on s
   draws from. m may be NULL (then computed by lookups). */
Bitboard attackmaps_xray(const Position *pos, const AttackMaps *m, Square s);

/* Returns the static exchange value, for the side moving, of moving the piece on `from`
   to `to` (promoting to promo unless 0; ep: an en-passant capture): both sides then
   capture on `to` with their least valuable attacker by values[pt] (the king last, and
   only onto an undefended square; x-rays revealed as pieces leave, pins ignored; a pawn
   taking on the last rank becomes a queen), each free to stop. The swap algorithm, not a full minimax: taking first with a dearer piece
   is never tried, even where the cheaper one would open a line. m may be NULL. */
int attackmaps_see(const Position *pos, const AttackMaps *m, Square from, Square to, PieceType promo,
                   int ep, const int values[PIECE_TYPE_NB]);

#endif
