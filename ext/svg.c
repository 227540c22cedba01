/* chess.svg's diagrams as text (svg.h): the layout of python-chess's board() (a margin of
   coordinates, optional borders, the squares and their fills, the check mark, pieces and X marks,
   arrows) written straight into a growable buffer, as ElementTree would serialize the tree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

/* Each floating-point operation rounded on its own, as Python evaluates them: no fused
   multiply-add. GCC contracts nothing under -std=c11; clang and MSVC are told here. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

#define SVG_SQUARE_SIZE 45                   /* python-chess's SQUARE_SIZE */
#define SVG_MARGIN_SIZE 20                   /* python-chess's MARGIN: the coordinates' scale is margin / MARGIN */
#define SVG_LIGHT_BB 0x55AA55AA55AA55AAULL   /* python-chess's BB_LIGHT_SQUARES */

static const char *const svg_color_names[COLOR_NB] = {"white", "black"};
static const char *const svg_type_names[PIECE_TYPE_NB] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

/* Returns 1 with room for need more bytes in o, 0 (o->oom set) if memory ran out. */
static int svg_grow(SvgBuf *o, size_t need) {
  if (o->oom)
    return 0;
  size_t cap = o->cap ? o->cap : (size_t)1 << 15;
  while (cap < o->n + need)
    cap *= 2;
  char *p = realloc(o->p, cap);
  if (!p) {
    o->oom = 1;
    return 0;
  }
  o->p = p;
  o->cap = cap;
  return 1;
}

/* Returns nothing; appends s[0..n). */
static inline void svg_put(SvgBuf *o, const char *s, size_t n) {
  if (!n || (o->n + n > o->cap && !svg_grow(o, n)))
    return;
  memcpy(o->p + o->n, s, n);
  o->n += n;
}

#define SVG_LIT(o, s) svg_put((o), (s), sizeof(s) - 1)

/* Returns nothing; appends a C string. */
static inline void svg_str(SvgBuf *o, const char *s) { svg_put(o, s, strlen(s)); }

/* Returns nothing; appends v in decimal, as str(int). */
static void svg_int(SvgBuf *o, long long v) {
  char tmp[24];
  size_t n = 0;
  unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
  do
    tmp[sizeof tmp - 1 - n++] = (char)('0' + u % 10);
  while (u /= 10);
  if (v < 0)
    tmp[sizeof tmp - 1 - n++] = '-';
  svg_put(o, tmp + sizeof tmp - n, n);
}

/* Returns the length of repr(v) written to out when v is a multiple of 1/16 below 2^30 in size
   (its exact decimal, four places at most, is then the shortest that reads back as v: a shorter
   one is 1e-4 away or more, far beyond half a unit in the last place there), else 0. */
static size_t svg_dyadic(double v, char *out) {
  double a = fabs(v), m = a * 16;
  if (!(a < 1073741824.0) || m != floor(m))
    return 0;
  unsigned long long k = (unsigned long long)m, whole = k >> 4;
  unsigned frac = (unsigned)(k & 15) * 625; /* ten-thousandths */
  char digits[24];
  size_t n = 0;
  int d = 0;
  if (signbit(v))
    out[n++] = '-';
  do
    digits[d++] = (char)('0' + whole % 10);
  while (whole /= 10);
  while (d)
    out[n++] = digits[--d];
  out[n++] = '.';
  int places = 4;
  while (places > 1 && frac % 10 == 0)
    frac /= 10, places--;
  for (int i = places - 1; i >= 0; i--, frac /= 10)
    out[n + (size_t)i] = (char)('0' + frac % 10);
  return n + (size_t)places;
}

/* Returns nothing; appends v as Python's repr writes it. */
static void svg_float(SvgBuf *o, double v, const SvgFloats *f) {
  char tmp[40];
  size_t n = svg_dyadic(v, tmp);
  svg_put(o, tmp, n ? n : f->repr(v, tmp));
}

/* Returns nothing; appends t escaped as ElementTree escapes an attribute value (attr) or text,
   each character past ASCII as a decimal reference (the us-ascii encoder's xmlcharrefreplace). */
static void svg_escaped(SvgBuf *o, SvgText t, int attr) {
  const unsigned char *s = (const unsigned char *)t.p;
  size_t i = 0, start = 0;
  while (i < t.n) {
    unsigned c = s[i];
    const char *rep = NULL;
    size_t len = 1;
    char ref[16];
    if (c < 0x80) {
      switch (c) {
      case '&': rep = "&amp;"; break;
      case '<': rep = "&lt;"; break;
      case '>': rep = "&gt;"; break;
      case '"': rep = attr ? "&quot;" : NULL; break;
      case '\r': rep = attr ? "&#13;" : NULL; break;
      case '\n': rep = attr ? "&#10;" : NULL; break;
      case '\t': rep = attr ? "&#09;" : NULL; break;
      }
      if (!rep) {
        i++;
        continue;
      }
    } else {
      unsigned cp;
      if (c >= 0xF0)
        len = 4, cp = c & 0x07;
      else if (c >= 0xE0)
        len = 3, cp = c & 0x0F;
      else
        len = 2, cp = c & 0x1F;
      if (len > t.n - i)
        len = t.n - i;
      for (size_t k = 1; k < len; k++)
        cp = cp << 6 | (s[i + k] & 0x3F);
      int n = 0;
      char digits[12];
      do
        digits[n++] = (char)('0' + cp % 10);
      while (cp /= 10);
      size_t r = 0;
      ref[r++] = '&', ref[r++] = '#';
      while (n)
        ref[r++] = digits[--n];
      ref[r++] = ';', ref[r] = 0;
      rep = ref;
    }
    svg_put(o, t.p + start, i - start);
    svg_str(o, rep);
    i += len;
    start = i;
  }
  svg_put(o, t.p + start, i - start);
}

/* Returns nothing; appends ` key="v"` (key given with its leading space and `="`). */
static void svg_attr_int(SvgBuf *o, const char *key, long long v) {
  svg_str(o, key);
  svg_int(o, v);
  SVG_LIT(o, "\"");
}

/* Returns nothing; appends ` key="repr(v)"`. */
static void svg_attr_float(SvgBuf *o, const char *key, double v, const SvgFloats *f) {
  svg_str(o, key);
  svg_float(o, v, f);
  SVG_LIT(o, "\"");
}

/* Returns nothing; appends ` key="t"`, t escaped. */
static void svg_attr_text(SvgBuf *o, const char *key, SvgText t) {
  svg_str(o, key);
  svg_escaped(o, t, 1);
  SVG_LIT(o, "\"");
}

/* Returns nothing; appends the opacity attribute python-chess writes for an opacity below 1.0. */
static void svg_opacity(SvgBuf *o, double opacity, const SvgFloats *f) {
  if (opacity < 1.0)
    svg_attr_float(o, " opacity=\"", opacity, f);
}

/* Returns nothing; appends the opening <svg> tag of a viewbox-sized image. */
static void svg_root(SvgBuf *o, int viewbox, const SvgText *size) {
  SVG_LIT(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 ");
  svg_int(o, viewbox);
  SVG_LIT(o, " ");
  svg_int(o, viewbox);
  SVG_LIT(o, "\"");
  if (size) {
    svg_attr_text(o, " width=\"", *size);
    svg_attr_text(o, " height=\"", *size);
  }
  SVG_LIT(o, ">");
}

/* Returns nothing; appends a border (or the margin) drawn as the stroke of a square of side
   full - 2 * inset - width whose stroke is width wide, inset from the image's edge. */
static void svg_frame(SvgBuf *o, int full, int inset, int width, SvgColor c, const SvgFloats *f) {
  double at = inset + width / 2.0;
  SVG_LIT(o, "<rect");
  svg_attr_float(o, " x=\"", at, f);
  svg_attr_float(o, " y=\"", at, f);
  svg_attr_int(o, " width=\"", full - 2 * inset - width);
  svg_attr_int(o, " height=\"", full - 2 * inset - width);
  SVG_LIT(o, " fill=\"none\"");
  svg_attr_text(o, " stroke=\"", c.text);
  svg_attr_int(o, " stroke-width=\"", width);
  svg_opacity(o, c.opacity, f);
  SVG_LIT(o, " />");
}

/* Returns nothing; appends one coordinate glyph at (x, y), scaled to the margin. */
static void svg_coord(SvgBuf *o, SvgText glyph, long long x, long long y, const char *scale, SvgColor c,
                      const SvgFloats *f) {
  SVG_LIT(o, "<g transform=\"translate(");
  svg_int(o, x);
  SVG_LIT(o, ", ");
  svg_int(o, y);
  SVG_LIT(o, ") scale(");
  svg_str(o, scale);
  SVG_LIT(o, ", ");
  svg_str(o, scale);
  SVG_LIT(o, ")\"");
  svg_attr_text(o, " fill=\"", c.text);
  svg_attr_text(o, " stroke=\"", c.text);
  svg_opacity(o, c.opacity, f);
  SVG_LIT(o, ">");
  svg_put(o, glyph.p, glyph.n);
  SVG_LIT(o, "</g>");
}

/* Returns nothing; appends an arrow (a circle when it starts where it ends). */
static void svg_arrow(SvgBuf *o, const SvgArrow *a, int orientation, int off, const SvgFloats *f) {
  const double sq = SVG_SQUARE_SIZE;
  double xtail = off + (orientation ? a->tail_file + 0.5 : 7.5 - a->tail_file) * sq;
  double ytail = off + (orientation ? 7.5 - a->tail_rank : a->tail_rank + 0.5) * sq;
  double xhead = off + (orientation ? a->head_file + 0.5 : 7.5 - a->head_file) * sq;
  double yhead = off + (orientation ? 7.5 - a->head_rank : a->head_rank + 0.5) * sq;
  if (a->head_file == a->tail_file && a->head_rank == a->tail_rank) {
    SVG_LIT(o, "<circle");
    svg_attr_float(o, " cx=\"", xhead, f);
    svg_attr_float(o, " cy=\"", yhead, f);
    svg_attr_float(o, " r=\"", sq * 0.9 / 2, f);
    svg_attr_float(o, " stroke-width=\"", sq * 0.1, f);
    svg_attr_text(o, " stroke=\"", a->color.text);
    svg_opacity(o, a->color.opacity, f);
    SVG_LIT(o, " fill=\"none\" class=\"circle\" />");
    return;
  }
  double marker_size = 0.75 * sq, marker_margin = 0.1 * sq;
  double dx = xhead - xtail, dy = yhead - ytail, hypot = f->hypot(dx, dy);
  double shaft_x = xhead - dx * (marker_size + marker_margin) / hypot;
  double shaft_y = yhead - dy * (marker_size + marker_margin) / hypot;
  double xtip = xhead - dx * marker_margin / hypot, ytip = yhead - dy * marker_margin / hypot;
  SVG_LIT(o, "<line");
  svg_attr_float(o, " x1=\"", xtail, f);
  svg_attr_float(o, " y1=\"", ytail, f);
  svg_attr_float(o, " x2=\"", shaft_x, f);
  svg_attr_float(o, " y2=\"", shaft_y, f);
  svg_attr_text(o, " stroke=\"", a->color.text);
  svg_opacity(o, a->color.opacity, f);
  svg_attr_float(o, " stroke-width=\"", sq * 0.2, f);
  SVG_LIT(o, " stroke-linecap=\"butt\" class=\"arrow\" />");
  double points[6] = {
    xtip, ytip,
    shaft_x + dy * 0.5 * marker_size / hypot, shaft_y - dx * 0.5 * marker_size / hypot,
    shaft_x - dy * 0.5 * marker_size / hypot, shaft_y + dx * 0.5 * marker_size / hypot,
  };
  SVG_LIT(o, "<polygon points=\"");
  for (int i = 0; i < 6; i++) {
    if (i)
      svg_put(o, i % 2 ? "," : " ", 1);
    svg_float(o, points[i], f);
  }
  SVG_LIT(o, "\"");
  svg_attr_text(o, " fill=\"", a->color.text);
  svg_opacity(o, a->color.opacity, f);
  SVG_LIT(o, " class=\"arrow\" />");
}

/* Returns nothing; appends python-chess's str() of a board of pieces (ranks 8 to 1). */
static void svg_diagram(SvgBuf *o, const uint8_t *piece) {
  static const char symbols[] = ".PNBRQK..pnbrqk";
  char text[128];
  size_t n = 0;
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++) {
      text[n++] = symbols[piece[make_square(file, rank)] & 15];
      text[n++] = file < 7 ? ' ' : '\n';
    }
  svg_put(o, text, n - 1);
}

int svg_board(const SvgBoard *b, const SvgFloats *f, SvgBuf *o) {
  int inner = b->borders && b->coordinates, outer = b->borders, margin = b->coordinates ? 15 : 0;
  int off = inner + margin + outer, full = 2 * outer + 2 * margin + 2 * inner + 8 * SVG_SQUARE_SIZE;
  svg_root(o, full, b->size);
  if (b->style) {
    SVG_LIT(o, "<style>");
    svg_escaped(o, *b->style, 0);
    SVG_LIT(o, "</style>");
  }
  if (b->desc) {
    if (b->desc_text && !b->desc_text->n)
      SVG_LIT(o, "<desc><pre /></desc>");
    else {
      SVG_LIT(o, "<desc><pre>");
      if (b->desc_text)
        svg_escaped(o, *b->desc_text, 0);
      else
        svg_diagram(o, b->piece);
      SVG_LIT(o, "</pre></desc>");
    }
  }
  if (!b->defs && !b->squares && !b->check)
    SVG_LIT(o, "<defs />");
  else {
    SVG_LIT(o, "<defs>");
    for (int i = 0; i < 12; i++)
      if (b->defs >> i & 1)
        svg_put(o, b->glyph[i].p, b->glyph[i].n);
    if (b->squares)
      svg_put(o, b->xx.p, b->xx.n);
    if (b->check)
      svg_put(o, b->gradient.p, b->gradient.n);
    SVG_LIT(o, "</defs>");
  }
  if (outer)
    svg_frame(o, full, 0, outer, b->color[SVG_OUTER_BORDER], f);
  if (margin)
    svg_frame(o, full, outer, margin, b->color[SVG_MARGIN], f);
  if (inner)
    svg_frame(o, full, outer + margin, inner, b->color[SVG_INNER_BORDER], f);

  if (b->coordinates) {
    char scale[40];
    double s = (double)margin / SVG_MARGIN_SIZE;
    size_t n = svg_dyadic(s, scale);
    scale[n ? n : f->repr(s, scale)] = 0;
    int shift = (int)(SVG_SQUARE_SIZE - s * SVG_SQUARE_SIZE) / 2, far = full - outer - margin;
    for (int i = 0; i < 8; i++) {
      int x = (b->orientation ? i : 7 - i) * SVG_SQUARE_SIZE + off + shift;
      svg_coord(o, b->coord[i], x, 1, scale, b->color[SVG_COORD], f);
      svg_coord(o, b->coord[i], x, far, scale, b->color[SVG_COORD], f);
    }
    for (int i = 0; i < 8; i++) {
      int y = (b->orientation ? 7 - i : i) * SVG_SQUARE_SIZE + off + shift;
      svg_coord(o, b->coord[8 + i], 0, y, scale, b->color[SVG_COORD], f);
      svg_coord(o, b->coord[8 + i], far, y, scale, b->color[SVG_COORD], f);
    }
  }

  for (Square s = SQ_A1; s < SQUARE_NB; s++) {
    int x = (b->orientation ? file_of(s) : 7 - file_of(s)) * SVG_SQUARE_SIZE + off;
    int y = (b->orientation ? 7 - rank_of(s) : rank_of(s)) * SVG_SQUARE_SIZE + off;
    int light = (SVG_LIGHT_BB >> s) & 1, last = (b->lastmove >> s) & 1;
    SvgColor c = b->color[light ? (last ? SVG_SQUARE_LIGHT_LASTMOVE : SVG_SQUARE_LIGHT)
                                : (last ? SVG_SQUARE_DARK_LASTMOVE : SVG_SQUARE_DARK)];
    char name[3] = {(char)('a' + file_of(s)), (char)('1' + rank_of(s)), 0};
    SVG_LIT(o, "<rect");
    svg_attr_int(o, " x=\"", x);
    svg_attr_int(o, " y=\"", y);
    SVG_LIT(o, " width=\"45\" height=\"45\" class=\"square ");
    svg_str(o, light ? "light " : "dark ");
    if (last)
      SVG_LIT(o, "lastmove ");
    svg_str(o, name);
    SVG_LIT(o, "\" stroke=\"none\"");
    svg_attr_text(o, " fill=\"", c.text);
    svg_opacity(o, c.opacity, f);
    SVG_LIT(o, " />");
    if (b->fill_mask >> s & 1) {
      SVG_LIT(o, "<rect");
      svg_attr_int(o, " x=\"", x);
      svg_attr_int(o, " y=\"", y);
      SVG_LIT(o, " width=\"45\" height=\"45\" stroke=\"none\"");
      svg_attr_text(o, " fill=\"", b->fill[s].text);
      svg_opacity(o, b->fill[s].opacity, f);
      SVG_LIT(o, " />");
    }
  }

  if (b->check) {
    SVG_LIT(o, "<rect");
    svg_attr_int(o, " x=\"", (long long)(b->orientation ? b->check_file : 7 - b->check_file) * SVG_SQUARE_SIZE + off);
    svg_attr_int(o, " y=\"", (long long)(b->orientation ? 7 - b->check_rank : b->check_rank) * SVG_SQUARE_SIZE + off);
    SVG_LIT(o, " width=\"45\" height=\"45\" class=\"check\" fill=\"url(#check_gradient)\" />");
  }

  for (Square s = SQ_A1; s < SQUARE_NB; s++) {
    int x = (b->orientation ? file_of(s) : 7 - file_of(s)) * SVG_SQUARE_SIZE + off;
    int y = (b->orientation ? 7 - rank_of(s) : rank_of(s)) * SVG_SQUARE_SIZE + off;
    int pc = b->pieces ? b->piece[s] : 0;
    if (pc) {
      const char *color = svg_color_names[color_of_piece(pc)], *type = svg_type_names[type_of_piece(pc)];
      for (int k = 0; k < 2; k++) {
        svg_str(o, k ? "\" xlink:href=\"#" : "<use href=\"#");
        svg_str(o, color);
        SVG_LIT(o, "-");
        svg_str(o, type);
      }
      SVG_LIT(o, "\" transform=\"translate(");
      svg_int(o, x);
      SVG_LIT(o, ", ");
      svg_int(o, y);
      SVG_LIT(o, ")\" />");
    }
    if (b->squares >> s & 1) {
      SVG_LIT(o, "<use href=\"#xx\" xlink:href=\"#xx\"");
      svg_attr_int(o, " x=\"", x);
      svg_attr_int(o, " y=\"", y);
      SVG_LIT(o, " />");
    }
  }

  for (size_t i = 0; i < b->arrow_nb; i++)
    svg_arrow(o, &b->arrows[i], b->orientation, off, f);
  SVG_LIT(o, "</svg>");
  return o->oom ? -1 : 0;
}

int svg_piece(SvgText glyph, const SvgText *size, SvgBuf *out) {
  svg_root(out, SVG_SQUARE_SIZE, size);
  svg_put(out, glyph.p, glyph.n);
  SVG_LIT(out, "</svg>");
  return out->oom ? -1 : 0;
}

void svg_buf_free(SvgBuf *out) {
  free(out->p);
  out->p = NULL;
  out->n = out->cap = 0;
}
