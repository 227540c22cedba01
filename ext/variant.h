/* python-chess's variants (chess.variant), their rules on top of board.c's python-chess
   semantics: legal moves in python-chess's order, push (copy-make: the child is a new
   VariantPos), the end of a variant game, perft. Each rule is written once, in variant.c,
   named after the python-chess method it follows. */
#ifndef CB_VARIANT_H
#define CB_VARIANT_H

#include "board.h"
#include "perft.h"

/* python-chess's variant boards; Suicide, Giveaway and Antichess share their moves. */
typedef enum {
  VARIANT_CHESS, VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS, VARIANT_ATOMIC,
  VARIANT_KING_OF_THE_HILL, VARIANT_RACING_KINGS, VARIANT_HORDE, VARIANT_THREE_CHECK,
  VARIANT_CRAZYHOUSE, VARIANT_NB
} Variant;

/* Each variant's python-chess uci_variant name ("chess", "suicide", ..., "crazyhouse"). */
extern const char *const variant_names[VARIANT_NB];

/* A position of a variant game: the board (pos->st is &st, whose prev is the parent's state
   or NULL at the root, as python-chess's stack decides its castling rights), and what the
   variant adds: three-check's remaining checks, crazyhouse's pockets (pieces by type). */
typedef struct VariantPos {
  Position pos;
  StateInfo st;
  Variant variant;
  int remaining_checks[COLOR_NB];
  int pocket[COLOR_NB][PIECE_TYPE_NB];
} VariantPos;

/* A drop (crazyhouse) as a PyMove: from == to, the piece type in the promotion field. */
static inline PyMove pymove_drop(Square to, PieceType pt) { return pymove_make(to, to, pt); }
static inline int pymove_is_drop(PyMove m) { return m && pymove_from(m) == pymove_to(m); }

/* Returns nothing; makes *vp the variant v position of *pos (copied, its state detached as a
   root's), three-check's checks and crazyhouse's pockets zero. */
void variant_init(VariantPos *vp, Variant v, const Position *pos);

/* Returns 1 if the game is over by the variant's own rule (python-chess's is_variant_end). */
int variant_is_end(const VariantPos *vp);

/* The side to move's standing by the variant's own rule (python-chess's is_variant_win,
   is_variant_loss and is_variant_draw), as bits. */
enum { VARIANT_WIN = 1, VARIANT_LOSS = 2, VARIANT_DRAW = 4 };

/* Returns the VARIANT_* bits that hold for the side to move (0 while the game goes on). */
unsigned variant_result(VariantPos *vp);

/* Returns 1 if colour c cannot win by the variant's rules whatever the other side does
   (python-chess's has_insufficient_material for the variant's board). */
int variant_insufficient(const VariantPos *vp, Color c);

/* Returns the pieces giving check to the side to move, python-chess's checkers_mask: none in
   suicide, giveaway and antichess, none in atomic while the kings touch. */
Bitboard variant_checkers(const VariantPos *vp);

/* Returns the board_generate_pseudo rules (RULE_*) of variant v's pseudo-legal moves. */
unsigned variant_rules(Variant v);

/* Returns the number of pseudo-legal moves within the masks written to out (MAX_MOVES), in
   python-chess's order: the variant board's generate_pseudo_legal_moves (no drops; no castling
   once the game is over). */
int variant_pseudo(const VariantPos *vp, Bitboard from_mask, Bitboard to_mask, PyMove *out);

/* Returns 1 if m is pseudo-legal (python-chess's is_pseudo_legal of the variant's board): a
   drop of a pocket piece (not a king, no pawn on a back rank) onto an empty square in
   crazyhouse, else a move of variant_pseudo; never the null move. */
int variant_is_pseudo_legal(const VariantPos *vp, PyMove m);

/* Returns the squares a drop may land on (CrazyhouseBoard.legal_drop_squares_mask): any empty
   one, between king and checker in check, none in double check. */
Bitboard variant_drop_squares(const Position *pos);

/* Returns the number of legal moves written to out (MAX_MOVES, drops included), in
   python-chess's order (its legal_moves). */
int variant_generate(VariantPos *vp, PyMove *out);

/* Returns nothing; *child becomes vp after the pseudo-legal move m (python-chess's push with
   the variant's effects: explosions, pockets, checks given). vp must outlive child. */
void variant_push(VariantPos *vp, PyMove m, VariantPos *child);

/* Returns the leaves depth plies below vp as python-chess's perft counts them (the legal
   moves at depth 1). */
uint64_t variant_perft(VariantPos *vp, int depth);

/* Returns nothing; adds to *s the perft statistics of the leaves depth >= 1 plies below vp,
   as perft_stats counts a standard game's, with the variant's moves, checks (none in suicide,
   none in atomic while the kings touch; a castling's checker that moved is its rook, a drop's
   the dropped piece) and mates (python-chess's is_checkmate: in check, no legal move). */
void variant_perft_stats(VariantPos *vp, int depth, PerftStats *s);

/* Returns the number of legal root moves, written to moves (MAX_MOVES), with the leaves
   depth - 1 plies below each in counts[i]; the root moves are dealt over `threads` threads,
   each on its own copy of vp (only read). */
int variant_divide(const VariantPos *vp, int depth, int threads, PyMove *moves, uint64_t *counts);

#endif
