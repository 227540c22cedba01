/* Positions as neural networks read them (chessbits.encode): each model family's input planes,
   computed as one 64-bit mask and one value per plane (lc0's own compact form), then written
   out as dense planes in the caller's dtype; DeepMind's searchless_chess FEN tokens. A position
   with its history is an array of EncPos, the last one encoded, as a game replayed or a Board's
   moves taken back leave them. Move (policy) indexing lives in policy.h. */
#ifndef CB_ENCODE_H
#define CB_ENCODE_H

#include "board.h"

/* The input layouts (chessbits.encode's layout names), their plane counts in enc_planes. */
enum { ENC_SIMPLE, ENC_LC0, ENC_ALPHAZERO, ENC_MAIA2, ENC_LAYOUT_NB };
enum { ENC_SIMPLE_PLANES = 12, ENC_LC0_PLANES = 112, ENC_ALPHAZERO_PLANES = 119, ENC_MAIA2_PLANES = 18,
       ENC_MAX_PLANES = 119 };
/* History positions the layouts read (lc0's and AlphaZero's 8). */
#define ENC_HISTORY 8
/* searchless_chess's sequence length. */
#define ENC_TOKENS 77

/* lc0's input formats (its NetworkFormat::InputFormat values) and history fill rules. */
enum {
  LC0_CLASSICAL = 1, LC0_CASTLING_PLANE = 2, LC0_CANONICAL = 3, LC0_CANONICAL_HECTOPLIES = 4,
  LC0_CANONICAL_HECTOPLIES_ARMAGEDDON = 132, LC0_CANONICAL_V2 = 5, LC0_CANONICAL_V2_ARMAGEDDON = 133
};
enum { LC0_FILL_NO, LC0_FILL_FEN_ONLY, LC0_FILL_ALWAYS };
/* lc0's board transforms (canonical formats), applied in this order: files mirrored, ranks
   mirrored, the board mirrored on the a8-h1 diagonal (its "transpose"). */
enum { LC0_FLIP = 1, LC0_MIRROR = 2, LC0_TRANSPOSE = 4 };

/* One position as the encoders read it. */
typedef struct {
  Bitboard by_type[PIECE_TYPE_NB]; /* as Position.by_type: [0] every piece, [PAWN..KING] */
  Bitboard white;                  /* white's pieces */
  uint64_t key;                    /* equal for positions lc0 calls equal: pieces, side to move,
                                      castling rights, its en-passant flag */
  uint32_t rule50, fullmove;
  uint8_t black;                   /* 1 if black is to move */
  uint8_t castling;                /* rights that can castle (WHITE_OO | ...) */
  uint8_t rook[4];                 /* each right's rook square (Position.castling_rook) */
  uint8_t ep;                      /* lc0's en-passant square: after a double push next to an enemy
                                      pawn; the legal one at a game's start; SQ_NONE if none */
  uint8_t ep_legal;                /* the square fen() writes: a legal capture, SQ_NONE if none */
  uint8_t reps;                    /* earlier occurrences, as lc0 counts them (PositionHistory) */
} EncPos;

/* Options of an encoding. */
typedef struct {
  int layout;        /* ENC_* */
  int lc0_format;    /* LC0_* (ENC_LC0) */
  int lc0_fill;      /* LC0_FILL_* (ENC_LC0) */
  int perspective;   /* ENC_SIMPLE: the side to move's pieces first, the board flipped for black */
} EncOptions;

/* Returns nothing; fills *e from pos (reps 0). start: the first position of its history
   (read from a FEN: lc0's en-passant flag is then the legal square, as a FEN says it). */
void enc_snapshot(const Position *pos, int start, EncPos *e);

/* Returns nothing; sets h[n - 1].reps from h[0..n - 1) as lc0 counts repetitions: the latest
   equal position 4, 6, ... plies back, within the reversible moves, plus its own count. keys:
   h's keys packed (a long scan reads 8 bytes a position, not h's lines), or NULL. */
void enc_count_reps(EncPos *h, const uint64_t *keys, int n);

/* Returns 1 if lc0's input format is one of its canonical ones (a transform, early history stops). */
static inline int enc_lc0_canonical(int format) { return format >= LC0_CANONICAL && format != LC0_CASTLING_PLANE; }

/* Returns lc0's canonical transform of e (its ChooseTransform): none while castling rights
   remain; our king brought to files e-h, then, without pawns, to ranks 1-4 and below the
   diagonal, ties on the diagonal broken by comparing boards with their transposes. */
int enc_lc0_transform(const EncPos *e);

/* Returns the number of planes of an encoding (0 if the options are invalid). */
int enc_plane_count(const EncOptions *o);

/* Returns 1 if a plane of the encoding can hold a fractional value (lc0's hectoplies rule-50
   plane), else 0. */
int enc_fractional(const EncOptions *o);

/* Returns the transform applied (lc0's canonical formats; else 0) after writing the planes of
   h[n - 1] with h[0..n - 1) its history (n >= 1, reps counted) as masks and values. */
int enc_planes(const EncOptions *o, const EncPos *h, int n, uint64_t *mask, float *value);

/* Dense output dtypes. */
enum { ENC_BOOL, ENC_UINT8, ENC_FLOAT16, ENC_FLOAT32 };
/* Returns the bytes of one square in dtype. */
static inline int enc_dtype_size(int dtype) { return dtype == ENC_FLOAT32 ? 4 : dtype == ENC_FLOAT16 ? 2 : 1; }

/* Returns nothing; writes planes [0, count) of masks/values as count x 64 values of dtype at out
   (square s of plane p at out[p * 64 + s]; uint8 saturates at 255, bool is value != 0). */
void enc_expand(const uint64_t *mask, const float *value, int count, int dtype, void *out);

/* Returns nothing; out[k] = bit k of bits (bit k & 7 of byte k >> 3) as a bool, for k < n. */
void enc_bools(const uint8_t *bits, int n, uint8_t *out);

/* Returns 0 after writing searchless_chess's 77 tokens of pos's FEN (python-chess's fen()) to
   out, or -1 if its tokenizer would refuse the FEN (castling letters other than KQkq, a clock of
   four digits or more). */
int enc_tokens(const Position *pos, uint8_t *out);

/* Returns nothing; readies the tables (idempotent; movegen_init must have run). */
void enc_init(void);

#endif
