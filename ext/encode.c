/* Input planes of the model families (encode.h). Every layout is written in the frame of the
   side to move where its family says so: the board flipped top to bottom (bswap64) when black
   is to move, "ours" the mover's pieces. */
#include <string.h>
#include "encode.h"
#include "cpu.h"
#ifdef CB_X86
#include <immintrin.h>
#endif

/* --- one position, its repetitions ------------------------------------------------------ */

void enc_snapshot(const Position *pos, int start, EncPos *e) {
  const StateInfo *st = pos->st;
  for (int pt = 0; pt < PIECE_TYPE_NB; pt++) e->by_type[pt] = pos->by_type[pt];
  e->white = pos->by_color[WHITE];
  e->rule50 = st->rule50;
  e->fullmove = st->fullmove;
  e->black = pos->side == BLACK;
  e->castling = st->castling;
  for (int i = 0; i < 4; i++) e->rook[i] = (st->castling & (1 << i)) ? pos->castling_rook[i] : 0;
  e->ep_legal = st->ep;
  /* lc0 flags a double push when an enemy pawn stands beside the pawn that moved (pins and
     checks aside); a position read from a FEN has the square python-chess's fen() writes. */
  Square ep = SQ_NONE;
  if (start) ep = st->ep;
  else if (st->ep_raw != SQ_NONE && (PawnAttacks[pos->side ^ 1][st->ep_raw] & pieces_cp(pos, pos->side, PAWN)))
    ep = st->ep_raw;
  e->ep = (uint8_t)ep;
  uint64_t key = st->key;
  if (st->ep != SQ_NONE) key ^= zobrist_ep[file_of(st->ep)];
  if (ep != SQ_NONE) key ^= zobrist_ep[file_of(ep)];
  e->key = key;
  e->reps = 0;
}

/* Returns 1 if a and b are the same position for lc0 (its ChessBoard ==). */
static int enc_same(const EncPos *a, const EncPos *b) {
  if (a->key != b->key || a->white != b->white || a->castling != b->castling || a->ep != b->ep) return 0;
  for (int pt = 0; pt < PIECE_TYPE_NB; pt++)
    if (a->by_type[pt] != b->by_type[pt]) return 0;
  return memcmp(a->rook, b->rook, sizeof a->rook) == 0;
}

void enc_count_reps(EncPos *h, const uint64_t *keys, int n) {
  EncPos *last = &h[n - 1];
  last->reps = 0;
  if (last->rule50 < 4) return;
  /* back over the reversible moves: down to the position rule50 plies before (the start's
     own rule50 may reach before the history) */
  const int oldest = n - 1 - (int)last->rule50 > 0 ? n - 1 - (int)last->rule50 : 0;
  for (int i = n - 5; i >= oldest; i -= 2) {
    if ((keys ? keys[i] : h[i].key) == last->key && enc_same(&h[i], last)) {
      last->reps = (uint8_t)(h[i].reps < 254 ? h[i].reps + 1 : 255);
      return;
    }
  }
}

/* --- board transforms ------------------------------------------------------------------- */

/* Returns b with files mirrored (a <-> h). */
static inline Bitboard enc_flip_files(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/* Returns b mirrored on the a8-h1 diagonal, lc0's "transpose" (file f, rank r -> file 7 - r,
   rank 7 - f): the a1-h8 mirror (delta swaps, chessprogramming's flipDiagA1H8), turned 180 degrees. */
static inline Bitboard enc_transpose(Bitboard b) {
  Bitboard t;
  t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28)); b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14)); b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));  b ^= t ^ (t >> 7);
  return enc_flip_files(bswap64(b));
}

/* Returns b transformed by lc0's transform bits. */
static inline Bitboard enc_transform(Bitboard b, int transform) {
  if (transform & LC0_FLIP) b = enc_flip_files(b);
  if (transform & LC0_MIRROR) b = bswap64(b);
  if (transform & LC0_TRANSPOSE) b = enc_transpose(b);
  return b;
}

/* Returns b seen by the side to move of `black` (flipped top to bottom for black). */
static inline Bitboard enc_view(Bitboard b, int black) { return black ? bswap64(b) : b; }

/* --- the layouts ------------------------------------------------------------------------- */

/* Returns nothing; writes the 12 piece planes of e as seen by `black`'s side (ours first),
   or White's then Black's without turning the board if !relative. */
static void enc_pieces(const EncPos *e, int black, int relative, uint64_t *mask) {
  const Bitboard first = relative && black ? e->by_type[0] & ~e->white : e->white;
  const Bitboard second = e->by_type[0] & ~first;
  const int turn = relative && black;
  for (int pt = PAWN; pt <= KING; pt++) {
    mask[pt - 1] = enc_view(e->by_type[pt] & first, turn);
    mask[pt + 5] = enc_view(e->by_type[pt] & second, turn);
  }
}

/* Returns nothing; sets plane p to all squares with value v (lc0's Fill). */
static inline void enc_fill(uint64_t *mask, float *value, int p, float v) { mask[p] = ~0ULL, value[p] = v; }

/* Returns the rights of e as black's side (if black) or white's sees them: bit 0 ours h-side,
   1 ours a-side, 2 theirs h-side, 3 theirs a-side. */
static inline int enc_castling_seen(const EncPos *e, int black) {
  return black ? (e->castling >> 2) | ((e->castling & 3) << 2) : e->castling;
}

int enc_lc0_transform(const EncPos *e) {
  if (e->castling) return 0;
  const Bitboard ours = enc_view(e->black ? e->by_type[0] & ~e->white : e->white, e->black);
  const Bitboard theirs = enc_view(e->by_type[0], e->black) & ~ours;
  Bitboard king = ours & enc_view(e->by_type[KING], e->black);
  int t = 0;
  if (king & 0x0F0F0F0F0F0F0F0FULL) t |= LC0_FLIP, king = enc_flip_files(king);
  if (e->by_type[PAWN]) return t;
  if (king & 0xFFFFFFFF00000000ULL) t |= LC0_MIRROR, king = bswap64(king);
  if (king & 0xE0C08000ULL) return t | LC0_TRANSPOSE;
  if (!(king & 0x10204080ULL)) return t;
  /* the king on the diagonal: the first of these boards not symmetric decides */
  const Bitboard tests[7] = {
    ours | theirs, ours, enc_view(e->by_type[KING], e->black), enc_view(e->by_type[QUEEN], e->black),
    enc_view(e->by_type[ROOK], e->black), enc_view(e->by_type[KNIGHT], e->black),
    enc_view(e->by_type[BISHOP], e->black)};
  for (int i = 0; i < 7; i++) {
    Bitboard v = tests[i];
    if (t & LC0_FLIP) v = enc_flip_files(v);
    if (t & LC0_MIRROR) v = bswap64(v);
    const Bitboard alt = enc_transpose(v);
    if (v < alt) return t;
    if (v > alt) return t | LC0_TRANSPOSE;
  }
  return t;
}

/* Returns the transform after writing lc0's 112 planes (encoder.cc's EncodePositionForNN). */
static int enc_lc0(const EncOptions *o, const EncPos *h, int n, uint64_t *mask, float *value) {
  const int format = o->lc0_format;
  const int canonical = enc_lc0_canonical(format);
  const int hecto = format == LC0_CANONICAL_HECTOPLIES || format == LC0_CANONICAL_HECTOPLIES_ARMAGEDDON
                 || format == LC0_CANONICAL_V2 || format == LC0_CANONICAL_V2_ARMAGEDDON;
  const int armageddon = format == LC0_CANONICAL_HECTOPLIES_ARMAGEDDON || format == LC0_CANONICAL_V2_ARMAGEDDON;
  const int v2 = format == LC0_CANONICAL_V2 || format == LC0_CANONICAL_V2_ARMAGEDDON;
  const EncPos *cur = &h[n - 1];
  const int me = cur->black;
  const int aux = 13 * ENC_HISTORY;
  for (int p = 0; p < ENC_LC0_PLANES; p++) mask[p] = 0, value[p] = 1.0f;
  const int transform = canonical ? enc_lc0_transform(cur) : 0;
  const int rights = enc_castling_seen(cur, me);  /* bit 0 ours h-side, 1 ours a-side, 2/3 theirs */
  if (format == LC0_CLASSICAL) {
    if (rights & 2) mask[aux + 0] = ~0ULL;
    if (rights & 1) mask[aux + 1] = ~0ULL;
    if (rights & 8) mask[aux + 2] = ~0ULL;
    if (rights & 4) mask[aux + 3] = ~0ULL;
  } else {
    /* the rooks of each right, ours on rank 1 and theirs on rank 8 as the mover sees them */
    const int us = me ? 2 : 0, them = me ? 0 : 2;
    Bitboard a = 0, hh = 0;
    if (rights & 2) a |= square_bb(make_square(file_of(cur->rook[us + 1]), 0));
    if (rights & 8) a |= square_bb(make_square(file_of(cur->rook[them + 1]), 7));
    if (rights & 1) hh |= square_bb(make_square(file_of(cur->rook[us]), 0));
    if (rights & 4) hh |= square_bb(make_square(file_of(cur->rook[them]), 7));
    mask[aux + 0] = a, mask[aux + 1] = hh;
  }
  if (canonical) {
    if (cur->ep != SQ_NONE) mask[aux + 4] = square_bb(make_square(file_of(cur->ep), 7));
  } else if (me) {
    mask[aux + 4] = ~0ULL;
  }
  enc_fill(mask, value, aux + 5, hecto ? (float)cur->rule50 / 100.0f : (float)cur->rule50);
  if (armageddon && me) mask[aux + 6] = ~0ULL;
  mask[aux + 7] = ~0ULL;

  const int fill = o->lc0_fill;
  /* the game's first position: is it the standard start (FEN_ONLY fills only after a FEN)? */
  const EncPos *first = &h[0];
  const int first_is_start = !first->black && first->castling == 15 && first->ep == SQ_NONE
    && first->by_type[0] == 0xFFFF00000000FFFFULL && first->white == 0xFFFFULL
    && first->by_type[PAWN] == 0x00FF00000000FF00ULL && first->by_type[KING] == 0x1000000000000010ULL
    && first->by_type[QUEEN] == 0x0800000000000008ULL && first->by_type[ROOK] == 0x8100000000000081ULL
    && first->by_type[BISHOP] == 0x2400000000000024ULL
    && first->rook[0] == SQ_H1 && first->rook[1] == SQ_A1 && first->rook[2] == SQ_H8 && first->rook[3] == SQ_A8;
  for (int i = 0, idx = n - 1; i < ENC_HISTORY; i++, idx--) {
    const EncPos *e = &h[idx < 0 ? 0 : idx];
    if (canonical && enc_castling_seen(e, me) != rights) break;
    if (canonical && idx != n - 1 && e->ep != SQ_NONE) break;
    if (fill == LC0_FILL_NO && (idx < -1 || (idx == -1 && e->ep == SQ_NONE))) break;
    if (idx < 0 && fill == LC0_FILL_FEN_ONLY && first_is_start) break;
    if (v2 && e->reps == 0 && i > 0) {
      /* (lc0 would walk on for ever before a first position whose clock is not 0) */
      if (e->rule50 == 0 || idx <= 0) break;
      i--;
      continue;
    }
    uint64_t *m = mask + 13 * i;
    enc_pieces(e, me, 1, m);
    if (e->reps >= 1) m[12] = ~0ULL;
    if (idx < 0 && e->ep != SQ_NONE) {
      /* before the first position: its double push taken back */
      const int f = file_of(e->ep);
      if ((e->black != 0) != (me != 0)) m[0] += (0x0000000000000100ULL - 0x0000000001000000ULL) << f;
      else m[6] += (0x0001000000000000ULL - 0x0000000100000000ULL) << f;
    }
    if (canonical && e->rule50 == 0) break;
  }
  if (transform)
    for (int p = 0; p <= aux + 4; p++)
      if (mask[p] != 0 && mask[p] != ~0ULL) mask[p] = enc_transform(mask[p], transform);
  return transform;
}

/* Returns nothing; writes AlphaZero's 119 planes (Silver et al. 2018, table S1): 8 positions of
   14 planes (the mover's pieces, the opponent's, seen 1+ and 2+ times before), then colour (1 if
   white to move), the fullmove number, the mover's and the opponent's rights (h-side, a-side),
   the halfmove clock. Positions before the game's first are zeros. */
static void enc_alphazero(const EncPos *h, int n, uint64_t *mask, float *value) {
  const EncPos *cur = &h[n - 1];
  for (int p = 0; p < ENC_ALPHAZERO_PLANES; p++) mask[p] = 0, value[p] = 1.0f;
  for (int i = 0; i < ENC_HISTORY && i < n; i++) {
    const EncPos *e = &h[n - 1 - i];
    uint64_t *m = mask + 14 * i;
    enc_pieces(e, cur->black, 1, m);
    if (e->reps >= 1) m[12] = ~0ULL;
    if (e->reps >= 2) m[13] = ~0ULL;
  }
  const int base = 14 * ENC_HISTORY, rights = enc_castling_seen(cur, cur->black);
  if (!cur->black) mask[base] = ~0ULL;
  enc_fill(mask, value, base + 1, (float)cur->fullmove);
  for (int k = 0; k < 4; k++)
    if (rights & (1 << k)) mask[base + 2 + k] = ~0ULL;
  enc_fill(mask, value, base + 6, (float)cur->rule50);
}

/* Returns nothing; writes Maia-2's 18 planes (maia2 utils.board_to_tensor of the board its
   preprocessing reads from the FEN and mirrors when black is to move): the mover's pieces, the
   opponent's, the turn (always white once mirrored), the rights of a standard-chess board (king
   on e1/e8, rook in its corner: mover h-side, a-side, opponent h-side, a-side), the FEN's
   en-passant square. */
static void enc_maia2(const EncPos *e, uint64_t *mask, float *value) {
  for (int p = 0; p < ENC_MAIA2_PLANES; p++) mask[p] = 0, value[p] = 1.0f;
  enc_pieces(e, e->black, 1, mask);
  mask[12] = ~0ULL;
  int standard = 0;
  for (int i = 0; i < 4; i++) {
    const Square king = i < 2 ? SQ_E1 : SQ_E8, corner = (i & 1 ? SQ_A1 : SQ_H1) + (i < 2 ? 0 : 56);
    if ((e->castling & (1 << i)) && e->rook[i] == corner && (e->by_type[KING] & square_bb(king)))
      standard |= 1 << i;
  }
  const int rights = e->black ? (standard >> 2) | ((standard & 3) << 2) : standard;
  for (int k = 0; k < 4; k++)
    if (rights & (1 << k)) mask[13 + k] = ~0ULL;
  if (e->ep_legal != SQ_NONE) mask[17] = enc_view(square_bb(e->ep_legal), e->black);
}

int enc_plane_count(const EncOptions *o) {
  switch (o->layout) {
    case ENC_SIMPLE: return ENC_SIMPLE_PLANES;
    case ENC_LC0:
      switch (o->lc0_format) {
        case LC0_CLASSICAL: case LC0_CASTLING_PLANE: case LC0_CANONICAL: case LC0_CANONICAL_HECTOPLIES:
        case LC0_CANONICAL_HECTOPLIES_ARMAGEDDON: case LC0_CANONICAL_V2: case LC0_CANONICAL_V2_ARMAGEDDON:
          return o->lc0_fill >= LC0_FILL_NO && o->lc0_fill <= LC0_FILL_ALWAYS ? ENC_LC0_PLANES : 0;
        default: return 0;
      }
    case ENC_ALPHAZERO: return ENC_ALPHAZERO_PLANES;
    case ENC_MAIA2: return ENC_MAIA2_PLANES;
    default: return 0;
  }
}

int enc_fractional(const EncOptions *o) {
  const int f = o->lc0_format;
  return o->layout == ENC_LC0 && f != LC0_CLASSICAL && f != LC0_CASTLING_PLANE && f != LC0_CANONICAL;
}

int enc_planes(const EncOptions *o, const EncPos *h, int n, uint64_t *mask, float *value) {
  switch (o->layout) {
    case ENC_SIMPLE:
      enc_pieces(&h[n - 1], h[n - 1].black, o->perspective, mask);
      for (int p = 0; p < ENC_SIMPLE_PLANES; p++) value[p] = 1.0f;
      return 0;
    case ENC_LC0: return enc_lc0(o, h, n, mask, value);
    case ENC_ALPHAZERO: enc_alphazero(h, n, mask, value); return 0;
    default: enc_maia2(&h[n - 1], mask, value); return 0;
  }
}

/* --- dense output ------------------------------------------------------------------------ */

/* Each byte of a mask as 8 squares: 0 or 1 in bytes, 0 or all ones in 16 and 32 bits. */
static uint64_t enc_bytes[256];
static uint16_t enc_halves[256][8];
static uint32_t enc_words[256][8];

/* Returns the IEEE half-precision bits of v (round to nearest even; values used here are exact). */
static uint16_t enc_half(float v) {
  uint32_t x;
  memcpy(&x, &v, 4);
  const uint32_t sign = (x >> 16) & 0x8000, absx = x & 0x7FFFFFFF;
  if (absx >= 0x47800000) return (uint16_t)(sign | (absx > 0x7F800000 ? 0x7E00 : 0x7C00)); /* inf, nan */
  if (absx < 0x38800000) {  /* subnormal or zero */
    const uint32_t shift = 113 - (absx >> 23);
    if (shift > 24) return (uint16_t)sign;
    const uint32_t mant = (absx & 0x7FFFFF) | 0x800000;
    uint32_t r = mant >> (shift + 13);
    const uint32_t rem = mant & ((1u << (shift + 13)) - 1), half = 1u << (shift + 12);
    if (rem > half || (rem == half && (r & 1))) r++;
    return (uint16_t)(sign | r);
  }
  uint32_t r = (absx - 0x38000000) >> 13;
  const uint32_t rem = absx & 0x1FFF;
  if (rem > 0x1000 || (rem == 0x1000 && (r & 1))) r++;
  return (uint16_t)(sign | r);
}

/* Returns what a set square of a plane of value v holds in dtype, as its bits (0 where v is 0:
   the plane is empty). */
static inline uint32_t enc_square_bits(float v, int dtype) {
  if (v == 0.0f) return 0;
  if (dtype == ENC_FLOAT32) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return bits;
  }
  if (dtype == ENC_FLOAT16) return enc_half(v);
  return dtype == ENC_BOOL ? 1 : v >= 255.0f ? 255 : v <= 0.0f ? 0 : (uint32_t)v;
}

/* Returns nothing; enc_expand's work, a row of 8 squares at a time from tables. */
static void enc_expand_base(const uint64_t *mask, const float *value, int count, int dtype, void *out) {
  const size_t square = (size_t)enc_dtype_size(dtype);
  for (int p = 0; p < count; p++) {
    const uint64_t m = mask[p];
    const uint32_t bits = enc_square_bits(value[p], dtype);
    uint8_t *o = (uint8_t *)out + 64 * square * (size_t)p;
    if (m == 0 || bits == 0) {  /* most planes are empty: one memset */
      memset(o, 0, 64 * square);
      continue;
    }
    for (int r = 0; r < 8; r++) {
      const unsigned byte = (m >> (8 * r)) & 0xFF;
      if (dtype == ENC_FLOAT32) {
        uint32_t row[8];
        for (int j = 0; j < 8; j++) row[j] = enc_words[byte][j] & bits;
        memcpy(o + 32 * r, row, sizeof row);
      } else if (dtype == ENC_FLOAT16) {
        uint16_t row[8];
        for (int j = 0; j < 8; j++) row[j] = enc_halves[byte][j] & (uint16_t)bits;
        memcpy(o + 16 * r, row, sizeof row);
      } else {
        const uint64_t row = enc_bytes[byte] * bits;
        memcpy(o + 8 * r, &row, 8);
      }
    }
  }
}

#ifdef CB_X86
/* Returns nothing; enc_expand's work with AVX2: the squares' bits spread over the lanes, compared
   with each lane's own bit, the compare's all-ones masking the value (32 bytes a store). */
static CB_TARGET_V3 void enc_expand_v3(const uint64_t *mask, const float *value, int count, int dtype, void *out) {
  const __m256i own8 = _mm256_set1_epi64x((int64_t)0x8040201008040201ULL);
  const __m256i own16 = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
                                          -32768);
  const __m256i own32 = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  const __m256i byte_of = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                                           3, 3, 3, 3, 3, 3, 3, 3);
  uint8_t *o = out;
  for (int p = 0; p < count; p++) {
    const uint64_t m = mask[p];
    const uint32_t bits = enc_square_bits(value[p], dtype);
    if (dtype == ENC_FLOAT32) {
      const __m256i v = _mm256_set1_epi32((int32_t)bits);
      for (int r = 0; r < 8; r++) {
        const __m256i on = _mm256_and_si256(_mm256_set1_epi32((int32_t)((m >> (8 * r)) & 0xFF)), own32);
        _mm256_storeu_si256((__m256i *)o, _mm256_and_si256(_mm256_cmpeq_epi32(on, own32), v));
        o += 32;
      }
    } else if (dtype == ENC_FLOAT16) {
      const __m256i v = _mm256_set1_epi16((int16_t)bits);
      for (int r = 0; r < 4; r++) {
        const __m256i on = _mm256_and_si256(_mm256_set1_epi16((int16_t)((m >> (16 * r)) & 0xFFFF)), own16);
        _mm256_storeu_si256((__m256i *)o, _mm256_and_si256(_mm256_cmpeq_epi16(on, own16), v));
        o += 32;
      }
    } else {
      const __m256i v = _mm256_set1_epi8((char)bits);
      for (int r = 0; r < 2; r++) {
        const __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32((int32_t)(uint32_t)(m >> (32 * r))), byte_of);
        const __m256i on = _mm256_cmpeq_epi8(_mm256_and_si256(spread, own8), own8);
        _mm256_storeu_si256((__m256i *)o, _mm256_and_si256(on, v));
        o += 32;
      }
    }
  }
}

/* Returns nothing; enc_expand's work with AVX-512: the squares are a mask register, the value
   set where its bits are (64 bytes a store). */
static CB_TARGET_V4 void enc_expand_v4(const uint64_t *mask, const float *value, int count, int dtype, void *out) {
  uint8_t *o = out;
  for (int p = 0; p < count; p++) {
    const uint64_t m = mask[p];
    const uint32_t bits = enc_square_bits(value[p], dtype);
    if (dtype == ENC_FLOAT32) {
      for (int r = 0; r < 4; r++, o += 64)
        _mm512_storeu_si512(o, _mm512_maskz_set1_epi32((__mmask16)(m >> (16 * r)), (int)bits));
    } else if (dtype == ENC_FLOAT16) {
      for (int r = 0; r < 2; r++, o += 64)
        _mm512_storeu_si512(o, _mm512_maskz_set1_epi16((__mmask32)(m >> (32 * r)), (short)bits));
    } else {
      _mm512_storeu_si512(o, _mm512_maskz_set1_epi8((__mmask64)m, (char)bits));
      o += 64;
    }
  }
}
#endif

void enc_expand(const uint64_t *mask, const float *value, int count, int dtype, void *out) {
#ifdef CB_X86
  if (cpu_v4()) {
    enc_expand_v4(mask, value, count, dtype, out);
    return;
  }
  if (cpu_v3()) {
    enc_expand_v3(mask, value, count, dtype, out);
    return;
  }
#endif
  enc_expand_base(mask, value, count, dtype, out);
}

/* Returns the bools of byte b's bits, bit j in byte j (little-endian, as every target). */
static inline uint64_t enc_byte_bools(unsigned b) {
  const uint64_t own = ((uint64_t)b * 0x0101010101010101ULL) & 0x8040201008040201ULL;  /* byte j: b's bit j */
  return ((own + 0x7F7F7F7F7F7F7F7FULL) >> 7) & 0x0101010101010101ULL;              /* (no carries) */
}

/* Returns nothing; enc_bools from bit k on, a byte of bits at a time. */
static void enc_bools_from(const uint8_t *bits, int k, int n, uint8_t *out) {
  for (; k + 8 <= n; k += 8) {
    const uint64_t b = enc_byte_bools(bits[k >> 3]);
    memcpy(out + k, &b, 8);
  }
  for (; k < n; k++) out[k] = (uint8_t)((bits[k >> 3] >> (k & 7)) & 1);
}

#ifdef CB_X86
/* Returns the bools enc_bools wrote with AVX-512, 64 a store (whole 64-bit words of bits). */
static CB_TARGET_V4 int enc_bools_v4(const uint8_t *bits, int n, uint8_t *out) {
  int k = 0;
  for (; k + 64 <= n; k += 64) {
    uint64_t w;
    memcpy(&w, bits + (k >> 3), 8);
    _mm512_storeu_si512(out + k, _mm512_maskz_set1_epi8((__mmask64)w, 1));
  }
  return k;
}

/* Returns the bools enc_bools wrote with AVX2, 32 a store (whole 32-bit words of bits): each
   byte of a word spread over 8 bytes, each tested against its own bit. */
static CB_TARGET_V3 int enc_bools_v3(const uint8_t *bits, int n, uint8_t *out) {
  const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                          2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i bit = _mm256_set1_epi64x((int64_t)0x8040201008040201ULL), one = _mm256_set1_epi8(1);
  int k = 0;
  for (; k + 32 <= n; k += 32) {
    uint32_t w;
    memcpy(&w, bits + (k >> 3), 4);
    const __m256i b = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_set1_epi32((int)w), spread), bit);
    _mm256_storeu_si256((__m256i *)(out + k), _mm256_and_si256(_mm256_cmpeq_epi8(b, bit), one));
  }
  return k;
}
#endif

void enc_bools(const uint8_t *bits, int n, uint8_t *out) {
  int k = 0;
#ifdef CB_X86
  if (cpu_v4()) k = enc_bools_v4(bits, n, out);
  else if (cpu_v3()) k = enc_bools_v3(bits, n, out);
#endif
  enc_bools_from(bits, k, n, out);
}

/* --- searchless_chess tokens ------------------------------------------------------------- */

/* searchless_chess's characters, in its order (a token is a character's index). */
static const char ENC_CHARS[] = "0123456789abcdefghpnrkqPBNRQKw.";
static int8_t enc_char_token[256];

int enc_tokens(const Position *pos, uint8_t *out) {
  char fen[200];
  const int len = board_fen(pos, 0, BOARD_EP_LEGAL, 0, fen);
  const char *f[6];
  int flen[6], parts = 0, start = 0;
  for (int i = 0; i <= len && parts < 6; i++)
    if (i == len || fen[i] == ' ') f[parts] = fen + start, flen[parts++] = i - start, start = i + 1;
  if (parts != 6) return -1;
  const uint8_t dot = (uint8_t)enc_char_token['.'];
  int k = 0;
  /* the side, then the board without slashes, digits as that many dots */
  out[k++] = (uint8_t)enc_char_token[(unsigned char)f[1][0]];
  for (int i = 0; i < flen[0]; i++) {
    const char c = f[0][i];
    if (c == '/') continue;
    if (c >= '1' && c <= '8') {
      for (int j = 0; j < c - '0'; j++) out[k++] = dot;
    } else {
      if (enc_char_token[(unsigned char)c] < 0) return -1;
      out[k++] = (uint8_t)enc_char_token[(unsigned char)c];
    }
  }
  if (k != 65 || flen[2] > 4) return -1;
  for (int i = 0; i < 4; i++) {  /* castling padded to 4, '-' as four dots */
    const char c = i < flen[2] && f[2][0] != '-' ? f[2][i] : '.';
    if (enc_char_token[(unsigned char)c] < 0) return -1;
    out[k++] = (uint8_t)enc_char_token[(unsigned char)c];
  }
  for (int i = 0; i < 2; i++)  /* the ep square, '-' as two dots */
    out[k++] = f[3][0] == '-' ? dot : (uint8_t)enc_char_token[(unsigned char)f[3][i]];
  for (int part = 4; part < 6; part++) {  /* each clock padded to 3 with dots */
    if (flen[part] > 3) return -1;
    for (int i = 0; i < 3; i++) out[k++] = i < flen[part] ? (uint8_t)enc_char_token[(unsigned char)f[part][i]] : dot;
  }
  return 0;
}

void enc_init(void) {
  static int done;
  if (done) return;
  for (int b = 0; b < 256; b++) {
    uint64_t bytes = 0;
    for (int j = 0; j < 8; j++) {
      const int on = (b >> j) & 1;
      bytes |= (uint64_t)on << (8 * j);
      enc_halves[b][j] = on ? 0xFFFF : 0;
      enc_words[b][j] = on ? 0xFFFFFFFFu : 0;
    }
    enc_bytes[b] = bytes;
  }
  memset(enc_char_token, -1, sizeof enc_char_token);
  for (int i = 0; ENC_CHARS[i]; i++) enc_char_token[(unsigned char)ENC_CHARS[i]] = (int8_t)i;
  done = 1;
}
