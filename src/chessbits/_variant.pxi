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
    if not all(isinstance(c, int) and -2**31 <= c < 2**31 for c in (w, b)):  # chessbits' own limit
        raise ValueError(f"remaining checks must be ints in -2**31..2**31-1, got {remaining_checks!r}")
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
        return _drop_interned(m & 63, m >> 12)
    return _move_interned(m)


@cython.final
cdef class VariantGame:
    """A game of a variant played in C: push, pop, legal moves in python-chess's order, the
    variant's state (remaining checks, pockets) and its end. Each ply is its own copy of the
    position (copy-make), so pop restores anything a move did (explosions, pockets).

    >>> g = VariantGame(Board(), "atomic")
    >>> g.push(Move.from_uci("e2e4")); len(g.legal_moves)
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

    def copy(self):
        """A game at this position, as its root: no moves to pop."""
        cdef VariantGame g = VariantGame(Board(), "chess")
        g.plies[0][0] = self.top()[0]
        g.plies[0].pos.st = &g.plies[0].st
        g.plies[0].st.prev = NULL
        return g

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

    @property
    def legal_moves(self):
        """The legal moves, in python-chess's order (a list)."""
        cdef PyMove moves[MAX_MOVES]
        cdef int k = variant_generate(self.top(), moves)
        return [_variant_move(moves[i]) for i in range(k)]

    def push(self, move):
        """Play move (a Move, a chess.Move or UCI), which must be legal (ValueError otherwise)."""
        cdef PyMove moves[MAX_MOVES]
        move = _move_of(move)
        cdef Move mv = move
        cdef PyMove m = <PyMove>(mv.to_square | mv.to_square << 6 | mv.drop << 12) if mv.drop is not None \
            else <PyMove>mv.key
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

    def push_uci(self, uci):
        """Play the legal move written in UCI (``N@f3`` for a drop); returns it."""
        move = Move.from_uci(uci)
        self.push(move)
        return move

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

    def is_variant_win(self):
        """True if the side to move has won by the variant's own rule (python-chess's rule)."""
        return bool(variant_result(self.top()) & VARIANT_WIN)

    def is_variant_loss(self):
        """True if the side to move has lost by the variant's own rule."""
        return bool(variant_result(self.top()) & VARIANT_LOSS)

    def is_variant_draw(self):
        """True if the game is drawn by the variant's own rule."""
        return bool(variant_result(self.top()) & VARIANT_DRAW)

    def has_insufficient_material(self, color):
        """True if color (python-chess's WHITE = True) cannot win by the variant's rules."""
        return bool(variant_insufficient(self.top(), 0 if color else 1))

    def checkers_mask(self):
        """The pieces giving check to the side to move, as the variant counts checks (none in
        suicide, giveaway and antichess, none in atomic while the kings touch)."""
        return variant_checkers(self.top())

    def is_check(self):
        """True if the side to move is in check, as the variant counts checks."""
        return variant_checkers(self.top()) != 0

    def fen(self, *, promoted=None):
        """python-chess's fen() of the variant's board (en passant as python-chess keeps it):
        crazyhouse's pockets after the board in brackets, three-check's remaining checks
        after the en-passant field; promoted pieces marked ``~`` in crazyhouse unless promoted
        is False.

        >>> VariantGame(Board(), "3check", (3, 2)).fen()
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 0 1'
        """
        cdef VariantPos *vp = self.top()
        cdef char buf[256]
        cdef int k = board_fen(&vp.pos, 0, BOARD_EP_FEN, bool(promoted) if promoted is not None
                               else vp.variant == VARIANT_NAMES.index("crazyhouse"), buf)
        board, rest = buf[:k].decode().split(" ", 1)
        if vp.variant == VARIANT_NAMES.index("crazyhouse"):
            white, black = self.pockets
            board += f"[{white.upper()}{black}]"
        elif vp.variant == VARIANT_NAMES.index("3check"):
            fields = rest.split(" ")
            fields.insert(3, f"{max(vp.remaining_checks[0], 0)}+{max(vp.remaining_checks[1], 0)}")
            rest = " ".join(fields)
        return f"{board} {rest}"

    def perft(self, depth, *, threads=1):
        """Leaves depth plies below, as python-chess counts them (legal moves at depth 1), in
        C with the GIL released; threads > 1 share out the root moves.

        >>> VariantGame(Board(), "atomic").perft(3)
        8902
        """
        cdef int d = _perft_depth(depth, 0), n_threads = _threads(threads)
        cdef uint64_t nodes
        if n_threads > 1 and d > 1:
            return sum(self.divide(d, threads=n_threads).values())
        with nogil:
            nodes = variant_perft_c(self.top(), d)
        return nodes

    def divide(self, depth, *, threads=1):
        """Leaves depth - 1 plies below each legal move, by UCI (sorted), as Board.divide.

        >>> VariantGame(Board("8/8/8/8/8/8/1p6/7K b - - 0 1"), "antichess").divide(1)
        {'b2b1b': 1, 'b2b1k': 1, 'b2b1n': 1, 'b2b1q': 1, 'b2b1r': 1}
        """
        cdef int d = _perft_depth(depth, 1), n_threads = _threads(threads), n, i
        cdef PyMove moves[MAX_MOVES]
        cdef uint64_t counts[MAX_MOVES]
        with nogil:
            n = variant_divide_c(self.top(), d, n_threads, moves, counts)
        return dict(sorted((_variant_move(moves[i]).uci(), counts[i]) for i in range(n)))
