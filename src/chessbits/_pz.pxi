# PettingZoo's chess_v6 on a BoardBatch's games (ext/pz_chess.c): chessbits.env.chess_v6 steps,
# observes and masks through it.

from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_SIMPLE, PyBUF_WRITABLE
from libc.stdlib cimport calloc
from libc.string cimport memset


cdef class _PzGames(_Batch):
    """n games of PettingZoo's chess_v6 from the standard start, ended as it ends them (a
    claimable draw too), with the board history its observations show."""
    cdef PzHistory *h

    def __init__(self, n=1):
        _Batch.__init__(self, n, claim_draw=True)
        self.h = <PzHistory *>calloc(self.b.n if self.b.n else 1, sizeof(PzHistory))
        if self.h == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.h)

    def reset_game(self, Py_ssize_t g):
        """Takes game g back to the start, its history emptied."""
        g = self._game(g)
        if batch_reset(&self.b, g) < 0:
            raise MemoryError()
        memset(&self.h[g], 0, sizeof(PzHistory))

    def step(self, Py_ssize_t g, int action):
        """Plays PettingZoo's action (0..4671, the mover's view) in game g, which goes on. Returns
        the game's result for player_0 as chess_v6 scores it (1, -1, 0 for a draw), None while
        it goes on, or False, nothing played, if action is no legal move."""
        g = self._game(g)
        cdef int r = pz_step(&self.b, g, &self.h[g], action) if 0 <= action < PZ_ACTIONS else 1
        if r < 0:
            raise MemoryError()
        if r:
            return False
        cdef BatchGame *game = &self.b.games[g]
        if game.termination == 0:
            return None
        if game.termination == 1:
            return 1 if game.white_wins else -1
        return 0

    def observe(self, Py_ssize_t g, int player, obs, mask):
        """Writes game g's observation seen by player (0 or 1) into obs (a writable buffer of
        8 x 8 x 111 bytes) and, unless mask is None, its legal actions into mask (4,672 bytes)."""
        cdef Py_buffer o, m
        g = self._game(g)
        PyObject_GetBuffer(obs, &o, PyBUF_SIMPLE | PyBUF_WRITABLE)
        if mask is not None:
            try:
                PyObject_GetBuffer(mask, &m, PyBUF_SIMPLE | PyBUF_WRITABLE)
            except BaseException:
                PyBuffer_Release(&o)
                raise
        try:
            if o.len != 64 * PZ_PLANES or (mask is not None and m.len != PZ_ACTIONS):
                raise ValueError("observe needs 8 x 8 x 111 and 4,672 bytes")
            pz_observe(&self.b, g, &self.h[g], player != 0, <uint8_t *>o.buf,
                       <int8_t *>m.buf if mask is not None else NULL)
        finally:
            PyBuffer_Release(&o)
            if mask is not None:
                PyBuffer_Release(&m)
