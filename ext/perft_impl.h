/* Perft on the generator of movegen_impl.h, as a template: movegen_one.h includes this file
   right after it, for the same technique and code variant (its macros: FN, TGT, OV...).
   No include guard, on purpose.

   Perft never plays its last ply (the leaves are counted), and at a node two plies from
   the leaves it counts the enemy's replies once with us passing: every plain move that
   provably leaves those replies as they are (reuse_prep) adds that count unplayed. */

/* Returns the number of legal replies after us plays m, counted without playing m
   for real: the bitboards are toggled there and back, castling rights and the ep
   square passed along (the counter checks ep legality itself). */
static TGT CB_FORCE_INLINE int FN(count_after)(Position *pos, OV v, unsigned castling, Move m, const Color us) {
  const Square from = move_from(m), to = move_to(m);
  Square ep = SQ_NONE;
  if (castling) castling &= ~(unsigned)(pos->castling_mask[from] | pos->castling_mask[to]);
  if ((from ^ to) == 16 && (pos->by_type[PAWN] & square_bb(from))
      && (PawnAttacks[us][(from + to) >> 1] & pieces_cp(pos, us ^ 1, PAWN)))
    ep = (from + to) >> 1;
  const Bitboard before = pos->by_type[NO_PIECE_TYPE], changed = MAPS_CHANGED(m, us);
  position_toggle_bb(pos, m, us);
  const Bitboard after = pos->by_type[NO_PIECE_TYPE];
  MAPS_UPDATE(pos, before, changed);
  const OV child = OV_CHILD(v, before, after);
  const int n = (us == WHITE ? FN(count_b) : FN(count_w))(pos, child, castling, ep);
  position_toggle_bb(pos, m, us);
  MAPS_UPDATE(pos, after, changed);
  return n;
}

#ifndef MOVEGEN_REUSE_CTX
#define MOVEGEN_REUSE_CTX
/* A depth-2 node's reply reuse. A plain move (MOVE_NORMAL) of a piece of type pt whose from
   and to squares both miss mask[pt] leaves the enemy's replies as they are on the board with us
   passing, without en passant, except that each enemy slider whose squares (att) it touches,
   and the enemy's pawns if it touches their pushes or captures (preach), move to other squares:
   it adds the replies counted once plus, for each of those, its moves after the move less its
   moves before. on is 0 when we are in check. */
typedef struct {
  Bitboard mask[PIECE_TYPE_NB];
  Bitboard sreach;                /* the enemy sliders' squares, att[] together */
  Bitboard preach;                /* the enemy pawns' squares: pushes and captures */
  Bitboard pins;                  /* the lines pinning enemy pieces to their king, with the pinners */
  Square ko;                      /* the enemy king */
  Bitboard att[2][16], limit[2][16]; /* [0] rook rays, [1] bishop rays (a queen has both):
                                     the squares of each, and its pin line (or all); 16 holds
                                     a side's 15 pieces besides its king */
  Square sq[2][16];
  int before[2][16];              /* its moves now (limit, before and pawns: FN(delta_prep)) */
  int pawns;                      /* the enemy pawns' moves now */
  int ns[2], on;
} ReplyReuse;
#endif

/* Returns the squares where a piece landing blocks our slider on p (rook rays if rook, else
   bishop rays) from a square of ring, or where the only piece between leaving opens one. */
static TGT CB_FORCE_INLINE Bitboard FN(ring_lines)(Square p, OV v, Bitboard ring, Bitboard ours, const int rook) {
  if (!((rook ? movegen_rook_pseudo : movegen_bishop_pseudo)[p] & ring)) return 0;
  const Bitboard a = rook ? ROOK_ATT(p, v) : BISHOP_ATT(p, v);
  const OV open = OV_XOR(v, a & ours);
  Bitboard lines = 0;
  for (Bitboard t = a & ring; t; ) lines |= BetweenBB[p][pop_lsb(&t)];
  for (Bitboard t = (rook ? ROOK_ATT(p, open) : BISHOP_ATT(p, open)) & ring & ~a; t; ) lines |= BetweenBB[p][pop_lsb(&t)] & ours;
  return lines;
}

/* Returns nothing; fills *r for us to move (the MPerft idea, as perft_cpu_2026 uses it). A
   quiet move (no capture, promotion, castling, en passant, or double push the enemy can take)
   changes the enemy's moves only where their generation reads the board: the squares their
   sliders, pawns and king (with its castling path) reach, and everything that decides their
   king's safety. That last part depends on the piece moved: any piece that lands between one of
   our sliders and a square of their king's ring, or is the only piece between, or stands on a
   pin line (or behind one of their pieces on a line from their king, where a pinner may wait);
   a knight, king or pawn that attacks a ring square before or after; a slider on a line from a
   ring square (or beyond the first piece from their king, where it would pin). A move touching
   none of them adds the replies counted with us passing; the squares their sliders and pawns
   reach are kept apart (sreach, preach), as a move touching those adds a correction (FN(delta)). */
static TGT CB_FORCE_INLINE void FN(reuse_prep)(Position *pos, OV v, unsigned castling, ReplyReuse *r,
                                               const Color us) {
  const Color them = us ^ 1;
  const Bitboard occ = OV_OCC(v), ours = pos->by_color[us], theirs = pos->by_color[them];
  const Bitboard pawns = pos->by_type[PAWN] & theirs, queens = pos->by_type[QUEEN];
  const Bitboard our_rq = (pos->by_type[ROOK] | queens) & ours, our_bq = (pos->by_type[BISHOP] | queens) & ours;
  const Square ko = lsb(pos->by_type[KING] & theirs), km = lsb(pos->by_type[KING] & ours);
  const Bitboard their_rq = (pos->by_type[ROOK] | queens) & theirs, their_bq = (pos->by_type[BISHOP] | queens) & theirs;
  int n = 0;
  r->sreach = 0;
  for (Bitboard b = their_rq; b; n++) {
    const Square s = r->sq[0][n] = pop_lsb(&b);
    r->sreach |= r->att[0][n] = ROOK_ATT(s, v);
  }
  r->ns[0] = n, n = 0;
  for (Bitboard b = their_bq; b; n++) {
    const Square s = r->sq[1][n] = pop_lsb(&b);
    r->sreach |= r->att[1][n] = BISHOP_ATT(s, v);
  }
  r->ns[1] = n;
  r->on = !((r->sreach & square_bb(km)) || (KnightAttacks[km] & pos->by_type[KNIGHT] & theirs)
            || (PawnAttacks[us][km] & pawns));
  if (!r->on) return;
  const int down = them == WHITE ? NORTH : SOUTH;
  const Bitboard push = shift(pawns, down);
  r->preach = push | shift(push & (them == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16), down)
              | pawn_attacks_bb(them, pawns);
  Bitboard reach = 0;
  /* kring: the king and its free neighbours; ring adds the castling paths, whose lines (with
     king and rook off the board) bind every piece type */
  const Bitboard kring = (KingAttacks[ko] & ~theirs) | square_bb(ko);
  Bitboard ring = kring, any = 0;
  for (int i = 2 * them; i <= 2 * them + 1; i++)
    if (castling & (1u << i)) {
      const Bitboard path = pos->castling_king_path[i];
      const OV vc = OV_XOR(v, square_bb(ko) | square_bb(pos->castling_rook[i]));
      reach |= pos->castling_path[i] | path;
      for (Bitboard b = path; b; ) {
        const Square s = pop_lsb(&b);
        any |= BISHOP_ATT(s, vc) | ROOK_ATT(s, vc);
      }
      ring |= path;
    }
  reach |= ring;
  Bitboard lr = 0, lb = 0, knight = 0, king = 0, pawn = 0;
  for (Bitboard b = ring; b; ) {
    const Square s = pop_lsb(&b);
    lr |= ROOK_ATT(s, v), lb |= BISHOP_ATT(s, v);
    knight |= KnightAttacks[s], king |= KingAttacks[s], pawn |= PawnAttacks[them][s];
  }
  /* pins: beyond the first piece from their king (a slider of ours arriving pins, a piece of
     ours leaving may uncover a pinner), and each pin line with its pinner */
  const Bitboard xr = ROOK_ATT(ko, OV_XOR(v, ROOK_ATT(ko, v) & occ));
  const Bitboard xb = BISHOP_ATT(ko, OV_XOR(v, BISHOP_ATT(ko, v) & occ));
  lr |= xr, lb |= xb, any |= (xr | xb) & ours;
  Bitboard pins = 0;
  for (Bitboard b = ROOK_ATT(ko, OV_XOR(v, ROOK_ATT(ko, v) & theirs)) & our_rq; b; ) {
    const Square p = pop_lsb(&b);
    pins |= BetweenBB[ko][p] | square_bb(p);
  }
  for (Bitboard b = BISHOP_ATT(ko, OV_XOR(v, BISHOP_ATT(ko, v) & theirs)) & our_bq; b; ) {
    const Square p = pop_lsb(&b);
    pins |= BetweenBB[ko][p] | square_bb(p);
  }
  any |= r->pins = pins;
  r->ko = ko;
  for (Bitboard b = our_rq; b; ) any |= FN(ring_lines)(pop_lsb(&b), v, kring, ours, 1);
  for (Bitboard b = our_bq; b; ) any |= FN(ring_lines)(pop_lsb(&b), v, kring, ours, 0);
  /* captures land on their pieces; a double push beside their pawn opens en passant */
  const Bitboard base = reach | any | theirs;
  const Bitboard beside = pawns & (us == WHITE ? RANK_1_BB << 24 : RANK_8_BB >> 24);
  pawn |= shift(beside, EAST) | shift(beside, WEST);
  r->mask[PAWN] = base | pawn, r->mask[KNIGHT] = base | knight, r->mask[KING] = base | king;
  r->mask[BISHOP] = base | lb, r->mask[ROOK] = base | lr, r->mask[QUEEN] = base | lr | lb;
}

/* Returns 0 if r says m leaves the enemy's replies as they are with us passing, 1 if only the
   moves of enemy sliders and pawns change (FN(delta) says by how much), 2 if m must be counted. */
static TGT CB_FORCE_INLINE int FN(reuse_kind)(const Position *pos, const ReplyReuse *r, Move m) {
  const Bitboard ft = square_bb(move_from(m)) | square_bb(move_to(m));
  if (move_type(m) != MOVE_NORMAL || (ft & r->mask[type_of_piece(pos->board[move_from(m)])])) return 2;
  return (ft & (r->sreach | r->preach)) != 0;
}

/* Returns the enemy's pawn moves on pos as it is but for our pieces `ours` and the occupancy
   occ (they are not in check), counted by the generator's own pawn code. */
static TGT CB_FORCE_INLINE int FN(their_pawn_moves)(const Position *pos, const ReplyReuse *r, Bitboard ours,
                                                    Bitboard occ, const Color them) {
  GenCtx c;
  c.ours = pos->by_color[them], c.theirs = ours, c.occ = occ;
  c.pinned = r->pins & c.ours, c.checkers = 0, c.target = ~c.ours, c.ksq = r->ko;
  int n = 0;
  FN(pawn_moves)(pos, &c, NULL, &n, 1, them);
  return n;
}

/* Returns nothing; fills r's limit, before and pawns, which only moves of kind 1 read. */
static TGT CB_FORCE_INLINE void FN(delta_prep)(const Position *pos, OV v, ReplyReuse *r, const Color us) {
  const Bitboard free = ~pos->by_color[us ^ 1];
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < r->ns[k]; i++) {
      r->limit[k][i] = (r->pins & square_bb(r->sq[k][i])) ? LineBB[r->ko][r->sq[k][i]] : ~0ULL;
      r->before[k][i] = popcount(r->att[k][i] & free & r->limit[k][i]);
    }
  r->pawns = FN(their_pawn_moves)(pos, r, pos->by_color[us], OV_OCC(v), us ^ 1);
}

/* Returns how many more moves the enemy has after the plain move m (of kind 1) than with us
   passing: its sliders' and pawns' change. */
static TGT CB_FORCE_INLINE int FN(delta)(const Position *pos, OV v, const ReplyReuse *r, Move m, const Color us) {
  const Bitboard ft = square_bb(move_from(m)) | square_bb(move_to(m)), free = ~pos->by_color[us ^ 1];
  const OV after = OV_XOR(v, ft);
  int d = 0;
  for (int i = 0; i < r->ns[0]; i++)
    if (r->att[0][i] & ft) d += popcount(ROOK_ATT(r->sq[0][i], after) & free & r->limit[0][i]) - r->before[0][i];
  for (int i = 0; i < r->ns[1]; i++)
    if (r->att[1][i] & ft) d += popcount(BISHOP_ATT(r->sq[1][i], after) & free & r->limit[1][i]) - r->before[1][i];
  if (ft & r->preach) d += FN(their_pawn_moves)(pos, r, pos->by_color[us] ^ ft, OV_OCC(after), us ^ 1) - r->pawns;
  return d;
}

/* Returns the sum over our moves list[0..n) of the enemy's legal replies (us = pos->side): the
   moves reuse cannot count are picked out without a branch and counted one by one; the others
   add the replies counted once, if there are any, corrected by their sliders' and pawns' change. */
static TGT CB_FORCE_INLINE uint64_t FN(leaves)(Position *pos, OV v, const Move *list, int n, const Color us) {
  const unsigned castling = pos->st->castling;
  ReplyReuse r;
  Move rest[MAX_MOVES], moved[MAX_MOVES];
  FN(reuse_prep)(pos, v, castling, &r, us);
  int64_t total = 0;
  if (r.on) {
    int k = 0, j = 0, same = 0;
    for (int i = 0; i < n; i++) {
      const int kind = FN(reuse_kind)(pos, &r, list[i]);
      rest[k] = moved[j] = list[i];
      k += kind == 2;
      j += kind == 1;
      same += kind == 0;
    }
    if (same + j) {
      const int replies = (us == WHITE ? FN(count_b) : FN(count_w))(pos, v, castling, SQ_NONE);
      total = (int64_t)(same + j) * replies;
      if (j) FN(delta_prep)(pos, v, &r, us);
      for (int i = 0; i < j; i++) total += FN(delta)(pos, v, &r, moved[i], us);
      for (int i = 0; i < n; i++)
        CB_ASSERT(FN(reuse_kind)(pos, &r, list[i]) == 2
                  || replies + (FN(reuse_kind)(pos, &r, list[i]) ? FN(delta)(pos, v, &r, list[i], us) : 0)
                     == FN(count_after)(pos, v, castling, list[i], us));
    }
    list = rest;
    n = k;
  }
  for (int i = 0; i < n; i++) total += FN(count_after)(pos, v, castling, list[i], us);
  return (uint64_t)total;
}

/* Returns the sum over white's moves list[0..n) of black's legal replies. */
static TGT CB_NOINLINE uint64_t FN(leaves_w)(Position *pos, OV v, const Move *list, int n) {
  return FN(leaves)(pos, v, list, n, WHITE);
}

/* Returns the sum over black's moves list[0..n) of white's legal replies. */
static TGT CB_NOINLINE uint64_t FN(leaves_b)(Position *pos, OV v, const Move *list, int n) {
  return FN(leaves)(pos, v, list, n, BLACK);
}

/* Returns the Zobrist key after m, close enough to fetch its bucket early: promotions,
   castling and the new en-passant square are left out (a wrong guess costs a cache line). */
static inline uint64_t FN(key_guess)(const Position *pos, Move m) {
  const Square from = move_from(m), to = move_to(m);
  const Piece pc = pos->board[from];
  uint64_t key = pos->st->key ^ zobrist_side ^ zobrist_psq[pc][from] ^ zobrist_psq[pc][to];
  if (pos->board[to]) key ^= zobrist_psq[pos->board[to]][to];
  if (pos->st->ep != SQ_NONE) key ^= zobrist_ep[file_of(pos->st->ep)];
  const unsigned lost = pos->castling_mask[from] | pos->castling_mask[to];
  if (pos->st->castling & lost)
    key ^= zobrist_castling[pos->st->castling] ^ zobrist_castling[pos->st->castling & ~lost];
  return key;
}

/* Returns the number of leaves depth >= 2 plies below pos; tt, if not NULL, is a
   transposition table to read and fill. The last ply is counted, never played. */
static TGT uint64_t FN(perft_rec)(Position *pos, int depth, OV v, PerftTT *tt) {
  const Color us = pos->side;
  PerftEntry *bucket = NULL;
  uint64_t hi = 0, total = 0;
  if (tt) {
    bucket = perft_tt_bucket(tt, pos->st->key);
    hi = perft_tt_key_hi(tt, pos);
    if (perft_tt_probe(bucket, hi, depth, &total)) return total;
  }
  Move list[MAX_MOVES];
  const int n = (us == WHITE ? FN(list_w) : FN(list_b))(pos, v, pos->st->castling, pos->st->ep, list);
  if (depth == 2) total = (us == WHITE ? FN(leaves_w) : FN(leaves_b))(pos, v, list, n);
  else {
    StateInfo st;
    /* every child's bucket is asked for at once: on a table of gigabytes a fetch seems to wait
       for its page walk (the profile's samples sit on it), and together they overlap (a child
       ahead, perft 9 with 8 GB took 1.18x as long) */
    if (tt)
      for (int i = 0; i < n; i++) perft_tt_prefetch(tt, FN(key_guess)(pos, list[i]));
    for (int i = 0; i < n; i++) {
      const Move m = list[i];
      const Bitboard before = pos->by_type[NO_PIECE_TYPE], changed = MAPS_CHANGED(m, us);
      if (us == WHITE) position_do_move_us(pos, m, &st, WHITE);
      else position_do_move_us(pos, m, &st, BLACK);
      const Bitboard after = pos->by_type[NO_PIECE_TYPE];
      MAPS_UPDATE(pos, before, changed);
      total += FN(perft_rec)(pos, depth - 1, OV_CHILD(v, before, after), tt);
      if (us == WHITE) position_undo_move_us(pos, m, WHITE);
      else position_undo_move_us(pos, m, BLACK);
      CB_ASSERT(position_ok(pos));
      MAPS_UPDATE(pos, after, changed);
    }
  }
  if (tt) perft_tt_store(bucket, hi, depth, total);
  return total;
}

/* Returns the number of leaves depth plies below pos (1 at depth 0), with the
   transposition table tt if not NULL. */
static TGT uint64_t FN(perft)(Position *pos, int depth, PerftTT *tt) {
  if (depth <= 0) return 1;
  if (depth == 1) return (uint64_t)FN(count)(pos);
  MAPS_ENTER(pos, maps, saved);
  const uint64_t n = FN(perft_rec)(pos, depth, OV_OF(pos->by_type[NO_PIECE_TYPE]), tt);
  MAPS_LEAVE(pos, saved);
  return n;
}
