#include <string.h>
#include "position.h"
#include "polyglot.h"

uint64_t zobrist_psq[PIECE_NB][SQUARE_NB];
uint64_t zobrist_castling[16];
uint64_t zobrist_ep[8];
uint64_t zobrist_side;

void position_init(void) {
  static int done = 0;
  if (done) return;
  for (int pc = 0; pc < PIECE_NB; pc++)
    for (Square s = SQ_A1; s <= SQ_H8; s++) {
      const PieceType pt = type_of_piece(pc);
      zobrist_psq[pc][s] = (pt >= PAWN && pt <= KING)
        ? polyglot_random[64 * (2 * (pt - 1) + (color_of_piece(pc) == WHITE)) + s] : 0;
    }
  /* One key per right (bit i = colour * 2 + a-side, Polyglot's order), combined by XOR. */
  for (int cr = 0; cr < 16; cr++) {
    zobrist_castling[cr] = 0;
    for (int i = 0; i < 4; i++)
      if (cr & (1 << i)) zobrist_castling[cr] ^= polyglot_random[POLYGLOT_CASTLING + i];
  }
  for (int f = 0; f < 8; f++) zobrist_ep[f] = polyglot_random[POLYGLOT_EP + f];
  zobrist_side = polyglot_random[POLYGLOT_TURN];
  done = 1;
}

uint64_t position_compute_key(const Position *pos) {
  uint64_t key = 0;
  for (Bitboard b = pos->by_type[NO_PIECE_TYPE]; b; ) {
    Square s = pop_lsb(&b);
    key ^= zobrist_psq[pos->board[s]][s];
  }
  if (pos->side == BLACK) key ^= zobrist_side;
  key ^= zobrist_castling[pos->st->castling];
  if (pos->st->ep != SQ_NONE) key ^= zobrist_ep[file_of(pos->st->ep)];
  return key;
}

int position_ok(const Position *pos) {
  Bitboard all = 0;
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    Piece pc = pos->board[s];
    if (!pc) continue;
    if (type_of_piece(pc) < PAWN || type_of_piece(pc) > KING) return 0;
    if (!(pos->by_type[type_of_piece(pc)] & pos->by_color[color_of_piece(pc)] & square_bb(s))) return 0;
    all |= square_bb(s);
  }
  if (all != pos->by_type[NO_PIECE_TYPE] || all != (pos->by_color[WHITE] | pos->by_color[BLACK])) return 0;
  if (pos->by_color[WHITE] & pos->by_color[BLACK]) return 0;
  Bitboard types = 0;
  for (PieceType pt = PAWN; pt <= KING; pt++) {
    if (types & pos->by_type[pt]) return 0;
    types |= pos->by_type[pt];
  }
  if (types != all) return 0;
  if (popcount(pieces_cp(pos, WHITE, KING)) != 1 || popcount(pieces_cp(pos, BLACK, KING)) != 1) return 0;
  return pos->st->key == position_compute_key(pos);
}

int position_ep_legal(const Position *pos, Square ep) {
  const Color us = pos->side, them = us ^ 1;
  const Square ksq = king_square(pos, us);
  const Square capsq = ep + (us == WHITE ? SOUTH : NORTH);
  const Bitboard sliders = ((RankMask[ksq] | FileMask[ksq]) & (pos->by_type[ROOK] | pos->by_type[QUEEN]))
                         | ((DiagMask[ksq] | AntiMask[ksq]) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]));
  const Bitboard leapers = (PawnAttacks[us][ksq] & pos->by_type[PAWN] & ~square_bb(capsq))
                         | (KnightAttacks[ksq] & pos->by_type[KNIGHT]);
  if (leapers & pos->by_color[them]) return 0;
  for (Bitboard b = PawnAttacks[them][ep] & pieces_cp(pos, us, PAWN); b; ) {
    const Bitboard occ = (pos->by_type[NO_PIECE_TYPE] ^ square_bb(pop_lsb(&b)) ^ square_bb(capsq)) | square_bb(ep);
    int safe = 1;
    /* Only a slider aligned with the king can check, if nothing stands between. */
    for (Bitboard s = sliders & pos->by_color[them]; s && safe; )
      safe = (BetweenBB[ksq][pop_lsb(&s)] & occ) != 0;
    if (safe) return 1;
  }
  return 0;
}

void do_move(Position *pos, Move m, StateInfo *newst) {
  if (pos->side == WHITE) position_do_move_us(pos, m, newst, WHITE);
  else position_do_move_us(pos, m, newst, BLACK);
}

void undo_move(Position *pos, Move m) {
  if (pos->side == WHITE) position_undo_move_us(pos, m, BLACK);
  else position_undo_move_us(pos, m, WHITE);
  CB_ASSERT(position_ok(pos));
}
