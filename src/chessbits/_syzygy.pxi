# Syzygy tables read in C (ext/syzygy.c): a table's bytes held, a position's stored value.

cdef bint _sz_ready = False


cdef class _SzTable:
    """One table's bytes, read: ``_SzTable(data, name).wdl_raw(board, flipped)`` is the value
    a WDL table stores for the board (-2..2, the side to move's), without looking at captures;
    ``_SzTable(data, name, dtz=True).dtz_raw(board, flipped, wdl)`` a DTZ table's (distance,
    1) for a board of that WDL, (0, -1) if the table holds the other side to move only.
    ``flipped``: the board's colours are the table's swapped."""
    cdef SzTable t
    cdef object data
    cdef bint opened

    def __cinit__(self, data, str name, bint dtz=False):
        global _sz_ready
        cdef const uint8_t[::1] view = data
        if not _sz_ready:
            sz_init()
            _sz_ready = True
        self.data = data
        encoded = name.encode("ascii")
        rc = (sz_dtz_open if dtz else sz_wdl_open)(&self.t, &view[0], len(view), encoded)
        if rc == SZ_NOMEM:
            raise MemoryError()
        if rc == SZ_UNSUPPORTED:
            raise NotImplementedError("a Syzygy table without kings is not read in C")
        if rc != SZ_OK:
            raise ValueError(f"not the Syzygy {'DTZ' if dtz else 'WDL'} table {name}, or a corrupted one")
        self.opened = True

    def __dealloc__(self):
        if self.opened:
            sz_table_free(&self.t)

    def wdl_raw(self, Board board, bint flipped):
        cdef int value
        rc = sz_wdl_raw(&self.t, board.pos.by_color, board.pos.by_type, board.pos.side, flipped, &value)
        if rc != SZ_OK:
            raise ValueError("the table does not decode for this position (corrupted, or not its material)")
        return value

    def dtz_raw(self, Board board, bint flipped, int wdl):
        cdef int value, found
        rc = sz_dtz_raw(&self.t, board.pos.by_color, board.pos.by_type, board.pos.side, flipped, wdl, &value, &found)
        if rc != SZ_OK:
            raise ValueError("the table does not decode for this position (corrupted, or not its material)")
        if not found:
            return 0, -1
        return value, 1
