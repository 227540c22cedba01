# N games stepped together for self-play and MCTS (ext/board_batch.c); chessbits.encode.BoardBatch
# adds the encoders on top.

cdef class _Batch:
    """N games, each from a start position, one move pushed per game per call."""
    cdef Batch b
    cdef list fens
    cdef bint chess960

    def __cinit__(self):
        self.b.games = NULL
        self.b.n = 0

    def __init__(self, n=None, fen=STARTING_FEN, *, chess960=False, claim_draw=False):
        if isinstance(fen, str):
            n = 1 if n is None else n
            if n < 0:
                raise ValueError(f"n must be at least 0, got {n!r}")
            fens = [fen] * n
        else:
            fens = list(fen)
            if n is not None and n != len(fens):
                raise ValueError(f"n is {n!r} but {len(fens)} FENs are given")
        if self.b.games != NULL:
            raise TypeError("a BoardBatch is made once")
        if batch_init(&self.b, len(fens)) < 0:
            raise MemoryError()
        self.b.claim_draw = claim_draw
        self.chess960 = chess960
        self.fens = []
        cdef bytes text
        cdef int r
        for i, f in enumerate(fens):
            Board(f, chess960=chess960)  # python-chess's errors for a bad FEN
            text = f.encode()
            r = batch_set_start(&self.b, i, text, len(text), chess960)
            self.b.n = i + 1
            if r < 0:
                raise MemoryError()
            if r > 0:
                raise ValueError(f"invalid fen: {f!r}")
            self.fens.append(f)

    def __dealloc__(self):
        batch_free(&self.b)

    def __len__(self):
        return self.b.n

    cdef int _game(self, Py_ssize_t i) except -1:
        if i < 0:
            i += self.b.n
        if not 0 <= i < <Py_ssize_t>self.b.n:
            raise IndexError("BoardBatch index out of range")
        return i

    cdef int _checked(self, int r, size_t bad, str what) except -1:
        if r < 0:
            raise MemoryError()
        if r:
            raise IllegalMoveError(f"board {bad}: {what} is not a legal move")
        return 0

    def _push_keys(self, const uint16_t[::1] keys):
        """Plays keys[i] (python-chess key, 0: none) in game i unless it is over; IllegalMoveError,
        nothing played, if one is not legal in its ongoing game."""
        cdef size_t bad = 0
        cdef int r
        if keys.shape[0] != <Py_ssize_t>self.b.n:
            raise ValueError(f"expected {self.b.n} moves, got {keys.shape[0]}")
        with nogil:
            r = batch_push_keys(&self.b, &keys[0] if self.b.n else NULL, &bad)
        self._checked(r, bad, _move_interned(keys[bad]).uci() if r > 0 else "")

    def _push_indices(self, const int16_t[::1] indices, int layout, bint canonical):
        """Plays the legal move with policy index indices[i] (-1: none) in game i unless it is over;
        IllegalMoveError, nothing played, if an ongoing game has no such move."""
        cdef size_t bad = 0
        cdef int r
        if indices.shape[0] != <Py_ssize_t>self.b.n:
            raise ValueError(f"expected {self.b.n} indices, got {indices.shape[0]}")
        with nogil:
            r = batch_push_indices(&self.b, &indices[0] if self.b.n else NULL, layout, canonical, &bad)
        self._checked(r, bad, f"policy index {indices[bad]}" if r > 0 else "")

    def _index_keys(self, const int16_t[::1] indices, int layout, bint canonical, uint16_t[::1] keys,
                    int threads=1):
        """Writes to keys the python-chess key of each game's legal move with policy index
        indices[i] (0 for -1 or a finished game), looked up on threads; IllegalMoveError for the
        first ongoing game without one."""
        cdef size_t bad = 0
        cdef int r
        if indices.shape[0] != <Py_ssize_t>self.b.n or keys.shape[0] != <Py_ssize_t>self.b.n:
            raise ValueError(f"expected {self.b.n} indices, got {indices.shape[0]}")
        if self.b.n:
            with nogil:
                r = batch_index_keys(&self.b, &indices[0], layout, canonical, &keys[0], &bad, threads)
            self._checked(r, bad, f"policy index {indices[bad]}" if r > 0 else "")

    def _reset(self, games):
        """Takes the games of the given indices back to their start."""
        cdef Py_ssize_t i
        for i in games:
            if batch_reset(&self.b, self._game(i)) < 0:
                raise MemoryError()

    def _state(self, int8_t[::1] termination, int8_t[::1] white_wins, int64_t[::1] plies):
        """Fills, per game: python-chess's Termination value (0 while it goes on), 1 if white won
        by checkmate (else 0), plies played since the start."""
        if self.b.n:
            batch_state(&self.b, &termination[0], &white_wins[0], &plies[0])

    def _finished(self):
        """A bytearray of a byte per game: 1 where it is over (the one thing a self-play loop
        asks after each step, without _state's three arrays)."""
        cdef bytearray out = bytearray(self.b.n)
        cdef char *over = out
        cdef size_t i
        for i in range(self.b.n):
            over[i] = self.b.games[i].termination != 0
        return out

    def _env_state(self, int64_t max_plies, uint8_t[::1] out):
        """Fills out (6 bytes a game): each game's float32 reward (1 for the move that mated,
        else 0), then a byte each: 1 if it terminated, 1 if it goes on past max_plies plies.
        Returns the number of games terminated or truncated."""
        cdef size_t n = self.b.n
        if <size_t>out.shape[0] != 6 * n:
            raise ValueError(f"_env_state needs {6 * n} bytes")
        if n == 0:
            return 0
        return batch_env_state(&self.b, max_plies, <float *>&out[0], &out[4 * n], &out[5 * n])

    def board(self, i):
        """Game i as a Board: its start and the moves played since."""
        cdef int g = self._game(i)
        board = Board(self.fens[g], chess960=self.chess960)
        for k in range(self.b.games[g].ply):
            board.push(_move_interned(self.b.games[g].moves[k]))
        return board



cdef class _BatchRows:
    """Positions of a _Batch as the encoders read them: some games (BoardBatch.subset; row k is
    game rows[k]), or every game after one more move each (BoardBatch.step: play, python-chess
    keys checked legal by _Batch._index_keys, 0 for none, played in the encoding's pass)."""
    cdef readonly _Batch batch
    cdef const int64_t[::1] rows
    cdef const uint16_t[::1] play
    cdef readonly bint all_games

    def __init__(self, _Batch batch, const int64_t[::1] rows=None, const uint16_t[::1] play=None):
        cdef Py_ssize_t k
        self.batch = batch
        if play is not None:
            if play.shape[0] != <Py_ssize_t>batch.b.n or not batch.b.n:
                raise ValueError(f"expected {batch.b.n} moves, got {play.shape[0]}")
            self.play, self.all_games = play, True
            return
        for k in range(rows.shape[0]):
            if not 0 <= rows[k] < <int64_t>batch.b.n:
                raise IndexError(f"BoardBatch index {rows[k]} out of range")
        self.rows = rows

    def __len__(self):
        return self.batch.b.n if self.all_games else self.rows.shape[0]
