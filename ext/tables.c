#include "tables.h"
#include "bits.h"

Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard KnightAttacks[SQUARE_NB];
Bitboard KingAttacks[SQUARE_NB];
Bitboard Rays[RAY_NB][SQUARE_NB];
Bitboard BetweenBB[SQUARE_NB][SQUARE_NB];
Bitboard LineBB[SQUARE_NB][SQUARE_NB];
Bitboard RankMask[SQUARE_NB], FileMask[SQUARE_NB], DiagMask[SQUARE_NB], AntiMask[SQUARE_NB];
Bitboard RookMask[SQUARE_NB], BishopMask[SQUARE_NB];

/* Returns the square at (file, rank) offset from s, or SQ_NONE off the board. */
static Square tables_offset(Square s, int df, int dr) {
  int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f < 0 || f > 7 || r < 0 || r > 7) ? SQ_NONE : make_square(f, r);
}

/* Returns the union of the on-board squares at the given offsets from s. */
static Bitboard tables_leaper(Square s, const int (*d)[2], int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; i++) {
    Square t = tables_offset(s, d[i][0], d[i][1]);
    if (t != SQ_NONE) b |= square_bb(t);
  }
  return b;
}

/* Returns b moved one step in direction d, dropping squares that would wrap around a board edge. */
static Bitboard tables_step(Bitboard b, int d) {
  static const Bitboard keep[RAY_NB] = {  /* squares that may move in direction d */
    ~RANK_8_BB, ~FILE_H_BB, ~(RANK_8_BB | FILE_H_BB), ~(RANK_8_BB | FILE_A_BB),
    ~RANK_1_BB, ~FILE_A_BB, ~(RANK_1_BB | FILE_A_BB), ~(RANK_1_BB | FILE_H_BB)};
  static const int shift[RAY_NB] = {NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_WEST, SOUTH_EAST};
  b &= keep[d];
  return shift[d] > 0 ? b << shift[d] : b >> -shift[d];
}

Bitboard sliding_walk(Square s, Bitboard occ, int dirs) {
  Bitboard attacks = 0;
  for (int d = 0; d < RAY_NB; d++)
    if (dirs & (1 << d))
      for (Bitboard b = square_bb(s); (b = tables_step(b, d)); ) {
        attacks |= b;
        if (b & occ) break;
      }
  return attacks;
}

void tables_init(void) {
  static int done = 0;
  static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int king[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  static const int wpawn[2][2] = {{-1, 1}, {1, 1}}, bpawn[2][2] = {{-1, -1}, {1, -1}};
  if (done) return;

  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    KnightAttacks[s] = tables_leaper(s, knight, 8);
    KingAttacks[s] = tables_leaper(s, king, 8);
    PawnAttacks[WHITE][s] = tables_leaper(s, wpawn, 2);
    PawnAttacks[BLACK][s] = tables_leaper(s, bpawn, 2);
    for (int d = 0; d < RAY_NB; d++) Rays[d][s] = sliding_walk(s, 0, 1 << d);
    FileMask[s] = Rays[RAY_N][s] | Rays[RAY_S][s];
    RankMask[s] = Rays[RAY_E][s] | Rays[RAY_W][s];
    DiagMask[s] = Rays[RAY_NE][s] | Rays[RAY_SW][s];
    AntiMask[s] = Rays[RAY_NW][s] | Rays[RAY_SE][s];
  }
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    /* A ray's last square is an edge square whose occupancy never matters. */
    Bitboard rook = 0, bishop = 0;
    for (int d = 0; d < RAY_NB; d++) {
      Bitboard ray = Rays[d][s];
      if (!ray) continue;
      Bitboard inner = ray & ~square_bb(d < 4 ? msb(ray) : lsb(ray));
      if (d == RAY_N || d == RAY_E || d == RAY_S || d == RAY_W) rook |= inner;
      else bishop |= inner;
    }
    RookMask[s] = rook;
    BishopMask[s] = bishop;
  }
  for (Square a = SQ_A1; a <= SQ_H8; a++)
    for (Square b = SQ_A1; b <= SQ_H8; b++) {
      BetweenBB[a][b] = LineBB[a][b] = 0;
      for (int d = 0; d < RAY_NB; d++)
        if (Rays[d][a] & square_bb(b)) {
          int opposite = (d + 4) % RAY_NB;
          BetweenBB[a][b] = Rays[d][a] & Rays[opposite][b];
          LineBB[a][b] = Rays[d][a] | Rays[opposite][a] | square_bb(a);
        }
    }
  done = 1;
}
