# python-chess's variants in C (ext/variant.h): a variant position is a Board with the
# variant's name, three-check's remaining checks and crazyhouse's pockets; legal moves in
# python-chess's order, and perft as python-chess counts it.

VARIANT_NAMES = tuple(variant_names[i].decode() for i in range(VARIANT_NB))


cdef int _variant_pos(VariantPos *vp, Board board, str variant, remaining_checks, pockets) except -1:
    """Fill *vp from board (its history dropped) and the variant's extra state: remaining
    checks (white, black) and pockets (white, black) as python-chess's symbols, e.g. "qn"."""
    cdef Position p
    cdef StateInfo st
    if variant not in VARIANT_NAMES:
        raise ValueError(f"unknown variant {variant!r}: expected one of {', '.join(VARIANT_NAMES)}")
    board._detached(&p, &st)
    variant_init(vp, VARIANT_NAMES.index(variant), &p)
    w, b = remaining_checks
    vp.remaining_checks[0], vp.remaining_checks[1] = w, b
    for color, pocket in enumerate(pockets):
        for symbol in pocket:
            if symbol not in _PIECE_SYMBOLS[1:]:
                raise ValueError(f"invalid pocket piece {symbol!r}: expected one of pnbrqk")
            vp.pocket[color][_PIECE_SYMBOLS.index(symbol)] += 1
    return 0


cdef inline Move _variant_move(PyMove m):
    """The Move for m: a drop (from == to) as python-chess writes it, else the interned move."""
    if pymove_is_drop(m):
        return Move(m & 63, m & 63, drop=m >> 12)
    return _move_interned(m)


def variant_legal_moves(Board board, str variant, remaining_checks=(3, 3), pockets=("", "")):
    """The legal moves of board under a variant's rules, in python-chess's order (its
    ``legal_moves`` on the variant's board).

    >>> [m.uci() for m in variant_legal_moves(Board("8/8/8/8/8/8/1p6/8 b - - 0 1"), "antichess")]
    ['b2b1k', 'b2b1q', 'b2b1r', 'b2b1b', 'b2b1n']
    """
    cdef VariantPos vp
    cdef PyMove moves[MAX_MOVES]
    _variant_pos(&vp, board, variant, remaining_checks, pockets)
    cdef int n = variant_generate(&vp, moves)
    return [_variant_move(moves[i]) for i in range(n)]


def variant_perft(Board board, str variant, depth, remaining_checks=(3, 3), pockets=("", "")):
    """Leaves ``depth`` plies below board under a variant's rules, as python-chess counts
    them (legal moves at depth 1), in C with the GIL released.

    >>> variant_perft(Board(), "atomic", 3)
    8902
    """
    cdef VariantPos vp
    cdef int d = _perft_depth(depth, 0)
    cdef uint64_t nodes
    _variant_pos(&vp, board, variant, remaining_checks, pockets)
    with nogil:
        nodes = variant_perft_c(&vp, d)
    return nodes


@cython.final
cdef class VariantGame:
    """A game of a variant played in C: push, pop, legal moves in python-chess's order, the
    variant's state (remaining checks, pockets) and its end. Each ply is its own copy of the
    position (copy-make), so pop restores anything a move did (explosions, pockets).

    >>> g = VariantGame(Board(), "atomic")
    >>> g.push(Move.from_uci("e2e4")); len(g.legal_moves())
    20
    """
    cdef VariantPos **plies
    cdef int n, cap

    def __cinit__(self, Board board, str variant, remaining_checks=(3, 3), pockets=("", "")):
        self.cap = 16
        self.plies = <VariantPos **>PyMem_Malloc(self.cap * sizeof(VariantPos *))
        if self.plies == NULL:
            raise MemoryError()
        self.plies[0] = <VariantPos *>PyMem_Malloc(sizeof(VariantPos))
        if self.plies[0] == NULL:
            raise MemoryError()
        self.n = 1
        _variant_pos(self.plies[0], board, variant, remaining_checks, pockets)

    def __dealloc__(self):
        if self.plies != NULL:
            for i in range(self.n):
                PyMem_Free(self.plies[i])
            PyMem_Free(self.plies)

    cdef VariantPos *top(self) noexcept nogil:
        return self.plies[self.n - 1]

    @property
    def variant(self):
        """The variant's uci_variant name."""
        return VARIANT_NAMES[self.top().variant]

    def legal_moves(self):
        """The legal moves, in python-chess's order."""
        cdef PyMove moves[MAX_MOVES]
        cdef int k = variant_generate(self.top(), moves)
        return [_variant_move(moves[i]) for i in range(k)]

    def push(self, Move move):
        """Play move, which must be one of legal_moves() (ValueError otherwise)."""
        cdef PyMove moves[MAX_MOVES]
        cdef PyMove m = <PyMove>(move.to_square | move.to_square << 6 | move.drop << 12) if move.drop is not None \
            else <PyMove>move.key
        cdef int k = variant_generate(self.top(), moves), i
        for i in range(k):
            if moves[i] == m:
                break
        else:
            raise ValueError(f"illegal move {move.uci()} in this {self.variant} position")
        if self.n == self.cap:
            grown = <VariantPos **>PyMem_Realloc(self.plies, 2 * self.cap * sizeof(VariantPos *))
            if grown == NULL:
                raise MemoryError()
            self.plies = grown
            self.cap *= 2
        child = <VariantPos *>PyMem_Malloc(sizeof(VariantPos))
        if child == NULL:
            raise MemoryError()
        variant_push(self.top(), m, child)
        self.plies[self.n] = child
        self.n += 1

    def pop(self):
        """Take back the last move (IndexError at the root)."""
        if self.n == 1:
            raise IndexError("pop from a game without moves")
        self.n -= 1
        PyMem_Free(self.plies[self.n])

    def board_fen(self, *, promoted=False):
        """The board part of the FEN (promoted pieces marked ``~`` if promoted)."""
        cdef char buf[128]
        cdef int k = board_board_fen(&self.top().pos, bool(promoted), buf)
        return buf[:k].decode()

    @property
    def turn(self):
        """True if white is to move (python-chess's WHITE)."""
        return self.top().pos.side == 0

    @property
    def castling_rights(self):
        """python-chess's castling_rights: the rook squares, as a bitboard."""
        return self.top().pos.st.castling_raw

    @property
    def ep_square(self):
        """python-chess's ep_square (set by every double push), or None."""
        cdef int ep = self.top().pos.st.ep_raw
        return None if ep == 64 else ep

    @property
    def remaining_checks(self):
        """Three-check: the checks (white, black) may still give."""
        return (self.top().remaining_checks[0], self.top().remaining_checks[1])

    @property
    def pockets(self):
        """Crazyhouse: the pockets (white, black) as python-chess writes them, e.g. ``'qn'``."""
        cdef VariantPos *vp = self.top()
        return tuple("".join(_PIECE_SYMBOLS[pt] * vp.pocket[c][pt] for pt in range(6, 0, -1)) for c in range(2))

    def is_variant_end(self):
        """True if the game is over by the variant's own rule."""
        return bool(variant_is_end(self.top()))

    def perft(self, depth):
        """Leaves depth plies below, as python-chess counts them (GIL released)."""
        cdef int d = _perft_depth(depth, 0)
        cdef uint64_t nodes
        with nogil:
            nodes = variant_perft_c(self.top(), d)
        return nodes
