/* The legal move generator as a template: movegen_one.h includes this file, then
   perft_impl.h (perft on this generator), once per technique and code variant, with CB_T
   (the technique's name), CB_V (the variant's name suffix), CB_T_TARGET (the target
   attribute) and, for rotated bitboards, CB_T_ROTATED defined; the slider lookups then
   inline into every function below. No include guard, on purpose.

   "OV" is the occupancy as the technique wants it: a plain Bitboard, or for rotated
   bitboards the occupancy with its three rotations (MovegenRot, movegen.c), which
   perft keeps incrementally: a child's is the parent's XOR the squares that changed.

   With CB_T_MAPS (the "incremental" method) the moves of our sliders and the king's
   safety come from Hyatt's attack maps (attackmaps.h), which perft keeps up to date in
   make and unmake; the few lookups on a changed occupancy (en passant, castling) are
   the classical technique's, the rays the maps themselves are kept with. */

#define MG_PASTE(a, b) a##_##b
#define MG_NAME(a, b) MG_PASTE(a, b)
#define FN(x) MG_NAME(MG_NAME(movegen_##x, CB_T), CB_V)
#define TGT CB_T_TARGET

#ifdef CB_T_ROTATED
#define OV MovegenRot
#define OV_OF(occ) movegen_rot_of(occ)
#define OV_OCC(v) ((v).occ)
#define OV_XOR(v, bb) movegen_rot_xor(v, bb)
#define OV_CHILD(v, before, after) movegen_rot_xor(v, (before) ^ (after))
#define ROOK_ATT(s, v) rotated_rook_r(s, (v).occ, (v).r90)
#define BISHOP_ATT(s, v) rotated_bishop_r(s, (v).r45, (v).r315)
#else
#define OV Bitboard
#define OV_OF(occ) (occ)
#define OV_OCC(v) (v)
#define OV_XOR(v, bb) ((v) ^ (bb))
#define OV_CHILD(v, before, after) ((void)(v), (void)(before), (after))
#ifdef CB_T_MAPS
#define ROOK_ATT(s, v) classical_rook(s, v)
#define BISHOP_ATT(s, v) classical_bishop(s, v)
#else
#define ROOK_ATT(s, v) MG_NAME(CB_T, rook)(s, v)
#define BISHOP_ATT(s, v) MG_NAME(CB_T, bishop)(s, v)
#endif
#endif

/* The maps' upkeep around a move m of us: the squares it changes, then the update after
   the board changed (from the occupancy before); nothing without CB_T_MAPS. */
#ifdef CB_T_MAPS
#define MAPS_CHANGED(m, us) attackmaps_changed(m, us)
#define MAPS_UPDATE(pos, before, changed) attackmaps_update((pos)->maps, pos, before, changed)
#else
#define MAPS_CHANGED(m, us) ((void)(m), (Bitboard)0)
#define MAPS_UPDATE(pos, before, changed) ((void)(before), (void)(changed))
#endif

/* Returns 1 if a rook-like slider in rq or a bishop-like one in bq attacks s through v. The
   empty-board prefilter skips most lookups. */
static TGT CB_FORCE_INLINE int FN(attacked)(Square s, OV v, Bitboard rq, Bitboard bq) {
  return ((movegen_rook_pseudo[s] & rq) && (ROOK_ATT(s, v) & rq))
      || ((movegen_bishop_pseudo[s] & bq) && (BISHOP_ATT(s, v) & bq));
}

/* Returns list advanced past the moves from `from` to each square of b. */
static TGT CB_FORCE_INLINE Move *FN(emit)(Move *list, Square from, Bitboard b) {
  while (b) *list++ = make_move(from, pop_lsb(&b));
  return list;
}

/* Returns list advanced past the pawn moves to each square of b, each from to - d,
   four promotions each where to is on the last rank. */
static TGT CB_FORCE_INLINE Move *FN(emit_pawns)(Move *list, Bitboard b, int d, Bitboard last) {
  for (Bitboard p = b & last; p; ) {
    Square to = pop_lsb(&p);
    for (PieceType pt = QUEEN; pt >= KNIGHT; pt--) *list++ = make_promotion(to - d, to, pt);
  }
  for (b &= ~last; b; ) {
    Square to = pop_lsb(&b);
    *list++ = make_move(to - d, to);
  }
  return list;
}

#ifndef MOVEGEN_GEN_CTX
#define MOVEGEN_GEN_CTX
/* What the generator's parts share about the side to move (us) and the enemy. */
typedef struct {
  Bitboard ours, theirs, occ, their_rq, their_bq, their_pawns, their_knights;
  Bitboard checkers, pinned, danger, target;
  Square ksq;
  unsigned castles; /* our castling rights whose move is still possible (see king_moves) */
} GenCtx;
#endif

/* Returns list advanced past the moves from s to each square of att, or n raised by their
   number when count_only. */
static TGT CB_FORCE_INLINE Move *FN(add)(Move *list, int *n, Square s, Bitboard att, const int count_only) {
  if (count_only) *n += popcount(att);
  else list = FN(emit)(list, s, att);
  return list;
}

/* Returns the checkers of our king; *pinned gets our pieces pinned to it. Sliders aligned
   with the king on an empty board: a lone blocker between is pinned (if ours), none means check. */
static TGT CB_FORCE_INLINE Bitboard FN(checks)(const GenCtx *c, Bitboard *pinned, const Color us) {
  Bitboard checkers = (PawnAttacks[us][c->ksq] & c->their_pawns) | (KnightAttacks[c->ksq] & c->their_knights);
  *pinned = 0;
  for (Bitboard snipers = (movegen_rook_pseudo[c->ksq] & c->their_rq) | (movegen_bishop_pseudo[c->ksq] & c->their_bq);
       snipers; ) {
    Square s = pop_lsb(&snipers);
    Bitboard b = BetweenBB[c->ksq][s] & c->occ;
    if (!b) checkers |= square_bb(s);
    else if (!more_than_one(b)) *pinned |= b & c->ours;
  }
  return checkers;
}

/* Returns 1 if castling with right i keeps the king's path safe, tested square by square with
   king and rook off the board (a castling rook may shield the king's destination, as on b1
   with a queen on a1). */
static TGT CB_FORCE_INLINE int FN(castle_safe)(const Position *pos, OV v, const GenCtx *c, int i) {
  const OV vc = OV_XOR(v, square_bb(c->ksq) | square_bb(pos->castling_rook[i]));
  for (Bitboard b = pos->castling_king_path[i]; b; )
    if (FN(attacked)(pop_lsb(&b), vc, c->their_rq, c->their_bq)) return 0;
  return 1;
}

/* King moves, and which of c->castles survive the enemy sliders. Pawn, knight and king
   attacks are in c->danger; the sliders' are looked up with the king off the board (so it
   cannot hide behind itself), for the king's squares and castling paths together: from
   each slider or at each square, whichever takes fewer lookups (an endgame king has many
   squares and few enemies, a middlegame one the reverse). A path the sliders miss with the
   rook on the board is safe unless a slider sees the rook: only then is it asked again
   with the rook off. */
static TGT CB_FORCE_INLINE Move *FN(king_moves)(const Position *pos, OV v, GenCtx *c, Move *list, int *n,
                                                const int count_only) {
  Bitboard kt = KingAttacks[c->ksq] & ~c->ours & ~c->danger;
#ifdef CB_T_MAPS
  /* Attacked now, or behind the king on the line of a slider checking it. */
  for (Bitboard b = kt; b; ) {
    Square t = pop_lsb(&b);
    if (pos->maps->to[t] & c->theirs) kt ^= square_bb(t);
  }
  for (Bitboard b = c->checkers & (c->their_rq | c->their_bq); b; ) {
    Square s = pop_lsb(&b);
    kt &= ~(LineBB[s][c->ksq] ^ square_bb(s));
  }
  for (unsigned b = c->castles; b; b &= b - 1)
    if (!FN(castle_safe)(pos, v, c, lsb(b))) c->castles ^= b & -b;
#else
  Bitboard asked = kt;
  for (unsigned b = c->castles; b; b &= b - 1) asked |= pos->castling_king_path[lsb(b)];
  if (!asked) return list;
  const OV vk = OV_XOR(v, square_bb(c->ksq));
  const Bitboard rq = c->their_rq, bq = c->their_bq;
  if (popcount(rq) + popcount(bq) <= popcount(asked) * ((rq != 0) + (bq != 0))) {
    Bitboard seen = 0;
    for (Bitboard b = rq; b; ) seen |= ROOK_ATT(pop_lsb(&b), vk);
    for (Bitboard b = bq; b; ) seen |= BISHOP_ATT(pop_lsb(&b), vk);
    kt &= ~seen;
    for (unsigned b = c->castles; b; b &= b - 1) {
      const int i = lsb(b);
      if ((pos->castling_king_path[i] & seen)
          || ((square_bb(pos->castling_rook[i]) & seen) && !FN(castle_safe)(pos, v, c, i)))
        c->castles ^= b & -b;
    }
  } else {
    for (Bitboard b = kt; b; ) {
      Square t = pop_lsb(&b);
      if (FN(attacked)(t, vk, rq, bq)) kt ^= square_bb(t);
    }
    for (unsigned b = c->castles; b; b &= b - 1)
      if (!FN(castle_safe)(pos, v, c, lsb(b))) c->castles ^= b & -b;
  }
#endif
  return FN(add)(list, n, c->ksq, kt, count_only);
}

/* Knight and slider moves to c->target: unpinned pieces anywhere, pinned sliders along
   their pin line (never out of check; a pinned knight never moves). */
static TGT CB_FORCE_INLINE Move *FN(piece_moves)(const Position *pos, OV v, const GenCtx *c, Move *list, int *n,
                                                 const int count_only) {
  const Bitboard queens = pos->by_type[QUEEN], free = c->ours & ~c->pinned;
  for (Bitboard b = pos->by_type[KNIGHT] & free; b; ) {
    Square s = pop_lsb(&b);
    list = FN(add)(list, n, s, KnightAttacks[s] & c->target, count_only);
  }
#ifdef CB_T_MAPS
  /* Sliders: the squares each attacks, read from the maps. */
  (void)v;
  const Bitboard sliders = pos->by_type[BISHOP] | pos->by_type[ROOK] | queens;
  for (Bitboard b = sliders & free; b; ) {
    Square s = pop_lsb(&b);
    list = FN(add)(list, n, s, pos->maps->from[s] & c->target, count_only);
  }
  if (c->pinned && !c->checkers)
    for (Bitboard b = sliders & c->pinned; b; ) {
      Square s = pop_lsb(&b);
      list = FN(add)(list, n, s, pos->maps->from[s] & c->target & LineBB[c->ksq][s], count_only);
    }
#else
  for (Bitboard b = (pos->by_type[BISHOP] | queens) & free; b; ) {
    Square s = pop_lsb(&b);
    list = FN(add)(list, n, s, BISHOP_ATT(s, v) & c->target, count_only);
  }
  for (Bitboard b = (pos->by_type[ROOK] | queens) & free; b; ) {
    Square s = pop_lsb(&b);
    list = FN(add)(list, n, s, ROOK_ATT(s, v) & c->target, count_only);
  }
  if (c->pinned && !c->checkers) {
    for (Bitboard b = (pos->by_type[BISHOP] | queens) & c->pinned; b; ) {
      Square s = pop_lsb(&b);
      list = FN(add)(list, n, s, BISHOP_ATT(s, v) & c->target & LineBB[c->ksq][s], count_only);
    }
    for (Bitboard b = (pos->by_type[ROOK] | queens) & c->pinned; b; ) {
      Square s = pop_lsb(&b);
      list = FN(add)(list, n, s, ROOK_ATT(s, v) & c->target & LineBB[c->ksq][s], count_only);
    }
  }
#endif
  return list;
}

/* Pawn moves but en passant: unpinned pawns set-wise by shifts, pinned ones one by one
   along their pin line. */
static TGT CB_FORCE_INLINE Move *FN(pawn_moves)(const Position *pos, const GenCtx *c, Move *list, int *n,
                                                const int count_only, const Color us) {
  const int up = us == WHITE ? NORTH : SOUTH;
  /* "west" captures towards file a, "east" towards file h. */
  const int dw = us == WHITE ? NORTH_WEST : SOUTH_WEST, de = us == WHITE ? NORTH_EAST : SOUTH_EAST;
  const Bitboard pawns = pos->by_type[PAWN] & c->ours, pf = pawns & ~c->pinned;
  const Bitboard last = us == WHITE ? RANK_8_BB : RANK_1_BB;
  const Bitboard rank3 = us == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16;
  const Bitboard empty = ~c->occ;
  Bitboard single = shift(pf, up) & empty;
  const Bitboard dbl = shift(single & rank3, up) & empty & c->target;
  const Bitboard capw = shift(pf, dw) & c->theirs & c->target;
  const Bitboard cape = shift(pf, de) & c->theirs & c->target;
  single &= c->target;
  if (count_only) {
    *n += popcount(single) + popcount(dbl) + popcount(capw) + popcount(cape);
    if ((single | capw | cape) & last)
      *n += 3 * (popcount(single & last) + popcount(capw & last) + popcount(cape & last));
  } else {
    list = FN(emit_pawns)(list, single, up, last);
    list = FN(emit_pawns)(list, dbl, 2 * up, 0);
    list = FN(emit_pawns)(list, capw, dw, last);
    list = FN(emit_pawns)(list, cape, de, last);
  }
  if (c->checkers) return list;
  for (Bitboard b = pawns & c->pinned; b; ) {
    const Square s = pop_lsb(&b);
    Bitboard to = square_bb(s + up) & empty;
    if (to & rank3) to |= square_bb(s + 2 * up) & empty;
    to = (to | (PawnAttacks[us][s] & c->theirs)) & LineBB[c->ksq][s];
    if (count_only) *n += popcount(to) * ((to & last) ? 4 : 1);
    else
      while (to) {
        Square t = pop_lsb(&to);
        if (square_bb(t) & last)
          for (PieceType pt = QUEEN; pt >= KNIGHT; pt--) *list++ = make_promotion(s, t, pt);
        else *list++ = make_move(s, t);
      }
  }
  return list;
}

/* En passant onto ep: rare, so tried on the board after the capture, which covers the
   pawn pinned on a diagonal, both pawns leaving the king's rank, and check. */
static TGT CB_FORCE_INLINE Move *FN(ep_moves)(const Position *pos, OV v, const GenCtx *c, Square ep, Move *list,
                                              int *n, const int count_only, const Color us) {
  const Square capsq = ep - (us == WHITE ? NORTH : SOUTH);
  if (c->checkers & ~square_bb(capsq) & (c->their_pawns | c->their_knights)) return list;
  for (Bitboard b = PawnAttacks[us ^ 1][ep] & pos->by_type[PAWN] & c->ours; b; ) {
    const Square from = pop_lsb(&b);
    const OV ve = OV_XOR(v, square_bb(from) | square_bb(capsq) | square_bb(ep));
    if (!(ROOK_ATT(c->ksq, ve) & c->their_rq) && !(BISHOP_ATT(c->ksq, ve) & c->their_bq)) {
      if (count_only) ++*n;
      else *list++ = make_move_special(from, ep, MOVE_EP);
    }
  }
  return list;
}

/* Castling, king takes own rook: the rights king_moves left in c->castles. */
static TGT CB_FORCE_INLINE Move *FN(castling_moves)(const Position *pos, const GenCtx *c, Move *list, int *n,
                                                    const int count_only) {
  if (count_only) *n += popcount(c->castles);
  else
    for (unsigned b = c->castles; b; b &= b - 1)
      *list++ = make_move_special(c->ksq, pos->castling_rook[lsb(b)], MOVE_CASTLING);
  return list;
}

/* Returns the number of legal moves for us (= pos->side), with castling rights
   `castling` and en-passant square ep (SQ_NONE, or a square a pawn just crossed:
   each capture is tested here); writes them to list unless count_only, which
   counts by popcount instead. us and count_only are constants at every call, so
   each combination compiles to its own code. */
static TGT CB_FORCE_INLINE int FN(gen)(const Position *pos, OV v, unsigned castling, Square ep,
                                       Move *list, const int count_only, const Color us) {
  const Color them = us ^ 1;
  Move *const start = list;
  int n = 0;
  GenCtx c;
  c.ours = pos->by_color[us];
  c.theirs = pos->by_color[them];
  c.occ = OV_OCC(v);
  c.ksq = lsb(pos->by_type[KING] & c.ours);
  c.their_rq = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & c.theirs;
  c.their_bq = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & c.theirs;
  c.their_pawns = pos->by_type[PAWN] & c.theirs;
  c.their_knights = pos->by_type[KNIGHT] & c.theirs;
  c.checkers = FN(checks)(&c, &c.pinned, us);
  c.danger = KingAttacks[lsb(pos->by_type[KING] & c.theirs)] | pawn_attacks_bb(them, c.their_pawns);
  for (Bitboard b = c.their_knights; b; ) c.danger |= KnightAttacks[pop_lsb(&b)];
  c.target = 0;
  /* Castlings with the right, an empty path and no pawn, knight or king on the king's way
     (unrolled per right: most nodes stop at the first test); king_moves asks the sliders. */
  c.castles = 0;
  if (castling && !c.checkers)
    for (int i = 2 * us; i <= 2 * us + 1; i++)
      if ((castling & (1u << i)) && !(pos->castling_path[i] & c.occ) && !(pos->castling_king_path[i] & c.danger))
        c.castles |= 1u << i;

  list = FN(king_moves)(pos, v, &c, list, &n, count_only);
  if (more_than_one(c.checkers)) return count_only ? n : (int)(list - start);
  c.target = c.checkers ? BetweenBB[c.ksq][lsb(c.checkers)] | c.checkers : ~c.ours;
  list = FN(piece_moves)(pos, v, &c, list, &n, count_only);
  list = FN(pawn_moves)(pos, &c, list, &n, count_only, us);
  if (ep != SQ_NONE) list = FN(ep_moves)(pos, v, &c, ep, list, &n, count_only, us);
  if (c.castles) list = FN(castling_moves)(pos, &c, list, &n, count_only);
  return count_only ? n : (int)(list - start);
}

/* The generator is inlined into four functions per technique: listing and counting
   for each side. Everything else calls them, the last ply's loop too (one call per
   move there; measured: perft Kiwipete 5 and startpos 6 as fast as with the counter
   inlined into that loop, and the C core compiles in 38 s instead of 48). */

/* Returns the number of legal moves for white, written to list. */
static TGT CB_NOINLINE int FN(list_w)(const Position *pos, OV v, unsigned cr, Square ep, Move *list) {
  return FN(gen)(pos, v, cr, ep, list, 0, WHITE);
}

/* Returns the number of legal moves for black, written to list. */
static TGT CB_NOINLINE int FN(list_b)(const Position *pos, OV v, unsigned cr, Square ep, Move *list) {
  return FN(gen)(pos, v, cr, ep, list, 0, BLACK);
}

/* Returns the number of legal moves for white, counted. */
static TGT CB_NOINLINE int FN(count_w)(const Position *pos, OV v, unsigned cr, Square ep) {
  return FN(gen)(pos, v, cr, ep, NULL, 1, WHITE);
}

/* Returns the number of legal moves for black, counted. */
static TGT CB_NOINLINE int FN(count_b)(const Position *pos, OV v, unsigned cr, Square ep) {
  return FN(gen)(pos, v, cr, ep, NULL, 1, BLACK);
}

#ifdef CB_T_MAPS
/* The entry points compute their own maps: a caller's position may carry none, or a
   Board's, which perft must not move. */
#define MAPS_ENTER(pos, maps, saved) \
  AttackMaps maps; AttackMaps *saved = (pos)->maps; attackmaps_compute(&maps, pos); (pos)->maps = &maps
#define MAPS_LEAVE(pos, saved) ((pos)->maps = saved)
#else
#define MAPS_ENTER(pos, maps, saved) ((void)0)
#define MAPS_LEAVE(pos, saved) ((void)0)
#endif

/* Returns the number of legal moves, writing them to list. */
static TGT int FN(generate)(const Position *cpos, Move *list) {
  Position *pos = (Position *)cpos;  /* only the maps pointer changes, and it is put back */
  MAPS_ENTER(pos, maps, saved);
  const OV v = OV_OF(pos->by_type[NO_PIECE_TYPE]);
  const int n = (pos->side == WHITE ? FN(list_w) : FN(list_b))(pos, v, pos->st->castling, pos->st->ep, list);
  MAPS_LEAVE(pos, saved);
  return n;
}

/* Returns the number of legal moves, without listing them. */
static TGT int FN(count)(const Position *cpos) {
  Position *pos = (Position *)cpos;
  MAPS_ENTER(pos, maps, saved);
  const OV v = OV_OF(pos->by_type[NO_PIECE_TYPE]);
  const int n = (pos->side == WHITE ? FN(count_w) : FN(count_b))(pos, v, pos->st->castling, pos->st->ep);
  MAPS_LEAVE(pos, saved);
  return n;
}
