/* PettingZoo's chess_v6 (pz_chess.h). Its quirks, kept:
   - board_history holds the boards after each move only: at a game's start it is empty, so
     the first observation shows no pieces;
   - a board's pawn that just moved two squares is shown on its own back rank instead (lc0's
     old en-passant flag), after every double push, a capture possible or not;
   - the repetition plane is python-chess's is_repetition(2) of that board;
   - player_1's observation is the whole stack flipped top to bottom with each board's colours
     swapped, its first planes those of the board mirrored: castling rights as rook squares
     (h1, a1, h8, a8 of the mirrored board), ones, the halfmove clock / 2 as one square, ones;
   - the mask is the legal moves' actions whenever asked for the agent to move, a game over
     or not. */
#include <string.h>
#include "pz_chess.h"

/* Returns 1 if e and f are one position for python-chess's transposition key. */
static int pz_same(const EncPos *e, const EncPos *f) {
  return e->white == f->white && e->black == f->black && e->castling == f->castling && e->ep_legal == f->ep_legal &&
         !memcmp(e->by_type, f->by_type, sizeof e->by_type);
}

/* Returns python-chess's is_repetition(2) of game g's position: an equal one since its last
   irreversible move (castling rights and legal en-passant squares are in the comparison). */
static int pz_repeated(const BatchGame *g) {
  const int n = g->nhist;
  const EncPos *cur = &g->hist[n - 1];
  const int window = (int)cur->rule50 < n - 1 ? (int)cur->rule50 : n - 1;
  for (int k = 2; k <= window; k += 2)
    if (pz_same(&g->hist[n - 1 - k], cur)) return 1;
  return 0;
}

/* Returns nothing; puts game g's board first in h, the oldest dropped. */
static void pz_record(const BatchGame *g, PzHistory *h) {
  const Position *pos = &g->pos;
  Bitboard *p = h->plane[0];
  memmove(h->plane[1], h->plane[0], (PZ_HISTORY - 1) * sizeof h->plane[0]);
  for (int pt = PAWN; pt <= KING; pt++) {
    p[pt - 1] = pos->by_type[pt] & pos->by_color[WHITE];
    p[pt + 5] = pos->by_type[pt] & pos->by_color[BLACK];
  }
  const int ep = pos->st->ep_raw;
  if (ep != SQ_NONE && ep) {  /* the pawn that moved two squares, shown on its back rank */
    if (ep < 32) p[0] = (p[0] & ~(1ULL << (ep + 8))) | 1ULL << (ep % 8);
    else p[6] = (p[6] & ~(1ULL << (ep - 8))) | 1ULL << (56 + ep % 8);
  }
  p[12] = pz_repeated(g) ? ~0ULL : 0;
}

int pz_step(Batch *b, size_t g, PzHistory *h, int action) {
  const PyMove m = batch_index_move(b, g, POL_ALPHAZERO, 0, action);
  if (!m) return 1;
  if (batch_play(b, g, m, POL_ALPHAZERO) < 0) return -1;
  pz_record(&b->games[g], h);
  return 0;
}

/* Returns nothing; sets plane c of obs where bb has a square, rank 8 first (rank 1 if flip). */
static void pz_plane(uint8_t *obs, int c, Bitboard bb, int flip) {
  for (; bb; bb &= bb - 1) {
    const int sq = lsb(bb), row = flip ? sq >> 3 : 7 - (sq >> 3);
    obs[(row * 8 + (sq & 7)) * PZ_PLANES + c] = 1;
  }
}

void pz_observe(Batch *b, size_t g, const PzHistory *h, int player, uint8_t *obs, int8_t *mask) {
  const Position *pos = &b->games[g].pos;
  memset(obs, 0, 64 * PZ_PLANES);
  const Bitboard rights = player ? bswap64(pos->st->castling_raw) : pos->st->castling_raw;
  const unsigned half = pos->st->rule50 / 2;
  const Bitboard aux[7] = {rights >> 7 & 1 ? ~0ULL : 0, rights & 1 ? ~0ULL : 0, rights >> 63 ? ~0ULL : 0,
                           rights >> 56 & 1 ? ~0ULL : 0, player ? ~0ULL : 0, half < 64 ? 1ULL << half : 0, ~0ULL};
  for (int c = 0; c < 7; c++) pz_plane(obs, c, aux[c], player);
  for (int i = 0; i < PZ_HISTORY; i++)
    for (int c = 0; c < PZ_BOARD_PLANES; c++) {
      const int from = player && c < 12 ? (c + 6) % 12 : c;  /* player_1: the colours swapped */
      pz_plane(obs, 7 + PZ_BOARD_PLANES * i + c, h->plane[i][from], player);
    }
  if (mask) {
    int16_t idx[MAX_MOVES];
    const int n = batch_legal_indices(b, g, POL_ALPHAZERO, 0, idx);
    memset(mask, 0, PZ_ACTIONS);
    for (int k = 0; k < n; k++) mask[idx[k]] = 1;
  }
}
