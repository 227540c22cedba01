#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "position.h"
#include "movegen.h"
#include "prng.h"

uint64_t zobrist_psq[PIECE_NB][SQUARE_NB];
uint64_t zobrist_castling[16];
uint64_t zobrist_ep[8];
uint64_t zobrist_side;

/* Any fixed non-zero seed; this one is the golden ratio's fraction (as in registry.c's test). */
#define POSITION_ZOBRIST_SEED 0x9E3779B97F4A7C15ULL

static const char position_piece_chars[] = " PNBRQK  pnbrqk";

void position_init(void) {
  static int done = 0;
  if (done) return;
  Prng rng = {POSITION_ZOBRIST_SEED};
  for (int pc = 0; pc < PIECE_NB; pc++)
    for (Square s = SQ_A1; s <= SQ_H8; s++)
      zobrist_psq[pc][s] = (type_of_piece(pc) >= PAWN && type_of_piece(pc) <= KING) ? prng_next(&rng) : 0;
  /* One key per right, combined by XOR, so losing a right is one XOR away. */
  uint64_t right_key[4];
  for (int i = 0; i < 4; i++) right_key[i] = prng_next(&rng);
  for (int cr = 0; cr < 16; cr++) {
    zobrist_castling[cr] = 0;
    for (int i = 0; i < 4; i++)
      if (cr & (1 << i)) zobrist_castling[cr] ^= right_key[i];
  }
  for (int f = 0; f < 8; f++) zobrist_ep[f] = prng_next(&rng);
  zobrist_side = prng_next(&rng);
  movegen_init();
  done = 1;
}

uint64_t position_compute_key(const Position *pos) {
  uint64_t key = 0;
  for (Bitboard b = pos->by_type[NO_PIECE_TYPE]; b; ) {
    Square s = pop_lsb(&b);
    key ^= zobrist_psq[pos->board[s]][s];
  }
  if (pos->side == BLACK) key ^= zobrist_side;
  key ^= zobrist_castling[pos->st->castling];
  if (pos->st->ep != SQ_NONE) key ^= zobrist_ep[file_of(pos->st->ep)];
  return key;
}

int position_ok(const Position *pos) {
  Bitboard all = 0;
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    Piece pc = pos->board[s];
    if (!pc) continue;
    if (type_of_piece(pc) < PAWN || type_of_piece(pc) > KING) return 0;
    if (!(pos->by_type[type_of_piece(pc)] & pos->by_color[color_of_piece(pc)] & square_bb(s))) return 0;
    all |= square_bb(s);
  }
  if (all != pos->by_type[NO_PIECE_TYPE] || all != (pos->by_color[WHITE] | pos->by_color[BLACK])) return 0;
  if (pos->by_color[WHITE] & pos->by_color[BLACK]) return 0;
  Bitboard types = 0;
  for (PieceType pt = PAWN; pt <= KING; pt++) {
    if (types & pos->by_type[pt]) return 0;
    types |= pos->by_type[pt];
  }
  if (types != all) return 0;
  if (popcount(pieces_cp(pos, WHITE, KING)) != 1 || popcount(pieces_cp(pos, BLACK, KING)) != 1) return 0;
  return pos->st->key == position_compute_key(pos);
}

int position_ep_legal(const Position *pos, Square ep) {
  const Color us = pos->side, them = us ^ 1;
  const Square ksq = king_square(pos, us);
  const Square capsq = ep + (us == WHITE ? SOUTH : NORTH);
  const Bitboard sliders = ((RankMask[ksq] | FileMask[ksq]) & (pos->by_type[ROOK] | pos->by_type[QUEEN]))
                         | ((DiagMask[ksq] | AntiMask[ksq]) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]));
  const Bitboard leapers = (PawnAttacks[us][ksq] & pos->by_type[PAWN] & ~square_bb(capsq))
                         | (KnightAttacks[ksq] & pos->by_type[KNIGHT]);
  if (leapers & pos->by_color[them]) return 0;
  for (Bitboard b = PawnAttacks[them][ep] & pieces_cp(pos, us, PAWN); b; ) {
    const Bitboard occ = (pos->by_type[NO_PIECE_TYPE] ^ square_bb(pop_lsb(&b)) ^ square_bb(capsq)) | square_bb(ep);
    int safe = 1;
    /* Only a slider aligned with the king can check, if nothing stands between. */
    for (Bitboard s = sliders & pos->by_color[them]; s && safe; )
      safe = (BetweenBB[ksq][pop_lsb(&s)] & occ) != 0;
    if (safe) return 1;
  }
  return 0;
}

void do_move(Position *pos, Move m, StateInfo *newst) {
  if (pos->side == WHITE) position_do_move_us(pos, m, newst, WHITE);
  else position_do_move_us(pos, m, newst, BLACK);
}

void undo_move(Position *pos, Move m) {
  if (pos->side == WHITE) position_undo_move_us(pos, m, BLACK);
  else position_undo_move_us(pos, m, WHITE);
}

/* Returns code after writing the formatted message to err (if any). */
static int position_fail(char *err, size_t errlen, int code, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return code;
}

/* Returns out, holding the n bytes of s quoted, bytes outside printable ASCII as \xNN
   (so a message is always valid ASCII), cut short if out (size 160) fills up. */
static const char *position_quote(const char *s, size_t n, char out[160]) {
  size_t j = 0;
  out[j++] = '\'';
  for (size_t i = 0; i < n && j < 150; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 32 && c < 127 && c != '\'' && c != '\\') out[j++] = (char)c;
    else j += (size_t)snprintf(out + j, 160 - j, "\\x%02x", c);
  }
  if (j >= 150) out[j++] = '.', out[j++] = '.', out[j++] = '.';
  out[j++] = '\'';
  out[j] = 0;
  return out;
}

/* Returns 1 if c separates FEN fields (python-chess splits on any whitespace). */
static int position_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Returns 0 and the value of the decimal digits s[0..n) in *out, or -1 if s is empty,
   has a non-digit or more than 9 digits. */
static int position_parse_uint(const char *s, size_t n, uint32_t *out) {
  uint32_t v = 0;
  if (n == 0 || n > 9) return -1;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (uint32_t)(s[i] - '0');
  }
  *out = v;
  return 0;
}

/* Returns nothing; records castling right i (colour * 2 + a-side) with the king on
   ksq and the rook on rsq: what the move clears and what must be empty and safe. */
static void position_add_castling(Position *p, StateInfo *st, int i, Square ksq, Square rsq) {
  const Square kto = castling_king_to(ksq, rsq), rto = castling_rook_to(ksq, rsq);
  const Color c = i >> 1;
  st->castling |= (uint8_t)(1 << i);
  p->castling_mask[ksq] |= (uint8_t)(3 << (2 * c));
  p->castling_mask[rsq] |= (uint8_t)(1 << i);
  p->castling_rook[i] = (uint8_t)rsq;
  p->castling_path[i] = (BetweenBB[ksq][kto] | square_bb(kto) | BetweenBB[rsq][rto] | square_bb(rto))
                      & ~(square_bb(ksq) | square_bb(rsq));
  p->castling_king_path[i] = BetweenBB[ksq][kto] | square_bb(kto);
}

/* Returns 0 after reading the castling field f (n bytes) into p and st, or a FEN error.
   Standard: KQkq (or the files A/H), king on e1/e8, rooks on the corners. Chess960:
   rook files (Shredder-FEN) or KQkq for the outermost rook on that side (X-FEN); the
   king must be on its back rank, on any file (python-chess keeps a right with the
   king on h8 and the rook on a8, and tricky.perft counts on it). */
static int position_parse_castling(Position *p, StateInfo *st, const char *f, size_t n, int chess960,
                                   char *err, size_t errlen) {
  char q[160];
  if (n == 1 && f[0] == '-') return 0;
  for (size_t j = 0; j < n; j++) {
    const char ch = f[j];
    const Color c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
    const char lower = (char)(c == WHITE ? ch + ('a' - 'A') : ch);
    const int rank = c == WHITE ? 0 : 7;
    const Square ksq = king_square(p, c);
    const Bitboard rooks = pieces_cp(p, c, ROOK) & (RANK_1_BB << (8 * rank));
    Square rsq;
    if (!((ch >= 'a' && ch <= 'h') || (ch >= 'A' && ch <= 'H') || lower == 'k' || lower == 'q'))
      return position_fail(err, errlen, FEN_ERR_CASTLING, "invalid castling field %s: unknown letter '%c'",
                           position_quote(f, n, q), ch);
    if (c == WHITE && (st->castling & (BLACK_OO | BLACK_OOO)))
      return position_fail(err, errlen, FEN_ERR_CASTLING, "invalid castling field %s: white's letters must come first",
                           position_quote(f, n, q));
    if (rank_of(ksq) != rank)
      return position_fail(err, errlen, FEN_ERR_CASTLING,
                           "invalid castling field %s: '%c' but the %s king is not on its back rank",
                           position_quote(f, n, q), ch, c == WHITE ? "white" : "black");
    if (lower == 'k' || lower == 'q') {
      Bitboard side = rooks & (lower == 'k' ? ~(square_bb(ksq) * 2 - 1) : square_bb(ksq) - 1);
      if (!side)
        return position_fail(err, errlen, FEN_ERR_CASTLING,
                             "invalid castling field %s: '%c' but no %s rook on the %s side of the king",
                             position_quote(f, n, q), ch, c == WHITE ? "white" : "black",
                             lower == 'k' ? "h" : "a");
      rsq = lower == 'k' ? msb(side) : lsb(side);
    } else {
      rsq = make_square(lower - 'a', rank);
      if (!(rooks & square_bb(rsq)))
        return position_fail(err, errlen, FEN_ERR_CASTLING, "invalid castling field %s: '%c' but no %s rook on %c%c",
                             position_quote(f, n, q), ch, c == WHITE ? "white" : "black", lower, '1' + rank);
    }
    if (!chess960 && (file_of(ksq) != 4 || (file_of(rsq) != 0 && file_of(rsq) != 7)))
      return position_fail(err, errlen, FEN_ERR_CASTLING,
                           "invalid castling field %s: '%c' needs the king on e%c and the rook on a%c or h%c "
                           "(or chess960 mode)", position_quote(f, n, q), ch, '1' + rank, '1' + rank, '1' + rank);
    const int i = 2 * c + (rsq < ksq);
    if (st->castling & (1 << i))
      return position_fail(err, errlen, FEN_ERR_CASTLING, "invalid castling field %s: two %s rights on the %s side",
                           position_quote(f, n, q), c == WHITE ? "white" : "black", rsq < ksq ? "a" : "h");
    position_add_castling(p, st, i, ksq, rsq);
  }
  return 0;
}

int position_set_fen_len(Position *pos, const char *fen, size_t len, int chess960,
                         StateInfo *st, char *err, size_t errlen) {
  static const char *const names[6] = {"board", "turn", "castling", "en-passant", "halfmove clock", "fullmove number"};
  char q[160];
  const char *field[6];
  size_t flen[6], nf = 0;
  Position p;
  StateInfo s;

  if (err && errlen) err[0] = 0;
  if (!fen) return position_fail(err, errlen, FEN_ERR_INPUT, "FEN is missing");
  if (len > FEN_MAX_LEN)
    return position_fail(err, errlen, FEN_ERR_INPUT, "FEN too long: %zu characters, at most %d", len, FEN_MAX_LEN);
  if (memchr(fen, 0, len)) return position_fail(err, errlen, FEN_ERR_INPUT, "FEN contains a NUL byte");
  for (size_t i = 0; i < len; ) {
    while (i < len && position_is_space(fen[i])) i++;
    if (i == len) break;
    size_t j = i;
    while (j < len && !position_is_space(fen[j])) j++;
    if (nf == 6)
      return position_fail(err, errlen, FEN_ERR_FIELDS, "FEN has more than 6 fields: extra %s",
                           position_quote(fen + i, j - i, q));
    field[nf] = fen + i;
    flen[nf++] = j - i;
    i = j;
  }
  if (nf < 4)
    return position_fail(err, errlen, FEN_ERR_FIELDS, "FEN has %zu fields, needs at least 4: %s field missing",
                         nf, names[nf]);

  memset(&p, 0, sizeof p);
  memset(&s, 0, sizeof s);
  p.chess960 = chess960 != 0;
  p.st = &s;

  /* Board. */
  {
    const char *f = field[0];
    const size_t n = flen[0];
    int slashes = 0, rank = 7, file = 0, prev_digit = 0;
    for (size_t i = 0; i < n; i++) slashes += f[i] == '/';
    if (slashes != 7)
      return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s has %d ranks, expected 8",
                           position_quote(f, n, q), slashes + 1);
    for (size_t i = 0; i <= n; i++) {
      const char c = i < n ? f[i] : '/';
      const char *letter;
      if (c == '/') {
        if (file != 8)
          return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s: rank %d has %d files, expected 8",
                               position_quote(f, n, q), rank + 1, file);
        rank--, file = 0, prev_digit = 0;
      } else if (c >= '1' && c <= '8') {
        if (prev_digit)
          return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s: two digits in a row on rank %d",
                               position_quote(f, n, q), rank + 1);
        file += c - '0', prev_digit = 1;
        if (file > 8)
          return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s: rank %d has more than 8 files",
                               position_quote(f, n, q), rank + 1);
      } else if (c != ' ' && (letter = strchr(position_piece_chars, c)) != NULL) {
        if (file >= 8)
          return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s: rank %d has more than 8 files",
                               position_quote(f, n, q), rank + 1);
        position_put(&p, (Piece)(letter - position_piece_chars), make_square(file, rank));
        file++, prev_digit = 0;
      } else {
        char one[160];
        return position_fail(err, errlen, FEN_ERR_BOARD, "board field %s: unknown piece letter %s",
                             position_quote(f, n, q), position_quote(&f[i], 1, one));
      }
    }
    for (Color c = WHITE; c <= BLACK; c++)
      if (popcount(pieces_cp(&p, c, KING)) != 1)
        return position_fail(err, errlen, FEN_ERR_KINGS, "board field %s: %d %s kings, expected exactly one",
                             position_quote(f, n, q), popcount(pieces_cp(&p, c, KING)), c == WHITE ? "white" : "black");
    if (p.by_type[PAWN] & (RANK_1_BB | RANK_8_BB))
      return position_fail(err, errlen, FEN_ERR_PAWNS, "board field %s: pawn on the first or last rank",
                           position_quote(f, n, q));
  }

  /* Turn. */
  if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b'))
    return position_fail(err, errlen, FEN_ERR_TURN, "turn field %s: expected 'w' or 'b'",
                         position_quote(field[1], flen[1], q));
  p.side = field[1][0] == 'w' ? WHITE : BLACK;

  /* Castling. */
  {
    int rc = position_parse_castling(&p, &s, field[2], flen[2], chess960, err, errlen);
    if (rc) return rc;
  }

  /* En passant: the square a pawn of the side not to move just crossed. */
  s.ep = SQ_NONE;
  if (!(flen[3] == 1 && field[3][0] == '-')) {
    const char *f = field[3];
    const Color us = p.side, them = us ^ 1;
    if (flen[3] != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
      return position_fail(err, errlen, FEN_ERR_EP, "en-passant field %s: not a square", position_quote(f, flen[3], q));
    const Square ep = make_square(f[0] - 'a', f[1] - '1');
    const int up = us == WHITE ? NORTH : SOUTH;
    if (rank_of(ep) != (us == WHITE ? 5 : 2))
      return position_fail(err, errlen, FEN_ERR_EP, "en-passant field %s: must be on rank %d with %s to move",
                           position_quote(f, 2, q), us == WHITE ? 6 : 3, us == WHITE ? "white" : "black");
    if (!(pieces_cp(&p, them, PAWN) & square_bb(ep - up))
        || (p.by_type[NO_PIECE_TYPE] & (square_bb(ep) | square_bb(ep + up))))
      return position_fail(err, errlen, FEN_ERR_EP,
                           "en-passant field %s: no %s pawn on %c%d that just moved two squares past it",
                           position_quote(f, 2, q), them == WHITE ? "white" : "black", f[0], rank_of(ep - up) + 1);
    s.ep = (uint8_t)ep;
  }

  /* Clocks; python-chess also reads fullmove 0 as 1. */
  s.rule50 = 0;
  s.fullmove = 1;
  if (nf > 4 && position_parse_uint(field[4], flen[4], &s.rule50))
    return position_fail(err, errlen, FEN_ERR_HALFMOVE, "halfmove clock field %s: expected a number 0..999999999",
                         position_quote(field[4], flen[4], q));
  if (nf > 5) {
    if (position_parse_uint(field[5], flen[5], &s.fullmove))
      return position_fail(err, errlen, FEN_ERR_FULLMOVE, "fullmove number field %s: expected a number 0..999999999",
                           position_quote(field[5], flen[5], q));
    if (s.fullmove == 0) s.fullmove = 1;
  }

  {
    const Color them = p.side ^ 1;
    if (attackers_to(&p, king_square(&p, them), p.by_type[NO_PIECE_TYPE]) & p.by_color[p.side])
      return position_fail(err, errlen, FEN_ERR_CHECK, "turn field '%c': %s is in check but not to move",
                           p.side == WHITE ? 'w' : 'b', them == WHITE ? "white" : "black");
  }
  if (s.ep != SQ_NONE && !position_ep_legal(&p, s.ep)) s.ep = SQ_NONE;
  s.key = position_compute_key(&p);
  s.prev = NULL;
  *st = s;
  p.st = st;
  *pos = p;
  return 0;
}

int position_set_fen(Position *pos, const char *fen, int chess960, StateInfo *st, char *err, size_t errlen) {
  /* strnlen keeps an unterminated giant string from being read past the limit. */
  size_t len = fen ? strnlen(fen, FEN_MAX_LEN + 1) : 0;
  return position_set_fen_len(pos, fen, len, chess960, st, err, errlen);
}

/* Returns the length of the X-FEN castling field written to out, as python-chess's
   castling_xfen: k/q for the outermost rook on that side, else the rook's file. */
static int position_castling_xfen(const Position *pos, char *out) {
  int n = 0;
  for (Color c = WHITE; c <= BLACK; c++) {
    const Bitboard rooks = pieces_cp(pos, c, ROOK) & (c == WHITE ? RANK_1_BB : RANK_8_BB);
    for (int aside = 0; aside <= 1; aside++) {
      const int i = 2 * c + aside;
      if (!(pos->st->castling & (1 << i))) continue;
      const Square r = pos->castling_rook[i];
      const Bitboard outer = aside ? rooks & (square_bb(r) - 1) : rooks & ~(square_bb(r) * 2 - 1);
      char ch = outer ? (char)('a' + file_of(r)) : aside ? 'q' : 'k';
      out[n++] = c == WHITE ? (char)(ch - ('a' - 'A')) : ch;
    }
  }
  if (!n) out[n++] = '-';
  return n;
}

int position_fen(const Position *pos, char *out) {
  int n = 0;
  for (int rank = 7; rank >= 0; rank--) {
    int empty = 0;
    for (int file = 0; file < 8; file++) {
      Piece pc = pos->board[make_square(file, rank)];
      if (!pc) { empty++; continue; }
      if (empty) out[n++] = (char)('0' + empty), empty = 0;
      out[n++] = position_piece_chars[pc];
    }
    if (empty) out[n++] = (char)('0' + empty);
    if (rank) out[n++] = '/';
  }
  out[n++] = ' ';
  out[n++] = pos->side == WHITE ? 'w' : 'b';
  out[n++] = ' ';
  n += position_castling_xfen(pos, out + n);
  out[n++] = ' ';
  if (pos->st->ep != SQ_NONE) {
    out[n++] = (char)('a' + file_of(pos->st->ep));
    out[n++] = (char)('1' + rank_of(pos->st->ep));
  } else out[n++] = '-';
  n += snprintf(out + n, (size_t)(FEN_BUF_LEN - n), " %u %u", (unsigned)pos->st->rule50, (unsigned)pos->st->fullmove);
  return n;
}

int move_to_uci(const Position *pos, Move m, char *buf) {
  Square from = move_from(m), to = move_to(m);
  int n = 0;
  if (m == MOVE_NONE) { memcpy(buf, "0000", 5); return 4; }
  if (move_type(m) == MOVE_CASTLING && !pos->chess960) to = castling_king_to(from, to);
  buf[n++] = (char)('a' + file_of(from));
  buf[n++] = (char)('1' + rank_of(from));
  buf[n++] = (char)('a' + file_of(to));
  buf[n++] = (char)('1' + rank_of(to));
  if (move_type(m) == MOVE_PROMOTION) buf[n++] = " pnbrqk"[move_promotion(m)];
  buf[n] = 0;
  return n;
}

Move move_from_uci(const Position *pos, const char *uci) {
  Move list[MAX_MOVES];
  size_t len = uci ? strnlen(uci, 6) : 0;
  PieceType promo = NO_PIECE_TYPE;
  if (len != 4 && len != 5) return MOVE_NONE;
  if (uci[0] < 'a' || uci[0] > 'h' || uci[1] < '1' || uci[1] > '8'
      || uci[2] < 'a' || uci[2] > 'h' || uci[3] < '1' || uci[3] > '8') return MOVE_NONE;
  if (len == 5) {
    const char *p = strchr("nbrq", uci[4]);
    if (!p || !uci[4]) return MOVE_NONE;
    promo = KNIGHT + (PieceType)(p - "nbrq");
  }
  const Square from = make_square(uci[0] - 'a', uci[1] - '1');
  Square to = make_square(uci[2] - 'a', uci[3] - '1');
  /* python-chess's _to_chess960: a king on e1/e8 going to g or c, where no rook
     stands, means castling with the rook on the corner. */
  if ((from == SQ_E1 || from == SQ_E8) && (pos->by_type[KING] & square_bb(from))
      && (to == from + 2 || to == from - 2) && !(pos->by_type[ROOK] & square_bb(to)))
    to = to == from + 2 ? from + 3 : from - 4;
  const int n = generate_legal(pos, list);
  for (int i = 0; i < n; i++) {
    const Move m = list[i];
    if (move_from(m) != from || move_to(m) != to) continue;
    if (move_type(m) == MOVE_PROMOTION ? move_promotion(m) == promo : promo == NO_PIECE_TYPE) return m;
  }
  return MOVE_NONE;
}
