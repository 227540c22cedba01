# Deep perft's counting engine (ext/deep.c): the split into distinct positions and a counter
# that keeps its transposition table from call to call. chessbits/deep.py drives both.

from array import array

# The limits of perft and its statistics, from ext/'s headers: every check in Python reads these.
PERFT_MAX_DEPTH = PERFT_MAX_DEPTH_C
MAX_THREADS = WORKERS_MAX
PACKED_BYTES = sizeof(PackedPosition)
PERFT_STAT_NAMES = tuple(perft_stat_names[k].decode("ascii") for k in range(PERFT_STAT_NB))


cdef Board _regular_root(object board, Position *p, StateInfo *st):
    if not isinstance(board, Board):
        raise TypeError(f"expected a chessbits Board, got {type(board).__name__}")
    cdef Board b = <Board>board
    b._detached(p, st)
    if not (st.flags & BOARD_REGULAR):
        raise ValueError(f"deep perft needs a valid position with one king each, "
                         f"got status {b.status()!r} for {b.fen()}")
    return b


def _deep_split(board, int ply, int64_t cap):
    """The distinct positions ``ply`` plies below ``board``, packed 64 bytes each in the
    order move generation first reaches them, and the number of paths to each:
    ``(tasks: bytes, paths: array('Q'))``. ValueError if there are more than ``cap``."""
    cdef Position p
    cdef StateInfo st
    _regular_root(board, &p, &st)
    if ply < 0 or cap < 1:
        raise ValueError(f"split depth must be >= 0 and cap >= 1, got {ply} and {cap}")
    cdef bytearray tasks = bytearray(cap * PACKED_BYTES)
    paths = array("Q", bytes(cap * 8))
    cdef int64_t n = _deep_split_into(&p, ply, cap, tasks, paths)
    if n == -1:
        raise ValueError(f"more than {cap:,} distinct positions {ply} plies down: split less deep")
    if n < 0:
        raise MemoryError(f"no memory to find the distinct positions {ply} plies down")
    del paths[n:]
    return bytes(tasks[:n * PACKED_BYTES]), paths


cdef int64_t _deep_split_into(Position *p, int ply, int64_t cap, unsigned char[:] tv, uint64_t[:] pv):
    """deep_split into the buffers (their views end with this call, so the array can shrink)."""
    cdef int64_t n
    with nogil:
        n = deep_split(p, ply, cap, <PackedPosition *>&tv[0], &pv[0])
    return n


cdef class _DeepCounter:
    """Counts packed positions below one root (whose castling geometry they share) on
    ``threads`` threads sharing one transposition table of ``hash_mb`` MB keyed by
    ``seed``; the table lives as long as the counter, so later calls find earlier
    subtrees. Safe to call from several Python threads at once; ``stop()`` ends every
    running call after the task each thread is on."""
    cdef Position root
    cdef StateInfo root_st
    cdef PerftTT tt
    cdef bint has_tt
    cdef int threads, technique
    cdef int stop_flag
    cdef int64_t done_count

    def __cinit__(self, board, int hash_mb=0, uint64_t seed=0, int threads=1, method=None):
        _regular_root(board, &self.root, &self.root_st)
        self.root.st = &self.root_st
        self.technique = _perft_method(method)
        self.threads = _threads(threads)
        if hash_mb < 0 or hash_mb > PERFT_TT_MAX_MB:
            raise ValueError(f"hash_mb must be in 0..{PERFT_TT_MAX_MB}, got {hash_mb}")
        if hash_mb:
            if not perft_tt_alloc(&self.tt, <size_t>hash_mb << 20, seed):
                raise MemoryError(f"no memory for a {hash_mb} MB transposition table")
            self.has_tt = True

    def __dealloc__(self):
        if self.has_tt:
            perft_tt_free(&self.tt)

    @property
    def done(self):
        """Tasks counted by every call so far (for progress)."""
        return self.done_count

    def stop(self):
        """Ask running and later calls to end after their current task."""
        self.stop_flag = 1

    def count(self, const unsigned char[:] tasks, int depth, bint stats=False, uint64_t[:] counts=None,
              unsigned char[:] finished=None):
        """Perft ``depth`` of each packed position: ``array('Q')`` of counts, or with
        ``stats`` nine words per position (PerftStats' order). Given ``counts`` (and
        ``finished``, a byte per position set once its counts are in), fills those instead,
        for another thread to read while this one counts (``_deep_finished``).
        KeyboardInterrupt if ``stop()`` ended the call first."""
        cdef int64_t n = tasks.shape[0] // PACKED_BYTES
        if tasks.shape[0] != n * PACKED_BYTES:
            raise ValueError(f"packed positions are {PACKED_BYTES} bytes each, got {tasks.shape[0]} bytes")
        if depth < (1 if stats else 0) or depth > PERFT_MAX_DEPTH_C:
            raise ValueError(f"depth must be in {1 if stats else 0}..{PERFT_MAX_DEPTH_C}, got {depth}")
        cdef int words = PERFT_STAT_NB if stats else 1
        result = None
        if counts is None:
            result = array("Q", bytes(max(n, 1) * words * 8))
            counts = result
        if counts.shape[0] < n * words or (finished is not None and finished.shape[0] < n):
            raise ValueError("counts or finished is too short for the positions")
        cdef DeepBatch b
        memset(&b, 0, sizeof(DeepBatch))
        b.root = &self.root
        b.tasks = <const PackedPosition *>&tasks[0] if n else NULL
        b.n, b.depth, b.technique, b.stats = n, depth, self.technique, stats
        b.tt = &self.tt if self.has_tt and not stats else NULL
        b.counts = &counts[0]
        b.finished = &finished[0] if finished is not None and n else NULL
        b.done = &self.done_count
        b.stop = &self.stop_flag
        cdef int complete
        with nogil:
            complete = deep_run(&b, self.threads)
        if not complete:
            raise KeyboardInterrupt("deep perft stopped")
        return result[:n * words] if result is not None else None


def _deep_finished(const unsigned char[:] finished, int64_t first, int64_t last):
    """True if every flag in finished[first:last] is set (an acquire read: the counts they
    stand for may be read next, while the count goes on in another thread)."""
    if not 0 <= first <= last <= finished.shape[0]:
        raise IndexError(f"{first}:{last} is outside 0:{finished.shape[0]}")
    return first == last or bool(deep_finished(&finished[first], 0, last - first))
