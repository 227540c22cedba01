/* Core types and constants shared by every file in ext/. Square numbering is
   python-chess's and Stockfish's: A1 = 0, H1 = 7, A8 = 56, H8 = 63. */
#ifndef CB_TYPES_H
#define CB_TYPES_H

#include <stdint.h>
#include <stddef.h>

typedef uint64_t Bitboard;
typedef int Square;
typedef int Color;
typedef int PieceType;
typedef uint16_t Move;

enum { WHITE, BLACK, COLOR_NB = 2 };
enum { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

enum {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};

/* Shift amounts of the eight compass directions. */
enum {
  NORTH = 8, EAST = 1, SOUTH = -8, WEST = -1,
  NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9
};

#define FILE_A_BB 0x0101010101010101ULL
#define FILE_H_BB 0x8080808080808080ULL
#define RANK_1_BB 0x00000000000000FFULL
#define RANK_8_BB 0xFF00000000000000ULL
#define DIAG_A1H8_BB 0x8040201008040201ULL
#define ANTI_H1A8_BB 0x0102040810204080ULL
#define EDGES_BB (FILE_A_BB | FILE_H_BB | RANK_1_BB | RANK_8_BB)

static inline Bitboard square_bb(Square s) { return 1ULL << s; }
static inline int file_of(Square s) { return s & 7; }
static inline int rank_of(Square s) { return s >> 3; }
static inline Square make_square(int file, int rank) { return rank * 8 + file; }

/* Returns b moved one step in direction d (a constant where inlined), nothing wrapping
   round the a/h files. */
static inline Bitboard shift(Bitboard b, int d) {
  return d == NORTH ? b << 8 : d == SOUTH ? b >> 8
       : d == NORTH_EAST ? (b & ~FILE_H_BB) << 9 : d == NORTH_WEST ? (b & ~FILE_A_BB) << 7
       : d == SOUTH_EAST ? (b & ~FILE_H_BB) >> 7 : d == SOUTH_WEST ? (b & ~FILE_A_BB) >> 9
       : d == EAST ? (b & ~FILE_H_BB) << 1 : d == WEST ? (b & ~FILE_A_BB) >> 1 : 0;
}

/* Returns the squares attacked by the pawns of colour c on b. */
static inline Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  return c == WHITE ? shift(b, NORTH_WEST) | shift(b, NORTH_EAST) : shift(b, SOUTH_WEST) | shift(b, SOUTH_EAST);
}

/* Returns 1 if b has two squares or more. */
static inline int more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

#endif
