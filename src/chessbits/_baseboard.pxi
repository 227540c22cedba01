# BaseBoard: python-chess's board of pieces (no turn, castling or history) over ext/board;
# the helpers Board shares with it (masks, colours, the legal-move cache's layout).

from cpython.mem cimport PyMem_Malloc, PyMem_Realloc, PyMem_Free
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF, Py_XDECREF
from libc.string cimport memcmp, memcpy, memset
from chessbits.status import Status, Termination

STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
STARTING_FEN = STARTING_BOARD_FEN + " w KQkq - 0 1"
MAX_HASH_MB = PERFT_TT_MAX_MB  # the largest perft hash table, in MB (1 TB)

movegen_init()

cdef extern from "position.h" nogil:
    void position_put(Position *pos, int pc, int s)
    void position_remove(Position *pos, int pc, int s)

def _flip_vertical(bb):
    return cb_bswap64(_mask(bb))


cdef list _KNIGHT_PAIRS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
cdef dict _CHESS960_INDEX = {}


cdef str _chess960_board_fen(object scharnagl):
    """The board FEN of Chess960 starting position number scharnagl (Scharnagl's numbering)."""
    if not isinstance(scharnagl, int) or not 0 <= scharnagl <= 959:
        raise ValueError(f"chess960 position index not 0 <= {scharnagl!r} <= 959")
    n = scharnagl
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "b"
    n //= 4
    rank[2 * (n % 4)] = "b"
    n //= 4
    free = [i for i in range(8) if rank[i] is None]
    rank[free[n % 6]] = "q"
    n //= 6
    free = [i for i in range(8) if rank[i] is None]
    a, b = _KNIGHT_PAIRS[n]
    rank[free[a]] = rank[free[b]] = "n"
    free = [i for i in range(8) if rank[i] is None]
    rank[free[0]], rank[free[1]], rank[free[2]] = "r", "k", "r"
    black = "".join(rank)
    return f"{black}/pppppppp/8/8/8/8/PPPPPPPP/{black.upper()}"


cdef object _chess960_index(str board_fen):
    if not _CHESS960_INDEX:
        for i in range(960):
            _CHESS960_INDEX[_chess960_board_fen(i)] = i
    return _CHESS960_INDEX.get(board_fen)

DEF CACHE_MOVES = 256  # every list but those of absurd positions (many queens), which are not cached

ctypedef struct Cache:
    int n                       # legal moves of this ply's position, -1 until generated (or too many)
    PyMove moves[CACHE_MOVES]   # in python-chess's order, zero-padded to a multiple of 8 (pymove_in)

cdef Bitboard _ALL = 0xFFFFFFFFFFFFFFFF

cdef inline int _color_index(object color) except -1:
    """ext's colour index (WHITE 0, BLACK 1) of a python-chess colour (True is white)."""
    return 0 if color else 1


cdef inline Bitboard _mask(object mask) except? 0:
    """A from/to mask as python-chess takes it: any int (bits past 63 and negative ints fold)."""
    if mask is _BB_ALL:
        return _ALL
    if type(mask) is int and 0 <= mask <= 0xFFFFFFFFFFFFFFFF:
        return <Bitboard>mask
    return <Bitboard>(int(mask) & 0xFFFFFFFFFFFFFFFF)


cdef tuple _pieces_key(BaseBoard b):
    """The pieces of a board as python-chess's BaseBoard.__eq__ compares them."""
    return (b.pos.by_type[PAWN_T], b.pos.by_type[KNIGHT_T], b.pos.by_type[BISHOP_T], b.pos.by_type[ROOK_T],
            b.pos.by_type[QUEEN_T], b.pos.by_type[KING_T], b.pos.by_color[WHITE_C], b.pos.by_color[BLACK_C])


cdef object _foreign_pieces(object other):
    """_pieces_key of a board that is not ours (python-chess's), None if other is no board."""
    try:
        co = other.occupied_co
        return (other.pawns, other.knights, other.bishops, other.rooks, other.queens, other.kings,
                co[True], co[False])
    except (AttributeError, TypeError, IndexError):
        return None


cdef object _MISSING = object()


@cython.final
cdef class _UserAttribute:
    """A name a program set on some board: reads it from that board's own attributes."""
    cdef str name

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        cdef dict attrs = (<BaseBoard>obj)._attrs
        if attrs is not None and self.name in attrs:
            return attrs[self.name]
        raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}")


cdef int _declare(str name) except -1:
    """Give BaseBoard (hence every board class) a _UserAttribute for name, once."""
    cdef dict d = cb_type_dict(<PyTypeObject *>BaseBoard)
    if name not in d:
        attr = _UserAttribute.__new__(_UserAttribute)
        (<_UserAttribute>attr).name = name
        d[name] = attr
        PyType_Modified(<PyTypeObject *>BaseBoard)
    return 0


cdef class BaseBoard:
    """A board of pieces without turn, castling or history; like ``chess.BaseBoard``.

    >>> BaseBoard().piece_at(4)
    Piece.from_symbol('K')
    """
    cdef Position pos
    cdef StateInfo *states     # states[0..nply]; prev pointers relinked when this grows
    cdef PyMove *stack         # stack[i]: the move pushed at ply i, as python-chess keeps it
    cdef Cache *caches         # caches[i]: the legal moves at ply i
    cdef list tuples           # tuples[i]: caches[i] as a tuple of Moves once asked for, else None
    cdef Py_ssize_t nply, cap
    cdef AttackMaps *maps      # Hyatt's attack maps, kept through push/pop/edits while not NULL
    cdef Psqt *psqt            # piece-square score, kept likewise while not NULL
    cdef dict _attrs           # attributes a program set on this board (__setattr__), or None

    def __cinit__(self, *args, **kwargs):
        self.cap = 4  # grows by doubling; small, so a board made for one query stays small
        self.states = <StateInfo *>PyMem_Malloc(self.cap * sizeof(StateInfo))
        self.stack = <PyMove *>PyMem_Malloc(self.cap * sizeof(PyMove))
        self.caches = <Cache *>PyMem_Malloc(self.cap * sizeof(Cache))
        if self.states == NULL or self.stack == NULL or self.caches == NULL:
            raise MemoryError()
        memset(&self.pos, 0, sizeof(Position))
        memset(self.states, 0, sizeof(StateInfo))
        self.states[0].ep_raw = SQ_NONE
        self.states[0].fullmove = 1
        self.pos.st = &self.states[0]
        self.nply = 0
        self.tuples = [None] * self.cap
        self.caches[0].n = -1  # an empty board, white to move: consistent as zeroed (key 0)

    def __dealloc__(self):
        PyMem_Free(self.states)
        PyMem_Free(self.stack)
        PyMem_Free(self.caches)
        PyMem_Free(self.maps)
        PyMem_Free(self.psqt)

    cdef int _attach(self, BaseBoard source) except -1:
        """After self.pos was overwritten (a FEN read, a copy): point it at this board's
        own maps and score again, taken over from source's if given, and bring them up to date."""
        if source is not None:
            self.maps = NULL
            self.psqt = NULL
            if source.maps != NULL:
                self.maps = <AttackMaps *>PyMem_Malloc(sizeof(AttackMaps))
                if self.maps == NULL:
                    raise MemoryError()
            if source.psqt != NULL:
                self.psqt = <Psqt *>PyMem_Malloc(sizeof(Psqt))
                if self.psqt == NULL:
                    raise MemoryError()
                memcpy(self.psqt, source.psqt, sizeof(Psqt))
        self.pos.maps = self.maps
        self.pos.psqt = self.psqt
        if self.maps != NULL:
            attackmaps_compute(self.maps, &self.pos)
        if self.psqt != NULL:
            psqt_compute(self.psqt, &self.pos)
        return 0

    def __init__(self, board_fen=STARTING_BOARD_FEN):
        if board_fen is None:
            self.clear_board()
        else:
            self.set_board_fen(board_fen)

    cdef int _grow(self, Py_ssize_t need) except -1:
        cdef Py_ssize_t cap = self.cap
        while cap <= need:
            cap *= 2
        if cap == self.cap:
            return 0
        cdef StateInfo *s = <StateInfo *>PyMem_Realloc(self.states, cap * sizeof(StateInfo))
        if s == NULL:
            raise MemoryError()
        self.states = s
        cdef PyMove *m = <PyMove *>PyMem_Realloc(self.stack, cap * sizeof(PyMove))
        if m == NULL:
            raise MemoryError()
        self.stack = m
        cdef Cache *c = <Cache *>PyMem_Realloc(self.caches, cap * sizeof(Cache))
        if c == NULL:
            raise MemoryError()
        self.caches = c
        self.tuples.extend([None] * (cap - self.cap))
        self.cap = cap
        self._relink()
        return 0

    cdef void _relink(self) noexcept:
        self.states[0].prev = NULL
        for i in range(1, self.nply + 1):
            self.states[i].prev = &self.states[i - 1]
        self.pos.st = &self.states[self.nply]

    cdef inline void _forget(self, Py_ssize_t i) noexcept:
        """Drop ply i's cached legal moves."""
        self.caches[i].n = -1
        if <PyObject *>self.tuples[i] != cb_none():
            self.tuples[i] = None

    cdef int _edited(self) except -1:
        """After a change of the pieces: Board clears its move stack, as python-chess does."""
        board_sync(&self.pos)
        self._forget(self.nply)
        return 0

    cdef int _state_changed(self) except -1:
        """After a change of turn, castling rights, ep square or chess960: the stack stays."""
        board_sync(&self.pos)
        self._forget(self.nply)
        self._sync()
        return 0

    cdef int _sync(self) except -1:
        """Board keeps Python mirrors of its state (see there); a BaseBoard has none."""
        return 0

    def __setattr__(self, name, value):
        """Attributes of a program's own, as python-chess's boards take them (kept aside:
        an instance dict would slow every method call on CPython 3.12+)."""
        self._setattr(name, value)

    cdef int _setattr(self, str name, value) except -1:
        try:
            cb_generic_setattr(self, name, <PyObject *>value)
            return 0
        except AttributeError:
            existing = getattr(type(self), name, _MISSING)
            if existing is not _MISSING and not isinstance(existing, _UserAttribute):
                raise  # a method or read-only attribute of the board's own
        if self._attrs is None:
            self._attrs = {}
        self._attrs[name] = value
        _declare(name)
        return 0

    def __delattr__(self, name):
        if self._attrs is not None and name in self._attrs:
            del self._attrs[name]
        else:
            cb_generic_setattr(self, name, NULL)

    cdef int _put(self, int square, int piece_type, bint color, bint promoted) except -1:
        cdef Bitboard bb = (<Bitboard>1) << square
        if self.pos.board[square]:
            position_remove(&self.pos, self.pos.board[square], square)
        self.pos.st.promoted &= ~bb
        if piece_type:
            position_put(&self.pos, piece_type | (0 if color else 8), square)
            if promoted:
                self.pos.st.promoted |= bb
        return 0

    # --- pieces -----------------------------------------------------------------------

    @property
    def pawns(self):
        return self.pos.by_type[PAWN_T]

    @property
    def knights(self):
        return self.pos.by_type[KNIGHT_T]

    @property
    def bishops(self):
        return self.pos.by_type[BISHOP_T]

    @property
    def rooks(self):
        return self.pos.by_type[ROOK_T]

    @property
    def queens(self):
        return self.pos.by_type[QUEEN_T]

    @property
    def kings(self):
        return self.pos.by_type[KING_T]

    @property
    def occupied(self):
        """Bitboard of every piece."""
        return self.pos.by_type[ALL_PIECES]

    @property
    def occupied_co(self):
        """``[black pieces, white pieces]`` as bitboards, indexed by colour like python-chess's."""
        return [self.pos.by_color[BLACK_C], self.pos.by_color[WHITE_C]]

    @property
    def promoted(self):
        """Bitboard of the pieces that were pawns (python-chess's ``promoted``)."""
        return self.pos.st.promoted

    def piece_count(self):
        """The number of pieces on the board, pockets aside (python-chess master's).

        >>> Board().piece_count()
        32
        """
        return cb_popcount(self.pos.by_type[ALL_PIECES])

    def pieces_mask(self, piece_type, color):
        """Bitboard of the pieces of a type and colour."""
        if not 1 <= piece_type <= 6:
            raise ValueError(f"piece_type must be in 1..6, got {piece_type!r}")
        return self.pos.by_type[piece_type] & self.pos.by_color[_color_index(color)]

    def pieces(self, piece_type, color):
        """SquareSet of the pieces of a type and colour."""
        if type(piece_type) is not int or not 1 <= piece_type <= 6:
            raise ValueError(f"piece_type must be in 1..6, got {piece_type!r}")
        return _squareset(self.pos.by_type[<int>piece_type] & self.pos.by_color[0 if color else 1])

    def piece_at(self, square):
        """The Piece on a square, or None."""
        cdef int pc = self.pos.board[_square(square)]
        return None if pc == 0 else _piece_interned(type_of_piece(pc), color_of_piece(pc) == WHITE_C)

    def piece_type_at(self, square):
        """The piece type on a square, or None."""
        cdef int pc = self.pos.board[_square(square)]
        return None if pc == 0 else type_of_piece(pc)

    def color_at(self, square):
        """The colour of the piece on a square, or None."""
        cdef int pc = self.pos.board[_square(square)]
        return None if pc == 0 else color_of_piece(pc) == WHITE_C

    def king(self, color):
        """The square of the (unpromoted) king of a colour, or None (also for several of them,
        as python-chess's next release answers; 1.11 gives the highest)."""
        cdef int c = _color_index(color)
        cdef uint64_t kings = self.pos.by_type[KING_T] & self.pos.by_color[c] & ~self.pos.st.promoted
        if kings & (kings - 1) and api_next():
            return None
        return None if kings == 0 else board_king(&self.pos, c)

    # --- Hyatt's attack maps, x-rays ----------------------------------------------------

    @property
    def attack_maps(self):
        """True while the board keeps Hyatt's attack maps (``Board(attack_maps=True)``): the
        squares attacked from and the attackers of every square, updated by each push, pop
        and edit, so ``attacks_mask``, ``attackers_mask`` and the exchange queries read them.

        >>> import chessbits as chess
        >>> board = chess.Board(attack_maps=True)
        >>> board.push_san("e4")
        Move.from_uci('e2e4')
        >>> [chess.square_name(s) for s in board.attackers(chess.WHITE, chess.F3)]
        ['d1', 'g1', 'g2']
        """
        return self.maps != NULL

    @attack_maps.setter
    def attack_maps(self, value):
        if value and self.maps == NULL:
            self.maps = <AttackMaps *>PyMem_Malloc(sizeof(AttackMaps))
            if self.maps == NULL:
                raise MemoryError()
            self._attach(None)
        elif not value and self.maps != NULL:
            self.pos.maps = NULL
            PyMem_Free(self.maps)
            self.maps = NULL

    def _attack_maps(self):
        """(from, to): the kept maps as two tuples of 64 bitboards, or None (tests read them)."""
        if self.maps == NULL:
            return None
        return tuple(self.maps.from_[s] for s in range(64)), tuple(self.maps.to[s] for s in range(64))

    def xray_attackers_mask(self, color, square):
        """Bitboard of the pieces of a colour attacking a square directly or through other
        attackers of it (of either colour) standing in front of them on the same line: the
        pieces an exchange on the square draws from.

        >>> import chessbits as chess
        >>> board = chess.Board("4k3/8/6p1/8/8/3B4/2Q5/4K3 w - - 0 1")
        >>> [chess.square_name(s) for s in board.xray_attackers(chess.WHITE, chess.G6)]
        ['c2', 'd3']
        """
        return attackmaps_xray(&self.pos, self.maps, _square(square)) & self.pos.by_color[_color_index(color)]

    def xray_attackers(self, color, square):
        """SquareSet of ``xray_attackers_mask``."""
        return _squareset(self.xray_attackers_mask(color, square))

    def attack_counts(self, color):
        """How many pieces of a colour attack each square: 64 bytes, a1 first.

        >>> import chessbits as chess
        >>> chess.Board().attack_counts(chess.WHITE)[chess.F3]
        3
        """
        cdef AttackMaps local
        cdef const AttackMaps *m = self.maps
        cdef Bitboard ours = self.pos.by_color[_color_index(color)]
        cdef unsigned char counts[64]
        if m == NULL:
            attackmaps_compute(&local, &self.pos)
            m = &local
        for s in range(64):
            counts[s] = <unsigned char>cb_popcount(m.to[s] & ours)
        return counts[:64]

    def mobility(self, color):
        """The squares attacked by a colour's knights, bishops, rooks and queens and not
        occupied by its own pieces, summed over those pieces (from the attack maps if kept).

        >>> import chessbits as chess
        >>> chess.Board().mobility(chess.WHITE)
        4
        """
        return engine_mobility(&self.pos, self.maps, _color_index(color))

    def attacks_mask(self, square):
        """Bitboard of the squares the piece on a square attacks (0 if empty)."""
        return board_attacks_mask(&self.pos, _square(square))

    def attacks(self, square):
        """SquareSet of the squares the piece on a square attacks."""
        return _squareset(board_attacks_mask(&self.pos, _square(square)))

    def attackers_mask(self, color, square, occupied=None):
        """Bitboard of the pieces of a colour attacking a square (given occupancy optional);
        read from the attack maps if the board keeps them."""
        cdef Square s = _square(square)
        cdef int c = _color_index(color)
        if occupied is None:
            if self.maps != NULL:
                return self.maps.to[s] & self.pos.by_color[c]
            return board_attackers(&self.pos, c, s, self.pos.by_type[ALL_PIECES])
        return board_attackers(&self.pos, c, s, _mask(occupied))

    def is_attacked_by(self, color, square, occupied=None):
        """True if a piece of the colour attacks the square."""
        cdef Bitboard occ = self.pos.by_type[ALL_PIECES] if occupied is None else _mask(occupied)
        return board_attackers(&self.pos, _color_index(color), _square(square), occ) != 0

    def attackers(self, color, square, occupied=None):
        """SquareSet of the pieces of a colour attacking a square."""
        cdef Bitboard occ = self.pos.by_type[ALL_PIECES] if occupied is None else _mask(occupied)
        return _squareset(board_attackers(&self.pos, _color_index(color), _square(square), occ))

    def pin_mask(self, color, square):
        """The line of the pin of the piece on square to its king, or every square."""
        return board_pin_mask(&self.pos, _color_index(color), _square(square))

    def pin(self, color, square):
        """SquareSet of the line of the pin (every square if none)."""
        return _squareset(board_pin_mask(&self.pos, _color_index(color), _square(square)))

    def is_pinned(self, color, square):
        """True if the piece on square is pinned to its king."""
        return board_pin_mask(&self.pos, _color_index(color), _square(square)) != _ALL

    def remove_piece_at(self, square):
        """Remove and return the piece on a square (None if empty)."""
        piece = self.piece_at(square)
        self._put(_square(square), 0, True, False)
        self._edited()
        return piece

    def set_piece_at(self, square, piece, promoted=False):
        """Put a Piece on a square (None empties it)."""
        if piece is None:
            self._put(_square(square), 0, True, False)
        else:
            self._put(_square(square), piece.piece_type, piece.color, promoted)
        self._edited()

    def board_fen(self, *, promoted=False):
        """The board part of the FEN (``promoted=True`` marks promoted pieces with ``~``; None,
        python-chess's next release's default, those of ``_effective_promoted()``)."""
        cdef char buf[128]
        cdef uint64_t marked = self.pos.st.promoted if promoted else 0
        if promoted is None and api_next():
            marked = self._effective_promoted()
        cdef int n = board_board_fen(&self.pos, marked, buf)
        return buf[:n].decode("ascii")

    def _effective_promoted(self):
        """The promoted pieces the rules tell apart (python-chess's next release): none here."""
        return 0

    def set_board_fen(self, fen):
        """Set the pieces from the board part of a FEN; ValueError (python-chess's) if malformed."""
        cdef int where
        cdef FenError e
        if not isinstance(fen, str):
            raise ValueError(f"fen must be a str, got {type(fen).__name__}")
        fen = fen.strip()
        b = fen.encode("utf-8", "surrogatepass")
        e = board_set_board_fen(&self.pos, b, len(b), &where)
        if e != FEN_OK:
            raise _fen_error(e, fen, fen, where)
        self._edited()

    def piece_map(self, *, mask=0xFFFF_FFFF_FFFF_FFFF):
        """``{square: Piece}`` for every piece (within mask)."""
        cdef Bitboard b = self.pos.by_type[ALL_PIECES] & _mask(mask)
        cdef dict result = {}
        cdef int s, pc
        while b:
            s = cb_msb(b)
            b ^= (<Bitboard>1) << s
            pc = self.pos.board[s]
            result[s] = _piece_interned(type_of_piece(pc), color_of_piece(pc) == WHITE_C)
        return result

    def set_piece_map(self, pieces):
        """Set the pieces from a ``{square: Piece}`` mapping."""
        items = [(_square(sq), p) for sq, p in dict(pieces).items()]
        for s in range(64):
            self._put(s, 0, True, False)
        for s, p in items:
            self._put(s, p.piece_type, p.color, False)
        self._edited()

    def reset_board(self):
        """Put the pieces on their starting squares."""
        self.set_board_fen(STARTING_BOARD_FEN)

    def clear_board(self):
        """Remove every piece."""
        for s in range(64):
            self._put(s, 0, True, False)
        self._edited()

    def set_chess960_pos(self, scharnagl):
        """Set up Chess960 starting position number scharnagl (0..959)."""
        self.set_board_fen(_chess960_board_fen(scharnagl))

    def chess960_pos(self):
        """The Chess960 starting position number of the pieces (0..959), or None."""
        if self.pos.st.promoted:
            return None
        return _chess960_index(self.board_fen())

    @classmethod
    def empty(cls):
        """An empty board."""
        return cls(None)

    @classmethod
    def from_chess960_pos(cls, scharnagl):
        """A board set up as Chess960 starting position number scharnagl."""
        board = cls.empty()
        board.set_chess960_pos(scharnagl)
        return board

    # --- printing and comparing ------------------------------------------------------

    def __repr__(self):
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __str__(self):
        rows = []
        for rank in range(7, -1, -1):
            row = []
            for f in range(8):
                pc = self.pos.board[rank * 8 + f]
                row.append("." if pc == 0 else _piece_interned(type_of_piece(pc), color_of_piece(pc) == WHITE_C).symbol())
            rows.append(" ".join(row))
        return "\n".join(rows)

    def unicode(self, *, invert_color=False, borders=False, empty_square="⭘", orientation=True):
        """The board with chess figurines, e.g. for a terminal."""
        out = []
        for rank in (range(7, -1, -1) if orientation else range(8)):
            if borders:
                out.append("  " + "-" * 17 + "\n" + "12345678"[rank] + " ")
            for i, f in enumerate(range(8) if orientation else range(7, -1, -1)):
                if borders:
                    out.append("|")
                elif i:
                    out.append(" ")
                pc = self.pos.board[rank * 8 + f]
                out.append(empty_square if pc == 0 else
                           _piece_interned(type_of_piece(pc), color_of_piece(pc) == WHITE_C).unicode_symbol(invert_color=invert_color))
            if borders:
                out.append("|")
            if borders or (rank > 0 if orientation else rank < 7):
                out.append("\n")
        if borders:
            out.append("  " + "-" * 17 + "\n")
            out.append("   " + ("a b c d e f g h" if orientation else "h g f e d c b a"))
        return "".join(out)

    def _repr_svg_(self):
        from chessbits import svg
        return svg.board(board=self, size=400)

    cdef bint _same_pieces(self, BaseBoard other):
        for i in range(7):
            if self.pos.by_type[i] != other.pos.by_type[i]:
                return False
        return self.pos.by_color[WHITE_C] == other.pos.by_color[WHITE_C]

    def __eq__(self, other):
        if isinstance(other, BaseBoard):
            return self._same_pieces(<BaseBoard>other)
        theirs = _foreign_pieces(other)
        if theirs is None:
            return NotImplemented
        return theirs == _pieces_key(self)

    def __hash__(self):
        raise TypeError(f"unhashable type: '{type(self).__name__}' (it is mutable)")

    # --- transforms and copies -------------------------------------------------------

    cdef int _apply_transform_pieces(self, f) except -1:
        cdef Bitboard types[7]
        cdef Bitboard white = _mask(f(self.pos.by_color[WHITE_C]))
        cdef Bitboard promoted = _mask(f(self.pos.st.promoted))
        cdef Bitboard b
        cdef int pt, s
        for pt in range(1, 7):
            types[pt] = _mask(f(self.pos.by_type[pt]))
        memset(self.pos.by_type, 0, sizeof(self.pos.by_type))  # the caller's _edited() resyncs the rest
        memset(self.pos.by_color, 0, sizeof(self.pos.by_color))
        memset(self.pos.board, 0, sizeof(self.pos.board))
        self.pos.st.promoted = 0
        for pt in range(1, 7):
            b = types[pt]
            while b:
                s = cb_msb(b)
                b ^= (<Bitboard>1) << s
                self._put(s, pt, (white >> s) & 1, (promoted >> s) & 1)
        return 0

    def apply_transform(self, f):
        """Apply a bitboard transformation (e.g. ``chessbits.flip_vertical``) to the pieces."""
        self._apply_transform_pieces(f)
        self._edited()

    def transform(self, f):
        """A transformed copy (see apply_transform)."""
        board = self.copy()
        board.apply_transform(f)
        return board

    cdef int _swap_colors(self) except -1:
        cdef Bitboard white = self.pos.by_color[WHITE_C]
        cdef int pc, s
        for s in range(64):
            pc = self.pos.board[s]
            if pc:
                self._put(s, type_of_piece(pc), not ((white >> s) & 1), (self.pos.st.promoted >> s) & 1)
        return 0

    def apply_mirror(self):
        """Mirror the board vertically and swap the colours of the pieces."""
        self.apply_transform(_flip_vertical)
        self._swap_colors()
        self._edited()

    def mirror(self):
        """A mirrored copy (vertical flip, colours swapped)."""
        board = self.copy()
        board.apply_mirror()
        return board

    def copy(self):
        """A copy of the pieces."""
        cdef BaseBoard b = type(self).__new__(type(self))
        b.pos = self.pos
        b._attach(self)
        b.states[0] = self.states[self.nply]
        b.states[0].prev = NULL
        b.pos.st = &b.states[0]
        b._forget(0)
        return b

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        board = self.copy()
        memo[id(self)] = board
        return board

    def __reduce__(self):
        return (type(self), (self.board_fen(),))
