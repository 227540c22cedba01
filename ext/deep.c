#include <stdlib.h>
#include <string.h>
#include "deep.h"
#include "movegen.h"
#include "workers.h"

/* Returns nothing; writes pos packed to *r. */
static void deep_pack(const Position *pos, PackedPosition *r) {
  memset(r, 0, sizeof *r);
  r->occ = pos->by_type[NO_PIECE_TYPE];
  r->white = pos->by_color[WHITE];
  for (int pt = PAWN; pt <= QUEEN; pt++) r->pieces[pt - PAWN] = pos->by_type[pt];
  r->side = (uint8_t)pos->side, r->castling = pos->st->castling, r->ep = pos->st->ep;
}

void deep_unpack(Position *pos, StateInfo *st, const PackedPosition *r) {
  memset(st, 0, sizeof *st);
  st->castling = r->castling, st->ep = r->ep, st->fullmove = 1;
  st->ep_raw = SQ_NONE, st->captured = NO_PIECE;
  pos->st = st;
  pos->side = r->side;
  pos->maps = NULL, pos->psqt = NULL;
  pos->by_type[NO_PIECE_TYPE] = r->occ;
  pos->by_color[WHITE] = r->white;
  pos->by_color[BLACK] = r->occ & ~r->white;
  Bitboard kings = r->occ;
  for (int pt = PAWN; pt <= QUEEN; pt++) kings &= ~(pos->by_type[pt] = r->pieces[pt - PAWN]);
  pos->by_type[KING] = kings;
  memset(pos->board, NO_PIECE, sizeof pos->board);
  for (int pt = PAWN; pt <= KING; pt++)
    for (Bitboard b = pos->by_type[pt]; b;) {
      const Square s = pop_lsb(&b);
      pos->board[s] = (uint8_t)make_piece(r->white >> s & 1 ? WHITE : BLACK, pt);
    }
  st->key = position_compute_key(pos);
}

/* The distinct positions found so far: open addressing over indices into out. */
typedef struct {
  PackedPosition *out;
  uint64_t *paths;
  int64_t *slots, n, cap;
  uint64_t mask;
} DeepSet;

/* Returns the slot-table hash of a packed position. */
static uint64_t deep_hash(const PackedPosition *r) {
  uint64_t words[8], h = 0;
  memcpy(words, r, sizeof words);
  for (int i = 0; i < 8; i++) h = perft_tt_mix(h, words[i]);
  return h ^ (h >> 31);
}

/* Returns 0, or -1 when a new position would pass the cap; records pos once more. */
static int deep_set_add(DeepSet *set, const Position *pos) {
  PackedPosition r;
  deep_pack(pos, &r);
  for (uint64_t i = deep_hash(&r) & set->mask;; i = (i + 1) & set->mask) {
    const int64_t k = set->slots[i];
    if (k < 0) {
      if (set->n == set->cap) return -1;
      set->out[set->n] = r, set->paths[set->n] = 1;
      set->slots[i] = set->n++;
      return 0;
    }
    if (!memcmp(&set->out[k], &r, sizeof r)) {
      set->paths[k]++;
      return 0;
    }
  }
}

/* Returns 0, or -1 past the cap; adds every position ply plies below pos. */
static int deep_split_rec(Position *pos, const MovegenTechnique *mt, int ply, DeepSet *set) {
  if (ply == 0) return deep_set_add(set, pos);
  Move list[MAX_MOVES];
  const int n = mt->generate(pos, list);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    do_move(pos, list[i], &st);
    const int err = deep_split_rec(pos, mt, ply - 1, set);
    undo_move(pos, list[i]);
    if (err) return err;
  }
  return 0;
}

int64_t deep_split(Position *pos, int ply, int64_t cap, PackedPosition *out, uint64_t *paths) {
  DeepSet set = {out, paths, NULL, 0, cap, 1};
  while (set.mask < (uint64_t)cap * 2) set.mask = set.mask * 2 + 1;
  if (!(set.slots = malloc((set.mask + 1) * sizeof(int64_t)))) return -2;
  memset(set.slots, 0xFF, (set.mask + 1) * sizeof(int64_t));  /* -1: empty */
  AttackMaps *maps = pos->maps;
  Psqt *psqt = pos->psqt;
  pos->maps = NULL, pos->psqt = NULL;
  const int err = deep_split_rec(pos, &movegen_techniques[movegen_technique()], ply, &set);
  pos->maps = maps, pos->psqt = psqt;
  free(set.slots);
  return err ? -1 : set.n;
}

/* Returns nothing; one thread's loop: take the next task, count it, until none is left. */
static void deep_worker(void *arg) {
  DeepBatch *b = arg;
  const MovegenTechnique *mt = &movegen_techniques[perft_technique(b->technique)];
  for (int64_t i; !*b->stop && (i = workers_fetch_add(&b->next, 1)) < b->n;) {
    Position pos = *b->root;
    StateInfo st;
    deep_unpack(&pos, &st, &b->tasks[i]);
    if (b->stats) {
      PerftStats s;
      memset(&s, 0, sizeof s);
      perft_stats(&pos, b->depth, &s);
      memcpy(&b->counts[i * PERFT_STAT_NB], &s, sizeof s);
    } else b->counts[i] = mt->perft(&pos, b->depth, b->tt);
    if (b->finished) workers_set_flag(&b->finished[i]);
    workers_fetch_add(b->done, 1);
    workers_fetch_add(&b->counted, 1);
  }
}

int deep_run(DeepBatch *b, int threads) {
  b->next = 0, b->counted = 0;
  workers_run(workers_for(threads, b->n > 0 ? (size_t)b->n : 0), deep_worker, b, 0);
  return workers_load(&b->counted) == b->n;
}

int deep_finished(const volatile uint8_t *finished, int64_t first, int64_t last) {
  for (int64_t i = first; i < last; i++)
    if (!workers_get_flag(&finished[i])) return 0;
  return 1;
}

uint64_t perft_hashed(const Position *pos, int depth, int technique, size_t tt_bytes, int threads) {
  const int t = perft_technique(technique);
  Position copy;
  StateInfo st;
  position_copy(pos, &copy, &st);
  PerftTT tt;
  if (!perft_tt_alloc(&tt, tt_bytes, 0)) return perft_threads(pos, depth, t, threads);
  uint64_t total = 0;
  /* two plies down the distinct positions are a few hundred tasks for the threads to share */
  const int64_t cap = threads > 1 && depth >= 4 ? (int64_t)perft(&copy, 2, t) : 0;
  PackedPosition *tasks = cap ? malloc((size_t)cap * sizeof *tasks) : NULL;
  uint64_t *paths = tasks ? malloc((size_t)cap * 2 * sizeof *paths) : NULL;
  const int64_t n = paths ? deep_split(&copy, 2, cap, tasks, paths) : -1;
  if (n > 0) {
    volatile int64_t done = 0;
    volatile int stop = 0;
    DeepBatch b = {&copy, tasks, n, depth - 2, t, 0, &tt, paths + cap, NULL, 0, 0, &done, &stop};
    deep_run(&b, threads);
    for (int64_t i = 0; i < n; i++) total += paths[i] * b.counts[i];
  } else total = movegen_techniques[t].perft(&copy, depth, &tt);
  free(tasks);
  free(paths);
  perft_tt_free(&tt);
  return total;
}
