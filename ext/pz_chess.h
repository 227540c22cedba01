/* PettingZoo's chess_v6 (pettingzoo.classic.chess, 1.27) on the games of a Batch: the boards
   its board_history keeps, its 8 x 8 x 111 observation for either agent and its 4,672 action
   mask, written from the board as its chess_utils computes them, quirks kept (pz_chess.c). */
#ifndef CB_PZ_CHESS_H
#define CB_PZ_CHESS_H

#include "board_batch.h"

enum { PZ_PLANES = 111, PZ_ACTIONS = 4672, PZ_HISTORY = 8, PZ_BOARD_PLANES = 13 };

/* A game's board_history: the boards after its last PZ_HISTORY moves, newest first, each as 13
   planes seen by White (its pawns..king, Black's, all ones after a repetition); all empty
   before a game's first move. */
typedef struct { Bitboard plane[PZ_HISTORY][PZ_BOARD_PLANES]; } PzHistory;

/* Returns 0 after playing the move of PettingZoo's action (its index in the mover's view) in
   game g of b (claim_draw set: PettingZoo ends games on a claimable draw) and recording its
   board in h, 1 if action is no legal move there (nothing played), -1 if out of memory. */
int pz_step(Batch *b, size_t g, PzHistory *h, int action);

/* Returns nothing; writes the observation of game g seen by player (0: player_0, White's
   agent; 1: player_1) to obs (8 x 8 x 111 bytes, 0 or 1: rank 8 first, the plane last) and,
   if mask is not NULL, the legal moves' actions to mask (4,672 bytes, 0 or 1). */
void pz_observe(Batch *b, size_t g, const PzHistory *h, int player, uint8_t *obs, int8_t *mask);

#endif
