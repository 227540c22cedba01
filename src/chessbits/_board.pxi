# Board: a python-chess-shaped wrapper over ext/position + movegen + perft.

from cpython.mem cimport PyMem_Malloc, PyMem_Realloc, PyMem_Free
from libc.string cimport memcpy

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

position_init()


ctypedef struct Ply:
    Move_t move            # the move played from this ply (for plies below the top)
    int nlegal             # legal moves cached for this ply's position, -1 if not yet
    Move_t legal[256]      # MAX_MOVES
    uint16_t keys[256]     # their Move keys (from | to << 6 | promotion << 12)


cdef inline int _move_key(Move_t m, bint chess960) noexcept nogil:
    """The Python-facing key of internal move m: castling shows the king's target
    square in standard chess and the rook's square in Chess960, as python-chess does."""
    cdef int f = move_from(m), t = move_to(m), ty = move_type(m)
    if ty == MOVE_CASTLING and not chess960:
        t = castling_king_to(f, t)
    elif ty == MOVE_PROMOTION:
        return f | t << 6 | move_promotion(m) << 12
    return f | t << 6


cdef inline bint _color_index(object color) except -1:
    if color is True or color == 1:
        return 0
    if color is False or color == 0:
        return 1
    raise ValueError(f"color must be chess.WHITE (True) or chess.BLACK (False), got {color!r}")


@cython.final
cdef class LegalMoves:
    """The legal moves of a board, computed when asked; like python-chess's
    ``board.legal_moves``: iterate it, ``len()`` or ``count()`` it, test ``in``.

    >>> board = Board()
    >>> len(board.legal_moves), Move.from_uci("e2e4") in board.legal_moves
    (20, True)
    """
    cdef Board board

    def __cinit__(self, Board board):
        self.board = board

    def __iter__(self):
        cdef Ply *p = self.board._legal()
        cdef list moves = [None] * p.nlegal
        for i in range(p.nlegal):
            moves[i] = _move_interned(p.keys[i])
        return iter(moves)

    def __len__(self):
        return self.board._count_legal()

    def count(self):
        """The number of legal moves (counted in C, no list built)."""
        return self.board._count_legal()

    def __bool__(self):
        return self.board._count_legal() > 0

    def __contains__(self, move):
        try:
            return self.board._find(_move_of(move)) != 0
        except ValueError:
            return False

    def __repr__(self):
        return f"<LegalMoves at {id(self):#x} ({', '.join(m.uci() for m in self)})>"


@cython.final
cdef class Board:
    """A chess position with its move history; shaped like ``chess.Board``.

    Moves are checked: ``push`` and ``push_uci`` raise ValueError for an illegal
    or malformed move and change nothing.

    >>> board = Board()
    >>> board.push_uci("e2e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.perft(3)
    13160
    """
    cdef Position pos
    cdef StateInfo *states     # states[0..ply]; prev pointers relinked when this grows
    cdef Ply *plies            # plies[0..ply]
    cdef Py_ssize_t ply, cap
    cdef readonly bint chess960
    cdef str _root_fen
    cdef object _root_ep       # the root FEN's en-passant field, as python-chess keeps it

    def __cinit__(self):
        self.cap = 64
        self.states = <StateInfo *>PyMem_Malloc(self.cap * sizeof(StateInfo))
        self.plies = <Ply *>PyMem_Malloc(self.cap * sizeof(Ply))
        if self.states == NULL or self.plies == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.states)
        PyMem_Free(self.plies)

    def __init__(self, fen=STARTING_FEN, *, chess960=False):
        self.chess960 = bool(chess960)
        self.set_fen(STARTING_FEN if fen is None else fen)

    cdef int _grow(self) except -1:
        cdef Py_ssize_t cap = self.cap * 2
        cdef StateInfo *s = <StateInfo *>PyMem_Realloc(self.states, cap * sizeof(StateInfo))
        if s == NULL:
            raise MemoryError()
        self.states = s
        cdef Ply *p = <Ply *>PyMem_Realloc(self.plies, cap * sizeof(Ply))
        if p == NULL:
            raise MemoryError()
        self.plies = p
        self.cap = cap
        self.states[0].prev = NULL
        for i in range(1, self.ply + 1):
            self.states[i].prev = &self.states[i - 1]
        self.pos.st = &self.states[self.ply]
        return 0

    def set_fen(self, fen):
        """Set the position from a FEN (or a 4-field EPD); clears the move stack.
        ValueError naming the field and value if it is malformed; nothing changes then."""
        cdef Position tmp
        cdef StateInfo st
        cdef char err[256]
        if not isinstance(fen, str):
            raise ValueError(f"fen must be a str, got {type(fen).__name__}")
        b = fen.encode("utf-8", "surrogatepass")
        if position_set_fen_len(&tmp, b, len(b), self.chess960, &st, err, sizeof(err)) != 0:
            raise ValueError(err.decode("utf-8", "replace"))
        self.pos = tmp
        self.states[0] = st
        self.states[0].prev = NULL
        self.pos.st = &self.states[0]
        self.ply = 0
        self.plies[0].nlegal = -1
        fields = fen.split()
        self._root_ep = _SQUARE_INDEX.get(fields[3]) if len(fields) > 3 else None
        self._root_fen = self.fen()

    def reset(self):
        """Back to the starting position (the chess960 flag stays, as in python-chess)."""
        self.set_fen(STARTING_FEN)

    @classmethod
    def from_chess(cls, board):
        """A Board with the same position and move history as a ``chess.Board``."""
        root = board.root()
        ours = cls(root.fen(), chess960=board.chess960)
        for move in board.move_stack:
            ours.push(move)
        return ours

    def to_chess(self):
        """The same position and move history as a ``chess.Board``."""
        import chess
        board = chess.Board(self._root_fen, chess960=self.chess960)
        for i in range(self.ply):
            board.push(_move_interned(_move_key(self.plies[i].move, self.chess960)).to_chess())
        return board

    cdef Ply *_legal(self) except NULL:
        """The current ply's legal moves, generated once per position."""
        cdef Ply *p = &self.plies[self.ply]
        if p.nlegal < 0:
            p.nlegal = generate_legal_t(&self.pos, p.legal, _default)
            for i in range(p.nlegal):
                p.keys[i] = <uint16_t>_move_key(p.legal[i], self.chess960)
        return p

    cdef int _count_legal(self):
        cdef Ply *p = &self.plies[self.ply]
        return p.nlegal if p.nlegal >= 0 else count_legal_t(&self.pos, _default)

    cdef Move_t _find(self, Move move) except? 0:
        """The legal internal move equal to move, or 0."""
        cdef Ply *p = self._legal()
        cdef int key = move.key
        for i in range(p.nlegal):
            if p.keys[i] == key:
                return p.legal[i]
        if not self.chess960:  # python-chess also takes king-takes-rook (e1h1) in standard chess
            for i in range(p.nlegal):
                if move_type(p.legal[i]) == MOVE_CASTLING and \
                        (move_from(p.legal[i]) | move_to(p.legal[i]) << 6) == key:
                    return p.legal[i]
        return 0

    cdef int _push(self, Move_t m) except -1:
        if self.ply + 1 >= self.cap:
            self._grow()
        self.plies[self.ply].move = m
        do_move(&self.pos, m, &self.states[self.ply + 1])
        self.ply += 1
        self.plies[self.ply].nlegal = -1
        return 0

    def push(self, move):
        """Play a legal move (a Move, a ``chess.Move`` or UCI text).
        ValueError if it is illegal here; the board is unchanged then."""
        cdef Move mv
        try:
            mv = _move_of(move)
        except ValueError as e:
            raise ValueError(f"{e} in {self.fen()}") from None
        cdef Move_t m = self._find(mv)
        if m == 0:
            raise ValueError(f"illegal move {mv.uci()} in {self.fen()}")
        self._push(m)

    def parse_uci(self, uci):
        """The legal Move written as uci; ValueError if malformed or illegal."""
        cdef Move mv
        try:
            mv = Move.from_uci(uci)
        except ValueError as e:
            raise ValueError(f"{e} in {self.fen()}") from None
        cdef Move_t m = self._find(mv)
        if m == 0:
            raise ValueError(f"illegal uci: {uci!r} in {self.fen()}")
        return _move_interned(_move_key(m, self.chess960))

    def push_uci(self, uci):
        """Parse and play a UCI move; returns the Move. ValueError if malformed or illegal."""
        move = self.parse_uci(uci)
        self._push(self._find(move))
        return move

    def pop(self):
        """Take back the last move and return it; IndexError if there is none."""
        if self.ply == 0:
            raise IndexError("pop from empty move stack")
        self.ply -= 1
        cdef Move_t m = self.plies[self.ply].move
        undo_move(&self.pos, m)
        return _move_interned(_move_key(m, self.chess960))

    def peek(self):
        """The last move played; IndexError if there is none."""
        if self.ply == 0:
            raise IndexError("peek from empty move stack")
        return _move_interned(_move_key(self.plies[self.ply - 1].move, self.chess960))

    @property
    def move_stack(self):
        """The moves played since the FEN was set, oldest first."""
        return [_move_interned(_move_key(self.plies[i].move, self.chess960)) for i in range(self.ply)]

    def generate_legal_moves(self):
        """An iterator over the legal moves, generated afresh (legal_moves caches them)."""
        self.plies[self.ply].nlegal = -1
        return iter(LegalMoves(self))

    @property
    def legal_moves(self):
        """A live view of the legal moves: iterate, ``len()``, ``count()``, ``in``, ``bool``."""
        return LegalMoves(self)

    def fen(self):
        """The position as FEN, written as python-chess writes it (X-FEN castling, the
        en-passant square only where an en-passant capture is legal)."""
        cdef char buf[FEN_BUF_LEN]
        cdef int n = position_fen(&self.pos, buf)
        return buf[:n].decode("ascii")

    def epd(self):
        """The FEN's first four fields."""
        return " ".join(self.fen().split()[:4])

    @property
    def turn(self):
        """The side to move: True (chess.WHITE) or False (chess.BLACK)."""
        return self.pos.side == WHITE_C

    @property
    def castling_rights(self):
        """Bitboard of the rooks that may still castle, as python-chess gives it."""
        cdef Bitboard bb = 0
        for i in range(4):
            if self.pos.st.castling & (1 << i):
                bb |= (<Bitboard>1) << self.pos.castling_rook[i]
        return bb

    @property
    def ep_square(self):
        """The square a pawn just skipped by a double push (even if no capture is
        possible, as in python-chess), else None."""
        if self.ply == 0:
            return self._root_ep
        cdef Move_t m = self.plies[self.ply - 1].move
        cdef int f = move_from(m), t = move_to(m)
        if move_type(m) == MOVE_NORMAL and (self.pos.board[t] & 7) == PAWN_T and (f ^ t) == 16:
            return (f + t) >> 1
        return None

    @property
    def halfmove_clock(self):
        """Plies since the last capture or pawn move."""
        return self.pos.st.rule50

    @property
    def fullmove_number(self):
        """Starts at 1, incremented after every black move."""
        return self.pos.st.fullmove

    @property
    def occupied(self):
        """Bitboard of every piece."""
        return self.pos.by_type[0]

    def occupied_co(self, color):
        """Bitboard of the pieces of one colour."""
        return self.pos.by_color[_color_index(color)]

    def pieces_mask(self, piece_type, color):
        """Bitboard of the pieces of a type and colour."""
        if not 1 <= piece_type <= 6:
            raise ValueError(f"piece_type must be in 1..6, got {piece_type!r}")
        return self.pos.by_type[piece_type] & self.pos.by_color[_color_index(color)]

    def piece_at(self, square):
        """The Piece on a square, or None."""
        cdef int pc = self.pos.board[_square(square)]
        return None if pc == 0 else _piece_interned(pc & 7, (pc >> 3) == 0)

    def piece_type_at(self, square):
        """The piece type on a square, or None."""
        cdef int pc = self.pos.board[_square(square)]
        return None if pc == 0 else pc & 7

    def king(self, color):
        """The square of the king of a colour, or None."""
        cdef Bitboard b = self.pos.by_type[KING_T] & self.pos.by_color[_color_index(color)]
        return None if b == 0 else (b & -b).bit_length() - 1

    def attackers_mask(self, color, square, occupied=None):
        """Bitboard of the pieces of a colour attacking a square (given occupancy optional)."""
        cdef Bitboard occ = self.pos.by_type[0] if occupied is None else _bitboard(occupied)
        return attackers_to(&self.pos, _square(square), occ) & self.pos.by_color[_color_index(color)]

    def is_attacked_by(self, color, square, occupied=None):
        """True if a piece of the colour attacks the square."""
        return self.attackers_mask(color, square, occupied) != 0

    def checkers_mask(self):
        """Bitboard of the pieces giving check."""
        return checkers(&self.pos)

    def is_check(self):
        """True if the side to move is in check."""
        return is_check(&self.pos) != 0

    def is_checkmate(self):
        """True if the side to move is in check and has no legal move."""
        return is_check(&self.pos) != 0 and self._count_legal() == 0

    def is_stalemate(self):
        """True if the side to move is not in check and has no legal move."""
        return is_check(&self.pos) == 0 and self._count_legal() == 0

    def has_insufficient_material(self, color):
        """True if the colour cannot possibly checkmate (python-chess's rule)."""
        cdef int c = _color_index(color)
        cdef Bitboard ours = self.pos.by_color[c], theirs = self.pos.by_color[1 - c]
        cdef Bitboard bishops = self.pos.by_type[3]
        if ours & (self.pos.by_type[1] | self.pos.by_type[4] | self.pos.by_type[5]):
            return False
        if ours & self.pos.by_type[2]:
            return bin(ours).count("1") <= 2 and not (theirs & ~self.pos.by_type[6] & ~self.pos.by_type[5])
        if ours & bishops:
            same_colour = not (bishops & 0xAA55AA55AA55AA55) or not (bishops & 0x55AA55AA55AA55AA)
            return same_colour and not self.pos.by_type[1] and not self.pos.by_type[2]
        return True

    def is_insufficient_material(self):
        """True if neither side can checkmate."""
        return self.has_insufficient_material(True) and self.has_insufficient_material(False)

    def is_repetition(self, count=3):
        """True if the current position occurred ``count`` times (this one included)
        since the last irreversible move; positions compared by Zobrist key."""
        cdef uint64_t key = self.pos.st.key
        cdef Py_ssize_t i = self.ply, low = max(0, self.ply - <Py_ssize_t>self.pos.st.rule50)
        cdef int seen = 0
        while i >= low:
            if self.states[i].key == key:
                seen += 1
                if seen >= count:
                    return True
            i -= 2
        return False

    def is_fivefold_repetition(self):
        """True if the position occurred five times: the game is drawn."""
        return self.is_repetition(5)

    def is_seventyfive_moves(self):
        """True after 75 moves by each side without capture or pawn move (and a legal move left)."""
        return self.pos.st.rule50 >= 150 and self._count_legal() > 0

    def is_fifty_moves(self):
        """True after 50 moves by each side without capture or pawn move (a draw may be claimed)."""
        return self.pos.st.rule50 >= 100 and self._count_legal() > 0

    cdef int _occurrences(self, uint64_t key, Py_ssize_t top):
        """How often key occurs among the positions at plies low..top (reversible stretch)."""
        cdef Py_ssize_t i, low = max(0, self.ply - <Py_ssize_t>self.pos.st.rule50)
        cdef int n = 0
        for i in range(low, top + 1):
            n += self.states[i].key == key
        return n

    def can_claim_threefold_repetition(self):
        """True if the position occurred three times, or a legal move makes that so."""
        if self._occurrences(self.pos.st.key, self.ply) >= 3:
            return True
        cdef Ply *p = self._legal()
        cdef Move_t m
        cdef bint found = False
        for i in range(p.nlegal):
            m = p.legal[i]
            self._push(m)
            found = self._occurrences(self.pos.st.key, self.ply - 1) >= 2
            self.ply -= 1
            undo_move(&self.pos, m)
            if found:
                return True
        return False

    def can_claim_fifty_moves(self):
        """True if 50 moves passed without capture or pawn move, or a legal move makes that so."""
        if self.is_fifty_moves():
            return True
        if self.pos.st.rule50 != 99:
            return False
        cdef Ply *p = self._legal()
        for i in range(p.nlegal):
            m = _move_interned(p.keys[i])
            if not self.is_capture(m) and (self.pos.board[m.from_square] & 7) != PAWN_T:
                return True
        return False

    def can_claim_draw(self):
        """True if a draw may be claimed: 50-move rule or threefold repetition."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def is_game_over(self, *, claim_draw=False):
        """Checkmate, stalemate, insufficient material, the 75-move rule or fivefold
        repetition; with claim_draw also a draw that may be claimed (can_claim_draw)."""
        if self._count_legal() == 0 or self.is_insufficient_material():
            return True
        if self.is_seventyfive_moves() or self.is_fivefold_repetition():
            return True
        return bool(claim_draw) and self.can_claim_draw()

    def is_legal(self, move):
        """True if the move is legal here (malformed moves are not)."""
        try:
            return self._find(_move_of(move)) != 0
        except ValueError:
            return False

    def is_capture(self, move):
        """True if the move captures (en passant included), as python-chess decides it."""
        cdef Move mv = _move_of(move)
        cdef Bitboard touched = ((<Bitboard>1) << mv.from_square) ^ ((<Bitboard>1) << mv.to_square)
        return bool(touched & self.pos.by_color[self.pos.side ^ 1]) or self.is_en_passant(mv)

    def is_en_passant(self, move):
        """True if the move is an en-passant capture."""
        cdef Move mv = _move_of(move)
        return (self.ep_square == mv.to_square
                and (self.pos.board[mv.from_square] & 7) == PAWN_T
                and abs(mv.to_square - mv.from_square) in (7, 9)
                and self.pos.board[mv.to_square] == 0)

    def is_castling(self, move):
        """True if the move castles (king two files over, or king takes own rook)."""
        cdef Move mv = _move_of(move)
        cdef int pc = self.pos.board[mv.from_square], target = self.pos.board[mv.to_square]
        if (pc & 7) != KING_T or (pc >> 3) != self.pos.side:
            return False
        if abs((mv.from_square & 7) - (mv.to_square & 7)) > 1:
            return True
        return (target & 7) == ROOK_T and (target >> 3) == self.pos.side

    def gives_check(self, move):
        """True if the legal move gives check (False for a move that is not legal)."""
        cdef Move_t m = self._find(_move_of(move))
        return m != 0 and gives_check(&self.pos, m) != 0

    def zobrist_hash(self):
        """chessbits' 64-bit Zobrist key of the position (not polyglot's)."""
        return self.pos.st.key

    def _zobrist_from_scratch(self):
        """The Zobrist key recomputed from the pieces (tests compare it with zobrist_hash())."""
        return position_compute_key(&self.pos)

    def copy(self, *, stack=True):
        """An independent copy; with stack=False the copy's history starts here."""
        cdef Board b = Board.__new__(Board)
        b.chess960 = self.chess960
        if not stack:
            b.set_fen(self.fen())
            return b
        while b.cap <= self.ply:
            b._grow()
        b.pos = self.pos
        b.ply = self.ply
        memcpy(b.states, self.states, (self.ply + 1) * sizeof(StateInfo))
        memcpy(b.plies, self.plies, (self.ply + 1) * sizeof(Ply))
        b.states[0].prev = NULL
        for i in range(1, self.ply + 1):
            b.states[i].prev = &b.states[i - 1]
        b.pos.st = &b.states[self.ply]
        b._root_fen = self._root_fen
        b._root_ep = self._root_ep
        return b

    def __copy__(self):
        return self.copy()

    cdef int _depth(self, depth, int minimum) except -1:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < minimum:
            raise ValueError(f"depth must be an int >= {minimum}, got {depth!r}")
        if depth > 64:
            raise ValueError(f"depth must be at most 64, got {depth!r}")
        return depth

    def perft(self, depth, *, threads=1, method=None, hash_mb=0):
        """Leaf nodes ``depth`` plies below this position (bulk-counted in C, GIL released).
        ``hash_mb`` > 0 caches subtree counts in a transposition table of that size
        (single thread; much faster at depth 7 and beyond).

        >>> Board().perft(4)
        197281
        """
        cdef int d = self._depth(depth, 0), t = _method(method)
        cdef int n_threads = _threads(threads)
        if not isinstance(hash_mb, int) or isinstance(hash_mb, bool) or not 0 <= hash_mb <= 1 << 20:
            raise ValueError(f"hash_mb must be an int in 0..1048576, got {hash_mb!r}")
        cdef size_t tt_bytes = <size_t>hash_mb << 20
        cdef Position p = self.pos
        cdef StateInfo st = self.states[self.ply]
        cdef uint64_t nodes
        st.prev = NULL
        p.st = &st
        with nogil:
            if tt_bytes:
                nodes = perft_hashed(&p, d, t, tt_bytes)
            elif n_threads == 1:
                nodes = perft(&p, d, t)
            else:
                nodes = perft_threads(&p, d, t, n_threads)
        return nodes

    def divide(self, depth, *, threads=1, method=None):
        """Perft below each legal move: ``{uci: nodes}`` sorted by UCI.

        >>> Board().divide(2)["e2e4"]
        20
        """
        cdef int d = self._depth(depth, 1), t = _method(method)
        cdef int n_threads = _threads(threads)
        cdef Position p = self.pos
        cdef StateInfo st = self.states[self.ply]
        cdef Move_t moves[256]
        cdef uint64_t counts[256]
        cdef int n
        st.prev = NULL
        p.st = &st
        with nogil:
            if n_threads == 1:
                n = perft_divide(&p, d, t, moves, counts)
            else:
                n = perft_divide_threads(&p, d, t, n_threads, moves, counts)
        result = {_move_interned(_move_key(moves[i], self.chess960)).uci(): counts[i] for i in range(n)}
        return dict(sorted(result.items()))

    def __eq__(self, other):
        if not isinstance(other, Board):
            return NotImplemented
        return self.chess960 == (<Board>other).chess960 and self.fen() == other.fen()

    def __hash__(self):
        raise TypeError("unhashable type: 'Board' (it is mutable); use zobrist_hash()")

    def __repr__(self):
        if self.chess960:
            return f"Board({self.fen()!r}, chess960=True)"
        return f"Board({self.fen()!r})"

    def __str__(self):
        rows = []
        for rank in range(7, -1, -1):
            row = []
            for f in range(8):
                pc = self.pos.board[rank * 8 + f]
                row.append("." if pc == 0 else _piece_interned(pc & 7, (pc >> 3) == 0).symbol())
            rows.append(" ".join(row))
        return "\n".join(rows)


cdef int _threads(object threads) except -1:
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 256:
        raise ValueError(f"threads must be an int in 1..256, got {threads!r}")
    return threads
