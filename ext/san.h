/* Standard algebraic notation read as python-chess's Board.parse_san reads it: castling as
   O-O/0-0 (with + or #), null moves as --, Z0, 0000, @@@@, overspecified and long forms
   accepted, pawn captures only with their file, promotions with or without '='. */
#ifndef CB_SAN_H
#define CB_SAN_H

#include "board.h"

/* Why a SAN is refused, in python-chess's words (the Python layer words them). */
typedef enum {
  SAN_OK, SAN_INVALID, SAN_MULTI_LEG, SAN_ILLEGAL, SAN_AMBIGUOUS, SAN_NO_PROMOTION, SAN_NO_MATCH
} SanError;

/* Returns SAN_OK with *out the legal move (or 0, the null move) that san[0..n) names here,
   or why not; for SAN_NO_MATCH *out is the move python-chess's find_move looked for
   (san_sought) and the target square as written (san_written_to): they differ where
   find_move normalised a king move onto its rook's corner to castling (e8a8 sought as e8c8),
   and python-chess's message names both. */
SanError san_parse(const Position *pos, const char *san, size_t n, PyMove *out);

/* A SAN_NO_MATCH *out's flag: the target written is the rook's corner of the sought move's
   castling (h-file for a g-file target, a-file for a c-file one). Free in a PyMove: a
   promotion takes bits 12..14. */
#define SAN_CORNER_WRITTEN 0x8000

/* Returns the move a SAN_NO_MATCH *out says find_move looked for. */
static inline PyMove san_sought(PyMove out) { return out & (PyMove)~SAN_CORNER_WRITTEN; }

/* Returns the target square written in the SAN of a SAN_NO_MATCH *out. */
static inline Square san_written_to(PyMove out) {
  const Square to = pymove_to(san_sought(out));
  if (!(out & SAN_CORNER_WRITTEN)) return to;
  return file_of(to) == 6 ? to + 1 : to - 2; /* g -> h, c -> a */
}

/* The longest SAN or LAN san_write writes ("Qh4xe1=Q#"-like forms fit with room). */
#define SAN_MAX 16

/* Returns the length of python-chess's san() (lan() if long_form) of m written to out
   (SAN_MAX bytes), or -1 if m cannot be played here (no piece on its from-square, not
   pseudo-legal); pos is played on and restored. */
int san_write(Position *pos, PyMove m, int long_form, char *out);

/* Returns 1 if python-chess's has_chess960_castling_rights(): some castling right of the
   position is possible only in Chess960 (has_stack: the board has a move stack). */
int board_has_chess960_castling(const Position *pos, int has_stack);

#endif
