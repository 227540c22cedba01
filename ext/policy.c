/* The move lists of the model families as lookup tables (policy.h). Each list is ordered by a
   rule, written here once and read back by the fixtures of tests/test_encode_golden.py. */
#include <string.h>
#include "policy.h"
#include "encode.h"
#include "movegen.h"
#include "cpu.h"
#ifdef CB_X86
#include <immintrin.h>
#endif

static const int policy_sizes[POL_LAYOUT_NB] = {POL_LC0_SIZE, POL_ALPHAZERO_SIZE, POL_MAIA2_SIZE,
                                                POL_SEARCHLESS_SIZE};
/* [layout][promotion << 12 | to << 6 | from] in the layout's frame: the index, or -1. */
static int16_t policy_table[POL_LAYOUT_NB][6 << 12];

int policy_size(int layout) { return policy_sizes[layout]; }

/* Returns the table key of a move in a layout's frame. */
static inline int pol_key(Square from, Square to, int promotion) { return promotion << 12 | to << 6 | from; }

/* Returns the queen's squares from s on an empty board. */
static Bitboard pol_queen(Square s) { return RankMask[s] | FileMask[s] | DiagMask[s] | AntiMask[s]; }

/* Returns nothing; numbers the moves of the promotion list that follows each family's
   from-to list: pawns of rank `from_rank` to `to_rank`, file by file, each target in the order
   `sides` gives (-1, 0, +1 file steps), each with the pieces of `pieces`. */
static void pol_promotions(int layout, int *next, int from_rank, int to_rank, const int *sides, int nsides,
                           const int *pieces, int npieces) {
  for (int f = 0; f < 8; f++)
    for (int k = 0; k < nsides; k++) {
      const int tf = f + sides[k];
      if (tf < 0 || tf > 7) continue;
      for (int p = 0; p < npieces; p++)
        policy_table[layout][pol_key(make_square(f, from_rank), make_square(tf, to_rank), pieces[p])] =
          (int16_t)(*next)++;
    }
}

/* Returns nothing; numbers lc0's list (encoder.cc's move strings): for each from square a1..h8
   its queen and knight targets in square order, then rank-7 pawns' promotions to q, r, b (a
   knight promotion is the plain move). */
static void pol_fill_lc0(void) {
  int next = 0;
  for (Square from = 0; from < 64; from++)
    for (Bitboard t = pol_queen(from) | KnightAttacks[from]; t; ) {
      const Square to = pop_lsb(&t);
      policy_table[POL_LC0][pol_key(from, to, 0)] = (int16_t)next++;
    }
  const int sides[3] = {-1, 0, 1}, pieces[3] = {QUEEN, ROOK, BISHOP};
  pol_promotions(POL_LC0, &next, 6, 7, sides, 3, pieces, 3);
}

/* Returns nothing; numbers searchless_chess's list (utils.py): for each from square its queen
   targets then its knight targets, each in square order; then promotions of rank-2 pawns to
   rank 1 and of rank-7 pawns to rank 8, straight, left, right, each to q, r, b, n. */
static void pol_fill_searchless(void) {
  int next = 0;
  for (Square from = 0; from < 64; from++)
    for (int part = 0; part < 2; part++)
      for (Bitboard t = part ? KnightAttacks[from] : pol_queen(from); t; ) {
        const Square to = pop_lsb(&t);
        policy_table[POL_SEARCHLESS][pol_key(from, to, 0)] = (int16_t)next++;
      }
  const int sides[3] = {0, -1, 1}, pieces[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
  pol_promotions(POL_SEARCHLESS, &next, 1, 0, sides, 3, pieces, 4);
  pol_promotions(POL_SEARCHLESS, &next, 6, 7, sides, 3, pieces, 4);
}

/* Returns nothing; numbers Maia-2's list (utils.get_all_possible_moves): for each square a1..h8
   the legal moves of a lone white queen then of a lone knight there, in python-chess's order
   (targets from h8 down), then rank-7 pawns' promotions, straight, left, right, to q, r, b, n. */
static void pol_fill_maia2(void) {
  int next = 0;
  for (Square from = 0; from < 64; from++)
    for (int part = 0; part < 2; part++)
      for (Bitboard t = part ? KnightAttacks[from] : pol_queen(from); t; ) {
        const Square to = msb(t);
        t ^= square_bb(to);
        policy_table[POL_MAIA2][pol_key(from, to, 0)] = (int16_t)next++;
      }
  const int sides[3] = {0, -1, 1}, pieces[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
  pol_promotions(POL_MAIA2, &next, 6, 7, sides, 3, pieces, 4);
}

/* Returns the sign of v. */
static inline int pol_sign(int v) { return (v > 0) - (v < 0); }

/* Returns nothing; fills AlphaZero's 8 x 8 x 73 as PettingZoo's chess_utils numbers it:
   (file * 8 + rank) * 73 + plane; planes 0-55 queen moves (distance - 1) * 8 + direction, the
   directions (dx, dy) in the order (-1,-1) (-1,0) (-1,1) (0,-1) (0,1) (1,-1) (1,0) (1,1);
   56-63 knight moves in the order (-2,-1) (-2,1) (-1,-2) (-1,2) (1,-2) (1,2) (2,-1) (2,1);
   64-72 underpromotions 3 * (dx + 1) + (knight, bishop, rook). A queen promotion is the
   queen-plane move. */
static void pol_fill_alphazero(void) {
  for (Square from = 0; from < 64; from++) {
    const int base = (file_of(from) * 8 + rank_of(from)) * 73;
    for (Bitboard t = pol_queen(from); t; ) {
      const Square to = pop_lsb(&t);
      const int dx = file_of(to) - file_of(from), dy = rank_of(to) - rank_of(from);
      const int dist = dx ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
      int dir = (pol_sign(dx) + 1) * 3 + (pol_sign(dy) + 1);
      if (dir > 4) dir--;  /* (0, 0) is not a direction */
      policy_table[POL_ALPHAZERO][pol_key(from, to, 0)] = (int16_t)(base + (dist - 1) * 8 + dir);
    }
    int k = 0;
    for (int dx = -2; dx <= 2; dx++)
      for (int dy = -2; dy <= 2; dy++) {
        if ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) != 3) continue;
        const int f = file_of(from) + dx, r = rank_of(from) + dy;
        if (f >= 0 && f < 8 && r >= 0 && r < 8)
          policy_table[POL_ALPHAZERO][pol_key(from, make_square(f, r), 0)] = (int16_t)(base + 56 + k);
        k++;
      }
    if (rank_of(from) == 6)
      for (int dx = -1; dx <= 1; dx++) {
        const int f = file_of(from) + dx;
        if (f < 0 || f > 7) continue;
        const int under[3] = {KNIGHT, BISHOP, ROOK};
        for (int p = 0; p < 3; p++)
          policy_table[POL_ALPHAZERO][pol_key(from, make_square(f, 7), under[p])] =
            (int16_t)(base + 64 + 3 * (dx + 1) + p);
      }
  }
}

/* Returns s moved as lc0's canonical transform moves the planes (encode.h's LC0_* in order).
   lc0 itself from its commit 6fa9f132 (v0.32) turns the squares of a transposed position's
   moves 180 degrees instead, so its indices there disagree with its own planes; this follows
   the planes, as lc0 did before. */
static inline Square pol_lc0_transform(Square s, int transform) {
  int f = file_of(s), r = rank_of(s);
  if (transform & LC0_FLIP) f ^= 7;
  if (transform & LC0_MIRROR) r ^= 7;
  if (transform & LC0_TRANSPOSE) {
    const int t = f;
    f = 7 - r, r = 7 - t;
  }
  return make_square(f, r);
}

/* Returns policy_index's answer with the layout a constant where inlined. */
static CB_FORCE_INLINE int pol_index(int layout, const Position *pos, PyMove m, int transform, int flip) {
  Square from = pymove_from(m), to = pymove_to(m);
  int promotion = pymove_promotion(m);
  if (!m || promotion == PAWN || promotion == KING) return -1;
  const int king = type_of_piece(pos->board[from]) == KING;  /* castling only then */
  if (layout == POL_LC0) {
    if (king && board_is_castling(pos, m)) to = pymove_to(board_to_chess960(pos, m));  /* king takes rook */
    if (promotion == KNIGHT) promotion = 0;
    from ^= flip, to ^= flip;
    if (transform) from = pol_lc0_transform(from, transform), to = pol_lc0_transform(to, transform);
  } else {
    if (layout == POL_ALPHAZERO && promotion == QUEEN) promotion = 0;
    if (layout == POL_MAIA2 && pos->chess960 && king && board_is_castling(pos, m)) {
      /* Maia-2 reads the FEN as standard chess: only a king on e1/e8 and a corner rook castle */
      const Square rook = pymove_to(board_to_chess960(pos, m)), back = pos->side == BLACK ? 56 : 0;
      if (from != back + 4 || (rook != back && rook != back + 7)) return -1;
      to = rook == back ? back + 2 : back + 6;
    }
    from ^= flip, to ^= flip;
  }
  return policy_table[layout][pol_key(from, to, promotion)];
}

/* Returns the board flip of layout's frame for pos (56 for black where the family flips). */
static inline int pol_flip(int layout, const Position *pos) {
  return pos->side == BLACK && layout != POL_SEARCHLESS ? 56 : 0;
}

int policy_index(int layout, const Position *pos, PyMove m, int transform) {
  return pol_index(layout, pos, m, transform, pol_flip(layout, pos));
}

/* Returns nothing; the loop of policy_indices for one layout (a constant where inlined): only a
   king's legal move can castle, and only where its side still may (a regular position's rights
   are all its castling moves), so only those look at the board. */
static CB_FORCE_INLINE void pol_indices(int layout, const Position *pos, const PyMove *moves, int n, int transform,
                                        int16_t *out) {
  const int flip = pol_flip(layout, pos);
  const int may_castle = !(pos->st->flags & BOARD_REGULAR)
                         || (pos->st->castling & (pos->side == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO));
  const Bitboard kings = may_castle ? pos->by_type[KING] & pos->by_color[pos->side] : 0;
  for (int i = 0; i < n; i++) {
    const PyMove m = moves[i];
    const Square from = pymove_from(m);
    if (transform || (kings & square_bb(from)) || pymove_promotion(m) || !m) {
      out[i] = (int16_t)pol_index(layout, pos, m, transform, flip);
      continue;
    }
    out[i] = policy_table[layout][(m & 0xFFF) ^ (flip | flip << 6)];  /* a plain move: its squares flipped */
  }
}

void policy_indices(int layout, const Position *pos, const PyMove *moves, int n, int transform, int16_t *out) {
  switch (layout) {
    case POL_LC0: pol_indices(POL_LC0, pos, moves, n, transform, out); break;
    case POL_ALPHAZERO: pol_indices(POL_ALPHAZERO, pos, moves, n, 0, out); break;
    case POL_MAIA2: pol_indices(POL_MAIA2, pos, moves, n, 0, out); break;
    default: pol_indices(POL_SEARCHLESS, pos, moves, n, 0, out); break;
  }
}

/* policy_ascending's work, once per code variant (cpu.h): counted into bits, then each index
   written at its rank, the bits set below it. No branch depends on the bits: reading them back
   word by word mispredicted about once a word, a tenth of a BoardBatch step's time. */
#define POL_ASCENDING_AS(name, target)                                                    \
  static target int name(const int16_t *index, int n, int size, int16_t *out) {           \
    const int words = (size + 63) / 64;                                                   \
    uint64_t bits[(POL_MAX_SIZE + 63) / 64];                                              \
    int below[(POL_MAX_SIZE + 63) / 64 + 1];                                              \
    memset(bits, 0, (size_t)words * 8);                                                   \
    for (int i = 0; i < n; i++)                                                           \
      if (index[i] >= 0) bits[index[i] >> 6] |= 1ULL << (index[i] & 63);                  \
    below[0] = 0;                                                                         \
    for (int w = 0; w < words; w++) below[w + 1] = below[w] + popcount(bits[w]);         \
    for (int i = 0; i < n; i++) { /* (an index twice: the same place, the same value) */ \
      const int ix = index[i];                                                            \
      if (ix >= 0) out[below[ix >> 6] + popcount(bits[ix >> 6] & ((1ULL << (ix & 63)) - 1))] = (int16_t)ix; \
    }                                                                                     \
    return below[words];                                                                  \
  }
POL_ASCENDING_AS(pol_ascending_base, CB_TARGET_NONE)
#ifdef CB_X86
POL_ASCENDING_AS(pol_ascending_v3, CB_TARGET_V3)
#endif

#ifdef CB_X86
/* Up to POL_RANK_MAX indices (most positions) are put in order in vector registers: sorted
   (x86-64-v3) or ranked by comparison (AVX-512). Keys are the indices with their sign bit
   flipped, so -1 (no index) and the padding compare above all. Each returns the count written,
   or -1 where two indices are equal, for the bit counting to redo. */
enum { POL_RANK_MAX = 64 };

/* Returns v's lanes each with its partner at distance j (1, 2, 4 or 8 lanes; a constant). */
static CB_FORCE_INLINE CB_TARGET_V3 __m256i pol_partner_v3(__m256i v, int j) {
  if (j == 1) return _mm256_shuffle_epi8(v, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                                             2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
  if (j == 2) return _mm256_shuffle_epi32(v, 0xB1);
  if (j == 4) return _mm256_shuffle_epi32(v, 0x4E);
  return _mm256_permute4x64_epi64(v, 0x4E);
}

/* The lanes whose lane number has bit 1, 2, 4 or 8 (all ones), by the bit's log. */
static _Alignas(32) const int16_t pol_bit_lanes[4][16] = {
  {0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1}, {0, 0, -1, -1, 0, 0, -1, -1, 0, 0, -1, -1, 0, 0, -1, -1},
  {0, 0, 0, 0, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1}, {0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1}};

/* Returns v after one compare-exchange of the bitonic network: lanes i and i ^ j (a constant),
   the larger key to the lanes of `larger`. */
static CB_FORCE_INLINE CB_TARGET_V3 __m256i pol_exchange_v3(__m256i v, int j, __m256i larger) {
  const __m256i p = pol_partner_v3(v, j);
  return _mm256_blendv_epi8(_mm256_min_epi16(v, p), _mm256_max_epi16(v, p), larger);
}

/* Returns v's 16 keys, a bitonic sequence, merged: ascending, or descending where down is all
   ones (the network's last four steps, distances 8, 4, 2, 1). */
static CB_FORCE_INLINE CB_TARGET_V3 __m256i pol_merge_v3(__m256i v, const __m256i *L, __m256i down) {
  v = pol_exchange_v3(v, 8, _mm256_xor_si256(L[3], down));
  v = pol_exchange_v3(v, 4, _mm256_xor_si256(L[2], down));
  v = pol_exchange_v3(v, 2, _mm256_xor_si256(L[1], down));
  return pol_exchange_v3(v, 1, _mm256_xor_si256(L[0], down));
}

/* Returns v's 16 keys sorted, ascending or (down all ones) descending: blocks of 2, 4 and 8
   lanes sorted up and down in turn, then merged. */
static CB_FORCE_INLINE CB_TARGET_V3 __m256i pol_sort16_v3(__m256i v, const __m256i *L, __m256i down) {
  v = pol_exchange_v3(v, 1, _mm256_xor_si256(L[0], L[1]));
  v = pol_exchange_v3(v, 2, _mm256_xor_si256(L[1], L[2]));
  v = pol_exchange_v3(v, 1, _mm256_xor_si256(L[0], L[2]));
  v = pol_exchange_v3(v, 4, _mm256_xor_si256(L[2], L[3]));
  v = pol_exchange_v3(v, 2, _mm256_xor_si256(L[1], L[3]));
  v = pol_exchange_v3(v, 1, _mm256_xor_si256(L[0], L[3]));
  return pol_merge_v3(v, L, down);
}

/* Returns nothing; puts the smaller keys of each lane in *a, the larger in *b. */
static CB_FORCE_INLINE CB_TARGET_V3 void pol_apart_v3(__m256i *a, __m256i *b) {
  const __m256i lo = _mm256_min_epi16(*a, *b);
  *b = _mm256_max_epi16(*a, *b), *a = lo;
}

/* Returns the count of keys below 0x7FFF (indices) among index[0..n)'s, their indices written
   ascending to out[0..count) (16 B entries written), or -1 if two are equal. The keys (the
   indices with their sign bit flipped, so that -1 and the lanes from n on, 0x7FFF, come last)
   are sorted in B registers (a constant where inlined: 1, 2 or 4) by a bitonic network, each
   register sorted up or down, then merged across registers and within each. Comparing and
   ranking the keys one by one took twice the instructions. */
static CB_FORCE_INLINE CB_TARGET_V3 int pol_sort_v3(const int16_t *index, int n, int B, int16_t *out) {
  __m256i r[POL_RANK_MAX / 16], L[4];
  const __m256i sign = _mm256_set1_epi16((short)0x8000), none = _mm256_set1_epi16(0x7FFF);
  const __m256i up = _mm256_setzero_si256(), down = _mm256_set1_epi16(-1);
  const __m256i lane = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (int j = 0; j < 4; j++) L[j] = _mm256_load_si256((const __m256i *)pol_bit_lanes[j]);
  for (int b = 0; b < B; b++) {
    const __m256i in = _mm256_cmpgt_epi16(_mm256_set1_epi16((short)(n - 16 * b)), lane);
    const __m256i keys = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(index + 16 * b)), sign);
    r[b] = pol_sort16_v3(_mm256_blendv_epi8(none, keys, in), L, b & 1 ? down : up);
  }
  if (B >= 2) {  /* up, down: 32 keys merged up (and the next 32 down) */
    pol_apart_v3(&r[0], &r[1]);
    r[0] = pol_merge_v3(r[0], L, up), r[1] = pol_merge_v3(r[1], L, up);
  }
  if (B == 4) {
    pol_apart_v3(&r[3], &r[2]);
    r[2] = pol_merge_v3(r[2], L, down), r[3] = pol_merge_v3(r[3], L, down);
    pol_apart_v3(&r[0], &r[2]), pol_apart_v3(&r[1], &r[3]);  /* 64 keys merged up */
    pol_apart_v3(&r[0], &r[1]), pol_apart_v3(&r[2], &r[3]);
    for (int b = 0; b < 4; b++) r[b] = pol_merge_v3(r[b], L, up);
  }
  int count = 0;
  __m256i equal = _mm256_setzero_si256();
  for (int b = 0; b < B; b++) {
    count += popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi16(none, r[b]))) >> 1;  /* (two bits a key) */
    const __m256i after = b + 1 < B ? r[b + 1] : none;  /* each key's next: two keys equal if below 0x7FFF */
    const __m256i next = _mm256_alignr_epi8(_mm256_permute2x128_si256(r[b], after, 0x21), r[b], 2);
    equal = _mm256_or_si256(equal, _mm256_and_si256(_mm256_cmpeq_epi16(r[b], next), _mm256_cmpgt_epi16(none, r[b])));
    _mm256_storeu_si256((__m256i *)(out + 16 * b), _mm256_xor_si256(r[b], sign));
  }
  return _mm256_testz_si256(equal, equal) ? count : -1;
}

/* Returns as above for x86-64-v3, the registers for n keys: 1, 2 or 4 (3 rounded up). */
static CB_TARGET_V3 int pol_sorted_v3(const int16_t *index, int n, int16_t *out) {
  switch ((n + 15) / 16) {
    case 1: return pol_sort_v3(index, n, 1, out);
    case 2: return pol_sort_v3(index, n, 2, out);
    case 3: case 4: return pol_sort_v3(index, n, 4, out);
    default: return 0;  /* (no index) */
  }
}

/* Returns as pol_sorted_v3 for AVX-512 (x86-64-v4), each index written at its rank, the count of
   keys below its own, 32 keys compared at once: the keys made in registers by masked loads
   (scalar key[] writes stall the vector load of them: a store cannot be forwarded to a wider
   load; 15% of the function's time). */
static CB_TARGET_V4 int pol_rank_v4(const int16_t *index, int n, int16_t *out) {
  const __m512i sign = _mm512_set1_epi16((short)0x8000), none = _mm512_set1_epi16(-1);
  const __mmask32 first = n >= 32 ? ~0U : (1U << n) - 1, second = n >= 64 ? ~0U : n > 32 ? (1U << (n - 32)) - 1 : 0;
  const __m512i lo = _mm512_xor_si512(_mm512_mask_loadu_epi16(none, first, index), sign);
  const __m512i hi = second ? _mm512_xor_si512(_mm512_mask_loadu_epi16(none, second, index + 32), sign) : none;
  int count = 0, sum = 0;
  for (int i = 0; i < n; i++) {
    if (index[i] < 0) continue;
    const __m512i k = _mm512_set1_epi16((short)(index[i] ^ 0x8000));
    const int r = popcount(_mm512_cmplt_epi16_mask(lo, k)) + (second ? popcount(_mm512_cmplt_epi16_mask(hi, k)) : 0);
    out[r] = index[i];
    sum += r, count++;
  }
  return 2 * sum == count * (count - 1) ? count : -1;
}
#endif

int policy_ascending(const int16_t *index, int n, int size, int16_t *out) {
#ifdef CB_X86
  if (n <= POL_RANK_MAX && cpu_v3()) {
    const int count = cpu_v4() ? pol_rank_v4(index, n, out) : pol_sorted_v3(index, n, out);
    if (count >= 0) return count;
  }
  if (cpu_v3()) return pol_ascending_v3(index, n, size, out);
#endif
  return pol_ascending_base(index, n, size, out);
}

_Static_assert((MOVE_CASTLING & MOVE_PROMOTION) && !(MOVE_EP & MOVE_PROMOTION), "pol_legal's special moves");

/* Returns policy_legal_indexed's answer with the layout a constant where inlined (-1: no
   indices): a plain move's index is its squares' (flipped) entry, without a branch; only
   castling and promotions are looked up one by one. */
static CB_FORCE_INLINE int pol_legal(int layout, const Position *pos, PyMove *out, int16_t *index, int room) {
  Move moves[MAX_MOVES];  /* the fast generator where it is exact, its moves written as python-chess's;
                            a position here is one of many, met once (movegen_technique_streaming) */
  const int n = movegen_techniques[movegen_technique_streaming()].generate(pos, moves);
  if (n > room) return n;
  const int flip = layout >= 0 ? pol_flip(layout, pos) : 0, squares = flip | flip << 6;
  unsigned special = 0;  /* (bit 14 of a move: castling or a promotion, 1 << 14 and 3 << 14) */
  for (int i = 0; i < n; i++) {  /* (no branch) */
    const Move m = moves[i];
    special |= m;
    out[i] = (PyMove)(m & 0xFFF);
    if (layout >= 0) index[i] = policy_table[layout][(m ^ squares) & 0xFFF];
  }
  for (int i = 0; (special & MOVE_PROMOTION) && i < n; i++) {
    const Move m = moves[i];
    if (!(m & MOVE_PROMOTION)) continue;
    out[i] = move_type(m) == MOVE_CASTLING ? board_pymove(pos, m) : (PyMove)((m & 0xFFF) | move_promotion(m) << 12);
    if (layout >= 0) index[i] = (int16_t)pol_index(layout, pos, out[i], 0, flip);
  }
  return n;
}

int policy_legal_indexed(int layout, const Position *pos, PyMove *out, int16_t *index, int room) {
  if (!(pos->st->flags & BOARD_REGULAR)) {
    PyMove all[MAX_MOVES];
    const int n = board_generate(pos, ~0ULL, ~0ULL, 1, all);
    if (n > room) return n;
    memcpy(out, all, (size_t)n * sizeof *all);
    if (layout >= 0) policy_indices(layout, pos, out, n, 0, index);
    return n;
  }
  switch (layout) {
    case POL_LC0: return pol_legal(POL_LC0, pos, out, index, room);
    case POL_ALPHAZERO: return pol_legal(POL_ALPHAZERO, pos, out, index, room);
    case POL_MAIA2: return pol_legal(POL_MAIA2, pos, out, index, room);
    case POL_SEARCHLESS: return pol_legal(POL_SEARCHLESS, pos, out, index, room);
    default: return pol_legal(-1, pos, out, NULL, room);
  }
}

int policy_legal_moves(const Position *pos, PyMove *out) { return policy_legal_indexed(-1, pos, out, NULL, MAX_MOVES); }

void policy_init(void) {
  static int done;
  if (done) return;
  memset(policy_table, 0xFF, sizeof policy_table);
  pol_fill_lc0();
  pol_fill_alphazero();
  pol_fill_maia2();
  pol_fill_searchless();
  done = 1;
}
