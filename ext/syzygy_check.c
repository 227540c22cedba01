/* The tables checked against the rules of the game (syzygy_check.h). */
#include <stdlib.h>
#include <string.h>
#include "syzygy_check.h"

/* The values already probed of positions of the material checked: a full check probes each
   position's WDL and DTZ once, not once for itself and once for each parent. Slot k (or k's
   hash where the slots are fewer than the candidates) holds k + 1 << 24 | WDL + 2 << 16 | DTZ
   of candidate k (same-code pieces on ascending squares), 0 while empty; threads that probe
   the same position store the same word. */
typedef struct {
  volatile int64_t *slot;
  int bits;                   /* 2^bits slots */
  int exact;                  /* a slot per candidate */
  const uint8_t *pc;
  int n;
} ScMemo;

enum { SC_MEMO_BITS_MAX = 25, SC_MEMO_PIECES_MAX = 6, SC_MEMO_STRIDE_MAX = 8 };

/* Returns the number of pieces of name with their codes (PieceType | 8 for Black) in pc. */
static int sc_pieces(const char *name, uint8_t pc[SZ_PIECES_MAX]) {
  int counts[2][7], n = 0;
  if (!sz_material(name, counts)) return 0;
  for (int c = 0; c < 2; c++)
    for (int pt = PAWN; pt <= KING; pt++)
      for (int k = 0; k < counts[c][pt]; k++) pc[n++] = (uint8_t)(pt | (c << 3));
  return n;
}

uint64_t sz_check_candidates(const char *name) {
  uint8_t pc[SZ_PIECES_MAX];
  const int n = sc_pieces(name, pc);
  return n ? 2ULL << (6 * n) : 0;
}

/* Returns the candidate number of pos in m's material, -1 if it is another material or has an
   en-passant square (its values then depend on more than the candidate). */
static int64_t sc_key(const ScMemo *m, const Position *pos) {
  if (pos->st->ep_raw != SQ_NONE || popcount(pos->by_type[NO_PIECE_TYPE]) != m->n) return -1;
  uint64_t k = 0;
  Bitboard rest = 0;
  for (int i = 0; i < m->n; i++) {
    if (i == 0 || m->pc[i] != m->pc[i - 1]) rest = pos->by_type[m->pc[i] & 7] & pos->by_color[m->pc[i] >> 3];
    if (!rest) return -1;
    k |= (uint64_t)lsb(rest) << (6 * i);
    rest &= rest - 1;
  }
  return (int64_t)(k << 1 | (pos->side == WHITE));
}

/* Returns SZ_OK with the WDL *w and DTZ *d of pos, candidate k of m's material: from m, or
   probed and kept there (k < 0: probed, not kept). */
static int sc_memo(const SzBase *b, const ScMemo *m, int64_t k, Position *pos, int *w, int *d, SzError *e) {
  const uint64_t at = k < 0 ? 0 : m->exact ? (uint64_t)k : ((uint64_t)k * 0x9E3779B97F4A7C15ULL) >> (64 - m->bits);
  if (k >= 0) {
    const int64_t v = workers_load(&m->slot[at]);
    if (v >> 24 == k + 1) {
      *w = (int)(v >> 16 & 7) - 2, *d = (int16_t)(v & 0xFFFF);
      return SZ_OK;
    }
  }
  int rc = sz_probe_position(b, pos, SZ_PROBE_WDL, w, e);
  if (rc == SZ_OK) rc = sz_probe_position(b, pos, SZ_PROBE_DTZ, d, e);
  if (rc == SZ_OK && k >= 0) workers_store(&m->slot[at], (k + 1) << 24 | (int64_t)(*w + 2) << 16 | (uint16_t)*d);
  return rc;
}

/* Returns the mover's DTZ of a move into child c (its WDL cw, its DTZ cd) as one step:
   1 or 101 for a zeroing move or a mate, else the child's distance plus this ply. */
static int sc_step(int zeroing, int mate, int cw, int cd) {
  const int w = -cw;
  if (mate) return 1;
  if (zeroing) return ((w > 0) - (w < 0)) * (abs(w) == 2 ? 1 : 101);
  const int d = -cd;
  return d + (d > 0) - (d < 0);
}

/* Returns SZ_OK with *rule the first rule pos breaks (SZ_RULE_NONE if none); m: the memo, or NULL. */
static int sc_position(const SzBase *b, const ScMemo *m, Position *pos, int *rule) {
  int w, d, rc;
  SzError e;
  *rule = SZ_RULE_NONE;
  if ((rc = sc_memo(b, m, m ? sc_key(m, pos) : -1, pos, &w, &d, &e)) != SZ_OK) return rc;
  if (!((w == 2 && d >= 1 && d <= 100) || (w == 1 && d > 100) || (w == 0 && d == 0) ||
        (w == -1 && d < -100) || (w == -2 && d <= -1 && d >= -100))) {
    *rule = SZ_RULE_DTZ_SIGN;
    return SZ_OK;
  }
  PyMove moves[MAX_MOVES];
  const int n = board_generate(pos, ~0ULL, ~0ULL, 1, moves);
  if (n == 0) {  /* mate or stalemate */
    if (w != (board_checkers(pos) ? -2 : 0)) *rule = SZ_RULE_TERMINAL;
    return SZ_OK;
  }
  int best_sign = -1, best_step = 0, found = 0;
  for (int i = 0; i < n; i++) {
    const int zeroing = board_is_zeroing(pos, moves[i]);
    StateInfo st;
    int cw, cd = 0;
    board_push_legal(pos, moves[i], &st);
    const int64_t ck = m ? sc_key(m, pos) : -1;
    rc = ck >= 0 ? sc_memo(b, m, ck, pos, &cw, &cd, &e) : sz_probe_position(b, pos, SZ_PROBE_WDL, &cw, &e);
    const int sign = (cw < 0) - (cw > 0);  /* the mover's */
    const int wanted = rc == SZ_OK && sign == ((w > 0) - (w < 0)) && w != 0;
    if (wanted && !zeroing && ck < 0) rc = sz_probe_position(b, pos, SZ_PROBE_DTZ, &cd, &e);
    PyMove replies[MAX_MOVES];
    const int mate = rc == SZ_OK && wanted && board_checkers(pos) && board_generate(pos, ~0ULL, ~0ULL, 1, replies) == 0;
    board_pop(pos);
    if (rc != SZ_OK) return rc;
    if (sign > best_sign) best_sign = sign;
    if (wanted) {
      const int step = sc_step(zeroing, mate, cw, cd);
      if (!found || step < best_step) best_step = step;  /* (a win's fastest, a loss's longest: both the least) */
      found = 1;
    }
  }
  if (best_sign != (w > 0) - (w < 0)) *rule = SZ_RULE_WDL;
  else if (w != 0 && (!found || abs(d - best_step) > 1)) *rule = SZ_RULE_DTZ_STEP;
  return SZ_OK;
}

typedef struct {
  const SzBase *b;
  const ScMemo *m;            /* NULL for none */
  const uint8_t *pc;
  int n;
  uint64_t stride, offset, count;  /* candidates offset + stride * j for j < count */
  volatile int64_t *next;
  volatile int64_t *stop;           /* non-zero after a probe error: every thread stops */
  SzCheck out;
} ScWork;

enum { SC_CHUNK = 256 };

/* Returns nothing; one thread's share of sz_check. */
static void sc_run(void *arg) {
  ScWork *w = arg;
  for (;;) {
    const int64_t first = workers_fetch_add(w->next, SC_CHUNK);
    if (first >= (int64_t)w->count || workers_load(w->stop)) return;
    const uint64_t last = (uint64_t)first + SC_CHUNK < w->count ? (uint64_t)first + SC_CHUNK : w->count;
    for (uint64_t j = (uint64_t)first; j < last; j++) {
      const uint64_t k = w->offset + w->stride * j;
      uint64_t bits[8] = {0};
      uint64_t placed = k >> 1;
      int ascending = 1, prev = -1;
      for (int i = 0; i < w->n; i++, placed >>= 6) {
        const uint64_t sq = 1ULL << (placed & 63);
        if (i && w->pc[i] == w->pc[i - 1] && (int)(placed & 63) <= prev) ascending = 0;
        prev = (int)(placed & 63);
        bits[(w->pc[i] & 7) - 1] |= sq;
        bits[6 + (w->pc[i] >> 3)] |= sq;
      }
      /* two pieces on a square, or same-code pieces in another order (the same position) */
      if (!ascending || popcount(bits[6] | bits[7]) != w->n) continue;
      const uint8_t turn = k & 1;
      const SzBits in = {bits, &turn, NULL, NULL, NULL};
      Position pos;
      StateInfo st;
      if (sz_position(&in, 0, &pos, &st) != SZ_OK) continue;
      /* the side not to move in check: not a position */
      const Color them = pos.side ^ 1;
      if (position_attackers(&pos, pos.side, lsb(pos.by_type[KING] & pos.by_color[them]), pos.by_type[NO_PIECE_TYPE]))
        continue;
      int rule;
      const int rc = sc_position(w->b, w->m, &pos, &rule);
      if (rc != SZ_OK) {
        w->out.code = rc, w->out.first = (int64_t)k;
        workers_fetch_add(w->stop, 1);
        return;
      }
      w->out.positions++;
      if (rule != SZ_RULE_NONE) {
        if (w->out.failures++ == 0 || (int64_t)k < w->out.first) w->out.first = (int64_t)k, w->out.rule = rule;
      }
    }
  }
}

int sz_check(const SzBase *b, const char *name, uint64_t stride, uint64_t offset, int threads, SzCheck *out) {
  uint8_t pc[SZ_PIECES_MAX];
  const int n = sc_pieces(name, pc);
  memset(out, 0, sizeof *out);
  out->first = -1;
  if (!n || !stride) return SZ_CORRUPT;
  const uint64_t total = 2ULL << (6 * n);
  const uint64_t count = offset < total ? (total - offset + stride - 1) / stride : 0;
  volatile int64_t next = 0, stop = 0;
  ScMemo memo = {NULL, 6 * n + 1, 1, pc, n};
  if (memo.bits > SC_MEMO_BITS_MAX) memo.bits = SC_MEMO_BITS_MAX, memo.exact = 0;
  if (stride <= SC_MEMO_STRIDE_MAX && n <= SC_MEMO_PIECES_MAX)  /* (calloc's pages are mapped as they are touched) */
    memo.slot = calloc((size_t)1 << memo.bits, sizeof(int64_t));
  threads = workers_for(threads, (size_t)-1);
  ScWork w[WORKERS_MAX];
  for (int t = 0; t < threads; t++) w[t] = (ScWork){b, memo.slot ? &memo : NULL, pc, n, stride, offset, count, &next, &stop, {0, 0, -1, 0, 0}};
  workers_run(threads, sc_run, w, sizeof w[0]);
  free((void *)memo.slot);
  for (int t = 0; t < threads; t++) {
    const SzCheck *o = &w[t].out;
    out->positions += o->positions, out->failures += o->failures;
    if (o->code != SZ_OK && (out->code == SZ_OK || o->first < out->first)) out->code = o->code, out->first = o->first;
    if (out->code == SZ_OK && o->failures && (out->first < 0 || o->first < out->first)) out->first = o->first, out->rule = o->rule;
  }
  return SZ_OK;
}
