/* SAN in: python-chess's SAN_REGEX (^([NBKRQ])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[+#]?\Z)
   matched by hand in the regex's backtracking order, then its parse_san filters. */
#include <string.h>
#include "san.h"

static int san_is_piece(char c) { return c == 'N' || c == 'B' || c == 'K' || c == 'R' || c == 'Q'; }
static int san_is_promo(char c) { return c && strchr("nbrqkNBRQK", c) != NULL; }
static int san_is_file(char c) { return c >= 'a' && c <= 'h'; }
static int san_is_rank(char c) { return c >= '1' && c <= '8'; }

/* Returns the PieceType of a letter of "pnbrqk" in either case (0 if none). */
static int san_piece_type(char c) {
  static const char names[] = "pnbrqk";
  if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
  const char *p = c ? strchr(names, c) : NULL;
  return p ? (int)(p - names) + PAWN : 0;
}

typedef struct { char piece, file, rank; int to, promotion; } SanMatch;

/* Returns 1 with *m's square and promotion if s[j..n) is [a-h][1-8](=?[nbrqkNBRQK])?[+#]? to the end. */
static int san_tail(const char *s, size_t n, size_t j, SanMatch *m) {
  if (j + 2 > n || !san_is_file(s[j]) || !san_is_rank(s[j + 1])) return 0;
  m->to = (s[j] - 'a') + 8 * (s[j + 1] - '1');
  j += 2;
  size_t e = n && (s[n - 1] == '+' || s[n - 1] == '#') ? n - 1 : n; /* [+#]? then the end */
  m->promotion = 0;
  if (e == j) return 1;
  if (e == j + 2 && s[j] == '=' && san_is_promo(s[j + 1])) m->promotion = san_piece_type(s[j + 1]);
  else if (e == j + 1 && san_is_promo(s[j])) m->promotion = san_piece_type(s[j]);
  return m->promotion != 0;
}

/* Returns 1 with *m filled if s[0..n) matches SAN_REGEX as a whole, its optional parts taken
   before left out (the regex's backtracking order). */
static int san_match(const char *s, size_t n, SanMatch *m) {
  for (size_t p = n && san_is_piece(s[0]) ? 1 : 0;; p--) {
    for (size_t f = p < n && san_is_file(s[p]) ? 1 : 0;; f--) {
      const size_t jf = p + f;
      for (size_t r = jf < n && san_is_rank(s[jf]) ? 1 : 0;; r--) {
        const size_t jr = jf + r;
        m->piece = p ? s[0] : 0, m->file = f ? s[p] : 0, m->rank = r ? s[jf] : 0;
        if (jr < n && (s[jr] == '-' || s[jr] == 'x') && san_tail(s, n, jr + 1, m)) return 1;
        if (san_tail(s, n, jr, m)) return 1;
        if (!r) break;
      }
      if (!f) break;
    }
    if (!p) break;
  }
  return 0;
}

/* Returns 1 if s[0..n) is one of the words in list (NULL-terminated). */
static int san_is_word(const char *s, size_t n, const char *const *list) {
  for (; *list; list++)
    if (strlen(*list) == n && memcmp(*list, s, n) == 0) return 1;
  return 0;
}

static const char *const SAN_KINGSIDE[] = {"O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#", NULL};
static const char *const SAN_QUEENSIDE[] = {"O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#", NULL};
static const char *const SAN_NULL[] = {"--", "Z0", "0000", "@@@@", NULL};

/* Returns the move of m when one piece alone reaches its square and is free to go there (no
   check, no pin), found without generating moves; 0 when python-chess's search must decide:
   no such piece or several, a king, a promotion, en passant, a pin, a check, or a position the
   fast generator does not cover. */
static PyMove san_quick(const Position *pos, const SanMatch *m, Bitboard from_mask, Bitboard to_mask) {
  if (!(pos->st->flags & BOARD_REGULAR) || m->promotion || !to_mask) return 0;
  const Color us = pos->side;
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  Bitboard cand;
  from_mask &= pos->by_color[us];
  if (!m->piece) {
    if (to_mask & (RANK_1_BB | RANK_8_BB)) return 0;
    if (occ & to_mask) {
      cand = PawnAttacks[us ^ 1][m->to] & from_mask;
    } else {  /* a push: one square, or two from the pawn's first rank over an empty one */
      if (m->file && m->file - 'a' != file_of(m->to)) return 0;
      const int up = us == WHITE ? 8 : -8;
      cand = square_bb(m->to - up) & from_mask;
      if (!cand && !(occ & square_bb(m->to - up)) && rank_of(m->to) == (us == WHITE ? 3 : 4))
        cand = square_bb(m->to - 2 * up) & from_mask;
    }
  } else {
    const int pt = san_piece_type(m->piece);
    if (pt == KING || pt == PAWN) return 0;
    cand = attackers_of(pos->by_type, pos->by_color, us, m->to, occ) & from_mask;
  }
  if (!cand || (cand & (cand - 1))) return 0;
  if (board_checkers(pos) || (board_slider_blockers(pos, board_king(pos, us)) & cand)) return 0;
  return pymove_make(lsb(cand), m->to, 0);
}

SanError san_parse(const Position *pos, const char *s, size_t n, PyMove *out) {
  PyMove buf[MAX_MOVES];
  const int castling = n >= 3 && (s[0] == 'O' || s[0] == '0');
  const int kingside = castling && san_is_word(s, n, SAN_KINGSIDE);
  if (kingside || (castling && san_is_word(s, n, SAN_QUEENSIDE))) {
    const int k = board_generate_castling(pos, ~0ULL, ~0ULL, buf);
    for (int i = 0; i < k; i++)
      if ((file_of(pymove_to(buf[i])) > file_of(pymove_from(buf[i]))) == kingside) {
        *out = buf[i];
        return SAN_OK;
      }
    return SAN_ILLEGAL;
  }
  SanMatch m;
  if (!san_match(s, n, &m)) {
    if (san_is_word(s, n, SAN_NULL)) { *out = 0; return SAN_OK; }
    return memchr(s, ',', n) ? SAN_MULTI_LEG : SAN_INVALID;
  }
  const Color us = pos->side;
  const Bitboard to_mask = square_bb(m.to) & ~pos->by_color[us];
  Bitboard from_mask = ~0ULL;
  if (m.file) from_mask &= FILE_A_BB << (m.file - 'a');
  if (m.rank) from_mask &= RANK_1_BB << (8 * (m.rank - '1'));
  if (m.piece) {
    from_mask &= pos->by_type[san_piece_type(m.piece)] & pos->by_color[us];
  } else if (m.file && m.rank) {
    /* fully specified: python-chess's find_move (queen by default onto a back rank) */
    const Square from = (m.file - 'a') + 8 * (m.rank - '1');
    int promotion = m.promotion;
    if (!promotion && (pos->by_type[PAWN] & square_bb(from)) && (square_bb(m.to) & (RANK_1_BB | RANK_8_BB)))
      promotion = QUEEN;
    const PyMove written = pymove_make(from, m.to, promotion);
    const PyMove move = board_from_chess960(pos, written);
    *out = move;
    if (!board_is_legal(pos, move)) {
      if (move != written) *out |= SAN_CORNER_WRITTEN;
      return SAN_NO_MATCH;
    }
    return pymove_promotion(move) == m.promotion ? SAN_OK : SAN_NO_PROMOTION;
  } else {
    from_mask &= pos->by_type[PAWN];
    if (!m.file) from_mask &= FILE_A_BB << file_of(m.to);
  }
  const PyMove quick = san_quick(pos, &m, from_mask, to_mask);
  if (quick) {
    *out = quick;
    return SAN_OK;
  }
  const int k = board_generate(pos, from_mask, to_mask, 1, buf);
  int found = -1;
  for (int i = 0; i < k; i++) {
    if (pymove_promotion(buf[i]) != m.promotion) continue;
    if (found >= 0) return SAN_AMBIGUOUS;
    found = buf[i];
  }
  if (found < 0) return SAN_ILLEGAL;
  *out = (PyMove)found;
  return SAN_OK;
}

int board_has_chess960_castling(const Position *pos, int has_stack) {
  Position p = *pos;
  p.chess960 = 1;
  const Bitboard rights = board_clean_castling(&p, has_stack);
  const Bitboard kings = pos->by_type[KING];
  if (rights & ~(square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8))) return 1;
  if ((rights & RANK_1_BB) && !(kings & pos->by_color[WHITE] & square_bb(SQ_E1))) return 1;
  if ((rights & RANK_8_BB) && !(kings & pos->by_color[BLACK] & square_bb(SQ_E8))) return 1;
  return 0;
}
