# Attack sets: every sliding-attack technique by name, leapers, lines, batch forms.

attacks_init()

cdef dict _index = {}          # name -> technique index, available methods only
cdef dict _all_index = {}      # name -> technique index, every compiled technique
cdef int _default
cdef const char *_why
cdef const char *_streaming_why

for _t in range(TECHNIQUE_NB):
    _all_index[Techniques[_t].name.decode()] = _t
    if technique_available(_t):
        _index[Techniques[_t].name.decode()] = _t
_default = technique_default(&_why)
_streaming = Techniques[technique_streaming(&_streaming_why)].name.decode()

METHODS = tuple(_index)
DEFAULT = Techniques[_default].name.decode()
ALL_METHODS = tuple(_all_index)
# perft's and divide's methods: every technique, and Hyatt's attack maps kept through
# make/unmake ("incremental": a way to generate moves, not a lookup by square and occupancy)
INCREMENTAL = "incremental"
PERFT_METHODS = METHODS + (INCREMENTAL,)

_FEATURES = ((CPU_POPCNT, "popcnt"), (CPU_BMI1, "bmi1"), (CPU_BMI2, "bmi2"),
             (CPU_LZCNT, "lzcnt"), (CPU_AVX2, "avx2"), (CPU_AVX512, "avx512"))


cdef int _method(object method) except -1:
    """Returns the technique index for a method name (None: DEFAULT)."""
    if method is None:
        return _default
    t = _index.get(method)
    if t is not None:
        return t
    if method == INCREMENTAL:
        raise ValueError("method 'incremental' keeps attack maps through make/unmake: it "
                         "generates moves (perft, divide) but has no lookup by square and "
                         f"occupancy; lookup methods: {', '.join(METHODS)}")
    if method in _all_index:
        raise ValueError(f"method {method!r} is not available on this CPU "
                         f"(needs BMI2); available: {', '.join(METHODS)}")
    raise ValueError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")


cdef int _perft_method(object method) except -1:
    """Returns the generator's index for a perft method name (PERFT_METHODS; None: DEFAULT)."""
    if method == INCREMENTAL:
        return MOVEGEN_INCREMENTAL
    if method is None or method in _index or method in _all_index:
        return _method(method)
    raise ValueError(f"unknown method {method!r}; valid methods: {', '.join(PERFT_METHODS)}")


cdef inline Square _square(object square) except -1:
    cdef int64_t v
    try:
        v = square
    except OverflowError:
        v = -1
    if v < 0 or v > 63:
        raise ValueError(f"square must be in 0..63, got {square!r}")
    return <Square>v


cdef inline Bitboard _bitboard(object occupied, str name="occupied") except? 0:
    try:
        return occupied
    except OverflowError:
        raise ValueError(f"{name} must be in 0..2**64-1, got {occupied!r}") from None


def rook(square, occupied, method=None):
    """Rook attacks from ``square`` given the ``occupied`` bitboard.

    >>> rook(0, 0) == 0x01010101010101FE
    True
    """
    cdef int t = _method(method)
    return Techniques[t].rook(_square(square), _bitboard(occupied))


def bishop(square, occupied, method=None):
    """Bishop attacks from ``square`` given the ``occupied`` bitboard.

    >>> bishop(0, 0) == 0x8040201008040200
    True
    """
    cdef int t = _method(method)
    return Techniques[t].bishop(_square(square), _bitboard(occupied))


def queen(square, occupied, method=None):
    """Queen attacks (rook | bishop) from ``square`` given ``occupied``.

    >>> bin(queen(27, 0)).count("1")
    27
    """
    cdef int t = _method(method)
    cdef Square s = _square(square)
    cdef Bitboard o = _bitboard(occupied)
    return Techniques[t].rook(s, o) | Techniques[t].bishop(s, o)


def knight(square):
    """Knight attacks from ``square``.

    >>> knight(0) == (1 << 10) | (1 << 17)
    True
    """
    return KnightAttacks[_square(square)]


def king(square):
    """King attacks from ``square``.

    >>> bin(king(27)).count("1")
    8
    """
    return KingAttacks[_square(square)]


def pawn(color, square):
    """Squares a pawn of ``color`` (python-chess: True = white) on ``square`` attacks.

    >>> pawn(True, 12) == (1 << 19) | (1 << 21)
    True
    """
    if color not in (True, False):
        raise ValueError(f"color must be chess.WHITE (True) or chess.BLACK (False), got {color!r}")
    return PawnAttacks[0 if color else 1][_square(square)]


def between(a, b):
    """Squares strictly between ``a`` and ``b`` on a line (0 if not aligned).

    >>> between(0, 3) == 0b0110
    True
    """
    return BetweenBB[_square(a)][_square(b)]


def line(a, b):
    """The whole rank, file or diagonal through ``a`` and ``b`` (0 if not aligned).

    >>> line(0, 9) == 0x8040201008040201
    True
    """
    return LineBB[_square(a)][_square(b)]


cdef _many(int piece, squares, occupied, out, object method):
    cdef int t = _method(method)
    cdef const uint8_t[::1] sq
    cdef const uint64_t[::1] occ
    cdef uint64_t[::1] res
    cdef int64_t bad
    try:
        sq = squares
    except (ValueError, TypeError, BufferError) as e:
        raise ValueError(f"squares must be a C-contiguous buffer of uint8: {e}") from None
    try:
        occ = occupied
    except (ValueError, TypeError, BufferError) as e:
        raise ValueError(f"occupied must be a C-contiguous buffer of uint64: {e}") from None
    try:
        res = out
    except (ValueError, TypeError, BufferError) as e:
        raise ValueError(f"out must be a writable C-contiguous buffer of uint64: {e}") from None
    cdef Py_ssize_t n = sq.shape[0]
    if occ.shape[0] != n or res.shape[0] != n:
        raise ValueError(f"squares, occupied and out must have the same length, got "
                         f"{n}, {occ.shape[0]} and {res.shape[0]}")
    if n == 0:
        return
    with nogil:
        bad = technique_many(t, piece, &sq[0], &occ[0], &res[0], n)
    if bad >= 0:
        raise ValueError(f"squares[{bad}] must be in 0..63, got {sq[bad]}")


def rook_many(squares, occupied, out, method=None):
    """Rook attacks for each (squares[i], occupied[i]) into out[i], in one C loop.

    Any C-contiguous buffers: uint8 squares, uint64 occupancies and output
    (array.array('B'/'Q'), numpy arrays, bytes for squares).

    >>> from array import array
    >>> out = array('Q', [0])
    >>> rook_many(bytes([0]), array('Q', [0]), out); out[0] == rook(0, 0)
    True
    """
    _many(ROOK_T, squares, occupied, out, method)


def bishop_many(squares, occupied, out, method=None):
    """Bishop attacks for each (squares[i], occupied[i]) into out[i]; see rook_many."""
    _many(BISHOP_T, squares, occupied, out, method)


def queen_many(squares, occupied, out, method=None):
    """Queen attacks for each (squares[i], occupied[i]) into out[i]; see rook_many."""
    _many(QUEEN_T, squares, occupied, out, method)


def table_bytes(method=None):
    """Bytes of lookup tables the technique owns (shared leaper/ray tables excluded).

    >>> table_bytes("kogge_stone")
    0
    """
    return Techniques[_method(method)].bytes[0]


def selftest(method=None, randoms=1000):
    """Compare a technique with the reference on every square and every subset of
    the relevant masks, plus ``randoms`` random full boards per square and piece;
    then ``128 * randoms + 4096`` batch queen lookups (``queen_many``'s loop) on
    random squares.

    Returns ``(mismatches, first)`` where ``first`` is ``None`` or
    ``(piece_name, square, occupied)`` of the first disagreement.

    >>> selftest("hyperbola", randoms=10)
    (0, None)
    """
    cdef int t = _method(method)
    cdef Square s = 0
    cdef Bitboard o = 0
    cdef int p = 0
    cdef uint64_t bad, r = randoms
    with nogil:
        bad = technique_selftest(t, r, &s, &o, &p)
    return (bad, None) if bad == 0 else (bad, ({ROOK_T: "rook", BISHOP_T: "bishop"}.get(p, "queen"), s, o))


def bench_queen(method, const uint8_t[::1] squares, const uint64_t[::1] occupied,
                int reps, bint chained=False, int per=1):
    """Run reps x len(squares) queen lookups in a C loop (GIL released); returns
    the XOR of the results, so the loop cannot be optimised away. per > 1: the
    public benchmark's shape, occupied[i] shared by the per squares from i (the
    length a multiple of 8 * per; the scalar loop reads each occupancy once)."""
    cdef int t = _method(method)
    cdef Py_ssize_t n = squares.shape[0]
    cdef uint64_t r
    if occupied.shape[0] != n or n == 0:
        raise ValueError("squares and occupied must be non-empty and of the same length")
    if per < 1 or (per > 1 and (n % (8 * per) or chained)):
        raise ValueError(f"per must be 1, or divide len(squares) / 8 without chained; got {per}")
    cdef Py_ssize_t j
    if per > 1:
        for j in range(n):
            if occupied[j] != occupied[j - j % per]:
                raise ValueError(f"occupied[{j}] differs from occupied[{j - j % per}] within a run of per={per}")
    for i in range(n):
        if squares[i] > 63:
            raise ValueError(f"squares[{i}] must be in 0..63, got {squares[i]}")
    with nogil:
        r = technique_bench(t, &squares[0], &occupied[0], n, reps, chained, per)
    return r


def find_magics(bint fixed=False, uint64_t seed=0x2545F4914F6CDD1D):
    """Search magic multipliers for every square: fixed=True gives plain magics
    (12/9 index bits), False fancy ones (bits = popcount of the mask).

    Returns ``{"rook": [(magic, bits)...64], "bishop": [...], "tried": n}``.
    """
    cdef Bitboard magics[2][64]
    cdef int bits[2][64]
    cdef uint64_t tried
    if seed == 0:
        raise ValueError("seed must be non-zero")
    tried = magic_find_all(fixed, seed, magics, bits)  # GIL held: the finder uses static scratch
    return {
        "bishop": [(magics[0][s], bits[0][s]) for s in range(64)],
        "rook": [(magics[1][s], bits[1][s]) for s in range(64)],
        "tried": tried,
    }


def build_info():
    """What this build is and what it picked on this CPU.

    >>> info = build_info()
    >>> info["default"] in info["methods"], info["code_path"] in ("x86-64-v3", "baseline")
    (True, True)
    """
    detected = cpu_features_detected()
    used = cpu_features()
    return {
        "compiler": cpu_compiler().decode(),
        "cpu": cpu_name().decode(),
        "cpu_features": [n for f, n in _FEATURES if detected & f],
        "cpu_features_used": [n for f, n in _FEATURES if used & f],
        "fast_pext": bool(cpu_fast_pext()),
        "methods": METHODS,
        "default": DEFAULT,
        "default_reason": _why.decode(),
        "streaming": _streaming,
        "streaming_reason": _streaming_why.decode(),
        "code_path": movegen_path().decode().split(":")[0],
        "code_path_reason": movegen_path().decode(),
        "attacks_code_path": "x86-64-v4" if cpu_v4() else "x86-64-v3" if cpu_v3() else "baseline",
        "debug": bool(CB_DEBUG_BUILD),
        "sanitized": bool(CB_ASAN_BUILD),
    }
