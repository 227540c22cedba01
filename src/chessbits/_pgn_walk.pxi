# Visiting a game tree in PGN order (python-chess's Game.accept, ChildNode.accept,
# accept_subgame, Mainline.accept): one traversal, whose every step either calls the visitor's
# methods with a Python board (any visitor) or, for python-chess's own exporters
# (StringExporter, FileExporter, str(game)) not overridden, writes their text in C: the
# position walked in C, SAN by ext/san_out.c, lines by ext/pgn_export.c, the exporter's state
# (lines, current_line, force_movenumber, ...) read before and written back after.

from libc.stdlib cimport realloc
from cpython.ref cimport Py_DECREF

cdef enum:
    _GENERIC = 0    # the visitor's methods are called
    _TO_LINES = 1   # a StringExporter: finished lines go to its lines
    _TO_FILE = 2    # a FileExporter: finished lines go to its handle
    _TO_TEXT = 3    # str(): no exporter object, the text is the result

# the methods a fast exporter must have as python-chess's StringExporter / FileExporter have them
cdef tuple _EXPORTER_METHODS = (
    "begin_game", "begin_headers", "visit_header", "end_headers", "visit_board", "visit_comment",
    "visit_nag", "visit_move", "begin_variation", "end_variation", "visit_result", "end_game",
    "write_token", "write_line", "flush_current_line")
cdef dict _EXPORTER_KINDS = {}
# columns beyond this are as good as unlimited (kept in int64 arithmetic)
cdef int64_t _COLUMNS_BOUND = (<int64_t>1) << 60


cdef int _exporter_kind(object cls) except -1:
    """_TO_LINES or _TO_FILE if instances of cls export as chessbits.pgn's StringExporter or
    FileExporter (no method overridden), else _GENERIC."""
    kind = _EXPORTER_KINDS.get(cls)
    if kind is None:
        kind = _GENERIC
        if _StringExporter is not None:
            for base, k in ((_StringExporter, _TO_LINES), (_FileExporter, _TO_FILE)):
                if issubclass(cls, base) and all(getattr(cls, m, None) is getattr(base, m) for m in _EXPORTER_METHODS):
                    kind = k
        _EXPORTER_KINDS[cls] = kind
    return kind


cdef int _move_number(char *out, uint32_t fullmove, bint white) noexcept:
    """Writes "12. " (white) or "12... " to out; returns its length."""
    cdef char digits[12]
    cdef int k = 0, n = 0
    while True:
        digits[k] = 48 + fullmove % 10
        k += 1
        fullmove //= 10
        if fullmove == 0:
            break
    while k:
        k -= 1
        out[n] = digits[k]
        n += 1
    memcpy(out + n, ". " if white else "... ", 2 if white else 4)
    return n + (2 if white else 4)


cdef str _decoded(const char *p, size_t n):
    return PyUnicode_DecodeUTF8(p, n, "surrogatepass")


@cython.final
cdef class _Walk:
    """One traversal for one visitor (see the top of this file)."""
    cdef object visitor
    cdef int kind
    cdef object board               # _GENERIC: the board the visitor sees
    cdef PgnBoard pb                # else: the position walked
    cdef PgnWriter w
    cdef bint headers, comments, variations, found_headers, force_movenumber
    cdef Py_ssize_t variation_depth
    cdef object hold                # an encoded text C is reading
    cdef bint next_api              # nodes' comments as lists (python-chess's next release)

    def __dealloc__(self):
        pgn_board_free(&self.pb)
        pgn_writer_free(&self.w)

    cdef const char *utf8(self, str text, Py_ssize_t *n) except NULL:
        """text's UTF-8 (lone surrogates as their 3-byte forms), valid until the next call."""
        try:
            return PyUnicode_AsUTF8AndSize(text, n)
        except UnicodeEncodeError:
            self.hold = text.encode("utf-8", "surrogatepass")
            n[0] = len(self.hold)
            return self.hold

    cdef int start(self, object visitor, int kind) except -1:
        """Reads a fast exporter's state (a visitor it cannot take is visited generically)."""
        cdef const char *p
        cdef Py_ssize_t n
        cdef int64_t columns = 0
        self.visitor = visitor
        self.kind = kind
        self.next_api = api_next()
        if kind == _TO_TEXT:
            pgn_writer_init(&self.w, 0, 0)
            self.headers = self.comments = self.variations = self.force_movenumber = True
            return 0
        if kind == _GENERIC:
            return 0
        v = visitor
        cols, depth, current = v.columns, v.variation_depth, v.current_line
        if not ((cols is None or isinstance(cols, int)) and type(depth) is int and type(current) is str):
            self.kind = _GENERIC
            return 0
        if cols is not None:
            columns = max(-_COLUMNS_BOUND, min(cols, _COLUMNS_BOUND))
        pgn_writer_init(&self.w, cols is not None, columns)
        p = self.utf8(current, &n)
        pgn_writer_set_current(&self.w, p, n)
        self.headers, self.comments, self.variations = bool(v.headers), bool(v.comments), bool(v.variations)
        self.found_headers, self.force_movenumber = bool(v.found_headers), bool(v.force_movenumber)
        self.variation_depth = depth
        return 0

    cdef int close(self) except -1:
        """Writes a fast exporter's state back (its new lines to its list or its handle)."""
        cdef size_t i, begin = 0
        if self.kind == _GENERIC or self.kind == _TO_TEXT:
            return 0
        if self.w.oom:
            raise MemoryError("out of memory writing PGN")
        v = self.visitor
        self.kind = _GENERIC
        lines = []
        for i in range(self.w.lines):
            lines.append(_decoded(self.w.text + begin, self.w.ends[i] - begin))
            begin = self.w.ends[i]
        v.current_line = _decoded(self.w.cur, self.w.curn)
        v.found_headers, v.force_movenumber = self.found_headers, self.force_movenumber
        v.variation_depth = self.variation_depth
        if _exporter_kind(type(v)) == _TO_FILE:
            handle = v.handle
            for line in lines:
                v.written += handle.write(line)
                v.written += handle.write("\n")
        else:
            v.lines.extend(lines)
        return 0

    cdef str text(self):
        """_TO_TEXT's result: StringExporter.result() of the lines written."""
        if self.w.oom:
            raise MemoryError("out of memory writing PGN")
        cdef size_t total = self.w.n + self.w.lines + self.w.curn
        cdef char *out = <char *>malloc(total + 1)
        cdef size_t i, k = 0, begin = 0, end
        if out == NULL:
            raise MemoryError()
        try:
            for i in range(self.w.lines):
                end = self.w.ends[i]
                if i:
                    out[k] = 10
                    k += 1
                if end > begin:
                    memcpy(out + k, self.w.text + begin, end - begin)
                k += end - begin
                begin = end
            if self.w.curn:
                if self.w.lines:
                    out[k] = 10
                    k += 1
                end = utf8_rstrip(self.w.cur, self.w.curn)
                memcpy(out + k, self.w.cur, end)
                k += end
            return _decoded(out, utf8_rstrip(out, k))
        finally:
            free(out)

    # --- the visitor's calls, in python-chess's order --------------------------------------

    cdef bint begin_game(self) except -1:
        """True if the visitor skips the game."""
        if self.kind == _GENERIC:
            return self.visitor.begin_game() is _SKIP
        if self.kind == _TO_FILE:
            self.visitor.written = 0
        return False

    cdef int begin_headers(self) except -1:
        if self.kind == _GENERIC:
            self.visitor.begin_headers()
        else:
            self.found_headers = False
        return 0

    cdef int header(self, object name, object value) except -1:
        cdef const char *p
        cdef const char *q
        cdef Py_ssize_t n, m
        if self.kind == _GENERIC:
            self.visitor.visit_header(name, value)
        elif self.headers:
            self.found_headers = True
            if type(name) is str and type(value) is str:
                q = self.utf8(<str>value, &m)
                hold = self.hold
                p = self.utf8(<str>name, &n)
                pgn_writer_header(&self.w, p, n, q, m)
            else:
                line = f"[{name} \"{value}\"]"
                p = self.utf8(line, &n)
                pgn_writer_line(&self.w, p, n)
        return 0

    cdef bint end_headers(self) except -1:
        """True if the visitor skips the moves."""
        if self.kind == _GENERIC:
            return self.visitor.end_headers() is _SKIP
        if self.found_headers:
            pgn_writer_line(&self.w, "", 0)
        return False

    cdef int set_board(self, object board) except -1:
        """The board the moves are played on; a fast walk needs a Board (a variant's board,
        say, gets the exporter's own methods)."""
        self.board = board
        if self.kind == _GENERIC:
            return 0
        if type(board) is Board:
            if pgn_board_set(&self.pb, &(<Board>board).pos, (<Board>board).pos.st) < 0:
                raise MemoryError()
            return 0
        if self.kind == _TO_TEXT:  # str(): a StringExporter to carry on with
            v = _StringExporter(columns=None)
            self.visitor = v
            self.kind = _TO_LINES
        self.close()
        return 0

    cdef int visit_board(self) except -1:
        if self.kind == _GENERIC:
            self.visitor.visit_board(self.board)
        return 0

    cdef int comment(self, object text) except -1:
        cdef const char *p
        cdef Py_ssize_t n
        if self.kind == _GENERIC:
            self.visitor.visit_comment(text)
        elif self.comments and (self.variations or not self.variation_depth):
            if self.next_api:  # python-chess's next release: { a } { b }, braces dropped
                token = _comment_token(text)  # (held while C reads its UTF-8)
                p = self.utf8(token, &n)
                pgn_writer_token(&self.w, p, n)
                self.force_movenumber = True
                return 0
            if type(text) is not str:
                text = text.replace("}", "").strip()  # (python-chess's error for a non-str)
            p = self.utf8(<str>text, &n)
            pgn_writer_comment(&self.w, p, n)
            self.force_movenumber = True
        return 0

    cdef int nag(self, object nag) except -1:
        cdef const char *p
        cdef Py_ssize_t n
        if self.kind == _GENERIC:
            self.visitor.visit_nag(nag)
        elif self.comments and (self.variations or not self.variation_depth):
            token = "$" + str(nag) + " "
            p = self.utf8(token, &n)
            pgn_writer_token(&self.w, p, n)
        return 0

    cdef int move(self, object move) except -1:
        """visit_move with the board before the move (a fast walk checks the move can be played)."""
        cdef char buf[SAN_MAX + 1]
        cdef char number[32]
        cdef int k, n
        if self.kind == _GENERIC:
            self.visitor.visit_move(self.board, move)
            return 0
        k = _node_key(move)
        if self.variations or not self.variation_depth:
            if self.pb.pos.side == WHITE_C or self.force_movenumber:
                n = _move_number(number, self.pb.pos.st.fullmove, self.pb.pos.side == WHITE_C)
                pgn_writer_token(&self.w, number, n)
            n = san_write(&self.pb.pos, <PyMove>k, 0, buf)
            if n < 0:
                raise _san_refused(k, _board_fen_of(&self.pb.pos))
            buf[n] = 32
            pgn_writer_token(&self.w, buf, n + 1)
            self.force_movenumber = False
        else:
            self.push(move)
            pgn_board_pop(&self.pb)
        return 0

    cdef int push(self, object move) except -1:
        cdef int k
        if self.kind == _GENERIC:
            self.board.push(move)
            return 0
        k = _node_key(move)
        k = pgn_board_play(&self.pb, <PyMove>k)
        if k < 0:
            raise MemoryError()
        if k:
            raise _push_refused(_node_key(move), _board_fen_of(&self.pb.pos))
        return 0

    cdef int pop(self) except -1:
        if self.kind == _GENERIC:
            self.board.pop()
        else:
            pgn_board_pop(&self.pb)
        return 0

    cdef bint begin_variation(self) except -1:
        """True if the visitor skips the variation."""
        if self.kind == _GENERIC:
            return self.visitor.begin_variation() is _SKIP
        self.variation_depth += 1
        if not self.variations:
            return True
        pgn_writer_token(&self.w, "( ", 2)
        self.force_movenumber = True
        return False

    cdef int end_variation(self) except -1:
        if self.kind == _GENERIC:
            self.visitor.end_variation()
            return 0
        self.variation_depth -= 1
        if self.variations:
            pgn_writer_token(&self.w, ") ", 2)
            self.force_movenumber = True
        return 0

    cdef int result(self, object result) except -1:
        cdef const char *p
        cdef Py_ssize_t n
        if self.kind == _GENERIC:
            self.visitor.visit_result(result)
        else:
            token = result + " "
            p = self.utf8(token, &n)
            pgn_writer_token(&self.w, p, n)
        return 0

    cdef int end_game(self) except -1:
        if self.kind == _GENERIC:
            self.visitor.end_game()
        else:
            pgn_writer_line(&self.w, "", 0)
        return 0


cdef _Walk _walk_for(object visitor):
    """A walk for visitor, fast where it can be (None: str()'s text)."""
    cdef _Walk walk = _Walk.__new__(_Walk)
    walk.start(visitor, _TO_TEXT if visitor is None else _exporter_kind(type(visitor)))
    return walk


cdef int _visit_node(_Walk walk, object node) except -1:
    """python-chess's ChildNode._accept_node: the move to node, at its parent's position."""
    cdef GameNode n
    if walk.next_api and walk.kind == _GENERIC:  # (python-chess's next release: the lists)
        starting, move, nags, comment = node.starting_comments, node.move, node.nags, node.comments
    elif isinstance(node, GameNode):  # (lists or, as the reader leaves them empty, strings)
        n = <GameNode>node
        starting, move, nags, comment = n.starting_comment, n.move, n._nags, n.comment
    else:
        starting, move, nags, comment = node.starting_comment, node.move, node.nags, node.comment
    if starting:
        walk.comment(starting)
    walk.move(move)
    if walk.kind == _GENERIC:  # (a fast walk checked the move in move())
        walk.push(move)
        walk.visit_board()
        walk.pop()
    if nags:
        for nag in sorted(nags):
            walk.nag(nag)
    if comment:
        walk.comment(comment)
    return 0


cdef struct _Frame:
    PyObject *node        # owned
    PyObject *siblings    # owned: the parent's variations, if its other ones are to be visited
    Py_ssize_t next       # the next of them
    int state
    bint in_variation     # a variation was begun from here: end it first


cdef enum:
    _FRAME_NODE = 0       # the node's move to visit
    _FRAME_SIDELINES = 1  # its siblings' variations, then its main child
    _FRAME_BACK = 2       # back from the main child: take the move back
    _FRAME_DONE = 3


cdef int _frame_push(_Frame **frames, Py_ssize_t *n, Py_ssize_t *cap, object node, bint sidelines) except -1:
    cdef _Frame *f
    cdef GameNode parent
    if n[0] == cap[0]:
        cap[0] = cap[0] * 2 if cap[0] else 64
        f = <_Frame *>realloc(frames[0], cap[0] * sizeof(_Frame))
        if f == NULL:
            raise MemoryError()
        frames[0] = f
    siblings = None
    if sidelines:
        p = node.parent
        if isinstance(p, GameNode):
            parent = <GameNode>p
            if parent._variations is not None:
                siblings = parent._variations
        else:
            siblings = p.variations
    f = &frames[0][n[0]]
    f.node = <PyObject *>node
    Py_INCREF(node)
    f.siblings = NULL
    if siblings is not None:
        f.siblings = <PyObject *>siblings
        Py_INCREF(siblings)
    f.next = 1
    f.state = _FRAME_NODE
    f.in_variation = False
    n[0] += 1
    return 0


cdef int _walk_line(_Walk walk, object start, bint sidelines) except -1:
    """python-chess's ChildNode._accept: start's move, then (with sidelines) its siblings as
    variations, then its main line on, each variation the same way; without recursion."""
    cdef _Frame *frames = NULL
    cdef Py_ssize_t n = 0, cap = 0, here
    cdef _Frame *top
    try:
        _frame_push(&frames, &n, &cap, start, sidelines)
        while n:
            top = &frames[n - 1]
            if top.in_variation:
                top.in_variation = False
                walk.end_variation()
            node = <object>top.node
            if top.state == _FRAME_NODE:
                _visit_node(walk, node)
                top.state = _FRAME_SIDELINES
            elif top.state == _FRAME_SIDELINES:
                if top.siblings != NULL and top.next < len(<object>top.siblings):
                    variation = (<object>top.siblings)[top.next]
                    top.next += 1
                    here = n - 1
                    if not walk.begin_variation():
                        _frame_push(&frames, &n, &cap, variation, False)
                    frames[here].in_variation = True
                else:
                    child = _child0(node)
                    if child is None:
                        top.state = _FRAME_DONE
                    else:
                        walk.push(node.move)
                        top.state = _FRAME_BACK
                        _frame_push(&frames, &n, &cap, child, True)
            elif top.state == _FRAME_BACK:
                walk.pop()
                top.state = _FRAME_DONE
            else:
                n -= 1
                Py_DECREF(<object>frames[n].node)
                if frames[n].siblings != NULL:
                    Py_DECREF(<object>frames[n].siblings)
    finally:
        while n:
            n -= 1
            Py_DECREF(<object>frames[n].node)
            if frames[n].siblings != NULL:
                Py_DECREF(<object>frames[n].siblings)
        free(frames)
    return 0


cdef list _header_items(object headers):
    """The (name, value) pairs of a game's headers, in their order."""
    cdef Headers h
    if type(headers) is Headers:
        h = <Headers>headers
        h._dicts()
        items = [(key, h._roster_d[key]) for key in PGN_ROSTER if key in h._roster_d]
        items.extend(h._others_d.items())
        return items
    return list(headers.items())


cdef object _accept_game(Game game, object visitor):
    """python-chess's Game.accept."""
    cdef _Walk walk = _walk_for(visitor)
    try:
        if not walk.begin_game():
            headers = game.headers
            for name, value in _header_items(headers):
                walk.header(name, value)
            if not walk.end_headers():
                walk.set_board(game.board())
                walk.visit_board()
                comment = game.comments if walk.next_api and walk.kind == _GENERIC else game.comment
                if comment:
                    walk.comment(comment)
                child = _child0(game)
                if child is not None:
                    _walk_line(walk, child, True)
                walk.result(headers.get("Result", "*"))
        walk.end_game()
    finally:
        walk.close()
    if walk.visitor is None:
        return walk.text()
    return walk.visitor.result()


cdef object _accept_child(object node, object visitor):
    """python-chess's ChildNode.accept: from node's move on, its siblings left out."""
    cdef _Walk walk = _walk_for(visitor)
    try:
        walk.set_board(node.parent.board())
        _walk_line(walk, node, False)
    finally:
        walk.close()
    if walk.visitor is None:
        return walk.text()
    return walk.visitor.result()


cdef object _accept_subgame(object node, object visitor):
    """python-chess's GameNode.accept_subgame: the game as if it started at node."""
    cdef _Walk walk = _walk_for(visitor)
    try:
        if not walk.begin_game():
            game = node.game()
            board = node.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            walk.begin_headers()
            for name, value in _header_items(game.headers):
                if name not in setup.headers:
                    walk.header(name, value)
            for name, value in _header_items(setup.headers):
                walk.header(name, value)
            if not walk.end_headers():
                walk.set_board(board)
                walk.visit_board()
                child = _child0(node)
                if child is not None:
                    _walk_line(walk, child, True)
                walk.result(game.headers.get("Result", "*"))
        walk.end_game()
    finally:
        walk.close()
    return walk.visitor.result()


cdef object _accept_mainline(object start, object visitor):
    """python-chess's Mainline.accept: the main line's moves, nothing else."""
    cdef _Walk walk = _walk_for(visitor)
    node = start
    try:
        walk.set_board(start.board())
        while True:
            child = _child0(node)
            if child is None:
                break
            node = child
            _visit_node(walk, node)
            walk.push(node.move)
    finally:
        walk.close()
    if walk.visitor is None:
        return walk.text()
    return walk.visitor.result()


cdef str _mainline_string(object start, bint comments):
    """str() (comments) or repr()'s text (no comments) of the main line after start."""
    if comments:
        return _accept_mainline(start, None)
    return _accept_mainline(start, _StringExporter(columns=None, comments=False))


cdef str _to_string(object node):
    """str(node): python-chess's accept(StringExporter(columns=None)), written in C."""
    if type(node).accept is not Game.accept and type(node).accept is not ChildNode.accept:
        return node.accept(_StringExporter(columns=None))
    if isinstance(node, Game):
        return _accept_game(<Game>node, None)
    return _accept_child(node, None)


cdef int _accept_node_generic(object node, object board, object visitor) except -1:
    """ChildNode._accept_node(board, visitor), as python-chess's callers use it."""
    cdef _Walk walk = _Walk.__new__(_Walk)
    walk.visitor = visitor
    walk.board = board
    _visit_node(walk, node)
    return 0
