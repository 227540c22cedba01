# Syzygy tables read in C (ext/syzygy.c): a table's bytes held, a position's stored value.

cdef bint _sz_ready = False

# a table's kind, what a probe failed on (ext/syzygy_probe.h), what _SzBase.answer and value answer
_SZ_WDL, _SZ_DTZ = SZ_WDL, SZ_DTZ
_SZ_MISSING, _SZ_CASTLING, _SZ_TOO_MANY = SZ_MISSING, SZ_CASTLING, SZ_TOO_MANY
_SZ_WDL_TABLE, _SZ_AB, _SZ_PROBE_WDL = SZ_PROBE_WDL_TABLE, SZ_PROBE_AB, SZ_PROBE_WDL
_SZ_DTZ_TABLE, _SZ_DTZ_NO_EP, _SZ_PROBE_DTZ = SZ_PROBE_DTZ_TABLE, SZ_PROBE_DTZ_NO_EP, SZ_PROBE_DTZ


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

    @property
    def key(self):
        """The material its first side stores, White's first (a few tables swap the name's)."""
        return self.t.key.decode("ascii")

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


cdef class _SzBase:
    """The tables of a chessbits.syzygy.Tablebase, probed in C: ``add(name, kind)`` makes a
    table known (kind _SZ_WDL or _SZ_DTZ) and returns its entry; ``give(entry, kind, data)`` its
    bytes; ``answer(board, what, alpha, beta, wdl)`` answers (value, second value), calling
    ``loader(entry, kind, probe)`` for each table a probe first needs (probe: this probe's
    number; entry -1 once it is over) and ``failer(board, (code, kind, entry, key, pieces))``
    to raise its error."""
    cdef SzBase b
    cdef dict held  # (entry, kind) -> the bytes given, kept while the C side reads them
    cdef public object loader, failer, convert
    cdef public int64_t probes

    def __cinit__(self):
        global _sz_ready
        if not _sz_ready:
            sz_init()
            _sz_ready = True
        self.held = {}

    def __dealloc__(self):
        sz_base_free(&self.b)

    def add(self, str name, int kind):
        cdef int entry
        encoded = name.encode("ascii")
        rc = sz_base_add(&self.b, encoded, kind, &entry)
        if rc == SZ_NOMEM:
            raise MemoryError()
        if rc != SZ_OK:
            raise ValueError(f"not a Syzygy table name: {name!r}")
        return entry

    def give(self, int entry, int kind, data):
        cdef const uint8_t[::1] view = data
        if not 0 <= entry < self.b.n or kind not in (SZ_WDL, SZ_DTZ):
            raise IndexError(entry)
        self.held[entry, kind] = data
        rc = sz_base_give(&self.b, entry, kind, &view[0] if len(view) else NULL, len(view))
        if rc == SZ_NOMEM:
            raise MemoryError()
        return rc == SZ_OK

    def drop(self, int entry, int kind):
        if not 0 <= entry < self.b.n or kind not in (SZ_WDL, SZ_DTZ):
            raise IndexError(entry)
        sz_base_drop(&self.b, entry, kind)
        self.held.pop((entry, kind), None)

    cdef int _run(self, Board board, int what, int alpha, int beta, int wdl, int *v, int *v2) except -1:
        cdef SzError e
        cdef int rc
        cdef bint loaded = False
        self.probes += 1
        try:
            while True:  # (the GIL held: no other thread adds or drops a table meanwhile)
                rc = sz_probe(&self.b, &board.pos, what, alpha, beta, wdl, v, v2, &e)
                if rc == SZ_OK:
                    return 0
                if rc != SZ_NEED:
                    self.failer(board, (rc, e.kind, e.entry, e.key.decode("ascii"), e.pieces))
                    raise AssertionError("failer returned")
                loaded = True
                self.loader(e.entry, e.kind, self.probes)
        finally:
            if loaded:  # the probe is over: the loader may let go of tables it asked for
                self.loader(-1, -1, self.probes)

    def answer(self, board, int what, int alpha=-2, int beta=2, int wdl=0):
        """(value, second value) of the probe `what` (a python-chess board or a variant's: as
        ``convert(board)`` makes it, or its error)."""
        cdef int v = 0, v2 = 0
        if type(board) is not Board:
            board = self.convert(board)
        self._run(<Board>board, what, alpha, beta, wdl, &v, &v2)
        return v, v2

    def value(self, board, int what):
        """The value of the probe `what` (probe_wdl_table, probe_wdl, probe_dtz_no_ep, probe_dtz)."""
        cdef int v = 0, v2 = 0
        if type(board) is not Board:
            board = self.convert(board)
        self._run(<Board>board, what, -2, 2, 0, &v, &v2)
        return v
