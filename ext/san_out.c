/* SAN out: python-chess's Board.san()/lan() of a move, written into a buffer, so the PGN
   exporters and Board.san share one writer: disambiguation by file, then rank, then both, as
   python-chess does; the check suffix worked out from the position, mate by playing the move. */
#include <string.h>
#include "san.h"

/* Returns out advanced past the square's name. */
static char *so_square(char *out, Square s) {
  *out++ = (char)('a' + file_of(s));
  *out++ = (char)('1' + rank_of(s));
  return out;
}

/* Returns the length of m's SAN (LAN if long_form) without the suffix, written to out, or -1
   if no piece stands on m's from-square (python-chess asserts there). */
static int so_body(const Position *pos, PyMove m, int long_form, char *out) {
  static const char letters[] = " PNBRQK";
  char *p = out;
  const Square from = pymove_from(m), to = pymove_to(m);
  const int promo = pymove_promotion(m);
  if (!m) { memcpy(out, "--", 2); return 2; }
  if (board_is_castling(pos, m)) {
    if (file_of(to) < file_of(from)) { memcpy(out, "O-O-O", 5); return 5; }
    memcpy(out, "O-O", 3);
    return 3;
  }
  const PieceType pt = type_of_piece(pos->board[from]);
  if (!pt) return -1;
  const int capture = board_is_capture(pos, m);
  if (pt != PAWN) *p++ = letters[pt];
  if (long_form) {
    p = so_square(p, from);
  } else if (pt != PAWN) {
    /* the other pieces of the type that can go there legally: name the file if it tells
       them apart, else the rank, else both */
    PyMove others[MAX_MOVES];
    const Bitboard mask = pos->by_type[pt] & pos->by_color[pos->side] & ~square_bb(from);
    const int n = board_generate(pos, mask, square_bb(to), 1, others);
    Bitboard froms = 0;
    for (int i = 0; i < n; i++) froms |= square_bb(pymove_from(others[i]));
    if (froms) {
      const int same_rank = (froms & (RANK_1_BB << (8 * rank_of(from)))) != 0;
      const int same_file = (froms & (FILE_A_BB << file_of(from))) != 0;
      if (same_rank || !same_file) *p++ = (char)('a' + file_of(from));
      if (same_file) *p++ = (char)('1' + rank_of(from));
    }
  } else if (capture) {
    *p++ = (char)('a' + file_of(from));
  }
  if (capture) *p++ = 'x';
  else if (long_form) *p++ = '-';
  p = so_square(p, to);
  if (promo) { *p++ = '='; *p++ = letters[promo]; }
  return (int)(p - out);
}

int san_write(Position *pos, PyMove m, int long_form, char *out) {
  int n = so_body(pos, m, long_form, out);
  if (n < 0) return -1;
  const PyMove played = board_from_chess960(pos, m);
  if (m && !board_is_pseudo_legal(pos, played)) return -1;
  if (m && board_gives_check(pos, played)) {  /* mate: no legal reply, found by playing it */
    StateInfo st;
    board_push(pos, played, &st);
    out[n++] = board_count_legal(pos) ? '+' : '#';
    board_pop(pos);
  }
  return n;
}
