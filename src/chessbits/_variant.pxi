# The C side of chessbits.variant's boards (python-chess's chess.variant): a Board whose every
# ply is a VariantPos of ext/variant.c (copy-make: pop restores whatever a move did, explosions
# and pockets included). self.pos mirrors the top ply, so Board's reading methods (pieces,
# attacks, castling rights, FEN's board part) answer for the variant unchanged; every method
# whose answer the variant changes is overridden here, each deciding in C where it can. The
# board classes themselves (names, aliases, status) are in chessbits/variant.py.

import itertools

VARIANT_NAMES = tuple(variant_names[i].decode() for i in range(VARIANT_NB))  # python-chess's uci_variant, by Variant

cdef object _VARIANT_START = object()  # __init__'s default: the class's starting_fen
cdef int _CHECKS_DEFAULT = 3           # three-check's remaining checks, as python-chess starts them


cdef inline Move _variant_move(PyMove m):
    """The Move for m: a drop (from == to) as python-chess writes it, else the interned move."""
    if pymove_is_drop(m):
        return _drop_interned(m & 63, m >> 12)
    return _move_interned(m)


cdef inline int _vkey(object move) except -1:
    """The variant PyMove of a Move, chess.Move or UCI text: a drop as from == to."""
    cdef Move mv = move if type(move) is Move else _move_of(move)
    if mv.drop is not None:
        return <int>mv.to_square | <int>mv.to_square << 6 | <int>mv.drop << 12
    return mv.key


cdef tuple _vmove_tuple(const PyMove *keys, int n):
    """The interned Moves (drops too) of keys[0..n) as a tuple."""
    cdef tuple t = PyTuple_New(n)
    cdef object m
    for i in range(n):
        m = _variant_move(keys[i])
        Py_INCREF(m)
        PyTuple_SET_ITEM(t, i, m)
    return t


cdef bint _kings_connected(const Position *p) noexcept:
    """atomic's _kings_connected: a white king next to a black one."""
    cdef Bitboard white = p.by_type[KING_T] & p.by_color[WHITE_C], black = p.by_type[KING_T] & p.by_color[BLACK_C]
    while white:
        if board_attacks_mask(p, cb_lsb(white)) & black:
            return True
        white &= white - 1
    return False


cdef bint _atomic_was_into_check(const Position *p) noexcept:
    """atomic's was_into_check: the side not to move's king attacked, unless the kings touch."""
    cdef int k = board_king(p, p.side ^ 1)
    return (not _kings_connected(p) and k != SQ_NONE
            and board_attackers(p, p.side, k, p.by_type[ALL_PIECES]) != 0)


cdef class _VariantBoard(Board):
    """A Board playing one of python-chess's variants, chosen by the class's ``uci_variant``
    (the classes of chessbits.variant); python-chess's API and answers.

    >>> import chessbits.variant
    >>> board = chessbits.variant.AtomicBoard("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2")
    >>> board.push_san("Nxe5"); board.fen()
    Move.from_uci('f3e5')
    'rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 2'
    """
    cdef VariantPos **plies   # plies[i]: the position at ply i (0..nply) with the variant's state
    cdef Py_ssize_t pcap      # plies allocated (each its own block: st.prev points into the parent)
    cdef int v                # the Variant
    # remaining_checks / pockets: the list python-chess's users hold and write into (made on
    # first use, None before). The top ply plays by it: _pull() takes what was written into
    # it, or puts the top ply's values back in after a move, pop or edit.
    cdef object _live
    cdef object _seen         # three-check: the list's (black, white) when it last matched the top ply
    cdef object _bound        # crazyhouse: [black, white] pockets that read and write this board

    def __cinit__(self, *args, **kwargs):
        name = getattr(type(self), "uci_variant", "chess")
        if name not in VARIANT_NAMES:
            raise TypeError(f"{type(self).__name__}.uci_variant must be one of {', '.join(VARIANT_NAMES)}, got {name!r}")
        self.v = VARIANT_NAMES.index(name)
        self._vgrow(0)
        self._vstore()
        self.plies[0].remaining_checks[0] = self.plies[0].remaining_checks[1] = _CHECKS_DEFAULT

    def __dealloc__(self):
        if self.plies != NULL:
            for i in range(self.pcap):
                PyMem_Free(self.plies[i])
            PyMem_Free(self.plies)

    def __init__(self, fen=_VARIANT_START, chess960=False, *, attack_maps=False):
        Board.__init__(self, type(self).starting_fen if fen is _VARIANT_START else fen,
                       chess960=chess960, attack_maps=attack_maps)

    # --- the plies and the Board's mirror of the top one --------------------------------

    cdef int _vgrow(self, Py_ssize_t need) except -1:
        """Make plies[0..need] exist."""
        cdef Py_ssize_t cap = self.pcap or 4, i
        if need < self.pcap:
            return 0
        while cap <= need:
            cap *= 2
        cdef VariantPos **grown = <VariantPos **>PyMem_Realloc(self.plies, cap * sizeof(VariantPos *))
        if grown == NULL:
            raise MemoryError()
        self.plies = grown
        for i in range(self.pcap, cap):
            self.plies[i] = <VariantPos *>PyMem_Malloc(sizeof(VariantPos))
            if self.plies[i] == NULL:
                raise MemoryError()
            self.pcap = i + 1  # what is allocated, whatever fails next
        return 0

    cdef int _vstore(self) except -1:
        """The top ply from self.pos after an edit (FEN, pieces, turn...): its variant state kept."""
        self._pull()
        cdef VariantPos *vp = self.plies[self.nply]
        cdef int checks[2]
        cdef int pocket[2][7]
        memcpy(checks, vp.remaining_checks, sizeof(checks))
        memcpy(pocket, vp.pocket, sizeof(pocket))
        variant_init(vp, self.v, &self.pos)
        memcpy(vp.remaining_checks, checks, sizeof(checks))
        memcpy(vp.pocket, pocket, sizeof(pocket))
        if self.nply:
            vp.st.prev = &self.plies[self.nply - 1].st
        self._pull()
        return 0

    cdef int _vload(self) except -1:
        """self.pos and states[nply] from the top ply, after a push or pop."""
        cdef VariantPos *vp = self.plies[self.nply]
        cdef AttackMaps *maps = self.pos.maps
        cdef Psqt *psqt = self.pos.psqt
        self.states[self.nply] = vp.st
        self.states[self.nply].prev = &self.states[self.nply - 1] if self.nply else NULL
        self.pos = vp.pos
        self.pos.st = &self.states[self.nply]
        self.pos.maps = maps
        self.pos.psqt = psqt
        if maps != NULL or psqt != NULL:
            self._attach(None)
        self._pull()
        return 0

    cdef inline VariantPos *_top(self) except NULL:
        if self._live is not None:
            self._pull()
        return self.plies[self.nply]

    cdef int _pull(self) except -1:
        """The top ply and the live list (remaining_checks, pockets) in step: what the user wrote
        into the list goes to the top ply; else the top ply's values (after a move, a pop, an
        edit) go into the list, in place, as python-chess changes its own list."""
        cdef VariantPos *vp = self.plies[self.nply]
        cdef list live = self._live
        if live is None:
            return 0
        if self.v == VARIANT_THREE_CHECK:
            black, white = live[0], live[1]
            if (black, white) != self._seen:
                for n in (black, white):
                    if not isinstance(n, int) or not -2**31 <= n < 2**31:  # chessbits' own limit: a C int
                        raise ValueError(f"remaining checks must be ints in -2**31..2**31-1, got {n!r}")
                vp.remaining_checks[0], vp.remaining_checks[1] = white, black
                self._forget(self.nply)
            elif (vp.remaining_checks[1], vp.remaining_checks[0]) != self._seen:
                live[0], live[1] = vp.remaining_checks[1], vp.remaining_checks[0]
            self._seen = (live[0], live[1])
        elif live[0] is not self._bound[0] or live[1] is not self._bound[1]:
            self._adopt_pockets()
        return 0

    cdef int _adopt_pockets(self) except -1:
        """Crazyhouse: pockets put into the live list become the board's (their counts the top
        ply's, and they read and write it); those they replace keep their counts, detached."""
        cdef VariantPos *vp = self.plies[self.nply]
        new = [self._live[0], self._live[1]]
        counts = [[p.count(pt) for pt in range(1, 7)] for p in new]
        for n in itertools.chain(*counts):
            if not isinstance(n, int) or not 0 <= n < 2**31:
                raise ValueError(f"a pocket holds 1..6 piece types, each counted by a C int; got {n!r}")
        for old in self._bound:
            if old is not new[0] and old is not new[1]:
                old._unbind()
        for i in range(2):  # the list's [black, white]; ext's pocket[0] is white's
            for pt in range(1, 7):
                vp.pocket[1 - i][pt] = counts[i][pt - 1]
            new[i]._bind(self, bool(i))
        self._bound = new
        self._forget(self.nply)
        return 0

    def _live_list(self):
        """remaining_checks' [black, white] ints, or pockets' [black, white] CrazyhousePockets:
        the list the board keeps and plays by (python-chess's own attribute)."""
        cdef VariantPos *vp = self.plies[self.nply]
        if self._live is not None:
            self._pull()
        elif self.v == VARIANT_THREE_CHECK:
            self._live = [vp.remaining_checks[1], vp.remaining_checks[0]]
            self._seen = tuple(self._live)
        elif self.v == VARIANT_CRAZYHOUSE:
            from chessbits.variant import CrazyhousePocket
            self._bound = [CrazyhousePocket(), CrazyhousePocket()]
            self._bound[0]._bind(self, False)
            self._bound[1]._bind(self, True)
            self._live = list(self._bound)
        else:
            raise AttributeError(f"{type(self).__name__} has neither remaining checks nor pockets")
        return self._live

    def _set_live(self, value):
        """Assigning remaining_checks or pockets: the board keeps the list given (a copy of any
        other iterable) and plays by it from now on."""
        live = value if type(value) is list else list(value)
        if len(live) != 2:
            raise ValueError(f"expected a [black, white] pair, got {value!r}")
        self._live_list()
        self._live, self._seen = live, None  # None: matches nothing, so _pull takes the list
        self._pull()

    cdef int _sync(self) except -1:
        Board._sync(self)
        if self.plies == NULL:  # Board's __cinit__, before ours
            return 0
        self._vgrow(self.nply)
        self._vstore()
        cdef list moves = <list><object>self._moves
        for i in range(self.nply):
            if pymove_is_drop(self.stack[i]):
                moves[i] = _variant_move(self.stack[i])
        return 0

    cdef int _clear_stack(self) except -1:
        if self.plies != NULL and self.nply:  # the position stays, its variant state with it
            memcpy(self.plies[0].remaining_checks, self.plies[self.nply].remaining_checks, sizeof(int) * 2)
            memcpy(self.plies[0].pocket, self.plies[self.nply].pocket, sizeof(int) * 14)
        return Board._clear_stack(self)

    cdef int _vreset_state(self) except -1:
        """Three-check's checks back to 3 each, crazyhouse's pockets emptied (reset_board, clear_board)."""
        cdef VariantPos *vp = self._top()
        vp.remaining_checks[0] = vp.remaining_checks[1] = _CHECKS_DEFAULT
        memset(vp.pocket, 0, sizeof(vp.pocket))
        self._forget(self.nply)
        self._pull()
        return 0

    # --- the variant's own state: chessbits.variant's remaining_checks and pockets ----------

    def _checks(self, color):
        """Three-check: the checks color may still give."""
        return self._top().remaining_checks[_color_index(color)]

    def _set_checks(self, color, n):
        if not isinstance(n, int) or not -2**31 <= n < 2**31:  # chessbits' own limit: a C int
            raise ValueError(f"remaining checks must be ints in -2**31..2**31-1, got {n!r}")
        self._top().remaining_checks[_color_index(color)] = n
        self._forget(self.nply)
        self._pull()

    def _pocket(self, color, piece_type):
        """Crazyhouse: how many pieces of piece_type (1..6) color's pocket holds."""
        cdef int pt = piece_type
        if not 1 <= pt <= 6:
            raise IndexError(f"piece type {piece_type!r} is not in 1..6")
        return self.plies[self.nply].pocket[_color_index(color)][pt]  # (not _top: _pull reads pockets)

    def _set_pocket(self, color, piece_type, n):
        if not 1 <= piece_type <= 6 or not isinstance(n, int) or not -2**31 <= n < 2**31:
            raise ValueError(f"a pocket holds 1..6 piece types, each counted by a C int; got {piece_type!r}: {n!r}")
        self.plies[self.nply].pocket[_color_index(color)][<int>piece_type] = n
        self._forget(self.nply)

    def _drop_squares(self):
        """Crazyhouse: the squares a drop may land on (legal_drop_squares_mask)."""
        return variant_drop_squares(&self.pos)

    # --- moves ----------------------------------------------------------------------------

    cdef const PyMove *_legal(self, int *n):
        self._pull()  # (before the cache: a pocket put in changes the moves)
        cdef Cache *c = &self.caches[self.nply]
        if c.n < 0:
            n[0] = variant_generate(self._top(), _scratch)
            if not self._keep(_scratch, n[0]):
                return _scratch
        n[0] = c.n
        return c.moves

    cdef tuple _legal_tuple(self):
        self._pull()
        cdef object t = self.tuples[self.nply]
        cdef int n
        cdef const PyMove *moves
        if t is None:
            moves = self._legal(&n)
            t = _vmove_tuple(moves, n)
            self.tuples[self.nply] = t
        return <tuple>t

    cdef tuple _fresh_legal_tuple(self):
        cdef Cache *c = &self.caches[self.nply]
        cdef int n = variant_generate(self._top(), _scratch)
        if c.n == n and self.tuples[self.nply] is not None and memcmp(_scratch, c.moves, n * sizeof(PyMove)) == 0:
            return <tuple>self.tuples[self.nply]
        self._keep(_scratch, n)
        self.tuples[self.nply] = _vmove_tuple(_scratch, n)
        return <tuple>self.tuples[self.nply]

    cdef int _count_legal(self):
        cdef int n
        self._legal(&n)
        return n

    cdef bint _in_legal(self, PyMove m):
        cdef int n
        cdef const PyMove *moves = self._legal(&n)
        for i in range(n):
            if moves[i] == m:
                return True
        return False

    cdef inline int _mask_square(self, PyMove m) noexcept:
        """The square a to_mask selects m by, as python-chess's generators do: a castling
        move's rook, any other move's target."""
        if board_is_castling(&self.pos, m):
            m = board_to_chess960(&self.pos, m)
        return (m >> 6) & 63

    def generate_legal_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The variant's legal moves within the masks (a drop's square within both), in
        python-chess's order, generated afresh (``legal_moves`` serves them from a cache)."""
        cdef Bitboard f = _mask(from_mask), t = _mask(to_mask)
        cdef PyMove buf[MAX_MOVES]
        cdef int n, k = 0
        cdef const PyMove *moves
        if f == _ALL and t == _ALL:
            return iter(self._fresh_legal_tuple())
        moves = self._legal(&n)
        for i in range(n):
            if pymove_is_drop(moves[i]):
                if (f & t) >> (moves[i] & 63) & 1:
                    buf[k] = moves[i]
                    k += 1
            elif f >> (moves[i] & 63) & 1 and t >> self._mask_square(moves[i]) & 1:
                buf[k] = moves[i]
                k += 1
        return iter(_vmove_tuple(buf, k))

    def generate_pseudo_legal_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The variant's pseudo-legal moves (suicide's king promotions, its and atomic's
        castling rules; no drops), in python-chess's order."""
        cdef PyMove buf[MAX_MOVES]
        cdef int n = variant_pseudo(self._top(), _mask(from_mask), _mask(to_mask), buf)
        return iter(_vmove_tuple(buf, n))

    def generate_castling_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The castling moves by the variant's rules (to_mask selects the rook), none once
        the game is over."""
        cdef PyMove buf[MAX_MOVES]
        cdef int n = variant_pseudo(self._top(), _mask(from_mask), _mask(to_mask), buf), k = 0
        for i in range(n):
            if board_is_castling(&self.pos, buf[i]):
                buf[k] = buf[i]
                k += 1
        return iter(_move_tuple(buf, k))

    cdef int _legal_ep(self, Bitboard f, Bitboard t, PyMove *out) except -1:
        """python-chess's generate_legal_ep: pseudo-legal en-passant captures not into check
        as the variant sees it (suicide: all; atomic: after the explosion)."""
        cdef VariantPos child
        cdef int n, k = 0
        if variant_is_end(self._top()):
            return 0
        if self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS):
            return board_generate_ep(&self.pos, f, t, 0, out)
        if self.v != VARIANT_ATOMIC:
            return board_generate_ep(&self.pos, f, t, 1, out)
        n = board_generate_ep(&self.pos, f, t, 0, out)
        for i in range(n):
            variant_push(self._top(), out[i], &child)
            if not _atomic_was_into_check(&child.pos):
                out[k] = out[i]
                k += 1
        return k

    cdef bint _has_legal_ep(self) except -1:
        """True if an en-passant capture is legal by the variant's rules (has_legal_en_passant,
        the FEN's en-passant field, the repetition key)."""
        cdef PyMove buf[8]
        return self.pos.st.ep_raw != SQ_NONE and self._legal_ep(_ALL, _ALL, buf) > 0

    def generate_legal_ep(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The en-passant captures legal by the variant's rules."""
        cdef PyMove buf[8]
        return iter(_move_tuple(buf, self._legal_ep(_mask(from_mask), _mask(to_mask), buf)))

    def generate_legal_captures(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The legal captures onto pieces, then the legal en-passant captures."""
        cdef Bitboard t = _mask(to_mask)
        return itertools.chain(self.generate_legal_moves(from_mask, t & self.pos.by_color[self.pos.side ^ 1]),
                               self.generate_legal_ep(from_mask, t))

    def generate_pseudo_legal_captures(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
        """The pseudo-legal captures onto pieces, then the pseudo-legal en-passant captures."""
        cdef Bitboard t = _mask(to_mask)
        return itertools.chain(self.generate_pseudo_legal_moves(from_mask, t & self.pos.by_color[self.pos.side ^ 1]),
                               self.generate_pseudo_legal_ep(from_mask, t))

    cdef int _pseudo_form(self, PyMove m) except -2:
        """m as the variant generates it (castling written for the mode), or -1 if it is not
        pseudo-legal (the null move is)."""
        cdef PyMove forms[3]
        if not m:
            return 0
        forms[0] = m
        if pymove_is_drop(m):
            return m if variant_is_pseudo_legal(self._top(), m) else -1
        forms[1] = board_from_chess960(&self.pos, m)
        forms[2] = board_to_chess960(&self.pos, m)
        for i in range(3):
            if variant_is_pseudo_legal(self._top(), forms[i]):
                return forms[i]
        return -1

    def is_pseudo_legal(self, move):
        """True if the move is pseudo-legal by the variant's rules (drops of pocket pieces in
        crazyhouse; never the null move)."""
        cdef PyMove m = _vkey(move)
        return m != 0 and variant_is_pseudo_legal(self._top(), m) or (
            not pymove_is_drop(m) and m != 0 and variant_is_pseudo_legal(self._top(), board_from_chess960(&self.pos, m)))

    def is_legal(self, move):
        """True if the move is legal by the variant's rules."""
        cdef PyMove m = _vkey(move)
        if m == 0:
            return False
        return self._in_legal(m) or (not pymove_is_drop(m) and self._in_legal(board_from_chess960(&self.pos, m)))

    def is_into_check(self, move):
        """True if the move would leave the mover in check, as the variant counts checks."""
        cdef VariantPos child
        cdef PyMove m = _vkey(move)
        if self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS):
            return False
        if self.v == VARIANT_ATOMIC:
            if self._pseudo_form(m) < 0 and m:
                return False
            variant_push(self._top(), m, &child)
            return _atomic_was_into_check(&child.pos)
        if pymove_is_drop(m):  # python-chess's evasions have no drops: in check, every drop is "into check"
            return self.king(self.turn) is not None and self.checkers_mask() != 0
        return board_is_into_check(&self.pos, m) != 0

    def was_into_check(self):
        """True if the side not to move is in check, as the variant counts checks."""
        if self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS):
            return False
        if self.v == VARIANT_ATOMIC:
            return _atomic_was_into_check(&self.pos)
        return Board.was_into_check(self)

    def gives_check(self, move):
        """True if the pseudo-legal move (or null move) gives check as the variant counts
        checks (python-chess: push, is_check, pop)."""
        cdef VariantPos child
        cdef int m = self._pseudo_form(_vkey(move))
        if m < 0:
            return False
        variant_push(self._top(), <PyMove>m, &child)
        return variant_checkers(&child) != 0

    def checkers_mask(self):
        """The pieces giving check, as the variant counts checks (none in suicide, none in
        atomic while the kings touch)."""
        return variant_checkers(self._top())

    def checkers(self):
        """SquareSet of checkers_mask()."""
        return _squareset(variant_checkers(self._top()))

    def is_check(self):
        """True if the side to move is in check, as the variant counts checks."""
        return variant_checkers(self._top()) != 0

    def is_zeroing(self, move):
        """True if the move resets the halfmove clock (a pawn drop does)."""
        cdef Move mv = _move_of(move)
        if mv.drop is not None:
            return mv.drop == PAWN_T
        return Board.is_zeroing(self, mv)

    def _reduces_castling_rights(self, move):
        cdef Move mv = _move_of(move)
        cdef Bitboard cr = board_clean_castling(&self.pos, self.nply > 0)
        cdef Bitboard touched = ((<Bitboard>1) << <int>mv.from_square) ^ ((<Bitboard>1) << <int>mv.to_square)
        cdef Bitboard kings = touched & self.pos.by_type[KING_T] & ~self.pos.st.promoted
        return bool(touched & cr or (cr & 0xFF and kings & self.pos.by_color[WHITE_C])
                    or (cr & 0xFF00000000000000 and kings & self.pos.by_color[BLACK_C]))

    def is_irreversible(self, move):
        """True if the move cannot be undone, by the variant's rules (crazyhouse: only a
        loss of castling rights; three-check: a check too)."""
        if self.v == VARIANT_CRAZYHOUSE:
            return self._reduces_castling_rights(move)
        if self.is_zeroing(move) or self._reduces_castling_rights(move) or self._has_legal_ep():
            return True
        return self.v == VARIANT_THREE_CHECK and self.gives_check(move)

    cdef int _vpush(self, PyMove m) except -1:
        self._pull()
        cdef Cache *c = &self.caches[self.nply]
        cdef int form
        if m and not (c.n > 0 and pymove_in(c.moves, c.n, m)):
            form = self._pseudo_form(m)
            if form < 0:
                raise move_error(IllegalMoveError, f"push() expects a pseudo-legal move or a null move, "
                                                   f"got {_variant_move(m).uci()} in {self.fen()}")
            m = form
        if self.nply + 1 >= self.cap:
            self._grow(self.nply + 1)
        self._vgrow(self.nply + 1)
        variant_push(self.plies[self.nply], m, self.plies[self.nply + 1])
        self.stack[self.nply] = m
        self.nply += 1
        self._forget(self.nply)
        cdef Move played = _variant_move(m)
        cb_list_append(self._moves, <PyObject *>played)
        self._vload()
        self._sync_state()
        return 0

    cdef int _push_key(self, int k) except -1:
        return self._vpush(<PyMove>k)

    def push(self, move):
        """Play a pseudo-legal move, drop or null move with the variant's effects;
        IllegalMoveError (a ValueError) for anything else."""
        self._vpush(<PyMove>_vkey(move))

    def pop(self):
        """Take back the last move (whatever it exploded, captured or dropped); IndexError
        if there is none."""
        if self.nply == 0:
            raise IndexError("pop from empty list")
        self._pull()  # (what was written into remaining_checks since goes with the ply popped)
        self.nply -= 1
        self._vload()
        self._sync_state()
        return cb_list_pop(self._moves)

    def peek(self):
        """The last move played; IndexError if there is none."""
        if self.nply == 0:
            raise IndexError("list index out of range")
        return _variant_move(self.stack[self.nply - 1])

    def find_move(self, from_square, to_square, promotion=None):
        """The legal move from a square to a square (queen promotion by default);
        IllegalMoveError if there is none."""
        cdef int f = _square(from_square), t = _square(to_square)
        if promotion is None and (self.pos.by_type[PAWN_T] >> f) & 1 and ((<Bitboard>1 << t) & 0xFF000000000000FF):
            promotion = QUEEN_T
        move = self._from_chess960(self.chess960, f, t, promotion)
        if not self.is_legal(move):
            raise move_error(IllegalMoveError, f"no matching legal move for {move.uci()} "
                                               f"({_SQUARE_NAMES[f]} -> {_SQUARE_NAMES[t]}) in {self.fen()}")
        return move

    def parse_uci(self, uci):
        """The legal Move (or drop, ``N@f3``) written as UCI; the null move for ``0000``.
        InvalidMoveError if malformed, IllegalMoveError if illegal."""
        move = Move.from_uci(uci)
        if not move:
            return move
        if move.drop is None:
            move = self._to_chess960(move)
            move = self._from_chess960(self.chess960, move.from_square, move.to_square, move.promotion)
        if not self.is_legal(move):
            raise move_error(IllegalMoveError, f"illegal uci: {uci!r} in {self.fen()}")
        return move

    def push_uci(self, uci):
        """Parse and play a UCI move; returns the Move."""
        move = self.parse_uci(uci)
        self.push(move)
        return move

    # --- SAN ------------------------------------------------------------------------------

    cdef str _vsan_body(self, PyMove m, bint long):
        cdef int f = m & 63, t = (m >> 6) & 63, promo = m >> 12, pt, n
        cdef Bitboard others = 0, own
        cdef const PyMove *moves
        if not m:
            return "--"
        if pymove_is_drop(m):
            return ("" if promo == PAWN_T else _SAN_PIECES[promo]) + "@" + _SQUARE_NAMES[t]
        if board_is_castling(&self.pos, m):
            return "O-O-O" if file_of(t) < file_of(f) else "O-O"
        pt = type_of_piece(self.pos.board[f])
        if not pt:
            raise _san_error(m, self)
        capture = board_is_capture(&self.pos, m) != 0
        san = _SAN_PIECES[pt]
        if long:
            san += _SQUARE_NAMES[f]
        elif pt != PAWN_T:
            own = self.pos.by_type[pt] & self.pos.by_color[self.pos.side] & ~((<Bitboard>1) << f)
            moves = self._legal(&n)
            for i in range(n):
                if not pymove_is_drop(moves[i]) and self._mask_square(moves[i]) == t and own >> (moves[i] & 63) & 1:
                    others |= (<Bitboard>1) << (moves[i] & 63)
            if others:
                column = bool(others & ((<Bitboard>0xFF) << (8 * rank_of(f))))
                row = bool(others & ((<Bitboard>0x0101010101010101) << file_of(f)))
                if not row:
                    column = True
                if column:
                    san += "abcdefgh"[file_of(f)]
                if row:
                    san += "12345678"[rank_of(f)]
        elif capture:
            san += "abcdefgh"[file_of(f)]
        if capture:
            san += "x"
        elif long:
            san += "-"
        san += _SQUARE_NAMES[t]
        if promo:
            san += "=" + _PIECE_SYMBOLS[promo].upper()
        return san

    cdef str _algebraic(self, object move, bint long, bint keep):
        """SAN (or LAN) with the variant's check and mate suffix (a variant win or loss after
        the move is mate, as python-chess writes it); keep leaves the move played."""
        cdef PyMove m = _vkey(move)
        cdef str san = self._vsan_body(m, long)
        cdef bint check, mate
        try:
            self._vpush(m)
        except IllegalMoveError:
            raise move_error(IllegalMoveError, f"san() and lan() expect move to be legal or null, "
                                               f"but got {_variant_move(m).uci()} in {self.fen()}") from None
        check = variant_checkers(self._top()) != 0
        mate = (check and self._count_legal() == 0) or (variant_result(self._top()) & (VARIANT_WIN | VARIANT_LOSS)) != 0
        if not keep:
            self.pop()
        if not m:
            return san
        return san + "#" if mate else san + "+" if check else san

    def parse_san(self, san):
        """The legal move (or drop, ``N@f3``/``@e6`` in crazyhouse) written in SAN, as
        python-chess reads it; InvalidMoveError, IllegalMoveError or AmbiguousMoveError otherwise."""
        if self.v == VARIANT_CRAZYHOUSE and "@" in san:
            uci = san.rstrip("+#")
            move = Move.from_uci("P" + uci if uci[:1] == "@" else uci)
            if not self.is_legal(move):
                raise move_error(IllegalMoveError, f"illegal drop san: {san!r} in {self.fen()}")
            return move
        side = "O-O" if san in ("O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#") else \
               "O-O-O" if san in ("O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#") else None
        if side is not None:
            for move in self.generate_castling_moves():
                if (self.is_kingside_castling(move) if side == "O-O" else self.is_queenside_castling(move)):
                    return move
            raise move_error(IllegalMoveError, f"illegal san: {san!r} in {self.fen()}")
        import chessbits
        match = chessbits.SAN_REGEX.match(san)
        if not match:
            if san in ("--", "Z0", "0000", "@@@@"):
                return Move.null()
            if "," in san:
                raise move_error(InvalidMoveError, f"unsupported multi-leg move: {san!r}")
            raise move_error(InvalidMoveError, f"invalid san: {san!r}")
        piece, file, rank, square, promo = match.groups()
        cdef int to = _SQUARE_INDEX[square]
        cdef Bitboard to_mask = ((<Bitboard>1) << to) & ~self.pos.by_color[self.pos.side]
        cdef Bitboard from_mask = _ALL
        promotion = _PIECE_SYMBOLS.index(promo.lstrip("=").lower()) if promo else None
        if file:
            from_mask &= (<Bitboard>0x0101010101010101) << "abcdefgh".index(file)
        if rank:
            from_mask &= (<Bitboard>0xFF) << (8 * (int(rank) - 1))
        if piece:
            from_mask &= self.pos.by_type[_PIECE_SYMBOLS.index(piece.lower())] & self.pos.by_color[self.pos.side]
        elif file and rank:  # fully specified: any piece, castling too
            move = self.find_move(_SQUARE_INDEX[file + rank], to, promotion)
            if move.promotion != promotion:
                raise move_error(IllegalMoveError, f"missing promotion piece type: {san!r} in {self.fen()}")
            return move
        else:
            from_mask &= self.pos.by_type[PAWN_T]
            if not file:  # a pawn capture names its file
                from_mask &= (<Bitboard>0x0101010101010101) << file_of(to)
        matched = None
        for move in self.generate_legal_moves(from_mask, to_mask):
            if move.promotion != promotion:
                continue
            if matched is not None:
                raise move_error(AmbiguousMoveError, f"ambiguous san: {san!r} in {self.fen()}")
            matched = move
        if matched is None:
            raise move_error(IllegalMoveError, f"illegal san: {san!r} in {self.fen()}")
        return matched

    def push_san(self, san):
        """Parse and play a SAN move; returns the Move."""
        move = self.parse_san(san)
        self.push(move)
        return move

    # --- the end of the game ---------------------------------------------------------------

    def is_variant_end(self):
        """True if the game is over by the variant's own rule."""
        return bool(variant_is_end(self._top()))

    def is_variant_win(self):
        """True if the side to move has won by the variant's own rule."""
        return bool(variant_result(self._top()) & VARIANT_WIN)

    def is_variant_loss(self):
        """True if the side to move has lost by the variant's own rule."""
        return bool(variant_result(self._top()) & VARIANT_LOSS)

    def is_variant_draw(self):
        """True if the game is drawn by the variant's own rule."""
        return bool(variant_result(self._top()) & VARIANT_DRAW)

    def is_checkmate(self):
        """True if the side to move is in check (as the variant counts checks) with no legal move."""
        return variant_checkers(self._top()) != 0 and self._count_legal() == 0

    def is_stalemate(self):
        """True if the side to move is not in check, the game not over by the variant's rule,
        and no legal move is left."""
        return variant_checkers(self._top()) == 0 and not variant_is_end(self._top()) and self._count_legal() == 0

    def has_insufficient_material(self, color):
        """True if the colour cannot win by the variant's rules whatever the other side does."""
        return variant_insufficient(self._top(), _color_index(color))

    def is_insufficient_material(self):
        """True if neither side can win by the variant's rules."""
        return variant_insufficient(self._top(), 0) and variant_insufficient(self._top(), 1)

    cdef bint _is_halfmoves(self, uint32_t n) except -1:
        """python-chess's _is_halfmoves: n plies without a zeroing move and a legal move left
        (never in crazyhouse)."""
        return self.v != VARIANT_CRAZYHOUSE and self.pos.st.rule50 >= n and self._count_legal() > 0

    def is_seventyfive_moves(self):
        """True after 75 moves each without capture or pawn move (never in crazyhouse)."""
        return self._is_halfmoves(150)

    def is_fifty_moves(self):
        """True after 50 moves each without capture or pawn move (never in crazyhouse)."""
        return self._is_halfmoves(100)

    def can_claim_fifty_moves(self):
        """True if the fifty-move rule holds now or after a legal non-zeroing move."""
        if self._is_halfmoves(100):
            return True
        if self.pos.st.rule50 >= 99:
            for move in self._legal_tuple():
                if self.is_zeroing(move):
                    continue
                self.push(move)
                try:
                    if self._is_halfmoves(100):
                        return True
                finally:
                    self.pop()
        return False

    def is_repetition(self, count=3):
        """True if the position (with the variant's state) occurred count times since the
        last irreversible move, as python-chess replays it."""
        cdef Bitboard occupied = self.pos.by_type[ALL_PIECES]
        cdef int maybe = 1
        for i in range(self.nply - 1, -1, -1):
            if self.plies[i].pos.by_type[ALL_PIECES] == occupied:
                maybe += 1
                if maybe >= count:
                    break
        if maybe < count:
            return False
        key = self._transposition_key()
        switchyard = []
        try:
            while True:
                if count <= 1:
                    return True
                if self.nply < count - 1:
                    return False
                move = self.pop()
                switchyard.append(move)
                if self.is_irreversible(move):
                    return False
                if self._transposition_key() == key:
                    count -= 1
        finally:
            while switchyard:
                self.push(switchyard.pop())

    def can_claim_threefold_repetition(self):
        """True if the position occurred three times since the last irreversible move, or a
        legal move makes that so."""
        key = self._transposition_key()
        seen = {key: 1}
        switchyard = []
        try:
            while self.nply:
                move = self.pop()
                switchyard.append(move)
                if self.is_irreversible(move):
                    break
                other = self._transposition_key()
                seen[other] = seen.get(other, 0) + 1
        finally:
            while switchyard:
                self.push(switchyard.pop())
        if seen[key] >= 3:
            return True
        for move in self._legal_tuple():
            self.push(move)
            try:
                if seen.get(self._transposition_key(), 0) >= 2:
                    return True
            finally:
                self.pop()
        return False

    def outcome(self, *, claim_draw=False):
        """The Outcome if the game is over: the variant's own end first, then checkmate,
        insufficient material, stalemate, 75 moves, fivefold repetition (with claim_draw also
        50 moves and threefold), as python-chess decides it; else None."""
        from chessbits.status import Outcome
        cdef unsigned r = variant_result(self._top())
        cdef object turn = self.pos.side == WHITE_C
        if r & VARIANT_LOSS:
            return Outcome(Termination.VARIANT_LOSS, not turn)
        if r & VARIANT_WIN:
            return Outcome(Termination.VARIANT_WIN, turn)
        if r & VARIANT_DRAW:
            return Outcome(Termination.VARIANT_DRAW, None)
        if self.is_checkmate():
            return Outcome(Termination.CHECKMATE, not turn)
        if self.is_insufficient_material():
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if self._count_legal() == 0:
            return Outcome(Termination.STALEMATE, None)
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_valid(self):
        """True if status() is STATUS_VALID (by the variant's rules)."""
        return self.status() == 0

    def _transposition_key(self):
        """The position for repetitions: Board's key (its legal en passant the variant's), and
        what the variant adds (three-check's checks, crazyhouse's promoted pieces and pockets,
        suicide's promoted kings where chess960 castling is possible)."""
        cdef VariantPos *vp = self._top()
        key = Board._transposition_key(self)
        if self.v == VARIANT_THREE_CHECK:
            return (key, vp.remaining_checks[0], vp.remaining_checks[1])
        if self.v == VARIANT_CRAZYHOUSE:
            return (key, self.pos.st.promoted, tuple([vp.pocket[0][pt] for pt in range(1, 7)]),
                    tuple([vp.pocket[1][pt] for pt in range(1, 7)]))
        if self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS) and board_has_chess960_castling(&self.pos, self.nply > 0):
            return (key, self.pos.by_type[KING_T] & self.pos.st.promoted)
        return key

    # --- FEN ---------------------------------------------------------------------------------

    def _effective_promoted(self):
        """The promoted pieces the rules tell apart (python-chess's next release): in
        crazyhouse the promoted pieces, in suicide chess the promoted kings while castling
        rights stand."""
        if self.v == VARIANT_CRAZYHOUSE:
            return self.pos.st.promoted & ~self.pos.by_type[KING_T] & ~self.pos.by_type[PAWN_T]
        if self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS) and self.castling_rights:
            return self.pos.by_type[KING_T] & self.pos.st.promoted
        return 0

    def board_fen(self, *, promoted=None):
        """The board part of the FEN; promoted pieces marked ``~`` by default in crazyhouse
        (and in suicide where chess960 castling is possible), as python-chess 1.11 writes
        them; answering as its next release, those of ``_effective_promoted()``."""
        if promoted is None and not api_next():
            promoted = self.v == VARIANT_CRAZYHOUSE or (
                self.v in (VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS) and self.has_chess960_castling_rights())
        return Board.board_fen(self, promoted=promoted)

    def epd(self, *, shredder=False, en_passant="legal", promoted=None, **operations):
        """The FEN's first four parts (crazyhouse's pockets ``[...]`` after the board,
        three-check's remaining checks ``w+b`` after the en-passant square), then EPD operations."""
        cdef VariantPos *vp = self._top()
        parts = self._fen(shredder, "fen", False, False).split(" ")
        parts[0] = self.board_fen(promoted=promoted)
        if self.pos.st.ep_raw != SQ_NONE and en_passant != "fen" and not (
                self.has_pseudo_legal_en_passant() if en_passant == "xfen" else self._has_legal_ep()):
            parts[3] = "-"
        if self.v == VARIANT_CRAZYHOUSE:
            parts[0] += "[" + "".join(_PIECE_SYMBOLS[pt].upper() * vp.pocket[0][pt] for pt in range(6, 0, -1)) + \
                        "".join(_PIECE_SYMBOLS[pt] * vp.pocket[1][pt] for pt in range(6, 0, -1)) + "]"
        elif self.v == VARIANT_THREE_CHECK:
            parts.append(f"{max(vp.remaining_checks[0], 0)}+{max(vp.remaining_checks[1], 0)}")
        if operations:
            from chessbits.epd import epd_operations
            parts.append(epd_operations(self, operations))
        return " ".join(parts)

    def fen(self, *, shredder=False, en_passant="legal", promoted=None):
        """The position as FEN, written as python-chess writes the variant's."""
        return f"{self.epd(shredder=shredder, en_passant=en_passant, promoted=promoted)} {self.pos.st.rule50} {self.pos.st.fullmove}"

    def set_fen(self, fen):
        """Set the position from a FEN as python-chess reads the variant's (crazyhouse's
        pockets as ``[...]`` or a ninth rank, three-check's checks as ``w+b`` or lichess's
        ``+w+b``); clears the move stack. ValueError if malformed; nothing changes then."""
        if not isinstance(fen, str):
            raise ValueError(f"fen must be a str, got {type(fen).__name__}")
        if self.v == VARIANT_CRAZYHOUSE:
            self._set_crazyhouse_fen(fen)
        elif self.v == VARIANT_THREE_CHECK:
            self._set_three_check_fen(fen)
        else:
            Board.set_fen(self, fen)

    cdef int _set_crazyhouse_fen(self, str fen) except -1:
        parts = fen.split(None, 1)
        if len(parts) != 2:  # (python-chess's unpacking says so)
            raise ValueError(f"not enough values to unpack (expected 2, got {len(parts)})")
        position, info = parts
        if position.endswith("]"):
            if position.count("/") != 7:
                raise ValueError(f"expected 8 rows in position part of zh fen: {fen!r}")
            position = position[:len(position) - 1].replace("[", "/", 1)
        position, pocket = position.rsplit("/", 1) if position.count("/") == 8 else (position, "")
        cdef int counts[2][7]
        memset(counts, 0, sizeof(counts))
        for white in (True, False):  # White's pocket (its letters lowered) first, as python-chess reads
            for symbol in pocket:
                if symbol.isupper() != white:
                    continue
                symbol = symbol.lower() if white else symbol
                if symbol not in _PIECE_SYMBOLS[1:]:
                    raise ValueError(f"{symbol!r} is not in list")  # (python-chess's list.index says so)
                counts[0 if white else 1][_PIECE_SYMBOLS.index(symbol)] += 1
        Board.set_fen(self, position + " " + info)
        memcpy(self._top().pocket, counts, sizeof(counts))
        self._forget(0)
        self._pull()
        return 0

    cdef int _set_three_check_fen(self, str fen) except -1:
        parts = fen.split()
        if len(parts) >= 7 and parts[6][0] == "+":
            check = parts.pop(6)
            try:
                w, b = check[1:].split("+", 1)
                white, black = 3 - int(w), 3 - int(b)
            except ValueError:
                raise ValueError(f"invalid check part in lichess three-check fen: {check!r}") from None
        elif len(parts) >= 5 and "+" in parts[4]:
            check = parts.pop(4)
            try:
                w, b = check.split("+", 1)
                white, black = int(w), int(b)
            except ValueError:
                raise ValueError(f"invalid check part in three-check fen: {check!r}") from None
        else:
            white = black = _CHECKS_DEFAULT
        if not all(-2**31 <= c < 2**31 for c in (white, black)):  # chessbits' own limit: a C int
            raise ValueError(f"remaining checks must be ints in -2**31..2**31-1, got {white}, {black}")
        Board.set_fen(self, " ".join(parts))
        self._top().remaining_checks[0], self._top().remaining_checks[1] = white, black
        self._forget(0)
        self._pull()
        return 0

    def set_epd(self, epd):
        """Set the position from an EPD (three-check's ``w+b`` part of the position) and
        return its operations as a dict."""
        if self.v != VARIANT_THREE_CHECK:
            return Board.set_epd(self, epd)
        from chessbits.epd import parse_epd_operations
        parts = epd.strip().rstrip(";").split(None, 5)
        if len(parts) <= 5:
            self.set_fen(epd)
            return {}
        ops = parse_epd_operations(parts.pop(), lambda: type(self)(" ".join(parts) + " 0 1"))
        parts.append(str(ops["hmvc"]) if "hmvc" in ops else "0")
        parts.append(str(ops["fmvn"]) if "fmvn" in ops else "1")
        self.set_fen(" ".join(parts))
        return ops

    def reset(self):
        """The variant's starting position (the chess960 flag stays)."""
        self.set_fen(type(self).starting_fen)

    def set_chess960_pos(self, scharnagl):
        """Chess960 starting position number scharnagl, white to move with every castling right,
        the stack cleared; three-check's checks and crazyhouse's pockets stay, as in python-chess."""
        cdef VariantPos *vp = self._top()
        cdef int checks[2]
        cdef int pocket[2][7]
        memcpy(checks, vp.remaining_checks, sizeof(checks))
        memcpy(pocket, vp.pocket, sizeof(pocket))
        Board.set_chess960_pos(self, scharnagl)
        vp = self.plies[self.nply]
        memcpy(vp.remaining_checks, checks, sizeof(checks))
        memcpy(vp.pocket, pocket, sizeof(pocket))
        self._forget(self.nply)
        self._pull()

    def reset_board(self):
        """The pieces on their standard starting squares; three-check's checks and
        crazyhouse's pockets reset; the move stack cleared."""
        Board.reset_board(self)
        self._vreset_state()

    def clear_board(self):
        """Remove every piece; three-check's checks and crazyhouse's pockets reset; the move
        stack cleared."""
        Board.clear_board(self)
        self._vreset_state()

    # --- copies ---------------------------------------------------------------------------

    def copy(self, *, stack=True):
        """An independent copy with the variant's state; ``stack=False`` drops the history,
        an int keeps that many moves."""
        self._pull()
        cdef _VariantBoard b = Board.copy(self, stack=stack)
        cdef Py_ssize_t keep = b.nply, i
        b._vgrow(keep)
        for i in range(keep + 1):
            b.plies[i][0] = self.plies[self.nply - keep + i][0]
            b.plies[i].pos.st = &b.plies[i].st
            b.plies[i].st.prev = &b.plies[i - 1].st if i else NULL
        b._vstore()  # the top from the copy's own mirror (its state as the copy made it)
        return b

    def root(self):
        """A copy of the position before the first move of the stack, with its variant
        state (without a stack)."""
        self._pull()
        if not self.nply:
            return self.copy(stack=False)
        cdef _VariantBoard b = type(self).__new__(type(self))
        b.pos = self.plies[0].pos
        b.states[0] = self.plies[0].st
        b.pos.st = &b.states[0]
        b._attach(self)
        b.plies[0][0] = self.plies[0][0]
        b.plies[0].pos.st = &b.plies[0].st
        board_sync(&b.pos)
        b._forget(0)
        b._sync()
        return b

    def mirror(self):
        """A mirrored copy: flipped vertically, colours, turn, checks and pockets swapped."""
        cdef _VariantBoard b = Board.mirror(self)
        cdef VariantPos *vp = b._top()
        cdef int checks = vp.remaining_checks[0]
        cdef int pocket[7]
        vp.remaining_checks[0] = vp.remaining_checks[1]
        vp.remaining_checks[1] = checks
        memcpy(pocket, vp.pocket[0], sizeof(pocket))
        memcpy(vp.pocket[0], vp.pocket[1], sizeof(pocket))
        memcpy(vp.pocket[1], pocket, sizeof(pocket))
        b._forget(b.nply)
        return b

    def to_chess(self):
        """The same game as python-chess's board of this variant."""
        import chess.variant
        board = chess.variant.find_variant(type(self).uci_variant)(self.root().fen(en_passant="fen"),
                                                                   chess960=self.chess960)
        for move in self.move_stack:
            board.push(move.to_chess())
        return board

    # --- perft ----------------------------------------------------------------------------

    def perft(self, depth, *, threads=1, method=None, hash_mb=0):
        """Leaves ``depth`` plies below, as python-chess counts them (legal moves at depth 1),
        in C with the GIL released; threads > 1 share out the root moves.

        >>> import chessbits.variant
        >>> chessbits.variant.AtomicBoard().perft(3)
        8902
        """
        cdef int d = _perft_depth(depth, 0), n_threads = _threads(threads)
        cdef VariantPos vp
        cdef uint64_t nodes
        if method is not None or hash_mb:
            raise ValueError(f"method and hash_mb choose standard chess's counters; {type(self).uci_variant} "
                             f"perft has one counter and no hash")
        if n_threads > 1 and d > 1:
            return sum(self.divide(d, threads=n_threads).values())
        self._detached_variant(&vp)
        with nogil:
            nodes = variant_perft_c(&vp, d)
        return nodes

    cdef int _detached_variant(self, VariantPos *vp) except -1:
        """A copy of the top ply for C to count on with the GIL released (its history dropped)."""
        vp[0] = self._top()[0]
        vp.pos.st = &vp.st
        vp.st.prev = NULL
        return 0

    def divide(self, depth, *, threads=1, method=None):
        """Leaves ``depth`` - 1 plies below each legal move, by UCI (sorted)."""
        cdef int d = _perft_depth(depth, 1), n_threads = _threads(threads), n
        cdef PyMove moves[MAX_MOVES]
        cdef uint64_t counts[MAX_MOVES]
        cdef VariantPos vp
        if method is not None:
            raise ValueError(f"method chooses standard chess's counters; {type(self).uci_variant} perft has one")
        self._detached_variant(&vp)
        with nogil:
            n = variant_divide_c(&vp, d, n_threads, moves, counts)
        return dict(sorted((_variant_move(moves[i]).uci(), counts[i]) for i in range(n)))

    def perft_stats(self, depth):
        """The leaves ``depth`` plies down with perft-table statistics, as Board.perft_stats
        counts them, by the variant's rules: its moves (drops, king promotions, explosions),
        its checks (none in suicide, none in atomic while the kings touch) and its mates
        (in check with no legal move, python-chess's is_checkmate); in C, GIL released.

        >>> import chessbits.variant
        >>> chessbits.variant.ThreeCheckBoard().perft_stats(4)["checks"]
        469
        """
        cdef int d = _perft_depth(depth, 1)
        cdef VariantPos vp
        cdef PerftStats s
        memset(&s, 0, sizeof(PerftStats))
        self._detached_variant(&vp)
        with nogil:
            variant_perft_stats(&vp, d, &s)
        cdef const uint64_t *counts = <const uint64_t *>&s
        return {name: counts[k] for k, name in enumerate(PERFT_STAT_NAMES)}

    def ordered_moves(self, *, captures=False, order="mvv_lva", values=None):
        raise ValueError(f"ordered_moves orders standard chess's moves; iterate legal_moves of a "
                         f"{type(self).uci_variant} board")

