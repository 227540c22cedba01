/* SVG diagrams of boards (chessbits.svg): python-chess 1.11.2's chess.svg text, byte for byte as
   its ElementTree serializes it (ET.tostring, us-ascii): attributes in python-chess's order,
   empty elements as <x a="1" />, attribute values and text escaped as ElementTree escapes them,
   characters past ASCII as &#N; references, floats as Python's repr writes them. The caller
   resolves the options (colours split, squares as masks, the snippets of piece glyphs and
   coordinates already serialized); this file lays the board out and writes the text. */
#ifndef CB_SVG_H
#define CB_SVG_H

#include "position.h"

/* The growable output: p[0..n) written, cap allocated; oom set once an allocation failed. */
typedef struct { char *p; size_t n, cap; int oom; } SvgBuf;

/* Text from Python: UTF-8, lone surrogates as their three bytes (Python's "surrogatepass"). */
typedef struct { const char *p; size_t n; } SvgText;

/* A colour as python-chess's _color splits "#rgba"/"#rrggbbaa": the colour and its opacity,
   written as an opacity attribute only when below 1.0. */
typedef struct { SvgText text; double opacity; } SvgColor;

/* Python's float arithmetic the text needs and C cannot promise to reproduce: repr(v) (into out,
   at least 32 bytes; returns its length) and math.hypot(x, y). */
typedef struct {
  size_t (*repr)(double v, char *out);
  double (*hypot)(double x, double y);
} SvgFloats;

/* python-chess's DEFAULT_COLORS keys a board reads (arrows bring their own colours). */
enum {
  SVG_SQUARE_LIGHT, SVG_SQUARE_DARK, SVG_SQUARE_LIGHT_LASTMOVE, SVG_SQUARE_DARK_LASTMOVE,
  SVG_MARGIN, SVG_COORD, SVG_INNER_BORDER, SVG_OUTER_BORDER, SVG_COLOR_NB
};

/* An arrow between two squares given by file and rank (python-chess's square_file/square_rank of
   whatever the caller passed, so off-board values draw where python-chess draws them). */
typedef struct { int tail_file, tail_rank, head_file, head_rank; SvgColor color; } SvgArrow;

/* Everything chess.svg.board() draws, resolved. Snippets are piece glyphs, coordinates, the X
   mark and the check gradient as ElementTree serializes them (ASCII). */
typedef struct {
  int orientation;               /* 1: white at the bottom (orientation ^ flipped) */
  int coordinates, borders;
  const SvgText *size;           /* str(size), or NULL: no width and height */
  const SvgText *style;          /* a non-empty stylesheet, or NULL */
  int desc;                      /* 1: `if board:` held, a <desc> and the piece definitions */
  const SvgText *desc_text;      /* str(board); NULL: written from piece[] as python-chess's __str__ */
  int pieces;                    /* 1: board is not None, piece[] drawn */
  uint8_t piece[SQUARE_NB];      /* position.h's Piece codes (colour << 3 | type), 0 empty */
  unsigned defs;                 /* bit colour * 6 + type - 1: glyphs defined (pieces_mask nonzero) */
  SvgText glyph[12];             /* serialized PIECES, same index as defs */
  SvgText coord[16];             /* serialized COORDS: files a-h, then ranks 1-8 */
  SvgText xx, gradient;          /* serialized XX and CHECK_GRADIENT */
  Bitboard squares;              /* squares marked with an X */
  Bitboard lastmove;             /* squares coloured as the last move's */
  int check, check_file, check_rank; /* check: 1 to mark the square at check_file, check_rank */
  SvgColor color[SVG_COLOR_NB];  /* only those the options read need be set */
  Bitboard fill_mask;            /* squares with a fill colour in fill[] */
  SvgColor fill[SQUARE_NB];
  const SvgArrow *arrows;
  size_t arrow_nb;
} SvgBoard;

/* Returns 0, the diagram of b appended to out; -1 if memory ran out. */
int svg_board(const SvgBoard *b, const SvgFloats *f, SvgBuf *out);

/* Returns 0, chess.svg.piece()'s image of one serialized glyph appended to out; -1 if memory ran out. */
int svg_piece(SvgText glyph, const SvgText *size, SvgBuf *out);

/* Returns nothing; frees out's memory. */
void svg_buf_free(SvgBuf *out);

#endif
