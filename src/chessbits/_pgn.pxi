# Games of a block of PGN text read into arrays (ext/pgn_arrays.c) on threads with the GIL
from cpython.unicode cimport PyUnicode_DecodeUTF8, PyUnicode_DATA, PyUnicode_GET_LENGTH
from libc.string cimport memcpy, memcmp
from libc.stdint cimport uintptr_t
cdef extern from "Python.h":
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)
# released: the block cut where games seem to start into pieces the threads take one at a time
# (a thread slowed by other work, a .zst being decompressed beside, leaves more to the others), a
# piece whose start the previous piece's last game did not end at read again from where it did.
# The Python layer (chessbits._pgnarrays) streams blocks and makes NumPy arrays of the bytes.

cdef struct PgnWork:
    PgnArrays a
    const char *buf
    size_t n, start, stop, consumed
    int64_t first_game  # the index of the piece's first game
    int final, positions

cdef void _pgn_work(void *arg) noexcept nogil:
    cdef PgnWork *w = <PgnWork *>arg
    w.consumed = pgn_arrays_read(&w.a, w.buf, w.n, w.start, w.stop, w.final)


cdef struct PgnPool:
    PgnWork *work
    int64_t pieces
    int64_t *next     # the next piece to take, shared by the threads


cdef void _pgn_pool(void *arg) noexcept nogil:
    cdef PgnPool *p = <PgnPool *>arg
    cdef int64_t k = workers_fetch_add(p.next, 1)
    while k < p.pieces:
        _pgn_work(&p.work[k])
        k = workers_fetch_add(p.next, 1)

# a piece of a block is at least this long: shorter pieces cost more than they save
PGN_MIN_PIECE = 1 << 20
# pieces a block is cut into per thread at most, for the threads to even out
PGN_PIECES_PER_THREAD = 4
# the roster python-chess's Headers starts from, and its values for tags a game lacks
PGN_ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
              "Black": "?", "Result": "*"}


cdef str _pgn_text(const char *buf, int64_t at, int64_t n):
    """Text of the source's bytes, read as UTF-8 (a byte that is not: U+FFFD); ASCII copied
    (the decoder's call costs more than the copy)."""
    if utf8_next_wide(buf + at, n, 0) == <size_t>n:
        text = PyUnicode_New(n, 127)
        memcpy(PyUnicode_DATA(text), buf + at, n)
        return text
    return PyUnicode_DecodeUTF8(buf + at, n, "replace")


cdef inline bint _pgn_same(str text, const char *p, int64_t n):
    """True if text is ASCII and its characters are the n bytes at p."""
    return (PyUnicode_IS_ASCII(text) and PyUnicode_GET_LENGTH(text) == n
            and memcmp(PyUnicode_DATA(text), p, n) == 0)


# strs kept per tag column, by a hash of their bytes: a value seen before in the block (an
# Event, a date, a rating, an opening) is that str again, not a new one
DEF PGN_SEEN = 64


cdef inline uint32_t _pgn_hash(const char *p, int64_t n) noexcept nogil:
    """FNV-1a of the n bytes at p."""
    cdef uint32_t h = 2166136261u
    cdef int64_t i
    for i in range(n):
        h = (h ^ <uint8_t>p[i]) * 16777619u
    return h


cdef inline void _pgn_put(PyObject **slot, object value):
    """Stores value in an object array's slot (the old value released)."""
    cdef PyObject *old = slot[0]
    Py_INCREF(value)
    slot[0] = <PyObject *>value
    Py_XDECREF(old)


cdef object _pgn_objects(Py_ssize_t n, object fill, PyObject ***data):
    """A NumPy object array of n fills, and its items' address in *data."""
    import numpy
    array = numpy.empty(n, object)  # (of Nones: numpy.full converts a str fill to a str array first)
    data[0] = <PyObject **><uintptr_t>array.__array_interface__["data"][0]
    cdef Py_ssize_t i
    if fill is not None:
        for i in range(n):
            _pgn_put(&data[0][i], fill)
    return array


cdef str _pgn_error_text(PgnErrorRec *e, const char *buf, int64_t line):
    """python-chess's message for an error of the arrays reader, after its line number."""
    token = _pgn_text(buf, e.token, e.token_n)
    if e.kind == PGN_ERR_SAN:
        message = _san_message(e.code, token, e.fen.decode("ascii"), e.move)
    elif e.kind == PGN_ERR_FEN:
        message = str(_fen_error(<FenError>e.code, token, _board_part(token), e.move))
    elif e.kind == PGN_ERR_VARIANT:
        message = f"unsupported variant: {token}"
    else:
        message = f"variant {token!r} is not read into arrays (chessbits.pgn.read_game reads it)"
    return f"line {line}: {message}"


# The arrays of blocks read before, kept for the next block (pgn_arrays_reuse) up to
# _PA_KEEP_BYTES of room: a file read block by block faults in and grows its arrays once, not at
# every block (page faults were an eighth of read_games' time). Taken and given back with the GIL.
cdef enum: _PA_KEEP = 32
cdef PgnArrays _pa_kept[_PA_KEEP]
cdef int _pa_nkept = 0
cdef size_t _pa_kept_bytes = 0
cdef size_t _PA_KEEP_BYTES = 64 << 20


cdef void _pa_take(PgnArrays *a, int positions) noexcept:
    """Readies a, with the room of kept arrays if there are some."""
    global _pa_nkept, _pa_kept_bytes
    if _pa_nkept == 0:
        pgn_arrays_init(a, positions)
        return
    _pa_nkept -= 1
    memcpy(a, &_pa_kept[_pa_nkept], sizeof(PgnArrays))
    _pa_kept_bytes -= pgn_arrays_room(a)
    pgn_arrays_reuse(a, positions)


cdef void _pa_give(PgnArrays *a) noexcept:
    """Keeps a's arrays for a later block if there is room, else frees them."""
    global _pa_nkept, _pa_kept_bytes
    cdef size_t room = pgn_arrays_room(a)
    if _pa_nkept < _PA_KEEP and _pa_kept_bytes + room <= _PA_KEEP_BYTES:
        memcpy(&_pa_kept[_pa_nkept], a, sizeof(PgnArrays))
        _pa_nkept += 1
        _pa_kept_bytes += room
    else:
        pgn_arrays_free(a)


cdef void _pgn_restart(PgnWork *w) noexcept nogil:
    """Readies piece w to be read anew, from its first game's index, its sharding kept."""
    cdef int workers = w.a.shard_workers, worker = w.a.shard_worker
    pgn_arrays_reuse(&w.a, w.positions)
    w.a.next_game, w.a.shard_workers, w.a.shard_worker = w.first_game, workers, worker


cdef void _pgn_run(PgnWork *work, int used, PgnPool *pool, int runners) noexcept nogil:
    """Reads the pieces on `runners` threads, then again from where a game starts each piece
    whose start the previous piece's last game did not end at."""
    cdef int64_t taken = 0
    cdef int k
    for k in range(runners):
        pool[k].work, pool[k].pieces, pool[k].next = work, used, &taken
    workers_run(runners, _pgn_pool, pool, sizeof(PgnPool))
    for k in range(1, used):
        if work[k - 1].consumed != work[k].start:
            _pgn_restart(&work[k])
            work[k].start = work[k - 1].consumed
            _pgn_work(&work[k])


def _pgn_read_block(const unsigned char[::1] data, bint final, int threads, bint positions,
                    object tags, int64_t first_line, int64_t first_game=0, int worker=0, int workers=0):
    """Reads the games of data (the games that start in it and end in it, or all if final)
    into a dict of bytearrays and object arrays; 'consumed' says where reading stopped, 'seen'
    how many games were read. Numbering the games from first_game, with `workers` only those
    whose index is `worker` modulo `workers` are kept, the others scanned for their end alone
    (each piece's first index counted by such a scan of every piece first)."""
    cdef size_t n = data.shape[0]
    cdef const char *buf = b""
    if n:
        buf = <const char *>&data[0]
    cdef int pieces = max(1, min(threads * PGN_PIECES_PER_THREAD, <int>(n // PGN_MIN_PIECE)))
    cdef PgnWork *work = <PgnWork *>PyMem_Malloc(pieces * sizeof(PgnWork))
    cdef PgnPool *pool = <PgnPool *>PyMem_Malloc(max(1, threads) * sizeof(PgnPool))
    if work == NULL or pool == NULL:
        PyMem_Free(work)
        PyMem_Free(pool)
        raise MemoryError()
    cdef int k, used = 0, runners
    cdef int64_t at_game
    cdef size_t at
    try:
        for k in range(pieces):
            at = 0 if k == 0 else pgn_split_point(buf, n, n * k // pieces)
            if k and at <= work[used - 1].start:
                continue
            _pa_take(&work[used].a, positions)
            work[used].buf, work[used].n, work[used].start, work[used].final = buf, n, at, final
            work[used].positions, work[used].first_game = positions, first_game
            used += 1
        for k in range(used):
            work[k].stop = work[k + 1].start if k + 1 < used else n
        runners = max(1, min(threads, used))
        with nogil:
            if workers and used > 1:  # each piece's games counted first, none kept
                for k in range(used):
                    work[k].first_game, work[k].a.next_game, work[k].a.shard_workers, work[k].a.shard_worker = 0, 0, 1, -1
                _pgn_run(work, used, pool, runners)
                at_game = first_game
                for k in range(used):
                    work[k].first_game, at_game = at_game, at_game + work[k].a.next_game
                    work[k].a.shard_workers, work[k].a.shard_worker = workers, worker
                    _pgn_restart(&work[k])
            else:
                for k in range(used):
                    work[k].a.next_game, work[k].a.shard_workers, work[k].a.shard_worker = first_game, workers, worker
            _pgn_run(work, used, pool, runners)
        for k in range(used):
            if work[k].a.oom:
                raise MemoryError("out of memory reading PGN")
        return _pgn_collect(work, used, buf, positions, tags, first_line)
    finally:
        for k in range(used):
            _pa_give(&work[k].a)
        PyMem_Free(work)
        PyMem_Free(pool)


cdef Py_ssize_t _pgn_column(str name, Py_ssize_t ngames, dict columns, dict numbers, list addresses, list seen):
    """Adds the column of tag name to _pgn_collect's (its values python-chess's default for
    now); returns its number."""
    cdef PyObject **at
    columns[name] = _pgn_objects(ngames, PGN_ROSTER.get(name), &at)
    numbers[name] = len(addresses)
    addresses.append(<uintptr_t>at)
    seen.append([""] * PGN_SEEN)
    return numbers[name]


cdef dict _pgn_collect(PgnWork *work, int used, const char *buf, bint positions, object tags, int64_t first_line):
    cdef size_t nmoves = 0, i, g
    cdef Py_ssize_t ngames = 0
    cdef int k
    cdef int64_t read = 0
    for k in range(used):
        nmoves += work[k].a.nmoves
        ngames += work[k].a.ngames
        read += work[k].a.next_game - work[k].first_game
    moves = bytearray(2 * nmoves)
    clocks = bytearray(4 * nmoves)
    evals = bytearray(4 * nmoves)
    offsets = bytearray(8 * (ngames + 1))
    cdef char *pm = moves
    cdef char *pc = clocks
    cdef char *pe = evals
    cdef int64_t *po = <int64_t *><char *>offsets
    out = {"moves": moves, "clocks": clocks, "evals": evals, "offsets": offsets}
    cdef char *pb = NULL
    cdef char *pk = NULL
    cdef char *pp = NULL
    cdef char *pt = NULL
    cdef char *ph = NULL
    if positions:
        out["boards"] = bytearray(64 * nmoves)
        out["castling"] = bytearray(8 * nmoves)
        out["ep"] = bytearray(nmoves)
        out["turn"] = bytearray(nmoves)
        out["halfmove"] = bytearray(4 * nmoves)
        pb, pk, pp, pt, ph = out["boards"], out["castling"], out["ep"], out["turn"], out["halfmove"]
    cdef PyObject **results_at
    cdef PyObject **errors_at
    cdef PyObject **fens_at
    results = _pgn_objects(ngames, None, &results_at)
    errors = _pgn_objects(ngames, None, &errors_at)
    fens = _pgn_objects(ngames, None, &fens_at)
    chess960 = bytearray(ngames)
    # the columns kept, each an object array (its items' address in addresses[c], as an int)
    # with the strs seen in it (seen[c], by the hash of their bytes)
    cdef dict columns = {}, numbers = {}
    cdef list addresses = [], seen = []
    want = None if tags is None else set(tags)
    for name in (PGN_ROSTER if tags is None else tags):
        _pgn_column(name, ngames, columns, numbers, addresses, seen)
    cdef size_t move_base = 0, game_base = 0
    cdef int64_t line_base = first_line
    cdef PgnArrays *a
    cdef PgnGameRec *gr
    cdef PgnTagRec *t
    cdef PgnErrorRec *e
    # a game's tags mostly name those of the game before in the same order: the name at each
    # place and its column's number (-1: not kept)
    cdef list names = [], places = [], cache
    cdef Py_ssize_t place = 0, game, c
    cdef uint32_t h
    for k in range(used):
        a = &work[k].a
        if a.nmoves:  # (the arrays are NULL until a move is kept: memcpy from NULL is undefined)
            memcpy(pm + 2 * move_base, a.moves, 2 * a.nmoves)
            memcpy(pc + 4 * move_base, a.clocks, 4 * a.nmoves)
            memcpy(pe + 4 * move_base, a.evals, 4 * a.nmoves)
        if positions and a.nmoves:
            memcpy(pb + 64 * move_base, a.boards, 64 * a.nmoves)
            memcpy(pk + 8 * move_base, a.castling, 8 * a.nmoves)
            memcpy(pp + move_base, a.ep, a.nmoves)
            memcpy(pt + move_base, a.turn, a.nmoves)
            memcpy(ph + 4 * move_base, a.halfmove, 4 * a.nmoves)
        for i in range(a.ngames):
            gr = &a.games[i]
            po[game_base + i] = move_base + gr.first_move
            _pgn_put(&results_at[game_base + i], "*" if gr.result < 0 else _pgn_text(buf, gr.result, gr.result_n))
            if gr.fen >= 0:
                _pgn_put(&fens_at[game_base + i], _pgn_text(buf, gr.fen, gr.fen_n))
            chess960[game_base + i] = gr.chess960
        game = -1
        for i in range(a.ntags):
            t = &a.tags[i]
            place = place + 1 if <Py_ssize_t>t.game == game else 0
            game = t.game
            if place < len(names) and _pgn_same(<str>names[place], buf + t.name, t.name_n):
                c = <Py_ssize_t>places[place]
            else:
                name = _pgn_text(buf, t.name, t.name_n)
                c = -1
                if want is None or name in want:
                    c = numbers.get(name, -1)
                    if c < 0:
                        c = _pgn_column(name, ngames, columns, numbers, addresses, seen)
                if place >= len(names):
                    names.append(None)
                    places.append(None)
                names[place], places[place] = name, c
            if c >= 0:
                cache = <list>seen[c]
                h = _pgn_hash(buf + t.value, t.value_n) % PGN_SEEN
                value = cache[h]
                if not _pgn_same(<str>value, buf + t.value, t.value_n):
                    value = cache[h] = _pgn_text(buf, t.value, t.value_n)
                _pgn_put(&(<PyObject **><uintptr_t>addresses[c])[game_base + t.game], value)
        for i in range(a.nerrors):
            e = &a.errors[i]
            g = game_base + e.game
            text = _pgn_error_text(e, buf, line_base + e.line)
            _pgn_put(&errors_at[g], text if errors[g] is None else errors[g] + "\n" + text)
        move_base += a.nmoves
        game_base += a.ngames
        line_base += a.src.line_no
    po[ngames] = nmoves
    if "Result" in columns:
        columns["Result"] = results
    out.update(results=results, errors=errors, fens=fens, chess960=chess960, tags=columns,
               consumed=work[used - 1].consumed,
               lines=line_base - first_line, seen=read)
    return out
