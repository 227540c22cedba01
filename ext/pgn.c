/* PGN's text surface, python-chess's read_game state machine over lines with its regular
   expressions matched by hand in their backtracking order (MOVETEXT_REGEX, TAG_REGEX,
   CLOCK_REGEX, EVAL_REGEX); what a token means is left to the sink (pgn_arrays.c, _pgn.pxi). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "pgn.h"
#include "pgn_annot.h"

/* Returns the length of the whitespace character at p (Python's str.isspace, UTF-8), 0 if none. */
static size_t pgn_space_len(const char *p, const char *end) {
  const unsigned char c = (unsigned char)p[0];
  if (c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f)) return 1;
  if (c < 0xc2 || end - p < 2) return 0;
  const unsigned char c1 = (unsigned char)p[1];
  if (c == 0xc2) return c1 == 0x85 || c1 == 0xa0 ? 2 : 0;
  if (end - p < 3) return 0;
  const unsigned char c2 = (unsigned char)p[2];
  if (c == 0xe1) return c1 == 0x9a && c2 == 0x80 ? 3 : 0;
  if (c == 0xe2 && c1 == 0x80) return (c2 >= 0x80 && c2 <= 0x8a) || c2 == 0xa8 || c2 == 0xa9 || c2 == 0xaf ? 3 : 0;
  if (c == 0xe2 && c1 == 0x81) return c2 == 0x9f ? 3 : 0;
  if (c == 0xe3) return c1 == 0x80 && c2 == 0x80 ? 3 : 0;
  return 0;
}

int pgn_is_space(const char *s, size_t n) {
  const char *end = s + n;
  if (!n) return 0;
  while (s < end) {
    const size_t k = pgn_space_len(s, end);
    if (!k) return 0;
    s += k;
  }
  return 1;
}

/* Returns 1 if the line is python-chess's truthy line (text or a terminator). */
static int pgn_truthy(PgnLine l) { return l.n || l.eol; }
/* Returns 1 if the line is blank (str.isspace of the line with its "\n"). */
static int pgn_blank(PgnLine l) { return l.eol ? pgn_is_space(l.p, l.n) || !l.n : pgn_is_space(l.p, l.n); }
/* Returns 1 if the line is a % or ; comment line. */
static int pgn_comment_line(PgnLine l) { return l.n && (l.p[0] == '%' || l.p[0] == ';'); }

/* Character classes of the movetext grammar, one constant table (threads read it from the start). */
enum { C_PIECE = 1, C_FILE = 2, C_RANK = 4, C_SEP = 8, C_PROMO = 16, C_START = 32 };
#define PGN_FILE_C (C_FILE | C_START)
#define PGN_RANK_C (C_RANK | C_START)
#define PGN_PIECE_C (C_PIECE | C_PROMO | C_START)
static const uint8_t pgn_class[256] = {
  ['N'] = PGN_PIECE_C, ['B'] = PGN_PIECE_C, ['K'] = PGN_PIECE_C, ['R'] = PGN_PIECE_C, ['Q'] = PGN_PIECE_C,
  ['a'] = PGN_FILE_C, ['b'] = PGN_FILE_C | C_PROMO, ['c'] = PGN_FILE_C, ['d'] = PGN_FILE_C,
  ['e'] = PGN_FILE_C, ['f'] = PGN_FILE_C, ['g'] = PGN_FILE_C, ['h'] = PGN_FILE_C,
  ['1'] = PGN_RANK_C, ['2'] = PGN_RANK_C, ['3'] = PGN_RANK_C, ['4'] = PGN_RANK_C,
  ['5'] = PGN_RANK_C, ['6'] = PGN_RANK_C, ['7'] = PGN_RANK_C, ['8'] = PGN_RANK_C,
  ['n'] = C_PROMO, ['r'] = C_PROMO, ['q'] = C_PROMO, ['k'] = C_PROMO,
  ['-'] = C_SEP | C_START, ['x'] = C_SEP | C_START,
  ['P'] = C_START, ['Z'] = C_START, ['O'] = C_START, ['@'] = C_START, ['0'] = C_START,
  ['{'] = C_START, [';'] = C_START, ['$'] = C_START, ['('] = C_START, [')'] = C_START,
  ['*'] = C_START, ['?'] = C_START, ['!'] = C_START,
};

static int pgn_is(char c, int cls) { return pgn_class[(unsigned char)c] & cls; }
static int pgn_digit(char c) { return c >= '0' && c <= '9'; }

/* Returns the end of [a-h][1-8] at s[j..n) plus the greedy promotion suffix (=?[nbrqkNBRQK])?,
   or 0 if there is no square at j. */
static size_t pgn_square_end(const char *s, size_t n, size_t j) {
  if (j + 2 > n || !pgn_is(s[j], C_FILE) || !pgn_is(s[j + 1], C_RANK)) return 0;
  j += 2;
  if (j + 1 < n && s[j] == '=' && pgn_is(s[j + 1], C_PROMO)) return j + 2;
  return j < n && pgn_is(s[j], C_PROMO) ? j + 1 : j;
}

/* Returns the length of MOVETEXT_REGEX's first group at s[0..n) (0 if no match):
   [NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](?:=?[nbrqkNBRQK])? with each optional part taken
   before left out (the regex's backtracking order), then drops, null moves, castling. */
static size_t pgn_move_len(const char *s, size_t n) {
  for (size_t p = n && pgn_is(s[0], C_PIECE) ? 1 : 0;; p--) {
    for (size_t f = p < n && pgn_is(s[p], C_FILE) ? 1 : 0;; f--) {
      const size_t jf = p + f;
      for (size_t r = jf < n && pgn_is(s[jf], C_RANK) ? 1 : 0;; r--) {
        const size_t jr = jf + r;
        size_t e;
        if (jr < n && pgn_is(s[jr], C_SEP) && (e = pgn_square_end(s, n, jr + 1))) return e;
        if ((e = pgn_square_end(s, n, jr))) return e;
        if (!r) break;
      }
      if (!f) break;
    }
    if (!p) break;
  }
  /* [PNBRQK]?@[a-h][1-8] */
  const size_t j = n > 1 && (s[0] == 'P' || pgn_is(s[0], C_PIECE)) && s[1] == '@' ? 1 : 0;
  if (j + 3 <= n && s[j] == '@' && pgn_is(s[j + 1], C_FILE) && pgn_is(s[j + 2], C_RANK)) return j + 3;
  if (n >= 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0'))) return 2;
  if (n >= 4 && (memcmp(s, "0000", 4) == 0 || memcmp(s, "@@@@", 4) == 0)) return 4;
  if (n >= 3 && (s[0] == 'O' || s[0] == '0') && s[1] == '-' && s[2] == s[0])
    return n >= 5 && s[3] == '-' && s[4] == s[0] ? 5 : 3;
  return 0;
}

int pgn_token(const char *s, size_t n, size_t *i, PgnSpan *tok) {
  for (size_t at = *i; at < n; at++) {
    const char c = s[at];
    if (!pgn_is(c, C_START)) continue;
    const char *p = s + at;
    const size_t left = n - at;
    size_t k = 0;
    int kind = TOK_MOVE;
    switch (c) { /* the characters no move starts with first */
    case '{': k = left, kind = TOK_COMMENT; break;
    case ';': k = left, kind = TOK_SEMICOLON; break;
    case '(': k = 1, kind = TOK_OPEN; break;
    case ')': k = 1, kind = TOK_CLOSE; break;
    case '*': k = 1, kind = TOK_RESULT; break;
    case '$':
      if (left > 1 && pgn_digit(p[1])) {
        k = 1;
        while (k < left && pgn_digit(p[k])) k++;
        kind = TOK_NAG;
      }
      break;
    case '?': case '!':
      k = left > 1 && (p[1] == '?' || p[1] == '!') ? 2 : 1, kind = TOK_ANNOTATION;
      break;
    default:
      /* a move number: a digit before '.', or a digit other than 0 before a digit, starts nothing */
      if (left > 1 && pgn_digit(c) && (p[1] == '.' || (c != '0' && pgn_digit(p[1])))) continue;
      if ((k = pgn_move_len(p, left))) break;
      if (left >= 3 && (memcmp(p, "1-0", 3) == 0 || memcmp(p, "0-1", 3) == 0)) k = 3, kind = TOK_RESULT;
      else if (left >= 7 && memcmp(p, "1/2-1/2", 7) == 0) k = 7, kind = TOK_RESULT;
    }
    if (!k) continue;
    tok->p = p, tok->n = k;
    *i = at + k;
    return kind;
  }
  *i = n;
  return TOK_END;
}

int pgn_annotation_nag(PgnSpan t) {
  /* python-chess's NAG_GOOD_MOVE 1, MISTAKE 2, BRILLIANT 3, BLUNDER 4, SPECULATIVE 5, DUBIOUS 6 */
  if (t.n == 1) return t.p[0] == '!' ? 1 : 2;
  if (t.p[0] == t.p[1]) return t.p[0] == '!' ? 3 : 4;
  return t.p[0] == '!' ? 5 : 6;
}

/* The characters of a tag name after its first: [A-Za-z0-9_+#=:-]. */
static const uint8_t pgn_tag_char[256] = {
  ['_'] = 1, ['+'] = 1, ['#'] = 1, ['='] = 1, [':'] = 1, ['-'] = 1,
  ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
  ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
  ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
  ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
  ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
  ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1,
  ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

int pgn_tag(PgnLine line, PgnSpan *name, PgnSpan *value) {
  const char *s = line.p, *end = s + line.n;
  if (line.n < 2 || s[0] != '[') return 0;
  const char *p = s + 1;
  if (!(p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || pgn_digit(*p)))) return 0;
  while (p < end && pgn_tag_char[(unsigned char)*p]) p++;
  name->p = s + 1, name->n = (size_t)(p - s - 1);
  size_t k, spaces = 0;
  while (p < end && (k = pgn_space_len(p, end))) p += k, spaces++;
  if (!spaces || p >= end || *p != '"') return 0;
  const char *v = ++p;
  /* \"\]\s*$ : after its last whitespace run the text ends with "]; the value has no \r */
  const char *e = end, *run = NULL;
  for (const char *q = end[-1] == ']' ? end : v; q < end;) { /* (no whitespace after it: none to find) */
    k = pgn_space_len(q, end);
    if (k && !run) run = q;
    if (!k) run = NULL;
    q += k ? k : 1;
  }
  if (run) e = run;
  if (e - v < 2 || e[-1] != ']' || e[-2] != '"') return 0;
  if (memchr(v, '\r', (size_t)(e - 2 - v))) return 0;
  value->p = v, value->n = (size_t)(e - 2 - v);
  return 1;
}

/* Returns the next line from the source (an empty line without terminator at the end). */
static int pgn_next(PgnReader *r, PgnLine *line) {
  const int k = r->lines.next(r->lines.ctx, line);
  if (k <= 0) line->p = "", line->n = 0, line->eol = 0;
  return k;
}

/* Returns 0 after appending s[0..n) (and "\n" if eol) to the reader's comment text, -1 if
   memory ran out. */
static int pgn_append(PgnReader *r, const char *s, size_t n, int eol) {
  const size_t need = r->text_n + n + 1;
  if (need > r->text_cap) {
    size_t cap = r->text_cap ? r->text_cap : 256;
    while (cap < need) cap *= 2;
    char *t = realloc(r->text, cap);
    if (!t) return -1;
    r->text = t, r->text_cap = cap;
  }
  memcpy(r->text + r->text_n, s, n);
  r->text_n += n;
  if (eol) r->text[r->text_n++] = '\n';
  return 0;
}

void pgn_reader_free(PgnReader *r) {
  free(r->text);
  r->text = NULL, r->text_n = r->text_cap = 0;
}

#define PGN_NEXT(line) do { if (pgn_next(r, &(line)) < 0) return PGN_ABORT; } while (0)
#define PGN_CALL(x) do { if ((x) < 0) return PGN_ABORT; } while (0)

/* Returns 1 after the comment starting at tok is given to the sink (unless skipping), with
   *line the rest of its last line; PGN_ABORT if stopped. */
static int pgn_comment(PgnReader *r, PgnLine *line, PgnSpan tok, int skipping) {
  const char *end = line->p + line->n;
  const char *start = tok.p + (tok.n > 1 && tok.p[1] == ' ' ? 2 : 1);
  PgnLine cur = {start, (size_t)(end - start), line->eol};
  const char *close = memchr(cur.p, '}', cur.n);
  PgnSpan text;
  if (close) {
    text.p = cur.p, text.n = (size_t)(close - cur.p);
  } else {
    r->text_n = 0;
    while (pgn_truthy(cur) && !(close = memchr(cur.p, '}', cur.n))) {
      if (pgn_append(r, cur.p, cur.n, cur.eol) < 0) return PGN_ABORT;
      PGN_NEXT(cur);
    }
    if (close && pgn_append(r, cur.p, (size_t)(close - cur.p), 0) < 0) return PGN_ABORT;
    text.p = r->text ? r->text : "", text.n = r->text_n; /* never NULL: memchr's argument */
  }
  if (close) {
    if (close > cur.p && close[-1] == ' ') text.n--;
    line->p = close + 1, line->n = (size_t)(cur.p + cur.n - close - 1), line->eol = cur.eol;
  } else {
    *line = cur; /* the end of the text */
  }
  if (!skipping) PGN_CALL(r->sink->comment(r->ctx, text));
  return 1;
}

/* Returns the last '{' or '}' in s[0..e), NULL if none (SSE2 on every x86-64: 16 bytes at once
   from the end, where the last brace of a commented line usually is). */
static const char *pgn_last_brace(const char *s, const char *e) {
#ifdef __SSE2__
  const __m128i open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
  for (; e - s >= 16; e -= 16) {
    const __m128i x = _mm_loadu_si128((const __m128i *)(e - 16));
    const unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, open), _mm_cmpeq_epi8(x, close)));
    if (m) return e - 16 + (31 - __builtin_clz(m));
  }
#endif
  while (e > s)
    if (*--e == '{' || *e == '}') return e;
  return NULL;
}

/* Returns 1 if a comment is open at the end of s[0..e), given whether one was at its start:
   the braces and semicolons in order, '{' opens, '}' closes, a ';' outside a comment ends
   the line. With no ';' in the line the last brace alone decides ('{' leaves a comment open
   whether one was or not, '}' leaves none), so only a line holding a ';' is walked. */
static int pgn_skip_braces(const char *s, const char *e, int in_comment) {
  if (!memchr(s, ';', (size_t)(e - s))) {
    const char *last = pgn_last_brace(s, e);
    return last ? *last == '{' : in_comment;
  }
  for (const char *p = s; p < e; p++) {
    if (in_comment) in_comment = *p != '}';
    else if (*p == ';') return 0;
    else in_comment = *p == '{';
  }
  return in_comment;
}

int pgn_read_game(PgnReader *r) {
  const PgnSink *s = r->sink;
  void *c = r->ctx;
  PgnLine line;
  PGN_NEXT(line);
  while (line.n >= 3 && memcmp(line.p, "\xEF\xBB\xBF", 3) == 0) line.p += 3, line.n -= 3;
  while (pgn_blank(line) || pgn_comment_line(line)) PGN_NEXT(line);

  int consecutive_empty = 0, found = 0, skipping = 0, v;
  while (pgn_truthy(line)) {
    if (pgn_comment_line(line)) { PGN_NEXT(line); continue; }
    if (consecutive_empty < 1 && pgn_blank(line)) { consecutive_empty++; PGN_NEXT(line); continue; }
    if (!found) {
      found = 1;
      PGN_CALL(v = s->begin_game(c));
      skipping = v == PGN_SKIP;
    }
    PgnLine tag = line;
    if (r->indented_tags)
      for (size_t k; tag.n && (k = pgn_space_len(tag.p, tag.p + tag.n));) tag.p += k, tag.n -= k;
    if (!(tag.n && tag.p[0] == '[')) break;
    consecutive_empty = 0;
    PgnSpan name, value;
    if (!skipping && pgn_tag(tag, &name, &value)) PGN_CALL(s->header(c, name, value));
    PGN_NEXT(line);
  }
  if (!found) return 0;
  if (!skipping) {
    PGN_CALL(v = s->end_headers(c));
    skipping = v == PGN_SKIP;
  }

  if (skipping) { /* python-chess's fast path: only comments can hide the blank line */
    int in_comment = 0;
    while (pgn_truthy(line)) {
      if (!in_comment) {
        if (pgn_blank(line)) break;
        if (line.n && line.p[0] == '%') { PGN_NEXT(line); continue; }
      }
      in_comment = pgn_skip_braces(line.p, line.p + line.n, in_comment);
      PGN_NEXT(line);
    }
    PGN_CALL(s->end_game(c));
    return 1;
  }

  int skip_depth = 0, fresh = 1;
  while (pgn_truthy(line)) {
    if (fresh) {
      if (pgn_comment_line(line)) { PGN_NEXT(line); continue; }
      if (pgn_blank(line)) break;
    }
    fresh = 1;
    size_t i = 0;
    PgnSpan tok;
    int kind;
    while ((kind = pgn_token(line.p, line.n, &i, &tok)) != TOK_END) {
      if (kind == TOK_COMMENT) {
        PGN_CALL(pgn_comment(r, &line, tok, skip_depth));
        fresh = 0;
        break;
      } else if (kind == TOK_OPEN) {
        if (skip_depth) skip_depth++;
        else {
          PGN_CALL(v = s->begin_variation(c));
          if (v == PGN_SKIP) skip_depth = 1;
        }
      } else if (kind == TOK_CLOSE) {
        if (skip_depth == 1) {
          skip_depth = 0;
          PGN_CALL(s->end_variation(c, 0));
        } else if (skip_depth) {
          skip_depth--;
        } else if (s->board_depth(c) > 1) {
          PGN_CALL(s->end_variation(c, 1));
        }
      } else if (skip_depth) {
        continue;
      } else if (kind == TOK_SEMICOLON) {
        break;
      } else if (kind == TOK_NAG || kind == TOK_ANNOTATION) {
        PGN_CALL(s->nag(c, tok, kind == TOK_ANNOTATION ? pgn_annotation_nag(tok) : -1));
      } else if (kind == TOK_RESULT && s->board_depth(c) == 1) {
        PGN_CALL(s->result(c, tok));
      } else {
        PGN_CALL(v = s->move(c, tok));
        if (v == PGN_ERROR) skip_depth = 1;
      }
    }
    if (fresh) PGN_NEXT(line);
  }
  PGN_CALL(s->end_game(c));
  return 1;
}

int pgn_buffer_next(void *buffer, PgnLine *line) {
  PgnBuffer *b = buffer;
  const char *s = b->buf + b->at, *end = b->buf + b->n;
  if (s >= end) {
    b->starved = !b->final;
    return 0;
  }
  const char *nl = memchr(s, '\n', (size_t)(end - s));
  const char *cr = memchr(s, '\r', (size_t)((nl ? nl : end) - s));
  size_t next;
  if (cr && (cr + 1 != nl)) { /* a lone \r ends the line, unless \n may follow in the next block */
    if (cr + 1 == end && !b->final) { b->starved = 1; return 0; }
    line->n = (size_t)(cr - s), next = (size_t)(cr + 1 - b->buf);
  } else if (nl) {
    line->n = (size_t)((cr ? cr : nl) - s), next = (size_t)(nl + 1 - b->buf);
  } else if (b->final) {
    line->p = s, line->n = (size_t)(end - s), line->eol = 0;
    b->at = b->n, b->line_no++;
    return 1;
  } else {
    b->starved = 1;
    return 0;
  }
  line->p = s, line->eol = 1;
  b->at = next, b->line_no++;
  return 1;
}

/* Returns the value of digits s[0..n) (saturating), 0 for none. */
static double pgn_digits(const char *s, size_t n) {
  double v = 0;
  for (size_t i = 0; i < n; i++) v = v * 10 + (s[i] - '0');
  return v;
}

/* Returns the length of the run of digits at s (before end). */
static size_t pgn_run(const char *s, const char *end) {
  const char *p = s;
  while (p < end && pgn_digit(*p)) p++;
  return (size_t)(p - s);
}

/* Returns the decimal int.frac as a double: float()'s up to 15 digits, near it past them. */
static double pgn_decimal_near(const char *ip, size_t in, const char *fp, size_t fn) {
  double v;
  if (pgn_decimal(ip, fn ? in + 1 + fn : in, &v)) return v; /* (fp is ip + in + 1 when fn) */
  v = pgn_digits(ip, in);
  double scale = 0.1;
  for (size_t i = 0; i < fn && i < 30; i++, scale /= 10) v += (fp[i] - '0') * scale;
  return v;
}

int pgn_clock(PgnSpan text, double *seconds) {
  const char *s = text.p, *end = s + text.n;
  for (const char *p = s; (p = memchr(p, '[', (size_t)(end - p))) != NULL; p++) {
    if (end - p < 6 || memcmp(p, "[%clk", 5) != 0) continue;
    const char *q = p + 5;
    const size_t k = pgn_space_len(q, end);
    if (!k) continue;
    q += k;
    const size_t h = pgn_run(q, end);
    if (!h || q + h >= end || q[h] != ':') continue;
    const char *m = q + h + 1;
    const size_t mn = pgn_run(m, end);
    if (!mn || m + mn >= end || m[mn] != ':') continue;
    const char *sec = m + mn + 1;
    const size_t sn = pgn_run(sec, end);
    if (!sn) continue;
    const char *f = sec + sn, *fe = f;
    if (f < end && *f == '.') fe = f + 1 + pgn_run(f + 1, end);
    if (fe >= end || *fe != ']') continue;
    *seconds = pgn_digits(q, h) * 3600 + pgn_digits(m, mn) * 60
               + pgn_decimal_near(sec, sn, f + 1, fe > f ? (size_t)(fe - f - 1) : 0);
    return 1;
  }
  return 0;
}

/* Returns 1 if (?:,\d+)?\] matches at q. */
static int pgn_eval_tail(const char *q, const char *end) {
  if (q < end && *q == ',') {
    const size_t d = pgn_run(q + 1, end);
    if (d && q + 1 + d < end && q[1 + d] == ']') return 1;
  }
  return q < end && *q == ']';
}

int pgn_eval(PgnSpan text, int *mate, int64_t *moves, double *pawns) {
  const char *s = text.p, *end = s + text.n;
  for (const char *p = s; (p = memchr(p, '[', (size_t)(end - p))) != NULL; p++) {
    if (end - p < 7 || memcmp(p, "[%eval", 6) != 0) continue;
    const char *q = p + 6;
    const size_t k = pgn_space_len(q, end);
    if (!k) continue;
    q += k;
    if (q < end && *q == '#') { /* \#([+-]?\d+) */
      const char *d = q + 1;
      const int neg = d < end && *d == '-';
      if (d < end && (*d == '+' || *d == '-')) d++;
      const size_t dn = pgn_run(d, end);
      if (!dn || !pgn_eval_tail(d + dn, end)) continue;
      const double v = pgn_digits(d, dn);
      *mate = 1, *moves = v > 9e18 ? (neg ? INT64_MIN : INT64_MAX) : (neg ? -(int64_t)v : (int64_t)v);
      return 1;
    }
    const char *d = q;
    const int neg = d < end && *d == '-';
    if (d < end && (*d == '+' || *d == '-')) d++;
    const size_t in = pgn_run(d, end);
    double v;
    if (in <= 10 && d + in < end && d[in] == '.') { /* \d{0,10}\.\d{1,2} */
      const char *f = d + in + 1;
      size_t fn = pgn_run(f, end);
      if (fn > 2) fn = 2;
      while (fn && !pgn_eval_tail(f + fn, end)) fn--;
      if (fn) {
        v = pgn_decimal_near(d, in, f, fn);
        goto found;
      }
    }
    if (in >= 1 && in <= 10) { /* \d{1,10}\.? */
      const char *e = d + in;
      if ((e < end && *e == '.' && pgn_eval_tail(e + 1, end)) || pgn_eval_tail(e, end)) {
        v = pgn_digits(d, in);
        goto found;
      }
    }
    continue;
  found:
    if (neg) v = -v;
    *mate = 0, *pawns = nearbyint(v * 100) / 100; /* python-chess: round(float(cp) * 100) */
    return 1;
  }
  return 0;
}
