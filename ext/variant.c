#include "variant.h"
#include "movegen.h"
#include "workers.h"

#define V_CENTER_BB (square_bb(SQ_D4) | square_bb(SQ_E4) | square_bb(SQ_D5) | square_bb(SQ_E5))
#define V_BACKRANKS_BB (RANK_1_BB | RANK_8_BB)

const char *const variant_names[VARIANT_NB] = {
  "chess", "suicide", "giveaway", "antichess", "atomic", "kingofthehill", "racingkings", "horde", "3check",
  "crazyhouse"};

void variant_init(VariantPos *vp, Variant v, const Position *pos) {
  vp->pos = *pos;
  vp->st = *pos->st;
  vp->st.prev = NULL;
  vp->pos.st = &vp->st;
  vp->pos.maps = NULL;
  vp->pos.psqt = NULL;
  vp->variant = v;
  for (Color c = WHITE; c <= BLACK; c++) {
    vp->remaining_checks[c] = 0;
    for (int pt = 0; pt < PIECE_TYPE_NB; pt++) vp->pocket[c][pt] = 0;
  }
}

/* Returns 1 if a king of white's (among white_kings) stands next to one of black's
   (atomic's _kings_connected). */
static int v_kings_connected(Bitboard white_kings, Bitboard black_kings) {
  for (Bitboard w = white_kings; w; )
    if (KingAttacks[pop_lsb(&w)] & black_kings) return 1;
  return 0;
}

/* Returns 1 if racing kings is over (RacingKingsBoard.is_variant_end): a king reached the
   8th rank, and black, to move, cannot follow onto a square white leaves unattacked. */
static int v_racing_end(const Position *pos) {
  const Bitboard kings = pos->by_type[KING], black = kings & pos->by_color[BLACK];
  if (!(kings & RANK_8_BB)) return 0;
  if (pos->side == WHITE || (black & RANK_8_BB) || !black) return 1;
  for (Bitboard t = KingAttacks[msb(black)] & RANK_8_BB & ~pos->by_color[BLACK]; t; )
    if (!board_attackers(pos, WHITE, pop_lsb(&t), pos->by_type[NO_PIECE_TYPE])) return 0;
  return 1;
}

int variant_is_end(const VariantPos *vp) {
  const Position *pos = &vp->pos;
  const Bitboard kings = pos->by_type[KING];
  switch (vp->variant) {
    case VARIANT_SUICIDE: case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS: case VARIANT_HORDE:
      return !pos->by_color[WHITE] || !pos->by_color[BLACK];
    case VARIANT_ATOMIC: return !(kings & pos->by_color[WHITE]) || !(kings & pos->by_color[BLACK]);
    case VARIANT_KING_OF_THE_HILL: return (kings & V_CENTER_BB) != 0;
    case VARIANT_RACING_KINGS: return v_racing_end(pos);
    case VARIANT_THREE_CHECK: return vp->remaining_checks[WHITE] <= 0 || vp->remaining_checks[BLACK] <= 0;
    default: return 0;
  }
}

/* Returns nothing; atomic's _push_capture: the piece that captured on `to` and every piece
   but a pawn next to it leave the board, taking castling rights with them. */
static void v_atomic_explode(Position *pos, Square to) {
  StateInfo *st = pos->st;
  const Bitboard radius = KingAttacks[to] & ~pos->by_type[PAWN];
  const Bitboard kings = pos->by_type[KING] & ~st->promoted & radius;
  st->castling_raw &= ~radius;
  if (kings & pos->by_color[WHITE]) st->castling_raw &= ~RANK_1_BB;
  if (kings & pos->by_color[BLACK]) st->castling_raw &= ~RANK_8_BB;
  const Bitboard gone = (radius & pos->by_type[NO_PIECE_TYPE]) | square_bb(to);
  for (Bitboard b = gone; b; ) {
    const Square s = pop_lsb(&b);
    position_remove(pos, pos->board[s], s);
  }
  st->promoted &= ~gone;
  board_sync(pos);
}

/* Returns nothing; python-chess's push of the drop m (crazyhouse) into child, vp's copy. */
static void v_push_drop(VariantPos *vp, PyMove m, VariantPos *child) {
  const StateInfo *st = vp->pos.st;
  StateInfo *ns = &child->st;
  Position *pos = &child->pos;
  const Color us = pos->side;
  const PieceType pt = pymove_promotion(m);
  ns->castling_raw = board_clean_castling(&vp->pos, st->prev != NULL);
  ns->rule50 = st->rule50 + 1;
  ns->fullmove = st->fullmove + (us == BLACK);
  ns->ep_raw = SQ_NONE;
  ns->captured = NO_PIECE;
  ns->move = MOVE_NONE; /* a drop has no internal Move: variant positions are copied, never popped */
  ns->flags = 0;
  ns->prev = vp->pos.st;
  pos->st = ns;
  position_put(pos, make_piece(us, pt), pymove_to(m));
  pos->side = us ^ 1;
  child->pocket[us][pt]--;
  board_sync(pos);
}

void variant_push(VariantPos *vp, PyMove m, VariantPos *child) {
  const Position *pos = &vp->pos;
  const Color us = pos->side;
  *child = *vp;
  if (pymove_is_drop(m)) {
    v_push_drop(vp, m, child);
    return;
  }
  const Square to = pymove_to(m);
  PieceType captured = NO_PIECE_TYPE;
  int was_promoted = 0;
  if (!m) {  /* the null move captures nothing */
  } else if (board_is_en_passant(pos, m)) captured = PAWN;
  else if (pos->by_color[us ^ 1] & square_bb(to)) {
    captured = type_of_piece(pos->board[to]);
    was_promoted = (pos->st->promoted & square_bb(to)) != 0;
  }
  board_push_pseudo(&child->pos, m, &child->st);
  if (captured && vp->variant == VARIANT_ATOMIC) v_atomic_explode(&child->pos, to);
  if (captured && vp->variant == VARIANT_CRAZYHOUSE) child->pocket[us][was_promoted ? PAWN : captured]++;
  if (vp->variant == VARIANT_THREE_CHECK && board_checkers(&child->pos)) child->remaining_checks[us]--;
}

/* Returns the number of moves written to out: suicide's (and giveaway's, antichess's)
   SuicideBoard.generate_legal_moves, captures compulsory. */
static int v_suicide_moves(const Position *pos, PyMove *out) {
  const unsigned rules = variant_rules(VARIANT_SUICIDE);
  const Bitboard theirs = pos->by_color[pos->side ^ 1];
  int n = board_generate_pseudo(pos, ~0ULL, theirs, rules, out);
  n += board_generate_ep(pos, ~0ULL, ~0ULL, 0, out + n);
  if (n) return n;
  n = board_generate_pseudo(pos, ~0ULL, ~theirs, rules, out);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!board_is_en_passant(pos, out[i])) out[k++] = out[i];
  return k;
}

/* A position's bitboards as Position lays them out, for atomic's explosions. */
typedef struct { Bitboard by_type[PIECE_TYPE_NB], by_color[COLOR_NB]; } VariantBits;

/* Returns nothing; fills *b with pos's bitboards once the capture m (en passant too) is played
   (*promoted follows the pieces that were pawns). */
static void v_play_capture(const Position *pos, PyMove m, VariantBits *b, Bitboard *promoted) {
  const Color us = pos->side;
  const Square from = pymove_from(m), to = pymove_to(m);
  const Bitboard fb = square_bb(from), tb = square_bb(to);
  const PieceType pt = type_of_piece(pos->board[from]), promotion = pymove_promotion(m);
  const Square capsq = (pos->by_color[us ^ 1] & tb) ? to : to + (us == WHITE ? SOUTH : NORTH);
  const Bitboard cb = square_bb(capsq);
  for (int i = 0; i < PIECE_TYPE_NB; i++) b->by_type[i] = pos->by_type[i];
  b->by_color[WHITE] = pos->by_color[WHITE];
  b->by_color[BLACK] = pos->by_color[BLACK];
  b->by_type[type_of_piece(pos->board[capsq])] ^= cb;
  b->by_type[NO_PIECE_TYPE] ^= cb;
  b->by_color[us ^ 1] ^= cb;
  b->by_type[pt] ^= fb;
  b->by_type[promotion ? promotion : pt] ^= tb;
  b->by_type[NO_PIECE_TYPE] ^= fb | tb;
  b->by_color[us] ^= fb | tb;
  *promoted = (*promoted & ~fb & ~tb) | ((*promoted & fb) || promotion ? tb : 0);
}

/* Returns 1 if the pseudo-legal m is legal in atomic, by pushing it (AtomicBoard.is_legal, the
   game not over): the mover keeps a king, and blows up the enemy's or leaves its own unattacked
   (never attacked while the kings touch). */
static int v_atomic_legal_pushed(VariantPos *vp, PyMove m) {
  VariantPos child;
  const Color us = vp->pos.side;
  variant_push(vp, m, &child);
  const Position *pos = &child.pos;
  const Bitboard kings = pos->by_type[KING];
  if (!(kings & pos->by_color[us])) return 0;
  if (!(kings & pos->by_color[us ^ 1])) return 1;
  if (v_kings_connected(pieces_cp(pos, WHITE, KING), pieces_cp(pos, BLACK, KING))) return 1;
  const Square k = board_king(pos, us);
  return k == SQ_NONE || !board_attackers(pos, us ^ 1, k, pos->by_type[NO_PIECE_TYPE]);
}

/* What atomic legality needs of a position once for all its moves: our (unpromoted) king,
   its checkers and the pieces pinned to it, and whether the kings touch. */
typedef struct {
  Square ksq;
  Bitboard checkers, pinned;
  int connected;
} AtomicCtx;

/* Returns nothing; fills *c for the side to move of pos. */
static void v_atomic_ctx(const Position *pos, AtomicCtx *c) {
  const Bitboard ours = pieces_cp(pos, pos->side, KING) & ~pos->st->promoted;
  c->connected = v_kings_connected(pieces_cp(pos, WHITE, KING), pieces_cp(pos, BLACK, KING));
  c->ksq = ours ? msb(ours) : SQ_NONE;
  c->checkers = c->pinned = 0;
  if (c->ksq != SQ_NONE) {
    c->checkers = position_attackers(pos, pos->side ^ 1, c->ksq, pos->by_type[NO_PIECE_TYPE]);
    c->pinned = board_slider_blockers(pos, c->ksq);
  }
}

/* Returns v_atomic_legal's answer for a king move, a capture or castling (the rarer moves). */
static CB_NOINLINE int v_atomic_legal_rest(VariantPos *vp, PyMove m) {
  const Position *pos = &vp->pos;
  const Color us = pos->side;
  if (board_is_castling(pos, m)) return v_atomic_legal_pushed(vp, m);
  const Square from = pymove_from(m), to = pymove_to(m);
  const Bitboard fb = square_bb(from), tb = square_bb(to);
  int legal;
  if (!(pos->by_color[us ^ 1] & tb) && !board_is_en_passant(pos, m)) {
    /* a quiet king move: safe where it lands, or next to the enemy king */
    const Bitboard promoted = pos->st->promoted, moved_promoted = promoted & fb ? tb : 0;
    Bitboard kings[COLOR_NB] = {pieces_cp(pos, WHITE, KING), pieces_cp(pos, BLACK, KING)};
    kings[us] ^= fb | tb;
    const Bitboard ours = kings[us] & ~((promoted & ~fb) | moved_promoted);
    legal = v_kings_connected(kings[WHITE], kings[BLACK]) || !ours
            || !attackers_of(pos->by_type, pos->by_color, us ^ 1, msb(ours), pos->by_type[NO_PIECE_TYPE] ^ fb ^ tb);
  } else { /* a capture: the explosion on a copy of the bitboards */
    VariantBits b;
    Bitboard promoted = pos->st->promoted;
    v_play_capture(pos, m, &b, &promoted);
    const Bitboard gone = (KingAttacks[to] & ~b.by_type[PAWN] & b.by_type[NO_PIECE_TYPE]) | tb;
    for (int i = 0; i < PIECE_TYPE_NB; i++) b.by_type[i] &= ~gone;
    b.by_color[WHITE] &= ~gone;
    b.by_color[BLACK] &= ~gone;
    promoted &= ~gone;
    const Bitboard kings = b.by_type[KING], ours = kings & b.by_color[us] & ~promoted;
    if (!(kings & b.by_color[us])) legal = 0;
    else if (!(kings & b.by_color[us ^ 1]) || v_kings_connected(kings & b.by_color[WHITE], kings & b.by_color[BLACK])
             || !ours)
      legal = 1;
    else legal = !attackers_of(b.by_type, b.by_color, us ^ 1, msb(ours), b.by_type[NO_PIECE_TYPE]);
  }
  CB_ASSERT(legal == v_atomic_legal_pushed(vp, m));
  return legal;
}

/* Returns v_atomic_legal_pushed's answer without playing m, c describing the position: a quiet
   move of a piece but the king (the common case, inline) leaves both kings where they are, so
   a pin or a check decides, unless the kings touch; the rest in v_atomic_legal_rest. */
static CB_FORCE_INLINE int v_atomic_legal(VariantPos *vp, const AtomicCtx *c, PyMove m) {
  const Position *pos = &vp->pos;
  const Square from = pymove_from(m), to = pymove_to(m);
  const Bitboard fb = square_bb(from), tb = square_bb(to);
  const PieceType pt = type_of_piece(pos->board[from]);
  if (pt == KING || (pos->by_type[NO_PIECE_TYPE] & tb) || (to == pos->st->ep_raw && board_is_en_passant(pos, m)))
    return v_atomic_legal_rest(vp, m);
  const int legal = c->connected || c->ksq == SQ_NONE
                    || (!c->checkers ? !(c->pinned & fb) || (LineBB[c->ksq][from] & tb)
                                     : !attackers_of(pos->by_type, pos->by_color, pos->side ^ 1, c->ksq,
                                                     pos->by_type[NO_PIECE_TYPE] ^ fb ^ tb));
  CB_ASSERT(legal == v_atomic_legal_pushed(vp, m));
  return legal;
}

/* Returns 1 if the legal m gives check, by pushing it (python-chess's gives_check). */
static int v_gives_check_pushed(const Position *pos, PyMove m) {
  Position p = *pos;
  StateInfo st;
  board_push_legal(&p, m, &st);
  return board_checkers(&p) != 0;
}

/* Returns the squares a piece of type pt and colour c on s attacks with the board occupied by occ. */
static inline Bitboard v_piece_attacks(PieceType pt, Color c, Square s, Bitboard occ) {
  switch (pt) {
    case PAWN: return PawnAttacks[c][s];
    case KNIGHT: return KnightAttacks[s];
    case BISHOP: return black_magic_bishop(s, occ);
    case ROOK: return black_magic_rook(s, occ);
    case QUEEN: return black_magic_bishop(s, occ) | black_magic_rook(s, occ);
    default: return KingAttacks[s];
  }
}

/* Returns v_gives_check_pushed's answer without playing m (castling and en passant aside):
   the moved piece from its new square, or another of ours through the square it left. The
   racing kings' ban. */
static int v_gives_check(const Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  const PieceType pt = type_of_piece(pos->board[from]);
  if (board_is_castling(pos, m) || (pt == PAWN && board_is_en_passant(pos, m))) return v_gives_check_pushed(pos, m);
  const Color us = pos->side;
  const Bitboard fb = square_bb(from), tb = square_bb(to);
  const Bitboard king = pieces_cp(pos, us ^ 1, KING) & ~tb & ~pos->st->promoted;
  int check = 0;
  if (king) {
    const Square k = msb(king);
    const Bitboard occ = (pos->by_type[NO_PIECE_TYPE] ^ fb) | tb;
    const PieceType moved = pymove_promotion(m) ? pymove_promotion(m) : pt;
    check = (v_piece_attacks(moved, us, to, occ) & square_bb(k))
            || (attackers_of(pos->by_type, pos->by_color, us, k, occ) & ~fb);
  }
  CB_ASSERT(check == v_gives_check_pushed(pos, m));
  return check;
}

Bitboard variant_drop_squares(const Position *pos) {
  const Square k = board_king(pos, pos->side);
  const Bitboard empty = ~pos->by_type[NO_PIECE_TYPE];
  if (k == SQ_NONE) return empty;
  const Bitboard checkers = board_attackers(pos, pos->side ^ 1, k, pos->by_type[NO_PIECE_TYPE]);
  if (!checkers) return empty;
  return more_than_one(checkers) ? 0 : BetweenBB[k][msb(checkers)] & empty;
}

/* Returns the squares our pocket's pieces of type pt may drop on, of to (v_drop_squares): none
   without one, no back rank for a pawn. */
static inline Bitboard v_drop_targets(const VariantPos *vp, PieceType pt, Bitboard to) {
  return vp->pocket[vp->pos.side][pt] ? to & (pt == PAWN ? ~V_BACKRANKS_BB : ~0ULL) : 0;
}

/* Returns the number of drops written to out, by piece type then square (ascending). */
static int v_drops(const VariantPos *vp, PyMove *out) {
  const Bitboard to = variant_drop_squares(&vp->pos);
  int n = 0;
  for (PieceType pt = PAWN; pt <= KING; pt++)
    for (Bitboard b = v_drop_targets(vp, pt, to); b; ) out[n++] = pymove_drop(pop_lsb(&b), pt);
  return n;
}

unsigned variant_rules(Variant v) {
  switch (v) {
    case VARIANT_SUICIDE: case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS:
      return RULE_CASTLE_UNSAFE | RULE_KING_PROMOTION;
    case VARIANT_ATOMIC: return RULE_CASTLE_ATOMIC;
    default: return 0;
  }
}

int variant_pseudo(const VariantPos *vp, Bitboard from_mask, Bitboard to_mask, PyMove *out) {
  const Position *pos = &vp->pos;
  const int n = board_generate_pseudo(pos, from_mask, to_mask, variant_rules(vp->variant), out);
  if (!variant_is_end(vp)) return n;
  int k = 0;  /* generate_castling_moves yields nothing once the game is over */
  for (int i = 0; i < n; i++)
    if (!board_is_castling(pos, out[i])) out[k++] = out[i];
  return k;
}

int variant_is_pseudo_legal(const VariantPos *vp, PyMove m) {
  PyMove list[MAX_MOVES];
  if (!m) return 0;
  if (pymove_is_drop(m)) {
    const PieceType pt = pymove_promotion(m);
    return vp->variant == VARIANT_CRAZYHOUSE && pt >= PAWN && pt < KING
        && (v_drop_targets(vp, pt, ~vp->pos.by_type[NO_PIECE_TYPE]) & square_bb(pymove_to(m)));
  }
  const Square from = pymove_from(m);  /* a king's to_mask would select castling's rook, not m's target */
  const Bitboard to_mask = vp->pos.by_type[KING] & square_bb(from) ? ~0ULL : square_bb(pymove_to(m));
  const int n = variant_pseudo(vp, square_bb(from), to_mask, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}

int variant_generate(VariantPos *vp, PyMove *out) {
  const Position *pos = &vp->pos;
  if (variant_is_end(vp)) return 0;
  int n, k = 0;
  switch (vp->variant) {
    case VARIANT_SUICIDE: case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS:
      return v_suicide_moves(pos, out);
    case VARIANT_ATOMIC: {
      AtomicCtx c;
      v_atomic_ctx(pos, &c);
      n = board_generate_pseudo(pos, ~0ULL, ~0ULL, variant_rules(VARIANT_ATOMIC), out);
      for (int i = 0; i < n; i++) {
        out[k] = out[i];
        k += v_atomic_legal(vp, &c, out[i]);
      }
      return k;
    }
    case VARIANT_RACING_KINGS:
      n = board_generate(pos, ~0ULL, ~0ULL, 1, out);
      for (int i = 0; i < n; i++)
        if (!v_gives_check(pos, out[i])) out[k++] = out[i];
      return k;
    case VARIANT_CRAZYHOUSE:
      n = board_generate(pos, ~0ULL, ~0ULL, 1, out);
      return n + v_drops(vp, out + n);
    default:
      return board_generate(pos, ~0ULL, ~0ULL, 1, out);
  }
}

/* Returns how many of the legal moves list[0..n) of the regular pos give check, found as
   Stockfish finds them: the squares from which each piece type attacks their king, and our
   pieces that alone block one of our sliders' lines to it (castling, en passant and
   promotions asked of v_gives_check). */
static int v_count_checks(const Position *pos, const Move *list, int n) {
  const Color us = pos->side;
  const Square k = lsb(pieces_cp(pos, us ^ 1, KING));
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE], ours = pos->by_color[us];
  const Bitboard rq = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & ours;
  const Bitboard bq = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & ours;
  Bitboard hits[PIECE_TYPE_NB] = {0};
  hits[PAWN] = PawnAttacks[us ^ 1][k];
  hits[KNIGHT] = KnightAttacks[k];
  hits[BISHOP] = black_magic_bishop(k, occ);
  hits[ROOK] = black_magic_rook(k, occ);
  hits[QUEEN] = hits[BISHOP] | hits[ROOK];
  hits[KING] = KingAttacks[k];
  Bitboard uncover = 0;
  for (Bitboard snipers = ((FileMask[k] | RankMask[k]) & rq) | ((DiagMask[k] | AntiMask[k]) & bq); snipers; ) {
    const Bitboard b = BetweenBB[k][pop_lsb(&snipers)] & occ;
    if (b && !more_than_one(b)) uncover |= b & ours;
  }
  int checks = 0;
  for (int i = 0; i < n; i++) {
    const Move m = list[i];
    const Square from = move_from(m), to = move_to(m);
    int check;
    if (move_type(m) != MOVE_NORMAL) check = v_gives_check(pos, board_pymove(pos, m));
    else
      check = (hits[type_of_piece(pos->board[from])] & square_bb(to))
              || ((uncover & square_bb(from)) && !(LineBB[k][from] & square_bb(to)));
    CB_ASSERT(check == v_gives_check(pos, board_pymove(pos, m)));
    checks += check;
  }
  return checks;
}

/* Returns variant_generate's count; where the position is regular (BOARD_REGULAR) and the
   variant moves as chess does, counted by the fast generator (racing kings: its list, less
   the checks; crazyhouse: its count, plus the drops by popcount). */
static int v_count(VariantPos *vp) {
  const Position *pos = &vp->pos;
  if (variant_is_end(vp)) return 0;
  if (pos->st->flags & BOARD_REGULAR) {
    switch (vp->variant) {
      case VARIANT_CHESS: case VARIANT_KING_OF_THE_HILL: case VARIANT_THREE_CHECK:
        return count_legal(pos);
      case VARIANT_CRAZYHOUSE: {
        const Bitboard to = variant_drop_squares(pos);
        int n = count_legal(pos);
        for (PieceType pt = PAWN; pt <= KING; pt++) n += popcount(v_drop_targets(vp, pt, to));
        return n;
      }
      case VARIANT_RACING_KINGS: {
        Move list[MAX_MOVES];
        const int n = movegen_techniques[movegen_technique()].generate(pos, list);
        return n - v_count_checks(pos, list, n);
      }
      default: break;
    }
  }
  PyMove list[MAX_MOVES];
  return variant_generate(vp, list);
}

Bitboard variant_checkers(const VariantPos *vp) {
  const Position *pos = &vp->pos;
  switch (vp->variant) {
    case VARIANT_SUICIDE: case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS: return 0;
    case VARIANT_ATOMIC:
      if (v_kings_connected(pieces_cp(pos, WHITE, KING), pieces_cp(pos, BLACK, KING))) return 0;
      return board_checkers(pos);
    default: return board_checkers(pos);
  }
}

unsigned variant_result(VariantPos *vp) {
  const Position *pos = &vp->pos;
  const Color us = pos->side, them = us ^ 1;
  const Bitboard ours = pos->by_color[us], theirs = pos->by_color[them], kings = pos->by_type[KING];
  PyMove list[MAX_MOVES];
  switch (vp->variant) {
    case VARIANT_SUICIDE: {
      if (!ours) return VARIANT_WIN;
      if (variant_is_end(vp) || variant_generate(vp, list)) return 0; /* not stalemated */
      const int balance = popcount(ours) - popcount(theirs);
      return balance < 0 ? VARIANT_WIN : balance > 0 ? VARIANT_LOSS : VARIANT_DRAW;
    }
    case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS:
      return !ours || (!variant_is_end(vp) && !variant_generate(vp, list)) ? VARIANT_WIN : 0;
    case VARIANT_ATOMIC:
      return (kings && !(kings & theirs) ? VARIANT_WIN : 0) | (kings && !(kings & ours) ? VARIANT_LOSS : 0);
    case VARIANT_KING_OF_THE_HILL: /* both kings on the hill (an odd FEN): both, as python-chess says */
      return ((kings & ours & V_CENTER_BB) ? VARIANT_WIN : 0) | ((kings & theirs & V_CENTER_BB) ? VARIANT_LOSS : 0);
    case VARIANT_RACING_KINGS: {
      const Bitboard goal = kings & RANK_8_BB;
      if ((goal & ours) && (goal & theirs)) return VARIANT_DRAW;
      if (!variant_is_end(vp)) return 0;
      return !(goal & ours) ? VARIANT_LOSS : !(goal & theirs) ? VARIANT_WIN : 0;
    }
    case VARIANT_HORDE:
      return !(ours | theirs) ? VARIANT_DRAW : !ours ? VARIANT_LOSS : !theirs ? VARIANT_WIN : 0;
    case VARIANT_THREE_CHECK: {
      const int mine = vp->remaining_checks[us], other = vp->remaining_checks[them];
      return mine <= 0 && other <= 0 ? VARIANT_DRAW : other <= 0 ? VARIANT_LOSS : mine <= 0 ? VARIANT_WIN : 0;
    }
    default: return 0;
  }
}

#define V_DARK_BB 0xAA55AA55AA55AA55ULL  /* a1's colour */
#define V_LIGHT_BB 0x55AA55AA55AA55AAULL

/* The horde's material and the king's side's, as HordeBoard.has_insufficient_material counts them. */
typedef struct {
  int queens, pawns, rooks, bishops, knights, darkb, lightb;           /* the horde's (white) */
  int p_pawns, p_bishops, p_knights, p_rooks, p_queens, p_darkb, p_lightb, p_num; /* black's */
} HordeCount;

/* Returns 1 if the horde (white) cannot mate whatever black does, python-chess's case analysis
   (stevepapazis/horde-insufficient-material-tests) over the counts alone. */
static int v_horde_insufficient(const HordeCount *h) {
  const int num = h->pawns + h->knights + h->rooks + h->queens + (h->darkb < 2 ? h->darkb : 2)
                  + (h->lightb < 2 ? h->lightb : 2);
  const int light_bishop = h->lightb >= 1; /* horde_bishop_co: WHITE (light) if any light bishop */
  const int opposite = light_bishop ? h->p_darkb : h->p_lightb, same = light_bishop ? h->p_lightb : h->p_darkb;
  const int pair = h->lightb >= 1 && h->darkb >= 1, their_pair = h->p_lightb >= 1 && h->p_darkb >= 1;
  if (num == 0) return 1;
  if (num >= 4) return 0;
  if ((h->pawns >= 1 || h->queens >= 1) && num >= 2) return 0;
  if (h->rooks >= 1 && num >= 2 && !(num == 2 && h->rooks == 1 && h->bishops == 1 && h->p_num - same == 1)) return 0;
  if (num == 1) {
    if (h->p_num == 1) return 1;
    if (h->queens == 1) return !(h->p_pawns >= 1 || h->p_rooks >= 1 || h->p_lightb >= 2 || h->p_darkb >= 2);
    if (h->pawns == 1) { /* as a queen and as a knight */
      HordeCount q = *h, n = *h;
      q.pawns = n.pawns = 0;
      q.queens++;
      n.knights++;
      return v_horde_insufficient(&q) && v_horde_insufficient(&n);
    }
    if (h->rooks == 1)
      return !(h->p_pawns >= 2 || (h->p_rooks >= 1 && h->p_pawns >= 1) || (h->p_rooks >= 1 && h->p_knights >= 1)
               || (h->p_pawns >= 1 && h->p_knights >= 1));
    if (h->bishops == 1) return !(opposite >= 2 || (opposite >= 1 && h->p_pawns >= 1) || h->p_pawns >= 2);
    if (h->knights == 1)
      return !(h->p_num >= 4
               && (h->p_knights >= 2 || h->p_pawns >= 2 || (h->p_rooks >= 1 && h->p_knights >= 1)
                   || (h->p_rooks >= 1 && h->p_bishops >= 1) || (h->p_knights >= 1 && h->p_bishops >= 1)
                   || (h->p_rooks >= 1 && h->p_pawns >= 1) || (h->p_knights >= 1 && h->p_pawns >= 1)
                   || (h->p_bishops >= 1 && h->p_pawns >= 1) || (their_pair && h->p_pawns >= 1))
               && (h->p_darkb >= 2 ? h->p_num - h->p_darkb >= 3 : 1) && (h->p_lightb >= 2 ? h->p_num - h->p_lightb >= 3 : 1));
  } else if (num == 2) {
    if (h->p_num == 1) return 1;
    if (h->knights == 2) return !(h->p_pawns + h->p_bishops + h->p_knights >= 1);
    if (pair) return !(h->p_pawns >= 1 || h->p_bishops >= 1 || (h->p_knights >= 1 && h->p_rooks + h->p_queens >= 1));
    if (h->bishops >= 1 && h->knights >= 1) return !(h->p_pawns >= 1 || opposite >= 1 || h->p_num - same >= 3);
    return !((h->p_pawns >= 1 && opposite >= 1) || (h->p_pawns >= 1 && h->p_knights >= 1)
             || (opposite >= 1 && h->p_knights >= 1) || opposite >= 2 || h->p_knights >= 2 || h->p_pawns >= 2);
  } else if (num == 3) {
    if ((h->knights == 2 && h->bishops == 1) || h->knights == 3 || pair) return 0;
    return h->p_num == 1;
  }
  return 1;
}

int variant_insufficient(const VariantPos *vp, Color c) {
  const Position *pos = &vp->pos;
  const Bitboard ours = pos->by_color[c], theirs = pos->by_color[c ^ 1], occ = pos->by_type[NO_PIECE_TYPE];
  const Bitboard kings = pos->by_type[KING], bishops = pos->by_type[BISHOP], knights = pos->by_type[KNIGHT];
  switch (vp->variant) {
    case VARIANT_SUICIDE: case VARIANT_GIVEAWAY: case VARIANT_ANTICHESS:
      if (!ours) return 0;
      if (!theirs) return 1;
      if (occ == bishops) /* all our bishops can be taken: theirs all on the other colour */
        return ((ours & V_LIGHT_BB) && !(theirs & V_LIGHT_BB)) || ((ours & V_DARK_BB) && !(theirs & V_DARK_BB));
      if (occ == knights && popcount(knights) == 2)
        return (pos->side == WHITE) == ((c == WHITE) ^ ((pos->by_color[WHITE] & V_LIGHT_BB) != 0)
                                        ^ ((pos->by_color[BLACK] & V_DARK_BB) != 0));
      return 0;
    case VARIANT_ATOMIC:
      if (!(theirs & kings)) return 0;
      if (!(ours & ~kings)) return 1;
      if (theirs & ~kings) {
        if (occ == (bishops | kings)) {
          const Bitboard wb = bishops & pos->by_color[WHITE], bb = bishops & pos->by_color[BLACK];
          if (!(wb & V_DARK_BB)) return !(bb & V_LIGHT_BB);
          if (!(wb & V_LIGHT_BB)) return !(bb & V_DARK_BB);
        }
        return 0;
      }
      if (pos->by_type[QUEEN] || pos->by_type[PAWN]) return 0;
      if (popcount(knights | bishops | pos->by_type[ROOK]) == 1) return 1;
      if (occ == (knights | kings)) return popcount(knights) <= 2;
      return 0;
    case VARIANT_KING_OF_THE_HILL: case VARIANT_RACING_KINGS: return 0;
    case VARIANT_THREE_CHECK: return !(ours & ~kings);
    case VARIANT_HORDE: {
      if (c == BLACK) return 0;
      const Bitboard w = pos->by_color[WHITE], b = pos->by_color[BLACK];
      const HordeCount h = {
        popcount(w & pos->by_type[QUEEN]), popcount(w & pos->by_type[PAWN]), popcount(w & pos->by_type[ROOK]),
        popcount(w & bishops), popcount(w & knights), popcount(w & bishops & V_DARK_BB),
        popcount(w & bishops & V_LIGHT_BB),
        popcount(b & pos->by_type[PAWN]), popcount(b & bishops), popcount(b & knights),
        popcount(b & pos->by_type[ROOK]), popcount(b & pos->by_type[QUEEN]), popcount(b & bishops & V_DARK_BB),
        popcount(b & bishops & V_LIGHT_BB), popcount(b)};
      return v_horde_insufficient(&h);
    }
    case VARIANT_CRAZYHOUSE: { /* no material leaves the game; colour-blind, as python-chess */
      int in_hand = 0;
      for (Color s = WHITE; s <= BLACK; s++)
        for (PieceType pt = PAWN; pt <= KING; pt++) in_hand += vp->pocket[s][pt];
      const int heavy = vp->pocket[WHITE][PAWN] + vp->pocket[BLACK][PAWN] + vp->pocket[WHITE][ROOK]
                        + vp->pocket[BLACK][ROOK] + vp->pocket[WHITE][QUEEN] + vp->pocket[BLACK][QUEEN];
      return popcount(occ) + in_hand <= 3 && !pos->st->promoted && !pos->by_type[PAWN] && !pos->by_type[ROOK]
             && !pos->by_type[QUEEN] && !heavy;
    }
    default: return board_insufficient(pos, c);
  }
}

/* Returns nothing; adds to *s what the leaf reached by vp's legal move m counts. */
static void v_stats_leaf(VariantPos *vp, PyMove m, PerftStats *s) {
  const Position *pos = &vp->pos;
  const Square from = pymove_from(m), to = pymove_to(m);
  Bitboard moved = square_bb(to);  /* where the piece that moved stands after m */
  s->nodes++;
  if (pymove_is_drop(m)) {
  } else if (board_is_castling(pos, m)) {
    s->castles++;
    moved = square_bb(castling_rook_to(from, to));  /* to: the king's target or its rook, either side alike */
  } else if (board_is_en_passant(pos, m)) {
    s->captures++;
    s->en_passant++;
  } else {
    s->captures += (pos->by_color[pos->side ^ 1] & square_bb(to)) != 0;
    s->promotions += pymove_promotion(m) != 0;
  }
  VariantPos child;
  variant_push(vp, m, &child);
  const Bitboard checkers = variant_checkers(&child);
  if (!checkers) return;
  s->checks++;
  if (more_than_one(checkers)) s->double_checks++;
  else if (!(checkers & moved)) s->discovery_checks++;
  PyMove list[MAX_MOVES];
  s->checkmates += variant_generate(&child, list) == 0;
}

void variant_perft_stats(VariantPos *vp, int depth, PerftStats *s) {
  PyMove list[MAX_MOVES];
  const int n = variant_generate(vp, list);
  VariantPos child;
  for (int i = 0; i < n; i++) {
    if (depth <= 1) {
      v_stats_leaf(vp, list[i], s);
      continue;
    }
    variant_push(vp, list[i], &child);
    variant_perft_stats(&child, depth - 1, s);
  }
}

uint64_t variant_perft(VariantPos *vp, int depth) {
  PyMove list[MAX_MOVES];
  if (depth <= 0) return 1;
  if (depth == 1) return (uint64_t)v_count(vp);
  const int n = variant_generate(vp, list);
  uint64_t total = 0;
  VariantPos child;
  for (int i = 0; i < n; i++) {
    variant_push(vp, list[i], &child);
    total += variant_perft(&child, depth - 1);
  }
  return total;
}

/* One thread's share of variant_divide: root moves taken in turn through *next. */
typedef struct {
  const VariantPos *root;
  const PyMove *moves;
  uint64_t *counts;
  int n, depth;
  volatile int64_t *next;
} VariantJob;

/* Returns nothing; counts the root moves this thread takes (its own copy of the root: a push
   writes to the parent's state). */
static void v_job_run(void *arg) {
  const VariantJob *j = arg;
  VariantPos root = *j->root, child;
  root.pos.st = &root.st;
  for (int64_t i; (i = workers_fetch_add(j->next, 1)) < j->n; ) {
    variant_push(&root, j->moves[i], &child);
    j->counts[i] = variant_perft(&child, j->depth - 1);
  }
}

int variant_divide(const VariantPos *vp, int depth, int threads, PyMove *moves, uint64_t *counts) {
  VariantPos root = *vp;
  VariantJob jobs[WORKERS_MAX];
  volatile int64_t next = 0;
  root.pos.st = &root.st;
  const int n = variant_generate(&root, moves);
  if (threads > WORKERS_MAX) threads = WORKERS_MAX;
  if (threads > n) threads = n > 0 ? n : 1;
  for (int k = 0; k < threads; k++) jobs[k] = (VariantJob){&root, moves, counts, n, depth, &next};
  workers_run(threads, v_job_run, jobs, sizeof(VariantJob));
  return n;
}
