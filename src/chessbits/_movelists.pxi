# LegalMoveGenerator and PseudoLegalMoveGenerator: python-chess's live views of a
# board's moves. They take any board object (python-chess's own tests pass a mock);
# a chessbits Board gets the C paths.


@cython.freelist(16)
cdef class LegalMoveGenerator:
    """The legal moves of a board, computed when asked; like python-chess's
    ``board.legal_moves``: iterate it, ``len()`` or ``count()`` it, test ``in``.

    >>> board = Board()
    >>> len(board.legal_moves), Move.from_uci("e2e4") in board.legal_moves
    (20, True)
    """
    cdef readonly object board

    def __init__(self, board):
        self.board = board

    def __iter__(self):
        if type(self.board) is Board or (isinstance(self.board, _VariantBoard) and
                                         type(self.board).generate_legal_moves is _VariantBoard.generate_legal_moves):
            return iter((<Board>self.board)._legal_tuple())  # a C board whose generator is ours: its cache
        return self.board.generate_legal_moves()

    def __len__(self):
        # python-chess's view has no len(); a chessbits Board counts in C, other boards
        # are left to iteration (list() then walks them once).
        cdef int n
        if isinstance(self.board, Board):  # list() asks first: generate the list it will take
            (<Board>self.board)._legal(&n)
            return n
        raise TypeError(f"object of type 'LegalMoveGenerator' over {type(self.board).__name__} has no len()")

    def count(self):
        """The number of legal moves (counted in C for a chessbits Board)."""
        if isinstance(self.board, Board):
            return (<Board>self.board)._count_legal()
        return len(list(self.board.generate_legal_moves()))

    def __bool__(self):
        if isinstance(self.board, Board):
            return (<Board>self.board)._count_legal() > 0
        return any(self.board.generate_legal_moves())

    def __contains__(self, move):
        try:
            return self.board.is_legal(move)
        except (ValueError, AttributeError):
            return False

    def __repr__(self):
        sans = ", ".join(self.board.san(move) for move in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


@cython.freelist(16)
cdef class PseudoLegalMoveGenerator:
    """The pseudo-legal moves of a board (legal ones plus those leaving the king
    attacked), as python-chess's ``board.pseudo_legal_moves``.

    >>> Board().pseudo_legal_moves.count()
    20
    """
    cdef readonly object board

    def __init__(self, board):
        self.board = board

    def __iter__(self):
        return self.board.generate_pseudo_legal_moves()

    def count(self):
        """The number of pseudo-legal moves."""
        return len(list(self.board.generate_pseudo_legal_moves()))

    def __bool__(self):
        return any(self.board.generate_pseudo_legal_moves())

    def __contains__(self, move):
        try:
            return self.board.is_pseudo_legal(move)
        except (ValueError, AttributeError):
            return False

    def __repr__(self):
        moves = ", ".join(self.board.san(m) if self.board.is_legal(m) else self.board.uci(m) for m in self)
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({moves})>"


LegalMoves = LegalMoveGenerator  # chessbits 0.1's name for the same view
