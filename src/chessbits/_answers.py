"""One answer of python-chess against chessbits' answer to the same question: the same type
(``False``, never ``0``; a list, never a tuple) and the same repr, as well as equal. The one
comparison the differential tests and ``chessbits bench methods`` share.

A python-chess class answers to chessbits' class of the same name (``chess.Move`` to
``chessbits.Move``, ``chess.variant.AtomicBoard`` to ``chessbits.variant.AtomicBoard``,
``chess.Status`` to ``chessbits.Status``); such a pair is compared by repr, as their ``==``
need not know each other. Containers are compared element by element, so a ``0`` inside a
list is caught too. An iterator (a generator in python-chess) answers to any iterator and is
compared by the items it gives. An exception answers to one of the same class name and message.
Object addresses in reprs (``<LegalMoveGenerator at 0x...>``) are ignored.

>>> import chess, chessbits
>>> difference(chess.Board().is_check(), chessbits.Board().is_check()) is None
True
>>> difference(False, 0)
'type bool vs int'
>>> difference([chess.Move.from_uci("e2e4")], (chessbits.Move.from_uci("e2e4"),))
'type list vs tuple'
>>> difference({1: [True]}, {1: [1]})
'[1][0]: type bool vs int'
"""
import re
from collections.abc import Iterator
from typing import Any, List, Optional

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_LIBRARIES = ("chess", "chessbits")
_SCALARS = frozenset([bool, int, str, bytes, type(None)])


class Iterated:
    """The items an iterator gave, standing for the iterator in a comparison."""

    def __init__(self, items: List[Any]):
        self.items = items

    def __repr__(self) -> str:
        return f"iterator over {self.items!r}"


def settle(value: Any) -> Any:
    """``value``, an iterator (not a str or bytes) replaced by the Iterated list of its items:
    call it on an answer before the board moves on."""
    if isinstance(value, Iterator) and not isinstance(value, (str, bytes)):
        return Iterated(list(value))
    return value


def _library(t: type) -> str:
    return (t.__module__ or "").split(".")[0]


def same_type(theirs: type, ours: type) -> bool:
    """The types are one, or python-chess's and chessbits' classes of one name."""
    if theirs is ours:
        return True
    return (theirs.__name__ == ours.__name__ and _library(theirs) in _LIBRARIES
            and _library(ours) in _LIBRARIES)


def _shown(value: Any) -> str:
    return _ADDRESS.sub(" at 0x…", repr(value))


def difference(theirs: Any, ours: Any, at: str = "") -> Optional[str]:
    """None if ``ours`` answers as ``theirs`` (python-chess's answer) does, else the first
    difference: where inside the answer (``[i]`` for an item), then the types or the reprs."""
    t = type(theirs)
    if t is type(ours) and t in _SCALARS:  # the common case, quickly: equal values of one type
        if theirs == ours:
            return None
    theirs, ours = settle(theirs), settle(ours)
    where = f"{at}: " if at else ""
    if not same_type(type(theirs), type(ours)):
        return f"{where}type {type(theirs).__name__} vs {type(ours).__name__}"
    if isinstance(theirs, type):  # a class (find_variant's answer): its counterpart
        return None if same_type(theirs, ours) else f"{where}class {theirs.__name__} vs {ours.__name__}"
    if isinstance(theirs, BaseException):
        theirs, ours = str(theirs), str(ours)
    elif isinstance(theirs, Iterated):
        theirs, ours = theirs.items, ours.items
    if type(theirs) in (list, tuple):
        if len(theirs) != len(ours):
            return f"{where}length {len(theirs)} vs {len(ours)}"
        for i, (a, b) in enumerate(zip(theirs, ours)):
            found = difference(a, b, f"{at}[{i}]")
            if found:
                return found
    elif type(theirs) is dict:
        found = difference(list(theirs), list(ours), f"{at}.keys()")
        if found:
            return found
        for key in theirs:
            found = difference(theirs[key], ours[key], f"{at}[{key!r}]")
            if found:
                return found
    elif type(theirs) in (set, frozenset):
        if sorted(map(_shown, theirs)) != sorted(map(_shown, ours)):
            return f"{where}items {_shown(theirs)} vs {_shown(ours)}"
    if _shown(theirs) != _shown(ours):
        return f"{where}repr {_shown(theirs)} vs {_shown(ours)}"
    if (type(theirs) is type(ours) and _library(type(theirs)) not in _LIBRARIES
            and not isinstance(theirs, (str, list, tuple, dict, set, frozenset, Iterated)) and theirs != ours):
        return f"{where}not equal: {_shown(theirs)} vs {_shown(ours)}"
    return None


def same(theirs: Any, ours: Any) -> bool:
    """True if ``ours`` answers as python-chess's ``theirs`` does (difference() is None)."""
    return difference(theirs, ours) is None


def assert_same(theirs: Any, ours: Any, *where: Any) -> None:
    """AssertionError naming the difference (and ``where``) unless ``ours`` answers as
    python-chess's ``theirs`` does: the tests' assertion.

    >>> assert_same(True, 1, "is_check()")
    Traceback (most recent call last):
    AssertionError: type bool vs int: python-chess True, chessbits 1 ('is_check()',)
    """
    theirs, ours = settle(theirs), settle(ours)
    found = difference(theirs, ours)
    if found is not None:
        raise AssertionError(f"{found}: python-chess {_shown(theirs)}, chessbits {_shown(ours)}"
                             + (f" {where!r}" if where else ""))


def show(value: Any) -> str:
    """An answer as a mismatch report shows it: its type and repr."""
    value = settle(value)
    return f"{type(value).__name__} {_shown(value)}"
