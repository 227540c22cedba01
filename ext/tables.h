/* Leaper attacks, rays and line tables, filled once by tables_init(). */
#ifndef CB_TABLES_H
#define CB_TABLES_H

#include "types.h"

/* Ray directions: the first four run towards higher squares (nearest blocker
   = lsb), the last four towards lower squares (nearest blocker = msb). */
enum { RAY_N, RAY_E, RAY_NE, RAY_NW, RAY_S, RAY_W, RAY_SW, RAY_SE, RAY_NB };

extern Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard KnightAttacks[SQUARE_NB];
extern Bitboard KingAttacks[SQUARE_NB];
extern Bitboard Rays[RAY_NB][SQUARE_NB];      /* from s to the edge, s excluded */
extern Bitboard BetweenBB[SQUARE_NB][SQUARE_NB]; /* squares strictly between, 0 if not aligned */
extern Bitboard LineBB[SQUARE_NB][SQUARE_NB];    /* whole line through both, 0 if not aligned */
/* Lines through s with s excluded: rank, file, diagonal (a1-h8 direction), anti-diagonal. */
extern Bitboard RankMask[SQUARE_NB], FileMask[SQUARE_NB], DiagMask[SQUARE_NB], AntiMask[SQUARE_NB];
/* Relevant occupancy of a rook/bishop on s: its lines without s and without the end squares. */
extern Bitboard RookMask[SQUARE_NB], BishopMask[SQUARE_NB];
/* Entries of a table holding every rook (bishop) attack set per square and relevant
   occupancy subset: the sums over the squares of 2^popcount(mask). */
enum { ROOK_TABLE_SIZE = 102400, BISHOP_TABLE_SIZE = 5248 };

/* Returns the relevant occupancy mask of a rook (rook != 0) or a bishop on s. */
static inline Bitboard slider_mask(int rook, Square s) { return rook ? RookMask[s] : BishopMask[s]; }

/* Returns nothing; fills every table above (idempotent). */
void tables_init(void);

/* Returns the squares attacked by a slider on s moving along `dirs` (RAY_* bits),
   walking square by square: the slow, obviously-right reference. */
Bitboard sliding_walk(Square s, Bitboard occ, int dirs);

#define ROOK_DIRS ((1 << RAY_N) | (1 << RAY_E) | (1 << RAY_S) | (1 << RAY_W))
#define BISHOP_DIRS ((1 << RAY_NE) | (1 << RAY_NW) | (1 << RAY_SW) | (1 << RAY_SE))

#endif
