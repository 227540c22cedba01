/* Rotated bitboards' extras, so movegen can keep the rotated occupancies itself
   (one XOR per changed square) and skip rotated.c's derivation from occ. */
#ifndef CB_ROTATED_H
#define CB_ROTATED_H

#include "../types.h"

/* The bit square s occupies in each rotated board: on a move, occ90 ^= rotated_bit90[from] | rotated_bit90[to].
   90: files become ranks (a1-h8 transpose); 45: diagonals become ranks; 315: anti-diagonals become ranks. */
extern Bitboard rotated_bit90[SQUARE_NB], rotated_bit45[SQUARE_NB], rotated_bit315[SQUARE_NB];

/* Returns occ rotated so that files become ranks (bit of square s at rotated_bit90[s]). */
Bitboard rotated_90(Bitboard occ);
/* Returns occ pseudo-rotated so that diagonals become ranks (bit of square s at rotated_bit45[s]). */
Bitboard rotated_45(Bitboard occ);
/* Returns occ pseudo-rotated so that anti-diagonals become ranks (bit of square s at rotated_bit315[s]). */
Bitboard rotated_315(Bitboard occ);

/* Returns the rook attacks from s given the occupancy occ and its rotation occ90 = rotated_90(occ). */
Bitboard rotated_rook_r(Square s, Bitboard occ, Bitboard occ90);
/* Returns the bishop attacks from s given occ45 = rotated_45(occ) and occ315 = rotated_315(occ). */
Bitboard rotated_bishop_r(Square s, Bitboard occ45, Bitboard occ315);

#endif
