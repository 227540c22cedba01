# Engine scores, python-chess's chess.engine.Score, Cp, Mate, MateGiven and PovScore, as
# extension types: PGN reading makes one per [%eval] comment, so making one is an allocation
# and comparing two is a few C comparisons (python-chess builds two 5-tuples per comparison).
# Their semantics are python-chess's 1.11 to the letter, odd corners included (Mate(0) is
# "mated", MateGiven its negation; any object is accepted as cp, moves, relative, turn; all
# unhashable). The win/draw/loss side (Wdl, PovWdl, the models) is Python: chessbits._wdl.
#
# For C callers (the PGN reader): _cp_score(cp), _mate_score(moves) and _pov_score(relative,
# turn) make them without a call through the type.

from cpython.long cimport PyLong_CheckExact
from cpython.object cimport PyObject_RichCompare, Py_LT, Py_LE, Py_EQ, Py_NE, Py_GT, Py_GE

cdef object _wdl_module = None


cdef object _wdl():
    """chessbits._wdl, imported on the first wdl() (not at import chessbits: dataclasses, typing)."""
    global _wdl_module
    if _wdl_module is None:
        import chessbits._wdl
        _wdl_module = chessbits._wdl
    return _wdl_module

cdef tuple _SCORE_ABSTRACT = ("__abs__", "__neg__", "__pos__", "mate", "score", "wdl")


cdef object _abstract_error(type cls):
    """The TypeError Python raises for an ABC with cls's unimplemented methods (None if none),
    in this Python's own words (they changed in 3.12)."""
    import abc
    missing = [n for n in _SCORE_ABSTRACT
               if next(k for k in cls.__mro__ if n in k.__dict__) is Score]
    if not missing:
        return None
    stand_in = abc.ABCMeta(cls.__name__, (), {n: abc.abstractmethod(lambda self: None) for n in missing})
    try:
        stand_in()
    except TypeError as exc:
        return exc


cdef bint _is_pychess(object obj, str name):
    """True if obj is an instance of python-chess's chess.engine.<name> (or a subclass)."""
    for k in type(obj).__mro__:
        if k.__name__ == name and k.__module__ == "chess.engine":
            return True
    return False


cdef inline int _rank(Score s):
    """Where s falls in the order, for Cp, Mate and MateGivenType holding exact ints:
    0 mated (Mate(-n), Mate(0)), 1 Cp, 2 mating (Mate(+n)), 3 MateGiven; -1 for anything else
    (a subclass, a float...), which compares through _score_tuple() as python-chess does."""
    cdef type t = type(s)
    if t is Cp:
        return 1 if PyLong_CheckExact((<Cp>s).cp) else -1
    if t is Mate:
        m = (<Mate>s).moves
        if not PyLong_CheckExact(m):
            return -1
        return 2 if m > 0 else 0
    if t is MateGivenType:
        return 3
    return -1


cdef inline bint _cmp_int(int a, int b, int op):
    """a <op> b for a rich comparison's op."""
    if op == Py_LT:
        return a < b
    if op == Py_LE:
        return a <= b
    if op == Py_EQ:
        return a == b
    if op == Py_NE:
        return a != b
    if op == Py_GT:
        return a > b
    return a >= b


cdef object _reduce(object obj, tuple args):
    """__reduce__'s answer: obj's type called with args, and a Python subclass's own attributes."""
    state = getattr(obj, "__dict__", None)
    return (type(obj), args, state) if state else (type(obj), args)


# The scores hold ints, bools and other scores, so they are left out of the cycle collector
# (a PGN walk makes two per [%eval] comment, and tracked objects make every collection longer);
# a program that stores one of them in its own fields leaks that cycle instead.
@cython.auto_pickle(False)  # pickled by __reduce__ (a subclass's __dict__ too)
@cython.no_gc
cdef class Score:
    """An evaluation (python-chess's ``chess.engine.Score``), abstract: :class:`Cp` (centipawns),
    :class:`Mate` or ``MateGiven``; positive is good for the side it is relative to.

    Scores are totally ordered and negate to the other side's view:

    >>> Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven
    True
    >>> -Cp(20), -Mate(-4), -Mate(0)
    (Cp(-20), Mate(+4), MateGiven)
    """
    __hash__ = None  # python-chess's define __eq__ only: unhashable

    def __init__(self, *args, **kwargs):
        # Score itself, or a Python subclass missing a method, cannot be made (python-chess's
        # Score is an abc.ABC); Cp, Mate and MateGivenType have their own __init__.
        exc = _abstract_error(type(self))
        if exc is not None:
            raise exc

    def score(self, *, mate_score=None):
        """The centipawns, or ``None`` for a mate unless ``mate_score`` is given, when
        mate in n counts ``mate_score - n`` (mated in n: ``-mate_score + n``).

        >>> Cp(-300).score(), Mate(5).score(), Mate(5).score(mate_score=100000)
        (-300, None, 99995)
        """

    def mate(self):
        """Plies to mate, negative when getting mated, or ``None`` for a centipawn score;
        ``0`` for both ``Mate(0)`` (mated) and ``MateGiven`` (mating), as python-chess."""

    def is_mate(self):
        """Whether this is a mate score (``Mate`` or ``MateGiven``)."""
        return self.mate() is not None

    def wdl(self, *, model="sf", ply=30):
        """Expected win/draw/loss per mille (:class:`Wdl`) if this score is reached at ``ply``,
        by ``model``: ``"sf"`` (= ``"sf16.1"``, the default), ``"sf16.1"``, ``"sf16"``,
        ``"sf15.1"``, ``"sf15"``, ``"sf14"``, ``"sf12"`` (Stockfish's win-rate models) or
        ``"lichess"`` (no draws, no ply).

        >>> Cp(100).wdl(), Cp(100).wdl(model="lichess")
        (Wdl(wins=515, draws=485, losses=0), Wdl(wins=591, draws=0, losses=409))
        """

    def __neg__(self):
        pass

    def __pos__(self):
        pass

    def __abs__(self):
        pass

    def _score_tuple(self):
        """python-chess's sort key: (mate given, mating, not a mate, -(plies to mate), cp)."""
        mate = self.mate()
        return (isinstance(self, MateGivenType), mate is not None and mate > 0, mate is None,
                -(mate or 0), self.score())

    def __richcmp__(self, other, int op):
        cdef int a, b
        if op == Py_NE and type(self) not in (Cp, Mate, MateGivenType):
            eq = self.__eq__(other)  # a subclass's own __eq__ decides, as object.__ne__ does
            return eq if eq is NotImplemented else not eq
        if isinstance(other, Score):
            a = _rank(self)
            b = _rank(<Score>other)
            if a >= 0 and b >= 0:
                if a != b:
                    return _cmp_int(a, b, op)
                if a == 1:
                    return PyObject_RichCompare((<Cp>self).cp, (<Cp>other).cp, op)
                if a == 3:
                    return _cmp_int(0, 0, op)
                # two mates on the same side: the sort key holds -moves, so compare them swapped
                return PyObject_RichCompare((<Mate>other).moves, (<Mate>self).moves, op)
        elif not _is_pychess(other, "Score"):  # python-chess's own scores compare with ours
            return NotImplemented
        return PyObject_RichCompare(self._score_tuple(), other._score_tuple(), op)


cdef str _cp_text(object cp):
    """str(Cp(cp)): a sign before a positive number."""
    return f"+{cp:d}" if cp > 0 else str(cp)


@cython.auto_pickle(False)
@cython.no_gc
cdef class Cp(Score):
    """A centipawn score (python-chess's ``chess.engine.Cp``).

    >>> Cp(35), str(Cp(35)), Cp(-35).cp, -Cp(35) < Cp(0)
    (Cp(+35), '+35', -35, True)
    """
    cdef public object cp

    def __init__(self, cp):
        self.cp = cp

    def mate(self):
        return None

    def score(self, *, mate_score=None):
        return self.cp

    def wdl(self, *, model="sf", ply=30):
        return _wdl().cp_wdl(self.cp, model, ply)

    def __str__(self):
        return _cp_text(self.cp)

    def __repr__(self):
        return "Cp(" + _cp_text(self.cp) + ")"  # (not through format(): a walk's digest reprs many)

    def __neg__(self):
        return _cp_score(-self.cp)

    def __pos__(self):
        return _cp_score(self.cp)

    def __abs__(self):
        return _cp_score(abs(self.cp))

    def __reduce__(self):
        return _reduce(self, (self.cp,))


@cython.auto_pickle(False)
@cython.no_gc
cdef class Mate(Score):
    """Mate in ``moves`` plies (python-chess's ``chess.engine.Mate``); negative when getting
    mated, ``Mate(0)`` (shown ``Mate(-0)``) when mated already.

    >>> Mate(3), Mate(-3), Mate(0), str(Mate(-3)), Mate(-3).moves
    (Mate(+3), Mate(-3), Mate(-0), '#-3', -3)
    """
    cdef public object moves

    def __init__(self, moves):
        self.moves = moves

    def mate(self):
        return self.moves

    def score(self, *, mate_score=None):
        if mate_score is None:
            return None
        m = self.moves
        return mate_score - m if m > 0 else -mate_score - m

    def wdl(self, *, model="sf", ply=30):
        m = self.moves
        Wdl = _wdl().Wdl
        if model == "lichess":  # as a pawn count of 11 to 20, the faster mate the larger
            wins = _wdl().lichess_wins((21 - min(10, abs(m))) * 100)
            return Wdl(wins, 0, 1000 - wins) if m > 0 else Wdl(1000 - wins, 0, wins)
        return Wdl(1000, 0, 0) if m > 0 else Wdl(0, 0, 1000)

    def __str__(self):
        m = self.moves
        return f"#+{m}" if m > 0 else f"#-{abs(m)}"

    def __repr__(self):
        return f"Mate({str(self).lstrip('#')})"

    def __neg__(self):
        m = self.moves
        return _MATE_GIVEN if not m else _mate_score(-m)

    def __pos__(self):
        return _mate_score(self.moves)

    def __abs__(self):
        m = self.moves
        return _MATE_GIVEN if not m else _mate_score(abs(m))

    def __reduce__(self):
        return _reduce(self, (self.moves,))


@cython.auto_pickle(False)
@cython.no_gc
cdef class MateGivenType(Score):
    """The type of ``MateGiven``, the winning mate score: ``-Mate(0)`` (python-chess's
    ``chess.engine.MateGivenType``).

    >>> MateGiven, str(MateGiven), -MateGiven, MateGiven.score(mate_score=1000)
    (MateGiven, '#+0', Mate(-0), 1000)
    """

    def __init__(self):
        pass

    def mate(self):
        return 0

    def score(self, *, mate_score=None):
        return mate_score

    def wdl(self, *, model="sf", ply=30):
        return _wdl().Wdl(1000, 0, 0)

    def __neg__(self):
        return _mate_score(0)

    def __pos__(self):
        return self

    def __abs__(self):
        return self

    def __repr__(self):
        return "MateGiven"

    def __str__(self):
        return "#+0"

    def __reduce__(self):
        return _reduce(self, ())  # a new instance, equal to MateGiven (python-chess's pickles so)


cdef MateGivenType _MATE_GIVEN = MateGivenType()
MateGiven = _MATE_GIVEN


@cython.auto_pickle(False)
@cython.no_gc
cdef class PovScore:
    """A score ``relative`` to the side ``turn`` (python-chess's ``chess.engine.PovScore``).

    >>> s = PovScore(Cp(35), False)
    >>> s, s.white(), s.black(), s == PovScore(Cp(-35), True)
    (PovScore(Cp(+35), BLACK), Cp(-35), Cp(+35), True)
    """
    cdef public object relative
    cdef public object turn

    __hash__ = None

    def __init__(self, relative, turn):
        self.relative = relative
        self.turn = turn

    def white(self):
        """The score from White's point of view."""
        return self.pov(True)

    def black(self):
        """The score from Black's point of view."""
        return self.pov(False)

    def pov(self, color):
        """The score from the point of view of ``color``."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self):
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model="sf", ply=30):
        """:meth:`Score.wdl` of ``relative``, as a :class:`PovWdl` for the same side."""
        return _wdl().PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self):
        return "PovScore(" + repr(self.relative) + (", WHITE)" if self.turn else ", BLACK)")

    def __eq__(self, other):
        if isinstance(other, PovScore) or _is_pychess(other, "PovScore"):
            return self.white() == other.white()
        return NotImplemented

    def __reduce__(self):
        return _reduce(self, (self.relative, self.turn))


cdef inline Cp _cp_score(object cp):
    """Cp(cp), made without the call through the type."""
    cdef Cp s = Cp.__new__(Cp)
    s.cp = cp
    return s


cdef inline Mate _mate_score(object moves):
    """Mate(moves), made without the call through the type."""
    cdef Mate s = Mate.__new__(Mate)
    s.moves = moves
    return s


cdef inline PovScore _pov_score(object relative, object turn):
    """PovScore(relative, turn), made without the call through the type."""
    cdef PovScore s = PovScore.__new__(PovScore)
    s.relative = relative
    s.turn = turn
    return s
