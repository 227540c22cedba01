/* The text of python-chess's PGN exporters (StringExporterMixin): tokens filled into lines of
   at most `columns` characters (code points, as Python counts them), each line right-stripped
   of Python's whitespace when it is finished. Text is UTF-8 (lone surrogates as their 3-byte
   forms, which count one character each, as in Python). */
#ifndef CB_PGN_EXPORT_H
#define CB_PGN_EXPORT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  int limited;             /* 0: no limit (python-chess's columns=None) */
  int64_t columns;         /* else at most this many characters a line (may be 0 or less) */
  char *text;              /* the finished lines, back to back */
  size_t n, cap;
  size_t *ends;            /* ends[i]: where finished line i ends in text */
  size_t lines, lines_cap;
  char *cur;               /* the line being filled */
  size_t curn, cur_cap;
  int64_t cur_chars;       /* its length in characters */
  int oom;                 /* memory ran out: the output is incomplete */
} PgnWriter;

/* Returns nothing; an empty writer of lines at most columns long if limited. */
void pgn_writer_init(PgnWriter *w, int limited, int64_t columns);

/* Returns nothing; frees what w holds. */
void pgn_writer_free(PgnWriter *w);

/* Returns nothing; the line being filled is t[0..n) (an exporter's current_line). */
void pgn_writer_set_current(PgnWriter *w, const char *t, size_t n);

/* Returns nothing; write_token: t[0..n) goes on the line, a new one if it would not fit. */
void pgn_writer_token(PgnWriter *w, const char *t, size_t n);

/* Returns nothing; flush_current_line: the line being filled, if any, is finished. */
void pgn_writer_flush(PgnWriter *w);

/* Returns nothing; write_line: the line being filled is finished, then t[0..n) as a line. */
void pgn_writer_line(PgnWriter *w, const char *t, size_t n);

/* Returns nothing; write_line of a tag pair: [name "value"]. */
void pgn_writer_header(PgnWriter *w, const char *name, size_t nn, const char *value, size_t vn);

/* Returns nothing; the token of a comment: "{ " + text without '}', stripped, + " } ". */
void pgn_writer_comment(PgnWriter *w, const char *t, size_t n);

#endif
