/* PGN exporters' lines (pgn_export.h). */
#include <stdlib.h>
#include <string.h>
#include "pgn_export.h"
#include "utf8.h"

/* Returns 1 if buf has room for n more bytes past *len (grown if needed), 0 if out of memory. */
static int pe_room(char **buf, size_t *cap, size_t len, size_t n) {
  if (len + n <= *cap) return 1;
  size_t c = *cap ? *cap : 256;
  while (c < len + n) c *= 2;
  char *b = realloc(*buf, c);
  if (!b) return 0;
  *buf = b, *cap = c;
  return 1;
}

/* Returns nothing; appends t[0..n) to the line being filled. */
static void pe_cur(PgnWriter *w, const char *t, size_t n) {
  if (!n) return;  /* (the line may not be allocated yet: no memcpy to NULL) */
  if (!pe_room(&w->cur, &w->cur_cap, w->curn, n)) { w->oom = 1; return; }
  memcpy(w->cur + w->curn, t, n);
  w->curn += n;
  w->cur_chars += utf8_chars(t, n);
}

/* Returns nothing; t[0..n), right-stripped, becomes a finished line. */
static void pe_finish(PgnWriter *w, const char *t, size_t n) {
  n = utf8_rstrip(t, n);
  if (w->lines == w->lines_cap) {
    const size_t c = w->lines_cap ? w->lines_cap * 2 : 32;
    size_t *e = realloc(w->ends, c * sizeof *e);
    if (!e) { w->oom = 1; return; }
    w->ends = e, w->lines_cap = c;
  }
  if (n && !pe_room(&w->text, &w->cap, w->n, n)) { w->oom = 1; return; }
  if (n) memcpy(w->text + w->n, t, n);
  w->n += n;
  w->ends[w->lines++] = w->n;
}

void pgn_writer_init(PgnWriter *w, int limited, int64_t columns) {
  memset(w, 0, sizeof *w);
  w->limited = limited, w->columns = columns;
}

void pgn_writer_free(PgnWriter *w) {
  free(w->text), free(w->ends), free(w->cur);
  memset(w, 0, sizeof *w);
}

void pgn_writer_set_current(PgnWriter *w, const char *t, size_t n) {
  w->curn = 0, w->cur_chars = 0;
  pe_cur(w, t, n);
}

void pgn_writer_flush(PgnWriter *w) {
  if (w->curn) pe_finish(w, w->cur, w->curn);
  w->curn = 0, w->cur_chars = 0;
}

void pgn_writer_token(PgnWriter *w, const char *t, size_t n) {
  if (w->limited && w->columns - w->cur_chars < utf8_chars(t, n)) pgn_writer_flush(w);
  pe_cur(w, t, n);
}

void pgn_writer_line(PgnWriter *w, const char *t, size_t n) {
  pgn_writer_flush(w);
  pe_finish(w, t, n);
}

void pgn_writer_header(PgnWriter *w, const char *name, size_t nn, const char *value, size_t vn) {
  pgn_writer_flush(w);
  if (!pe_room(&w->cur, &w->cur_cap, 0, nn + vn + 5)) { w->oom = 1; return; }
  char *p = w->cur;
  *p++ = '[';
  memcpy(p, name, nn), p += nn;
  *p++ = ' ', *p++ = '"';
  memcpy(p, value, vn), p += vn;
  *p++ = '"', *p++ = ']';
  pe_finish(w, w->cur, nn + vn + 5);
}

void pgn_writer_comment(PgnWriter *w, const char *t, size_t n) {
  size_t a = 0, b = n, s;
  /* strip around the text as it is once the '}' are gone: they may sit between spaces */
  for (;;) {
    while (a < b && t[a] == '}') a++;
    if (a < b && (s = utf8_space_at(t, b, a)) != 0) a += s;
    else break;
  }
  for (;;) {
    while (b > a && t[b - 1] == '}') b--;
    const size_t c = b > a ? utf8_char_start(t, b) : b;
    if (b > a && c >= a && utf8_space_at(t, b, c) == b - c) b = c;
    else break;
  }
  /* the token "{ " + text + " } " written straight onto the line, once it is known to fit */
  const char *brace = memchr(t + a, '}', b - a);
  int64_t chars = utf8_chars(t + a, b - a) + 5;
  if (brace)
    for (const char *p = brace; p < t + b; p++) chars -= *p == '}';
  if (w->limited && w->columns - w->cur_chars < chars) pgn_writer_flush(w);
  if (!pe_room(&w->cur, &w->cur_cap, w->curn, b - a + 5)) { w->oom = 1; return; }
  char *o = w->cur + w->curn;
  *o++ = '{', *o++ = ' ';
  if (!brace) {
    memcpy(o, t + a, b - a), o += b - a;
  } else {
    for (size_t i = a; i < b; i++)
      if (t[i] != '}') *o++ = t[i];
  }
  *o++ = ' ', *o++ = '}', *o++ = ' ';
  w->curn = (size_t)(o - w->cur);
  w->cur_chars += chars;
}
