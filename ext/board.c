#include <string.h>
#include "board.h"
#include "attackmaps.h"
#include "psqt.h"
#include "movegen.h"
#include "perft.h"
#include "polyglot.h"

/* Slider lookups: black magic, the fastest table technique without BMI2 (any CPU). */
static inline Bitboard b_rook(Square s, Bitboard occ) { return black_magic_rook(s, occ); }
static inline Bitboard b_bishop(Square s, Bitboard occ) { return black_magic_bishop(s, occ); }

/* Returns the highest square of the non-empty b (python-chess scans most moves this way). */
static inline Square b_msb(Bitboard b) { return msb(b); }

/* Returns the en-passant square generation uses: python-chess skips a falsy ep_square,
   so a1 (0) counts as none there. */
static inline Square b_ep(const Position *pos) {
  const Square ep = pos->st->ep_raw;
  return ep == SQ_NONE || ep == SQ_A1 ? SQ_NONE : ep;
}

Square board_king(const Position *pos, Color c) {
  const Bitboard k = pieces_cp(pos, c, KING) & ~pos->st->promoted;
  return k ? b_msb(k) : SQ_NONE;
}

Bitboard board_attackers(const Position *pos, Color c, Square s, Bitboard occ) {
  if (pos->maps && occ == pos->by_type[NO_PIECE_TYPE]) return pos->maps->to[s] & pos->by_color[c];
  return position_attackers(pos, c, s, occ);
}

/* Returns the squares the piece on s attacks (0 if s is empty). */
static inline Bitboard b_attacks(const Position *pos, Square s) {
  const Piece pc = pos->board[s];
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  switch (type_of_piece(pc)) {
    case PAWN: return PawnAttacks[color_of_piece(pc)][s];
    case KNIGHT: return KnightAttacks[s];
    case KING: return KingAttacks[s];
    case BISHOP: return b_bishop(s, occ);
    case ROOK: return b_rook(s, occ);
    case QUEEN: return b_bishop(s, occ) | b_rook(s, occ);
    default: return 0;
  }
}

Bitboard board_attacks_mask(const Position *pos, Square s) { return pos->maps ? pos->maps->from[s] : b_attacks(pos, s); }

Bitboard board_checkers(const Position *pos) {
  const Square k = board_king(pos, pos->side);
  return k == SQ_NONE ? 0 : position_attackers(pos, pos->side ^ 1, k, pos->by_type[NO_PIECE_TYPE]);
}

/* Returns 1 if colour `them` attacks any square of path with the board occupied by occ. */
static int b_attacked_for_king(const Position *pos, Color them, Bitboard path, Bitboard occ) {
  while (path) {
    const Square s = b_msb(path);
    path ^= square_bb(s);
    if (position_attackers(pos, them, s, occ)) return 1;
  }
  return 0;
}

Bitboard board_pin_mask(const Position *pos, Color c, Square s) {
  const Square king = board_king(pos, c);
  if (king == SQ_NONE) return ~0ULL;
  const Bitboard sq = square_bb(s), occ = pos->by_type[NO_PIECE_TYPE];
  const Bitboard rq = pos->by_type[ROOK] | pos->by_type[QUEEN], bq = pos->by_type[BISHOP] | pos->by_type[QUEEN];
  const Bitboard rays[3] = {FileMask[king], RankMask[king], DiagMask[king] | AntiMask[king]};
  const Bitboard sliders[3] = {rq, rq, bq};
  for (int i = 0; i < 3; i++) {
    if (!(rays[i] & sq)) continue;
    for (Bitboard snipers = rays[i] & sliders[i] & pos->by_color[c ^ 1]; snipers; ) {
      const Square sniper = b_msb(snipers);
      snipers ^= square_bb(sniper);
      if ((BetweenBB[sniper][king] & (occ | sq)) == sq) return LineBB[king][sniper];
    }
    break; /* python-chess looks at the first line through the king that holds s only */
  }
  return ~0ULL;
}

Bitboard board_slider_blockers(const Position *pos, Square king) {
  const Color us = pos->side;
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  const Bitboard rq = pos->by_type[ROOK] | pos->by_type[QUEEN], bq = pos->by_type[BISHOP] | pos->by_type[QUEEN];
  Bitboard snipers = (((RankMask[king] | FileMask[king]) & rq) | ((DiagMask[king] | AntiMask[king]) & bq))
                   & pos->by_color[us ^ 1];
  Bitboard blockers = 0;
  while (snipers) {
    const Square s = b_msb(snipers);
    snipers ^= square_bb(s);
    const Bitboard b = BetweenBB[king][s] & occ;
    if (b && !more_than_one(b)) blockers |= b;
  }
  return blockers & pos->by_color[us];
}

/* Returns 1 if capturing en passant with the pawn on capturer exposes king along the
   capture rank or a diagonal (_ep_skewered). */
static int b_ep_skewered(const Position *pos, Square king, Square capturer) {
  const Color us = pos->side;
  const Square ep = pos->st->ep_raw;
  const Square last_double = ep + (us == WHITE ? SOUTH : NORTH);
  const Bitboard occ = (pos->by_type[NO_PIECE_TYPE] & ~square_bb(last_double) & ~square_bb(capturer)) | square_bb(ep);
  const Bitboard theirs = pos->by_color[us ^ 1];
  if (b_rook(king, occ) & RankMask[king] & theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN])) return 1;
  return (b_bishop(king, occ) & theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) != 0;
}

int board_is_en_passant(const Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  const int diff = to > from ? to - from : from - to;
  return pos->st->ep_raw == to && (pos->by_type[PAWN] & square_bb(from)) && (diff == 7 || diff == 9)
      && !(pos->by_type[NO_PIECE_TYPE] & square_bb(to));
}

int board_is_castling(const Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  if (!(pos->by_type[KING] & square_bb(from))) return 0;
  const int df = file_of(from) - file_of(to);
  return df > 1 || df < -1 || (pieces_cp(pos, pos->side, ROOK) & square_bb(to)) != 0;
}

int board_is_capture(const Position *pos, PyMove m) {
  const Bitboard touched = square_bb(pymove_from(m)) ^ square_bb(pymove_to(m));
  return (touched & pos->by_color[pos->side ^ 1]) != 0 || board_is_en_passant(pos, m);
}

/* Returns 1 if m moves a pawn or lands on an enemy piece (python-chess's is_zeroing). */
static inline int b_zeroing(const Position *pos, PyMove m) {
  const Bitboard touched = square_bb(pymove_from(m)) ^ square_bb(pymove_to(m));
  return (touched & (pos->by_type[PAWN] | pos->by_color[pos->side ^ 1])) != 0;
}

int board_is_zeroing(const Position *pos, PyMove m) { return b_zeroing(pos, m); }

/* Returns castling right rook square `to` written as python-chess writes the move of
   the king on from (_from_chess960): e1g1/e1c1 in standard chess. */
static PyMove b_castling_move(const Position *pos, Square from, Square to) {
  if (!pos->chess960 && (pos->by_type[KING] & square_bb(from))) {
    if (from == SQ_E1 && to == SQ_H1) to = SQ_G1;
    else if (from == SQ_E1 && to == SQ_A1) to = SQ_C1;
    else if (from == SQ_E8 && to == SQ_H8) to = SQ_G8;
    else if (from == SQ_E8 && to == SQ_A8) to = SQ_C8;
  }
  return pymove_make(from, to, 0);
}

PyMove board_from_chess960(const Position *pos, PyMove m) {
  return pymove_promotion(m) ? m : b_castling_move(pos, pymove_from(m), pymove_to(m));
}

PyMove board_to_chess960(const Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  if ((from == SQ_E1 || from == SQ_E8) && (pos->by_type[KING] & square_bb(from))
      && (to == from + 2 || to == from - 2) && !(pos->by_type[ROOK] & square_bb(to)))
    return pymove_make(from, to == from + 2 ? from + 3 : from - 4, 0);
  return m;
}

Bitboard board_clean_castling(const Position *pos, int has_stack) {
  const StateInfo *st = pos->st;
  if (has_stack) return st->castling_raw;
  const Bitboard kings = pos->by_type[KING] & ~st->promoted;
  const Bitboard castling = st->castling_raw & pos->by_type[ROOK];
  Bitboard side[2] = {castling & RANK_1_BB & pos->by_color[WHITE], castling & RANK_8_BB & pos->by_color[BLACK]};
  if (!pos->chess960) {
    side[WHITE] &= square_bb(SQ_A1) | square_bb(SQ_H1);
    side[BLACK] &= square_bb(SQ_A8) | square_bb(SQ_H8);
    if (!(pos->by_color[WHITE] & kings & square_bb(SQ_E1))) side[WHITE] = 0;
    if (!(pos->by_color[BLACK] & kings & square_bb(SQ_E8))) side[BLACK] = 0;
    return side[WHITE] | side[BLACK];
  }
  Bitboard result = 0;
  for (Color c = WHITE; c <= BLACK; c++) {
    const Bitboard king_mask = pos->by_color[c] & kings & board_backrank(c);
    if (!king_mask || !side[c]) continue;
    /* One a-side and one h-side right at most: the outermost rooks, if the king is between. */
    const Square a = lsb(side[c]), h = b_msb(side[c]), k = b_msb(king_mask);
    if (a <= k) result |= square_bb(a);
    if (h >= k) result |= square_bb(h);
  }
  return result;
}

/* Returns the squares of path castling asks about under rules (RULE_CASTLE_*): suicide asks
   none, atomic none next to an enemy king (python-chess's _attacked_for_king overrides). */
static inline Bitboard b_castle_asked(const Position *pos, unsigned rules, Bitboard path) {
  if (rules & RULE_CASTLE_UNSAFE) return 0;
  if (rules & RULE_CASTLE_ATOMIC)
    for (Bitboard k = pieces_cp(pos, pos->side ^ 1, KING); k; ) path &= ~KingAttacks[pop_lsb(&k)];
  return path;
}

/* Returns the number of castling moves written to out, board_generate_castling under rules. */
static int b_gen_castling(const Position *pos, Bitboard from_mask, Bitboard to_mask, unsigned rules, PyMove *out) {
  const Color us = pos->side;
  const Bitboard backrank = board_backrank(us);
  Bitboard king = pos->by_color[us] & pos->by_type[KING] & ~pos->st->promoted & backrank & from_mask;
  PyMove *start = out;
  if (!king) return 0;
  king &= -king;
  const Square ksq = lsb(king);
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  for (Bitboard c = board_clean_castling(pos, pos->st->prev != NULL) & backrank & to_mask; c; ) {
    const Square rsq = b_msb(c);
    const Bitboard rook = square_bb(rsq);
    c ^= rook;
    const int a_side = rsq < ksq;
    const Square kto = make_square(a_side ? 2 : 6, rank_of(ksq)), rto = make_square(a_side ? 3 : 5, rank_of(ksq));
    const Bitboard kto_bb = square_bb(kto), rto_bb = square_bb(rto);
    const Bitboard king_path = BetweenBB[ksq][kto], rook_path = BetweenBB[rsq][rto];
    if ((occ ^ king ^ rook) & (king_path | rook_path | kto_bb | rto_bb)) continue;
    if (b_attacked_for_king(pos, us ^ 1, b_castle_asked(pos, rules, king_path | king), occ ^ king)) continue;
    if (b_attacked_for_king(pos, us ^ 1, b_castle_asked(pos, rules, kto_bb), occ ^ king ^ rook ^ rto_bb)) continue;
    *out++ = b_castling_move(pos, ksq, rsq);
  }
  return (int)(out - start);
}

int board_generate_castling(const Position *pos, Bitboard from_mask, Bitboard to_mask, PyMove *out) {
  return b_gen_castling(pos, from_mask, to_mask, 0, out);
}

/* What legal generation filters with (python-chess's _is_safe, applied while generating):
   our king (the highest, as python-chess picks it) and our pieces pinned to it. */
typedef struct { Square king; Bitboard pinned; } Legality;

/* Returns 1 if the pseudo-legal en-passant capture m keeps our king safe (_is_safe's ep case). */
static int b_ep_safe(const Position *pos, const Legality *lg, PyMove m) {
  const Square from = pymove_from(m);
  return (board_pin_mask(pos, pos->side, from) & square_bb(pymove_to(m))) && !b_ep_skewered(pos, lg->king, from);
}

/* Returns out advanced past python-chess's en-passant captures (legal ones if lg). */
static PyMove *b_gen_ep(const Position *pos, Bitboard from_mask, Bitboard to_mask, const Legality *lg, PyMove *out) {
  const Square ep = b_ep(pos);
  const Color us = pos->side;
  if (ep == SQ_NONE || !(square_bb(ep) & to_mask) || (square_bb(ep) & pos->by_type[NO_PIECE_TYPE])) return out;
  Bitboard capturers = pieces_cp(pos, us, PAWN) & from_mask & PawnAttacks[us ^ 1][ep]
                     & (RANK_1_BB << (8 * (us == WHITE ? 4 : 3)));
  while (capturers) {
    const Square s = b_msb(capturers);
    capturers ^= square_bb(s);
    *out = pymove_make(s, ep, 0);
    if (!lg || b_ep_safe(pos, lg, *out)) out++;
  }
  return out;
}

/* Returns out advanced past moves from `from` to each square of b, promotions
   queen first (a king before it under RULE_KING_PROMOTION) where b reaches a back rank,
   highest target first. */
static inline PyMove *b_emit_pawn(PyMove *out, Square from, Bitboard b, unsigned rules) {
  while (b) {
    const Square to = b_msb(b);
    b ^= square_bb(to);
    if (square_bb(to) & (RANK_1_BB | RANK_8_BB)) {
      if (rules & RULE_KING_PROMOTION) *out++ = pymove_make(from, to, KING);
      *out++ = pymove_make(from, to, QUEEN);
      *out++ = pymove_make(from, to, ROOK);
      *out++ = pymove_make(from, to, BISHOP);
      *out++ = pymove_make(from, to, KNIGHT);
    } else *out++ = pymove_make(from, to, 0);
  }
  return out;
}

/* Returns the targets of the piece on s that lg allows (all of t if lg is NULL). */
static inline Bitboard b_allowed(const Position *pos, const Legality *lg, Square s, Bitboard t) {
  if (!lg) return t;
  if (s == lg->king) {
    Bitboard safe = 0;
    for (Bitboard b = t; b; b &= b - 1)
      if (!position_attackers(pos, pos->side ^ 1, lsb(b), pos->by_type[NO_PIECE_TYPE])) safe |= b & -b;
    return safe;
  }
  return lg->pinned & square_bb(s) ? t & LineBB[lg->king][s] : t;
}

/* Returns 1 if python-chess's _is_safe keeps the pseudo-legal move m. */
static int b_is_safe(const Position *pos, const Legality *lg, PyMove m) {
  const Square from = pymove_from(m);
  if (from == lg->king && board_is_castling(pos, m)) return 1;
  if (board_is_en_passant(pos, m)) return b_ep_safe(pos, lg, m);
  return b_allowed(pos, lg, from, square_bb(pymove_to(m))) != 0;
}

/* Returns out advanced past python-chess's pseudo-legal moves, in its order: pieces by
   square (highest first), castling, pawn captures, single then double pushes, ep; with lg,
   only those _is_safe keeps; variants' rules (RULE_*) where lg is NULL. */
static PyMove *b_gen_pseudo(const Position *pos, Bitboard from_mask, Bitboard to_mask, const Legality *lg,
                            unsigned rules, PyMove *out) {
  const Color us = pos->side;
  const Bitboard ours = pos->by_color[us], occ = pos->by_type[NO_PIECE_TYPE];
  for (Bitboard b = ours & ~pos->by_type[PAWN] & from_mask; b; ) {
    const Square s = b_msb(b);
    b ^= square_bb(s);
    for (Bitboard t = b_allowed(pos, lg, s, b_attacks(pos, s) & ~ours & to_mask); t; ) {
      const Square to = b_msb(t);
      t ^= square_bb(to);
      *out++ = pymove_make(s, to, 0);
    }
  }
  if (from_mask & pos->by_type[KING] & ours) {
    PyMove *castles = out;
    out += b_gen_castling(pos, from_mask, to_mask, rules, out);
    if (lg) { /* castling is safe for the king python-chess checks; another king obeys pins */
      PyMove *kept = castles;
      for (PyMove *m = castles; m < out; m++)
        if (b_is_safe(pos, lg, *m)) *kept++ = *m;
      out = kept;
    }
  }
  const Bitboard pawns = pos->by_type[PAWN] & ours & from_mask;
  if (!pawns) return out;
  for (Bitboard b = pawns & pawn_attacks_bb(us ^ 1, pos->by_color[us ^ 1]); b; ) {
    const Square s = b_msb(b);
    b ^= square_bb(s);
    out = b_emit_pawn(out, s, b_allowed(pos, lg, s, PawnAttacks[us][s] & pos->by_color[us ^ 1] & to_mask), rules);
  }
  /* as python-chess: a double step lands on the 3rd or 4th rank (from the 1st too, on odd boards) */
  const int up = us == WHITE ? NORTH : SOUTH;
  Bitboard single = shift(pawns, up) & ~occ;
  Bitboard dbl = shift(single, up) & ~occ & (us == WHITE ? RANK_1_BB << 16 | RANK_1_BB << 24
                                                         : RANK_8_BB >> 16 | RANK_8_BB >> 24);
  if (lg && (pawns & lg->pinned)) { /* a pinned pawn pushes only along a file through its king */
    const Bitboard stuck = shift(pawns & lg->pinned & ~FileMask[lg->king], up);
    single &= ~stuck;
    dbl &= ~shift(stuck, up);
  }
  single &= to_mask;
  dbl &= to_mask;
  while (single) {
    const Square to = b_msb(single);
    single ^= square_bb(to);
    out = b_emit_pawn(out, to - up, square_bb(to), rules);
  }
  while (dbl) {
    const Square to = b_msb(dbl);
    dbl ^= square_bb(to);
    *out++ = pymove_make(to - 2 * up, to, 0);
  }
  if (b_ep(pos) != SQ_NONE) out = b_gen_ep(pos, from_mask, to_mask, lg, out);
  return out;
}

/* Returns out advanced past python-chess's check evasions (_generate_evasions), the
   legal ones only if lg. */
static PyMove *b_gen_evasions(const Position *pos, Square king, Bitboard checkers, Bitboard from_mask,
                              Bitboard to_mask, const Legality *lg, PyMove *out) {
  const Color us = pos->side;
  Bitboard attacked = 0;
  for (Bitboard s = checkers & (pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN]); s; ) {
    const Square c = b_msb(s);
    s ^= square_bb(c);
    attacked |= LineBB[king][c] & ~square_bb(c);
  }
  if (square_bb(king) & from_mask)
    for (Bitboard t = b_allowed(pos, lg, king, KingAttacks[king] & ~pos->by_color[us] & ~attacked & to_mask); t; ) {
      const Square to = b_msb(t);
      t ^= square_bb(to);
      *out++ = pymove_make(king, to, 0);
    }
  const Square checker = b_msb(checkers);
  if (square_bb(checker) == checkers) {
    const Bitboard target = BetweenBB[king][checker] | checkers;
    out = b_gen_pseudo(pos, ~pos->by_type[KING] & from_mask, target & to_mask, lg, 0, out);
    const Square ep = b_ep(pos);
    if (ep != SQ_NONE && !(square_bb(ep) & target) && ep + (us == WHITE ? SOUTH : NORTH) == checker)
      out = b_gen_ep(pos, from_mask, to_mask, lg, out);
  }
  return out;
}

int board_generate(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out) {
  const Color us = pos->side;
  const Bitboard kings = pos->by_type[KING] & pos->by_color[us];
  if (!legal || !kings) return (int)(b_gen_pseudo(pos, from_mask, to_mask, NULL, 0, out) - out);
  const Square king = b_msb(kings);
  const Legality lg = {king, board_slider_blockers(pos, king)};
  const Bitboard checkers = position_attackers(pos, us ^ 1, lg.king, pos->by_type[NO_PIECE_TYPE]);
  PyMove *end = checkers ? b_gen_evasions(pos, lg.king, checkers, from_mask, to_mask, &lg, out)
                         : b_gen_pseudo(pos, from_mask, to_mask, &lg, 0, out);
  return (int)(end - out);
}

int board_generate_pseudo(const Position *pos, Bitboard from_mask, Bitboard to_mask, unsigned rules, PyMove *out) {
  return (int)(b_gen_pseudo(pos, from_mask, to_mask, NULL, rules, out) - out);
}

int board_is_into_check(const Position *pos, PyMove m) {
  const Color us = pos->side;
  const Square king = board_king(pos, us);
  if (king == SQ_NONE) return 0;
  const Bitboard checkers = position_attackers(pos, us ^ 1, king, pos->by_type[NO_PIECE_TYPE]);
  if (checkers) {
    PyMove ev[MAX_MOVES];
    const PyMove *end = b_gen_evasions(pos, king, checkers, square_bb(pymove_from(m)), square_bb(pymove_to(m)), NULL, ev);
    int found = 0;
    for (const PyMove *e = ev; e < end && !found; e++) found = *e == m;
    if (!found) return 1;
  }
  const Legality lg = {king, board_slider_blockers(pos, king)};
  return !b_is_safe(pos, &lg, m);
}

int board_generate_ep(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out) {
  PyMove *end = b_gen_ep(pos, from_mask, to_mask, NULL, out);
  int n = 0;
  for (PyMove *m = out; m < end; m++)
    if (!legal || !board_is_into_check(pos, *m)) out[n++] = *m;
  return n;
}

int board_has_legal_ep(const Position *pos) {
  PyMove ep[8];
  return pos->st->ep_raw != SQ_NONE && board_generate_ep(pos, ~0ULL, ~0ULL, 1, ep) > 0;
}

int board_is_pseudo_legal(const Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  const int promotion = pymove_promotion(m);
  const Color us = pos->side;
  if (!m) return 0;
  const PieceType pt = type_of_piece(pos->board[from]);
  if (!pt || !(pos->by_color[us] & square_bb(from))) return 0;
  if (promotion) {
    if (pt != PAWN || rank_of(to) != (us == WHITE ? 7 : 0)) return 0;
  }
  if (pt == KING) {
    PyMove list[4];
    const PyMove c = b_castling_move(pos, from, to);
    const int n = board_generate_castling(pos, ~0ULL, ~0ULL, list);
    for (int i = 0; i < n; i++)
      if (list[i] == c && !promotion) return 1;
  }
  if (pos->by_color[us] & square_bb(to)) return 0;
  if (pt == PAWN) {
    PyMove list[MAX_MOVES];
    const PyMove *end = b_gen_pseudo(pos, square_bb(from), square_bb(to), NULL, 0, list);
    for (const PyMove *l = list; l < end; l++)
      if (*l == m) return 1;
    return 0;
  }
  return (b_attacks(pos, from) & square_bb(to)) != 0;
}

int board_is_legal(const Position *pos, PyMove m) {
  return board_is_pseudo_legal(pos, m) && !board_is_into_check(pos, m);
}

/* Returns 1 if m is irreversible (python-chess's is_irreversible), given whether it zeroes
   and the clean castling rights cr. */
static int b_irreversible(const Position *pos, PyMove m, int zeroing, Bitboard cr) {
  if (zeroing) return 1;
  const Bitboard touched = square_bb(pymove_from(m)) ^ square_bb(pymove_to(m));
  const Bitboard kings = pos->by_type[KING] & ~pos->st->promoted;
  if ((touched & cr) || ((cr & RANK_1_BB) && (touched & kings & pos->by_color[WHITE]))
      || ((cr & RANK_8_BB) && (touched & kings & pos->by_color[BLACK])))
    return 1;
  return board_has_legal_ep(pos);
}

int board_is_irreversible(const Position *pos, PyMove m) {
  return b_irreversible(pos, m, b_zeroing(pos, m), board_clean_castling(pos, pos->st->prev != NULL));
}

/* --- State derived from python-chess's raw state ------------------------------------- */

/* Returns python-chess's _valid_ep_square(): ep_raw if a double push can have made it, else SQ_NONE. */
static Square b_valid_ep(const Position *pos) {
  const Square ep = pos->st->ep_raw;
  const Color us = pos->side;
  if (ep == SQ_NONE || ep == SQ_A1) return SQ_NONE;
  if (rank_of(ep) != (us == WHITE ? 5 : 2)) return SQ_NONE;
  const Square pawn = ep + (us == WHITE ? SOUTH : NORTH), seventh = ep + (us == WHITE ? NORTH : SOUTH);
  if (!(pieces_cp(pos, us ^ 1, PAWN) & square_bb(pawn))) return SQ_NONE;
  if (pos->by_type[NO_PIECE_TYPE] & (square_bb(ep) | square_bb(seventh))) return SQ_NONE;
  return ep;
}

/* Returns 1 if the fast generator is exact here (BOARD_REGULAR's definition). */
static int b_regular(const Position *pos) {
  const Bitboard kings = pos->by_type[KING];
  if (popcount(kings & pos->by_color[WHITE]) != 1 || popcount(kings & pos->by_color[BLACK]) != 1) return 0;
  if ((kings & pos->st->promoted) || (pos->by_type[PAWN] & (RANK_1_BB | RANK_8_BB))) return 0;
  if (pos->st->ep_raw != SQ_NONE && b_valid_ep(pos) == SQ_NONE) return 0;
  const Color them = pos->side ^ 1;
  return !position_attackers(pos, pos->side, lsb(kings & pos->by_color[them]), pos->by_type[NO_PIECE_TYPE]);
}

/* Returns the legal en-passant square for the key and the fast generator, or SQ_NONE. */
static Square b_legal_ep(const Position *pos, int regular) {
  const Square ep = b_valid_ep(pos);
  if (regular) return ep != SQ_NONE && position_ep_legal(pos, ep) ? ep : SQ_NONE;
  return board_has_legal_ep(pos) ? pos->st->ep_raw : SQ_NONE;
}

/* Returns nothing; records castling right i with the king on ksq and the rook on rsq
   in the geometry the fast generator and perft's make read. */
static void b_add_castling(Position *p, int i, Square ksq, Square rsq) {
  const Square kto = castling_king_to(ksq, rsq), rto = castling_rook_to(ksq, rsq);
  const Color c = i >> 1;
  p->st->castling |= (uint8_t)(1 << i);
  p->castling_mask[ksq] |= (uint8_t)(3 << (2 * c));
  p->castling_mask[rsq] |= (uint8_t)(1 << i);
  p->castling_rook[i] = (uint8_t)rsq;
  p->castling_path[i] = (BetweenBB[ksq][kto] | square_bb(kto) | BetweenBB[rsq][rto] | square_bb(rto))
                      & ~(square_bb(ksq) | square_bb(rsq));
  p->castling_king_path[i] = BetweenBB[ksq][kto] | square_bb(kto);
}

/* Returns 1 after deriving the 4 castling rights and their geometry from the clean
   rights, or 0 if they do not fit the fast generator (two rights on a side). */
static int b_derive_castling(Position *pos) {
  const Bitboard clean = board_clean_castling(pos, pos->st->prev != NULL);
  int ok = 1;
  memset(pos->castling_mask, 0, sizeof pos->castling_mask);
  memset(pos->castling_rook, 0, sizeof pos->castling_rook);
  memset(pos->castling_path, 0, sizeof pos->castling_path);
  memset(pos->castling_king_path, 0, sizeof pos->castling_king_path);
  pos->st->castling = 0;
  for (Color c = WHITE; c <= BLACK; c++) {
    const Bitboard kings = pieces_cp(pos, c, KING) & ~pos->st->promoted & board_backrank(c);
    const Bitboard rights = clean & board_backrank(c);
    if (!rights) continue;
    if (!kings) { ok = 0; continue; }
    const Square ksq = lsb(kings);
    for (Bitboard r = rights; r; ) {
      const Square rsq = pop_lsb(&r);
      const int i = 2 * c + (rsq < ksq);
      if ((pos->st->castling & (1 << i)) || !(pieces_cp(pos, c, ROOK) & square_bb(rsq))) ok = 0;
      else b_add_castling(pos, i, ksq, rsq);
    }
  }
  return ok;
}

/* Returns nothing; recomputes the attack maps and the piece-square score, where kept. */
static void b_extras_sync(Position *pos) {
  if (pos->maps) attackmaps_compute(pos->maps, pos);
  if (pos->psqt) psqt_compute(pos->psqt, pos);
}

void board_sync(Position *pos) {
  StateInfo *st = pos->st;
  b_extras_sync(pos);
  int regular = b_derive_castling(pos) && b_regular(pos);
  st->flags = (uint8_t)((st->flags & BOARD_IRREVERSIBLE) | (regular ? BOARD_REGULAR : 0)
                        | (pos->side == BLACK ? BOARD_BLACK : 0));
  st->ep = (uint8_t)b_legal_ep(pos, regular);
  st->key = position_compute_key(pos);
}

/* --- push and pop --------------------------------------------------------------------- */

/* The board before a push or pop, as the attack maps and the piece-square score need it. */
typedef struct { Bitboard by_type[PIECE_TYPE_NB], by_color[COLOR_NB]; } BoardBefore;

/* Returns 1 (and fills *b) if pos keeps attack maps or a piece-square score, else 0. */
static inline int b_extras_before(const Position *pos, BoardBefore *b) {
  if (!pos->maps && !pos->psqt) return 0;
  for (int i = 0; i < PIECE_TYPE_NB; i++) b->by_type[i] = pos->by_type[i];
  b->by_color[WHITE] = pos->by_color[WHITE];
  b->by_color[BLACK] = pos->by_color[BLACK];
  return 1;
}

/* Returns the piece that stood on s in *b. */
static inline Piece b_piece_before(const BoardBefore *b, Square s) {
  const Bitboard bb = square_bb(s);
  for (PieceType pt = PAWN; pt <= KING; pt++)
    if (b->by_type[pt] & bb) return make_piece((b->by_color[BLACK] & bb) != 0, pt);
  return NO_PIECE;
}

/* Returns nothing; brings the maps and the score from *b to pos (after a push or pop). */
static void b_extras_after(Position *pos, const BoardBefore *b) {
  Bitboard changed = (b->by_color[WHITE] ^ pos->by_color[WHITE]) | (b->by_color[BLACK] ^ pos->by_color[BLACK]);
  for (PieceType pt = PAWN; pt <= KING; pt++) changed |= b->by_type[pt] ^ pos->by_type[pt];
  if (pos->maps) attackmaps_update(pos->maps, pos, b->by_type[NO_PIECE_TYPE], changed);
  if (pos->psqt)
    for (Bitboard c = changed; c; ) {
      const Square s = pop_lsb(&c);
      psqt_change(pos->psqt, s, b_piece_before(b, s), pos->board[s]);
    }
}

/* Returns the piece removed from s (NO_PIECE if empty), key and promoted updated. */
static inline Piece b_take(Position *pos, Square s, uint64_t *key, Bitboard *promoted) {
  const Piece pc = pos->board[s];
  if (pc) {
    position_remove(pos, pc, s);
    *key ^= zobrist_psq[pc][s];
  }
  *promoted &= ~square_bb(s);
  return pc;
}

/* Returns nothing; puts pc on the empty square s, key updated. */
static inline void b_place(Position *pos, Piece pc, Square s, uint64_t *key) {
  position_put(pos, pc, s);
  *key ^= zobrist_psq[pc][s];
}

PyMove board_pymove(const Position *pos, Move m) {
  if (m == MOVE_NONE) return 0;
  const Square from = move_from(m), to = move_to(m);
  if (move_type(m) == MOVE_CASTLING) return b_castling_move(pos, from, to);
  return pymove_make(from, to, move_type(m) == MOVE_PROMOTION ? move_promotion(m) : 0);
}

/* Returns nothing; board_push's work for m, pseudo-legal or null; known_legal: m is a
   legal move (then a regular position stays regular without a test). */
static void b_push(Position *pos, PyMove m, StateInfo *ns, int known_legal) {
  BoardBefore before;
  const int extras = b_extras_before(pos, &before);
  StateInfo *st = pos->st;
  const Color us = pos->side, them = us ^ 1;
  const int zeroing = b_zeroing(pos, m);
  Bitboard castling = board_clean_castling(pos, st->prev != NULL), promoted = st->promoted;
  const int irreversible = b_irreversible(pos, m, zeroing, castling);
  st->flags = (uint8_t)((st->flags & ~BOARD_BLACK) | (us == BLACK ? BOARD_BLACK : 0));
  uint64_t key = st->key ^ zobrist_side ^ zobrist_castling[st->castling]
               ^ (st->ep != SQ_NONE ? zobrist_ep[file_of(st->ep)] : 0);
  const Square old_ep = st->ep_raw;
  ns->rule50 = st->rule50 + 1;
  ns->fullmove = st->fullmove + (us == BLACK);
  ns->captured = NO_PIECE;
  ns->ep_raw = SQ_NONE;
  ns->flags = 0;
  ns->move = MOVE_NONE;
  ns->prev = st;
  ns->castling = st->castling;
  if (m) {
    const int promotion = pymove_promotion(m);
    const PyMove mm = board_to_chess960(pos, m);
    const Square from = pymove_from(mm), to = pymove_to(mm);
    const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
    if (zeroing) ns->rule50 = 0;
    const int was_promoted = (promoted & from_bb) != 0;
    const Piece pc = b_take(pos, from, &key, &promoted);
    const PieceType pt = type_of_piece(pc);
    const PieceType captured_pt = type_of_piece(pos->board[to]);
    castling &= ~to_bb & ~from_bb;
    if (pt == KING && !was_promoted) castling &= ~board_backrank(us);
    else if (captured_pt == KING && !(promoted & to_bb)) {
      if (us == WHITE && rank_of(to) == 7) castling &= ~RANK_8_BB;
      else if (us == BLACK && rank_of(to) == 0) castling &= ~RANK_1_BB;
    }
    int type = MOVE_NORMAL;
    if (pt == PAWN) {
      const int diff = to - from;
      if (diff == 16 && rank_of(from) == 1) ns->ep_raw = (uint8_t)(from + 8);
      else if (diff == -16 && rank_of(from) == 6) ns->ep_raw = (uint8_t)(from - 8);
      else if (to == old_ep && (diff == 7 || diff == 9 || diff == -7 || diff == -9) && !captured_pt) {
        type = MOVE_EP;
        ns->captured = (uint8_t)b_take(pos, old_ep + (us == WHITE ? SOUTH : NORTH), &key, &promoted);
      }
    }
    if (pt == KING && (pos->by_color[us] & to_bb)) {
      const int a_side = file_of(to) < file_of(from);
      const Square rank = (Square)(us == WHITE ? 0 : 56);
      b_take(pos, to, &key, &promoted);
      b_place(pos, make_piece(us, KING), rank + (a_side ? 2 : 6), &key);
      b_place(pos, make_piece(us, ROOK), rank + (a_side ? 3 : 5), &key);
      ns->move = make_move_special(from, to, MOVE_CASTLING);
    } else {
      if (type != MOVE_EP) ns->captured = (uint8_t)b_take(pos, to, &key, &promoted);
      if (promotion) {
        b_place(pos, make_piece(us, promotion), to, &key);
        promoted |= to_bb;
        ns->move = make_promotion(from, to, promotion);
      } else {
        b_place(pos, pc, to, &key);
        if (was_promoted) promoted |= to_bb;
        ns->move = make_move_special(from, to, type);
      }
    }
  }
  ns->castling_raw = castling;
  ns->promoted = promoted;
  pos->side = them;
  pos->st = ns;
  /* Rights only shrink in a game: keep those whose rook is still a right. */
  for (int i = 0; i < 4; i++)
    if ((ns->castling & (1 << i)) && !(castling & square_bb(pos->castling_rook[i]))) ns->castling &= (uint8_t)~(1 << i);
  const int regular = known_legal && m && (st->flags & BOARD_REGULAR) ? 1 : b_regular(pos);
  ns->flags = (uint8_t)((regular ? BOARD_REGULAR : 0) | (irreversible ? BOARD_IRREVERSIBLE : 0)
                        | (them == BLACK ? BOARD_BLACK : 0));
  ns->ep = ns->ep_raw == SQ_NONE ? SQ_NONE : (uint8_t)b_legal_ep(pos, regular);
  ns->key = key ^ zobrist_castling[ns->castling] ^ (ns->ep != SQ_NONE ? zobrist_ep[file_of(ns->ep)] : 0);
  CB_ASSERT(!regular || position_ok(pos));
  if (extras) b_extras_after(pos, &before);
}

int board_push(Position *pos, PyMove m, StateInfo *ns) {
  if (m && !board_is_pseudo_legal(pos, m)) return -1;
  b_push(pos, m, ns, 0);
  return 0;
}

void board_push_pseudo(Position *pos, PyMove m, StateInfo *ns) { b_push(pos, m, ns, 0); }

void board_push_legal(Position *pos, PyMove m, StateInfo *ns) { b_push(pos, m, ns, 1); }

PyMove board_pop(Position *pos) {
  const Move m = pos->st->move;
  const Color us = (pos->st->prev->flags & BOARD_BLACK) ? BLACK : WHITE;
  if (m == MOVE_NONE) {
    pos->side = us;
    pos->st = pos->st->prev;
    return 0;
  }
  BoardBefore before;
  const int extras = b_extras_before(pos, &before);
  position_undo_move_us(pos, m, us);
  CB_ASSERT(!(pos->st->flags & BOARD_REGULAR) || position_ok(pos));
  if (extras) b_extras_after(pos, &before);
  return board_pymove(pos, m);
}

int board_gives_check(Position *pos, PyMove m) {
  const Square from = pymove_from(m), to = pymove_to(m);
  if (!m || !(pos->st->flags & BOARD_REGULAR) || pymove_promotion(m) || board_is_castling(pos, m) ||
      board_is_en_passant(pos, m)) {
    StateInfo st;
    b_push(pos, m, &st, 0);
    const int check = board_checkers(pos) != 0;
    board_pop(pos);
    return check;
  }
  /* one king a side and the mover's not attacked: the moved piece from its new square, or a
     piece of ours through the square it left */
  const Color us = pos->side;
  const Square k = board_king(pos, us ^ 1);
  const Bitboard fb = square_bb(from), tb = square_bb(to), kb = square_bb(k);
  const Bitboard occ = (pos->by_type[NO_PIECE_TYPE] ^ fb) | tb;
  Bitboard direct;
  switch (type_of_piece(pos->board[from])) {
    case PAWN: direct = PawnAttacks[us][to]; break;
    case KNIGHT: direct = KnightAttacks[to]; break;
    case BISHOP: direct = b_bishop(to, occ); break;
    case ROOK: direct = b_rook(to, occ); break;
    case QUEEN: direct = b_bishop(to, occ) | b_rook(to, occ); break;
    default: direct = KingAttacks[to]; break;
  }
  const int check = (direct & kb) || (position_attackers(pos, us, k, occ) & ~fb);
#ifdef CB_DEBUG
  StateInfo st;
  b_push(pos, m, &st, 0);
  CB_ASSERT(check == (board_checkers(pos) != 0));
  board_pop(pos);
#endif
  return check;
}

/* --- the end of the game ------------------------------------------------------------- */

int board_insufficient(const Position *pos, Color c) {
  const Bitboard ours = pos->by_color[c], theirs = pos->by_color[c ^ 1], bishops = pos->by_type[BISHOP];
  if (ours & (pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN])) return 0;
  if (ours & pos->by_type[KNIGHT])
    return popcount(ours) <= 2 && !(theirs & ~pos->by_type[KING] & ~pos->by_type[QUEEN]);
  if (ours & bishops)  /* bishops all on one colour, no pawn or knight to block a mate */
    return (!(bishops & 0xAA55AA55AA55AA55ULL) || !(bishops & 0x55AA55AA55AA55AAULL))
        && !pos->by_type[PAWN] && !pos->by_type[KNIGHT];
  return 1;
}

int board_repetition(const Position *pos, int count) {
  const uint64_t key = pos->st->key;
  for (const StateInfo *st = pos->st; count > 1; ) {
    if (!st->prev || (st->flags & BOARD_IRREVERSIBLE)) return 0;
    st = st->prev;
    if (st->key == key) count--;
  }
  return 1;
}

int board_occurrences(const Position *pos, uint64_t key) {
  const StateInfo *st = pos->st;
  int n = st->key == key;
  for (; st->prev && !(st->flags & BOARD_IRREVERSIBLE); st = st->prev) n += st->prev->key == key;
  return n;
}

int board_can_claim_fifty(Position *pos) {
  if (pos->st->rule50 >= RULE50_CLAIM && board_count_legal(pos) > 0) return 1;
  if (pos->st->rule50 < RULE50_CLAIM - 1) return 0;
  PyMove moves[MAX_MOVES];
  const int n = board_generate(pos, ~0ULL, ~0ULL, 1, moves);
  for (int i = 0; i < n; i++) {
    if (board_is_zeroing(pos, moves[i])) continue;
    StateInfo st;
    board_push_legal(pos, moves[i], &st);
    const int found = st.rule50 >= RULE50_CLAIM && board_count_legal(pos) > 0;
    board_pop(pos);
    if (found) return 1;
  }
  return 0;
}

/* Returns 1 if a position with the other side to move occurs twice since the last
   irreversible move (only then can a move make one occur a third time), or if there are too
   many to tell. */
static int board_twice_theirs(const Position *pos) {
  uint64_t keys[128];
  int n = 0, k = 0;
  for (const StateInfo *st = pos->st; st->prev && !(st->flags & BOARD_IRREVERSIBLE); st = st->prev)
    if (++k & 1) {  /* st->prev is k plies back: the other side to move */
      for (int i = 0; i < n; i++)
        if (keys[i] == st->prev->key) return 1;
      if (n == 128) return 1;
      keys[n++] = st->prev->key;
    }
  return 0;
}

int board_can_claim_threefold(Position *pos) {
  if (board_occurrences(pos, pos->st->key) >= 3) return 1;
  if (!board_twice_theirs(pos)) return 0;
  PyMove moves[MAX_MOVES];
  const int n = board_generate(pos, ~0ULL, ~0ULL, 1, moves);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    board_push_legal(pos, moves[i], &st);
    board_pop(pos);
    if (board_occurrences(pos, st.key) >= 2) return 1;  /* two before it: the move makes three */
  }
  return 0;
}

int board_outcome(Position *pos, int claim_draw, int legal, int next, int earlier, int *white_wins) {
  const int n = legal >= 0 ? legal : board_count_legal(pos);
  const int insufficient = board_insufficient(pos, WHITE) && board_insufficient(pos, BLACK);
  const int fivefold = (earlier < 0 || earlier >= 4) && board_repetition(pos, 5);
  if (n && pos->st->rule50 < RULE50_CLAIM && !claim_draw && !insufficient && !fivefold) return TERM_NONE;
  if (n == 0 && board_checkers(pos) && !(next && board_several_kings(pos, pos->side))) {
    *white_wins = pos->side != WHITE;
    return TERM_CHECKMATE;
  }
  if (insufficient) return TERM_INSUFFICIENT_MATERIAL;
  if (n == 0) return TERM_STALEMATE;
  if (pos->st->rule50 >= RULE50_END) return TERM_SEVENTYFIVE_MOVES;
  if (fivefold) return TERM_FIVEFOLD_REPETITION;
  if (claim_draw) {
    if (board_can_claim_fifty(pos)) return TERM_FIFTY_MOVES;
    if (board_can_claim_threefold(pos)) return TERM_THREEFOLD_REPETITION;
  }
  return TERM_NONE;
}

/* --- status, keys, counts ------------------------------------------------------------ */

unsigned board_status(const Position *pos, int next) {
  const Color us = pos->side, them = us ^ 1;
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE], kings = pos->by_type[KING];
  unsigned errors = 0;
  if (!occ) errors |= STATUS_EMPTY;
  if (!(pos->by_color[WHITE] & kings)) errors |= STATUS_NO_WHITE_KING;
  if (!(pos->by_color[BLACK] & kings)) errors |= STATUS_NO_BLACK_KING;
  if (popcount(occ & kings) > 2) errors |= STATUS_TOO_MANY_KINGS;
  if (popcount(pos->by_color[WHITE]) > 16) errors |= STATUS_TOO_MANY_WHITE_PIECES;
  if (popcount(pos->by_color[BLACK]) > 16) errors |= STATUS_TOO_MANY_BLACK_PIECES;
  if (popcount(pieces_cp(pos, WHITE, PAWN)) > 8) errors |= STATUS_TOO_MANY_WHITE_PAWNS;
  if (popcount(pieces_cp(pos, BLACK, PAWN)) > 8) errors |= STATUS_TOO_MANY_BLACK_PAWNS;
  if (pos->by_type[PAWN] & (RANK_1_BB | RANK_8_BB)) errors |= STATUS_PAWNS_ON_BACKRANK;
  if (pos->st->castling_raw != board_clean_castling(pos, pos->st->prev != NULL)) errors |= STATUS_BAD_CASTLING_RIGHTS;
  const Square valid_ep = b_valid_ep(pos);
  if (pos->st->ep_raw != valid_ep && !(pos->st->ep_raw == SQ_NONE && valid_ep == SQ_NONE)) errors |= STATUS_INVALID_EP_SQUARE;
  const Square their_king = next && board_several_kings(pos, them) ? SQ_NONE : board_king(pos, them);
  if (their_king != SQ_NONE && position_attackers(pos, us, their_king, occ)) errors |= STATUS_OPPOSITE_CHECK;
  const Bitboard checkers = next && board_several_kings(pos, us) ? 0 : board_checkers(pos);
  const Bitboard our_kings = pieces_cp(pos, us, KING) & ~pos->st->promoted;
  if (checkers) {
    if (popcount(checkers) > 2) errors |= STATUS_TOO_MANY_CHECKERS;
    if (valid_ep != SQ_NONE) {
      const Square pushed_to = valid_ep ^ SQ_A2, pushed_from = valid_ep ^ SQ_A4;
      const Bitboard before = (occ & ~square_bb(pushed_to)) | square_bb(pushed_from);
      if (popcount(checkers) > 1 || (b_msb(checkers) != pushed_to && b_attacked_for_king(pos, them, our_kings, before)))
        errors |= STATUS_IMPOSSIBLE_CHECK;
    } else if (popcount(checkers) > 2
               || (popcount(checkers) == 2 && (LineBB[lsb(checkers)][b_msb(checkers)] & our_kings))) {
      errors |= STATUS_IMPOSSIBLE_CHECK;
    }
    if (next && popcount(checkers & (pos->by_type[PAWN] | pos->by_type[KNIGHT] | pos->by_type[KING])) > 1)
      errors |= STATUS_IMPOSSIBLE_CHECK;
  }
  return errors;
}

uint64_t board_polyglot_key(const Position *pos) {
  const StateInfo *st = pos->st;
  uint64_t key = st->key ^ zobrist_side ^ zobrist_castling[st->castling]
               ^ (st->ep != SQ_NONE ? zobrist_ep[file_of(st->ep)] : 0);
  /* Castling: a right on each side of the (unpromoted, back-rank) king, as python-chess's
     has_kingside/queenside_castling_rights decide, comparing bitboards. */
  const Bitboard clean = board_clean_castling(pos, st->prev != NULL);
  for (Color c = WHITE; c <= BLACK; c++) {
    const Bitboard king_mask = pieces_cp(pos, c, KING) & ~st->promoted & board_backrank(c);
    int h = 0, a = 0;
    if (!king_mask) continue;
    for (Bitboard r = clean & board_backrank(c); r; ) {
      const Bitboard rook = square_bb(pop_lsb(&r));
      h |= rook > king_mask;
      a |= rook < king_mask;
    }
    if (h) key ^= polyglot_random[POLYGLOT_CASTLING + 2 * c];
    if (a) key ^= polyglot_random[POLYGLOT_CASTLING + 2 * c + 1];
  }
  /* En passant: hashed when a pawn of the side to move stands beside the pushed pawn. */
  const Square ep = b_ep(pos);
  if (ep != SQ_NONE) {
    const Square behind = ep + (pos->side == WHITE ? SOUTH : NORTH);
    if (behind >= 0 && behind < 64) {
      const Bitboard b = square_bb(behind);
      const Bitboard beside = ((b & ~FILE_A_BB) >> 1) | ((b & ~FILE_H_BB) << 1);
      if (beside & pieces_cp(pos, pos->side, PAWN)) key ^= polyglot_random[POLYGLOT_EP + file_of(ep)];
    }
  }
  return key;
}

int board_count_legal(const Position *pos) {
  if (pos->st->flags & BOARD_REGULAR) return count_legal(pos);
  PyMove list[MAX_MOVES];
  return board_generate(pos, ~0ULL, ~0ULL, 1, list);
}

uint64_t board_perft_general(Position *pos, int depth) {
  PyMove list[MAX_MOVES];
  if (depth <= 0) return 1;
  if (pos->st->flags & BOARD_REGULAR) {
    /* A detached state: perft's make must not see (or overwrite) the caller's history. */
    StateInfo st = *pos->st;
    StateInfo *saved = pos->st;
    st.prev = NULL;
    pos->st = &st;
    const uint64_t n = perft(pos, depth, -1);
    pos->st = saved;
    return n;
  }
  const int n = board_generate(pos, ~0ULL, ~0ULL, 1, list);
  if (depth == 1) return (uint64_t)n;
  uint64_t total = 0;
  StateInfo st;
  for (int i = 0; i < n; i++) {
    board_push(pos, list[i], &st);
    total += board_perft_general(pos, depth - 1);
    board_pop(pos);
  }
  return total;
}
