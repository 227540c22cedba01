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
/* A depth-2 node's reply reuse: a plain move (MOVE_NORMAL) of a piece of type pt whose from
   and to squares both miss mask[pt] leaves the enemy exactly the replies it has on the board as
   it is, we passing, without en passant (their pieces are in every mask, so captures never
   pass). on is 0 when we are in check. */
typedef struct {
  Bitboard mask[PIECE_TYPE_NB];
  int on;
} ReplyReuse;
#endif

/* Returns nothing; fills *r for us to move (the MPerft idea, as perft_cpu_2026 uses it). A
   quiet move (no capture, promotion, castling, en passant, or double push the enemy can take)
   changes the enemy's moves only where their generation reads the board: the squares their
   sliders, pawns and king (with its castling path) reach, and everything that decides their
   king's safety: the lines from their king, its free neighbours and castling squares (and
   one x-ray from the king, for pins), and the squares from which each of our piece types
   attacks those. A move touching none of them adds the replies counted with us passing. */
static TGT CB_FORCE_INLINE void FN(reuse_prep)(Position *pos, OV v, unsigned castling, ReplyReuse *r,
                                               const Color us) {
  const Color them = us ^ 1;
  const Bitboard occ = OV_OCC(v), ours = pos->by_color[us], theirs = pos->by_color[them];
  const Bitboard pawns = pos->by_type[PAWN] & theirs, queens = pos->by_type[QUEEN];
  const Square ko = lsb(pos->by_type[KING] & theirs), km = lsb(pos->by_type[KING] & ours);
  Bitboard reach = 0;
  for (Bitboard b = (pos->by_type[BISHOP] | queens) & theirs; b; ) reach |= BISHOP_ATT(pop_lsb(&b), v);
  for (Bitboard b = (pos->by_type[ROOK] | queens) & theirs; b; ) reach |= ROOK_ATT(pop_lsb(&b), v);
  r->on = !((reach & square_bb(km)) || (KnightAttacks[km] & pos->by_type[KNIGHT] & theirs)
            || (PawnAttacks[us][km] & pawns));
  if (!r->on) return;
  const int down = them == WHITE ? NORTH : SOUTH;
  const Bitboard push = shift(pawns, down);
  reach |= push | shift(push & (them == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16), down)
           | pawn_attacks_bb(them, pawns);
  Bitboard ring = (KingAttacks[ko] & ~theirs) | square_bb(ko), lines = 0;
  for (int i = 2 * them; i <= 2 * them + 1; i++)
    if (castling & (1u << i)) {
      const Bitboard path = pos->castling_king_path[i];
      const OV vc = OV_XOR(v, square_bb(ko) | square_bb(pos->castling_rook[i]));
      reach |= pos->castling_path[i] | path;
      for (Bitboard b = path; b; ) {
        const Square s = pop_lsb(&b);
        lines |= BISHOP_ATT(s, vc) | ROOK_ATT(s, vc);
      }
      ring |= path;
    }
  reach |= ring;
  Bitboard knight = 0, king = 0, pawn = 0;
  for (Bitboard b = ring; b; ) {
    const Square s = pop_lsb(&b);
    lines |= BISHOP_ATT(s, v) | ROOK_ATT(s, v);
    knight |= KnightAttacks[s], king |= KingAttacks[s], pawn |= PawnAttacks[them][s];
  }
  /* one x-ray from the king: the pieces it sees taken off, the lines go on to the next */
  lines |= BISHOP_ATT(ko, OV_XOR(v, BISHOP_ATT(ko, v) & occ)) | ROOK_ATT(ko, OV_XOR(v, ROOK_ATT(ko, v) & occ));
  /* captures land on their pieces; a double push beside their pawn opens en passant */
  const Bitboard base = reach | lines | theirs;
  const Bitboard beside = pawns & (us == WHITE ? RANK_1_BB << 24 : RANK_8_BB >> 24);
  pawn |= shift(beside, EAST) | shift(beside, WEST);
  r->mask[PAWN] = base | pawn, r->mask[KNIGHT] = base | knight, r->mask[KING] = base | king;
  r->mask[BISHOP] = r->mask[ROOK] = r->mask[QUEEN] = base;
}

/* Returns 1 if r says m leaves the enemy's replies as they are with us passing. */
static TGT CB_FORCE_INLINE int FN(reusable)(const Position *pos, const ReplyReuse *r, Move m) {
  const Bitboard ft = square_bb(move_from(m)) | square_bb(move_to(m));
  return (int)(move_type(m) == MOVE_NORMAL) & (int)!(ft & r->mask[type_of_piece(pos->board[move_from(m)])]);
}

/* Returns the sum over our moves list[0..n) of the enemy's legal replies (us = pos->side): the
   moves reuse cannot count are picked out without a branch and counted one by one; the others
   add the replies counted once, if there are any. */
static TGT CB_FORCE_INLINE uint64_t FN(leaves)(Position *pos, OV v, const Move *list, int n, const Color us) {
  const unsigned castling = pos->st->castling;
  ReplyReuse r;
  Move rest[MAX_MOVES];
  FN(reuse_prep)(pos, v, castling, &r, us);
  uint64_t total = 0;
  if (r.on) {
    int k = 0, same = 0;
    for (int i = 0; i < n; i++) {
      const int reuse = FN(reusable)(pos, &r, list[i]);
      rest[k] = list[i];
      k += !reuse;
      same += reuse;
    }
    if (same) {
      const int replies = (us == WHITE ? FN(count_b) : FN(count_w))(pos, v, castling, SQ_NONE);
      total = (uint64_t)same * (uint64_t)replies;
      for (int i = 0; i < n; i++)
        CB_ASSERT(!FN(reusable)(pos, &r, list[i]) || replies == FN(count_after)(pos, v, castling, list[i], us));
    }
    list = rest;
    n = k;
  }
  for (int i = 0; i < n; i++) total += (uint64_t)FN(count_after)(pos, v, castling, list[i], us);
  return total;
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
    if (tt && n) perft_tt_prefetch(tt, FN(key_guess)(pos, list[0]));
    for (int i = 0; i < n; i++) {
      const Move m = list[i];
      /* the next child's bucket travels from memory while this child is counted */
      if (tt && i + 1 < n) perft_tt_prefetch(tt, FN(key_guess)(pos, list[i + 1]));
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
