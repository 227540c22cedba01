# Syzygy tables read in C (ext/syzygy.c): a table's bytes held, a position's stored value.

cdef bint _sz_ready = False


cdef class _SzTable:
    """One WDL table's bytes, read: ``_SzTable(data, name).wdl_raw(board, flipped)`` is the
    value the table stores for the board (-2..2, the side to move's), without looking at
    captures. ``flipped``: the board's colours are the table's swapped."""
    cdef SzTable t
    cdef object data
    cdef bint opened

    def __cinit__(self, data, str name):
        global _sz_ready
        cdef const uint8_t[::1] view = data
        if not _sz_ready:
            sz_init()
            _sz_ready = True
        self.data = data
        encoded = name.encode("ascii")
        rc = sz_wdl_open(&self.t, &view[0], len(view), encoded)
        if rc == SZ_NOMEM:
            raise MemoryError()
        if rc == SZ_UNSUPPORTED:
            raise NotImplementedError("a Syzygy table without kings is not read in C")
        if rc != SZ_OK:
            raise ValueError(f"not the Syzygy WDL table {name}, or a corrupted one")
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
