# Board: python-chess's board API over ext/board (python-chess's rules on any position) and
# ext/movegen + perft (the fast path, for regular positions); BaseBoard is _baseboard.pxi's.

cdef PyMove _scratch[MAX_MOVES + 8]  # where lists are generated (the GIL serializes its use)
cdef tuple _SAN_PIECES = ("", "", "N", "B", "R", "Q", "K")


cdef inline int _key_of(object move) except -2:
    """The PyMove key of a Move, chess.Move or UCI text; -1 for a drop (never legal here)."""
    cdef Move mv = move if type(move) is Move else _move_of(move)
    return mv.key if mv.key < (1 << 15) else -1


SEE_VALUES = (0, 100, 320, 330, 500, 900, 0)
cdef int _see_values[7]
for _pt in range(7):
    _see_values[_pt] = SEE_VALUES[_pt]


cdef const int *_values(object values, int *out) except NULL:
    """Piece values by type: SEE_VALUES if values is None, else those overridden by a
    sequence indexed by piece type or a dict {piece_type: value}, written to out[0..7)."""
    if values is None:
        return _see_values
    memcpy(out, _see_values, sizeof(_see_values))
    items = values.items() if isinstance(values, dict) else enumerate(values)
    for pt, value in items:
        if not 0 <= pt <= 6:
            raise ValueError(f"values: piece type must be in 1..6, got {pt!r}")
        if value is not None:
            out[pt] = int(value)
    return out


cdef class Board(BaseBoard):
    """A chess position with its move history; ``chess.Board``'s API and answers.

    >>> board = Board()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.perft(3)
    13160
    """
    aliases = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    uci_variant = "chess"
    xboard_variant = "normal"
    starting_fen = STARTING_FEN
    tbw_suffix = ".rtbw"
    tbz_suffix = ".rtbz"
    tbw_magic = b"\x71\xe8\x23\x5d"
    tbz_magic = b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix = None
    pawnless_tbz_suffix = None
    pawnless_tbw_magic = None
    pawnless_tbz_magic = None
    connected_kings = False
    one_king = True
    captures_compulsory = False

    # The members turn, castling_rights, ep_square, halfmove_clock, fullmove_number and
    # chess960 point at objects that stay alive without a reference from here (True,
    # False, None, the ints 0..1023 of cb_small_ints) or at one of the ints owned below;
    # move_stack holds a reference to its list. See _sync.
    cdef PyObject *_turn
    cdef PyObject *_castling
    cdef PyObject *_ep
    cdef PyObject *_halfmove
    cdef PyObject *_fullmove
    cdef PyObject *_chess960
    cdef PyObject *_moves
    cdef PyObject *_own[4]          # the ints too large for cb_small_ints: halfmove, fullmove, castling, castling's last
    cdef Bitboard _castling_bb[2]   # the values of _own[2] and _own[3]
    cdef Bitboard _castling_now     # the value _castling points at

    def __cinit__(self, *args, **kwargs):
        self._sync()

    def __dealloc__(self):
        for i in range(4):
            Py_XDECREF(self._own[i])
        Py_XDECREF(self._moves)

    def __init__(self, fen=STARTING_FEN, *, chess960=False, attack_maps=False):
        self.pos.chess960 = bool(chess960)
        if fen is None:
            self.clear()
        else:
            self.set_fen(fen)
        if attack_maps:
            self.attack_maps = True

    cdef int _edited(self) except -1:
        self._clear_stack()
        return 0

    cdef int _clear_stack(self) except -1:
        if self.nply:
            self.states[0] = self.states[self.nply]
            self.nply = 0
            self._relink()
        board_sync(&self.pos)
        self._forget(0)
        self._sync()
        return 0

    # --- state -------------------------------------------------------------------------
    # turn, castling_rights, ep_square, halfmove_clock, fullmove_number, chess960 and
    # move_stack are Python objects kept in step with the C state (read-only member
    # descriptors, _members.pxi: as fast to read as python-chess's instance attributes);
    # __setattr__ applies assignments to the C state. _sync() brings them all up to date
    # after any change but a push or pop, which update what they change.

    cdef int _sync(self) except -1:
        moves = [_move_interned(self.stack[i]) for i in range(self.nply)]
        if self._moves == NULL:
            Py_INCREF(moves)
            self._moves = <PyObject *>moves
        else:  # the same list, refilled: as python-chess's move_stack (cleared in place by set_fen)
            (<list><object>self._moves)[:] = moves
        self._chess960 = cb_bool(self.pos.chess960)
        self._sync_state()
        return 0

    cdef inline int _sync_state(self) except -1:
        """The mirrors a move changes: turn, clocks, en-passant square, castling rights."""
        cdef StateInfo *st = self.pos.st
        self._turn = cb_bool(self.pos.side == WHITE_C)
        self._halfmove = cb_int(st.rule50, &self._own[0])
        self._fullmove = cb_int(st.fullmove, &self._own[1])
        self._ep = cb_none() if st.ep_raw == SQ_NONE else cb_small_ints[st.ep_raw]
        if self._castling == NULL or st.castling_raw != self._castling_now:
            self._castling = cb_castling(st.castling_raw, self._own + 2, self._castling_bb)
            self._castling_now = st.castling_raw
        return 0

    def __setattr__(self, name, value):
        if name == "turn":
            self.pos.side = WHITE_C if value else BLACK_C
        elif name == "castling_rights":
            self.pos.st.castling_raw = _mask(value)
        elif name == "ep_square":
            self.pos.st.ep_raw = SQ_NONE if value is None else _square(value)
        elif name == "chess960":
            self.pos.chess960 = bool(value)
        elif name == "halfmove_clock":
            self.pos.st.rule50 = value
            self._sync_state()
            return
        elif name == "fullmove_number":
            self.pos.st.fullmove = value
            self._sync_state()
            return
        elif name == "move_stack":
            raise AttributeError("move_stack is read-only here: push() and pop() change it")
        else:
            self._setattr(name, value)
            return
        self._state_changed()

    def ply(self):
        """The number of half-moves since the start of the game (from the fullmove number)."""
        return 2 * (self.pos.st.fullmove - 1) + (self.pos.side == BLACK_C)

    def root(self):
        """A copy of the position before the first move of the stack (without a stack)."""
        if not self.nply:
            return self.copy(stack=False)
        cdef Position p = self.pos  # the moves taken back on a copy of the pieces, reading
        p.maps = NULL               # this board's states (which board_pop leaves as they are)
        p.psqt = NULL
        for _ in range(self.nply):
            board_pop(&p)
        cdef Board b = type(self).__new__(type(self))
        b.pos = p
        b.states[0] = self.states[0]
        b.pos.st = &b.states[0]
        b._attach(self)
        board_sync(&b.pos)
        b._forget(0)
        b._sync()
        return b

    def clear_stack(self):
        """Forget the move stack (the position stays)."""
        if self.nply:
            self._clear_stack()

    def reset(self):
        """The starting position (the chess960 flag stays, as in python-chess)."""
        self.set_fen(STARTING_FEN)

    def reset_board(self):
        """The pieces on their starting squares; the move stack is cleared."""
        BaseBoard.reset_board(self)

    def clear(self):
        """An empty board, white to move, no castling rights, clocks reset."""
        self.set_fen("8/8/8/8/8/8/8/8 w - - 0 1")

    def clear_board(self):
        """Remove every piece; the move stack is cleared."""
        BaseBoard.clear_board(self)

    # --- FEN -------------------------------------------------------------------------------

    def set_fen(self, fen):
        """Set the position from a FEN (1 to 6 parts, as python-chess reads it); clears the
        move stack. ValueError (python-chess's) if malformed; nothing changes then."""
        cdef Position tmp
        cdef StateInfo st
        cdef int where
        cdef FenError e
        if not isinstance(fen, str):
            raise ValueError(f"fen must be a str, got {type(fen).__name__}")
        b = _fen_bytes(fen)
        e = board_set_fen(&tmp, b, len(b), self.pos.chess960, &st, &where)
        if e != FEN_OK:
            raise _fen_error(e, fen, _board_part(fen), where)
        self.pos = tmp
        self.states[0] = st
        self.nply = 0
        self._relink()
        self._attach(None)
        self._forget(0)
        self._sync()

    def set_castling_fen(self, castling_fen):
        """Set the castling rights from a FEN's castling part such as ``'KQk'`` (or Shredder
        files); clears the move stack. ValueError if malformed; nothing changes then.

        >>> board = Board(); board.set_castling_fen("Kq"); board.fen()
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1'
        """
        cdef Bitboard rights
        text = castling_fen.encode("utf-8", "surrogatepass") if isinstance(castling_fen, str) else b""
        if board_castling_from_fen(&self.pos, text, len(text), &rights) != 0:
            raise ValueError(f"invalid castling fen: {castling_fen!r}")
        self._clear_stack()
        self.castling_rights = rights

    def castling_xfen(self):
        """The castling part of the X-FEN (KQkq, or files where needed)."""
        cdef char buf[16]
        cdef int n = board_castling_fen(&self.pos, 0, buf)
        return buf[:n].decode("ascii")

    def castling_shredder_fen(self):
        """The castling part of the Shredder-FEN (rook files)."""
        cdef char buf[16]
        cdef int n = board_castling_fen(&self.pos, 1, buf)
        return buf[:n].decode("ascii")

    cdef str _fen(self, shredder, en_passant, promoted, bint clocks):
        cdef char buf[192]
        cdef int mode, n
        if en_passant == "fen":
            mode = BOARD_EP_FEN
        elif en_passant == "xfen":
            mode = BOARD_EP_XFEN
        else:  # "legal", and as python-chess reads it, anything else
            mode = BOARD_EP_LEGAL
        n = board_fen(&self.pos, bool(shredder), mode, bool(promoted), buf)
        s = buf[:n].decode("ascii")
        return s if clocks else s.rsplit(" ", 2)[0]

    def epd(self, *, shredder=False, en_passant="legal", promoted=None, **operations):
        """The FEN's first four parts, then EPD operations (``bm=``, ``id=``...)."""
        epd = self._fen(shredder, en_passant, promoted, False)
        if operations:
            from chessbits.epd import epd_operations
            epd += " " + epd_operations(self, operations)
        return epd

    def fen(self, *, shredder=False, en_passant="legal", promoted=None):
        """The position as FEN, written as python-chess writes it."""
        return self._fen(shredder, en_passant, promoted, True)

    def shredder_fen(self, *, en_passant="legal", promoted=None):
        """The position as Shredder-FEN (castling as rook files)."""
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    def set_epd(self, epd):
        """Set the position from an EPD and return its operations as a dict."""
        from chessbits.epd import set_epd
        return set_epd(self, epd)

    @classmethod
    def from_epd(cls, epd, *, chess960=False):
        """``(board, operations)`` from an EPD."""
        board = cls.empty(chess960=chess960)
        return board, board.set_epd(epd)

    def set_board_fen(self, fen):
        """Set the pieces from the board part of a FEN; clears the move stack."""
        BaseBoard.set_board_fen(self, fen)

    def set_piece_map(self, pieces):
        """Set the pieces from a ``{square: Piece}`` mapping; clears the move stack."""
        BaseBoard.set_piece_map(self, pieces)

    def set_chess960_pos(self, scharnagl):
        """Chess960 starting position number scharnagl, white to move with every castling
        right; turns chess960 mode on, as python-chess does."""
        self.pos.chess960 = 1
        self.set_fen(_chess960_board_fen(scharnagl) + " w KQkq - 0 1")

    def chess960_pos(self, *, ignore_turn=False, ignore_castling=False, ignore_counters=True):
        """The Chess960 starting position number of this position, or None."""
        if self.pos.st.ep_raw != SQ_NONE:
            return None
        if not ignore_turn and self.pos.side != WHITE_C:
            return None
        if not ignore_castling and self.clean_castling_rights() != self.rooks:
            return None
        if not ignore_counters and (self.pos.st.fullmove != 1 or self.pos.st.rule50 != 0):
            return None
        return BaseBoard.chess960_pos(self)

    @classmethod
    def empty(cls, *, chess960=False):
        """An empty board."""
        return cls(None, chess960=chess960)

    @classmethod
    def from_chess960_pos(cls, scharnagl):
        """Chess960 starting position number scharnagl, in chess960 mode."""
        board = cls.empty(chess960=True)
        board.set_chess960_pos(scharnagl)
        return board

    # --- moves -------------------------------------------------------------------------

    cdef const PyMove *_legal(self, int *n):
        """The current ply's legal moves (n of them), generated once per position; valid
        until the next generation."""
        cdef Cache *c = &self.caches[self.nply]
        if c.n < 0:
            n[0] = board_generate(&self.pos, _ALL, _ALL, 1, _scratch)
            if not self._keep(_scratch, n[0]):
                return _scratch
        n[0] = c.n
        return c.moves

    cdef bint _keep(self, const PyMove *moves, int n):
        """Cache the current ply's legal moves if they fit; True if they were kept."""
        cdef Cache *c = &self.caches[self.nply]
        if n > CACHE_MOVES - 8:
            c.n = -1
            return False
        memcpy(c.moves, moves, n * sizeof(PyMove))
        memset(c.moves + n, 0, 8 * sizeof(PyMove))
        c.n = n
        return True

    cdef tuple _legal_tuple(self):
        """The current ply's legal moves as a tuple of Moves, made once per position."""
        cdef object t = self.tuples[self.nply]
        cdef int n
        cdef const PyMove *moves
        if t is None:
            moves = self._legal(&n)
            t = _move_tuple(moves, n)
            self.tuples[self.nply] = t
        return <tuple>t

    cdef int _count_legal(self):
        cdef Cache *c = &self.caches[self.nply]
        return c.n if c.n >= 0 else board_count_legal(&self.pos)

    @property
    def legal_moves(self):
        """A live view of the legal moves: iterate, ``len()``, ``count()``, ``in``, ``bool``."""
        cdef LegalMoveGenerator view = LegalMoveGenerator.__new__(LegalMoveGenerator)
        view.board = self
        return view

    @property
    def pseudo_legal_moves(self):
        """A live view of the pseudo-legal moves."""
        cdef PseudoLegalMoveGenerator view = PseudoLegalMoveGenerator.__new__(PseudoLegalMoveGenerator)
        view.board = self
        return view

    cdef tuple _list(self, Bitboard from_mask, Bitboard to_mask, int kind):
        """Moves within the masks: kind 0 legal, 1 pseudo-legal, 2 castling, 3 legal ep, 4 pseudo-legal ep."""
        cdef PyMove buf[MAX_MOVES]
        cdef int n
        if kind == 0:
            n = board_generate(&self.pos, from_mask, to_mask, 1, buf)
        elif kind == 1:
            n = board_generate(&self.pos, from_mask, to_mask, 0, buf)
        elif kind == 2:
            n = board_generate_castling(&self.pos, from_mask, to_mask, buf)
        else:
            n = board_generate_ep(&self.pos, from_mask, to_mask, kind == 3, buf)
        return _move_tuple(buf, n)

    def generate_legal_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The legal moves (within the masks), in python-chess's order, generated afresh
        (``legal_moves`` serves them from a per-position cache)."""
        cdef Bitboard f = _mask(from_mask), t = _mask(to_mask)
        if f == _ALL and t == _ALL:
            return iter(self._fresh_legal_tuple())
        return iter(self._list(f, t, 0))

    cdef tuple _fresh_legal_tuple(self):
        """The legal moves generated now; the cached tuple is kept when they are the same
        (Moves are immutable and interned, so it is the same value)."""
        cdef Cache *c = &self.caches[self.nply]
        cdef int n = board_generate(&self.pos, _ALL, _ALL, 1, _scratch)
        if c.n == n and self.tuples[self.nply] is not None and memcmp(_scratch, c.moves, n * sizeof(PyMove)) == 0:
            return <tuple>self.tuples[self.nply]
        self._keep(_scratch, n)
        self.tuples[self.nply] = _move_tuple(_scratch, n)
        return <tuple>self.tuples[self.nply]

    def generate_pseudo_legal_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The pseudo-legal moves (within the masks), in python-chess's order."""
        return iter(self._list(_mask(from_mask), _mask(to_mask), 1))

    def generate_castling_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The castling moves (within the masks)."""
        return iter(self._list(_mask(from_mask), _mask(to_mask), 2))

    def generate_legal_ep(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The legal en-passant captures."""
        return iter(self._list(_mask(from_mask), _mask(to_mask), 3))

    def generate_pseudo_legal_ep(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The pseudo-legal en-passant captures."""
        return iter(self._list(_mask(from_mask), _mask(to_mask), 4))

    cdef tuple _captures(self, Bitboard f, Bitboard t, int legal):
        """Captures onto enemy pieces, then en-passant captures, as python-chess chains them."""
        cdef PyMove buf[MAX_MOVES]
        cdef int n = board_generate(&self.pos, f, t & self.pos.by_color[self.pos.side ^ 1], legal, buf)
        if self.pos.st.ep_raw != SQ_NONE:
            n += board_generate_ep(&self.pos, f, t, legal, buf + n)
        return _move_tuple(buf, n)

    def generate_legal_captures(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The legal captures, en passant last."""
        return iter(self._captures(_mask(from_mask), _mask(to_mask), 1))

    def generate_pseudo_legal_captures(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The pseudo-legal captures, en passant last."""
        return iter(self._captures(_mask(from_mask), _mask(to_mask), 0))

    def is_pseudo_legal(self, move):
        """True if the move is pseudo-legal (null moves and drops are not)."""
        cdef int k = _key_of(move)
        return k > 0 and board_is_pseudo_legal(&self.pos, <PyMove>k) != 0

    def is_legal(self, move):
        """True if the move is legal here."""
        cdef int k = _key_of(move)
        return k > 0 and board_is_legal(&self.pos, <PyMove>k) != 0

    def is_into_check(self, move):
        """True if the pseudo-legal move would leave the mover's king attacked."""
        cdef int k = _key_of(move)
        if board_several_kings(&self.pos, self.pos.side) and api_next():
            return False  # (no king(): python-chess's next release)
        return k >= 0 and board_is_into_check(&self.pos, <PyMove>k) != 0

    def was_into_check(self):
        """True if the side not to move is in check."""
        cdef int k = board_king(&self.pos, self.pos.side ^ 1)
        if board_several_kings(&self.pos, self.pos.side ^ 1) and api_next():
            return False
        return k != SQ_NONE and board_attackers(&self.pos, self.pos.side, k, self.pos.by_type[ALL_PIECES]) != 0

    cdef int _push_key(self, int k) except -1:
        if self.nply + 1 >= self.cap:
            self._grow(self.nply + 1)
        cdef PyMove m = <PyMove>k
        cdef Cache *c = &self.caches[self.nply]
        if c.n > 0 and pymove_in(c.moves, c.n, m):  # a move of the legal list: no test needed
            board_push_legal(&self.pos, m, &self.states[self.nply + 1])
        else:
            m = board_from_chess960(&self.pos, m)
            if board_push(&self.pos, m, &self.states[self.nply + 1]) != 0:
                raise _push_refused(k, self.fen())
        self.stack[self.nply] = m
        self.nply += 1
        self._forget(self.nply)
        cdef Move played = _move_interned(m)
        cb_list_append(self._moves, <PyObject *>played)
        self._sync_state()
        return 0

    cdef int _push_keys(self, const PyMove *keys, Py_ssize_t n) except -1:
        """push() of keys[0..n) in a row (a game node's board): the mirrors updated once."""
        cdef Py_ssize_t i
        cdef PyMove m
        cdef Move played
        if self.nply + n >= self.cap:
            self._grow(self.nply + n)
        try:
            for i in range(n):
                m = board_from_chess960(&self.pos, keys[i])
                if board_push(&self.pos, m, &self.states[self.nply + 1]) != 0:
                    raise _push_refused(keys[i], self.fen())
                self.stack[self.nply] = m
                self.nply += 1
                self._forget(self.nply)
                played = _move_interned(m)
                cb_list_append(self._moves, <PyObject *>played)
        finally:
            self._sync_state()
        return 0

    def push(self, move):
        """Play a move (a Move, a chess.Move or UCI text): pseudo-legal or null, as
        python-chess takes it; IllegalMoveError (a ValueError) for anything else."""
        cdef int k = _key_of(move)
        if k < 0:
            raise move_error(IllegalMoveError, f"drops are not played in chess: {move!r}")
        self._push_key(k)

    def pop(self):
        """Take back the last move and return it; IndexError if there is none."""
        if self.nply == 0:
            raise IndexError("pop from empty list")
        board_pop(&self.pos)
        self.nply -= 1
        self._sync_state()
        return cb_list_pop(self._moves)

    def peek(self):
        """The last move played; IndexError if there is none."""
        if self.nply == 0:
            raise IndexError("list index out of range")
        return _move_interned(self.stack[self.nply - 1])

    def find_move(self, from_square, to_square, promotion=None):
        """The legal move from a square to a square (queen promotion by default);
        IllegalMoveError if there is none."""
        cdef int f = _square(from_square), t = _square(to_square)
        if promotion is None and (self.pos.by_type[PAWN_T] >> f) & 1 and ((<Bitboard>1 << t) & 0xFF000000000000FF):
            promotion = QUEEN_T
        cdef int k = f | t << 6 | (promotion or 0) << 12
        k = board_from_chess960(&self.pos, <PyMove>k)
        if not board_is_legal(&self.pos, <PyMove>k):
            raise move_error(IllegalMoveError, f"no matching legal move for {_move_interned(k).uci()} "
                                   f"({_SQUARE_NAMES[f]} -> {_SQUARE_NAMES[t]}) in {self.fen()}")
        return _move_interned(k)

    def parse_uci(self, uci):
        """The legal Move written as UCI (standard or Chess960 castling); the null move for
        ``0000``. InvalidMoveError if malformed, IllegalMoveError if illegal."""
        move = Move.from_uci(uci)
        if not move:
            return move
        cdef int k = _key_of(move)
        if k < 0 or not board_is_legal(&self.pos, board_from_chess960(&self.pos, <PyMove>k)):
            raise move_error(IllegalMoveError, f"illegal uci: {uci!r} in {self.fen()}")
        return _move_interned(board_from_chess960(&self.pos, <PyMove>k))

    def push_uci(self, uci):
        """Parse and play a UCI move; returns the Move."""
        move = self.parse_uci(uci)
        self._push_key((<Move>move).key)
        return move

    def uci(self, move, *, chess960=None):
        """The UCI text of a move, castling written for the mode (or chess960 given)."""
        cdef int k = _key_of(move)
        if k <= 0:
            return _move_of(move).uci()
        cdef int saved = self.pos.chess960
        self.pos.chess960 = saved if chess960 is None else bool(chess960)
        try:
            return _move_interned(board_to_chess960(&self.pos, <PyMove>k) if self.pos.chess960
                                  else board_from_chess960(&self.pos, <PyMove>k)).uci()
        finally:
            self.pos.chess960 = saved

    def _from_chess960(self, chess960, from_square, to_square, promotion=None, drop=None):
        """python-chess's helper (chess.polyglot calls it): a king-takes-rook castling move
        written e1g1/e1c1 unless chess960."""
        cdef int saved = self.pos.chess960
        cdef PyMove m
        if chess960 or promotion is not None or drop is not None:
            return Move(from_square, to_square, promotion, drop)
        self.pos.chess960 = 0
        m = board_from_chess960(&self.pos, <PyMove>(_square(from_square) | _square(to_square) << 6))
        self.pos.chess960 = saved
        return _move_interned(m)

    def _to_chess960(self, move):
        """python-chess's helper: e1g1/e1c1 castling written as king takes rook."""
        cdef int k = _key_of(move)
        return _move_interned(board_to_chess960(&self.pos, <PyMove>k)) if k > 0 else move

    def xboard(self, move, chess960=None):
        """The XBoard text of a move (``O-O``/``O-O-O`` for Chess960 castling)."""
        if chess960 is None:
            chess960 = self.chess960
        if not chess960 or not self.is_castling(move):
            return _move_of(move).xboard()
        return "O-O" if self.is_kingside_castling(move) else "O-O-O"

    def parse_xboard(self, xboard):
        """The move written in XBoard notation (SAN is accepted)."""
        return self.parse_san(xboard)

    def push_xboard(self, xboard):
        """Parse and play an XBoard move; returns the Move."""
        return self.push_san(xboard)

    # --- move properties ---------------------------------------------------------------------

    def is_capture(self, move):
        """True if the move captures (en passant included)."""
        cdef int k = _key_of(move)
        return k >= 0 and board_is_capture(&self.pos, <PyMove>k) != 0

    def is_en_passant(self, move):
        """True if the move is an en-passant capture."""
        cdef int k = _key_of(move)
        return k >= 0 and board_is_en_passant(&self.pos, <PyMove>k) != 0

    def is_castling(self, move):
        """True if the move castles (king two files over, or king takes own rook)."""
        cdef int k = _key_of(move)
        return k >= 0 and board_is_castling(&self.pos, <PyMove>k) != 0

    def is_kingside_castling(self, move):
        """True if the move castles towards file h."""
        cdef Move mv = _move_of(move)
        return self.is_castling(mv) and file_of(mv.to_square) > file_of(mv.from_square)

    def is_queenside_castling(self, move):
        """True if the move castles towards file a."""
        cdef Move mv = _move_of(move)
        return self.is_castling(mv) and file_of(mv.to_square) < file_of(mv.from_square)

    def is_zeroing(self, move):
        """True if the move resets the halfmove clock (pawn move or capture)."""
        cdef int k = _key_of(move)
        return k >= 0 and board_is_zeroing(&self.pos, <PyMove>k) != 0

    def is_irreversible(self, move):
        """True if the move cannot be undone: zeroing, losing castling rights, or
        forfeiting an en-passant capture."""
        cdef int k = _key_of(move)
        return k >= 0 and board_is_irreversible(&self.pos, <PyMove>k) != 0

    def gives_check(self, move):
        """True if the pseudo-legal move gives check."""
        cdef int k = _key_of(move)
        cdef StateInfo st
        cdef bint check
        if k < 0:
            return False
        if board_push(&self.pos, <PyMove>k, &st) != 0:
            return False
        check = self._checkers() != 0
        board_pop(&self.pos)
        return check

    # --- exchanges, ordering, evaluation: one call per node for a search in Python ----------

    def see(self, move, *, values=None):
        """Static exchange evaluation: the material the side to move wins (negative: loses)
        by playing ``move`` if both sides then capture on its square with their least
        valuable attacker, each free to stop. X-rays count as pieces leave, pins are ignored,
        the king never captures onto a defended square. A promotion counts its gain (the
        new piece's worth less a pawn's): the move's own, and a pawn's that takes back on
        the last rank, which becomes a queen. ``values``: worth per piece type (a sequence
        indexed by piece type or a dict), P 100, N 320, B 330, R 500, Q 900 by default.

        >>> board = Board("4k3/8/3p4/4p3/8/8/4R3/4K3 w - - 0 1")
        >>> board.see(Move.from_uci("e2e5"))
        -400
        """
        cdef int buf[7]
        cdef const int *v = _values(values, buf)
        cdef int k = _key_of(move)
        return engine_see(&self.pos, <PyMove>k, v) if k > 0 else 0

    def see_ge(self, move, threshold=0, *, values=None):
        """True if ``see(move)`` is at least ``threshold``.

        >>> Board("4k3/8/3p4/4p3/8/8/4R3/4K3 w - - 0 1").see_ge(Move.from_uci("e2e5"), -400)
        True
        """
        return self.see(move, values=values) >= threshold

    def ordered_moves(self, *, captures=False, order="mvv_lva", values=None):
        """The legal moves (``captures=True``: the legal captures, as
        ``generate_legal_captures``), best first for a search: ``order="mvv_lva"`` puts
        captures first by most valuable victim then least valuable attacker, then
        non-capturing promotions by piece, then the rest; ``order="see"`` puts captures and
        promotions first by ``see`` value (``values`` as there). Ties keep python-chess's order.

        >>> Board("4k3/8/8/3q4/4P3/2N5/8/4K3 w - - 0 1").ordered_moves(captures=True)
        [Move.from_uci('e4d5'), Move.from_uci('c3d5')]
        """
        cdef int vbuf[7]
        cdef int n, i, j = 0
        cdef int how
        cdef const PyMove *moves
        cdef PyMove buf[MAX_MOVES]
        cdef Bitboard theirs = self.pos.by_color[self.pos.side ^ 1]
        cdef list result
        cdef object m
        if order == "mvv_lva":
            how = ORDER_MVV_LVA
        elif order == "see":
            how = ORDER_SEE
        else:
            raise ValueError(f"order must be 'mvv_lva' or 'see', got {order!r}")
        cdef const int *v = _values(values, vbuf)
        moves = self._legal(&n)
        for i in range(n):
            if not captures or (theirs >> (moves[i] >> 6 & 63)) & 1 or board_is_en_passant(&self.pos, moves[i]):
                buf[j] = moves[i]
                j += 1
        engine_order(&self.pos, buf, j, how, v)
        result = PyList_New(j)
        for i in range(j):
            m = _move_interned(buf[i])
            Py_INCREF(m)
            PyList_SET_ITEM(result, i, m)
        return result

    def set_piece_square_tables(self, tables, *, values=None):
        """Keep a material + piece-square score, updated by each push, pop and edit, that
        ``evaluate`` returns. ``tables[piece_type]``: 64 ints from White's point of view
        written as a board is printed (a8 first, h1 last), mirrored for Black; a missing
        or None table counts 0. ``values``: material per piece type (as ``see``). ``None``
        instead of tables stops keeping the score.

        >>> board = Board()
        >>> board.set_piece_square_tables({1: [0] * 8 + [5] * 56})  # 1: PAWN
        >>> board.push_san("e4"); board.evaluate()
        Move.from_uci('e2e4')
        0
        """
        cdef int vbuf[7]
        cdef const int *v
        cdef Psqt *p
        if tables is None:
            self.pos.psqt = NULL
            PyMem_Free(self.psqt)
            self.psqt = NULL
            return
        v = _values(values, vbuf)
        rows = {}
        for pt in range(1, 7):
            row = tables.get(pt) if isinstance(tables, dict) else (tables[pt] if pt < len(tables) else None)
            row = [0] * 64 if row is None else [int(x) for x in row]
            if len(row) != 64:
                raise ValueError(f"the table of piece type {pt} has {len(row)} entries, expected 64")
            rows[pt] = row
        if self.psqt == NULL:
            self.psqt = <Psqt *>PyMem_Malloc(sizeof(Psqt))
            if self.psqt == NULL:
                raise MemoryError()
        p = self.psqt
        memset(p, 0, sizeof(Psqt))
        for pt in range(1, 7):
            for sq in range(64):
                p.table[pt][sq] = v[pt] + rows[pt][sq ^ 56]
                p.table[pt | 8][sq] = -(v[pt] + rows[pt][sq])
        self._attach(None)

    def evaluate(self):
        """Material + piece-square score from the side to move's point of view: the tables of
        ``set_piece_square_tables``, else material alone at the default values.

        >>> Board("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").evaluate()
        -500
        """
        cdef int score = 0, pt
        if self.psqt != NULL:
            score = self.psqt.score
        else:
            for pt in range(1, 7):
                score += _see_values[pt] * (cb_popcount(self.pos.by_type[pt] & self.pos.by_color[WHITE_C])
                                            - cb_popcount(self.pos.by_type[pt] & self.pos.by_color[BLACK_C]))
        return score if self.pos.side == WHITE_C else -score

    # --- checks, castling and ep queries -----------------------------------------------------

    cdef uint64_t _checkers(self) except? 0xFFFFFFFFFFFFFFFF:  # (0, the common answer, checks no error)
        """The pieces giving check (none, answering as python-chess's next release, to a side
        with several kings: it finds no king then)."""
        cdef uint64_t c = board_checkers(&self.pos)
        if c and board_several_kings(&self.pos, self.pos.side) and api_next():
            return 0
        return c

    def checkers_mask(self):
        """Bitboard of the pieces giving check."""
        return self._checkers()

    def checkers(self):
        """SquareSet of the pieces giving check."""
        return _squareset(self._checkers())

    def is_check(self):
        """True if the side to move is in check."""
        return board_checkers(&self.pos) != 0 and not (board_several_kings(&self.pos, self.pos.side) and api_next())

    def clean_castling_rights(self):
        """The castling rights that can still be used (python-chess's rules)."""
        return board_clean_castling(&self.pos, self.nply > 0)

    def has_castling_rights(self, color):
        """True if the colour may still castle."""
        cdef int c = _color_index(color)
        return (board_clean_castling(&self.pos, self.nply > 0) & (0xFF if c == 0 else 0xFF00000000000000)) != 0

    cdef bint _side_rights(self, int c, bint kingside):
        cdef Bitboard backrank = 0xFF if c == 0 else 0xFF00000000000000
        cdef Bitboard king = self.pos.by_type[KING_T] & self.pos.by_color[c] & backrank & ~self.pos.st.promoted
        cdef Bitboard rights, rook
        if not king:
            return False
        rights = board_clean_castling(&self.pos, self.nply > 0) & backrank
        while rights:
            rook = rights & (~rights + 1)
            if (rook > king) if kingside else (rook < king):
                return True
            rights &= rights - 1
        return False

    def has_kingside_castling_rights(self, color):
        """True if the colour may castle towards file h."""
        return self._side_rights(_color_index(color), True)

    def has_queenside_castling_rights(self, color):
        """True if the colour may castle towards file a."""
        return self._side_rights(_color_index(color), False)

    def has_chess960_castling_rights(self):
        """True if some castling right is possible only in Chess960."""
        return bool(board_has_chess960_castling(&self.pos, self.nply > 0))

    def has_pseudo_legal_en_passant(self):
        """True if an en-passant capture is pseudo-legal."""
        cdef PyMove buf[8]
        return self.pos.st.ep_raw != SQ_NONE and board_generate_ep(&self.pos, _ALL, _ALL, 0, buf) > 0

    cdef bint _has_legal_ep(self) except -1:
        """True if an en-passant capture is legal (a variant board's rules override it)."""
        return board_has_legal_ep(&self.pos) != 0

    def has_legal_en_passant(self):
        """True if an en-passant capture is legal."""
        return self._has_legal_ep()

    def status(self):
        """Problems with the position as Status flags (STATUS_VALID if none; with python-chess's
        next release's rules, two checking pawns, knights or kings are an impossible check)."""
        return Status(board_status(&self.pos, api_next()))

    def is_valid(self):
        """True if status() is STATUS_VALID."""
        return board_status(&self.pos, api_next()) == 0

    # --- game end ----------------------------------------------------------------------------

    def is_variant_end(self):
        return False

    def is_variant_loss(self):
        return False

    def is_variant_win(self):
        return False

    def is_variant_draw(self):
        return False

    def gives_checkmate(self, move):
        """True if the move, at least pseudo-legal, checkmates (python-chess master's): the
        move played and taken back, through this board's own push, is_checkmate and pop on
        a variant or a subclass.

        >>> Board("k7/8/1K6/8/8/8/8/7R w - - 0 1").gives_checkmate(Move.from_uci("h1h8"))
        True
        """
        cdef int k = _key_of(move) if type(self) is Board else -1
        cdef StateInfo st
        cdef bint mate
        if k < 0 or board_push(&self.pos, <PyMove>k, &st) != 0:
            self.push(move)
            try:
                return self.is_checkmate()
            finally:
                self.pop()
        mate = self._checkers() != 0 and board_count_legal(&self.pos) == 0  # (not _count_legal:
        board_pop(&self.pos)                                                # its cache is the ply's)
        return mate

    def is_checkmate(self):
        """True if the side to move is in check and has no legal move."""
        return self._checkers() != 0 and self._count_legal() == 0

    def is_stalemate(self):
        """True if the side to move is not in check and has no legal move."""
        return self._checkers() == 0 and self._count_legal() == 0

    def has_insufficient_material(self, color):
        """True if the colour cannot possibly checkmate (python-chess's rule)."""
        return board_insufficient(&self.pos, _color_index(color))

    def is_insufficient_material(self):
        """True if neither side can checkmate."""
        return board_insufficient(&self.pos, 0) and board_insufficient(&self.pos, 1)

    def is_seventyfive_moves(self):
        """True after 75 moves each without capture or pawn move (with a legal move left)."""
        return self.pos.st.rule50 >= 150 and self._count_legal() > 0

    def is_fifty_moves(self):
        """True after 50 moves each without capture or pawn move (with a legal move left)."""
        return self.pos.st.rule50 >= 100 and self._count_legal() > 0

    def can_claim_fifty_moves(self):
        """True if the fifty-move rule holds now or after a legal move."""
        return bool(board_can_claim_fifty(&self.pos))

    def is_repetition(self, count=3):
        """True if the position occurred count times (this one included) since the last
        irreversible move."""
        return bool(board_repetition(&self.pos, count))

    def is_fivefold_repetition(self):
        """True if the position occurred five times: the game is drawn."""
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self):
        """True if the position occurred three times, or a legal move makes that so."""
        return bool(board_can_claim_threefold(&self.pos))

    def can_claim_draw(self):
        """True if a draw may be claimed: fifty-move rule or threefold repetition."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw=False):
        """The Outcome if the game is over (checkmate, stalemate, insufficient material,
        75 moves, fivefold repetition; with claim_draw also 50 moves and threefold), else None."""
        cdef int white_wins = 0
        cdef int term = board_outcome(&self.pos, claim_draw, self._count_legal(), api_next(), -1, &white_wins)
        if term == 0:
            return None  # the common case, decided without building anything
        from chessbits.status import Outcome  # a dataclass, made on first use (status.py)
        return Outcome(Termination(term), bool(white_wins) if term == 1 else None)

    def is_game_over(self, *, claim_draw=False):
        """True if outcome() is not None."""
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw=False):
        """``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or ``'*'`` while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    # --- SAN -----------------------------------------------------------------------------

    cdef str _algebraic(self, object move, bint long, bint keep):
        """SAN (or LAN) of move with its check suffix (ext/san_out.c); keep leaves it played."""
        cdef int k = _key_of(move)
        cdef char buf[SAN_MAX]
        if k < 0:
            raise move_error(IllegalMoveError, f"drops are not played in chess: {move!r}")
        cdef int n = san_write(&self.pos, <PyMove>k, long, buf)
        cdef uint64_t theirs
        if n < 0:
            raise _san_error(k, self)
        if n and (buf[n - 1] == 43 or buf[n - 1] == 35):  # '+', '#': unless the enemy keeps several
            theirs = (self.pos.by_type[KING_T] & self.pos.by_color[self.pos.side ^ 1]  # kings, where
                      & ~self.pos.st.promoted & ~(1ULL << ((k >> 6) & 63)))          # the next release
            if theirs & (theirs - 1) and api_next():                                # finds no check
                n -= 1
        if keep:
            self._push_key(k)
        return PyUnicode_DecodeASCII(buf, n, NULL)

    def san(self, move):
        """The move in standard algebraic notation, e.g. ``'Nf3'``, ``'exd6#'``, ``'O-O'``."""
        return self._algebraic(move, False, False)

    def lan(self, move):
        """The move in long algebraic notation, e.g. ``'Ng1-f3'``."""
        return self._algebraic(move, True, False)

    def san_and_push(self, move):
        """The SAN of a move, then play it."""
        return self._algebraic(move, False, True)

    def variation_san(self, variation):
        """A line of moves in SAN with move numbers, e.g. ``'1. e4 e5 2. Nf3'``;
        IllegalMoveError if a move is illegal."""
        cdef Board board = self.copy(stack=False)
        out = []
        for move in variation:
            if not board.is_legal(move):
                raise move_error(IllegalMoveError, f"illegal move {_move_of(move).uci()} in position {board.fen()}")
            if board.pos.side == WHITE_C:
                out.append(f"{board.pos.st.fullmove}. {board.san_and_push(move)}")
            elif not out:  # (python-chess's next release: "19... Kxh7")
                out.append(f"{board.pos.st.fullmove}...{' ' if api_next() else ''}{board.san_and_push(move)}")
            else:
                out.append(board.san_and_push(move))
        return " ".join(out)

    def parse_san(self, san):
        """The legal move written in SAN (overspecified and long forms accepted; ``--`` is
        the null move). InvalidMoveError, IllegalMoveError or AmbiguousMoveError otherwise."""
        return _parse_san(self, san)

    def push_san(self, san):
        """Parse and play a SAN move; returns the Move."""
        move = _parse_san(self, san)
        self._push_key((<Move>move).key)
        return move

    # --- perft ---------------------------------------------------------------------------

    cdef void _detached(self, Position *p, StateInfo *st) noexcept:
        """Fill *p and *st with a copy of the position for C to count on with the GIL
        released: its own state without history, and without the board's attack maps and
        score (which the count must neither read nor move)."""
        p[0] = self.pos
        st[0] = self.states[self.nply]
        st.prev = NULL
        p.st = st
        p.maps = NULL
        p.psqt = NULL

    def perft(self, depth, *, threads=1, method=None, hash_mb=0):
        """Leaf nodes ``depth`` plies below this position (bulk-counted in C, GIL released).
        ``hash_mb`` > 0 caches subtree counts in a transposition table of that size,
        shared by the threads (for runs of hours: ``chessbits.perft_deep``).
        Positions python-chess calls invalid are counted by its rules, on a slower path.

        >>> Board().perft(4)
        197281
        """
        cdef int d = _perft_depth(depth, 0), t = _perft_method(method)
        cdef int n_threads = _threads(threads)
        if not isinstance(hash_mb, int) or isinstance(hash_mb, bool) or not 0 <= hash_mb <= MAX_HASH_MB:
            raise ValueError(f"hash_mb must be an int in 0..{MAX_HASH_MB}, got {hash_mb!r}")
        cdef size_t tt_bytes = <size_t>hash_mb << 20
        cdef Position p
        cdef StateInfo st
        cdef uint64_t nodes
        self._detached(&p, &st)
        with nogil:
            if not (st.flags & BOARD_REGULAR):
                nodes = board_perft_general(&p, d)
            elif tt_bytes:
                nodes = perft_hashed(&p, d, t, tt_bytes, n_threads)
            elif n_threads == 1:
                nodes = perft(&p, d, t)
            else:
                nodes = perft_threads(&p, d, t, n_threads)
        return nodes

    def perft_stats(self, depth):
        """The leaves ``depth`` plies down with chessprogramming's perft-table statistics:
        a dict of nodes, captures, en_passant, castles, promotions, checks,
        discovery_checks, double_checks and checkmates (counted in C, GIL released).

        >>> Board().perft_stats(3)["checks"]
        12
        """
        cdef int d = _perft_depth(depth, 1)
        cdef Position p
        cdef StateInfo st
        cdef PerftStats s
        memset(&s, 0, sizeof(PerftStats))
        self._detached(&p, &st)
        if not (st.flags & BOARD_REGULAR):
            raise ValueError(f"perft statistics need a valid position with one king each, "
                             f"got status {self.status()!r} for {self.fen()}")
        with nogil:
            perft_stats(&p, d, &s)
        cdef const uint64_t *counts = <const uint64_t *>&s
        return {name: counts[k] for k, name in enumerate(PERFT_STAT_NAMES)}

    def divide(self, depth, *, threads=1, method=None):
        """Perft below each legal move: ``{uci: nodes}`` sorted by UCI.

        >>> Board().divide(2)["e2e4"]
        20
        """
        cdef int d = _perft_depth(depth, 1), t = _perft_method(method)
        cdef int n_threads = _threads(threads)
        cdef Position p
        cdef StateInfo st
        cdef Move_t moves[MAX_MOVES]
        cdef uint64_t counts[MAX_MOVES]
        cdef int n
        self._detached(&p, &st)
        if not (st.flags & BOARD_REGULAR):
            result = {}
            for move in self.generate_legal_moves():
                self.push(move)
                result[move.uci()] = self.perft(d - 1)
                self.pop()
            return dict(sorted(result.items()))
        with nogil:
            if n_threads == 1:
                n = perft_divide(&p, d, t, moves, counts)
            else:
                n = perft_divide_threads(&p, d, t, n_threads, moves, counts)
        result = {}
        for i in range(n):  # named from the copy: another thread may have moved this Board since
            result[_move_interned(board_pymove(&p, moves[i])).uci()] = counts[i]
        return dict(sorted(result.items()))

    # --- keys, copies, conversions -------------------------------------------------------

    def zobrist_hash(self):
        """The Polyglot key of the position (equal to ``chess.polyglot.zobrist_hash``)."""
        return board_polyglot_key(&self.pos)

    def _transposition_key(self):
        key = (self.pos.by_type[PAWN_T], self.pos.by_type[KNIGHT_T], self.pos.by_type[BISHOP_T],
               self.pos.by_type[ROOK_T], self.pos.by_type[QUEEN_T], self.pos.by_type[KING_T],
               self.pos.by_color[WHITE_C], self.pos.by_color[BLACK_C], self.pos.side == WHITE_C,
               board_clean_castling(&self.pos, self.nply > 0),
               self.pos.st.ep_raw if self._has_legal_ep() else None)
        if api_next():  # (python-chess's next release tells its promoted pieces apart too)
            key = key[:6] + (self._effective_promoted(),) + key[6:]
        return key

    def _zobrist_from_scratch(self):
        """The internal key recomputed from the pieces (tests compare it with the kept one)."""
        return position_compute_key(&self.pos), self.pos.st.key

    def copy(self, *, stack=True):
        """An independent copy; ``stack=False`` drops the history, an int keeps that many moves."""
        cdef Board b = type(self).__new__(type(self))
        cdef Py_ssize_t keep = self.nply if stack is True else (0 if stack is False else min(int(stack), self.nply))
        if keep < 0:
            keep = 0
        b._grow(keep + 1)
        b.pos = self.pos
        b._attach(self)
        b.nply = keep
        memcpy(b.states, &self.states[self.nply - keep], (keep + 1) * sizeof(StateInfo))
        memcpy(b.stack, &self.stack[self.nply - keep], keep * sizeof(PyMove))
        for i in range(keep):
            b._forget(i)
        b.caches[keep] = self.caches[self.nply]
        b.tuples[keep] = self.tuples[self.nply]
        b._relink()
        if keep != self.nply:
            board_sync(&b.pos)
            b._forget(keep)
        b._sync()
        return b

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        board = self.copy()
        memo[id(self)] = board
        return board

    def __reduce__(self):
        return (_board_from_state, (type(self), self.root().fen(en_passant="fen"), self.chess960,
                                    [m.uci() for m in self.move_stack], self.fen()))

    def apply_transform(self, f):
        """Apply a bitboard transformation to the pieces, ep square and castling rights;
        clears the move stack."""
        ep = self.ep_square
        rights = self.pos.st.castling_raw
        self._apply_transform_pieces(f)
        self._clear_stack()
        self.pos.st.ep_raw = SQ_NONE if ep is None else (cb_msb(_mask(f((<Bitboard>1) << ep))) if _mask(f((<Bitboard>1) << ep)) else SQ_NONE)
        self.pos.st.castling_raw = _mask(f(rights))
        self._state_changed()

    def transform(self, f):
        """A transformed copy without move stack (see apply_transform)."""
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def apply_mirror(self):
        """Mirror vertically, swap colours and the side to move."""
        self.apply_transform(_flip_vertical)
        self._swap_colors()
        self.pos.side ^= 1
        self._state_changed()

    def mirror(self):
        """A mirrored copy: flipped vertically, colours and turn swapped."""
        board = self.copy()
        board.apply_mirror()
        return board

    def __eq__(self, other):
        """python-chess's equality: same position, clocks and variant (a python-chess board too)."""
        cdef Board o
        if isinstance(other, Board):
            o = <Board>other
            return (self.pos.st.rule50 == o.pos.st.rule50 and self.pos.st.fullmove == o.pos.st.fullmove
                    and (type(self) is type(o) or type(self).uci_variant == type(o).uci_variant)
                    and self._transposition_key() == o._transposition_key())
        if not hasattr(other, "_transposition_key"):  # a python-chess BaseBoard: compare the pieces
            return BaseBoard.__eq__(self, other)
        try:
            return (self.pos.st.rule50 == other.halfmove_clock and self.pos.st.fullmove == other.fullmove_number
                    and type(self).uci_variant == type(other).uci_variant
                    and self._transposition_key() == other._transposition_key())
        except AttributeError:
            return NotImplemented

    def __hash__(self):
        raise TypeError(f"unhashable type: '{type(self).__name__}' (it is mutable); use zobrist_hash()")

    def __repr__(self):
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def _repr_svg_(self):
        from chessbits import svg
        return svg.board(board=self, size=390, lastmove=self.peek() if self.nply else None,
                         check=self.king(self.turn) if self.is_check() else None)

    @classmethod
    def from_chess(cls, board):
        """A Board with the same position and move history as a ``chess.Board``."""
        root = board.root()
        ours = cls(root.fen(en_passant="fen"), chess960=board.chess960)
        for move in board.move_stack:
            ours.push(move)
        return ours

    def to_chess(self):
        """The same position and move history as a ``chess.Board``."""
        import chess
        board = chess.Board(self.root().fen(en_passant="fen"), chess960=self.chess960)
        for i in range(self.nply):
            board.push(_move_interned(self.stack[i]).to_chess())
        return board



cdef int _expose_board_state() except -1:
    cdef list marks = [object() for _ in range(7)]
    cdef Board b = Board()
    b._turn, b._castling, b._ep = <PyObject *>marks[0], <PyObject *>marks[1], <PyObject *>marks[2]
    b._halfmove, b._fullmove, b._chess960 = <PyObject *>marks[3], <PyObject *>marks[4], <PyObject *>marks[5]
    Py_INCREF(marks[6])  # the probe's move list is owned: its dealloc drops this reference
    Py_XDECREF(b._moves)
    b._moves = <PyObject *>marks[6]
    _expose_members(Board, b, list(zip(marks, [
        b"turn", b"castling_rights", b"ep_square", b"halfmove_clock", b"fullmove_number", b"chess960", b"move_stack"], [
        b"The side to move: True (chess.WHITE) or False (chess.BLACK).",
        b"Bitboard of the rooks that may castle, as set (see clean_castling_rights).",
        b"The square a pawn just skipped by a double push (even if no capture is possible), else None.",
        b"Plies since the last capture or pawn move.",
        b"Starts at 1, incremented after every black move.",
        b"True in Chess960 mode: castling is written king-takes-rook.",
        b"The moves played since the position was set, oldest first (push and pop change it)."])))
    return 0


_expose_board_state()


def _board_from_state(cls, root_fen, chess960, moves, fen):
    board = cls(root_fen, chess960=chess960)
    for uci in moves:
        board.push(Move.from_uci(uci))
    if board.fen() != fen:
        board.set_fen(fen)
    return board


cdef object _san_error(int k, Board board):
    """The error for the SAN or LAN of a move that cannot be played (python-chess's words,
    where python-chess asserts or writes SAN of a move it never checked)."""
    return _san_refused(k, board.fen())


cdef object _san_refused(int k, str fen):
    """_san_error's error, in the position of the FEN fen."""
    return move_error(IllegalMoveError, f"san() and lan() expect move to be legal or null, "
                                        f"but got {_move_interned(k).uci()} in {fen}")


cdef object _push_refused(int k, str fen):
    """The error of push() for a move that is neither pseudo-legal nor null, in the position fen."""
    return move_error(IllegalMoveError, f"push() expects a pseudo-legal move or a null move, "
                                        f"got {_move_interned(k).uci()} in {fen}")


cdef tuple _move_tuple(const PyMove *keys, int n):
    """The interned Moves of keys[0..n) as a tuple, filled in place."""
    cdef tuple t = PyTuple_New(n)
    cdef object m
    for i in range(n):
        m = _move_interned(keys[i])
        Py_INCREF(m)
        PyTuple_SET_ITEM(t, i, m)
    return t


cdef int _perft_depth(object depth, int minimum) except -1:
    """depth checked as every perft entry point takes it: an int in minimum..PERFT_MAX_DEPTH."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < minimum:
        raise ValueError(f"depth must be an int >= {minimum}, got {depth!r}")
    if depth > PERFT_MAX_DEPTH_C:
        raise ValueError(f"depth must be at most {PERFT_MAX_DEPTH_C}, got {depth!r}")
    return depth


cdef int _threads(object threads) except -1:
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= WORKERS_MAX:
        raise ValueError(f"threads must be an int in 1..{WORKERS_MAX}, got {threads!r}")
    return threads
