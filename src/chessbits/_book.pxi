# Polyglot opening books (chessbits.polyglot): the Zobrist numbers, and a position's
# entries found and turned into moves in C (ext/book.c) over the book's bytes.

from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_SIMPLE


def polyglot_numbers():
    """The 781 Zobrist numbers of the Polyglot book format, as ``chess.polyglot.POLYGLOT_RANDOM_ARRAY``."""
    return [polyglot_random[i] for i in range(POLYGLOT_RANDOM_NB)]


def zobrist_hash(board, *, _hasher=None):
    """The Polyglot key of a position: a chessbits Board's is kept as it plays, so this is a
    read; other boards (and a ``_hasher`` of one's own) go through chessbits.polyglot's
    ZobristHasher, which hashes them piece by piece as python-chess does.

    >>> hex(zobrist_hash(Board()))
    '0x463b96181691fc9c'
    """
    if _hasher is None:
        if isinstance(board, Board):
            return board_polyglot_key(&(<Board>board).pos)
        from chessbits.polyglot import DEFAULT_HASHER
        _hasher = DEFAULT_HASHER
    return _hasher(board)


def book_bisect(book, key):
    """The index of the first entry of a book whose key is >= key (as bisect_left)."""
    cdef Py_buffer view
    cdef uint64_t k = key
    PyObject_GetBuffer(book, &view, PyBUF_SIMPLE)
    try:
        return book_lower_bound(<const unsigned char *>view.buf, view.len // BOOK_ENTRY_BYTES, k)
    finally:
        PyBuffer_Release(&view)


cdef object _book_move(uint16_t raw):
    cdef int promotion
    cdef int m = book_pymove(raw, &promotion)
    if m >= 0:
        return _move_interned(m)
    sq = raw & 63  # from == to: python-chess reads the promotion bits as a dropped piece type
    return Move(sq, sq, None, promotion or None)


def book_read_entry(book, Py_ssize_t index, entry_type):
    """Entry ``index`` (negative from the end) of a book as ``entry_type(key, raw_move,
    weight, learn, move)``; IndexError past either end."""
    cdef Py_buffer view
    cdef BookEntry e
    PyObject_GetBuffer(book, &view, PyBUF_SIMPLE)
    try:
        n = view.len // BOOK_ENTRY_BYTES
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("book index out of range")
        e = book_entry(<const unsigned char *>view.buf, index)
    finally:
        PyBuffer_Release(&view)
    return entry_type(e.key, e.raw_move, e.weight, e.learn, _book_move(e.raw_move))


def book_find(book, key, Board board, int minimum_weight, exclude_moves, entry_type):
    """The entries of ``key`` with weight >= minimum_weight, in book order, as
    ``entry_type`` tuples; with a Board, python-chess's find_all: castling read as the
    board writes it (e1h1 is e1g1 unless chess960), excluded and illegal moves left out."""
    cdef Py_buffer view
    cdef uint64_t k = key
    cdef size_t i, n
    cdef BookEntry e
    cdef int m, promotion
    cdef list found = []
    PyObject_GetBuffer(book, &view, PyBUF_SIMPLE)
    try:
        data = <const unsigned char *>view.buf
        n = view.len // BOOK_ENTRY_BYTES
        i = book_lower_bound(data, n, k)
        while i < n:
            e = book_entry(data, i)
            i += 1
            if e.key != k:
                break
            if e.weight < minimum_weight:
                continue
            if board is None:
                move = _book_move(e.raw_move)
                if exclude_moves and move in exclude_moves:
                    continue
            else:
                m = book_pymove(e.raw_move, &promotion)
                if m < 0:
                    continue  # a drop: never legal on a Board
                m = board_from_chess960(&board.pos, <PyMove>m)
                move = _move_interned(m)
                if exclude_moves and move in exclude_moves:
                    continue
                if not board_is_legal(&board.pos, <PyMove>m):
                    continue
            found.append(entry_type(e.key, e.raw_move, e.weight, e.learn, move))
    finally:
        PyBuffer_Release(&view)
    return found
