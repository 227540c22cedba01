"""Polyglot opening books and keys: python-chess's ``chess.polyglot``, with the key and the
book lookups in C.

>>> import chessbits, chessbits.polyglot
>>> hex(chessbits.polyglot.zobrist_hash(chessbits.Board()))
'0x463b96181691fc9c'

A book is searched in C (binary search over the memory-mapped file, the entries' moves
read and, for a chessbits Board, checked for legality there); python-chess boards work too,
through python-chess's own steps.
"""
from __future__ import annotations

import mmap
import os
import random
import struct
import typing
from types import TracebackType
from typing import Callable, Container, Iterator, List, NamedTuple, Optional, Type, Union

from . import _core
from ._core import Board, Move

__all__ = ["POLYGLOT_RANDOM_ARRAY", "ENTRY_STRUCT", "ZobristHasher", "DEFAULT_HASHER", "zobrist_hash", "Entry",
           "MemoryMappedReader", "open_reader"]

POLYGLOT_RANDOM_ARRAY: List[int] = _core.polyglot_numbers()
"""The 781 numbers Polyglot keys are made of: 768 piece-square, 4 castling, 8 en-passant
file, 1 white-to-move."""

ENTRY_STRUCT = struct.Struct(">QHHI")
"""A book entry: key, raw move, weight, learn; 16 bytes, big-endian."""

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


class ZobristHasher:
    """Polyglot-style Zobrist keys over any 781 numbers (``POLYGLOT_RANDOM_ARRAY`` gives
    the book keys). Each part is a method, as in python-chess, for subclasses to change.

    >>> ZobristHasher(POLYGLOT_RANDOM_ARRAY)(Board()) == Board().zobrist_hash()
    True
    """

    def __init__(self, array: List[int]) -> None:
        assert len(array) >= 781
        self.array = array
        # the key chessbits keeps in C is this one: these numbers, no method overridden
        native = type(self) is ZobristHasher and (array is POLYGLOT_RANDOM_ARRAY or array[:781] == POLYGLOT_RANDOM_ARRAY)
        self._native_array = array if native else None

    def hash_board(self, board: typing.Any) -> int:
        """The pieces' part of the key."""
        key = 0
        for white, squares in enumerate(board.occupied_co):
            while squares:
                square = squares.bit_length() - 1
                squares ^= 1 << square
                key ^= self.array[64 * (2 * (board.piece_type_at(square) - 1) + white) + square]
        return key

    def hash_castling(self, board: typing.Any) -> int:
        """The castling rights' part: white h-side, white a-side, black h-side, black a-side."""
        key = 0
        for i, (side, color) in enumerate(((True, True), (False, True), (True, False), (False, False))):
            has = board.has_kingside_castling_rights(color) if side else board.has_queenside_castling_rights(color)
            if has:
                key ^= self.array[768 + i]
        return key

    def hash_ep_square(self, board: typing.Any) -> int:
        """The en-passant file, only if a pawn of the side to move stands beside the pawn
        that skipped (whether or not the capture would be legal)."""
        ep = board.ep_square
        if not ep:
            return 0
        behind = ep - 8 if board.turn else ep + 8
        beside = (1 << behind - 1 if behind % 8 else 0) | (1 << behind + 1 if behind % 8 != 7 else 0)
        if beside & board.pawns & board.occupied_co[board.turn]:
            return self.array[772 + ep % 8]
        return 0

    def hash_turn(self, board: typing.Any) -> int:
        """The side to move's part: the last number when white is to move."""
        return self.array[780] if board.turn else 0

    def __call__(self, board: typing.Any) -> int:
        if self.array is self._native_array and isinstance(board, Board):
            return board.zobrist_hash()
        return self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)


DEFAULT_HASHER = ZobristHasher(POLYGLOT_RANDOM_ARRAY)
"""The hasher zobrist_hash uses for boards that are not chessbits' (python-chess's)."""

zobrist_hash: Callable[..., int] = _core.zobrist_hash  # in C: zobrist_hash(board, *, _hasher=None)


class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    """The Zobrist key of the position."""

    raw_move: int
    """The move as the book stores it; use :attr:`move`."""

    weight: int
    """How good the move is, as the book's maker counted it."""

    learn: int
    """Another number for the book's maker to use."""

    move: Move
    """The move (castling as the board writes it when found through a board)."""


class _EmptyMmap(bytearray):
    """Stands for the map of an empty file (mmap cannot map 0 bytes)."""

    def size(self) -> int:
        return 0

    def close(self) -> None:
        pass


def _randint(rng: Optional[random.Random], a: int, b: int) -> int:
    return random.randint(a, b) if rng is None else rng.randint(a, b)


class MemoryMappedReader:
    """A Polyglot opening book mapped into memory; :func:`open_reader` opens one.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "book.bin"
    >>> _ = path.write_bytes(ENTRY_STRUCT.pack(zobrist_hash(Board()), 0x31C, 5, 0))  # e2e4
    >>> with open_reader(path) as book:
    ...     book.find(Board()).move, len(book)
    (Move.from_uci('e2e4'), 1)
    """

    def __init__(self, filename: StrOrBytesPath) -> None:
        fd = os.open(filename, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            self.mmap: Union[mmap.mmap, _EmptyMmap] = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):
            self.mmap = _EmptyMmap()  # an empty book
        finally:
            os.close(fd)
        if self.mmap.size() % ENTRY_STRUCT.size != 0:
            raise IOError(f"invalid file size: ensure {filename!r} is a valid polyglot opening book")
        if hasattr(self.mmap, "madvise") and hasattr(mmap, "MADV_RANDOM"):
            self.mmap.madvise(mmap.MADV_RANDOM)

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        return self.close()

    def __len__(self) -> int:
        return self.mmap.size() // ENTRY_STRUCT.size

    def __getitem__(self, index: int) -> Entry:
        return _core.book_read_entry(self.mmap, index, Entry)

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not below ``key``."""
        return _core.book_bisect(self.mmap, key)

    def __contains__(self, entry: Entry) -> bool:
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(self, board: Union[Board, int], *, minimum_weight: int = 1,
                 exclude_moves: Container[Move] = []) -> Iterator[Entry]:
        """The entries of a position (a board, or its key) with at least ``minimum_weight``,
        in book order; through a board, only its legal moves, castling as it writes it."""
        try:
            key = int(board)  # type: ignore[arg-type]
            context = None
        except (TypeError, ValueError):
            context = board
            key = zobrist_hash(context)
        if context is None or isinstance(context, Board):
            return iter(_core.book_find(self.mmap, key, context, minimum_weight, exclude_moves, Entry))
        return self._find_all_foreign(context, key, minimum_weight, exclude_moves)

    def _find_all_foreign(self, board: typing.Any, key: int, minimum_weight: int,
                          exclude_moves: Container[Move]) -> Iterator[Entry]:
        """find_all for a board that is not chessbits' (a python-chess board), through its own methods."""
        for entry in _core.book_find(self.mmap, key, None, minimum_weight, (), Entry):
            m = entry.move
            move = board._from_chess960(board.chess960, m.from_square, m.to_square, m.promotion, m.drop)
            if exclude_moves and move in exclude_moves:
                continue
            if board.is_legal(move):
                yield entry._replace(move=move)

    def find(self, board: Union[Board, int], *, minimum_weight: int = 1,
             exclude_moves: Container[Move] = []) -> Entry:
        """The main entry of a position: the first with the highest weight; IndexError if
        there is none (:meth:`get` gives None instead)."""
        try:
            return max(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves),
                       key=lambda entry: entry.weight)
        except ValueError:
            raise IndexError() from None

    def get(self, board: Union[Board, int], default: Optional[Entry] = None, *, minimum_weight: int = 1,
            exclude_moves: Container[Move] = []) -> Optional[Entry]:
        """The main entry of a position, or ``default``."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = [],
               random: Optional[random.Random] = None) -> Entry:
        """An entry of the position chosen uniformly (drawing from ``random`` as python-chess
        does, so a seeded generator picks the same); IndexError if there is none."""
        chosen = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            if chosen is None or _randint(random, 0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError()
        return chosen

    def weighted_choice(self, board: Union[Board, int], *, exclude_moves: Container[Move] = [],
                        random: Optional[random.Random] = None) -> Entry:
        """An entry of the position chosen with probability proportional to its weight;
        IndexError if there is none (or all weigh 0)."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError()
        choice = _randint(random, 0, total - 1)
        current = 0
        for entry in entries:
            current += entry.weight
            if current > choice:
                return entry
        raise AssertionError("unreachable: the weights sum to more than the choice")

    def close(self) -> None:
        """Unmap the book."""
        self.mmap.close()


def open_reader(path: StrOrBytesPath) -> MemoryMappedReader:
    """Open the Polyglot book at ``path`` (a context manager).

    >>> import chessbits.polyglot
    >>> chessbits.polyglot.open_reader("/nonexistent.bin")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent.bin'
    """
    return MemoryMappedReader(path)
