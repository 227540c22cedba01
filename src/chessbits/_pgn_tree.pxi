# python-chess's read_game(handle, Visitor=...): lines from handle.readline(), the state
# machine of ext/pgn.c, the visitor's calls made here. With the default GameBuilder on a
# standard or Chess960 game the tree is built directly (SAN read and played in C, nodes made
# without the visitor's methods); HeadersBuilder (read_headers) and SkipVisitor (skip_game) get
# their results without their methods too; any other visitor, or a variant's board, gets
# python-chess's calls with Python boards, as python-chess makes them.

from cpython.unicode cimport PyUnicode_DecodeASCII
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from libc.string cimport memchr, memmove
from libc.stdlib cimport realloc, free
from cpython.unicode cimport PyUnicode_KIND
cdef extern from "Python.h":
    Py_ssize_t _list_size "PyList_GET_SIZE"(object)
    PyObject *_list_at "PyList_GET_ITEM"(object, Py_ssize_t)
    void _incref_p "Py_INCREF"(PyObject *)
    void _gc_untrack "PyObject_GC_UnTrack"(object)
    void _tuple_give "PyTuple_SET_ITEM"(object tuple, Py_ssize_t i, PyObject *item)  # (item's reference taken)
from io import BufferedReader as _BufferedReader, FileIO as _FileIO, StringIO as _StringIO, TextIOWrapper as _TextIOWrapper
import codecs as _codecs
from weakref import ref as _weakref

cdef enum:
    _READ_VISITOR = 0   # the visitor's own methods are called
    _READ_GAME = 1      # GameBuilder: the tree built here
    _READ_HEADERS = 2   # HeadersBuilder: the headers read here, the moves skipped
    _READ_SKIP = 3      # SkipVisitor: the game skipped



cdef class _GameReader:
    cdef PgnReader reader
    cdef PgnBoard board             # the fast path's board stack
    cdef object file, readline      # the handle read_game was given; its readline, once asked for
    cdef object line                # the text the C reader is looking at
    cdef object error               # the exception a callback caught
    cdef object visitor
    cdef dict tag_roster, others     # the fast paths' headers, written as Headers.__setitem__ would
    cdef int mode                   # _READ_GAME, _READ_HEADERS, _READ_SKIP: the visitor is that
                                    # builder itself, its work done here; else _READ_VISITOR
    cdef bint fast                  # mode == _READ_GAME
    cdef bint generic               # this game: python-chess's calls with Python boards
    cdef object headers, managed, unmanaged
    cdef list stack                 # the builder's variation_stack (fast path)
    cdef list boards                # python-chess's board_stack (generic)
    cdef str starting_comment       # the builder's state (fast path)
    cdef list starting_comments     # (python-chess's next release: next_api)
    cdef bint next_api              # comments as lists (chessbits._api)
    cdef bint in_variation
    # An io.StringIO, or an io.TextIOWrapper decoding UTF-8 with universal newlines, is read
    # in chunks, not by the line: the lines handed out are those readline() would return (the
    # text split at "\\n", as readline() splits text that holds no "\\r" in every newline mode
    # taken here), and the handle is left where readline() would have left it.
    cdef object handle              # that handle, or None (lines by readline())
    cdef object source              # what is read ahead: the StringIO, or the TextIOWrapper's buffer
    cdef bint raw                   # source gives bytes: a position is a byte offset (readline()'s
                                    # tell() cookie), each line checked as UTF-8
    cdef char *chunk                # the text read ahead, UTF-8: chunk[at..n) not yet handed out
    cdef Py_ssize_t at, n, cap
    cdef Py_ssize_t valid           # chunk[0..valid) is UTF-8 (raw: checked as read; a line past
                                    # it holds a byte readline() would not decode so)
    cdef bint behind                # the buffer stands before the chunk's end (a chunk kept from
                                    # the last read): moved there before it is read again
    cdef Py_ssize_t start           # the handle's position when the game started
    cdef Py_ssize_t given           # the characters (bytes, if raw) handed out as lines since
    cdef bint eof
    cdef bint clean                 # raw: the wrapper holds nothing decoded (its place is its
                                    # buffer's), as our own seek left it: only the buffer is moved
    cdef bint peek                  # raw: the buffer is an io.BufferedReader, read as it fills
    cdef bint lag                   # peek: the buffer stands one byte before the text read ahead
    cdef int fd                     # peek: the file's descriptor, read ahead by file_pread beside
                                    # the buffer (which stays put until the read ends), or -1
    cdef Py_ssize_t tags            # the tag pairs read so far
    cdef bint hits, fits            # every tag name so far the cache's; every one it holds
    cdef PyObject *held[64]         # the builders' tag values held back while hits (_gr_tags_done),
    cdef Py_ssize_t nheld           # references owned
    def __dealloc__(self):
        global _spare, _spare_cap
        pgn_reader_free(&self.reader)
        _gr_release(self)
        pgn_board_free(&self.board)
        if _spare == NULL:  # the next read's, grown already
            _spare, _spare_cap = self.chunk, self.cap
        else:
            free(self.chunk)

    cdef int _fail(self) noexcept:
        import sys
        self.error = sys.exc_info()[1]
        return PGN_ABORT


cdef str _span_text(PgnSpan s):
    """Text of the handle's lines back as it was read (lone surrogates too)."""
    if utf8_next_wide(s.p, s.n, 0) == s.n:  # ASCII: copied (the decoder's call costs 4x more)
        text = PyUnicode_New(s.n, 127)
        memcpy(PyUnicode_DATA(text), s.p, s.n)
        return text
    return PyUnicode_DecodeUTF8(s.p, s.n, "surrogatepass")


cdef str _span_ascii(PgnSpan s):
    return PyUnicode_DecodeASCII(s.p, s.n, NULL)


# characters (bytes) read ahead at once: the last game's length and a quarter, no less than this
cdef Py_ssize_t _CHUNK_MIN = 2048
cdef Py_ssize_t _chunk_size = 8192
# bytes of a file read ahead at once by file_pread (a system call costs as much as copying
# some 10 KB: a BufferedReader's 8 KB peeks spent a third of read_headers' time on them)
cdef Py_ssize_t _PREAD_BLOCK = 65536
cdef dict _UTF8_NAMES = {}  # an encoding's name -> whether it decodes as UTF-8


# a reader's chunk kept for the next reader when it ends (so read_game does not allocate it
# and grow it again for every game); while _spare_at >= 0 it holds the bytes of
# _left_handle's file from that offset, _spare_n of them (UTF-8 up to _spare_valid), which
# the read resuming there uses without reading the buffer again
cdef char *_spare = NULL
cdef Py_ssize_t _spare_cap = 0
cdef Py_ssize_t _spare_at = -1, _spare_n = 0, _spare_valid = 0


cdef bint _read_ahead(object handle) except -1:
    """True if read_game may read handle ahead in chunks (see _GameReader)."""
    if type(handle) is _StringIO:
        return True
    if type(handle) is not _TextIOWrapper or handle.newlines is None or handle.closed:  # (None: not
        return False  # universal, or nothing read yet; closed: readline() says so in its words)
    encoding = handle.encoding
    utf8 = _UTF8_NAMES.get(encoding)
    if utf8 is None:
        try:
            utf8 = _UTF8_NAMES[encoding] = _codecs.lookup(encoding).name in ("utf-8", "utf-8-sig")
        except LookupError:
            utf8 = False
    return utf8 and handle.seekable() and not handle.writable()


# The file handle read_game last left, by its own seek of the handle's buffer (a weak
# reference), and the byte offset it left it at. While its buffer still stands there (a
# readline() in between moves it on, as does a seek() elsewhere), its TextIOWrapper holds
# nothing decoded, its place is its buffer's, and the next read moves the buffer alone.
cdef object _left_handle = None
cdef Py_ssize_t _left_at = -1
cdef int _left_fd = -1  # (its fd, see _file_fd)


cdef int _file_fd(object source) except -2:
    """The descriptor of the file under a BufferedReader that file_pread may read, else -1."""
    raw = source.raw
    if type(raw) is not _FileIO:
        return -1
    try:
        return raw.fileno()
    except (OSError, ValueError):
        return -1


cdef bint _gr_resume(_GameReader r, object handle) except -1:
    """True if r starts where read_game left handle (see _left_handle)."""
    if _left_handle is None or _left_handle() is not handle:
        return False
    source = handle.buffer
    try:  # (beside file_pread the buffer holds nothing: its tell() asks the file as its seek() does)
        if (source.tell() if _left_fd >= 0 else source.seek(0, 1)) != _left_at:
            return False
    except ValueError:  # (closed: readline() says so in its words)
        return False
    r.handle, r.source, r.raw, r.clean = handle, source, True, True
    r.start = _left_at
    r.peek = type(source) is _BufferedReader
    r.fd = _left_fd if r.peek else -1
    if r.peek and _spare != NULL and _spare_at >= 0 and _spare_at <= _left_at < _spare_at + _spare_n:
        r.chunk, r.cap, r.n, r.valid = _spare, _spare_cap, _spare_n, _spare_valid
        r.at, r.behind = _left_at - _spare_at, True
        _take_spare()
    return True


cdef inline void _take_spare() noexcept:
    global _spare, _spare_cap, _spare_at
    _spare, _spare_cap, _spare_at = NULL, 0, -1


cdef int _gr_start_ahead(_GameReader r, object handle) except -1:
    """Sets r to read handle ahead from where it is (nothing changes if its place is no byte
    offset: a TextIOWrapper whose decoder holds state)."""
    try:
        start = handle.tell()
    except (OSError, ValueError):  # (closed, or telling disabled while iterating it) readline() says
        return 0
    if not 0 <= start < (<Py_ssize_t>1 << 62):
        return 0
    r.handle, r.start, r.raw = handle, start, type(handle) is not _StringIO
    r.source = handle.buffer if r.raw else handle
    if r.raw:
        r.source.seek(start)
        r.peek = type(r.source) is _BufferedReader
        if r.peek:
            r.fd = _file_fd(r.source)
    return 0


cdef int _gr_fall_back(_GameReader r) except -2:
    """The rest of the game by readline(): the handle put after the lines handed out."""
    r.handle.seek(r.start + r.given)
    r.handle = None
    return -1


cdef int _gr_room(_GameReader r, Py_ssize_t more) except -1:
    """Moves the chunk's text not yet handed out to its start, with room for more bytes after it."""
    cdef Py_ssize_t keep = r.n - r.at
    cdef char *grown
    if r.chunk == NULL and _spare != NULL:  # (taken: none left)
        r.chunk, r.cap = _spare, _spare_cap
        _take_spare()
    if keep + more > r.cap:
        r.cap = 2 * (keep + more)
        grown = <char *>realloc(r.chunk, r.cap)
        if grown == NULL:
            raise MemoryError()
        r.chunk = grown
    memmove(r.chunk, r.chunk + r.at, keep)
    r.valid = max(r.valid - r.at, 0)
    r.at, r.n = 0, keep
    return 0


cdef int _gr_refill(_GameReader r) except -2:
    """Reads more text ahead: 1 if some came, 0 at the end of the handle, -1 (see
    _gr_fall_back) if it holds a "\\r"."""
    cdef Py_ssize_t keep = r.n - r.at, k = -1
    if r.fd >= 0:
        _gr_room(r, _PREAD_BLOCK)
        k = file_pread(r.fd, r.chunk + keep, _PREAD_BLOCK, r.start + r.given + keep)
        if k < 0:  # (read by the buffer from here on, which says what is wrong in Python's words)
            r.fd = -1
            r.source.seek(r.start + r.given + keep)
            r.behind = r.lag = False
    if k < 0:
        if r.behind:  # (the chunk's last byte: the buffer's last, when it was read)
            r.source.seek(r.start + r.given - r.at + r.n - 1)
            r.behind, r.lag = False, True
        if r.peek:  # what the buffer holds (one read of the file if nothing), its last byte left
            if r.lag:  # in it, so that the seek back to the game's end stays in it (a buffer with
                r.source.seek(1, 1)  # nothing left seeks by a system call)
            more = r.source.peek(1)
            r.lag = len(more) > 0
            if r.lag:
                r.source.seek(len(more) - 1, 1)
        else:
            more = r.source.read(_chunk_size)
        k = len(more)
        if k:
            _gr_room(r, k if r.raw else 4 * k)  # (UTF-8 of text: up to 4 bytes a character)
            if r.raw:
                memcpy(r.chunk + keep, <const char *>(<bytes>more), k)
            else:
                k = utf8_from_ucs(PyUnicode_DATA(more), PyUnicode_KIND(more), k, r.chunk + keep)
                r.valid = keep + k
    if k == 0:
        r.eof = True
        return 0
    r.n += k
    if r.raw:
        r.valid += utf8_valid_prefix(r.chunk + r.valid, r.n - r.valid)
    if memchr(r.chunk + keep, 13, k) != NULL:
        return _gr_fall_back(r)
    return 1


cdef int _gr_next_ahead(_GameReader r, PgnLine *out) except -2:
    """_gr_next from the text read ahead: 1 with a line, 0 at the end, -1 if lines come from
    readline() from here (see _gr_fall_back)."""
    cdef const char *nl = NULL
    cdef Py_ssize_t end, length
    while True:
        if r.n > r.at:
            nl = <const char *>memchr(r.chunk + r.at, 10, r.n - r.at)
        if nl != NULL or r.eof:
            break
        if _gr_refill(r) < 0:
            return -1
    end = (nl - r.chunk) + 1 if nl != NULL else r.n
    length = end - r.at
    if end > r.valid:
        return _gr_fall_back(r)  # readline() decodes it as the handle's errors= says
    r.given += length if r.raw else utf8_chars(r.chunk + r.at, length)
    out.p = r.chunk + r.at
    out.eol = nl != NULL
    out.n = length - out.eol
    r.at = end
    return length > 0


cdef int _gr_next(void *ctx, PgnLine *out) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef Py_ssize_t n
    cdef const char *p
    cdef int k
    if r.handle is not None and r.valid > r.at:  # a whole line read ahead: no Python
        p = <const char *>memchr(r.chunk + r.at, 10, r.valid - r.at)
        if p != NULL:
            n = (p - r.chunk) + 1 - r.at
            r.given += n if r.raw else utf8_chars(r.chunk + r.at, n)
            out.p, out.n, out.eol = r.chunk + r.at, n - 1, 1
            r.at += n
            return 1
    try:
        if r.handle is not None:
            k = _gr_next_ahead(r, out)
            if k >= 0:
                return k
        if r.readline is None:
            r.readline = r.file.readline
        line = r.readline()
        if not isinstance(line, str):
            line.lstrip("\ufeff")  # python-chess's TypeError for a file not opened in text mode
        try:
            p = PyUnicode_AsUTF8AndSize(line, &n)
            r.line = line
        except UnicodeEncodeError:
            r.line = (<str>line).encode("utf-8", "surrogatepass")
            p = r.line
            n = len(r.line)
        out.eol = n > 0 and p[n - 1] == b"\n"
        out.p, out.n = p, n - out.eol
        return 1 if n else 0
    except BaseException:
        return r._fail()


cdef int _gr_begin_game(void *ctx) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef Headers h
    try:
        v = r.visitor
        r.generic = not r.fast
        r.hits = r.fits = True
        if r.mode == _READ_SKIP:
            return PGN_SKIP
        if r.mode == _READ_HEADERS:
            r.headers = Headers.__new__(Headers)  # (its dicts: _gr_tags_done, or _gr_dicts)
            r.tag_roster = r.others = None
            return PGN_GO
        if r.fast:
            v.begin_game()
            r.headers = v.game.headers
            if type(r.headers) is Headers:
                h = <Headers>r.headers
                h._dicts()
                r.tag_roster, r.others = h._roster_d, h._others_d
            else:
                r.tag_roster, r.others = r.headers._tag_roster, r.headers._others
            r.stack = v.variation_stack
            r.starting_comment = ""
            r.in_variation = False
            return PGN_GO
        if v.begin_game() is _SKIP:
            return PGN_SKIP
        r.managed = v.begin_headers()
        r.unmanaged = None if isinstance(r.managed, Headers) else Headers({})
        return PGN_GO
    except BaseException:
        return r._fail()


# The tags of the last game read, by their place in it: a database's games mostly name the
# same tags in the same order and share many values (Event, Date, Result...), so a name or an
# ASCII value equal to the last game's at its place is that str again, not decoded again; each
# name with whether it is one of the roster's seven. A game whose names are all the cache's
# gets its dicts as copies of _seen_roster/_seen_others (those names, each None) with its
# values put in place, so the dicts do not grow key by key.
cdef list _tag_names = []
cdef list _tag_values = []
cdef bint _tag_roster[64]
cdef dict _seen_roster = None, _seen_others = None  # (None while the cache changes)
cdef _TagShape _seen_shape = None  # read_headers': the names' shape (None if one comes twice)


cdef inline bint _cached(list cache, Py_ssize_t i, PgnSpan s) noexcept:
    """True if the tag cache has an i-th str and its text is s's."""
    return i < _list_size(cache) and _pgn_same(<str>_list_at(cache, i), s.p, s.n)


cdef str _tag_name(_GameReader r, PgnSpan name, Py_ssize_t i, bint *roster):
    """The str of a game's i-th tag name; *roster whether it is in PGN_ROSTER. A name that
    is not the cache's clears r.hits; one the cache does not take clears r.fits."""
    global _seen_roster
    if _cached(_tag_names, i, name):
        roster[0] = _tag_roster[i]
        return <str>_tag_names[i]
    r.hits = False
    tag = _span_text(name)
    roster[0] = tag in PGN_ROSTER
    if i <= len(_tag_names) and i < 64 and PyUnicode_IS_ASCII(tag):  # (the cached names' UTF-8 is their own text)
        if i == len(_tag_names):
            _tag_names.append(tag)
        else:
            _tag_names[i] = tag
        _tag_roster[i] = roster[0]
        _seen_roster = None
    else:
        r.fits = False
    return tag


cdef str _tag_value(PgnSpan value, Py_ssize_t i):
    """The str of a game's i-th tag value: the last game's at that place if the same text."""
    if _cached(_tag_values, i, value):
        return <str>_tag_values[i]
    return _tag_value_new(value, i)


cdef str _tag_value_new(PgnSpan value, Py_ssize_t i):
    """The str of a game's i-th tag value, not the last game's there: the cache's from now on."""
    text = _span_text(value)
    if i <= len(_tag_values) and i < 64 and PyUnicode_IS_ASCII(text):
        if i == len(_tag_values):
            _tag_values.append(text)
        else:
            _tag_values[i] = text
    return text


cdef void _gr_release(_GameReader r) noexcept:
    """Lets go of the tag values r holds back."""
    while r.nheld:
        r.nheld -= 1
        Py_XDECREF(r.held[r.nheld])


cdef int _gr_dicts(_GameReader r) except -1:
    """Gives read_headers' Headers its two dicts, empty, if it has none yet."""
    cdef Headers h
    if r.tag_roster is None:
        h = r.headers
        h._roster_d, h._others_d = {}, {}
        r.tag_roster, r.others = h._roster_d, h._others_d
    return 0


cdef int _gr_flush_tags(_GameReader r) except -1:
    """Puts the tags held back in r.held (the game's first, all named as the cache) into
    the headers' dicts."""
    cdef Py_ssize_t j
    _gr_dicts(r)
    for j in range(r.nheld):
        (r.tag_roster if _tag_roster[j] else r.others)[_tag_names[j]] = <object>r.held[j]
    _gr_release(r)
    return 0


cdef int _gr_tags_done(_GameReader r) except -1:
    """The builders' headers complete at the end of the tags (see _tag_names)."""
    global _seen_roster, _seen_others, _seen_shape
    cdef Py_ssize_t j
    cdef Headers h
    if r.hits and r.tags == len(_tag_names) and _seen_roster is not None:
        h = r.headers
        if r.mode == _READ_HEADERS and _seen_shape is not None:  # its values against the shape
            values = PyTuple_New(r.tags)
            for j in range(r.tags):
                _tuple_give(values, j, r.held[j])
            r.nheld = 0
            _gc_untrack(values)  # (strs only: what CPython's collector would untrack it for)
            h._shape, h._values = _seen_shape, values
            return 0
        others = _seen_others.copy()
        roster = _seen_roster.copy() if r.mode == _READ_HEADERS else r.tag_roster  # (a Game's
        for j in range(r.tags):                                                  # has its seven)
            (roster if _tag_roster[j] else others)[_tag_names[j]] = <object>r.held[j]
        _gr_release(r)
        h._roster_d, h._others_d = roster, others
        r.tag_roster, r.others = roster, others
        return 0
    _gr_flush_tags(r)
    if r.fits:
        if len(_tag_names) > r.tags:
            del _tag_names[r.tags:]
            _seen_roster = None
        if _seen_roster is None:
            _seen_roster = {tag: None for j, tag in enumerate(_tag_names) if _tag_roster[j]}
            _seen_others = {tag: None for j, tag in enumerate(_tag_names) if not _tag_roster[j]}
            _seen_shape = _tag_shape(_tag_names, _tag_roster)
    return 0


cdef int _gr_header(void *ctx, PgnSpan name, PgnSpan value) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef Py_ssize_t i = r.tags
    cdef PyObject *held
    if r.hits and r.mode != _READ_VISITOR and _cached(_tag_names, i, name):  # held back
        if _cached(_tag_values, i, value):  # (no Python object touched: see _gr_tags_done)
            held = _list_at(_tag_values, i)
            _incref_p(held)
        else:
            try:
                text = _tag_value_new(value, i)
            except BaseException:
                return r._fail()
            held = <PyObject *>text
            _incref_p(held)
        r.held[r.nheld] = held
        r.nheld += 1
        r.tags += 1
        return PGN_GO
    return _gr_header_named(r, name, value)


cdef int _gr_header_named(_GameReader r, PgnSpan name, PgnSpan value) noexcept:
    """_gr_header for a name not the cache's at its place, or a visitor's."""
    cdef bint roster
    try:
        tag = _tag_name(r, name, r.tags, &roster)
        text = _tag_value(value, r.tags)
        r.tags += 1
        if r.mode != _READ_VISITOR:  # the tag regex of ext/pgn.c leaves nothing Headers.__setitem__ refuses
            if r.hits:  # (held back: see _gr_tags_done)
                Py_INCREF(text)
                r.held[r.nheld] = <PyObject *>text
                r.nheld += 1
                return PGN_GO
            _gr_flush_tags(r)
            (r.tag_roster if roster else r.others)[tag] = text
            return PGN_GO
        r.visitor.visit_header(tag, text)
        if r.unmanaged is not None:
            r.unmanaged[tag] = text
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_end_headers(void *ctx) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef Board b
    try:
        v = r.visitor
        if r.mode != _READ_VISITOR:
            _gr_tags_done(r)
        if r.mode == _READ_HEADERS or (not r.fast and v.end_headers() is _SKIP):
            return PGN_SKIP
        if r.fast and "Variant" not in r.others and "FEN" not in r.others:
            b = Board()  # the standard start: no Python in between
            if pgn_board_set(&r.board, &b.pos, b.pos.st) < 0:
                raise MemoryError()
            return PGN_GO
        headers = r.headers if r.fast else (r.managed if r.unmanaged is None else r.unmanaged)
        try:
            VariantBoard = headers.variant()
        except ValueError as error:
            v.handle_error(error)
            VariantBoard = Board
        fen = headers.get("FEN", VariantBoard.starting_fen)
        try:
            board = VariantBoard(fen, chess960=headers.is_chess960())
        except ValueError as error:
            v.handle_error(error)
            return PGN_SKIP
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        if r.fast and type(board) is Board:
            b = board
            if pgn_board_set(&r.board, &b.pos, b.pos.st) < 0:
                raise MemoryError()
            return PGN_GO
        r.generic = True  # a variant: its own board class plays it
        r.boards = [board]
        v.visit_board(board)
        return PGN_GO
    except BaseException:
        return r._fail()


cdef GameNode _top(_GameReader r):
    """The builder's variation_stack[-1]; python-chess's IndexError once a ')' too many emptied it."""
    if not r.stack:
        raise IndexError("list index out of range")
    return <GameNode>r.stack[len(r.stack) - 1]


cdef str _joined(str a, str b):
    """python-chess's " ".join(filter(None, [a, b]))."""
    return (a + " " + b if b else a) if a else b


cdef int _gr_comment(void *ctx, PgnSpan span) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    try:
        text = _span_text(span)
        if r.generic:
            r.visitor.visit_comment(text)
            return PGN_GO
        top = _top(r)
        if r.in_variation or (top.parent is None and top._first is None and not top.variations):
            if not r.next_api:
                top.comment = _joined(top.comment, text)
            elif text:  # (the next release's builder drops empty ones)
                top.comments.append(text)
        elif not r.next_api:
            r.starting_comment = _joined(r.starting_comment, text)
        elif text:
            if r.starting_comments is None:
                r.starting_comments = []
            r.starting_comments.append(text)
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_nag(void *ctx, PgnSpan token, int nag) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    try:
        value = nag if nag >= 0 else int(_span_ascii(PgnSpan(token.p + 1, token.n - 1)))
        if r.generic:
            r.visitor.visit_nag(value)
        else:
            _top(r).nags.add(value)
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_begin_variation(void *ctx) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef int k
    try:
        if r.generic:
            if not r.boards[len(r.boards) - 1].move_stack:
                return PGN_IGNORED
            if r.visitor.begin_variation() is _SKIP:
                return PGN_SKIP
            board = r.boards[len(r.boards) - 1].copy()
            board.pop()
            r.boards.append(board)
            return PGN_GO
        k = pgn_board_begin_variation(&r.board)
        if k < 0:
            raise MemoryError()
        if k == 0:
            return PGN_IGNORED
        parent = _top(r).parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        r.stack.append(parent)
        r.in_variation = False
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_end_variation(void *ctx, int pop_board) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    try:
        if r.generic:
            r.visitor.end_variation()
            if pop_board:
                r.boards.pop()
            return PGN_GO
        r.stack.pop()
        if pop_board:
            pgn_board_end_variation(&r.board)
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_board_depth(void *ctx) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    return len(r.boards) if r.generic else pgn_board_depth(&r.board)


cdef int _gr_result(void *ctx, PgnSpan token) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    try:
        result = _span_ascii(token)
        if r.generic:
            r.visitor.visit_result(result)
        elif r.headers.get("Result", "*") == "*":
            r.headers["Result"] = result
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_move(void *ctx, PgnSpan token) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    cdef PyMove m = 0
    cdef SanError e
    try:
        if r.generic:
            return _gr_move_generic(r, _span_ascii(token))
        e = san_parse(&r.board.pos, token.p, token.n, &m)
        if e != SAN_OK:
            fen = _board_fen_of(&r.board.pos) if e > SAN_MULTI_LEG else ""
            r.visitor.handle_error(move_error(_SAN_ERRORS[e], _san_message(e, _span_ascii(token), fen, m)))
            return PGN_ERROR
        node = _new_child(ChildNode, _top(r), _move_interned(m), r.starting_comment)
        if r.starting_comments is not None:
            node.starting_comment, r.starting_comments = r.starting_comments, None
        r.stack[len(r.stack) - 1] = node
        r.starting_comment = ""
        r.in_variation = True
        if pgn_board_push(&r.board, m) < 0:
            raise MemoryError()
        return PGN_GO
    except BaseException:
        return r._fail()


cdef int _gr_move_generic(_GameReader r, str token) except? -9:
    v = r.visitor
    board = r.boards[len(r.boards) - 1]
    cdef int outcome = PGN_GO
    if v.begin_parse_san(board, token) is not _SKIP:
        try:
            move = board.parse_san(token) if api_next() else v.parse_san(board, token)  # (gone in the next release)
        except ValueError as error:
            v.handle_error(error)
            outcome = PGN_ERROR
        else:
            v.visit_move(board, move)
            board.push(move)
    v.visit_board(board)
    return outcome


cdef int _gr_end_game(void *ctx) noexcept:
    cdef _GameReader r = <_GameReader>ctx
    try:
        if r.mode == _READ_VISITOR:
            r.visitor.end_game()
        return PGN_GO
    except BaseException:
        return r._fail()


cdef str _board_fen_of(const Position *pos):
    cdef char buf[192]
    cdef int n = board_fen(pos, 0, BOARD_EP_LEGAL, 0, buf)
    return buf[:n].decode("ascii")


cdef PgnSink _GR_SINK = PgnSink(_gr_begin_game, _gr_header, _gr_end_headers, _gr_comment, _gr_nag,
                                _gr_begin_variation, _gr_end_variation, _gr_board_depth, _gr_result,
                                _gr_move, _gr_end_game)


def _pgn_read_game(handle, Visitor):
    """python-chess's read_game(handle, Visitor=Visitor)."""
    global _chunk_size, _left_handle, _left_at, _left_fd, _spare, _spare_cap, _spare_at, _spare_n, _spare_valid
    cdef _GameReader r = _GameReader()
    r.fd = -1
    if Visitor is _GameBuilder:
        r.mode = _READ_GAME
    elif Visitor is _HeadersBuilder:
        r.mode = _READ_HEADERS
    elif Visitor is _SkipVisitor:
        r.mode = _READ_SKIP
    else:
        r.mode = _READ_VISITOR
    r.fast = r.mode == _READ_GAME
    if r.mode == _READ_GAME or r.mode == _READ_VISITOR:
        r.visitor = Visitor()
    r.file = handle
    # (a handle read_game left resumes without _read_ahead's questions: a file's encoding and
    # newlines cannot change once it has been read from, nor can whether it seeks or writes)
    if not (type(handle) is _TextIOWrapper and _gr_resume(r, handle)) and _read_ahead(handle):
        _gr_start_ahead(r, handle)
    left, _left_handle, _spare_at = _left_handle, None, -1  # (set again below if this read leaves handle so)
    r.reader.lines.next = _gr_next
    r.reader.lines.ctx = <void *>r
    r.reader.sink = &_GR_SINK
    r.reader.ctx = <void *>r
    r.next_api = r.reader.indented_tags = api_next()
    cdef int k
    try:
        k = pgn_read_game(&r.reader)
    finally:
        if r.handle is not None:  # where readline() would have left it
            _chunk_size = max(_CHUNK_MIN, r.given + r.given // 4)
            (r.source if r.clean else r.handle).seek(r.start + r.given)
            if r.raw:
                _left_handle = left if left is not None and left() is r.handle else _weakref(r.handle)
                _left_at, _left_fd = r.start + r.given, r.fd
                if r.peek and r.chunk != NULL:  # its chunk kept for the next read
                    free(_spare)
                    _spare, _spare_cap, r.chunk = r.chunk, r.cap, NULL
                    _spare_at, _spare_n, _spare_valid = _left_at - r.at, r.n, r.valid
    if k == PGN_ABORT:
        error, r.error = r.error, None
        if error is None:
            raise MemoryError()
        raise error
    if k == 0:
        return None
    if r.mode == _READ_HEADERS:
        return r.headers
    if r.mode == _READ_SKIP:
        return True
    return r.visitor.result()
