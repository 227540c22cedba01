# Positions as neural networks read them: one call into ext/encode_batch.c over Boards or games,
# the GIL released; chessbits/encode.py names the layouts and makes the NumPy arrays.

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from libc.stdint cimport int8_t, int16_t, int32_t
from cpython.buffer cimport PyBuffer_FillInfo

enc_init()
policy_init()

# The names chessbits.encode takes, for ext/'s numbers.
ENCODE_LAYOUTS = {"simple": (ENC_SIMPLE, ENC_SIMPLE_PLANES), "lc0": (ENC_LC0, ENC_LC0_PLANES),
                  "alphazero": (ENC_ALPHAZERO, ENC_ALPHAZERO_PLANES), "maia2": (ENC_MAIA2, ENC_MAIA2_PLANES)}
POLICY_LAYOUTS = {"lc0": POL_LC0, "alphazero": POL_ALPHAZERO, "maia2": POL_MAIA2, "searchless": POL_SEARCHLESS}
LC0_FORMATS = {"classical": LC0_CLASSICAL, "castling_plane": LC0_CASTLING_PLANE, "canonical": LC0_CANONICAL,
               "canonical_hectoplies": LC0_CANONICAL_HECTOPLIES,
               "canonical_hectoplies_armageddon": LC0_CANONICAL_HECTOPLIES_ARMAGEDDON,
               "canonical_v2": LC0_CANONICAL_V2, "canonical_v2_armageddon": LC0_CANONICAL_V2_ARMAGEDDON}
LC0_FILLS = {"no": LC0_FILL_NO, "fen_only": LC0_FILL_FEN_ONLY, "always": LC0_FILL_ALWAYS}
ENCODE_DTYPES = {"bool": ENC_BOOL, "uint8": ENC_UINT8, "float16": ENC_FLOAT16, "float32": ENC_FLOAT32}
ENCODE_COMPACT = ENC_COMPACT
ENCODE_TOKENS = ENC_TOKENS


cdef void *_enc_ptr(object buffer, list keep) except? NULL:
    """The first byte of a writable contiguous buffer (kept alive in keep), NULL for None."""
    if buffer is None:
        return NULL
    cdef uint8_t[::1] view = buffer
    keep.append(view)
    if view.shape[0] == 0:
        return NULL
    return &view[0]


cdef int64_t _enc_source(EncJob *j, object source, int threads) except? -1:
    """Runs job j over source (a list of Boards, a BoardBatch, or (moves, offsets, starts) of
    games) with the GIL released; returns 0, or enc_games' -2 - g for a game that cannot be
    replayed. MemoryError if out of memory."""
    cdef const Position **positions = NULL
    cdef int64_t *nply = NULL
    cdef EncStart *starts = NULL
    cdef Py_ssize_t n, i
    cdef int64_t status = 0
    cdef const uint16_t[::1] moves
    cdef const int64_t[::1] offsets
    cdef const int64_t[::1] rows
    cdef const uint16_t[::1] play
    cdef Board b
    cdef list keep = []
    try:
        if isinstance(source, _Batch):
            with nogil:
                status = batch_encode(&(<_Batch>source).b, j, NULL, 0, NULL, threads)
        elif isinstance(source, _BatchRows) and (<_BatchRows>source).all_games:
            play = (<_BatchRows>source).play
            with nogil:
                status = batch_encode(&(<_BatchRows>source).batch.b, j, NULL, 0, &play[0], threads)
        elif isinstance(source, _BatchRows):
            rows = (<_BatchRows>source).rows
            if rows.shape[0]:
                with nogil:
                    status = batch_encode(&(<_BatchRows>source).batch.b, j, &rows[0], rows.shape[0], NULL, threads)
        elif isinstance(source, list):
            n = len(source)
            positions = <const Position **>malloc((n + 1) * sizeof(Position *))
            nply = <int64_t *>malloc((n + 1) * sizeof(int64_t))
            if positions == NULL or nply == NULL:
                raise MemoryError()
            for i in range(n):
                b = <Board?>source[i]
                positions[i] = &b.pos
                nply[i] = b.nply
            with nogil:
                status = enc_boards(j, positions, nply, n, threads)
        else:
            moves, offsets, start_list = source
            n = len(start_list)
            starts = <EncStart *>malloc((n + 1) * sizeof(EncStart))
            if starts == NULL:
                raise MemoryError()
            for i in range(n):
                fen, chess960 = start_list[i]
                if fen is None:
                    starts[i].fen = NULL
                    starts[i].fen_len = 0
                else:
                    fen_bytes = <bytes?>fen
                    keep.append(fen_bytes)
                    starts[i].fen = <const char *>fen_bytes
                    starts[i].fen_len = len(fen_bytes)
                starts[i].chess960 = bool(chess960)
            with nogil:
                status = enc_games(j, &moves[0] if moves.shape[0] else NULL, &offsets[0], n, starts, threads)
        if status == -1:
            raise MemoryError()
        return status
    finally:
        free(positions)
        free(nply)
        free(starts)


def _encode(object source, int layout, int lc0_format, int lc0_fill, bint perspective, int dtype,
            object planes_out, object values_out, object tokens_out, object tokens_ok,
            object bitboards_out, object black_out, int policy, object mask_out, object counts_out,
            object played_out, int threads, object rows_out=None, Py_ssize_t bits_at=0):
    """Encodes source, a list of Boards, a BoardBatch or (moves, offsets, starts) of games, into the buffers
    given (flat uint8 views, or None); returns the sparse form's indices (an int16 array) when
    counts_out is given, else None. rows_out: a stream's rows instead of planes_out and mask_out
    ((N, width) uint8, 8-byte aligned: compact planes from byte 0, the mask's bits from bits_at,
    the rest 0). Raises ValueError for a game that cannot be replayed."""
    cdef EncJob *j = <EncJob *>malloc(sizeof(EncJob))
    if j == NULL:
        raise MemoryError()
    enc_job_init(j)
    cdef list keep = []
    cdef int64_t status
    cdef Py_ssize_t i, total
    cdef int16_t[::1] out
    cdef uint8_t[:, ::1] rows
    cdef Py_ssize_t moves
    try:
        j.opt.layout = layout
        j.opt.lc0_format = lc0_format
        j.opt.lc0_fill = lc0_fill
        j.opt.perspective = perspective
        j.dtype = dtype
        j.policy = policy
        j.lc0_format = lc0_format
        if enc_job_ready(j) < 0:
            raise ValueError("invalid encoding options")
        j.planes_out = _enc_ptr(planes_out, keep)
        j.values_out = <float *>_enc_ptr(values_out, keep)
        j.tokens_out = <uint8_t *>_enc_ptr(tokens_out, keep)
        j.tokens_ok = <uint8_t *>_enc_ptr(tokens_ok, keep)
        j.bitboards_out = <uint64_t *>_enc_ptr(bitboards_out, keep)
        j.black_out = <uint8_t *>_enc_ptr(black_out, keep)
        j.mask_out = <uint8_t *>_enc_ptr(mask_out, keep)
        j.counts_out = <int32_t *>_enc_ptr(counts_out, keep)
        j.played_out = <int16_t *>_enc_ptr(played_out, keep)
        if rows_out is not None:
            rows = rows_out
            keep.append(rows)
            moves = (policy_size(policy) + 7) // 8 if policy >= 0 else 0
            if rows.shape[1] % 8 or bits_at < 12 * j.planes or bits_at + moves > rows.shape[1] \
                    or (rows.shape[0] and <size_t>&rows[0, 0] % 8):
                raise ValueError("_encode: rows of 8-byte multiples, aligned, with room for the planes and mask")
            j.rows_out = &rows[0, 0] if rows.shape[0] else NULL
            j.row_width = rows.shape[1]
            j.bits_at = bits_at
        status = _enc_source(j, source, threads)
        if status <= -2:
            raise ValueError(f"game {-2 - status} cannot be replayed: its FEN is refused or a move is not legal")
        if counts_out is None:
            return None
        total = 0
        for i in range(j.threads):
            total += j.sparse[i].n
        import numpy
        result = numpy.empty(total, numpy.int16)
        if total:
            out = result
            total = 0
            for i in range(j.threads):
                if j.sparse[i].n:
                    memcpy(&out[total], j.sparse[i].idx, j.sparse[i].n * sizeof(int16_t))
                    total += j.sparse[i].n
        return result
    finally:
        enc_job_free(j)
        free(j)


def _lc0_canonical(int lc0_format):
    """True for lc0's canonical input formats (moves indexed through the board's transform)."""
    return bool(enc_lc0_canonical(lc0_format))


def _fractional_planes(int layout, int lc0_format):
    """True if a plane of the encoding can hold a fractional value (no uint8 output then)."""
    cdef EncOptions o
    o.layout = layout
    o.lc0_format = lc0_format
    o.lc0_fill = LC0_FILL_FEN_ONLY
    o.perspective = 0
    return bool(enc_fractional(&o))


def _policy_size(int layout):
    """The number of indices of a policy layout."""
    return policy_size(layout)


def _move_index(Board board, int key, int layout, bint canonical):
    """The policy index of the move with python-chess key `key` on board, or -1; canonical: with
    lc0's canonical transform of the position."""
    cdef EncPos e
    cdef int transform = 0
    if canonical:
        enc_snapshot(&board.pos, board.nply == 0, &e)
        transform = enc_lc0_transform(&e)
    return policy_index(layout, &board.pos, key, transform)


def _legal_keys(Board board):
    """python-chess keys of board's legal moves (in no set order)."""
    cdef PyMove moves[2048]
    cdef int n = policy_legal_moves(&board.pos, moves)
    return [moves[i] for i in range(n)]


def _swap_rows(uint8_t[:, ::1] buf, const int64_t[::1] slots, src, out, int threads):
    """A shuffle buffer's exchange: out[i] = buf[slots[i]] (out None: not taken), then buf[slots[i]]
    = src[i] (src None: buf kept), each row's bytes at once, on threads with the GIL released; the
    slots distinct (NumPy's take and assignment through an index go element by element)."""
    cdef Py_ssize_t i, n = slots.shape[0], width = buf.shape[1], height = buf.shape[0]
    cdef const uint8_t[:, ::1] rows
    cdef uint8_t[:, ::1] taken
    cdef const uint8_t *incoming = NULL
    cdef uint8_t *outgoing = NULL
    for name, given in (("in", src), ("out", out)):
        if given is not None and (given.shape[0] != n or given.shape[1] != width):
            raise ValueError(f"_swap_rows: {n} rows of {width} bytes {name}, got {given.shape[0]} of {given.shape[1]}")
    for i in range(n):
        if not 0 <= slots[i] < height:
            raise IndexError(f"_swap_rows: row {slots[i]} outside 0..{height - 1}")
    if not n or not width:
        return
    if src is not None:
        rows = src
        incoming = &rows[0, 0]
    if out is not None:
        taken = out
        outgoing = &taken[0, 0]
    with nogil:
        enc_rows_swap(&buf[0, 0], &slots[0], incoming, outgoing, <size_t>n, <size_t>width, threads)


# Blocks a stream's cache keeps: the next chunk's and batches' (beside the AHEAD batches ready
# and the one in the consumer's hands).
cdef enum:
    BLOCKS_KEPT = 4


cdef class _Blocks:
    """A stream's cache of memory for its chunks' rows and its batches' arrays: a block comes
    back here when the last array over it goes, its pages already there, where fresh megabytes
    cost the kernel's zeroing of each page (8% of a stream's time). Keeps BLOCKS_KEPT blocks,
    hands out the smallest that fits; frees them when it goes.

    >>> blocks = _Blocks()
    >>> [a.shape for a in blocks.arrays([((2, 3), "uint8"), ((4,), "float32")])]
    [(2, 3), (4,)]
    """
    cdef void *ptr[BLOCKS_KEPT]
    cdef size_t size[BLOCKS_KEPT]
    cdef int n

    def __dealloc__(self):
        cdef int i
        for i in range(self.n):
            huge_free(self.ptr[i], self.size[i])

    def arrays(self, list shapes):
        """Empty NumPy arrays, one for each (shape, dtype) of shapes, side by side in one block
        (each at a multiple of 64 bytes)."""
        import numpy
        cdef list kinds = [(tuple(shape), numpy.dtype(dtype)) for shape, dtype in shapes]
        cdef list spans = []
        cdef size_t need = 0, length
        cdef int i, best = -1
        for shape, dtype in kinds:
            length = dtype.itemsize
            for i in shape:
                length *= <size_t>i
            spans.append((need, length))
            need += (length + 63) // 64 * 64
        if need >= HUGE_PAGE // 2:  # (the size huge_alloc maps: sizes repeat, blocks fit again)
            need = (need + HUGE_PAGE - 1) // HUGE_PAGE * HUGE_PAGE
        need = need or 64
        for i in range(self.n):
            if self.size[i] >= need and (best < 0 or self.size[i] < self.size[best]):
                best = i
        cdef _Block block = _Block.__new__(_Block)
        block.home = self
        if best >= 0:
            block.ptr, block.size = self.ptr[best], self.size[best]
            self.n -= 1
            self.ptr[best], self.size[best] = self.ptr[self.n], self.size[self.n]
        else:
            block.ptr, block.size = huge_alloc(need), need
            if block.ptr == NULL:
                raise MemoryError()
        whole = numpy.frombuffer(block, numpy.uint8)
        return [whole[at:at + length].view(dtype).reshape(shape) for (at, length), (shape, dtype) in zip(spans, kinds)]


cdef class _Block:
    """One block of a _Blocks, handed to NumPy through the buffer protocol; back to its cache
    when the last array over it goes (freed if the cache is full)."""
    cdef _Blocks home
    cdef void *ptr
    cdef size_t size

    def __getbuffer__(self, Py_buffer *view, int flags):
        PyBuffer_FillInfo(view, self, self.ptr, <Py_ssize_t>self.size, 0, flags)

    def __dealloc__(self):
        if self.ptr == NULL:
            return
        if self.home is not None and self.home.n < BLOCKS_KEPT:
            self.home.ptr[self.home.n], self.home.size[self.home.n] = self.ptr, self.size
            self.home.n += 1
        else:
            huge_free(self.ptr, self.size)


def _row_columns(uint8_t[:, ::1] rows, list columns, bint into_rows):
    """A stream's scalars between its rows and their arrays: for each (at, array) of columns (1-D,
    contiguous, len(rows) items of 1, 2, 4 or 8 bytes), item i is at byte `at` of row i; copied
    into the rows if into_rows, else out of them.

    >>> import numpy
    >>> rows, ply = numpy.zeros((2, 8), numpy.uint8), numpy.array([7, 9], numpy.int32)
    >>> _row_columns(rows, [(4, ply)], True); rows[:, 4].tolist()
    [7, 9]
    """
    cdef Py_ssize_t n = rows.shape[0], width = rows.shape[1], i, at, size
    cdef const uint8_t[::1] given
    cdef uint8_t[::1] taken
    cdef uint8_t *row
    for at, array in columns:
        size = array.itemsize
        if array.ndim != 1 or array.shape[0] != n or size not in (1, 2, 4, 8) or not 0 <= at <= width - size \
                or not array.flags.c_contiguous:
            raise ValueError("_row_columns: a column of len(rows) items of 1, 2, 4 or 8 bytes inside the rows")
        if not n:
            continue
        row = &rows[0, at]
        if into_rows:
            given = array.view("u1")
            with nogil:
                for i in range(n):
                    memcpy(row + i * width, &given[i * size], size)
        else:
            taken = array.view("u1")
            with nogil:
                for i in range(n):
                    memcpy(&taken[i * size], row + i * width, size)


def _finish_rows(const uint8_t[:, ::1] rec, int planes, int dtype, uint8_t[:, ::1] planes_out, Py_ssize_t bits_at,
                 int moves, uint8_t[:, ::1] mask_out, int threads):
    """A stream's rows handed out, on threads with the GIL released: row i of rec holds `planes`
    compact planes (their masks from byte 0, then their values) and a mask of `moves` bits from
    byte bits_at; planes_out row i gets the planes dense in dtype (a DTYPES number), mask_out
    row i the bits as bools."""
    cdef Py_ssize_t n = rec.shape[0], width = rec.shape[1]
    if not 0 <= dtype <= ENC_FLOAT32 or planes_out.shape[0] != n or mask_out.shape[0] != n \
            or planes_out.shape[1] != planes * 64 * enc_dtype_size(dtype) or mask_out.shape[1] != moves \
            or width < 12 * planes or bits_at < 12 * planes or bits_at + (moves + 7) // 8 > width \
            or width % 8 or (n and <size_t>&rec[0, 0] % 8):
        raise ValueError("_finish_rows: shapes or dtype do not agree (rows of 8-byte multiples, aligned)")
    if n:
        with nogil:
            enc_rows_finish(&rec[0, 0], <size_t>width, <size_t>n, planes, dtype,
                            &planes_out[0, 0] if planes else NULL, <size_t>bits_at, moves,
                            &mask_out[0, 0] if moves else NULL, threads)
