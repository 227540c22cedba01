/* Moves as policy indices, the move lists of the model families (chessbits.encode): lc0's 1858,
   AlphaZero's 8 x 8 x 73 = 4672, Maia-2's 1880, searchless_chess's 1968. A move is looked up in
   its family's frame (the board flipped for black where the family flips it, castling written
   as the family writes it), the tables filled at init from the rule that orders each list. */
#ifndef CB_POLICY_H
#define CB_POLICY_H

#include "board.h"

enum { POL_LC0, POL_ALPHAZERO, POL_MAIA2, POL_SEARCHLESS, POL_LAYOUT_NB };
enum { POL_LC0_SIZE = 1858, POL_ALPHAZERO_SIZE = 4672, POL_MAIA2_SIZE = 1880, POL_SEARCHLESS_SIZE = 1968,
       POL_MAX_SIZE = 4672 };

/* Returns the number of indices of layout. */
int policy_size(int layout);

/* Returns the index of m (a python-chess move key as pos writes its moves: castling e1g1 in
   standard chess, king takes rook in Chess960) in layout, lc0's canonical transform applied
   (0: none), or -1 if the layout has no index for it. */
int policy_index(int layout, const Position *pos, PyMove m, int transform);

/* Returns nothing; out[i] = policy_index(layout, pos, moves[i], transform) for i < n. */
void policy_indices(int layout, const Position *pos, const PyMove *moves, int n, int transform, int16_t *out);

/* Returns the number of indices written to out: those of index[0..n) that are not negative,
   ascending, each once (a legal mask's sparse form); size: the layout's policy_size. index has
   room for 64 entries (up to 64 are read, whatever n), out for max(n, 64): what follows the
   count written may be overwritten. */
int policy_ascending(const int16_t *index, int n, int size, int16_t *out);

/* Returns the number of legal moves of pos written to out (MAX_MOVES), in no set order. */
int policy_legal_moves(const Position *pos, PyMove *out);

/* Returns the number of legal moves of pos; if at most `room`, after writing them to out as
   policy_legal_moves does and, for layout >= 0, each one's index in it (no transform) to
   index[i] (else nothing written). */
int policy_legal_indexed(int layout, const Position *pos, PyMove *out, int16_t *index, int room);

/* Returns nothing; fills the tables (idempotent; movegen_init must have run). */
void policy_init(void);

#endif
