/* python-chess's Board semantics over a Position, for the Python Board: any position
   python-chess accepts (no king, several kings, pawns on the back rank, any castling
   rights), its raw castling rights and en-passant square, push/pop of any pseudo-legal
   or null move, move generation in python-chess's order with from/to masks, legality
   tests without generating, status flags, and FEN read as leniently as python-chess
   reads it. Positions where the fast generator (movegen.h) is exact are flagged
   BOARD_REGULAR, so perft and counts take the fast path there and this one elsewhere. */
#ifndef CB_BOARD_H
#define CB_BOARD_H

#include "position.h"

/* A move as Python sees it (chessbits.Move.key): from | to << 6 | promotion << 12,
   promotion 0 or PAWN..KING as python-chess allows; castling written e1g1 in
   standard chess and king-takes-rook in Chess960. 0 is the null move. */
typedef uint16_t PyMove;

/* pymove_in's 128-bit compares: part of the baseline ISA, no target flags needed */
#if !defined(CB_PORTABLE_BITS) && (defined(__SSE2__) || defined(_M_X64))
#include <emmintrin.h>
#define CB_PYMOVE_SSE2 1
#elif !defined(CB_PORTABLE_BITS) && defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define CB_PYMOVE_NEON 1
#endif

/* Returns colour c's back rank. */
static inline Bitboard board_backrank(Color c) { return c == WHITE ? RANK_1_BB : RANK_8_BB; }

static inline PyMove pymove_make(Square from, Square to, int promotion) {
  return (PyMove)(from | to << 6 | promotion << 12);
}
static inline Square pymove_from(PyMove m) { return m & 63; }
static inline Square pymove_to(PyMove m) { return (m >> 6) & 63; }
static inline int pymove_promotion(PyMove m) { return m >> 12; }
/* Returns 1 if m is among list[0..n); list must be zero-padded to a multiple of 8 and m
   not 0. Each block of 8 is one 128-bit compare where the baseline ISA has one (SSE2 on
   x86-64, NEON on aarch64): gcc 12 left the portable loop scalar, ~35 instructions a
   block (callgrind, Board.push of Kiwipete's 48 moves: 261 -> 27 instructions a push
   for this inlined into it). */
static inline int pymove_in(const PyMove *list, int n, PyMove m) {
#if CB_PYMOVE_SSE2
  const __m128i key = _mm_set1_epi16((short)m);
  __m128i hits = _mm_setzero_si128();
  for (int i = 0; i < n; i += 8)
    hits = _mm_or_si128(hits, _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(list + i)), key));
  return _mm_movemask_epi8(hits) != 0;
#elif CB_PYMOVE_NEON
  const uint16x8_t key = vdupq_n_u16(m);
  uint16x8_t hits = vdupq_n_u16(0);
  for (int i = 0; i < n; i += 8) hits = vorrq_u16(hits, vceqq_u16(vld1q_u16(list + i), key));
  return vmaxvq_u16(hits) != 0;
#else
  int found = 0;
  for (int i = 0; i < n; i += 8)
    for (int j = 0; j < 8; j++) found |= list[i + j] == m;
  return found;
#endif
}

/* StateInfo.flags */
enum {
  BOARD_REGULAR = 1,   /* one unpromoted king each, no pawn on a back rank, a valid or no
                          ep square, the side not to move not in check: movegen.h is exact */
  BOARD_IRREVERSIBLE = 2, /* the move that led here was irreversible (python-chess's rule) */
  BOARD_BLACK = 4         /* black was to move here (pop restores the side even if it was edited) */
};

/* python-chess's Status flags, same values. */
enum {
  STATUS_NO_WHITE_KING = 1 << 0, STATUS_NO_BLACK_KING = 1 << 1, STATUS_TOO_MANY_KINGS = 1 << 2,
  STATUS_TOO_MANY_WHITE_PAWNS = 1 << 3, STATUS_TOO_MANY_BLACK_PAWNS = 1 << 4,
  STATUS_PAWNS_ON_BACKRANK = 1 << 5, STATUS_TOO_MANY_WHITE_PIECES = 1 << 6,
  STATUS_TOO_MANY_BLACK_PIECES = 1 << 7, STATUS_BAD_CASTLING_RIGHTS = 1 << 8,
  STATUS_INVALID_EP_SQUARE = 1 << 9, STATUS_OPPOSITE_CHECK = 1 << 10, STATUS_EMPTY = 1 << 11,
  STATUS_TOO_MANY_CHECKERS = 1 << 15, STATUS_IMPOSSIBLE_CHECK = 1 << 16
};

/* Why a FEN is refused: python-chess's checks, named in the order it makes them (the
   Python layer words each as python-chess does). The _RANGE ones are chessbits' own: a
   clock python-chess would keep as a Python int above 2**32-1. */
typedef enum {
  FEN_OK, FEN_EMPTY, FEN_TURN, FEN_CASTLING, FEN_EN_PASSANT,
  FEN_HALFMOVE, FEN_HALFMOVE_NEGATIVE, FEN_HALFMOVE_RANGE,
  FEN_FULLMOVE, FEN_FULLMOVE_NEGATIVE, FEN_FULLMOVE_RANGE, FEN_PARTS,
  FEN_BOARD_PARTS, FEN_BOARD_ROWS, FEN_BOARD_CHARACTER, FEN_BOARD_DIGITS, FEN_BOARD_TILDE, FEN_BOARD_COLUMNS
} FenError;

/* Returns FEN_OK and sets *pos with *st as its only state from a FEN python-chess
   accepts (1 to 6 fields split at ASCII whitespace, the board part with optional '~'
   promotion marks), or the first check it fails (*where: the rank of a board-part
   error, or the row count), *pos untouched. */
FenError board_set_fen(Position *pos, const char *fen, size_t len, int chess960, StateInfo *st, int *where);

/* Returns FEN_OK after replacing the board part by fen (python-chess's set_board_fen,
   fen already stripped), keeping the rest of the state, or the check it fails. */
FenError board_set_board_fen(Position *pos, const char *fen, size_t len, int *where);

/* Returns the length of python-chess's board_fen() written to out (>= 100 bytes), the pieces
   on marked followed by '~' (promoted=True: the promoted ones). */
int board_board_fen(const Position *pos, Bitboard marked, char *out);

/* Returns nothing; recomputes everything derived from the raw state (castling rights
   for the generator, the legal ep square, the key, BOARD_REGULAR) after an edit. */
void board_sync(Position *pos);

/* Returns the square of colour c's (unpromoted) king, python-chess's king(): the
   highest if several, SQ_NONE if none. */
Square board_king(const Position *pos, Color c);

/* Returns m with castling written as python-chess's move stack keeps it (_from_chess960):
   king takes rook becomes e1g1/e1c1 in standard chess; other moves unchanged. */
PyMove board_from_chess960(const Position *pos, PyMove m);

/* Returns m with e1g1/e1c1 castling written king takes rook (python-chess's _to_chess960). */
PyMove board_to_chess960(const Position *pos, PyMove m);

/* Returns python-chess's clean_castling_rights(): the raw rights that can castle.
   With a move stack python-chess returns the raw rights as they are: pass has_stack. */
Bitboard board_clean_castling(const Position *pos, int has_stack);

/* Returns the squares attacked by the piece on s (0 if empty), python-chess's attacks_mask;
   read from the attack maps where kept (as board_attackers at the board's occupancy). */
Bitboard board_attacks_mask(const Position *pos, Square s);

/* Returns the pieces of colour c attacking s with the board occupied by occ. */
Bitboard board_attackers(const Position *pos, Color c, Square s, Bitboard occ);

/* Returns the pieces giving check to the side to move (0 without a king). */
Bitboard board_checkers(const Position *pos);

/* Returns 1 if colour c has several unpromoted kings: python-chess's next release finds no
   king of c then (no check, no check given), though moves are generated as for the highest. */
static inline int board_several_kings(const Position *pos, Color c) {
  const Bitboard k = pos->by_color[c] & pos->by_type[KING] & ~pos->st->promoted;
  return (k & (k - 1)) != 0;
}

/* Returns the side to move's pieces that alone stand between king and an enemy slider
   (python-chess's _slider_blockers). */
Bitboard board_slider_blockers(const Position *pos, Square king);

/* Returns python-chess's pin_mask(c, s): the line of the pin of s to c's king, or all squares. */
Bitboard board_pin_mask(const Position *pos, Color c, Square s);

/* Returns the number of moves written to out (MAX_MOVES), python-chess's
   generate_legal_moves(from_mask, to_mask) or, if !legal, generate_pseudo_legal_moves,
   in python-chess's order. */
int board_generate(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out);

/* What python-chess's variant boards change in pseudo-legal generation (chess.variant):
   castling that never asks whether the king's path is attacked (suicide) or skips the
   squares next to an enemy king (atomic); a king among the promotions, before the queen
   (suicide). */
enum { RULE_CASTLE_UNSAFE = 1, RULE_CASTLE_ATOMIC = 2, RULE_KING_PROMOTION = 4 };

/* Returns the number of moves written to out (MAX_MOVES), python-chess's
   generate_pseudo_legal_moves(from_mask, to_mask) with a variant's rules (RULE_*). */
int board_generate_pseudo(const Position *pos, Bitboard from_mask, Bitboard to_mask, unsigned rules, PyMove *out);

/* Returns as board_generate for castling moves only (generate_castling_moves). */
int board_generate_castling(const Position *pos, Bitboard from_mask, Bitboard to_mask, PyMove *out);

/* Returns as board_generate for en-passant captures only (generate_*_ep). */
int board_generate_ep(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out);

/* Which en-passant square a FEN shows: python-chess's en_passant="legal", "fen", "xfen". */
enum { BOARD_EP_LEGAL, BOARD_EP_FEN, BOARD_EP_XFEN };

/* Returns the length of python-chess's fen(shredder=, en_passant=, promoted=) written to
   out (>= 160 bytes). */
int board_fen(const Position *pos, int shredder, int ep_mode, int promoted, char *out);

/* Returns the length of the castling part of python-chess's FEN written to out (>= 5 bytes):
   X-FEN (KQkq, or the rook's file where k/q would be ambiguous) or, if shredder, the files. */
int board_castling_fen(const Position *pos, int shredder, char *out);
/* Returns 1 if f[0..n) is a castling part python-chess's FEN_CASTLING_REGEX accepts. */
int board_castling_syntax(const char *f, size_t n);
/* Returns 0 with *rights read from a FEN's castling part f as python-chess's
   set_castling_fen reads it ('' and '-' give none), -1 if f is malformed. */
int board_castling_from_fen(const Position *pos, const char *f, size_t n, Bitboard *rights);


/* Returns 1 if m is pseudo-legal here (python-chess's is_pseudo_legal), else 0. */
int board_is_pseudo_legal(const Position *pos, PyMove m);

/* Returns 1 if m is legal here (python-chess's is_legal), else 0. */
int board_is_legal(const Position *pos, PyMove m);

/* Returns 1 if the pseudo-legal m leaves the mover's king attacked (is_into_check). */
int board_is_into_check(const Position *pos, PyMove m);

/* Returns 1 if the pseudo-legal m (castling as python-chess pushes it) puts the other side
   in check, as board_checkers() after playing it says (worked out without playing it for a
   plain move of a regular position). */
int board_gives_check(Position *pos, PyMove m);

/* Returns 1 if m is an en-passant capture, castling, a capture, zeroing, irreversible. */
int board_is_en_passant(const Position *pos, PyMove m);
int board_is_castling(const Position *pos, PyMove m);
int board_is_capture(const Position *pos, PyMove m);
int board_is_zeroing(const Position *pos, PyMove m);
int board_is_irreversible(const Position *pos, PyMove m);

/* Returns 1 if an en-passant capture is legal (has_legal_en_passant). */
int board_has_legal_ep(const Position *pos);

/* Returns 0 after playing m (pseudo-legal or null) with newst as the new state, as
   python-chess's push; -1 if m is neither (nothing changes then). */
int board_push(Position *pos, PyMove m, StateInfo *newst);

/* Returns nothing; board_push for a move known to be pseudo-legal here (no test). */
void board_push_pseudo(Position *pos, PyMove m, StateInfo *newst);

/* Returns nothing; board_push for a move known to be legal here (from board_generate). */
void board_push_legal(Position *pos, PyMove m, StateInfo *newst);

/* Returns the PyMove that led to the current state (as pushed, castling normalised as
   python-chess writes it) after taking it back; pos->st->prev must exist. */
PyMove board_pop(Position *pos);

/* Returns the PyMove for internal move m played from pos (MOVE_NONE gives 0). */
PyMove board_pymove(const Position *pos, Move m);

/* Returns python-chess's status() flags; next: python-chess's next release's rules (two or
   more checking pawns, knights or kings are an impossible check; a side with several kings is
   neither in check nor giving one). */
unsigned board_status(const Position *pos, int next);

/* Returns the Polyglot key of the position (chess.polyglot.zobrist_hash). */
uint64_t board_polyglot_key(const Position *pos);

/* Returns the number of legal moves (the fast counter where BOARD_REGULAR). */
int board_count_legal(const Position *pos);

/* The halfmove clock (plies since the last capture or pawn move) that lets a side claim a
   draw (the fifty-move rule), and that ends the game (the seventy-five-move rule). */
#define RULE50_CLAIM 100
#define RULE50_END 150

/* python-chess's Termination values (chess.Termination). */
enum {
  TERM_NONE, TERM_CHECKMATE, TERM_STALEMATE, TERM_INSUFFICIENT_MATERIAL, TERM_SEVENTYFIVE_MOVES,
  TERM_FIVEFOLD_REPETITION, TERM_FIFTY_MOVES, TERM_THREEFOLD_REPETITION
};

/* Returns 1 if colour c has too little material to checkmate (has_insufficient_material). */
int board_insufficient(const Position *pos, Color c);

/* Returns 1 if the position occurred count times, this one included, since the last
   irreversible move (python-chess's is_repetition, walking st->prev). */
int board_repetition(const Position *pos, int count);

/* Returns how often key occurs among the position and the earlier ones back to the last
   irreversible move. */
int board_occurrences(const Position *pos, uint64_t key);

/* Returns 1 if the fifty-move rule can be claimed now or after a legal move (pos is restored). */
int board_can_claim_fifty(Position *pos);

/* Returns 1 if threefold repetition can be claimed now or after a legal move (pos is restored). */
int board_can_claim_threefold(Position *pos);

/* Returns python-chess's outcome(claim_draw=): a TERM_* (TERM_NONE while the game goes on),
   *white_wins set to 1 or 0 for a checkmate; legal: the number of legal moves if known, else -1;
   next: python-chess's next release's rules (several kings: no check, so no checkmate);
   earlier: at least the times the position occurred before in its repetition window if known
   (fewer than 4 rule out a fivefold repetition without walking the window), else -1.
   pos is restored after the claims' tries. */
int board_outcome(Position *pos, int claim_draw, int legal, int next, int earlier, int *white_wins);

/* Returns the leaves depth plies below pos by python-chess's rules, for positions
   that are not BOARD_REGULAR (pos is restored). */
uint64_t board_perft_general(Position *pos, int depth);

#endif
