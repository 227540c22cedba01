# The game tree's nodes at C level: chessbits.pgn's GameNode (and so ChildNode and Game) has
# this base, its attributes C fields instead of an instance dict. A node's variations list
# and NAG set are made when first asked for: read_game's builder keeps a lone child in
# a field, so a game read makes one object per move (a Python node made three, each
# tracked by the cycle collector, which then took a third of the time).

cdef class _NodeBase:
    """The fields of python-chess's GameNode: parent, move, variations, comment,
    starting_comment, nags."""
    cdef public object parent
    cdef public object move
    cdef public object comment
    cdef public object starting_comment
    cdef object _variations  # the list once asked for, else None
    cdef object _first       # until then, the only child (read_game's builder), or None
    cdef object _nags        # the set once asked for, else None

    @property
    def variations(self):
        """The child nodes (the main line first), a list."""
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
        """The NAGs of the move to this node, a set of ints."""
        if self._nags is None:
            self._nags = set()
        return self._nags

    @nags.setter
    def nags(self, value):
        self._nags = value

    def __reduce_ex__(self, protocol):
        # pickle and copy as a Python node's would go: made empty, then its state (trees are cycles)
        return (_node_new, (type(self),), (self.parent, self.move, self.variations, self.comment,
                                           self.starting_comment, self.nags, getattr(self, "__dict__", None)))

    def __setstate__(self, state):
        self.parent, self.move, self._variations, self.comment, self.starting_comment, self._nags, attrs = state
        self._first = None
        if attrs:
            self.__dict__.update(attrs)


def _node_new(cls):
    return _NodeBase.__new__(cls)


cdef inline _NodeBase _node_child(object cls, _NodeBase parent, object move, object starting_comment):
    """A ChildNode(parent, move) as read_game's builder makes it: added to parent's variations."""
    cdef _NodeBase node = _NodeBase.__new__(cls)
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
