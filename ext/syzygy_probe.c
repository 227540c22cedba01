/* Probing Syzygy tables as python-chess does (syzygy_probe.h): its search over captures and
   en passant, its DTZ rules, on board.c's positions (python-chess's move order and rules).
   https://www.chessprogramming.org/Syzygy_Bases */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "syzygy_probe.h"

enum { SZ_MAX_PIECES_PROBED = SZ_PIECES_MAX + 1 };  /* a capture can bring one more into the tables */

/* Returns the material of counts[colour][piece type] as one number, White's first. */
static uint64_t sz_sig_of(const int counts[2][7]) {
  uint64_t sig = 0;
  for (int c = 0; c < 2; c++)
    for (int pt = PAWN; pt <= KING; pt++) sig |= (uint64_t)(counts[c][pt] & 15) << (4 * (6 * c + pt - 1));
  return sig;
}

/* Returns the material of pos. */
static uint64_t sz_sig_pos(const Position *pos) {
  uint64_t sig = 0;
  int n = 0;
  for (Bitboard b = pos->by_type[NO_PIECE_TYPE]; b && n <= SZ_MAX_PIECES_PROBED; b &= b - 1, n++) {
    const Piece pc = pos->board[lsb(b)];
    sig += 1ULL << (4 * (6 * color_of_piece(pc) + type_of_piece(pc) - 1));  /* (no count past 15 this way) */
  }
  if (n <= SZ_MAX_PIECES_PROBED) return sig;
  int counts[2][7] = {{0}};
  for (int c = 0; c < 2; c++)
    for (int pt = PAWN; pt <= KING; pt++) counts[c][pt] = popcount(pos->by_color[c] & pos->by_type[pt]);
  return sz_sig_of(counts);
}

/* Returns nothing; writes python-chess's calc_key of pos ("KRPvKR", White's pieces first). */
static void sz_key(const Position *pos, char *out) {
  static const int order[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  static const char letter[7] = {0, 'P', 'N', 'B', 'R', 'Q', 'K'};
  char *o = out;
  for (int c = 0; c < 2; c++) {
    if (c) *o++ = 'v';
    for (int i = 0; i < 6; i++)
      for (int k = popcount(pos->by_color[c] & pos->by_type[order[i]]); k > 0 && o - out < 2 * SZ_PIECES_MAX; k--)
        *o++ = letter[order[i]];
  }
  *o = 0;
}

/* --- the registry ----------------------------------------------------------------------------- */

/* Returns the slot of sig: its own, or the empty one where it would go. */
static int sz_slot(const SzBase *b, uint64_t sig) {
  int i = (int)((sig * 0x9E3779B97F4A7C15ULL) >> 40) & (b->nslots - 1);
  while (b->slots[i] && b->slot_sig[i] != sig) i = (i + 1) & (b->nslots - 1);
  return i;
}

/* Returns SZ_OK after making room for one more entry and its two signatures. */
static int sz_grow(SzBase *b) {
  if (b->n == b->cap) {
    const int cap = b->cap ? 2 * b->cap : 64;
    SzEntry *e = realloc(b->entries, sizeof(SzEntry) * (size_t)cap);
    if (!e) return SZ_NOMEM;
    b->entries = e, b->cap = cap;
  }
  if (4 * (b->n + 1) * 2 > b->nslots) {  /* (at most a quarter full) */
    const int nslots = b->nslots ? 4 * b->nslots : 256;
    int32_t *slots = calloc((size_t)nslots, sizeof(int32_t));
    uint64_t *sigs = calloc((size_t)nslots, sizeof(uint64_t));
    if (!slots || !sigs) { free(slots); free(sigs); return SZ_NOMEM; }
    int32_t *old = b->slots;
    uint64_t *old_sig = b->slot_sig;
    const int old_n = b->nslots;
    b->slots = slots, b->slot_sig = sigs, b->nslots = nslots;
    for (int i = 0; i < old_n; i++)
      if (old[i]) {
        const int j = sz_slot(b, old_sig[i]);
        b->slots[j] = old[i], b->slot_sig[j] = old_sig[i];
      }
    free(old);
    free(old_sig);
  }
  return SZ_OK;
}

int sz_base_add(SzBase *b, const char *name, int kind, int *entry) {
  int counts[2][7];
  if (!sz_material(name, counts)) return SZ_CORRUPT;
  const uint64_t sig = sz_sig_of(counts);
  if (b->nslots) {
    const int i = sz_slot(b, sig);
    if (b->slots[i]) {
      SzEntry *e = &b->entries[b->slots[i] - 1];
      e->present[kind] = 1, *entry = b->slots[i] - 1;
      return SZ_OK;
    }
  }
  if (sz_grow(b) != SZ_OK) return SZ_NOMEM;
  SzEntry *e = &b->entries[b->n];
  memset(e, 0, sizeof *e);
  strncpy(e->name, name, sizeof e->name - 1);
  e->sig = sig, e->present[kind] = 1;
  int mirrored[2][7];
  memcpy(mirrored[0], counts[1], sizeof counts[1]);
  memcpy(mirrored[1], counts[0], sizeof counts[0]);
  const uint64_t sigs[2] = {sig, sz_sig_of(mirrored)};
  for (int k = 0; k < 2; k++) {
    const int i = sz_slot(b, sigs[k]);
    if (!b->slots[i]) b->slots[i] = b->n + 1, b->slot_sig[i] = sigs[k];
  }
  *entry = b->n++;
  return SZ_OK;
}

int sz_base_give(SzBase *b, int entry, int kind, const uint8_t *bytes, size_t length) {
  SzEntry *e = &b->entries[entry];
  sz_base_drop(b, entry, kind);
  const int rc = kind == SZ_DTZ ? sz_dtz_open(&e->table[kind], bytes, length, e->name)
                                : sz_wdl_open(&e->table[kind], bytes, length, e->name);
  e->failed[kind] = rc;
  int counts[2][7];
  e->stored[kind] = rc == SZ_OK && sz_material(e->table[kind].key, counts) ? sz_sig_of(counts) : e->sig;
  workers_set_flag(&e->given[kind]);
  return rc;
}

void sz_base_drop(SzBase *b, int entry, int kind) {
  SzEntry *e = &b->entries[entry];
  if (e->given[kind] && e->failed[kind] == SZ_OK) sz_table_free(&e->table[kind]);
  e->given[kind] = 0, e->failed[kind] = 0;
}

void sz_base_free(SzBase *b) {
  for (int i = 0; i < b->n; i++) sz_base_drop(b, i, SZ_WDL), sz_base_drop(b, i, SZ_DTZ);
  free(b->entries);
  free(b->slots);
  free(b->slot_sig);
  memset(b, 0, sizeof *b);
}

/* --- probing ------------------------------------------------------------------------------------ */

/* Returns SZ_OK with *t pos's table of kind and *flipped whether pos's colours are its
   swapped; else the error in e. */
static int sz_table_of(const SzBase *b, const Position *pos, int kind, const SzTable **t, int *flipped, SzError *e) {
  const uint64_t sig = sz_sig_pos(pos);
  const int i = b->nslots ? sz_slot(b, sig) : -1;
  const SzEntry *entry = i >= 0 && b->slots[i] ? &b->entries[b->slots[i] - 1] : NULL;
  if (!entry || !entry->present[kind]) {
    const int pieces = popcount(pos->by_type[NO_PIECE_TYPE]);
    e->kind = kind, e->pieces = pieces;
    sz_key(pos, e->key);
    return e->code = kind == SZ_WDL && pieces > SZ_PIECES_MAX ? SZ_TOO_MANY : SZ_MISSING;
  }
  if (!workers_get_flag(&entry->given[kind])) {
    e->kind = kind, e->entry = (int)(entry - b->entries);
    return e->code = SZ_NEED;
  }
  if (entry->failed[kind] != SZ_OK) {
    sz_key(pos, e->key);
    return e->code = entry->failed[kind];
  }
  *t = &entry->table[kind], *flipped = entry->stored[kind] != sig;
  return SZ_OK;
}

/* Returns SZ_OK with *v python-chess's probe_wdl_table of pos (the stored value). */
static int sz_wdl_table(const SzBase *b, const Position *pos, int *v, SzError *e) {
  if (pos->by_type[KING] == pos->by_type[NO_PIECE_TYPE]) { *v = 0; return SZ_OK; }  /* KvK */
  const SzTable *t;
  int flipped;
  int rc = sz_table_of(b, pos, SZ_WDL, &t, &flipped, e);
  if (rc != SZ_OK) return rc;
  rc = sz_wdl_raw(t, pos->by_color, pos->by_type, pos->side, flipped, v);
  if (rc != SZ_OK) { sz_key(pos, e->key); e->code = rc; }
  return rc;
}

/* Returns the number of pos's legal moves onto a piece of theirs (capturing promotions
   included, en passant not: python-chess's probe_ab searches those) written to moves as
   python-chess keys, in no set order; -1 if pos has not one king of the side to move. */
static int sz_captures(const Position *pos, PyMove *moves) {
  const Color us = pos->side, them = us ^ 1;
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE], ours = pos->by_color[us], theirs = pos->by_color[them];
  const Bitboard kings = pos->by_type[KING] & ours;
  if (!kings || (kings & (kings - 1))) return -1;
  const Square king = lsb(kings);
  int n = 0;
  for (Bitboard b = ours; b; b &= b - 1) {
    const Square from = lsb(b);
    const PieceType pt = type_of_piece(pos->board[from]);
    Bitboard targets = pt == PAWN ? PawnAttacks[us][from] : pt == KNIGHT ? KnightAttacks[from]
                     : pt == KING ? KingAttacks[from] : 0;
    if (pt == BISHOP || pt == QUEEN) targets |= black_magic_bishop(from, occ);
    if (pt == ROOK || pt == QUEEN) targets |= black_magic_rook(from, occ);
    for (targets &= theirs; targets; targets &= targets - 1) {
      const Square to = lsb(targets);
      /* legal if no piece of theirs but the one taken attacks our king after the move */
      const Bitboard after = (occ ^ square_bb(from)) | square_bb(to);
      if (attackers_of(pos->by_type, pos->by_color, them, pt == KING ? to : king, after) & ~square_bb(to)) continue;
      if (pt == PAWN && (square_bb(to) & (RANK_1_BB | RANK_8_BB)))
        for (int promo = QUEEN; promo >= KNIGHT; promo--) moves[n++] = pymove_make(from, to, promo);
      else
        moves[n++] = pymove_make(from, to, 0);
    }
  }
  return n;
}

/* Returns SZ_OK with *v and *success python-chess's probe_ab(pos, alpha, beta); `ordered`:
   the captures in python-chess's order at every level (else sz_captures' order, which gives the
   same answer when beta is 2, but may meet a missing table first that python-chess does not). */
static int sz_ab_in(const SzBase *b, Position *pos, int alpha, int beta, int ordered, int *v, int *success,
                    SzError *e) {
  if (pos->st->castling_raw) return e->code = SZ_CASTLING;
  int count = 0;  /* (counted up to one past the most, without popcount: no dispatch for it here) */
  for (Bitboard o = pos->by_type[NO_PIECE_TYPE]; o && count <= SZ_MAX_PIECES_PROBED; o &= o - 1) count++;
  if (count > SZ_MAX_PIECES_PROBED) { e->pieces = popcount(pos->by_type[NO_PIECE_TYPE]); return e->code = SZ_TOO_MANY; }
  PyMove moves[MAX_MOVES];
  int n = ordered ? -1 : sz_captures(pos, moves);
  if (n < 0) n = board_generate(pos, ~0ULL, pos->by_color[pos->side ^ 1], 1, moves);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    int w, s;
    board_push_legal(pos, moves[i], &st);
    const int rc = sz_ab_in(b, pos, -beta, -alpha, ordered, &w, &s, e);
    board_pop(pos);
    if (rc != SZ_OK) return rc;
    if (-w > alpha) {
      if (-w >= beta) { *v = -w, *success = 2; return SZ_OK; }
      alpha = -w;
    }
  }
  int stored;
  const int rc = sz_wdl_table(b, pos, &stored, e);
  if (rc != SZ_OK) return rc;
  if (alpha >= stored) *v = alpha, *success = 1 + (alpha > 0);
  else *v = stored, *success = 1;
  return SZ_OK;
}

/* Returns as sz_ab_in with python-chess's order, taking the faster order first where the
   answer does not depend on it (beta 2) and no table is missing or corrupted on its way. */
static int sz_ab(const SzBase *b, Position *pos, int alpha, int beta, int *v, int *success, SzError *e) {
  if (beta == 2) {
    const int rc = sz_ab_in(b, pos, alpha, beta, 0, v, success, e);
    if (rc == SZ_OK || rc == SZ_NEED) return rc;
  }
  return sz_ab_in(b, pos, alpha, beta, 1, v, success, e);
}

/* Returns SZ_OK with *best the best of -probe_ab(-2, 2) over pos's legal en-passant captures
   (-3 if none), *all whether they are all its legal moves. */
static int sz_ep(const SzBase *b, Position *pos, int *best, int *all, SzError *e) {
  PyMove moves[MAX_MOVES];
  const int n = board_generate_ep(pos, ~0ULL, ~0ULL, 1, moves);
  *best = -3;
  for (int i = 0; i < n; i++) {
    StateInfo st;
    int w, s;
    board_push_legal(pos, moves[i], &st);
    const int rc = sz_ab(b, pos, -2, 2, &w, &s, e);
    board_pop(pos);
    if (rc != SZ_OK) return rc;
    if (-w > *best) *best = -w;
  }
  *all = n == board_generate(pos, ~0ULL, ~0ULL, 1, moves);
  return SZ_OK;
}

/* Returns SZ_OK with *wdl python-chess's probe_wdl of pos (en passant looked at). */
static int sz_probe_wdl(const SzBase *b, Position *pos, int *wdl, SzError *e) {
  int v, s, v1, all;
  int rc = sz_ab(b, pos, -2, 2, &v, &s, e);
  if (rc != SZ_OK) return rc;
  if (pos->st->ep_raw != SQ_NONE) {
    if ((rc = sz_ep(b, pos, &v1, &all, e)) != SZ_OK) return rc;
    if (v1 > -3) {
      if (v1 >= v) v = v1;
      else if (v == 0 && all) v = v1;  /* only the losing en-passant capture to play */
    }
  }
  *wdl = v;
  return SZ_OK;
}

/* Returns python-chess's dtz_before_zeroing(wdl). */
static int sz_before_zeroing(int wdl) { return ((wdl > 0) - (wdl < 0)) * (abs(wdl) == 2 ? 1 : 101); }

/* Returns 1 if pos is checkmate (python-chess's is_checkmate). */
static int sz_checkmate(const Position *pos) {
  PyMove moves[MAX_MOVES];
  return board_checkers(pos) && board_generate(pos, ~0ULL, ~0ULL, 1, moves) == 0;
}

static int sz_dtz(const SzBase *b, Position *pos, int *dtz, SzError *e);

/* Returns SZ_OK with *dtz python-chess's probe_dtz_no_ep of pos. */
static int sz_dtz_no_ep(const SzBase *b, Position *pos, int *dtz, SzError *e) {
  int wdl, success, rc;
  if ((rc = sz_ab(b, pos, -2, 2, &wdl, &success, e)) != SZ_OK) return rc;
  if (wdl == 0) { *dtz = 0; return SZ_OK; }
  if (success == 2 || !(pos->by_color[pos->side] & ~pos->by_type[PAWN])) { *dtz = sz_before_zeroing(wdl); return SZ_OK; }
  PyMove moves[MAX_MOVES];
  if (wdl > 0) {  /* a pawn's push that keeps the win: zeroing at once */
    const int n = board_generate(pos, pos->by_type[PAWN], ~pos->by_type[NO_PIECE_TYPE], 1, moves);
    for (int i = 0; i < n; i++) {
      if (board_is_capture(pos, moves[i])) continue;  /* (en passant) */
      StateInfo st;
      int v;
      board_push_legal(pos, moves[i], &st);
      rc = sz_probe_wdl(b, pos, &v, e);
      board_pop(pos);
      if (rc != SZ_OK) return rc;
      if (-v == wdl) { *dtz = wdl == 2 ? 1 : 101; return SZ_OK; }
    }
  }
  const SzTable *t;
  int flipped, stored, found;
  if ((rc = sz_table_of(b, pos, SZ_DTZ, &t, &flipped, e)) != SZ_OK) return rc;
  if ((rc = sz_dtz_raw(t, pos->by_color, pos->by_type, pos->side, flipped, wdl, &stored, &found)) != SZ_OK) {
    sz_key(pos, e->key);
    return e->code = rc;
  }
  if (found) { *dtz = sz_before_zeroing(wdl) + (wdl > 0 ? stored : -stored); return SZ_OK; }
  if (wdl > 0) {  /* the table holds the other side: the best of this side's quiet piece moves */
    int best = 0xffff;
    const int n = board_generate(pos, ~pos->by_type[PAWN], ~pos->by_type[NO_PIECE_TYPE], 1, moves);
    for (int i = 0; i < n; i++) {
      StateInfo st;
      int v;
      board_push_legal(pos, moves[i], &st);
      rc = sz_dtz(b, pos, &v, e);
      if (rc == SZ_OK) {
        v = -v;
        if (v == 1 && sz_checkmate(pos)) best = 1;
        else if (v > 0 && v + 1 < best) best = v + 1;
      }
      board_pop(pos);
      if (rc != SZ_OK) return rc;
    }
    *dtz = best;
    return SZ_OK;
  }
  int best = -1;
  const int n = board_generate(pos, ~0ULL, ~0ULL, 1, moves);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    int v, s;
    board_push_legal(pos, moves[i], &st);
    if (pos->st->rule50 == 0) {
      if (wdl == -2) v = -1, rc = SZ_OK;
      else if ((rc = sz_ab(b, pos, 1, 2, &v, &s, e)) == SZ_OK) v = v == 2 ? 0 : -101;
    } else if ((rc = sz_dtz(b, pos, &v, e)) == SZ_OK) {
      v = -v - 1;
    }
    board_pop(pos);
    if (rc != SZ_OK) return rc;
    if (v < best) best = v;
  }
  *dtz = best;
  return SZ_OK;
}

/* Returns SZ_OK with *dtz python-chess's probe_dtz of pos (en passant looked at). */
static int sz_dtz(const SzBase *b, Position *pos, int *dtz, SzError *e) {
  static const int wdl_to_dtz[5] = {-1, -101, 0, 101, 1};
  int v, v1, all, rc;
  if ((rc = sz_dtz_no_ep(b, pos, &v, e)) != SZ_OK) return rc;
  if (pos->st->ep_raw != SQ_NONE) {
    if ((rc = sz_ep(b, pos, &v1, &all, e)) != SZ_OK) return rc;
    if (v1 > -3) {
      v1 = wdl_to_dtz[v1 + 2];
      if (v < -100) { if (v1 >= 0) v = v1; }
      else if (v < 0) { if (v1 >= 0 || v1 < -100) v = v1; }
      else if (v > 100) { if (v1 > 0) v = v1; }
      else if (v > 0) { if (v1 == 1) v = v1; }
      else if (v1 >= 0) v = v1;
      else if (all) v = v1;
    }
  }
  *dtz = v;
  return SZ_OK;
}

/* Returns as sz_probe, on pos itself (its moves taken back before it returns). */
static int sz_probe_on(const SzBase *b, Position *p, int what, int alpha, int beta, int wdl, int *v, int *v2,
                       SzError *e) {
  memset(e, 0, sizeof *e);
  *v2 = 0;
  switch (what) {
    case SZ_PROBE_WDL_TABLE: return sz_wdl_table(b, p, v, e);
    case SZ_PROBE_AB: return sz_ab(b, p, alpha, beta, v, v2, e);
    case SZ_PROBE_WDL: return sz_probe_wdl(b, p, v, e);
    case SZ_PROBE_DTZ_NO_EP: return sz_dtz_no_ep(b, p, v, e);
    case SZ_PROBE_DTZ: return sz_dtz(b, p, v, e);
    case SZ_PROBE_DTZ_TABLE: {
      const SzTable *t;
      int flipped, rc;
      if ((rc = sz_table_of(b, p, SZ_DTZ, &t, &flipped, e)) != SZ_OK) return rc;
      if ((rc = sz_dtz_raw(t, p->by_color, p->by_type, p->side, flipped, wdl, v, v2)) != SZ_OK) {
        sz_key(p, e->key);
        e->code = rc;
      }
      return rc;
    }
    default: return e->code = SZ_CORRUPT;
  }
}

int sz_probe_position(const SzBase *b, Position *pos, int what, int *value, SzError *e) {
  int v2;
  return sz_probe_on(b, pos, what, -2, 2, 0, value, &v2, e);
}

int sz_probe(const SzBase *b, const Position *pos, int what, int alpha, int beta, int wdl, int *v, int *v2,
             SzError *e) {
  Position p = *pos;
  StateInfo st = *pos->st;
  p.st = &st, p.maps = NULL, p.psqt = NULL;  /* (the board's own history and maps stay as they are) */
  return sz_probe_on(b, &p, what, alpha, beta, wdl, v, v2, e);
}

int sz_position(const SzBits *in, size_t i, Position *pos, StateInfo *st) {
  const uint64_t *bits = in->bits + 8 * i;
  if (in->castling && in->castling[i]) return SZ_CASTLING;
  const Bitboard white = bits[6], black = bits[7], occupied = white | black;
  Bitboard seen = 0;
  for (int k = 0; k < 6; k++) {
    if (bits[k] & seen) return SZ_INVALID;
    seen |= bits[k];
  }
  if (seen != occupied || (white & black) || (bits[0] & (RANK_1_BB | RANK_8_BB)))
    return SZ_INVALID;
  const Bitboard kings = bits[5];
  if (!(kings & white) || ((kings & white) & ((kings & white) - 1)) || !(kings & black) ||
      ((kings & black) & ((kings & black) - 1)))
    return SZ_INVALID;
  const int ep = in->ep ? in->ep[i] : -1;
  if (ep >= 64 || (ep >= 0 && ep >> 3 != 2 && ep >> 3 != 5)) return SZ_INVALID;
  /* (every bitboard is set below; the castling geometry left unset: only read for a castling
     right, which it has none of) */
  memset(pos->board, 0, sizeof pos->board);
  pos->chess960 = 0;
  pos->maps = NULL, pos->psqt = NULL;
  memset(st, 0, sizeof *st);
  pos->by_type[NO_PIECE_TYPE] = occupied;
  pos->by_color[WHITE] = white, pos->by_color[BLACK] = black;
  for (int pt = PAWN; pt <= KING; pt++) {
    pos->by_type[pt] = bits[pt - 1];
    for (Bitboard b = bits[pt - 1]; b; b &= b - 1) {
      const Square s = lsb(b);
      pos->board[s] = (uint8_t)make_piece((black >> s) & 1 ? BLACK : WHITE, pt);
    }
  }
  pos->side = !in->turns || in->turns[i] ? WHITE : BLACK;
  pos->st = st;
  st->rule50 = in->rule50 ? in->rule50[i] : 0;
  st->fullmove = 1;
  st->ep_raw = ep >= 0 ? (uint8_t)ep : SQ_NONE;
  if (ep >= 0) {
    board_sync(pos);
  } else {  /* board_sync's answer without its general case: one king a side, no castling, no en passant */
    const Bitboard theirs = kings & pos->by_color[pos->side ^ 1];
    const int regular = !position_attackers(pos, pos->side, lsb(theirs), occupied);
    st->flags = (uint8_t)((regular ? BOARD_REGULAR : 0) | (pos->side == BLACK ? BOARD_BLACK : 0));
    st->ep = SQ_NONE;
#ifdef CB_DEBUG  /* (only position_ok's invariant reads the key: no probe does) */
    st->key = position_compute_key(pos);
#endif
  }
  return SZ_OK;
}

void sz_many_begin(SzMany *m) {
  for (int t = 0; t < WORKERS_MAX; t++) m->first_row[t] = -1;
}

/* Returns nothing; writes rc, the outcome of row n's probe (v, e), into m. */
static void sz_many_put(SzMany *m, int thread, size_t n, int rc, int v, const SzError *e) {
  m->code[n] = (int8_t)rc;
  m->value[n] = rc == SZ_OK ? (int16_t)v : 0;
  if (rc == SZ_NEED) {
    workers_set_flag(&m->need[2 * e->entry + e->kind]);
  } else if (rc != SZ_OK && (m->first_row[thread] < 0 || (int64_t)n < m->first_row[thread])) {
    m->first[thread] = *e;
    m->first_row[thread] = (int64_t)n;
  }
}

void sz_many_row(SzMany *m, int thread, size_t n, const Position *pos) {
  if (m->retry && m->code[n] != SZ_NEED) return;
  SzError e;
  int v, v2;
  const int rc = sz_probe(m->base, pos, m->what, -2, 2, 0, &v, &v2, &e);
  sz_many_put(m, thread, n, rc, v, &e);
}

int sz_probe_bits(const SzBase *b, const uint64_t bits[8], int white, int ep, unsigned rule50, int what, int *value) {
  const uint8_t turn = white != 0;
  const int8_t square = (int8_t)(ep >= 0 && ep < 64 ? ep : ep < 0 ? -1 : 64);
  const uint32_t clock = rule50;
  const SzBits in = {bits, &turn, &square, &clock, NULL};
  Position pos;
  StateInfo st;
  SzError e;
  int v2, rc = sz_position(&in, 0, &pos, &st);
  if (rc == SZ_OK) rc = sz_probe_on(b, &pos, what, -2, 2, 0, value, &v2, &e);
  return rc;
}

enum { SZ_CHUNK = 64 };  /* rows a thread takes at a time */

typedef struct {
  SzMany *m;
  const SzBits *in;               /* the rows as bitboards, or */
  const Position *const *pos;     /* as positions */
  size_t n;
  volatile int64_t *next;
  int thread;
} SzWork;

/* Returns nothing; one thread's share of sz_many_bits or sz_many_positions. */
static void sz_work_run(void *arg) {
  SzWork *w = arg;
  SzMany *m = w->m;
  for (;;) {
    const int64_t first = workers_fetch_add(w->next, SZ_CHUNK);
    if (first >= (int64_t)w->n) return;
    const size_t last = (size_t)first + SZ_CHUNK < w->n ? (size_t)first + SZ_CHUNK : w->n;
    for (size_t i = (size_t)first; i < last; i++) {
      if (m->retry && m->code[i] != SZ_NEED) continue;
      if (w->pos) {
        sz_many_row(m, w->thread, i, w->pos[i]);
        continue;
      }
      Position pos;
      StateInfo st;
      SzError e;
      int v = 0, v2, rc = sz_position(w->in, i, &pos, &st);
      if (rc == SZ_OK) rc = sz_probe_on(m->base, &pos, m->what, -2, 2, 0, &v, &v2, &e);
      else memset(&e, 0, sizeof e), e.code = rc;
      sz_many_put(m, w->thread, i, rc, v, &e);
    }
  }
}

/* Returns nothing; rows [0, n) of in or pos probed on `threads` threads. */
static void sz_many_run(SzMany *m, const SzBits *in, const Position *const *pos, size_t n, int threads) {
  volatile int64_t next = 0;
  threads = workers_for(threads, n / SZ_CHUNK + 1);
  SzWork w[WORKERS_MAX];
  for (int t = 0; t < threads; t++) w[t] = (SzWork){m, in, pos, n, &next, t};
  workers_run(threads, sz_work_run, w, sizeof w[0]);
}

void sz_many_bits(SzMany *m, const SzBits *in, size_t n, int threads) { sz_many_run(m, in, NULL, n, threads); }

void sz_many_positions(SzMany *m, const Position *const *pos, size_t n, int threads) {
  sz_many_run(m, NULL, pos, n, threads);
}
