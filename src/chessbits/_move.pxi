# Move and Piece: immutable values shaped like python-chess's, interned so that
# building a legal-move list from Python allocates nothing per move.

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from chessbits.status import InvalidMoveError, IllegalMoveError, AmbiguousMoveError, move_error

cdef tuple _PIECE_SYMBOLS = (None, "p", "n", "b", "r", "q", "k")
cdef tuple _SQUARE_NAMES = tuple(f + r for r in "12345678" for f in "abcdefgh")
cdef dict _SQUARE_INDEX = {name: i for i, name in enumerate(_SQUARE_NAMES)}


@cython.final
cdef class Move:
    """A move from a square to a square, possibly promoting; like ``chess.Move``
    (drops are values too, for python-chess's notation, though no Board plays them).

    >>> Move.from_uci("e7e8q")
    Move.from_uci('e7e8q')
    >>> Move.from_uci("e2e4").to_square == 28, bool(Move.null())
    (True, False)
    """
    cdef object from_square  # these four are read-only member descriptors (_members.pxi)
    cdef object to_square
    cdef object promotion
    cdef object drop
    cdef int key          # from | to << 6 | promotion << 12 (the intern index); drops >= 1 << 15
    cdef Py_hash_t _hash

    def __cinit__(self, int from_square, int to_square, promotion=None, drop=None):
        if not (0 <= from_square < 64 and 0 <= to_square < 64):
            raise ValueError(f"squares must be in 0..63, got {from_square!r} and {to_square!r}")
        if promotion is not None and promotion not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"promotion must be None or a piece type 1..6, got {promotion!r}")
        if drop is not None and drop not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"drop must be None or a piece type 1..6, got {drop!r}")
        self.from_square = from_square
        self.to_square = to_square
        self.promotion = promotion
        self.drop = drop
        self.key = from_square | to_square << 6 | (promotion or 0) << 12
        if drop is not None:
            self.key |= 1 << 15 | drop << 16
        self._hash = hash((from_square, to_square, promotion, drop))

    @classmethod
    def from_uci(cls, uci):
        """Parse UCI text (``0000`` is the null move, ``N@f3`` a drop); InvalidMoveError
        (a ValueError) if malformed."""
        if uci == "0000":
            return _move_interned(0)
        if not isinstance(uci, str):
            raise move_error(InvalidMoveError, f"invalid uci: {uci!r}")
        if len(uci) == 4 and uci[1] == "@":
            d = _PIECE_SYMBOLS.index(uci[0].lower()) if uci[0].lower() in "pnbrqk" else -1
            t = _SQUARE_INDEX.get(uci[2:])
            if d < 0 or t is None:
                raise move_error(InvalidMoveError, f"invalid uci: {uci!r}")
            return _drop_interned(t, d)
        if not 4 <= len(uci) <= 5:
            raise move_error(InvalidMoveError, f"expected uci string to be of length 4 or 5: {uci!r}")
        f = _SQUARE_INDEX.get(uci[0:2])
        t = _SQUARE_INDEX.get(uci[2:4])
        p = 0
        if len(uci) == 5:
            p = _PIECE_SYMBOLS.index(uci[4]) if uci[4] in "pnbrqk" else -1
        if f is None or t is None or p < 0:
            raise move_error(InvalidMoveError, f"invalid uci: {uci!r}")
        if f == t and (f != 0 or not api_next()):  # (python-chess's next release reads a1a1 as 0000)
            raise move_error(InvalidMoveError, f"invalid uci (use 0000 for null moves): {uci!r}")
        return _move_interned(f | t << 6 | p << 12)

    @classmethod
    def null(cls):
        """The null move, ``0000``; falsy."""
        return _move_interned(0)

    def uci(self):
        """The move as UCI text, e.g. ``'e7e8q'``; ``'0000'`` for the null move, ``'N@f3'`` for a drop."""
        if self.drop is not None:
            return _PIECE_SYMBOLS[self.drop].upper() + "@" + _SQUARE_NAMES[self.to_square]
        if not self.key:
            return "0000"
        s = _SQUARE_NAMES[self.from_square] + _SQUARE_NAMES[self.to_square]
        return s + _PIECE_SYMBOLS[self.promotion] if self.promotion else s

    def xboard(self):
        """The move as XBoard text: UCI, ``'@@@@'`` for the null move."""
        return self.uci() if self else "@@@@"

    def to_chess(self):
        """The same move as a ``chess.Move``."""
        import chess
        return chess.Move(self.from_square, self.to_square, self.promotion, self.drop)

    @staticmethod
    def from_chess(move):
        """A Move equal to ``move`` (a ``chess.Move`` or anything with the same attributes)."""
        return _move_of(move)

    def __bool__(self):
        return self.key != 0

    def __hash__(self):
        return self._hash  # equal to hash(chess.Move(...)) for the same move

    def __eq__(self, other):
        if isinstance(other, Move):
            return self.key == (<Move>other).key
        try:
            return (other.from_square, other.to_square, other.promotion, other.drop) == \
                   (self.from_square, self.to_square, self.promotion, self.drop)
        except AttributeError:
            return NotImplemented

    def __repr__(self):
        return f"Move.from_uci({self.uci()!r})"

    def __str__(self):
        return self.uci()

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (Move, (self.from_square, self.to_square, self.promotion, self.drop))


cdef PyObject *_move_table[1 << 15]   # key -> the one Move, made on first use, never freed


cdef Move _move_make(int key):
    cdef Move m = Move(key & 63, (key >> 6) & 63, (key >> 12) or None)
    Py_INCREF(m)  # the table's reference: interned Moves live as long as the module
    _move_table[key] = <PyObject *>m
    return m


cdef inline Move _move_interned(int key):
    """The one Move object for key = from | to << 6 | promotion << 12."""
    cdef PyObject *m = _move_table[key]
    if m == NULL:
        return _move_make(key)
    return <Move>m


cdef PyObject *_drop_table[64 * 8]   # to | drop << 6 -> the one drop Move, as _move_table


cdef inline Move _drop_interned(int to, int drop):
    """The one Move object for dropping a piece of type drop on to."""
    cdef PyObject *m = _drop_table[to | drop << 6]
    if m == NULL:
        made = Move(to, to, drop=drop)
        Py_INCREF(made)
        _drop_table[to | drop << 6] = <PyObject *>made
        return made
    return <Move>m


cdef Move _move_of(object move):
    """A Move from a Move, a chess.Move or a UCI string; ValueError otherwise."""
    if isinstance(move, Move):
        return <Move>move
    if isinstance(move, str):
        return Move.from_uci(move)
    try:
        f, t, p, d = move.from_square, move.to_square, move.promotion, getattr(move, "drop", None)
    except AttributeError:
        raise ValueError(f"not a move: {move!r}") from None
    if d is None and 0 <= f < 64 and 0 <= t < 64 and (p is None or 1 <= p <= 6):
        return _move_interned(f | t << 6 | (p or 0) << 12)
    return Move(f, t, p, d)


@cython.final
cdef class Piece:
    """A piece type and colour; like ``chess.Piece`` but immutable.

    >>> Piece.from_symbol("Q"), Piece(2, False).symbol()
    (Piece.from_symbol('Q'), 'n')
    """
    cdef object piece_type  # these two are read-only member descriptors (_members.pxi)
    cdef object color

    def __cinit__(self, int piece_type, color):
        if not 1 <= piece_type <= 6:
            raise ValueError(f"piece_type must be in 1..6, got {piece_type!r}")
        self.piece_type = piece_type
        self.color = True if color else False

    def symbol(self):
        """``'P'`` for a white pawn, ``'p'`` for a black one."""
        s = _PIECE_SYMBOLS[self.piece_type]
        return s.upper() if self.color else s

    def unicode_symbol(self, *, invert_color=False):
        """The chess figurine, e.g. ``'♙'`` for a white pawn."""
        return "♙♘♗♖♕♔♟♞♝♜♛♚"[self.piece_type - 1 + (0 if self.color != invert_color else 6)]

    @classmethod
    def from_symbol(cls, symbol):
        """The piece for a symbol such as ``'K'`` or ``'n'``; ValueError otherwise (python-chess's
        words: ``"'x' is not in list"``)."""
        if not isinstance(symbol, str):
            raise ValueError(f"{symbol!r} is not in list")
        if len(symbol) != 1 or symbol.lower() not in "pnbrqk":
            raise ValueError(f"{symbol.lower()!r} is not in list")
        return _piece_interned(_PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())

    def to_chess(self):
        """The same piece as a ``chess.Piece``."""
        import chess
        return chess.Piece(self.piece_type, self.color)

    def __hash__(self):
        return self.piece_type + (-1 if self.color else 5)  # as chess.Piece hashes

    def __eq__(self, other):
        try:
            return (self.piece_type, self.color) == (other.piece_type, other.color)
        except AttributeError:
            return NotImplemented

    def __repr__(self):
        return f"Piece.from_symbol({self.symbol()!r})"

    def __str__(self):
        return self.symbol()

    def __reduce__(self):
        return (Piece, (self.piece_type, self.color))


cdef list _pieces = [None] + [[Piece(pt, False), Piece(pt, True)] for pt in range(1, 7)]


cdef int _expose_move_and_piece() except -1:
    cdef list marks = [object() for _ in range(4)]
    cdef Move m = Move(0, 1)
    m.from_square, m.to_square, m.promotion, m.drop = marks
    _expose_members(Move, m, list(zip(marks, [b"from_square", b"to_square", b"promotion", b"drop"], [
        b"The square the piece moves from.", b"The square the piece moves to.",
        b"The piece type promoted to, or None.", b"The piece type dropped, or None."])))
    cdef Piece p = Piece(1, True)
    p.piece_type, p.color = marks[:2]
    _expose_members(Piece, p, list(zip(marks, [b"piece_type", b"color"], [
        b"PAWN (1) .. KING (6).", b"True (chess.WHITE) or False (chess.BLACK)."])))
    return 0


_expose_move_and_piece()


cdef inline Piece _piece_interned(int piece_type, bint color):
    return <Piece>(<list>_pieces[piece_type])[color]
