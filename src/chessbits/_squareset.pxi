# SquareSet: python-chess's set of squares over one uint64_t, with its exact
# coercions, errors and printing; and _squareset(), the constructor Board uses.

from cpython.long cimport PyLong_CheckExact, PyLong_AsUnsignedLongLongMask
from cpython.number cimport PyIndex_Check, PyNumber_AsSsize_t

cdef extern from "bits.h" nogil:
    int cb_popcount "popcount"(uint64_t b)
    int cb_lsb "lsb"(uint64_t b)
    int cb_msb "msb"(uint64_t b)
    uint64_t cb_bswap64 "bswap64"(uint64_t b)

cdef object _BB_ALL = 0xFFFF_FFFF_FFFF_FFFF


cdef inline Py_ssize_t _raw_index(object square) except? -1:
    """square as python-chess's ``BB_SQUARES[square]`` takes it: -64..63, else its error."""
    cdef Py_ssize_t i
    if not PyIndex_Check(square):
        raise TypeError(f"list indices must be integers or slices, not {type(square).__name__}")
    i = PyNumber_AsSsize_t(square, IndexError)
    if i < -64 or i > 63:
        raise IndexError("list index out of range")
    return i


cdef inline int _square_index(object square) except -1:
    """0..63 for a square; negative ones count from H8 as list indices do."""
    return <int>(_raw_index(square) & 63)


cdef inline uint64_t _low64(object value) except? 0x5A5A5A5A5A5A5A5B:
    """value & BB_ALL for whatever an ``__int__`` returned."""
    if not PyLong_CheckExact(value):
        value = value & _BB_ALL
    return PyLong_AsUnsignedLongLongMask(value)


cdef uint64_t _mask_of(object squares) except? 0x5A5A5A5A5A5A5A5B:
    """The mask ``SquareSet(squares)`` would hold: an int-like masked to 64 bits, else an iterable."""
    cdef uint64_t m = 0
    if PyLong_CheckExact(squares):
        return PyLong_AsUnsignedLongLongMask(squares)
    if type(squares) is SquareSet:
        return (<SquareSet>squares).mask
    try:
        return _low64(squares.__int__())
    except AttributeError:
        pass
    for square in squares:
        m |= 1ULL << _square_index(square)
    return m


cdef inline SquareSet _squareset(uint64_t mask):
    """A new SquareSet holding mask, without going through __init__."""
    cdef SquareSet s = SquareSet.__new__(SquareSet)
    s.mask = mask
    return s


@cython.final
@cython.freelist(64)
cdef class SquareSet:
    """A set of squares over a 64-bit mask; like ``chess.SquareSet``.

    >>> from chessbits import A1, A8, B1, BB_RANK_1
    >>> squares = SquareSet([A8, A1]) | BB_RANK_1
    >>> squares, len(squares), B1 in squares, list(squares)[-2:]
    (SquareSet(0x0100_0000_0000_00ff), 9, True, [7, 56])
    """
    cdef public uint64_t mask

    def __init__(self, squares=0):
        self.mask = _mask_of(squares)

    # Set

    def __contains__(self, square):
        return (self.mask >> _square_index(square)) & 1 != 0

    def __iter__(self):
        """Squares in ascending order, of the set as it was when iteration began."""
        return _scan(self.mask, False)

    def __reversed__(self):
        return _scan(self.mask, True)

    def __len__(self):
        return cb_popcount(self.mask)

    def __bool__(self):
        return self.mask != 0

    # MutableSet

    def add(self, square):
        """Adds a square. ``s = SquareSet(); s.add(E4); s == BB_E4``."""
        self.mask |= 1ULL << _square_index(square)

    def discard(self, square):
        """Removes a square if present."""
        self.mask &= ~(1ULL << _square_index(square))

    def remove(self, square):
        """Removes a square; KeyError(square) if it is not in the set."""
        cdef uint64_t bit = 1ULL << _square_index(square)
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self):
        """Removes and returns the lowest square; KeyError if empty. ``SquareSet(BB_E4 | BB_A8).pop() == E4``."""
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        cdef int square = cb_lsb(self.mask)
        self.mask &= self.mask - 1
        return square

    def clear(self):
        """Removes every square."""
        self.mask = 0

    # frozenset

    def isdisjoint(self, other):
        """True if no square is in both. ``SquareSet(BB_RANK_1).isdisjoint(BB_RANK_2)``."""
        return self.mask & _mask_of(other) == 0

    def issubset(self, other):
        """True if every square of this set is in other. ``SquareSet(BB_A1).issubset(BB_RANK_1)``."""
        return self.mask & ~_mask_of(other) == 0

    def issuperset(self, other):
        """True if every square of other is in this set. ``SquareSet(BB_RANK_1).issuperset([A1])``."""
        return ~self.mask & _mask_of(other) == 0

    def union(self, other):
        """``self | other``."""
        return _squareset(self.mask | _mask_of(other))

    def intersection(self, other):
        """``self & other``."""
        return _squareset(self.mask & _mask_of(other))

    def difference(self, other):
        """``self - other``."""
        return _squareset(self.mask & ~_mask_of(other))

    def symmetric_difference(self, other):
        """``self ^ other``."""
        return _squareset(self.mask ^ _mask_of(other))

    def copy(self):
        """A new SquareSet with the same squares."""
        return _squareset(self.mask)

    # Operators take an int or anything SquareSet() takes on the right only, as in
    # python-chess: ``int | SquareSet`` is a TypeError there too.

    def __or__(self, other):
        return _squareset(self.mask | _mask_of(other))

    def __and__(self, other):
        return _squareset(self.mask & _mask_of(other))

    def __sub__(self, other):
        return _squareset(self.mask & ~_mask_of(other))

    def __xor__(self, other):
        return _squareset(self.mask ^ _mask_of(other))

    def __ior__(self, other):
        self.mask |= _mask_of(other)
        return self

    def __iand__(self, other):
        self.mask &= _mask_of(other)
        return self

    def __isub__(self, other):
        self.mask &= ~_mask_of(other)
        return self

    def __ixor__(self, other):
        self.mask ^= _mask_of(other)
        return self

    def __lshift__(self, shift):
        return _squareset(_shifted(self.mask, shift, True))

    def __rshift__(self, shift):
        return _squareset(_shifted(self.mask, shift, False))

    def __ilshift__(self, shift):
        self.mask = _shifted(self.mask, shift, True)
        return self

    def __irshift__(self, shift):
        self.mask = _shifted(self.mask, shift, False)
        return self

    def __invert__(self):
        return _squareset(~self.mask)

    # set

    def update(self, *others):
        """Adds the squares of every argument."""
        for other in others:
            self.mask |= _mask_of(other)

    def intersection_update(self, *others):
        """Keeps only squares that are in every argument."""
        for other in others:
            self.mask &= _mask_of(other)

    def difference_update(self, other):
        """Removes the squares of other."""
        self.mask &= ~_mask_of(other)

    def symmetric_difference_update(self, other):
        """Toggles the squares of other."""
        self.mask ^= _mask_of(other)

    # SquareSet

    def carry_rippler(self):
        """Every subset of this set as a bitboard, 0 first. ``list(SquareSet(5).carry_rippler()) == [0, 1, 4, 5]``."""
        return _CarryRippler(self.mask)

    def mirror(self):
        """The set flipped top to bottom. ``SquareSet(BB_A1).mirror() == BB_A8``."""
        return _squareset(cb_bswap64(self.mask))

    def tolist(self):
        """64 bools, True where a square is in the set."""
        cdef list result = [False] * 64
        cdef uint64_t b = self.mask
        while b:
            result[cb_lsb(b)] = True
            b &= b - 1
        return result

    def __eq__(self, other):
        if type(other) is SquareSet:
            return self.mask == (<SquareSet>other).mask
        if PyLong_CheckExact(other):
            return self.mask == PyLong_AsUnsignedLongLongMask(other)
        try:
            return self.mask == _mask_of(other)
        except (TypeError, ValueError):
            return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None  # mutable, as chess.SquareSet

    def __int__(self):
        return self.mask

    def __index__(self):
        return self.mask

    def __repr__(self):
        cdef uint64_t m = self.mask
        return (f"SquareSet(0x{m >> 48:04x}_{(m >> 32) & 0xFFFF:04x}_"
                f"{(m >> 16) & 0xFFFF:04x}_{m & 0xFFFF:04x})")

    def __str__(self):
        # 8 rows of "x x x x x x x x\n", rank 8 first, without the last newline.
        cdef char buf[128]
        cdef int rank, file, i = 0
        for rank in range(7, -1, -1):
            for file in range(8):
                buf[i] = b'1' if (self.mask >> (rank * 8 + file)) & 1 else b'.'
                buf[i + 1] = b' ' if file < 7 else b'\n'
                i += 2
        return buf[:127].decode("ascii")

    def _repr_svg_(self):
        from chessbits import svg
        return svg.board(squares=self, size=390)

    def __reduce__(self):
        return (SquareSet, (self.mask,))

    @classmethod
    def ray(cls, a, b):
        """The whole rank, file or diagonal through a and b (empty if not aligned, or a == b).

        >>> from chessbits import E2, B5, BB_A6, BB_B5, BB_C4, BB_D3, BB_E2, BB_F1
        >>> SquareSet.ray(E2, B5) == BB_A6 | BB_B5 | BB_C4 | BB_D3 | BB_E2 | BB_F1
        True
        """
        return _squareset(LineBB[_square_index(a)][_square_index(b)])

    @classmethod
    def between(cls, a, b):
        """The squares strictly between a and b on a line (empty if not aligned).

        >>> from chessbits import E2, B5, BB_C4, BB_D3
        >>> SquareSet.between(E2, B5) == BB_C4 | BB_D3
        True
        """
        cdef Py_ssize_t i = _raw_index(a), j = _raw_index(b)
        if i < 0 or j < 0:
            raise ValueError("negative shift count")  # python-chess computes BB_ALL << a
        return _squareset(BetweenBB[i][j])

    @classmethod
    def from_square(cls, square):
        """The set holding only square. ``SquareSet.from_square(H5) == BB_H5``."""
        return _squareset(1ULL << _square_index(square))


cdef uint64_t _shifted(uint64_t mask, object shift, bint left) except? 0x5A5A5A5A5A5A5A5B:
    """mask << shift (kept to 64 bits) or mask >> shift, with Python's rules for shift."""
    cdef int n
    if PyLong_CheckExact(shift):
        if shift < 0:
            raise ValueError("negative shift count")
        if shift >= 64:
            if left and mask and shift >= 1 << 32:
                return _low64((<object>mask) << shift)  # Python's MemoryError/OverflowError
            return 0
        n = shift
        return mask << n if left else mask >> n
    # bool, IntEnum, floats, SquareSets: exactly what int's operator does with them
    return _low64((<object>mask) << shift) if left else _low64((<object>mask) >> shift)


@cython.final
@cython.freelist(8)
cdef class _ScanIterator:
    """Squares of a bitboard, ascending or descending; what iter(SquareSet) returns."""
    cdef uint64_t bits
    cdef bint reverse

    def __iter__(self):
        return self

    def __next__(self):
        cdef int square
        if not self.bits:
            raise StopIteration
        if self.reverse:
            square = cb_msb(self.bits)
            self.bits ^= 1ULL << square
        else:
            square = cb_lsb(self.bits)
            self.bits &= self.bits - 1
        return square

    def __length_hint__(self):
        return cb_popcount(self.bits)


cdef inline _ScanIterator _scan(uint64_t bits, bint reverse):
    cdef _ScanIterator it = _ScanIterator.__new__(_ScanIterator)
    it.bits = bits
    it.reverse = reverse
    return it


def _scan_squares(uint64_t bb, bint reverse=False):
    """Iterator over the squares of a 64-bit bb; squares.scan_forward/scan_reversed use it."""
    return _scan(bb, reverse)


@cython.final
cdef class _CarryRippler:
    """Every subset of a mask, 0 first, by the carry-rippler step (sub - mask) & mask."""
    cdef uint64_t mask, subset
    cdef bint done

    def __cinit__(self, uint64_t mask):
        self.mask = mask

    def __iter__(self):
        return self

    def __next__(self):
        if self.done:
            raise StopIteration
        cdef uint64_t current = self.subset
        self.subset = (self.subset - self.mask) & self.mask
        self.done = self.subset == 0
        return current


def _line_table():
    """LineBB as 64 lists of 64 ints: python-chess's BB_RAYS."""
    return [[LineBB[a][b] for b in range(64)] for a in range(64)]


def _between_table():
    """BetweenBB as 64 lists of 64 ints."""
    return [[BetweenBB[a][b] for b in range(64)] for a in range(64)]
