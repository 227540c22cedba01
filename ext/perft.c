#include <stdlib.h>
#include "perft.h"
#include "workers.h"

#define PERFT_STAT_NAME(name) #name,
const char *const perft_stat_names[PERFT_STAT_NB] = {PERFT_STATS(PERFT_STAT_NAME)};
#undef PERFT_STAT_NAME

int perft_technique(int t) {
  return t == MOVEGEN_INCREMENTAL || technique_available(t) ? t : movegen_technique();
}

uint64_t perft(Position *pos, int depth, int technique) {
  return movegen_techniques[perft_technique(technique)].perft(pos, depth, NULL);
}

int perft_divide(Position *pos, int depth, int technique, Move *moves, uint64_t *counts) {
  const MovegenTechnique *mt = &movegen_techniques[perft_technique(technique)];
  const int n = mt->generate(pos, moves);
  for (int i = 0; i < n; i++) {
    StateInfo st;
    do_move(pos, moves[i], &st);
    counts[i] = mt->perft(pos, depth - 1, NULL);
    undo_move(pos, moves[i]);
  }
  return n;
}

/* A divide's unit of work on threads: the root move i, then its reply (MOVE_NONE when the root
   move itself is the unit); its leaves go to count. */
typedef struct {
  int i;
  Move reply;
  uint64_t count;
} PerftTask;

/* One thread's share of a divide: it takes the next task from the shared counter. */
typedef struct {
  Position pos;
  StateInfo st;
  const Move *moves;
  PerftTask *tasks;
  volatile int64_t *next;
  int n, depth, technique;
} PerftJob;

/* Returns nothing; counts the tasks this thread takes. */
static void perft_job_run(void *arg) {
  PerftJob *job = arg;
  const MovegenTechnique *mt = &movegen_techniques[job->technique];
  for (int64_t k; (k = workers_fetch_add(job->next, 1)) < job->n;) {
    PerftTask *t = &job->tasks[k];
    StateInfo st, st2;
    do_move(&job->pos, job->moves[t->i], &st);
    if (t->reply == MOVE_NONE) t->count = mt->perft(&job->pos, job->depth - 1, NULL);
    else {
      do_move(&job->pos, t->reply, &st2);
      t->count = mt->perft(&job->pos, job->depth - 2, NULL);
      undo_move(&job->pos, t->reply);
    }
    undo_move(&job->pos, job->moves[t->i]);
  }
}

/* Returns the number of tasks written to *tasks (malloc'd; NULL on no memory): each root move
   with each reply when depth >= 3, so threads share the work evenly whatever the root moves'
   sizes (a few big root moves, as in position 4, leave a thread idle), else each root move. */
static int perft_tasks(const Position *pos, const MovegenTechnique *mt, int depth, const Move *moves, int n,
                       PerftTask **tasks) {
  Position copy;
  StateInfo st, st2;
  Move replies[MAX_MOVES];
  int total = 0, cap = depth >= 3 ? 0 : n;
  position_copy(pos, &copy, &st);
  if (depth >= 3)
    for (int i = 0; i < n; i++) {
      do_move(&copy, moves[i], &st2);
      cap += mt->count(&copy);
      undo_move(&copy, moves[i]);
    }
  *tasks = malloc(sizeof(PerftTask) * (size_t)(cap ? cap : 1));
  if (!*tasks) return 0;
  for (int i = 0; i < n; i++) {
    if (depth < 3) {
      (*tasks)[total++] = (PerftTask){i, MOVE_NONE, 0};
      continue;
    }
    do_move(&copy, moves[i], &st2);
    const int r = mt->generate(&copy, replies);
    for (int j = 0; j < r; j++) (*tasks)[total++] = (PerftTask){i, replies[j], 0};
    undo_move(&copy, moves[i]);
  }
  return total;
}

int perft_divide_threads(const Position *pos, int depth, int technique, int threads, Move *moves, uint64_t *counts) {
  const int t = perft_technique(technique);
  const MovegenTechnique *mt = &movegen_techniques[t];
  const int n = mt->generate(pos, moves);
  if (threads > WORKERS_MAX) threads = WORKERS_MAX;
  PerftTask *tasks = NULL;
  const int ntasks = threads > 1 && depth >= 2 ? perft_tasks(pos, mt, depth, moves, n, &tasks) : 0;
  if (threads > ntasks) threads = ntasks;
  PerftJob *jobs = threads > 1 ? malloc(sizeof(PerftJob) * (size_t)threads) : NULL;
  if (!jobs) {  /* one thread, or no memory for the jobs: count here, on a copy */
    free(tasks);
    Position copy;
    StateInfo st;
    position_copy(pos, &copy, &st);
    return perft_divide(&copy, depth, t, moves, counts);
  }
  volatile int64_t next = 0;
  for (int k = 0; k < threads; k++) {
    position_copy(pos, &jobs[k].pos, &jobs[k].st);
    jobs[k].moves = moves, jobs[k].tasks = tasks, jobs[k].next = &next;
    jobs[k].n = ntasks, jobs[k].depth = depth, jobs[k].technique = t;
  }
  workers_run(threads, perft_job_run, jobs, sizeof(PerftJob));
  for (int i = 0; i < n; i++) counts[i] = 0;
  for (int k = 0; k < ntasks; k++) counts[tasks[k].i] += tasks[k].count;
  free(jobs);
  free(tasks);
  return n;
}

uint64_t perft_threads(const Position *pos, int depth, int technique, int threads) {
  Move moves[MAX_MOVES];
  uint64_t counts[MAX_MOVES], total = 0;
  if (depth <= 1 || threads <= 1) {
    Position copy;
    StateInfo st;
    position_copy(pos, &copy, &st);
    return perft(&copy, depth, technique);
  }
  const int n = perft_divide_threads(pos, depth, technique, threads, moves, counts);
  for (int i = 0; i < n; i++) total += counts[i];
  return total;
}

/* What a node's leaves need for checks (Stockfish's check squares and discovered-check
   candidates): the squares each of our piece types would check from, and our pieces whose
   leaving the line opens a slider's check. */
typedef struct {
  Bitboard check_sq[PIECE_TYPE_NB];
  Bitboard discoverers;
  Square ksq;
} StatsChecks;

/* Returns nothing; fills *c for pos's side to move. */
static void perft_stats_checks(const Position *pos, StatsChecks *c) {
  const Color us = pos->side, them = us ^ 1;
  const Square k = lsb(pieces_cp(pos, them, KING));
  const Bitboard occ = pos->by_type[NO_PIECE_TYPE];
  const Technique *t = &Techniques[movegen_technique()];
  const Bitboard b = t->bishop(k, occ), r = t->rook(k, occ);
  const Bitboard queens = pos->by_type[QUEEN];
  c->ksq = k;
  c->check_sq[PAWN] = PawnAttacks[them][k];
  c->check_sq[KNIGHT] = KnightAttacks[k];
  c->check_sq[BISHOP] = b, c->check_sq[ROOK] = r, c->check_sq[QUEEN] = b | r, c->check_sq[KING] = 0;
  Bitboard snipers = ((t->bishop(k, 0) & (pos->by_type[BISHOP] | queens)) |
                      (t->rook(k, 0) & (pos->by_type[ROOK] | queens))) & pos->by_color[us];
  c->discoverers = 0;
  while (snipers) {
    const Bitboard between = BetweenBB[pop_lsb(&snipers)][k] & occ;
    if (between && !(between & (between - 1)) && (between & pos->by_color[us])) c->discoverers |= between;
  }
}

/* Returns nothing; counts a checking leaf: discovered when the checker is not the piece that
   moved, a double check only as double (as the tables count), and mate if no reply exists. */
static void perft_stats_check(Position *pos, const MovegenTechnique *mt, Move m, int direct, int discovered,
                              int checkers, PerftStats *s) {
  s->checks++;
  if (checkers > 1) s->double_checks++;
  else if (discovered && !direct) s->discovery_checks++;
  StateInfo st;
  do_move(pos, m, &st);
  if (mt->count(pos) == 0) s->checkmates++;
  undo_move(pos, m);
}

/* Returns nothing; adds the statistics of the leaf reached by m, a legal move of pos's side:
   plain moves by the check squares, the rare others (castling, en passant, promotions) by the
   attackers of the king with m played on the bitboards. */
static void perft_stats_leaf(Position *pos, const MovegenTechnique *mt, const StatsChecks *c, Move m,
                             PerftStats *s) {
  const Color us = pos->side;
  const Square from = move_from(m), to = move_to(m);
  s->nodes++;
  if (move_type(m) == MOVE_NORMAL) {
    if (pos->board[to]) s->captures++;
    const int direct = (int)(c->check_sq[type_of_piece(pos->board[from])] >> to & 1);
    const int discovered = (c->discoverers >> from & 1) && !(LineBB[from][c->ksq] >> to & 1);
    if (direct | discovered) perft_stats_check(pos, mt, m, direct, discovered, direct + discovered, s);
    return;
  }
  Bitboard moved = square_bb(to);  /* where the moving piece stands after m */
  if (move_type(m) == MOVE_CASTLING) {
    s->castles++;
    moved = square_bb(castling_rook_to(from, to));
  } else if (move_type(m) == MOVE_EP) {
    s->captures++;
    s->en_passant++;
  } else {
    s->promotions++;
    if (pos->board[to]) s->captures++;
  }
  position_toggle_bb(pos, m, us);
  const Bitboard checkers = position_attackers(pos, us, c->ksq, pos->by_type[NO_PIECE_TYPE]);
  position_toggle_bb(pos, m, us);
  if (checkers)
    perft_stats_check(pos, mt, m, (checkers & moved) != 0, (checkers & ~moved) != 0, popcount(checkers) > 1 ? 2 : 1, s);
}

/* Returns nothing; perft_stats below pos. */
static void perft_stats_rec(Position *pos, const MovegenTechnique *mt, int depth, PerftStats *s) {
  Move list[MAX_MOVES];
  const int n = mt->generate(pos, list);
  if (depth == 1) {
    StatsChecks c;
    perft_stats_checks(pos, &c);
    for (int i = 0; i < n; i++) perft_stats_leaf(pos, mt, &c, list[i], s);
    return;
  }
  for (int i = 0; i < n; i++) {
    StateInfo st;
    do_move(pos, list[i], &st);
    perft_stats_rec(pos, mt, depth - 1, s);
    undo_move(pos, list[i]);
  }
}

void perft_stats(Position *pos, int depth, PerftStats *s) {
  if (depth < 1) return;
  perft_stats_rec(pos, &movegen_techniques[movegen_technique()], depth, s);
}
