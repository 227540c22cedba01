/* FEN text in and out (board.h): python-chess's reading, check by check in its order, and its
   writing; the text surface the fuzzers aim at, apart from the rules. */
#include <stdio.h>
#include <string.h>
#include "board.h"

static const char bf_piece_chars[] = " PNBRQK  pnbrqk";

/* Returns 1 for the bytes Python's str.split() splits ASCII text at. */
static int bf_is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

/* Returns FEN_OK after placing the board part f (n bytes) on the empty p (and '~' marks
   in *promoted), or the first of python-chess's checks it fails, in python-chess's order
   (8 rows; then row by row: each character, no two digits in a row, '~' only after a
   piece, and 8 columns at the row's end), with the rank (1-8) in *where (the row count
   for FEN_BOARD_ROWS). */
static FenError bf_parse_board(Position *p, Bitboard *promoted, const char *f, size_t n, int *where) {
  int rows = 1;
  for (size_t i = 0; i < n; i++) rows += f[i] == '/';
  if (rows != 8) return *where = rows, FEN_BOARD_ROWS;
  int rank = 7, file = 0, prev_digit = 0, prev_piece = 0;
  Square last = SQ_NONE;
  for (size_t i = 0; i <= n; i++) {
    const char c = i < n ? f[i] : '/';
    const char *letter;
    *where = rank + 1;
    if (c == '/') {
      if (file != 8) return FEN_BOARD_COLUMNS;
      rank--, file = 0, prev_digit = prev_piece = 0;
    } else if (c >= '1' && c <= '8') {
      if (prev_digit) return FEN_BOARD_DIGITS;
      file += c - '0', prev_digit = 1, prev_piece = 0;
    } else if (c == '~') {
      if (!prev_piece) return FEN_BOARD_TILDE;
      if (last != SQ_NONE) *promoted |= square_bb(last);  /* (a piece past the 8th file: none) */
      prev_digit = prev_piece = 0;
    } else if (c != ' ' && c != '\0' && (letter = strchr(bf_piece_chars, c)) != NULL) {
      last = SQ_NONE;  /* past the 8th file python-chess reads on, to fail at the row's end */
      if (file < 8) {
        last = make_square(file, rank);
        position_put(p, (Piece)(letter - bf_piece_chars), last);
      }
      file++, prev_digit = 0, prev_piece = 1;
    } else return FEN_BOARD_CHARACTER;
  }
  *where = 0;
  return FEN_OK;
}

/* Returns FEN_OK and the value of the int() python-chess reads (sign, ASCII digits,
   single underscores between digits) in *out, or why not: bad (not an int), negative
   (python-chess's own refusal), range (an int above 2**32-1, which chessbits cannot keep). */
static FenError bf_parse_count(const char *s, size_t n, uint32_t *out, FenError bad, FenError negative, FenError range) {
  size_t i = 0;
  uint64_t v = 0;
  int neg = 0, digits = 0, big = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  for (; i < n; i++) {
    if (s[i] == '_' && digits && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') continue;
    if (s[i] < '0' || s[i] > '9') return bad;
    if (!big) v = v * 10 + (uint64_t)(s[i] - '0');
    big |= v > 0xFFFFFFFFULL;
    digits++;
  }
  if (!digits) return bad;
  if (neg && (v || big)) return negative;
  if (big) return range;
  *out = (uint32_t)v;
  return FEN_OK;
}

/* Returns 1 if the castling part matches python-chess's ^(-|[KQA-H]{0,2}[kqa-h]{0,2})$. */
static int bf_castling_syntax(const char *f, size_t n) {
  size_t i = 0, upper = 0, lower = 0;
  if (n == 1 && f[0] == '-') return 1;
  while (i < n && (f[i] == 'K' || f[i] == 'Q' || (f[i] >= 'A' && f[i] <= 'H'))) i++, upper++;
  while (i < n && (f[i] == 'k' || f[i] == 'q' || (f[i] >= 'a' && f[i] <= 'h'))) i++, lower++;
  return i == n && upper <= 2 && lower <= 2;
}

/* Returns the castling rights bitboard python-chess's _set_castling_fen makes of f. */
static Bitboard bf_castling_rights(const Position *p, Bitboard promoted, const char *f, size_t n) {
  Bitboard rights = 0;
  if (n == 1 && f[0] == '-') return 0;
  for (size_t i = 0; i < n; i++) {
    const Color c = (f[i] >= 'a' && f[i] <= 'z') ? BLACK : WHITE;
    const char flag = (char)(c == WHITE ? f[i] + ('a' - 'A') : f[i]);
    const Bitboard backrank = board_backrank(c);
    const Bitboard rooks = pieces_cp(p, c, ROOK) & backrank;
    const Bitboard kings = pieces_cp(p, c, KING) & ~promoted;
    const int king = kings ? msb(kings) : -1;
    /* python-chess compares the king with lsb(rooks), which is -1 without rooks: then a
       'q' adds nothing (a 'k' compares with msb(rooks), -1 too, and takes the h-file) */
    if (flag == 'q') rights |= king >= 0 && (rooks ? lsb(rooks) : -1) < king ? rooks & -rooks : FILE_A_BB & backrank;
    else if (flag == 'k') rights |= king >= 0 && rooks && king < msb(rooks) ? square_bb(msb(rooks)) : FILE_H_BB & backrank;
    else rights |= (FILE_A_BB << (flag - 'a')) & backrank;
  }
  return rights;
}

int board_castling_syntax(const char *f, size_t n) { return bf_castling_syntax(f, n); }

int board_castling_from_fen(const Position *pos, const char *f, size_t n, Bitboard *rights) {
  if (!bf_castling_syntax(f, n)) return -1;
  *rights = bf_castling_rights(pos, pos->st->promoted, f, n);
  return 0;
}

FenError board_set_fen(Position *pos, const char *fen, size_t len, int chess960, StateInfo *st, int *where) {
  const char *field[7];
  size_t flen[7], nf = 0;
  Position p;
  StateInfo s;
  FenError e;
  *where = 0;
  for (size_t i = 0; i < len && nf < 7; ) {
    while (i < len && bf_is_space(fen[i])) i++;
    if (i == len) break;
    size_t j = i;
    while (j < len && !bf_is_space(fen[j])) j++;
    field[nf] = fen + i;
    flen[nf++] = j - i;
    i = j;
  }
  if (nf == 0) return FEN_EMPTY;
  memset(&p, 0, sizeof p);
  memset(&s, 0, sizeof s);
  p.chess960 = chess960 != 0;
  p.st = &s;
  s.ep_raw = SQ_NONE;
  s.fullmove = 1;
  p.side = WHITE;
  if (nf > 1) {
    if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b')) return FEN_TURN;
    p.side = field[1][0] == 'w' ? WHITE : BLACK;
  }
  if (nf > 2 && !bf_castling_syntax(field[2], flen[2])) return FEN_CASTLING;
  if (nf > 3 && !(flen[3] == 1 && field[3][0] == '-')) {
    const char *f = field[3];
    if (flen[3] != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8') return FEN_EN_PASSANT;
    s.ep_raw = (uint8_t)make_square(f[0] - 'a', f[1] - '1');
  }
  if (nf > 4 && (e = bf_parse_count(field[4], flen[4], &s.rule50, FEN_HALFMOVE, FEN_HALFMOVE_NEGATIVE, FEN_HALFMOVE_RANGE)))
    return e;
  if (nf > 5) {
    if ((e = bf_parse_count(field[5], flen[5], &s.fullmove, FEN_FULLMOVE, FEN_FULLMOVE_NEGATIVE, FEN_FULLMOVE_RANGE)))
      return e;
    if (s.fullmove == 0) s.fullmove = 1;
  }
  if (nf > 6) return FEN_PARTS;
  if ((e = bf_parse_board(&p, &s.promoted, field[0], flen[0], where))) return e;
  if (nf > 2) s.castling_raw = bf_castling_rights(&p, s.promoted, field[2], flen[2]);
  *st = s;
  p.st = st;
  *pos = p;
  board_sync(pos);
  return FEN_OK;
}

FenError board_set_board_fen(Position *pos, const char *fen, size_t len, int *where) {
  Position p = *pos;
  Bitboard promoted = 0;
  FenError e;
  *where = 0;
  if (memchr(fen, ' ', len)) return FEN_BOARD_PARTS;
  memset(p.by_type, 0, sizeof p.by_type);
  memset(p.by_color, 0, sizeof p.by_color);
  memset(p.board, 0, sizeof p.board);
  if ((e = bf_parse_board(&p, &promoted, fen, len, where))) return e;
  *pos = p;
  pos->st->promoted = promoted;
  board_sync(pos);
  return FEN_OK;
}

int board_board_fen(const Position *pos, Bitboard marked, char *out) {
  int n = 0;
  for (int rank = 7; rank >= 0; rank--) {
    int empty = 0;
    for (int file = 0; file < 8; file++) {
      const Square s = make_square(file, rank);
      const Piece pc = pos->board[s];
      if (!pc) { empty++; continue; }
      if (empty) out[n++] = (char)('0' + empty), empty = 0;
      out[n++] = bf_piece_chars[pc];
      if (marked & square_bb(s)) out[n++] = '~';
    }
    if (empty) out[n++] = (char)('0' + empty);
    if (rank) out[n++] = '/';
  }
  out[n] = 0;
  return n;
}

int board_castling_fen(const Position *pos, int shredder, char *out) {
  const Bitboard clean = board_clean_castling(pos, pos->st->prev != NULL);
  int n = 0;
  for (Color c = WHITE; c <= BLACK; c++) {
    const Bitboard backrank = board_backrank(c);
    const int upper = c == WHITE ? 'A' - 'a' : 0;
    if (shredder) {
      for (Bitboard r = clean & backrank; r; ) {
        const Square s = msb(r);
        r ^= square_bb(s);
        out[n++] = (char)('a' + file_of(s) + upper);
      }
      continue;
    }
    const Square king = board_king(pos, c);
    if (king == SQ_NONE) continue;
    for (Bitboard r = clean & backrank; r; ) {
      const Square s = msb(r);
      r ^= square_bb(s);
      const int a_side = file_of(s) < file_of(king);
      const Bitboard others = pieces_cp(pos, c, ROOK) & backrank & ~square_bb(s);
      /* X-FEN: k/q unless another rook stands on the same side of this one, then the file. */
      int ambiguous = 0;
      for (Bitboard o = others; o; ) {
        const Square os = pop_lsb(&o);
        ambiguous |= (file_of(os) < file_of(s)) == a_side;
      }
      out[n++] = (char)((ambiguous ? 'a' + file_of(s) : a_side ? 'q' : 'k') + upper);
    }
  }
  if (!n) out[n++] = '-';
  out[n] = 0;
  return n;
}

int board_fen(const Position *pos, int shredder, int ep_mode, int promoted, char *out) {
  int n = board_board_fen(pos, promoted ? pos->st->promoted : 0, out);
  out[n++] = ' ';
  out[n++] = pos->side == WHITE ? 'w' : 'b';
  out[n++] = ' ';
  n += board_castling_fen(pos, shredder, out + n);
  out[n++] = ' ';
  const Square ep = pos->st->ep_raw;
  PyMove buf[8];
  const int shown = ep != SQ_NONE
    && (ep_mode == BOARD_EP_FEN || (ep_mode == BOARD_EP_XFEN ? board_generate_ep(pos, ~0ULL, ~0ULL, 0, buf) > 0
                                                              : board_has_legal_ep(pos)));
  if (shown) {
    out[n++] = (char)('a' + file_of(ep));
    out[n++] = (char)('1' + rank_of(ep));
  } else out[n++] = '-';
  n += snprintf(out + n, 32, " %u %u", (unsigned)pos->st->rule50, (unsigned)pos->st->fullmove);
  return n;
}
