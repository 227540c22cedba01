/* PGN read as python-chess's chess.pgn.read_game reads it, line by line: the header
   section (one blank line allowed, % and ; lines ignored, malformed tags skipped), the
   movetext tokens of its MOVETEXT_REGEX, comments over several lines, variations and
   the variation skipped after an illegal move, a game ended by a blank line outside a
   comment. What each token means is the sink's business (a game tree, arrays, a visitor);
   the lines come from a buffer or from the caller. */
#ifndef CB_PGN_H
#define CB_PGN_H

#include <stddef.h>
#include <stdint.h>

typedef struct { const char *p; size_t n; } PgnSpan;

/* A line without its terminator; eol is 1 if it had one ("\n", "\r\n" or "\r"). A line
   is python-chess's truthy line if it has text or eol. */
typedef struct { const char *p; size_t n; int eol; } PgnLine;

/* Movetext tokens: MOVETEXT_REGEX's groups in its order. */
enum { TOK_END, TOK_MOVE, TOK_COMMENT, TOK_SEMICOLON, TOK_NAG, TOK_OPEN, TOK_CLOSE, TOK_RESULT, TOK_ANNOTATION };

/* Returns the kind of the next token of s[*i..n) (TOK_END if none) with its span, *i past
   it; characters that start no token are skipped, as finditer skips them. */
int pgn_token(const char *s, size_t n, size_t *i, PgnSpan *tok);

/* Returns python-chess's NAG for an annotation token (!, ?, !!, ??, !?, ?!). */
int pgn_annotation_nag(PgnSpan tok);

/* Returns 1 if s[0..n) is all whitespace as Python's str.isspace() sees it (UTF-8). */
int pgn_is_space(const char *s, size_t n);

/* Returns 1 with the tag's name and value if the line matches python-chess's TAG_REGEX
   (the value as written: no unescaping, as python-chess). */
int pgn_tag(PgnLine line, PgnSpan *name, PgnSpan *value);

/* What a sink's callbacks return: go on, skip (the game, the variation), nothing done (a
   variation with no move to vary), a move that failed (its variation is skipped), or stop
   reading now (an error the caller reports, such as a Python exception). */
enum { PGN_GO = 0, PGN_SKIP = 1, PGN_IGNORED = 2, PGN_ERROR = 3, PGN_ABORT = -1 };

/* The meaning of a game: python-chess's visitor calls, a board stack kept by the sink. */
typedef struct {
  int (*begin_game)(void *ctx);                       /* and begin_headers: GO or SKIP */
  int (*header)(void *ctx, PgnSpan name, PgnSpan value);
  int (*end_headers)(void *ctx);                      /* and the board from the headers: GO or SKIP */
  int (*comment)(void *ctx, PgnSpan text);
  int (*nag)(void *ctx, PgnSpan token, int nag);      /* token: "$12" or an annotation */
  int (*begin_variation)(void *ctx);                  /* GO, SKIP, or IGNORED if no move to vary */
  int (*end_variation)(void *ctx, int pop_board);     /* pop_board 0: after a skipped variation */
  int (*board_depth)(void *ctx);                      /* boards on the stack */
  int (*result)(void *ctx, PgnSpan token);
  int (*move)(void *ctx, PgnSpan token);              /* GO, or ERROR: skip the variation */
  int (*end_game)(void *ctx);
} PgnSink;

/* Where lines come from: next returns 0 at the end (or PGN_ABORT). */
typedef struct {
  int (*next)(void *ctx, PgnLine *line);
  void *ctx;
} PgnLines;

typedef struct {
  PgnLines lines;
  const PgnSink *sink;
  void *ctx;
  char *text;            /* a comment over several lines, joined (reused) */
  size_t text_n, text_cap;
  int indented_tags;     /* a tag pair may follow whitespace (python-chess's next release) */
} PgnReader;

/* Returns 1 after reading one game into the sink, 0 at the end of the lines (no game),
   PGN_ABORT if a callback or the line source said stop or memory ran out. */
int pgn_read_game(PgnReader *r);

/* Returns nothing; frees the reader's comment buffer. */
void pgn_reader_free(PgnReader *r);

/* Lines of a buffer with universal newlines ("\n", "\r\n", "\r"). Without `final`, a last
   line with no terminator (or ending in "\r") is not given: more text may follow. */
typedef struct {
  const char *buf;
  size_t n, at;          /* at: where the next line starts */
  int final;
  int64_t line_no;       /* 1-based number of the last line given */
  int starved;           /* set when a line was held back for want of text */
} PgnBuffer;

/* Returns 1 with the next line of the buffer, 0 at its end (PgnLines.next). */
int pgn_buffer_next(void *buffer, PgnLine *line);

/* Clock and eval annotations of a comment, python-chess's CLOCK_REGEX and EVAL_REGEX. */
/* Returns 1 with *seconds from the first [%clk h:mm:ss(.s)] of text, else 0. */
int pgn_clock(PgnSpan text, double *seconds);
/* Returns 1 with the first [%eval ...] of text: *mate 0 and *pawns the centipawn value
   rounded as python-chess rounds it / 100, or *mate 1 and *moves the signed mate count. */
int pgn_eval(PgnSpan text, int *mate, int64_t *moves, double *pawns);

#endif
