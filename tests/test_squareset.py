"""chessbits.SquareSet against chess.SquareSet: every method and operator, on random masks.

Each case runs the same expression on both classes and compares what comes out: the
value (SquareSets by mask, iterators listed), the mutated receiver, or the exception type.
"""
import copy
import pickle
import random

import pytest

import chessbits
from chessbits import SquareSet

chess = pytest.importorskip("chess")

RNG = random.Random(20240611)


def _masks(n):
    specials = [0, 1, 1 << 63, chessbits.BB_ALL, chessbits.BB_RANK_1, chessbits.BB_FILE_H,
                chessbits.BB_LIGHT_SQUARES, 0x1E22_2212_0E0A_1222]
    sparse = [RNG.getrandbits(64) & RNG.getrandbits(64) & RNG.getrandbits(64) for _ in range(n)]
    return specials + [RNG.getrandbits(64) for _ in range(n)] + sparse


MASKS = _masks(60)
# Right-hand operands: ints in and out of 64 bits, SquareSets, iterables, and things that fail.
OTHERS = [0, 5, chessbits.BB_ALL, -1, -(1 << 70), (1 << 64) + 3, 1 << 70, True, 2.75,
          [0, 63], (), range(10, 20), [-1, -64], [64], [-65], ["a1"], [1.0], None, "e4", b"\x01\x02",
          {3, 4}] + [RNG.getrandbits(64) for _ in range(6)]
SQUARE_ARGS = [0, 1, 28, 63, -1, -64, -65, 64, True, 2.0, "e4", None, 1 << 70]


def outcome(f):
    """What f() does, comparable across both libraries."""
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the exception type is the result
        return ("raises", type(e))
    return ("returns", normal(r))


def normal(r):
    if isinstance(r, (SquareSet, chess.SquareSet)):
        return ("SquareSet", r.mask)
    if hasattr(r, "__next__"):
        return ("iterator", list(r))
    if isinstance(r, tuple):
        return tuple(normal(x) for x in r)
    return (type(r), r)


def both(expr, mask, *args):
    """Runs expr(cls, s, *args) for both classes; returns (ours, theirs), receivers included."""
    results = []
    for cls in (SquareSet, chess.SquareSet):
        s = cls(mask)
        res = outcome(lambda: expr(cls, s, *args))
        results.append((res, s.mask))
    return results


def assert_same(expr, mask, *args):
    ours, theirs = both(expr, mask, *args)
    assert ours == theirs, (mask, args)


@pytest.mark.parametrize("other", OTHERS, ids=repr)
def test_construction_like_python_chess(other):
    assert outcome(lambda: SquareSet(other)) == outcome(lambda: chess.SquareSet(other))


def test_construction_from_squareset_int_and_defaults():
    assert SquareSet().mask == 0 and SquareSet(squares=5).mask == 5
    assert SquareSet(SquareSet(999)).mask == 999
    assert SquareSet(chess.SquareSet(999)).mask == 999
    assert chess.SquareSet(SquareSet(999)).mask == 999
    assert SquareSet(~chessbits.BB_ALL).mask == 0 and len(SquareSet(~chessbits.BB_ALL)) == 0
    assert len(~SquareSet(chessbits.BB_BACKRANKS)) == 48
    with pytest.raises(TypeError):
        SquareSet(1, 2)


UNARY = {
    "len": lambda cls, s: len(s),
    "bool": lambda cls, s: bool(s),
    "int": lambda cls, s: int(s),
    "index": lambda cls, s: s.__index__(),
    "hex": lambda cls, s: hex(s),
    "bin": lambda cls, s: bin(s),
    "float": lambda cls, s: float(s),
    "iter": lambda cls, s: list(s),
    "reversed": lambda cls, s: list(reversed(s)),
    "repr": lambda cls, s: repr(s),
    "str": lambda cls, s: str(s),
    "tolist": lambda cls, s: s.tolist(),
    "mirror": lambda cls, s: s.mirror(),
    "invert": lambda cls, s: ~s,
    "copy": lambda cls, s: s.copy(),
    "pop": lambda cls, s: s.pop(),
    "pop_all": lambda cls, s: [s.pop() for _ in range(len(s) + 1)],
    "clear": lambda cls, s: s.clear(),
    "hash": lambda cls, s: hash(s),
    "lt": lambda cls, s: s < s,
    "carry_rippler_head": lambda cls, s: [sub for sub, _ in zip(s.carry_rippler(), range(300))],
    "abs": lambda cls, s: abs(s),
    "format": lambda cls, s: format(s, "x"),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_like_python_chess(name):
    for mask in MASKS:
        assert_same(UNARY[name], mask)


def test_full_carry_rippler_like_python_chess():
    for mask in MASKS:
        if bin(mask).count("1") <= 12:
            assert_same(lambda cls, s: list(s.carry_rippler()), mask)
    assert list(SquareSet(0).carry_rippler()) == [0]
    assert len(list(SquareSet(chessbits.BB_FILE_B).carry_rippler())) == 256


BINARY = {
    "or": lambda cls, s, o: s | o,
    "and": lambda cls, s, o: s & o,
    "sub": lambda cls, s, o: s - o,
    "xor": lambda cls, s, o: s ^ o,
    "ror": lambda cls, s, o: o | s,
    "rand": lambda cls, s, o: o & s,
    "rsub": lambda cls, s, o: o - s,
    "rxor": lambda cls, s, o: o ^ s,
    "ior": lambda cls, s, o: s.__ior__(o),
    "iand": lambda cls, s, o: s.__iand__(o),
    "isub": lambda cls, s, o: s.__isub__(o),
    "ixor": lambda cls, s, o: s.__ixor__(o),
    "eq": lambda cls, s, o: s == o,
    "ne": lambda cls, s, o: s != o,
    "req": lambda cls, s, o: o == s,
    "rne": lambda cls, s, o: o != s,
    "isdisjoint": lambda cls, s, o: s.isdisjoint(o),
    "issubset": lambda cls, s, o: s.issubset(o),
    "issuperset": lambda cls, s, o: s.issuperset(o),
    "union": lambda cls, s, o: s.union(o),
    "intersection": lambda cls, s, o: s.intersection(o),
    "difference": lambda cls, s, o: s.difference(o),
    "symmetric_difference": lambda cls, s, o: s.symmetric_difference(o),
    "update": lambda cls, s, o: s.update(o, 1 << 40),
    "intersection_update": lambda cls, s, o: s.intersection_update(o, chessbits.BB_ALL ^ 1),
    "difference_update": lambda cls, s, o: s.difference_update(o),
    "symmetric_difference_update": lambda cls, s, o: s.symmetric_difference_update(o),
    "with_squareset": lambda cls, s, o: (s | cls(o), s & cls(o), s - cls(o), s ^ cls(o), s == cls(o),
                                         s != cls(o), s.issubset(cls(o)), s.issuperset(cls(o))),
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_like_python_chess(name):
    for mask in MASKS[:40]:
        for other in OTHERS:
            assert_same(BINARY[name], mask, other)


def test_operands_are_not_mutated():
    a, b = SquareSet(0xF0), SquareSet(0x3C)
    for r in (a | b, a & b, a - b, a ^ b, ~a, a << 1, a >> 1, a.union(b), a.mirror(), a.copy()):
        assert r is not a and r is not b
    assert (a.mask, b.mask) == (0xF0, 0x3C)
    c = a
    c |= b
    assert c is a and a.mask == 0xFC


SHIFTS = [0, 1, 7, 8, 63, 64, 65, 1000, 1 << 80, -1, -(1 << 80), True, 1.0, "1", None]


@pytest.mark.parametrize("op", ["lshift", "rshift", "ilshift", "irshift", "rlshift", "squareset"])
def test_shifts_like_python_chess(op):
    f = {
        "lshift": lambda cls, s, n: s << n,
        "rshift": lambda cls, s, n: s >> n,
        "ilshift": lambda cls, s, n: s.__ilshift__(n),
        "irshift": lambda cls, s, n: s.__irshift__(n),
        "rlshift": lambda cls, s, n: n << s,
        "squareset": lambda cls, s, n: s << cls(n),
    }[op]
    for mask in MASKS[:30]:
        for n in SHIFTS:
            assert_same(f, mask, n)


SQUARE_METHODS = {
    "contains": lambda cls, s, sq: sq in s,
    "add": lambda cls, s, sq: s.add(sq),
    "discard": lambda cls, s, sq: s.discard(sq),
    "remove": lambda cls, s, sq: s.remove(sq),
    "from_square": lambda cls, s, sq: cls.from_square(sq),
}


@pytest.mark.parametrize("name", sorted(SQUARE_METHODS))
def test_square_methods_like_python_chess(name):
    for mask in MASKS[:30]:
        for sq in SQUARE_ARGS + list(range(-64, 64, 5)):
            assert_same(SQUARE_METHODS[name], mask, sq)


def test_remove_raises_keyerror_with_the_square():
    s = SquareSet(chessbits.BB_A1)
    with pytest.raises(KeyError) as e:
        s.remove(chessbits.H8)
    assert e.value.args == (chessbits.H8,)
    with pytest.raises(KeyError, match="pop from empty SquareSet"):
        SquareSet().pop()


def test_pop_order_is_ascending_like_python_chess():
    for mask in MASKS:
        ours, theirs = SquareSet(mask), chess.SquareSet(mask)
        assert [ours.pop() for _ in range(len(ours))] == [theirs.pop() for _ in range(len(theirs))]


@pytest.mark.parametrize("kind", ["ray", "between"])
def test_ray_and_between_on_every_pair(kind):
    for a in range(64):
        for b in range(64):
            ours = getattr(SquareSet, kind)(a, b)
            assert isinstance(ours, SquareSet)
            assert ours.mask == getattr(chess.SquareSet, kind)(a, b).mask, (a, b)
    for a, b in [(-1, 5), (5, -1), (-64, 0), (-65, 0), (0, 64), (-1, 64), ("a", 1), (1.0, 2)]:
        assert outcome(lambda: getattr(SquareSet, kind)(a, b)) == \
            outcome(lambda: getattr(chess.SquareSet, kind)(a, b)), (kind, a, b)


def test_python_chess_examples():
    squares = SquareSet([chessbits.A8, chessbits.A1])
    assert repr(squares) == "SquareSet(0x0100_0000_0000_0001)"
    squares = SquareSet(chessbits.BB_A8 | chessbits.BB_RANK_1)
    assert str(squares) == "\n".join(["1 . . . . . . ."] + [". . . . . . . ."] * 6 + ["1 1 1 1 1 1 1 1"])
    assert list(squares) == [0, 1, 2, 3, 4, 5, 6, 7, 56] and int(squares) == 72057594037928191
    assert SquareSet(chessbits.BB_ALL) == chessbits.BB_ALL and chessbits.BB_ALL == SquareSet(chessbits.BB_ALL)
    assert hex(SquareSet(chessbits.BB_CENTER)) == "0x1818000000"
    assert SquareSet(0x00A2_0900_0004_A600).mirror() == 0x00A6_0400_0009_A200
    assert SquareSet(chessbits.BB_LIGHT_SQUARES).tolist().count(True) == 32


def test_equality_with_python_chess_squareset_both_ways():
    for mask in MASKS:
        assert SquareSet(mask) == chess.SquareSet(mask)
        assert chess.SquareSet(mask) == SquareSet(mask)
        assert SquareSet(mask) != chess.SquareSet(mask ^ 1)
        assert not SquareSet(mask) != chess.SquareSet(mask)


def test_mask_is_a_public_attribute():
    s = SquareSet(5)
    s.mask = chessbits.BB_H8
    assert list(s) == [63] and s.mask == 1 << 63
    with pytest.raises(OverflowError):
        s.mask = -1


def test_pickle_and_copy_keep_the_mask():
    for mask in MASKS[:10]:
        s = SquareSet(mask)
        for t in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
            assert type(t) is SquareSet and t.mask == mask and t is not s


def test_iteration_is_a_snapshot():
    s = SquareSet([1, 2, 3])
    it = iter(s)
    s.clear()
    assert list(it) == [1, 2, 3]
    it = reversed(SquareSet([5, 9]))
    assert it.__length_hint__() == 2 and list(it) == [9, 5]


def test_repr_svg_matches_python_chess():
    pytest.importorskip("chess.svg")
    for mask in MASKS[:5]:
        assert SquareSet(mask)._repr_svg_() == chess.SquareSet(mask)._repr_svg_()


def test_unhashable_and_unordered_as_in_python_chess():
    with pytest.raises(TypeError):
        hash(SquareSet())
    with pytest.raises(TypeError):
        SquareSet() <= SquareSet()  # noqa: B015
