# chess.pgn's game tree: GameNode, ChildNode, Game, Headers and Mainline, with python-chess's
# API and answers. A node's variations list and NAG set are made when first asked for:
# read_game keeps a lone child in a field, so a game read makes one object per move. A node's
# board is its game's start with the moves down to it pushed in one call; the comment
# annotations ([%clk], [%emt], [%eval], [%csl]/[%cal]) are found in C (ext/pgn_annot.c), or by
# chessbits.pgn's regexes (python-chess's, the specification) in a comment with whitespace or
# digits past ASCII, which only they read as Python does.

from cpython.unicode cimport (PyUnicode_AsUTF8AndSize, PyUnicode_DecodeASCII, PyUnicode_DecodeUTF8,
                              Py_UNICODE_ISSPACE, Py_UNICODE_ISDECIMAL)
from libc.stdlib cimport malloc, free
from libc.math cimport fabs, round as c_round

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object o)
    double PyOS_string_to_double(const char *s, char **endptr, PyObject *overflow_exception) except? -1.0
from types import GenericAlias as _GenericAlias

import collections.abc as _abc
import sys as _sys

# what chessbits.pgn hands over at import (_pgn_register): its classes and regexes
cdef object _SKIP = None
cdef object _StringExporter = None
cdef object _FileExporter = None
cdef object _GameBuilder = None
cdef object _HeadersBuilder = None
cdef object _SkipVisitor = None
cdef object _CLOCK_REGEX = None
cdef object _EMT_REGEX = None
cdef object _EVAL_REGEX = None
cdef object _ARROWS_REGEX = None
cdef object _TAG_NAME_REGEX = None
cdef object _condense = None
cdef object _Arrow = None       # chessbits.svg.Arrow, or the function that imports it
cdef object _find_variant = None


def _pgn_register(*, SKIP, StringExporter, FileExporter, GameBuilder, HeadersBuilder, SkipVisitor,
                  CLOCK_REGEX, EMT_REGEX, EVAL_REGEX, ARROWS_REGEX, TAG_NAME_REGEX, condense,
                  Arrow, find_variant):
    """chessbits.pgn's Python half, made known to the tree (called once, at its import)."""
    global _SKIP, _StringExporter, _FileExporter, _GameBuilder, _HeadersBuilder, _SkipVisitor
    global _CLOCK_REGEX, _EMT_REGEX, _EVAL_REGEX, _ARROWS_REGEX, _TAG_NAME_REGEX, _condense
    global _Arrow, _find_variant
    _SKIP, _StringExporter, _FileExporter = SKIP, StringExporter, FileExporter
    _GameBuilder, _HeadersBuilder, _SkipVisitor = GameBuilder, HeadersBuilder, SkipVisitor
    _CLOCK_REGEX, _EMT_REGEX, _EVAL_REGEX, _ARROWS_REGEX = CLOCK_REGEX, EMT_REGEX, EVAL_REGEX, ARROWS_REGEX
    _TAG_NAME_REGEX, _condense, _Arrow, _find_variant = TAG_NAME_REGEX, condense, Arrow, find_variant


cdef str _abstract_message(str name, list missing):
    """Python's own words for instantiating an abstract class (they changed in 3.12)."""
    if _sys.version_info >= (3, 12):
        methods = ", ".join(f"'{m}'" for m in missing)
        return (f"Can't instantiate abstract class {name} without an implementation for abstract "
                f"method{'s' if len(missing) > 1 else ''} {methods}")
    return f"Can't instantiate abstract class {name} with abstract method{'s' if len(missing) > 1 else ''} {', '.join(missing)}"


cdef object _arrow_class():
    """chessbits.svg.Arrow, imported on first use."""
    global _Arrow
    if not isinstance(_Arrow, type):
        _Arrow = _Arrow()
    return _Arrow


# --- reading a comment's annotations --------------------------------------------------------

cdef const char *_scannable(object comment, Py_ssize_t *n) except? NULL:
    """comment's UTF-8 if the C scanners read it as the regexes do, else NULL: a str whose
    characters past ASCII are neither whitespace nor digits to Python's re (\\s, \\d), which
    then take no part in any match."""
    cdef const char *p
    cdef size_t i = 0
    cdef Py_UCS4 c
    if type(comment) is not str:
        return NULL
    try:
        p = PyUnicode_AsUTF8AndSize(comment, n)
    except UnicodeEncodeError:  # a lone surrogate: the regexes read it
        return NULL
    if not PyUnicode_IS_ASCII(comment):
        while True:
            i = utf8_next_wide(p, n[0], i)
            if i >= <size_t>n[0]:
                break
            c = utf8_decode(p, n[0], &i)
            if Py_UNICODE_ISSPACE(c) or Py_UNICODE_ISDECIMAL(c):
                return NULL
    return p


cdef object _seconds(object comment, const char *p, PgnTimeMatch *t):
    """python-chess's hours * 3600 + minutes * 60 + float(seconds) of a time annotation."""
    if t.hn > 15 or t.mn > 15:  # past int64: Python's ints, as python-chess computes
        return int(p[t.h:t.h + t.hn]) * 3600 + int(p[t.m:t.m + t.mn]) * 60 + float(p[t.s:t.s + t.sn])
    cdef int64_t whole = 0
    cdef size_t i
    for i in range(t.hn):
        whole = whole * 10 + (p[t.h + i] - 48)
    whole *= 3600
    cdef int64_t minutes = 0
    for i in range(t.mn):
        minutes = minutes * 10 + (p[t.m + i] - 48)
    return <double>(whole + minutes * 60) + _float_of(p + t.s, t.sn)


cdef double _float_of(const char *p, size_t n) except? -1.0:
    """float() of ASCII digits with an optional fraction (Python's own conversion)."""
    cdef char buf[64]
    cdef double x
    if pgn_decimal(p, n, &x):
        return x
    if n < sizeof(buf):
        memcpy(buf, p, n)
        buf[n] = 0
        return PyOS_string_to_double(buf, NULL, NULL)
    return float(p[:n].decode("ascii"))


cdef object _time_annotation(object comment, bint emt, object regex):
    """clock() or emt() of a comment."""
    cdef Py_ssize_t n
    cdef PgnTimeMatch t
    cdef const char *p = _scannable(comment, &n)
    if p == NULL:
        match = regex.search(comment)
        if match is None:
            return None
        return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))
    if not pgn_find_time(p, n, 0, "emt" if emt else "clk", &t):
        return None
    return _seconds(comment, p, &t)


cdef object _round_half_even(double x):
    """round(x) as Python rounds a float: to the nearest int, halves to even."""
    cdef double r = c_round(x)
    if fabs(x - r) == 0.5:
        r = 2.0 * c_round(x / 2.0)
    return int(r)


cdef object _eval_parts(object comment, double *cp):
    """(mate text, None, depth text or None) or (None, None, depth text or None) with *cp the
    pawns of the first [%eval], or None; from the regex: (mate, cp, depth) texts."""
    cdef Py_ssize_t n
    cdef PgnEvalMatch e
    cdef const char *p = _scannable(comment, &n)
    if p == NULL:
        match = _EVAL_REGEX.search(comment)
        if match is None:
            return None
        return match.group("mate"), match.group("cp"), match.group("depth")
    if not pgn_find_eval(p, n, 0, &e):
        return None
    depth = PyUnicode_DecodeASCII(p + e.d, e.dn, NULL) if e.dn else None
    if e.mate:
        return PyUnicode_DecodeASCII(p + e.v, e.vn, NULL), None, depth
    cp[0] = _float_of(p + e.v, e.vn)
    return None, None, depth


# --- the tree ---------------------------------------------------------------------------------

cdef class GameNode:
    """A node of a game tree (python-chess's chess.pgn.GameNode): the move that led to it,
    its variations (children, the main line first), its comments and NAGs."""
    cdef public object parent
    cdef public object move
    cdef public object comment           # (answering as python-chess's next release, the
    cdef public object starting_comment  # comments and starting_comments lists: chessbits._api)
    cdef object _variations  # the list once asked for, else None
    cdef object _first       # until then, the only child (read_game's builder), or None
    cdef object _nags        # the set once asked for, else None
    cdef dict __dict__
    cdef object __weakref__

    def __init__(self, *, comment=""):
        if not isinstance(self, (ChildNode, Game)):
            cls = type(self)
            missing = [m for m in ("accept", "board", "ply") if getattr(cls, m) is getattr(GameNode, m)]
            if missing:
                raise TypeError(_abstract_message(cls.__name__, missing))
        self.parent = None
        self.move = None
        self._variations = []
        self._first = None
        self.comment = _comment_list(comment) if api_next() else comment
        self.starting_comment = [] if api_next() else ""
        self._nags = set()

    @property
    def comments(self):
        """The node's comments, a list (python-chess's next release; 1.11 has one ``comment``
        string, and there this is only a program's own attribute)."""
        if not api_next():
            return _own_attribute(self, "comments")
        if type(self.comment) is str:  # (a node made or read answering as 1.11, or by the reader)
            self.comment = _comment_list(self.comment)
        return self.comment

    @comments.setter
    def comments(self, value):
        if api_next():
            self.comment = value
        else:
            getattr(self, "__dict__")["comments"] = value

    @property
    def starting_comments(self):
        """The comments before the node's move starts a variation, a list (python-chess's
        next release; 1.11 has ``starting_comment``)."""
        if not api_next():
            return _own_attribute(self, "starting_comments")
        if type(self.starting_comment) is str:
            self.starting_comment = _comment_list(self.starting_comment)
        return self.starting_comment

    @starting_comments.setter
    def starting_comments(self, value):
        if api_next():
            self.starting_comment = value
        else:
            getattr(self, "__dict__")["starting_comments"] = value

    @property
    def variations(self):
        """The child nodes, the main line first (a list)."""
        if self._variations is None:
            self._variations = [] if self._first is None else [self._first]
            self._first = None
        return self._variations

    @variations.setter
    def variations(self, value):
        self._variations = value
        self._first = None

    @property
    def nags(self):
        """The NAGs of the move to this node (a set of ints)."""
        if self._nags is None:
            self._nags = set()
        return self._nags

    @nags.setter
    def nags(self, value):
        self._nags = value

    def board(self):
        """The position at this node (a new Board each call)."""

    def ply(self):
        """The half-moves played up to this node, counted from the start's fullmove number."""

    def accept(self, visitor):
        """Visits the nodes in PGN order from the move to this node; the visitor's result."""

    def turn(self):
        """The side to move at this node (``chess.WHITE`` or ``chess.BLACK``)."""
        return _turn(self)

    def root(self):
        """The node at the top of the tree."""
        node = self
        while node.parent:
            node = node.parent
        return node

    def game(self):
        """The Game at the top of the tree."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self):
        """The last node of the main line from here.

        >>> from chessbits.pgn import Game
        >>> Game().add_line([Move.from_uci("e2e4"), Move.from_uci("e7e5")]).parent.end().move
        Move.from_uci('e7e5')
        """
        cdef object node = self
        cdef object child
        while True:
            child = _child0(node)
            if child is None:
                return node
            node = child

    def is_end(self):
        """True if this node has no variations."""
        return _nchildren(self) == 0

    def starts_variation(self):
        """True if this node is a variation of its parent other than the main one."""
        parent = _parent_of(self)
        if not parent or _nchildren(parent) == 0:
            return False
        return _child0(parent) is not self

    def is_mainline(self):
        """True if this node is on the game's main line."""
        cdef object node = self, parent
        while True:
            parent = _parent_of(node)
            if not parent:
                return True
            if _child0(parent) is not node:
                return False
            node = parent

    def is_main_variation(self):
        """True if this node is its parent's main variation (the root is)."""
        parent = _parent_of(self)
        if not parent:
            return True
        return _nchildren(parent) == 0 or _child0(parent) is self

    def __getitem__(self, move):
        variations = self.variations
        try:
            return variations[move]
        except TypeError:
            for variation in variations:
                if variation.move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move):
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move):
        """A child by its index, its move or the node itself; KeyError if none."""
        return self[move]

    def has_variation(self, move):
        """True if a child has this index, move or node."""
        return move in self

    def promote_to_main(self, move):
        """Makes a variation the main line."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move):
        """Moves a variation one place up."""
        variation = self[move]
        variations = self.variations
        i = variations.index(variation)
        if i > 0:
            variations[i - 1], variations[i] = variations[i], variations[i - 1]

    def demote(self, move):
        """Moves a variation one place down."""
        variation = self[move]
        variations = self.variations
        i = variations.index(variation)
        if i < len(variations) - 1:
            variations[i + 1], variations[i] = variations[i], variations[i + 1]

    def remove_variation(self, move):
        """Removes a variation."""
        self.variations.remove(self.variation(move))

    def add_variation(self, move, *, comment="", starting_comment="", nags=[]):
        """A new child for move, after the others."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move, *, comment="", nags=[]):
        """A new child for move, made the main line."""
        node = self.add_variation(move, comment=comment, nags=nags)
        variations = self.variations
        variations.insert(0, variations.pop())
        return node

    def next(self):
        """The main variation, or None at the end."""
        return _child0(self)

    def mainline(self):
        """The nodes of the main line after this one (an iterable Mainline)."""
        return _mainline(self, _MAINLINE_NODES)

    def mainline_moves(self):
        """The moves of the main line after this node (an iterable Mainline).

        >>> from chessbits.pgn import Game
        >>> game = Game()
        >>> game.add_line([Move.from_uci("d2d4"), Move.from_uci("d7d5")])
        <ChildNode at ... (1... d5 ...)>
        >>> list(game.mainline_moves())
        [Move.from_uci('d2d4'), Move.from_uci('d7d5')]
        """
        return _mainline(self, _MAINLINE_MOVES)

    def add_line(self, moves, *, comment="", starting_comment="", nags=[]):
        """Children for a line of moves, one below the other; the comment and NAGs go to the
        last, which is returned."""
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        if api_next():
            node.comments.extend(_comment_list(comment))
        elif node.comment:
            node.comment += " " + comment
        else:
            node.comment = comment
        node.nags.update(nags)
        return node

    # --- annotations in the comment ----------------------------------------------------------

    def eval(self):
        """The first ``[%eval ...]`` of the comment as a PovScore, or None."""
        cdef double pawns = 0.0
        parts = _eval_parts(_comment_text(self), &pawns)
        if parts is None:
            return None
        mate, cp, _ = parts
        turn = _turn(self) if type(self) is ChildNode else self.turn()
        if mate:
            moves = int(mate)
            if moves == 0 or turn:  # Mate(0): the side to move after mate is the side mated
                return _pov_score(_mate_score(moves), turn)
            return _pov_score(_mate_score(-moves), turn)
        value = _round_half_even((pawns if cp is None else float(cp)) * 100)
        return _pov_score(_cp_score(value if turn else -value), turn)

    def eval_depth(self):
        """The depth of the first ``[%eval ...]`` of the comment, or None."""
        cdef double pawns
        parts = _eval_parts(_comment_text(self), &pawns)
        return int(parts[2]) if parts is not None and parts[2] else None

    def set_eval(self, score, depth=None):
        """Replaces the first ``[%eval ...]`` of the comment (or adds one; None removes it)."""
        text = ""
        if score is not None:
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                text = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif white.mate():
                text = f"[%eval #{white.mate()}{suffix}]"
        if api_next():
            _replace_or_add(self, text, _EVAL_REGEX)
            return
        self.comment, found = _EVAL_REGEX.subn(_condense(text), self.comment, count=1)
        if not found and text:
            if self.comment and not self.comment.endswith(" "):
                self.comment += " "
            self.comment += text

    def arrows(self):
        """The arrows and circles of the comment's ``[%csl ...]`` and ``[%cal ...]`` (a list of
        chessbits.svg.Arrow)."""
        cdef Py_ssize_t n
        cdef size_t at = 0, i, k
        cdef PgnArrowsMatch a
        comment = _comment_text(self)
        cdef const char *p = _scannable(comment, &n)
        Arrow = _arrow_class()
        out = []
        if p == NULL:
            for match in _ARROWS_REGEX.finditer(comment):
                for item in match.group("arrows").split(","):
                    out.append(Arrow.from_pgn(item))
            return out
        while pgn_find_arrows(p, n, at, &a):
            i = a.list
            while i < a.list + a.listn:
                k = 5 if i + 5 <= a.list + a.listn and p[i + 3] != 44 else 3
                tail = (p[i + 1] - 97) + 8 * (p[i + 2] - 49)
                head = (p[i + 3] - 97) + 8 * (p[i + 4] - 49) if k == 5 else tail
                out.append(Arrow(tail, head, color=_ARROW_COLORS[p[i]]))
                i += k + 1
            at = a.at.end
        return out

    def set_arrows(self, arrows):
        """Replaces the comment's ``[%csl ...]`` and ``[%cal ...]`` with these arrows (Arrow
        objects or (tail, head) pairs; a pair on one square is a circle)."""
        csl, cal = [], []
        Arrow = _arrow_class()
        for arrow in arrows:
            try:
                tail, head = arrow
                arrow = Arrow(tail, head)
            except TypeError:
                pass
            (csl if arrow.tail == arrow.head else cal).append(arrow.pgn())
        prefix = ""
        if csl:
            prefix += f"[%csl {','.join(csl)}]"
        if cal:
            prefix += f"[%cal {','.join(cal)}]"
        if api_next():  # each comment without its arrows, the empty ones dropped, the new first
            comments = self.comments
            for i in range(len(comments)):
                comments[i] = _ARROWS_REGEX.sub(_condense(""), comments[i])
            self.comments = comments = list(filter(None, comments))
            if prefix:
                comments.insert(0, prefix)
            return
        self.comment = _ARROWS_REGEX.sub(_condense(""), self.comment)
        if prefix and self.comment and not self.comment.startswith(" ") and not self.comment.startswith("\n"):
            self.comment = prefix + " " + self.comment
        else:
            self.comment = prefix + self.comment

    def clock(self):
        """The first ``[%clk ...]`` of the comment in seconds (the mover's time left), or None."""
        return _time_annotation(_comment_text(self), False, _CLOCK_REGEX)

    def set_clock(self, seconds):
        """Replaces the first ``[%clk ...]`` of the comment (or adds one; None removes it)."""
        _set_time(self, seconds, "clk", _CLOCK_REGEX)

    def emt(self):
        """The first ``[%emt ...]`` of the comment in seconds (the time the move took), or None."""
        return _time_annotation(_comment_text(self), True, _EMT_REGEX)

    def set_emt(self, seconds):
        """Replaces the first ``[%emt ...]`` of the comment (or adds one; None removes it)."""
        _set_time(self, seconds, "emt", _EMT_REGEX)

    def accept_subgame(self, visitor):
        """Visits the game from this node as if it started here (its headers, a FEN of this
        position); the visitor's result."""
        return _accept_subgame(self, visitor)

    def __str__(self):
        return _to_string(self)

    def __reduce_ex__(self, protocol):
        # pickled and copied as python-chess's nodes are: made empty, then given their state
        return (_node_new, (type(self),), self.__getstate__())

    def __getstate__(self):
        return (self.parent, self.move, self.variations, self.comment, self.starting_comment,
                self.nags, getattr(self, "__dict__") or None)

    def __setstate__(self, state):
        self.parent, self.move, self._variations, self.comment, self.starting_comment, self._nags, attrs = state[:7]
        self._first = None
        if attrs:
            getattr(self, "__dict__").update(attrs)


cdef dict _ARROW_COLORS = {71: "green", 82: "red", 89: "yellow", 66: "blue"}


cpdef list _comment_list(object comment):
    """python-chess's next release's comments of a comment given as a str or a list (pgn.py's
    builder reads them so too)."""
    return [] if not comment else [comment] if isinstance(comment, str) else comment


cpdef str _comment_token(object comment):
    """What python-chess's next release's exporters write for a comment (a str or a list):
    ``{ a } { b } ``, braces taken out, empty ones left out (pgn.py's exporter writes it too)."""
    edited = [c.replace("{", "").replace("}", "") for c in _comment_list(comment)]
    return " ".join([f"{{ {c} }}" for c in edited if c]) + " "


cdef object _comment_text(GameNode node):
    """The text the annotations are read from: the comment, or (python-chess's next release)
    the comments joined by spaces."""
    return " ".join(node.comments) if api_next() else node.comment


cdef object _own_attribute(object node, str name):
    """A program's own attribute of node, or AttributeError in Python's words."""
    try:
        return getattr(node, "__dict__")[name]
    except KeyError:
        raise AttributeError(f"'{type(node).__name__}' object has no attribute '{name}'") from None


cdef int _replace_or_add(GameNode node, str text, object regex) except -1:
    """python-chess's next release's annotation setter: the first comment holding one has it
    replaced, the empty ones dropped, text appended if none held one."""
    comments = node.comments
    found = 0
    for i in range(len(comments)):
        comments[i], found = regex.subn(_condense(text), comments[i], count=1)
        if found:
            break
    node.comments = comments = list(filter(None, comments))
    if not found and text:
        comments.append(text)
    return 0


cdef int _set_time(GameNode node, object seconds, str name, object regex) except -1:
    """set_clock / set_emt: the annotation written as python-chess writes it."""
    text = ""
    if seconds is not None:
        seconds = max(0, seconds)
        hours = int(seconds // 3600)
        minutes = int(seconds % 3600 // 60)
        seconds = seconds % 3600 % 60
        part = f"{seconds:06.3f}".rstrip("0").rstrip(".")
        text = f"[%{name} {hours:d}:{minutes:02d}:{part}]"
    if api_next():
        return _replace_or_add(node, text, regex)
    node.comment, found = regex.subn(_condense(text), node.comment, count=1)
    if not found and text:
        if node.comment and not node.comment.endswith(" ") and not node.comment.endswith("\n"):
            node.comment += " "
        node.comment += text
    return 0


def _node_new(cls):
    return cls.__new__(cls)


cdef inline object _child0(object node):
    """The main variation of node, or None."""
    cdef GameNode n
    if isinstance(node, GameNode):
        n = <GameNode>node
        if n._variations is None:
            return n._first
        if type(n._variations) is list:
            return (<list>n._variations)[0] if n._variations else None
    variations = node.variations
    return variations[0] if variations else None


cdef inline Py_ssize_t _nchildren(object node) except -1:
    """The number of variations of node."""
    cdef GameNode n
    if isinstance(node, GameNode):
        n = <GameNode>node
        if n._variations is None:
            return n._first is not None
    return len(node.variations)


cdef ChildNode _new_child(object cls, GameNode parent, object move, object starting_comment):
    """A node of class cls for move added to parent's variations, as ChildNode(parent, move)
    makes it, without a list or set until asked for."""
    cdef ChildNode node = ChildNode.__new__(ChildNode) if cls is ChildNode else cls.__new__(cls)
    node.parent = parent
    node.move = move
    node.comment = ""
    node.starting_comment = starting_comment
    if parent._variations is not None:
        parent._variations.append(node)
    elif parent._first is None:
        parent._first = node
    else:
        parent._variations = [parent._first, node]
        parent._first = None
    return node


cdef class ChildNode(GameNode):
    """A node with the move that led to it (python-chess's chess.pgn.ChildNode).

    >>> from chessbits.pgn import Game
    >>> node = Game().add_variation(Move.from_uci("g1f3"), comment="[%clk 0:03:00]")
    >>> node.san(), node.ply(), node.clock()
    ('Nf3', 1, 180.0)
    """

    def __init__(self, parent, move, *, comment="", starting_comment="", nags=[]):
        GameNode.__init__(self, comment=comment)
        self.parent = parent
        self.move = move
        if isinstance(parent, GameNode) and type((<GameNode>parent)._variations) is list:
            (<list>(<GameNode>parent)._variations).append(self)
        else:
            parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = _comment_list(starting_comment) if api_next() else starting_comment

    def board(self):
        """The position after this node's move (a new Board each call).

        >>> from chessbits.pgn import read_game
        >>> import io
        >>> read_game(io.StringIO("1. e4 e5 2. Nf3 *")).end().board().fen()
        'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
        """
        return _node_board(self)

    def ply(self):
        """The half-moves played up to this node (the start's fullmove number counted)."""
        cdef PyObject *root
        cdef Py_ssize_t ply = _parents(self, &root)
        return _root_ply(<object>root) + ply

    def san(self):
        """The SAN of the move to this node, e.g. ``'Nf3'``."""
        return _node_notation(self, False, None)

    def uci(self, *, chess960=None):
        """The UCI of the move to this node, e.g. ``'g1f3'``."""
        return _node_notation(self, True, chess960)

    def end(self):
        """The last node of the main line from here."""
        return GameNode.end(self)

    def _accept_node(self, parent_board, visitor):
        _accept_node_generic(self, parent_board, visitor)

    def _accept(self, parent_board, visitor, *, sidelines=True):
        cdef _Walk walk = _Walk.__new__(_Walk)
        walk.visitor = visitor
        walk.board = parent_board
        _walk_line(walk, self, sidelines)

    def accept(self, visitor):
        """Visits this node's move and what follows in PGN order (its siblings not); the
        visitor's result."""
        return _accept_child(self, visitor)

    def __repr__(self):
        try:
            parent_board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        return "<{} at {:#x} ({}{} {} ...)>".format(
            type(self).__name__, id(self), parent_board.fullmove_number,
            "." if parent_board.turn else "...", parent_board.san(self.move))


cdef Py_ssize_t _parents(object node, PyObject **root) except -1:
    """How many parents there are above node; *root the one without a parent (borrowed: the
    tree holds it). Nodes of chessbits' own classes are walked by their fields."""
    cdef PyObject *p = <PyObject *>node
    cdef PyObject *up
    cdef Py_ssize_t n = 0
    while True:
        if type(<object>p) is ChildNode or type(<object>p) is Game:
            up = <PyObject *>(<GameNode>p).parent
        else:
            parent = (<object>p).parent
            up = <PyObject *>parent  # (held by that node)
        if up == <PyObject *>None:
            root[0] = p
            return n
        n += 1
        p = up


cdef object _root_ply(object root):
    """root.game().ply() (0 for a game without a FEN header, without a call)."""
    if type(root) is Game and type((<Game>root).headers) is Headers and \
            not (<Headers>(<Game>root).headers)._has("FEN"):
        return 0
    return _game_of(root).ply()


cdef object _turn(object node):
    """node.turn() as python-chess's (ply() % 2 == 0), the ply counted here for a ChildNode."""
    cdef PyObject *root
    cdef Py_ssize_t n
    if type(node) is ChildNode:
        n = _parents(node, &root)
        return (_root_ply(<object>root) + n) % 2 == 0
    return node.ply() % 2 == 0


cdef object _game_of(object node):
    """node.game() of a root node."""
    if type(node) is Game:
        return node
    return node.game()


cdef Board _START = None  # the standard start, for reading only


cdef Board _start_board():
    global _START
    if _START is None:
        _START = Board()
    return _START


cdef object _board_to_read(object root):
    """The starting board of root's game (root.game().board()), to read and not change: the
    shared standard start where that is what it would be."""
    cdef Headers h
    if type(root) is Game and type((<Game>root).headers) is Headers:
        h = <Headers>(<Game>root).headers
        if not h._has("FEN") and not h._has("Variant"):
            return _start_board()
    return _game_of(root).board()


cdef Py_ssize_t _line_to(object node, PyObject ***moves, PyObject **root) except -1:
    """The moves from the top of node's tree down to node, written to a malloc'd *moves (to be
    freed; borrowed: the tree holds them); *root the node the walk up stopped at (python-chess's
    loop condition)."""
    cdef Py_ssize_t n = 0, i
    cdef object top = node
    while _move_of_node(top) is not None and _parent_of(top) is not None:
        n += 1
        top = _parent_of(top)
    root[0] = <PyObject *>top
    moves[0] = <PyObject **>malloc((n + 1) * sizeof(PyObject *))
    if moves[0] == NULL:
        raise MemoryError()
    cdef object move
    i = n
    top = node
    while i > 0:
        i -= 1
        move = _move_of_node(top)
        moves[0][i] = <PyObject *>move  # (the node holds it)
        top = _parent_of(top)
    return n


cdef inline object _parent_of(object node):
    """node.parent (read from the field on a GameNode)."""
    return (<GameNode>node).parent if isinstance(node, GameNode) else node.parent


cdef inline object _move_of_node(object node):
    """node.move (read from the field on a GameNode)."""
    return (<GameNode>node).move if isinstance(node, GameNode) else node.move


cdef int _push_line(object board, PyObject **moves, Py_ssize_t n) except -1:
    """board.push() of moves[0..n): in one call on a Board, one by one on any other board."""
    cdef PyMove *keys
    cdef Py_ssize_t i
    if type(board) is not Board:
        for i in range(n):
            board.push(<object>moves[i])
        return 0
    keys = <PyMove *>malloc((n + 1) * sizeof(PyMove))
    if keys == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            keys[i] = _node_key(<object>moves[i])
        (<Board>board)._push_keys(keys, n)
    finally:
        free(keys)
    return 0


cdef inline int _node_key(object move) except -1:
    """The PyMove of a node's move; IllegalMoveError for a drop (no Board plays one)."""
    cdef int k = _key_of(move)
    if k < 0:
        raise move_error(IllegalMoveError, f"drops are not played in chess: {move!r}")
    return k


cdef object _node_board(object node):
    """python-chess's ChildNode.board(): the game's board with the moves down to node pushed."""
    cdef PyObject **moves = NULL
    cdef PyObject *top
    cdef Py_ssize_t n = _line_to(node, &moves, &top)
    try:
        board = _game_of(<object>top).board()
        _push_line(board, moves, n)
        return board
    finally:
        free(moves)


cdef object _node_notation(object node, bint uci, object chess960):
    """san() or uci(chess960=) of a child node: its parent's position walked in C."""
    cdef PyObject **moves = NULL
    cdef PyObject *top
    cdef PgnBoard pb
    cdef char buf[SAN_MAX]
    cdef int k
    cdef Py_ssize_t i
    parent = node.parent
    if uci or type(parent) is not ChildNode and type(parent) is not Game:
        board = parent.board()
        return board.uci(node.move, chess960=chess960) if uci else board.san(node.move)
    cdef Py_ssize_t n = _line_to(parent, &moves, &top)
    memset(&pb, 0, sizeof(pb))
    try:
        board = _board_to_read(<object>top)
        if type(board) is not Board:
            _push_line(board, moves, n)
            return board.san(node.move)
        if pgn_board_set(&pb, &(<Board>board).pos, (<Board>board).pos.st) < 0:
            raise MemoryError()
        for i in range(n):
            k = pgn_board_play(&pb, <PyMove>_node_key(<object>moves[i]))
            if k < 0:
                raise MemoryError()
            if k:
                _push_line(_game_of(<object>top).board(), moves, n)  # raises python-chess's error for it
        k = _node_key(node.move)
        n = san_write(&pb.pos, <PyMove>k, 0, buf)
        if n < 0:
            raise _san_refused(k, _board_fen_of(&pb.pos))
        return PyUnicode_DecodeASCII(buf, n, NULL)
    finally:
        free(moves)
        pgn_board_free(&pb)


cdef class Game(GameNode):
    """The root of a game tree, with the headers and the errors met reading it
    (python-chess's chess.pgn.Game).

    >>> from chessbits.pgn import Game
    >>> game = Game()
    >>> game.headers["White"] = "Tal"
    >>> node = game.add_variation(Move.from_uci("e2e4"))
    >>> print(game)
    [Event "?"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "Tal"]
    [Black "?"]
    [Result "*"]
    <BLANKLINE>
    1. e4 *
    """
    cdef public object headers
    cdef public object errors

    def __init__(self, headers=None):
        GameNode.__init__(self)
        self.headers = Headers(headers)
        self.errors = []

    def board(self):
        """The starting position (a new Board or variant board each call)."""
        if type(self.headers) is Headers:
            return (<Headers>self.headers)._board()
        return self.headers.board()

    def ply(self):
        """The ply of the starting position (0 unless the game starts from a FEN)."""
        headers = self.headers
        if type(headers) is Headers and not (<Headers>headers)._has("FEN"):
            return 0
        return self.board().ply() if "FEN" in headers else 0

    def setup(self, board):
        """Sets the starting position (a Board or a FEN) in the FEN, SetUp and Variant headers."""
        try:
            fen = board.fen()
            setup = board
        except AttributeError:
            setup = Board(board)
            setup.chess960 = setup.has_chess960_castling_rights()
            fen = setup.fen()
        headers = self.headers
        if fen == type(setup).starting_fen:
            headers.pop("FEN", None)
            headers.pop("SetUp", None)
        else:
            headers["FEN"] = fen
            headers["SetUp"] = "1"
        variant = type(setup).aliases[0]
        if variant == "Standard" and setup.chess960:
            headers["Variant"] = "Chess960"
        elif variant != "Standard":
            headers["Variant"] = variant
            headers["FEN"] = fen
        else:
            headers.pop("Variant", None)

    def accept(self, visitor):
        """Visits the game in PGN order: headers, moves, comments, variations, result; the
        visitor's result (a StringExporter's text, for one)."""
        return _accept_game(self, visitor)

    def time_control(self):
        """The TimeControl of the TimeControl header (its type UNKNOWN without one)."""
        from chessbits.pgn import parse_time_control
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board):
        """A game of the board's moves from its root position, its result in the headers."""
        game = cls()
        game.setup(board.root())
        node = game
        if type(game) is Game and type(board) is Board:
            for move in board.move_stack:
                node = _new_child(ChildNode, <GameNode>node, move, "")
        else:
            for move in board.move_stack:
                node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls):
        """A game without the seven roster headers."""
        return cls(headers={})

    @classmethod
    def builder(cls):
        """A GameBuilder making games of this class."""
        return _GameBuilder(Game=cls)

    def __repr__(self):
        headers = self.headers
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), headers.get("White", "?"), headers.get("Black", "?"),
            headers.get("Date", "????.??.??"), headers.get("Site", "?"),
            f", {len(self.errors)} errors" if self.errors else "")

    def __getstate__(self):
        return GameNode.__getstate__(self) + (self.headers, self.errors)

    def __setstate__(self, state):
        GameNode.__setstate__(self, state)
        self.headers, self.errors = state[7], state[8]


# --- headers ---------------------------------------------------------------------------------

cdef bint _tag_name_ok(str name):
    """python-chess's TAG_NAME_REGEX: [A-Za-z0-9][A-Za-z0-9_+#=:-]*, ASCII only."""
    cdef Py_ssize_t i, n = len(name)
    cdef Py_UCS4 c
    if n == 0:
        return False
    for i in range(n):
        c = name[i]
        if (c >= 48 and c <= 57) or (c >= 65 and c <= 90) or (c >= 97 and c <= 122):
            continue
        if i == 0 or not (c == 95 or c == 43 or c == 35 or c == 61 or c == 58 or c == 45):
            return False
    return True


cdef object _MARKER = object()
cdef list _ROSTER_LIST = list(PGN_ROSTER)


cdef inline bint _in_roster(object key) except -1:
    """key in python-chess's TAG_ROSTER (a list: any key compares, hashable or not)."""
    if type(key) is str:
        return key in PGN_ROSTER
    return key in _ROSTER_LIST
cdef tuple _CHESS960_NAMES = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")
cdef tuple _WILD_NAMES = ("wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
                          "wild/8", "wild/8a")


cdef class _TagShape:
    """The tag names that a run of read_headers' games share, in their order, no name twice:
    such a game's Headers holds a tuple of its values against the run's shape instead of two
    dicts of its own (as CPython's instances share their attributes' keys)."""
    cdef tuple names
    cdef dict at        # name -> its place in names
    cdef list order     # the names as a Headers iterates them: the roster's in its order, the others
    cdef bint roster[64]


cdef _TagShape _tag_shape(list names, const bint *roster):
    """The shape of these names (at most 64; roster[j]: names[j] is in PGN_ROSTER), or None if
    a name comes twice."""
    cdef _TagShape s = _TagShape.__new__(_TagShape)
    cdef Py_ssize_t j
    s.names = tuple(names)
    s.at = {name: j for j, name in enumerate(names)}
    if len(s.at) != len(names):
        return None
    for j in range(len(names)):
        s.roster[j] = roster[j]
    s.order = [name for name in PGN_ROSTER if name in s.at]
    s.order.extend(name for j, name in enumerate(names) if not roster[j])
    return s


cdef class Headers:
    """A game's tag pairs: the seven roster tags first, in their order, then the others as
    set (python-chess's chess.pgn.Headers, a MutableMapping).

    >>> from chessbits.pgn import Headers
    >>> Headers(White="Fischer", TimeControl="40/7200")
    Headers(Event='?', Site='?', Date='????.??.??', Round='?', White='Fischer', Black='?', Result='*', TimeControl='40/7200')
    """
    cdef dict _roster_d, _others_d  # python-chess's _tag_roster and _others (None while shaped)
    cdef _TagShape _shape           # read_headers' compact form (see _TagShape), or None
    cdef tuple _values              # (its values, in the shape's order)
    cdef dict __dict__
    cdef object __weakref__

    def __init__(self, data=None, **kwargs):
        self._shape = self._values = None
        self._roster_d = {}
        self._others_d = {}
        if data is None:
            self._roster_d.update(PGN_ROSTER)
            data = ()
        self.update(data, **kwargs)

    cdef int _dicts(self) except -1:
        """Gives a shaped Headers its two dicts (before they change, or are asked for)."""
        cdef _TagShape s = self._shape
        cdef Py_ssize_t j
        if s is None:
            return 0
        roster, others = {}, {}
        for j in range(len(s.names)):
            (roster if s.roster[j] else others)[s.names[j]] = self._values[j]
        self._roster_d, self._others_d, self._shape, self._values = roster, others, None, None
        return 0

    cdef bint _has(self, str key):
        """key (a tag outside the roster) in self."""
        return key in (self._others_d if self._shape is None else self._shape.at)

    @property
    def _tag_roster(self):
        self._dicts()
        return self._roster_d

    @_tag_roster.setter
    def _tag_roster(self, value):
        self._dicts()
        self._roster_d = value

    @property
    def _others(self):
        self._dicts()
        return self._others_d

    @_others.setter
    def _others(self, value):
        self._dicts()
        self._others_d = value

    def is_chess960(self):
        """True if the Variant tag names Chess960."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self):
        """True if the Variant tag names one of FICS's wild variants."""
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self):
        """The board class of the Variant tag (Board without one)."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        return _find_variant(self["Variant"])

    cdef object _board(self):
        if not self._has("Variant") and not self._has("FEN"):
            return _start_board().copy(stack=False)
        return self.board()

    def board(self):
        """The starting position the tags describe (FEN, Variant)."""
        VariantBoard = self.variant()
        fen = self.get("FEN", VariantBoard.starting_fen)
        board = VariantBoard(fen, chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key, value):
        self._dicts()
        if _in_roster(key):
            self._roster_d[key] = value
            return
        if not (_tag_name_ok(key) if type(key) is str else _TAG_NAME_REGEX.match(key)):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        self._others_d[key] = value

    def __getitem__(self, key):
        if self._shape is not None:
            at = self._shape.at.get(key)
            if at is None:
                raise KeyError(key)
            return self._values[<Py_ssize_t>at]
        return self._roster_d[key] if _in_roster(key) else self._others_d[key]

    def __delitem__(self, key):
        self._dicts()
        if _in_roster(key):
            del self._roster_d[key]
        else:
            del self._others_d[key]

    def __iter__(self):
        return iter(self._keys())

    cdef list _keys(self):
        if self._shape is not None:
            return list(self._shape.order)
        keys = [key for key in PGN_ROSTER if key in self._roster_d]
        keys.extend(self._others_d)
        return keys

    def __len__(self):
        if self._shape is not None:
            return len(self._values)
        return len(self._roster_d) + len(self._others_d)

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return _abc.KeysView(self)

    def items(self):
        return _abc.ItemsView(self)

    def values(self):
        return _abc.ValuesView(self)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __eq__(self, other):
        if not isinstance(other, _abc.Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def pop(self, key, default=_MARKER):
        try:
            value = self[key]
        except KeyError:
            if default is _MARKER:
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, _abc.Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default

    def copy(self):
        """A new Headers of the same class with the same tags."""
        return type(self)(self)

    def __copy__(self):
        return self.copy()

    def __repr__(self):
        return "{}({})".format(type(self).__name__, ", ".join(f"{key}={value!r}" for key, value in self.items()))

    @classmethod
    def builder(cls):
        """A HeadersBuilder making headers of this class."""
        return _HeadersBuilder(Headers=cls)

    def __reduce_ex__(self, protocol):
        self._dicts()
        return (_node_new, (type(self),), (self._roster_d, self._others_d, getattr(self, "__dict__") or None))

    def __setstate__(self, state):
        self._shape = self._values = None
        self._roster_d, self._others_d, attrs = state
        if attrs:
            getattr(self, "__dict__").update(attrs)


_abc.MutableMapping.register(Headers)


# --- the main line ---------------------------------------------------------------------------

cdef enum:
    _MAINLINE_CUSTOM = 0
    _MAINLINE_NODES = 1
    _MAINLINE_MOVES = 2


def _mainline_node(node):
    return node


def _mainline_move(node):
    return node.move


cdef class Mainline:
    """The main line after a node, each of its nodes seen through f (python-chess's
    chess.pgn.Mainline): iterable, reversible, printable as PGN movetext."""
    cdef public object start
    cdef public object f
    cdef int kind

    def __init__(self, start, f):
        self.start = start
        self.f = f
        self.kind = _MAINLINE_CUSTOM

    @classmethod
    def __class_getitem__(cls, item):
        return _GenericAlias(cls, item)

    def __bool__(self):
        return _nchildren(self.start) > 0

    def __iter__(self):
        cdef _MainlineIter it = _MainlineIter.__new__(_MainlineIter)
        it.node = self.start
        it.line = self
        return it

    def __reversed__(self):
        node = self.start.end()
        while node.parent and node != self.start:
            yield self._map(node)
            node = node.parent

    cdef object _map(self, object node):
        if self.kind == _MAINLINE_NODES:
            return node
        if self.kind == _MAINLINE_MOVES:
            return node.move
        return self.f(node)

    def accept(self, visitor):
        """Visits the main line's moves (no variations, no headers); the visitor's result."""
        return _accept_mainline(self.start, visitor)

    def __str__(self):
        return _mainline_string(self.start, True)

    def __repr__(self):
        return f"<Mainline at {id(self):#x} ({_mainline_string(self.start, False)})>"



cdef Mainline _mainline(object start, int kind):
    cdef Mainline line = Mainline.__new__(Mainline)
    line.start = start
    line.f = _mainline_node if kind == _MAINLINE_NODES else _mainline_move
    line.kind = kind
    return line


@cython.final
cdef class _MainlineIter:
    cdef object node
    cdef Mainline line

    def __iter__(self):
        return self

    def __next__(self):
        child = _child0(self.node)
        if child is None:
            raise StopIteration
        self.node = child
        return self.line._map(child)
