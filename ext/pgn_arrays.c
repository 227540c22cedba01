/* The arrays sink of pgn.c: python-chess's GameBuilder reduced to what read_games keeps (the
   mainline's moves, the clock and eval of each mainline node's comment, tags, result, errors),
   with its board stack as one Position walked by make/unmake (a variation pops the move it
   replaces and puts it back when it closes). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pgn_arrays.h"

#define PA_GROW(a, arr, n, cap, type)                                              \
  do {                                                                             \
    if ((n) >= (cap)) {                                                            \
      size_t c_ = (cap) ? (cap) * 2 : 64;                                          \
      type *p_ = realloc((arr), c_ * sizeof(type));                                \
      if (!p_) { (a)->oom = 1; return PGN_ABORT; }                                 \
      (arr) = p_, (cap) = c_;                                                      \
    }                                                                              \
  } while (0)

/* python-chess's Headers: is_chess960(), is_wild(), Board.aliases, and the variants' aliases
   (chess.variant.VARIANTS), compared case-insensitively. */
static const char *const PA_CHESS960[] = {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random", NULL};
static const char *const PA_WILD[] = {"wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a", NULL};
static const char *const PA_STANDARD[] = {"standard", "chess", "classical", "normal", "illegal", "from position", NULL};
static const char *const PA_VARIANTS[] = {
  "suicide", "suicide chess", "giveaway", "giveaway chess", "give away", "give away chess",
  "antichess", "anti chess", "anti", "atomic", "atom", "atomic chess", "king of the hill", "koth",
  "kingofthehill", "racing kings", "racing", "race", "racingkings", "horde", "horde chess",
  "three-check", "three check", "threecheck", "three check chess", "3-check", "3 check", "3check",
  "crazyhouse", "crazy house", "house", "zh", NULL};

/* Returns 1 if s[0..n) equals a word of list ignoring ASCII case. */
static int pa_named(PgnSpan s, const char *const *list) {
  for (; *list; list++) {
    if (strlen(*list) != s.n) continue;
    size_t i = 0;
    while (i < s.n && (s.p[i] >= 'A' && s.p[i] <= 'Z' ? s.p[i] + 32 : s.p[i]) == (*list)[i]) i++;
    if (i == s.n) return 1;
  }
  return 0;
}

static int pa_span_is(PgnSpan s, const char *w) { return strlen(w) == s.n && memcmp(s.p, w, s.n) == 0; }

/* Returns 0 after recording an error of the current game. */
static int pa_error(PgnArrays *a, int kind, int code, PgnSpan token, int move, int with_fen) {
  PA_GROW(a, a->errors, a->nerrors, a->error_cap, PgnErrorRec);
  PgnErrorRec *e = &a->errors[a->nerrors++];
  e->game = (int64_t)a->ngames, e->line = a->src.line_no, e->kind = kind, e->code = code, e->move = move;
  e->token = token.p - a->src.buf, e->token_n = (int64_t)token.n;
  e->fen[0] = 0;
  if (with_fen) e->fen[board_fen(&a->board.pos, 0, BOARD_EP_LEGAL, 0, e->fen)] = 0;
  return 0;
}

static int pa_begin_game(void *ctx) {
  PgnArrays *a = ctx;
  if (a->shard_workers && a->next_game % a->shard_workers != a->shard_worker) {
    a->dry = 1;
    return PGN_SKIP;
  }
  PA_GROW(a, a->games, a->ngames, a->game_cap, PgnGameRec);
  PgnGameRec *g = &a->games[a->ngames];
  g->first_move = (int64_t)a->nmoves, g->result = -1, g->result_n = 1;
  g->fen = -1, g->fen_n = 0, g->chess960 = 0;
  a->has_variant = a->has_fen = 0;
  return PGN_GO;
}

static int pa_header(void *ctx, PgnSpan name, PgnSpan value) {
  PgnArrays *a = ctx;
  PA_GROW(a, a->tags, a->ntags, a->tag_cap, PgnTagRec);
  PgnTagRec *t = &a->tags[a->ntags++];
  t->game = (int64_t)a->ngames;
  t->name = name.p - a->src.buf, t->name_n = (int64_t)name.n;
  t->value = value.p - a->src.buf, t->value_n = (int64_t)value.n;
  PgnGameRec *g = &a->games[a->ngames];
  if (pa_span_is(name, "Variant")) a->variant = value, a->has_variant = 1;
  else if (pa_span_is(name, "FEN")) a->fen = value, a->has_fen = 1;
  else if (pa_span_is(name, "Result")) g->result = value.p - a->src.buf, g->result_n = (int64_t)value.n;
  return PGN_GO;
}

/* The starting position, read once. */
static Position pa_start;
static StateInfo pa_start_st;
static int pa_start_ready;

static int pa_end_headers(void *ctx) {
  PgnArrays *a = ctx;
  int chess960 = 0;
  if (a->has_variant) {
    chess960 = pa_named(a->variant, PA_CHESS960);
    if (!chess960 && !pa_named(a->variant, PA_WILD) && !pa_named(a->variant, PA_STANDARD)) {
      const int known = pa_named(a->variant, PA_VARIANTS);
      if (pa_error(a, known ? PGN_ERR_VARIANT_BULK : PGN_ERR_VARIANT, 0, a->variant, 0, 0) < 0) return PGN_ABORT;
      if (known) return PGN_SKIP;
    }
  }
  a->visitor_depth = 0, a->in_variation = 0;
  Position pos;
  StateInfo st;
  if (!a->has_fen && !chess960) {
    pos = pa_start, st = pa_start_st;
  } else {
    static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    PgnSpan f = a->has_fen ? a->fen : (PgnSpan){start_fen, sizeof start_fen - 1};
    int where;
    const FenError e = board_set_fen(&pos, f.p, f.n, chess960, &st, &where);
    if (e != FEN_OK) {
      if (pa_error(a, PGN_ERR_FEN, e, f, where, 0) < 0) return PGN_ABORT;
      return PGN_SKIP;
    }
  }
  if (pgn_board_set(&a->board, &pos, &st) < 0) { a->oom = 1; return PGN_ABORT; }
  Position *p = &a->board.pos;
  if (!p->chess960 && board_has_chess960_castling(p, 0)) p->chess960 = 1;
  a->start_black = p->side == BLACK;
  PgnGameRec *g = &a->games[a->ngames];
  if (a->has_fen) g->fen = a->fen.p - a->src.buf, g->fen_n = (int64_t)a->fen.n;
  g->chess960 = p->chess960;
  return PGN_GO;
}

static int pa_comment(void *ctx, PgnSpan text) {
  PgnArrays *a = ctx;
  PgnGameRec *g = &a->games[a->ngames];
  const int64_t tip = (int64_t)a->nmoves - 1;
  /* GameBuilder: the comment of the mainline's last node if a move was just visited */
  if (a->visitor_depth || !a->in_variation || tip < g->first_move) return PGN_GO;
  double v;
  if (isnan(a->clocks[tip]) && pgn_clock(text, &v)) a->clocks[tip] = (float)v;
  if (isnan(a->evals[tip])) {
    int mate;
    int64_t moves;
    if (pgn_eval(text, &mate, &moves, &v)) {
      if (!mate) a->evals[tip] = (float)v;
      else if (moves > 0) a->evals[tip] = (float)((100000.0 - (double)moves) / 100);
      else if (moves < 0) a->evals[tip] = (float)((-100000.0 - (double)moves) / 100);
      else { /* #0: the side to move after the move is mated */
        const int black_to_move = a->start_black ^ (int)((tip - g->first_move + 1) & 1);
        a->evals[tip] = black_to_move ? 1000.0f : -1000.0f;
      }
    }
  }
  return PGN_GO;
}

static int pa_nag(void *ctx, PgnSpan token, int nag) { (void)ctx, (void)token, (void)nag; return PGN_GO; }

static int pa_begin_variation(void *ctx) {
  PgnArrays *a = ctx;
  const int k = pgn_board_begin_variation(&a->board);
  if (k < 0) { a->oom = 1; return PGN_ABORT; }
  if (!k) return PGN_IGNORED; /* python-chess: no move on the board's stack */
  a->visitor_depth++, a->in_variation = 0;
  return PGN_GO;
}

static int pa_end_variation(void *ctx, int pop_board) {
  PgnArrays *a = ctx;
  if (a->visitor_depth) a->visitor_depth--;
  if (pop_board) pgn_board_end_variation(&a->board); /* else python-chess keeps the board of a variation cut short */
  return PGN_GO;
}

static int pa_board_depth(void *ctx) { return pgn_board_depth(&((PgnArrays *)ctx)->board); }

static int pa_result(void *ctx, PgnSpan token) {
  PgnArrays *a = ctx;
  PgnGameRec *g = &a->games[a->ngames];
  const int star = g->result < 0 || (g->result_n == 1 && a->src.buf[g->result] == '*');
  if (star) g->result = token.p - a->src.buf, g->result_n = (int64_t)token.n;
  return PGN_GO;
}

/* Returns 0 after recording the position before the move at index i. */
static void pa_position(PgnArrays *a, size_t i) {
  const Position *p = &a->board.pos;
  uint64_t *b = a->boards + 8 * i;
  for (int t = PAWN; t <= KING; t++) b[t - PAWN] = p->by_type[t];
  b[6] = p->by_color[WHITE], b[7] = p->by_color[BLACK];
  a->castling[i] = p->st->castling_raw;
  a->ep[i] = (int8_t)(p->st->ep == SQ_NONE ? -1 : p->st->ep);
  a->turn[i] = p->side == WHITE;
  a->halfmove[i] = p->st->rule50;
}

/* Returns 0 after room for one more move in every per-move array. */
static int pa_move_room(PgnArrays *a) {
  if (a->nmoves < a->move_cap) return 0;
  const size_t cap = a->move_cap ? a->move_cap * 2 : 4096;
  void *m = realloc(a->moves, cap * sizeof *a->moves);
  if (m) a->moves = m;
  void *c = realloc(a->clocks, cap * sizeof *a->clocks);
  if (c) a->clocks = c;
  void *e = realloc(a->evals, cap * sizeof *a->evals);
  if (e) a->evals = e;
  int ok = m && c && e;
  if (ok && a->positions) {
    void *b = realloc(a->boards, cap * 8 * sizeof *a->boards);
    if (b) a->boards = b;
    void *k = realloc(a->castling, cap * sizeof *a->castling);
    if (k) a->castling = k;
    void *p = realloc(a->ep, cap * sizeof *a->ep);
    if (p) a->ep = p;
    void *t = realloc(a->turn, cap * sizeof *a->turn);
    if (t) a->turn = t;
    void *h = realloc(a->halfmove, cap * sizeof *a->halfmove);
    if (h) a->halfmove = h;
    ok = b && k && p && t && h;
  }
  if (!ok) { a->oom = 1; return PGN_ABORT; }
  a->move_cap = cap;
  return 0;
}

static int pa_move(void *ctx, PgnSpan token) {
  PgnArrays *a = ctx;
  PyMove m = 0;
  const SanError e = san_parse(&a->board.pos, token.p, token.n, &m);
  if (e != SAN_OK) {
    if (pa_error(a, PGN_ERR_SAN, e, token, m, e != SAN_INVALID && e != SAN_MULTI_LEG) < 0) return PGN_ABORT;
    return PGN_ERROR;
  }
  if (!a->visitor_depth) {
    if (pa_move_room(a) < 0) return PGN_ABORT;
    const size_t i = a->nmoves++;
    a->moves[i] = m;
    a->clocks[i] = a->evals[i] = NAN;
    if (a->positions) pa_position(a, i);
  }
  if (pgn_board_push(&a->board, m) < 0) { a->oom = 1; return PGN_ABORT; }
  a->in_variation = 1;
  return PGN_GO;
}

static int pa_end_game(void *ctx) {
  PgnArrays *a = ctx;
  a->next_game++;
  if (a->dry) a->dry = 0;
  else a->ngames++;
  return PGN_GO;
}

static const PgnSink PA_SINK = {
  pa_begin_game, pa_header, pa_end_headers, pa_comment, pa_nag, pa_begin_variation,
  pa_end_variation, pa_board_depth, pa_result, pa_move, pa_end_game
};

void pgn_arrays_init(PgnArrays *a, int positions) {
  memset(a, 0, sizeof *a);
  a->positions = positions;
  a->reader.lines.next = pgn_buffer_next;
  a->reader.lines.ctx = &a->src;
  a->reader.sink = &PA_SINK;
  a->reader.ctx = a;
  if (!pa_start_ready) { /* the first init, before any reading thread starts (_pgn.pxi) */
    int where;
    static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    board_set_fen(&pa_start, start_fen, sizeof start_fen - 1, 0, &pa_start_st, &where);
    pa_start_ready = 1;
  }
}

void pgn_arrays_free(PgnArrays *a) {
  free(a->moves), free(a->clocks), free(a->evals), free(a->boards), free(a->castling);
  free(a->ep), free(a->turn), free(a->halfmove), free(a->games), free(a->tags), free(a->errors);
  pgn_board_free(&a->board);
  pgn_reader_free(&a->reader);
  memset(a, 0, sizeof *a);
}

void pgn_arrays_reuse(PgnArrays *a, int positions) {
  PgnArrays kept = *a;
  pgn_board_free(&a->board);
  pgn_reader_free(&a->reader);
  if (!positions) { /* (kept only while positions are asked for) */
    free(kept.boards), free(kept.castling), free(kept.ep), free(kept.turn), free(kept.halfmove);
    kept.boards = kept.castling = NULL, kept.ep = NULL, kept.turn = NULL, kept.halfmove = NULL;
  }
  pgn_arrays_init(a, positions);
  a->moves = kept.moves, a->clocks = kept.clocks, a->evals = kept.evals;
  a->boards = kept.boards, a->castling = kept.castling, a->ep = kept.ep, a->turn = kept.turn;
  a->halfmove = kept.halfmove;
  /* (no position arrays yet: the first move makes every per-move array's room anew) */
  a->move_cap = positions && !kept.boards ? 0 : kept.move_cap;
  a->games = kept.games, a->game_cap = kept.game_cap;
  a->tags = kept.tags, a->tag_cap = kept.tag_cap;
  a->errors = kept.errors, a->error_cap = kept.error_cap;
}

size_t pgn_arrays_room(const PgnArrays *a) {
  const size_t per_move = sizeof *a->moves + sizeof *a->clocks + sizeof *a->evals
      + (a->boards ? 8 * sizeof *a->boards + sizeof *a->castling + sizeof *a->ep + sizeof *a->turn
                       + sizeof *a->halfmove : 0);
  return a->move_cap * per_move + a->game_cap * sizeof *a->games + a->tag_cap * sizeof *a->tags
      + a->error_cap * sizeof *a->errors;
}

size_t pgn_arrays_read(PgnArrays *a, const char *buf, size_t n, size_t start, size_t stop, int final) {
  a->src.buf = buf, a->src.n = n, a->src.at = start, a->src.final = final;
  a->src.line_no = 0, a->src.starved = 0;
  while (a->src.at < stop && !a->oom) {
    const size_t at = a->src.at;
    const int64_t line_no = a->src.line_no;
    const size_t moves = a->nmoves, tags = a->ntags, errors = a->nerrors, games = a->ngames;
    const int64_t next_game = a->next_game;
    const int k = pgn_read_game(&a->reader);
    if (a->src.starved || k < 0) { /* cut off by the end of the buffer: read it with more text */
      a->nmoves = moves, a->ntags = tags, a->nerrors = errors, a->ngames = games;
      a->next_game = next_game, a->dry = 0;
      a->src.at = at, a->src.line_no = line_no;
      break;
    }
    if (k == 0) break;
    if (a->ngames > games) a->games[a->ngames - 1].start = (int64_t)at;
  }
  return a->src.at;
}

size_t pgn_split_point(const char *buf, size_t n, size_t from) {
  for (size_t i = from; i < n; i++) {
    const char *p = memchr(buf + i, '[', n - i);
    if (!p) return n;
    size_t j = (size_t)(p - buf);
    i = j;
    /* back over the blank lines before the '[' to the first of them */
    size_t first_blank_end = 0;
    while (j >= 2 && buf[j - 1] == '\n') {
      size_t prev_start;
      if (buf[j - 2] == '\n') prev_start = j - 1;
      else if (j >= 3 && buf[j - 2] == '\r' && buf[j - 3] == '\n') prev_start = j - 2;
      else break;
      first_blank_end = j;
      j = prev_start;
    }
    if (first_blank_end && j > from) return first_blank_end;
  }
  return n;
}
