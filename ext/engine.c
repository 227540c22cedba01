#include "engine.h"

int engine_see(const Position *pos, PyMove m, const int values[PIECE_TYPE_NB]) {
  if (!m || board_is_castling(pos, m)) return 0;
  return attackmaps_see(pos, pos->maps, pymove_from(m), pymove_to(m), pymove_promotion(m),
                        board_is_en_passant(pos, m), values);
}

void engine_order(const Position *pos, PyMove *moves, int n, int order, const int values[PIECE_TYPE_NB]) {
  int key[MAX_MOVES];
  const Bitboard theirs = pos->by_color[pos->side ^ 1];
  for (int i = 0; i < n; i++) {
    const PyMove m = moves[i];
    const Square from = pymove_from(m), to = pymove_to(m);
    const int capture = (theirs & square_bb(to)) || board_is_en_passant(pos, m);
    if (!capture && !pymove_promotion(m)) key[i] = order == ORDER_SEE ? -(1 << 30) : 0;
    else if (order == ORDER_SEE) key[i] = engine_see(pos, m, values);
    else if (capture) {
      const PieceType victim = (theirs & square_bb(to)) ? type_of_piece(pos->board[to]) : PAWN;
      key[i] = 100 + 10 * victim - type_of_piece(pos->board[from]);
    } else key[i] = pymove_promotion(m);
  }
  /* Insertion sort: stable, and the lists are short. */
  for (int i = 1; i < n; i++) {
    const PyMove m = moves[i];
    const int k = key[i];
    int j = i;
    for (; j > 0 && key[j - 1] < k; j--) {
      key[j] = key[j - 1];
      moves[j] = moves[j - 1];
    }
    key[j] = k;
    moves[j] = m;
  }
}

int engine_mobility(const Position *pos, const AttackMaps *m, Color c) {
  const Bitboard ours = pos->by_color[c], occ = pos->by_type[NO_PIECE_TYPE];
  int n = 0;
  for (Bitboard b = ours & ~pos->by_type[PAWN] & ~pos->by_type[KING]; b; ) {
    const Square s = pop_lsb(&b);
    n += popcount((m ? m->from[s] : attackmaps_piece_attacks(pos, s, occ)) & ~ours);
  }
  return n;
}
