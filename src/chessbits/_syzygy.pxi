# Syzygy tables read in C (ext/syzygy.c): a table's bytes held, a position's stored value.

from cpython.pycapsule cimport PyCapsule_New

cdef extern from "syzygy.h":  # (its public part: src/chessbits/include/chessbits_syzygy.h)
    ctypedef struct chessbits_syzygy_api:
        int abi
        int (*probe_wdl)(const void *tables, const uint64_t *bitboards, int white_to_move, int ep_square,
                         unsigned halfmove_clock, int *wdl) noexcept nogil
        int (*probe_dtz)(const void *tables, const uint64_t *bitboards, int white_to_move, int ep_square,
                         unsigned halfmove_clock, int *dtz) noexcept nogil
    int CHESSBITS_SYZYGY_ABI
    const char *CHESSBITS_SYZYGY_CAPSULE

cdef bint _sz_ready = False

# a table's kind, what a probe failed on (ext/syzygy_probe.h), what _SzBase.answer and value answer
_SZ_WDL, _SZ_DTZ = SZ_WDL, SZ_DTZ
_SZ_MISSING, _SZ_CASTLING, _SZ_TOO_MANY, _SZ_INVALID = SZ_MISSING, SZ_CASTLING, SZ_TOO_MANY, SZ_INVALID
_SZ_WDL_TABLE, _SZ_AB, _SZ_PROBE_WDL = SZ_PROBE_WDL_TABLE, SZ_PROBE_AB, SZ_PROBE_WDL
_SZ_DTZ_TABLE, _SZ_DTZ_NO_EP, _SZ_PROBE_DTZ = SZ_PROBE_DTZ_TABLE, SZ_PROBE_DTZ_NO_EP, SZ_PROBE_DTZ
# the rules ext/syzygy_check.c checks, by number
_SZ_RULES = {SZ_RULE_TERMINAL: "a mate or stalemate's WDL", SZ_RULE_WDL: "WDL the best of the moves' WDL",
             SZ_RULE_DTZ_SIGN: "DTZ agrees with WDL", SZ_RULE_DTZ_STEP: "DTZ one more than the best move's"}


def _sz_candidates(str name):
    """The candidates of material name ext/syzygy_check.c counts (2 * 64^pieces)."""
    return sz_check_candidates(name.encode("ascii"))


cdef int _sz_api_wdl(const void *tables, const uint64_t *bitboards, int white_to_move, int ep_square,
                     unsigned halfmove_clock, int *wdl) noexcept nogil:
    return sz_probe_bits(<const SzBase *>tables, bitboards, white_to_move, ep_square, halfmove_clock,
                         SZ_PROBE_WDL, wdl)


cdef int _sz_api_dtz(const void *tables, const uint64_t *bitboards, int white_to_move, int ep_square,
                     unsigned halfmove_clock, int *dtz) noexcept nogil:
    return sz_probe_bits(<const SzBase *>tables, bitboards, white_to_move, ep_square, halfmove_clock,
                         SZ_PROBE_DTZ, dtz)


cdef chessbits_syzygy_api _sz_api
_sz_api.abi = CHESSBITS_SYZYGY_ABI
_sz_api.probe_wdl = _sz_api_wdl
_sz_api.probe_dtz = _sz_api_dtz
# the probes for C and Cython code (include/chessbits_syzygy.h), as a capsule
_SZ_API = PyCapsule_New(<void *>&_sz_api, CHESSBITS_SYZYGY_CAPSULE, NULL)


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

    def address(self):
        """The registry's address, for include/chessbits_syzygy.h's probes."""
        return <size_t>&self.b

    def check(self, str name, uint64_t stride, uint64_t offset, int threads):
        """ext/syzygy_check.c's check of material name's candidates offset, offset + stride,
        ... (every table it needs given): (positions, failures, first candidate failing or
        stopping, rule broken, probe error code), the GIL released."""
        cdef SzCheck out
        cdef bytes encoded = name.encode("ascii")
        cdef const char *text = encoded
        cdef int rc
        with nogil:
            rc = sz_check(&self.b, text, stride, offset, threads, &out)
        if rc != SZ_OK:
            raise ValueError(f"not a Syzygy table name: {name!r}")
        return out.positions, out.failures, out.first, out.rule, out.code

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

    def many(self, source, int what, int16_t[::1] value, int8_t[::1] code, int threads):
        """Probes (what: _SZ_PROBE_WDL or _SZ_PROBE_DTZ) every position of source into value and
        code (0 or the probe's error), the GIL released while threads probe. source: a list
        of Boards or a _SzBits (rows shared out as threads go), or as chessbits.encode reads
        positions (a BoardBatch, (moves, offsets, starts) of games: an encoding job's rows). Rows that need a table not loaded yet are probed
        again once ``loader`` has given the tables they need. Returns (row, (code, kind, entry,
        key, pieces)) of the first row that failed, or None."""
        cdef EncJob *j = <EncJob *>malloc(sizeof(EncJob))
        cdef SzMany *m = <SzMany *>malloc(sizeof(SzMany))
        cdef _SzBits bits = source if isinstance(source, _SzBits) else None
        cdef const Position **positions = NULL
        cdef Board board
        cdef Py_ssize_t i
        cdef int64_t status
        cdef int t, k, entries
        cdef size_t n = value.shape[0]
        cdef bytearray need
        cdef uint8_t[::1] need_view
        if j == NULL or m == NULL:
            free(j)
            free(m)
            raise MemoryError()
        enc_job_init(j)
        memset(m, 0, sizeof(SzMany))
        self.probes += 1
        try:
            if isinstance(source, list):  # (Boards: probed in place of an encoding job, rows shared out as they go)
                positions = <const Position **>malloc((n + 1) * sizeof(Position *))
                if positions == NULL:
                    raise MemoryError()
                for i in range(<Py_ssize_t>n):
                    board = <Board?>source[i]
                    positions[i] = &board.pos
            j.opt.layout = -1
            j.policy = -1
            enc_job_ready(j)
            j.syzygy = m
            m.base = &self.b
            m.what = what
            m.value = &value[0] if n else NULL
            m.code = &code[0] if n else NULL
            while True:
                entries = self.b.n  # (no table is added while the job runs: Tablebase waits)
                need = bytearray(2 * entries + 2)
                need_view = need
                m.need = &need_view[0]
                sz_many_begin(m)
                if bits is not None:
                    with nogil:
                        sz_many_bits(m, &bits.s, n, threads)
                elif positions != NULL:
                    with nogil:
                        sz_many_positions(m, positions, n, threads)
                else:
                    status = _enc_source(j, source, threads)
                    if status <= -2:
                        raise ValueError(f"game {-2 - status} cannot be replayed: its FEN is refused or a move is "
                                         "not legal")
                wanted = [k for k in range(2 * entries) if need[k]]
                if not wanted:
                    break
                for k in wanted:
                    self.loader(k >> 1, k & 1, self.probes)
                m.retry = 1
            first = None
            for t in range(WORKERS_MAX):
                if m.first_row[t] >= 0 and (first is None or m.first_row[t] < first[0]):
                    e = &m.first[t]
                    first = (m.first_row[t], (e.code, e.kind, e.entry, e.key.decode("ascii"), e.pieces))
            return first
        finally:
            self.loader(-1, -1, self.probes)
            free(positions)
            free(j)
            free(m)


cdef class _SzBits:
    """Positions as bitboards for _SzBase.many: ``_SzBits(bits, turns, ep_squares,
    halfmove_clocks, castling_rights)``, NumPy arrays as GameArrays holds them (bits: N x 8
    uint64, pawns..kings, white, black; turns bool; the others None or int8, uint32, uint64)."""
    cdef SzBits s
    cdef object keep
    cdef Py_ssize_t n

    def __cinit__(self, bits, turns, ep_squares, halfmove_clocks, castling_rights):
        cdef const uint64_t[:, ::1] b = bits
        cdef const uint8_t[::1] tv = turns
        cdef const int8_t[::1] ev
        cdef const uint32_t[::1] rv
        cdef const uint64_t[::1] cv
        n = b.shape[0]
        if b.shape[1] != 8 or tv.shape[0] != n:
            raise ValueError("expected N x 8 bitboards and N turns")
        self.keep = (bits, turns, ep_squares, halfmove_clocks, castling_rights)
        self.n = n
        self.s.bits = &b[0, 0] if n else NULL
        self.s.turns = &tv[0] if n else NULL
        if ep_squares is not None:
            ev = ep_squares
            if ev.shape[0] != n:
                raise ValueError("expected N en-passant squares")
            self.s.ep = &ev[0] if n else NULL
        if halfmove_clocks is not None:
            rv = halfmove_clocks
            if rv.shape[0] != n:
                raise ValueError("expected N halfmove clocks")
            self.s.rule50 = &rv[0] if n else NULL
        if castling_rights is not None:
            cv = castling_rights
            if cv.shape[0] != n:
                raise ValueError("expected N castling rights")
            self.s.castling = &cv[0] if n else NULL

    def __len__(self):
        return self.n
