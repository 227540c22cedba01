/* Comment annotations (pgn_annot.h): each regex of chess.pgn matched by hand. Its leftmost
   match is the first '[' whose annotation parses, so every scanner walks the "[%" in order. */
#include <stdint.h>
#include <string.h>
#include "pgn_annot.h"

/* Returns 1 if c is whitespace to Python's re (\s) within ASCII. */
static int pa_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }
static int pa_digit(char c) { return c >= '0' && c <= '9'; }

/* Returns the number of digits at s[i..n). */
static size_t pa_digits(const char *s, size_t n, size_t i) {
  size_t k = i;
  while (k < n && pa_digit(s[k])) k++;
  return k - i;
}

/* Returns the position of the next "[%" + word + whitespace at or after from (n if none). */
static size_t pa_next(const char *s, size_t n, size_t from, const char *word) {
  const size_t w = strlen(word);
  for (size_t i = from; i + 3 + w <= n; i++) {
    const char *q = memchr(s + i, '[', n - 2 - w - i);
    if (!q) break;
    i = (size_t)(q - s);
    if (s[i + 1] == '%' && memcmp(s + i + 2, word, w) == 0 && pa_space(s[i + 2 + w])) return i;
  }
  return n;
}

int pgn_decimal(const char *s, size_t n, double *x) {
  static const double pow10[16] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  size_t i = n && (s[0] == '+' || s[0] == '-'), digits = 0, frac = 0;
  int64_t m = 0;
  for (int dot = 0; i < n; i++) {
    if (s[i] == '.' && !dot) { dot = 1; continue; }
    if (!pa_digit(s[i]) || ++digits > 15) return 0;
    m = m * 10 + (s[i] - '0'), frac += dot;
  }
  if (!digits) return 0;
  *x = (n && s[0] == '-' ? -(double)m : (double)m) / pow10[frac];
  return 1;
}

/* Returns 1 after filling *at for a match whose '[' is at p and whose ']' is at close. */
static int pa_span(const char *s, size_t n, size_t from, size_t p, size_t close, PgnSpanMatch *at) {
  at->prefix = p > from && pa_space(s[p - 1]);
  at->suffix = close + 1 < n && pa_space(s[close + 1]);
  at->start = p - at->prefix;
  at->end = close + 1 + at->suffix;
  return 1;
}

int pgn_find_time(const char *s, size_t n, size_t from, const char *cmd, PgnTimeMatch *t) {
  for (size_t p = pa_next(s, n, from, cmd); p < n; p = pa_next(s, n, p + 1, cmd)) {
    size_t i = p + 2 + strlen(cmd) + 1;
    t->h = i, t->hn = pa_digits(s, n, i), i += t->hn;
    if (!t->hn || i >= n || s[i++] != ':') continue;
    t->m = i, t->mn = pa_digits(s, n, i), i += t->mn;
    if (!t->mn || i >= n || s[i++] != ':') continue;
    t->s = i, i += pa_digits(s, n, i);
    if (i == t->s) continue;
    if (i < n && s[i] == '.') i += 1 + pa_digits(s, n, i + 1);
    t->sn = i - t->s;
    if (i < n && s[i] == ']') return pa_span(s, n, from, p, i, &t->at);
  }
  return 0;
}

/* Returns the position of the ']' closing an eval at i: ",<digits>]" (depth) or "]"; 0 if neither. */
static size_t pa_eval_close(const char *s, size_t n, size_t i, PgnEvalMatch *e) {
  e->d = e->dn = 0;
  if (i < n && s[i] == ',') {
    const size_t k = pa_digits(s, n, i + 1);
    if (k && i + 1 + k < n && s[i + 1 + k] == ']') {
      e->d = i + 1, e->dn = k;
      return i + 1 + k;
    }
  }
  return i < n && s[i] == ']' ? i : 0;
}

int pgn_find_eval(const char *s, size_t n, size_t from, PgnEvalMatch *e) {
  for (size_t p = pa_next(s, n, from, "eval"); p < n; p = pa_next(s, n, p + 1, "eval")) {
    const size_t v = p + 7;  /* past "[%eval" and its whitespace */
    size_t close = 0;
    size_t i = v + (v < n && s[v] == '#');
    e->mate = i > v;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    const size_t k = pa_digits(s, n, i);
    if (e->mate) {  /* #[+-]?\d+ */
      if (k) close = pa_eval_close(s, n, i + k, e);
      e->v = v + 1;
    } else {  /* [+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?), the first alternative tried first */
      const size_t j = i + k;
      const size_t frac = j < n && s[j] == '.' ? pa_digits(s, n, j + 1) : 0;
      if (k <= 10 && frac >= 1 && frac <= 2) close = pa_eval_close(s, n, j + 1 + frac, e);
      if (!close && k >= 1 && k <= 10 && j < n && s[j] == '.') close = pa_eval_close(s, n, j + 1, e);
      if (!close && k >= 1 && k <= 10) close = pa_eval_close(s, n, j, e);
      e->v = v;
    }
    if (!close) continue;
    e->vn = (e->dn ? e->d - 1 : close) - e->v;
    return pa_span(s, n, from, p, close, &e->at);
  }
  return 0;
}

/* Returns the length of one arrow item at s[i..n): [RGYB][a-h][1-8]([a-h][1-8])?, or 0. */
static size_t pa_arrow(const char *s, size_t n, size_t i) {
  if (i + 3 > n || !strchr("RGYB", s[i]) || !s[i] || s[i + 1] < 'a' || s[i + 1] > 'h' || s[i + 2] < '1' || s[i + 2] > '8')
    return 0;
  if (i + 5 <= n && s[i + 3] >= 'a' && s[i + 3] <= 'h' && s[i + 4] >= '1' && s[i + 4] <= '8') return 5;
  return 3;
}

int pgn_find_arrows(const char *s, size_t n, size_t from, PgnArrowsMatch *a) {
  for (size_t p = from; p + 6 <= n; p++) {
    if (s[p] != '[' || s[p + 1] != '%' || s[p + 2] != 'c' || (s[p + 3] != 's' && s[p + 3] != 'a') ||
        s[p + 4] != 'l' || !pa_space(s[p + 5]))
      continue;
    size_t i = p + 6, k = pa_arrow(s, n, i);
    if (!k) continue;
    for (i += k; i < n && s[i] == ',' && (k = pa_arrow(s, n, i + 1)) != 0;) i += 1 + k;
    if (i < n && s[i] == ']') {
      a->list = p + 6, a->listn = i - (p + 6);
      return pa_span(s, n, from, p, i, &a->at);
    }
  }
  return 0;
}
