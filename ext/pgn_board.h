/* python-chess's read_game board stack as one Position walked by make/unmake: a variation
   takes back the move it replaces (the copy-and-pop of python-chess), closing it takes back
   its moves and plays that move again. */
#ifndef CB_PGN_BOARD_H
#define CB_PGN_BOARD_H

#include "board.h"

typedef struct {
  Position pos;
  StateInfo *states;             /* states[0..ply] */
  size_t state_cap;
  int ply;
  int nframes, frame_cap;
  struct PgnFrame { int ply; PyMove move; } *frames;  /* the variations open */
} PgnBoard;

/* Returns 0 after setting b to pos with st as its only state (stack emptied), -1 if out of memory. */
int pgn_board_set(PgnBoard *b, const Position *pos, const StateInfo *st);

/* Returns 0 after playing m (legal, or 0: a null move), -1 if out of memory. */
int pgn_board_push(PgnBoard *b, PyMove m);

/* Returns 0 after playing m as Board.push() plays it (any pseudo-legal or null move;
   king-takes-rook castling of standard chess read as python-chess reads it), 1 if m is not
   pseudo-legal here (nothing played), -1 if out of memory. */
int pgn_board_play(PgnBoard *b, PyMove m);

/* Returns nothing; takes back the last move pushed or played. */
void pgn_board_pop(PgnBoard *b);

/* Returns 1 after opening a variation (the last move taken back), 0 if the board has no
   move to take back (python-chess then ignores the '('), -1 if out of memory. */
int pgn_board_begin_variation(PgnBoard *b);

/* Returns nothing; closes the innermost variation (there must be one). */
void pgn_board_end_variation(PgnBoard *b);

/* Returns the number of boards on python-chess's stack. */
static inline int pgn_board_depth(const PgnBoard *b) { return b->nframes + 1; }

/* Returns nothing; frees what b holds. */
void pgn_board_free(PgnBoard *b);

#endif
