# chessbits.svg's C side: board() and piece() options resolved as python-chess 1.11.2 reads them
# (colours split as its _color splits them, squares as masks, the glyph snippets serialized by
# ElementTree once and kept), the board read from our Position directly or through any other
# board's own methods, and the text written by ext/svg.c.

from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.string cimport strlen

cdef extern from "Python.h":
    char *PyOS_double_to_string(double val, char format_code, int precision, int flags, int *ptype)
    int Py_DTSF_ADD_DOT_0
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)
    void *PyUnicode_DATA(object o)

import math as _math

cdef object _svg_hypot_py = _math.hypot
cdef object _svg_raised = None    # an exception a float callback caught, raised once C returns
cdef dict _svg_serialized = {}    # snippet text -> its ElementTree serialization (bytes)
cdef dict _svg_splits = {}        # colour (str) -> _svg_split's answer
cdef dict _svg_native_types = {}  # board type -> 1 if its pieces, str() and truth are BaseBoard's own
cdef object _SVG_BB_STR = BaseBoard.__str__
cdef object _SVG_BB_PIECE_AT = BaseBoard.piece_at
cdef object _SVG_BB_PIECES_MASK = BaseBoard.pieces_mask
cdef tuple _SVG_SYMBOLS = ("P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k")  # SvgBoard.defs order
cdef tuple _SVG_COORDS = ("a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7", "8")
cdef uint64_t _SVG_LIGHT = 0x55AA55AA55AA55AA  # python-chess's BB_LIGHT_SQUARES


cdef size_t _svg_repr(double v, char *out) noexcept:
    """Python's repr(v) written to out; its length (0 after an error, kept in _svg_raised)."""
    global _svg_raised
    cdef char *s = PyOS_double_to_string(v, b'r', 0, Py_DTSF_ADD_DOT_0, NULL)
    cdef size_t n
    if s == NULL:
        try:
            raise MemoryError()
        except MemoryError as e:
            _svg_raised = e
        return 0
    n = strlen(s)
    memcpy(out, s, n)
    PyMem_Free(s)
    return n


cdef double _svg_hypot(double x, double y) noexcept:
    """Python's math.hypot(x, y) (its own algorithm, not necessarily the C library's)."""
    global _svg_raised
    try:
        return _svg_hypot_py(x, y)
    except BaseException as e:
        _svg_raised = e
        return 1.0


cdef SvgFloats _SVG_FLOATS
_SVG_FLOATS.repr = _svg_repr
_SVG_FLOATS.hypot = _svg_hypot


cdef int _svg_text(SvgText *t, object s, list keep) except -1:
    """t <- the str s as UTF-8 (lone surrogates passed through), alive while s and keep are."""
    cdef Py_ssize_t n
    cdef bytes b
    try:
        t.p = PyUnicode_AsUTF8AndSize(s, &n)
    except UnicodeEncodeError:
        b = (<str>s).encode("utf-8", "surrogatepass")
        keep.append(b)
        t.p = b
        n = len(b)
    t.n = <size_t>n
    return 0


cdef tuple _svg_split(object color):
    """python-chess's _color(color): (the colour written, as UTF-8 bytes; its opacity)."""
    cached = _svg_splits.get(color) if type(color) is str else None
    if cached is not None:
        return <tuple>cached
    text, opacity = color, 1.0
    if color.startswith("#"):
        try:
            if len(color) == 5:
                text, opacity = color[:4], int(color[4], 16) / 0xf
            elif len(color) == 9:
                text, opacity = color[:7], int(color[7:], 16) / 0xff
        except ValueError:
            pass  # not hexadecimal: kept whole, opaque
    result = (str(text).encode("utf-8", "surrogatepass"), float(opacity))
    if type(color) is str:
        if len(_svg_splits) >= 1024:
            _svg_splits.clear()
        _svg_splits[color] = result
    return result


cdef int _svg_put_color(SvgColor *c, tuple split, list keep) except -1:
    keep.append(split)
    c.text.p = <bytes>split[0]
    c.text.n = len(<bytes>split[0])
    c.opacity = split[1]
    return 0


cdef tuple _svg_select(object key, object colors, object defaults):
    """python-chess's _select_color: the colour of a key, overridden or default (KeyError for
    a key without a default, even when overridden)."""
    default = defaults[key]
    if type(colors) is dict and not colors:
        return _svg_split(default)
    return _svg_split(colors.get(key, default))


cdef int _svg_snippet(SvgText *t, object source) except -1:
    """t <- the serialization ElementTree gives source (python-chess's ET.fromstring, then
    ET.tostring in its tree), made on first use and kept in _svg_serialized."""
    cached = _svg_serialized.get(source)
    if cached is None:
        from xml.etree import ElementTree
        cached = ElementTree.tostring(ElementTree.fromstring(source))
        _svg_serialized[source] = cached
    t.p = <bytes>cached
    t.n = len(<bytes>cached)
    return 0


cdef bint _svg_native(object board) except -1:
    """True for our boards whose class keeps BaseBoard's piece_at, pieces_mask, str() and truth:
    their Position is read directly."""
    t = type(board)
    known = _svg_native_types.get(t)
    if known is None:
        known = (isinstance(board, BaseBoard) and getattr(t, "__str__") is _SVG_BB_STR
                 and getattr(t, "piece_at") is _SVG_BB_PIECE_AT and getattr(t, "pieces_mask") is _SVG_BB_PIECES_MASK
                 and getattr(t, "__bool__", None) is None and getattr(t, "__len__", None) is None)
        if len(_svg_native_types) >= 64:
            _svg_native_types.clear()
        _svg_native_types[t] = known
    return known


cdef uint64_t _svg_square_bits(object x) except? 0xFFFFFFFFFFFFFFFF:
    """The squares s (0..63) for which python-chess's ``s in [x]`` holds."""
    cdef uint64_t m = 0
    if type(x) is int and 0 <= x < 64:
        return 1ULL << <int>x
    for s in range(64):
        if x == s:
            m |= 1ULL << s
    return m


cdef int _svg_board_of(SvgBoard *b, object board, SvgText *desc, list keep) except -1:
    """The pieces, definitions and <desc> of board (not None), as python-chess reads them."""
    cdef BaseBoard bb
    cdef int c, pt, sq
    b.pieces = 1
    if _svg_native(board):
        bb = <BaseBoard>board
        b.desc = 1
        memcpy(b.piece, bb.pos.board, 64)
        for c in range(2):
            for pt in range(1, 7):
                if bb.pos.by_type[pt] & bb.pos.by_color[c]:
                    b.defs |= (<unsigned>1) << (c * 6 + pt - 1)
        return 0
    if board:
        text = str(board)
        keep.append(text)
        _svg_text(desc, text, keep)
        b.desc, b.desc_text = 1, desc
        for c, color in enumerate((True, False)):
            for pt in range(1, 7):
                if board.pieces_mask(pt, color):
                    b.defs |= (<unsigned>1) << (c * 6 + pt - 1)
    for sq in range(64):
        piece = board.piece_at(sq)
        if piece:
            pt = piece.piece_type
            if not 1 <= pt <= 6:
                raise ValueError(f"piece_type must be in 1..6, got {pt!r}")
            b.piece[sq] = (0 if piece.color else 8) | pt
    return 0


cdef int _svg_fill(SvgBoard *b, object fill, list keep) except -1:
    """b.fill from the mapping fill: fill[square] for each square that has one (KeyError: none)."""
    cdef int sq
    if type(fill) is dict:
        if all(type(k) is int and 0 <= k < 64 for k in <dict>fill):  # only these keys can match
            for sq, value in (<dict>fill).items():
                _svg_put_color(&b.fill[sq], _svg_split(value), keep)
                b.fill_mask |= 1ULL << sq
            return 0
    for sq in range(64):
        try:
            value = fill[sq]
        except KeyError:
            continue
        _svg_put_color(&b.fill[sq], _svg_split(value), keep)
        b.fill_mask |= 1ULL << sq
    return 0


cdef int _svg_arrows(SvgBoard *b, object arrows, object colors, object defaults, object unpack,
                     list keep) except -1:
    """b.arrows (PyMem, the caller frees it) from Arrow objects or (tail, head) pairs; unpack: a
    Python function returning its argument unpacked into two."""
    cdef list found = []
    cdef SvgArrow *a
    for arrow in arrows:
        try:
            tail, head, color = arrow.tail, arrow.head, arrow.color
        except AttributeError:
            if type(arrow) is tuple and len(<tuple>arrow) == 2:
                tail, head = arrow
            else:
                tail, head = unpack(arrow)  # in Python, for Python's words when it fails
            color = "green"
        try:
            split = _svg_select(" ".join(["arrow", color]), colors, defaults)
        except KeyError:  # a colour of its own, written as given
            split = (str(color).encode("utf-8", "surrogatepass"), 1.0)
        found.append((tail & 7, tail >> 3, head & 7, head >> 3, split))
    if not found:
        return 0
    b.arrows = a = <SvgArrow *>PyMem_Malloc(len(found) * sizeof(SvgArrow))
    if a == NULL:
        raise MemoryError()
    for item in found:
        a.tail_file, a.tail_rank, a.head_file, a.head_rank = item[0], item[1], item[2], item[3]
        _svg_put_color(&a.color, item[4], keep)
        a += 1
        b.arrow_nb += 1
    return 0


cdef object _svg_result(SvgBuf *out, int status, object ns):
    """The text ext/svg.c wrote, as chessbits.svg's SvgWrapper."""
    global _svg_raised
    if _svg_raised is not None:
        e, _svg_raised = _svg_raised, None
        raise e
    if status < 0:
        raise MemoryError()
    text = PyUnicode_New(<Py_ssize_t>out.n, 127)  # ASCII: ext/svg.c writes nothing else
    memcpy(PyUnicode_DATA(text), out.p, out.n)
    return ns["SvgWrapper"](text)


def _svg_board(board, orientation, lastmove, check, arrows, fill, squares, size, coordinates, colors,
               borders, style, dict ns):
    """chessbits.svg.board() (orientation already ^ flipped); ns: chessbits.svg's globals, whose
    PIECES, COORDS, XX, CHECK_GRADIENT, DEFAULT_COLORS, SvgWrapper and _pair are read on each call."""
    cdef SvgBoard b
    cdef SvgBuf out
    cdef SvgText size_text, style_text, desc_text
    cdef list keep = []
    cdef int i, status
    memset(&b, 0, sizeof(b))
    memset(&out, 0, sizeof(out))
    if len(_svg_serialized) > 256:  # snippets programs swapped in; never while C holds them
        _svg_serialized.clear()
    try:
        b.orientation = 1 if orientation else 0
        b.coordinates = 1 if coordinates else 0
        b.borders = 1 if borders else 0
        if size is not None:
            text = str(size)
            keep.append(text)
            _svg_text(&size_text, text, keep)
            b.size = &size_text
        if style:
            if not isinstance(style, str):  # ElementTree's refusal
                raise TypeError(f"cannot serialize {style!r} (type {type(style).__name__})")
            _svg_text(&style_text, style, keep)
            b.style = &style_text
        if board is not None:
            _svg_board_of(&b, board, &desc_text, keep)
        if b.defs:
            pieces = ns["PIECES"]
            for i in range(12):
                if b.defs >> i & 1:
                    _svg_snippet(&b.glyph[i], pieces[_SVG_SYMBOLS[i]])
        if squares:
            b.squares = _mask_of(squares)
            if b.squares:
                _svg_snippet(&b.xx, ns["XX"])
        if check is not None:
            b.check, b.check_file, b.check_rank = 1, check & 7, check >> 3
            _svg_snippet(&b.gradient, ns["CHECK_GRADIENT"])
        defaults = ns["DEFAULT_COLORS"]
        if b.borders:
            _svg_put_color(&b.color[SVG_OUTER_BORDER], _svg_select("outer border", colors, defaults), keep)
        if b.coordinates:
            _svg_put_color(&b.color[SVG_MARGIN], _svg_select("margin", colors, defaults), keep)
        if b.borders and b.coordinates:
            _svg_put_color(&b.color[SVG_INNER_BORDER], _svg_select("inner border", colors, defaults), keep)
        if b.coordinates:
            _svg_put_color(&b.color[SVG_COORD], _svg_select("coord", colors, defaults), keep)
            coords = ns["COORDS"]
            for i in range(16):
                _svg_snippet(&b.coord[i], coords[_SVG_COORDS[i]])
        if lastmove:
            b.lastmove = _svg_square_bits(lastmove.from_square) | _svg_square_bits(lastmove.to_square)
        _svg_put_color(&b.color[SVG_SQUARE_LIGHT], _svg_select("square light", colors, defaults), keep)
        _svg_put_color(&b.color[SVG_SQUARE_DARK], _svg_select("square dark", colors, defaults), keep)
        if b.lastmove & _SVG_LIGHT:
            _svg_put_color(&b.color[SVG_SQUARE_LIGHT_LASTMOVE], _svg_select("square light lastmove", colors, defaults), keep)
        if b.lastmove & ~_SVG_LIGHT:
            _svg_put_color(&b.color[SVG_SQUARE_DARK_LASTMOVE], _svg_select("square dark lastmove", colors, defaults), keep)
        if type(fill) is not dict or fill:
            _svg_fill(&b, fill, keep)
        _svg_arrows(&b, arrows, colors, defaults, ns["_pair"], keep)
        status = svg_board(&b, &_SVG_FLOATS, &out)
        return _svg_result(&out, status, ns)
    finally:
        PyMem_Free(<void *>b.arrows)
        svg_buf_free(&out)


def _svg_piece(piece, size, dict ns):
    """chessbits.svg.piece(); ns as for _svg_board."""
    cdef SvgBuf out
    cdef SvgText size_text, glyph
    cdef list keep = []
    memset(&out, 0, sizeof(out))
    try:
        if size is not None:
            text = str(size)
            keep.append(text)
            _svg_text(&size_text, text, keep)
        _svg_snippet(&glyph, ns["PIECES"][piece.symbol()])
        return _svg_result(&out, svg_piece(glyph, &size_text if size is not None else NULL, &out), ns)
    finally:
        svg_buf_free(&out)
