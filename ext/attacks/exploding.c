/* Exploding bitboards (Harald Lüßen, Elephant): the rays grow from the slider one
   ring at a time, every ray of a group in parallel, each step a shift and one
   multiply by a sum of powers of two that moves every frontier bit one square on.
   https://www.chessprogramming.org/Exploding_Bitboards */
#include "attacks.h"
#include "../bits.h"
#include "../tables.h"

/* Why it is exact (the published rook code is not, at the borders): a piece's rays
   are split into an upward pair (N+E, NE+NW) and a downward pair (S+W, SW+SE), and
   each pair's multiplier only moves bits outwards, so no product lands behind the
   front, and sideways products land off the rays. Downward moves need a right
   shift first, as large as the largest downward move present on that square; it
   drops only bits with no square further on. Two products meet only on the step
   from the first ring to the second (N+1 = E+8 and the like); the carry lands off
   the rays, or for S+W on the first S square, which is attacked already and only
   starts a second wave one ring behind the first. Rays go on only through the
   relevant (inner) squares, so the result depends on occ & RookMask/BishopMask
   alone, and the exhaustive test over those subsets is a proof. */
typedef struct {
  Bitboard up, down;  /* the rays of each pair */
  Bitboard inner;     /* squares whose emptiness lets a ray go on: the relevant mask */
  Bitboard ignition;  /* the first ring, always attacked */
  Bitboard mul_down;  /* downward multiplier after the right shift */
  uint8_t shift, steps;
} ExplodingSq;

static ExplodingSq exploding_sq[2][SQUARE_NB]; /* [0] bishop, [1] rook */
const uint64_t exploding_bytes = sizeof(exploding_sq);

/* The upward multipliers: [0] bishop (NE +9, NW +7), [1] rook (N +8, E +1). */
static const Bitboard exploding_mul_up[2] = {(1ULL << 9) | (1ULL << 7), (1ULL << 8) | (1ULL << 1)};

void exploding_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  for (Square s = SQ_A1; s <= SQ_H8; s++)
    for (int rook = 0; rook < 2; rook++) {
      ExplodingSq *x = &exploding_sq[rook][s];
      int u1 = rook ? RAY_N : RAY_NE, u2 = rook ? RAY_E : RAY_NW;
      int d1 = rook ? RAY_S : RAY_SW, d2 = rook ? RAY_W : RAY_SE;
      int down1 = rook ? 8 : 9, down2 = rook ? 1 : 7; /* right shifts of d1 and d2 */
      x->up = Rays[u1][s] | Rays[u2][s];
      x->down = Rays[d1][s] | Rays[d2][s];
      x->inner = slider_mask(rook, s);
      x->ignition = (x->up | x->down) & KingAttacks[s];
      /* Shift right by the larger downward move present; the multiplier moves each
         direction back up by the difference. */
      x->shift = Rays[d1][s] ? down1 : down2;
      x->mul_down = (Rays[d1][s] ? 1ULL << (x->shift - down1) : 0)
                  | (Rays[d2][s] ? 1ULL << (x->shift - down2) : 0);
      int longest = 0;
      for (int d = 0; d < RAY_NB; d++)
        if ((x->up | x->down) & Rays[d][s]) {
          int len = popcount(Rays[d][s]);
          if (len > longest) longest = len;
        }
      x->steps = (uint8_t)(longest ? longest - 1 : 0);
    }
  done = 1;
}

/* Returns the attacks of piece (0 bishop, 1 rook) from s given the occupancy occ. */
static inline Bitboard exploding_attacks(int rook, Square s, Bitboard occ) {
  const ExplodingSq *x = &exploding_sq[rook][s];
  Bitboard pro = x->inner & ~occ, att = x->ignition;
  Bitboard up = att & x->up & pro, down = att & x->down & pro;
  for (int i = x->steps; i; i--) {
    up *= exploding_mul_up[rook];
    down = (down >> x->shift) * x->mul_down;
    att |= (up & x->up) | (down & x->down);
    up &= pro, down &= pro;
  }
  return att;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard exploding_rook(Square s, Bitboard occ) { return exploding_attacks(1, s, occ); }

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard exploding_bishop(Square s, Bitboard occ) { return exploding_attacks(0, s, occ); }
