# N games stepped together for self-play and MCTS (ext/board_batch.c); chessbits.encode.BoardBatch
# adds the encoders on top.

from libc.stdlib cimport calloc


cdef class _Batch:
    """N games, each from a start position, one move pushed per game per call."""
    cdef Batch b
    cdef list fens
    cdef bint chess960

    def __cinit__(self):
        self.b.games = NULL
        self.b.n = 0

    def __init__(self, n=1, fen=STARTING_FEN, *, chess960=False, claim_draw=False):
        fens = [fen] * n if isinstance(fen, str) else list(fen)
        if isinstance(fen, str) and n < 0:
            raise ValueError(f"n must be at least 0, got {n!r}")
        if self.b.games != NULL:
            raise TypeError("a BoardBatch is made once")
        self.b.games = <BatchGame *>calloc(max(len(fens), 1), sizeof(BatchGame))
        if self.b.games == NULL:
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
            self.fens.append(f)

    def __dealloc__(self):
        batch_free(&self.b)
        free(self.b.games)

    def __len__(self):
        return self.b.n

    cdef int _game(self, Py_ssize_t i) except -1:
        if i < 0:
            i += self.b.n
        if not 0 <= i < <Py_ssize_t>self.b.n:
            raise IndexError("BoardBatch index out of range")
        return i

    def _push_keys(self, const uint16_t[::1] keys):
        """Plays keys[i] (python-chess key, 0: none) in game i; IllegalMoveError (nothing played)
        if one is not legal in its ongoing game. Returns how many were played."""
        cdef size_t i, n = self.b.n
        cdef int played = 0
        if keys.shape[0] != <Py_ssize_t>n:
            raise ValueError(f"expected {n} moves, got {keys.shape[0]}")
        for i in range(n):
            if keys[i] and (self.b.games[i].termination or not board_is_legal(&self.b.games[i].board.pos, keys[i])):
                why = "its game is over" if self.b.games[i].termination else "it is not legal"
                raise IllegalMoveError(f"board {i}: cannot play {_move_interned(keys[i]).uci()}: {why}")
        with nogil:
            for i in range(n):
                if keys[i]:
                    if batch_push(&self.b, i, keys[i]) < 0:
                        with gil:
                            raise MemoryError()
                    played += 1
        return played

    def _index_keys(self, const int16_t[::1] indices, int layout, bint canonical):
        """The python-chess keys of the legal moves with these policy indices (-1: none, 0 out)."""
        cdef size_t i, n = self.b.n
        if indices.shape[0] != <Py_ssize_t>n:
            raise ValueError(f"expected {n} indices, got {indices.shape[0]}")
        keys = bytearray(2 * n)
        cdef uint16_t[::1] out = memoryview(keys).cast("H")
        for i in range(n):
            if indices[i] < 0 or self.b.games[i].termination:
                out[i] = 0
                continue
            out[i] = batch_index_move(&self.b, i, layout, canonical, indices[i])
            if not out[i]:
                raise IllegalMoveError(f"board {i}: no legal move has policy index {indices[i]}")
        return keys

    def reset(self, which=None):
        """Takes games back to their start: all (None), or those whose indices or bool mask are given."""
        cdef Py_ssize_t i
        items = range(self.b.n) if which is None else _batch_select(which, self.b.n)
        for i in items:
            if batch_reset(&self.b, self._game(i)) < 0:
                raise MemoryError()

    def _state(self):
        """Per game: python-chess's Termination value (0 while it goes on), 1 if white won by
        checkmate (else 0), plies played since the start; three lists."""
        cdef size_t i
        return ([self.b.games[i].termination for i in range(self.b.n)],
                [self.b.games[i].white_wins for i in range(self.b.n)],
                [self.b.games[i].board.ply for i in range(self.b.n)])

    def board(self, i):
        """Game i as a Board: its start and the moves played since."""
        cdef int g = self._game(i)
        cdef Position p = self.b.games[g].board.pos
        cdef list moves = []
        p.maps = NULL
        p.psqt = NULL
        for _ in range(self.b.games[g].board.ply):
            moves.append(board_pop(&p))
        board = Board(self.fens[g], chess960=self.chess960)
        for key in reversed(moves):
            board.push(_move_interned(key))
        return board


def _batch_select(which, Py_ssize_t n):
    """Game indices from a bool mask of n or a sequence of indices."""
    items = list(which)
    if len(items) == n and all(isinstance(x, (bool,)) or type(x).__name__ == "bool_" for x in items):
        return [i for i, x in enumerate(items) if x]
    return [int(x) for x in items]
