/* Position and StateInfo (Stockfish style: the caller owns one StateInfo per ply,
   linked by `prev`), moves, make/unmake and Zobrist keys (FEN and python-chess's rules: board.h).
   Make/unmake are static inline here so the per-technique perft loops inline them
   with the side to move known at compile time; do_move/undo_move wrap them. */
#ifndef CB_POSITION_H
#define CB_POSITION_H

#include "types.h"
#include "bits.h"
#include "tables.h"
#include "attacks/attacks.h"

/* Piece codes: colour << 3 | type, so board[] bytes index Zobrist tables directly. */
typedef int Piece;
enum {
  NO_PIECE,
  W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};

static inline Piece make_piece(Color c, PieceType pt) { return c << 3 | pt; }
static inline PieceType type_of_piece(Piece p) { return p & 7; }
static inline Color color_of_piece(Piece p) { return p >> 3; }

/* Move, 16 bits: from (bits 0-5), to (6-11), promotion piece - KNIGHT (12-13),
   type (14-15). Castling is king-takes-own-rook: to is the rook's square, in
   standard chess as in Chess960. 0 is no move (from == to never occurs). */
enum { MOVE_NORMAL = 0, MOVE_PROMOTION = 1 << 14, MOVE_EP = 2 << 14, MOVE_CASTLING = 3 << 14 };
#define MOVE_NONE ((Move)0)
/* A bound on the moves of any position, even one python-chess accepts with 30 queens: every
   move is a (from, to) pair on a queen or knight line (1,792 pairs) or one of the three
   extra promotion pieces of the 24 pawn moves onto a back rank (72). */
#define MAX_MOVES 2048

static inline Square move_from(Move m) { return m & 63; }
static inline Square move_to(Move m) { return (m >> 6) & 63; }
static inline int move_type(Move m) { return m & (3 << 14); }
static inline PieceType move_promotion(Move m) { return ((m >> 12) & 3) + KNIGHT; }
static inline Move make_move(Square from, Square to) { return (Move)(from | to << 6); }
static inline Move make_move_special(Square from, Square to, int type) { return (Move)(from | to << 6 | type); }
static inline Move make_promotion(Square from, Square to, PieceType pt) {
  return (Move)(from | to << 6 | (pt - KNIGHT) << 12 | MOVE_PROMOTION);
}

/* Castling rights: bit index = colour * 2 + (a-side ? 1 : 0). "OO" is the h-side
   (towards file h), "OOO" the a-side, also in Chess960. */
enum { WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8, ANY_CASTLING = 15 };

typedef struct StateInfo {
  uint64_t key;        /* Zobrist key of the position, side to move included */
  uint32_t rule50;     /* halfmove clock */
  uint32_t fullmove;   /* fullmove number (from 1) */
  uint8_t castling;    /* WHITE_OO | ... */
  uint8_t ep;          /* en-passant square, SQ_NONE unless an ep capture is legal */
  uint8_t captured;    /* Piece captured by the move that led here */
  /* python-chess's own state, kept by board.c (the Python Board) only; perft's
     make/unmake leave these alone. */
  uint8_t ep_raw;      /* python-chess's ep_square: set by every double push, SQ_NONE if none */
  uint8_t flags;       /* BOARD_* flags (board.h) */
  uint8_t pad[1];
  Move move;           /* the move that led here, MOVE_NONE for a null move (board.c) */
  struct StateInfo *prev;
  Bitboard castling_raw; /* python-chess's castling_rights: rook squares, as set */
  Bitboard promoted;     /* python-chess's promoted: pieces that were pawns */
} StateInfo;

typedef struct AttackMaps AttackMaps; /* attackmaps.h */
typedef struct Psqt Psqt;             /* psqt.h */

typedef struct {
  Bitboard by_type[PIECE_TYPE_NB]; /* [NO_PIECE_TYPE] holds every piece */
  Bitboard by_color[COLOR_NB];
  uint8_t board[SQUARE_NB];        /* Piece on each square */
  StateInfo *st;
  Color side;
  int chess960;
  /* Castling geometry, fixed when the FEN is read; indexed by right bit index. */
  uint8_t castling_mask[SQUARE_NB]; /* rights lost when a move starts or ends here */
  uint8_t castling_rook[4];         /* rook start square of each right */
  Bitboard castling_path[4];        /* squares that must be empty (king and rook aside) */
  Bitboard castling_king_path[4];   /* squares the king crosses or lands on: must be safe */
  /* Kept up to date by board.c's push, pop and edits when not NULL (the Python Board
     owns them); perft's make/unmake never look at them. */
  AttackMaps *maps;
  Psqt *psqt;
} Position;

/* Zobrist keys, the Polyglot book format's numbers (polyglot.h): pieces, castling
   rights (by colour and side) and the side to move as Polyglot hashes them. En
   passant enters the key only when an ep capture is legal, as in python-chess's
   transposition key: st->ep holds exactly those squares, so a position read back
   from its own FEN has the same key; board_polyglot_key (board.h) swaps in
   Polyglot's pawn-adjacency rule. zobrist_side is XORed when black is to move. */
extern uint64_t zobrist_psq[PIECE_NB][SQUARE_NB];
extern uint64_t zobrist_castling[16];
extern uint64_t zobrist_ep[8];
extern uint64_t zobrist_side;


/* Returns nothing; fills the Zobrist keys (idempotent; movegen_init calls it). */
void position_init(void);

/* Returns the Zobrist key of pos computed from scratch. */
uint64_t position_compute_key(const Position *pos);

/* Returns 1 if pos is internally consistent (bitboards, mailbox, key), else 0. */
int position_ok(const Position *pos);

/* Returns nothing; plays legal move m, newst becoming the new state. */
void do_move(Position *pos, Move m, StateInfo *newst);

/* Returns nothing; takes back m, the last move played. */
void undo_move(Position *pos, Move m);

/* Returns the piece on s. */
static inline Piece piece_on(const Position *pos, Square s) { return pos->board[s]; }

/* Returns the pieces of colour c and type pt. */
static inline Bitboard pieces_cp(const Position *pos, Color c, PieceType pt) {
  return pos->by_color[c] & pos->by_type[pt];
}

/* Returns the square of c's king. */
static inline Square king_square(const Position *pos, Color c) { return lsb(pieces_cp(pos, c, KING)); }

/* Returns the fullmove number. */
static inline int position_fullmove(const Position *pos) { return (int)pos->st->fullmove; }

/* Returns the king's destination for castling with the rook on rook_sq. */
static inline Square castling_king_to(Square king_sq, Square rook_sq) {
  return make_square(rook_sq > king_sq ? 6 : 2, rank_of(king_sq));
}

/* Returns the rook's destination for castling with the rook on rook_sq. */
static inline Square castling_rook_to(Square king_sq, Square rook_sq) {
  return make_square(rook_sq > king_sq ? 5 : 3, rank_of(king_sq));
}

/* Returns nothing; puts piece pc on the empty square s (bitboards and mailbox only). */
static CB_FORCE_INLINE void position_put(Position *pos, Piece pc, Square s) {
  Bitboard b = square_bb(s);
  pos->board[s] = (uint8_t)pc;
  pos->by_type[type_of_piece(pc)] |= b;
  pos->by_type[NO_PIECE_TYPE] |= b;
  pos->by_color[color_of_piece(pc)] |= b;
}

/* Returns nothing; removes piece pc from s. */
static CB_FORCE_INLINE void position_remove(Position *pos, Piece pc, Square s) {
  Bitboard b = square_bb(s);
  pos->board[s] = NO_PIECE;
  pos->by_type[type_of_piece(pc)] ^= b;
  pos->by_type[NO_PIECE_TYPE] ^= b;
  pos->by_color[color_of_piece(pc)] ^= b;
}

/* Returns nothing; moves piece pc from `from` to the empty square `to`. */
static CB_FORCE_INLINE void position_move(Position *pos, Piece pc, Square from, Square to) {
  Bitboard b = square_bb(from) | square_bb(to);
  pos->board[from] = NO_PIECE;
  pos->board[to] = (uint8_t)pc;
  pos->by_type[type_of_piece(pc)] ^= b;
  pos->by_type[NO_PIECE_TYPE] ^= b;
  pos->by_color[color_of_piece(pc)] ^= b;
}

/* Returns nothing; makes *copy a copy of pos with st as its only state (for a count that
   only reads pos: no history, no attack maps or kept score). */
static inline void position_copy(const Position *pos, Position *copy, StateInfo *st) {
  *copy = *pos;
  *st = *pos->st;
  st->prev = NULL;
  copy->st = st;
  copy->maps = NULL;
  copy->psqt = NULL;
}

/* Returns the pieces of colour c attacking s with the board occupied by occ, read from
   bitboards by type and colour laid out as a Position's (any position: several kings or
   none, pawns on any rank); the slider lookups (black magic) only where a slider of c
   stands on a line through s. */
static inline Bitboard attackers_of(const Bitboard *by_type, const Bitboard *by_color, Color c, Square s,
                                    Bitboard occ) {
  const Bitboard theirs = by_color[c];
  const Bitboard rq = (by_type[ROOK] | by_type[QUEEN]) & theirs;
  const Bitboard bq = (by_type[BISHOP] | by_type[QUEEN]) & theirs;
  Bitboard a = ((KingAttacks[s] & by_type[KING]) | (KnightAttacks[s] & by_type[KNIGHT])
                | (PawnAttacks[c ^ 1][s] & by_type[PAWN])) & theirs;
  if (rq & (FileMask[s] | RankMask[s])) a |= black_magic_rook(s, occ) & rq;
  if (bq & (DiagMask[s] | AntiMask[s])) a |= black_magic_bishop(s, occ) & bq;
  return a;
}

/* Returns attackers_of for pos's pieces. */
static inline Bitboard position_attackers(const Position *pos, Color c, Square s, Bitboard occ) {
  return attackers_of(pos->by_type, pos->by_color, c, s, occ);
}

/* Returns 1 if the side to move can legally capture en passant on ep (a square a pawn
   just crossed); technique-free (between-square tests), for the rare double push
   that lands next to an enemy pawn. */
int position_ep_legal(const Position *pos, Square ep);

/* Returns nothing; plays the legal move m for us (= pos->side), newst the new state.
   Inline with `us` a constant in the perft loops. */
static CB_FORCE_INLINE void position_do_move_us(Position *pos, Move m, StateInfo *newst, Color us) {
  const Color them = us ^ 1;
  const StateInfo *st = pos->st;
  const Square from = move_from(m), to = move_to(m);
  const Piece pc = pos->board[from];
  uint64_t key = st->key ^ zobrist_side;
  unsigned castling = st->castling;

  newst->rule50 = st->rule50 + 1;
  newst->fullmove = st->fullmove + (us == BLACK);
  newst->ep = SQ_NONE;
  newst->captured = NO_PIECE;
  newst->prev = pos->st;
  if (st->ep != SQ_NONE) key ^= zobrist_ep[file_of(st->ep)];

  if (move_type(m) == MOVE_CASTLING) {
    const Piece rook = make_piece(us, ROOK);
    const Square kto = castling_king_to(from, to), rto = castling_rook_to(from, to);
    /* Remove both first: in Chess960 the king may land where the rook stood. */
    position_remove(pos, pc, from);
    position_remove(pos, rook, to);
    position_put(pos, pc, kto);
    position_put(pos, rook, rto);
    key ^= zobrist_psq[pc][from] ^ zobrist_psq[pc][kto] ^ zobrist_psq[rook][to] ^ zobrist_psq[rook][rto];
  } else {
    Square capsq = to;
    Piece captured = pos->board[to];
    if (move_type(m) == MOVE_EP) {
      capsq = to + (us == WHITE ? SOUTH : NORTH);
      captured = make_piece(them, PAWN);
    }
    if (captured) {
      position_remove(pos, captured, capsq);
      key ^= zobrist_psq[captured][capsq];
      newst->captured = (uint8_t)captured;
      newst->rule50 = 0;
    }
    position_move(pos, pc, from, to);
    key ^= zobrist_psq[pc][from] ^ zobrist_psq[pc][to];
    if (type_of_piece(pc) == PAWN) {
      newst->rule50 = 0;
      if ((from ^ to) == 16) {
        const Square ep = (from + to) >> 1;
        if (PawnAttacks[us][ep] & pieces_cp(pos, them, PAWN)) newst->ep = (uint8_t)ep;
      } else if (move_type(m) == MOVE_PROMOTION) {
        const Piece promo = make_piece(us, move_promotion(m));
        position_remove(pos, pc, to);
        position_put(pos, promo, to);
        key ^= zobrist_psq[pc][to] ^ zobrist_psq[promo][to];
      }
    }
  }
  if (castling && (pos->castling_mask[from] | pos->castling_mask[to])) {
    key ^= zobrist_castling[castling];
    castling &= ~(unsigned)(pos->castling_mask[from] | pos->castling_mask[to]);
    key ^= zobrist_castling[castling];
  }
  newst->castling = (uint8_t)castling;
  pos->side = them;
  pos->st = newst;
  if (newst->ep != SQ_NONE) {
    if (position_ep_legal(pos, newst->ep)) key ^= zobrist_ep[file_of(newst->ep)];
    else newst->ep = SQ_NONE;
  }
  newst->key = key;
  CB_ASSERT(position_ok(pos));
}

/* Returns nothing; toggles m, a legal move of us, on the bitboards only: no mailbox,
   key or state. Applied twice it restores them, so perft's last ply uses it to play
   a move, count the replies and take it back; the mailbox stays as before m. */
static CB_FORCE_INLINE void position_toggle_bb(Position *pos, Move m, Color us) {
  const Square from = move_from(m), to = move_to(m);
  const Bitboard fb = square_bb(from), tb = square_bb(to);
  if (move_type(m) == MOVE_CASTLING) {
    const Bitboard kb = fb ^ square_bb(castling_king_to(from, to));
    const Bitboard rb = tb ^ square_bb(castling_rook_to(from, to));
    pos->by_type[KING] ^= kb;
    pos->by_type[ROOK] ^= rb;
    pos->by_color[us] ^= kb ^ rb;
    pos->by_type[NO_PIECE_TYPE] ^= kb ^ rb;
    return;
  }
  const PieceType pt = type_of_piece(pos->board[from]);
  Bitboard capb = tb;
  PieceType captured = type_of_piece(pos->board[to]);
  if (move_type(m) == MOVE_EP) {
    capb = square_bb(to + (us == WHITE ? SOUTH : NORTH));
    captured = PAWN;
  }
  if (captured) {
    pos->by_type[captured] ^= capb;
    pos->by_color[us ^ 1] ^= capb;
    pos->by_type[NO_PIECE_TYPE] ^= capb;
  }
  pos->by_type[pt] ^= fb | tb;
  pos->by_color[us] ^= fb | tb;
  pos->by_type[NO_PIECE_TYPE] ^= fb | tb;
  if (move_type(m) == MOVE_PROMOTION) {
    pos->by_type[PAWN] ^= tb;
    pos->by_type[move_promotion(m)] ^= tb;
  }
}

/* Returns nothing; takes back m, the last move, played by us (the side not to move now). */
static CB_FORCE_INLINE void position_undo_move_us(Position *pos, Move m, Color us) {
  const Square from = move_from(m), to = move_to(m);
  pos->side = us;
  if (move_type(m) == MOVE_CASTLING) {
    const Piece king = make_piece(us, KING), rook = make_piece(us, ROOK);
    const Square kto = castling_king_to(from, to), rto = castling_rook_to(from, to);
    position_remove(pos, king, kto);
    position_remove(pos, rook, rto);
    position_put(pos, king, from);
    position_put(pos, rook, to);
  } else {
    Piece pc = pos->board[to];
    if (move_type(m) == MOVE_PROMOTION) {
      position_remove(pos, pc, to);
      pc = make_piece(us, PAWN);
      position_put(pos, pc, to);
    }
    position_move(pos, pc, to, from);
    if (pos->st->captured) {
      Square capsq = move_type(m) == MOVE_EP ? to + (us == WHITE ? SOUTH : NORTH) : to;
      position_put(pos, pos->st->captured, capsq);
    }
  }
  pos->st = pos->st->prev;
}

#endif
