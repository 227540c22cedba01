"""Syzygy endgame tablebases (python-chess's ``chess.syzygy``): the tables read and probed in C.

The files are memory-mapped read-only when a probe first needs them; the decoding and the
search over captures and en passant run in ``ext/syzygy.c`` and ``ext/syzygy_probe.c``, with
python-chess's answers and errors. Variant tables (``VariantBoard`` other than the standard
board: atomic, antichess) are probed by python-chess's own code on chessbits' boards (the
``chessbits[pychess]`` extra).

>>> import chessbits
>>> from chessbits import syzygy
>>> with syzygy.open_tablebase("data/syzygy/regular") as tablebase:  # doctest: +SKIP
...     tablebase.probe_wdl(chessbits.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"))
-2
"""
from __future__ import annotations

import collections
import mmap
import os
import re
import threading
from types import TracebackType
from typing import Any, Dict, Iterable, Iterator, Optional, Set, Tuple, Type

from . import _core
from ._core import Board
from ._core import (_SZ_AB as _AB, _SZ_CASTLING as _CASTLING, _SZ_DTZ_NO_EP as _DTZ_NO_EP,
                    _SZ_DTZ_TABLE as _DTZ_TABLE, _SZ_MISSING as _MISSING, _SZ_PROBE_DTZ as _PROBE_DTZ,
                    _SZ_PROBE_WDL as _PROBE_WDL, _SZ_TOO_MANY as _TOO_MANY, _SZ_WDL_TABLE as _WDL_TABLE)
from ._core import _SZ_DTZ as _DTZ, _SZ_WDL as _WDL

__all__ = ["open_tablebase", "Tablebase", "MissingTableError", "WdlTable", "DtzTable", "calc_key",
           "normalize_tablename", "is_tablename", "tablenames", "dependencies", "all_dependencies",
           "dtz_before_zeroing"]

TBPIECES = 7
PCHR = ["K", "Q", "R", "B", "N", "P"]
TABLENAME_REGEX = re.compile(r"^[KQRBNP]+v[KQRBNP]+\Z")
WDL_TO_DTZ = [-1, -101, 0, 101, 1]

_SUFFIX = (".rtbw", ".rtbz")


class MissingTableError(KeyError):
    """Can not probe position because a required table is missing."""


def _rank(piece: str) -> int:
    return PCHR.index(piece)


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name a table's file has: each side's pieces strongest first, the side with more
    (or, as many, stronger) pieces first; ``mirror``: the other side first.

    >>> normalize_tablename("KNNvKBB")
    'KBBvKNN'
    """
    white, black = name.split("v", 1)
    white = "".join(sorted(white, key=_rank))
    black = "".join(sorted(black, key=_rank))
    swap = (len(white), [_rank(c) for c in black]) < (len(black), [_rank(c) for c in white])
    return black + "v" + white if mirror ^ swap else white + "v" + black


def is_tablename(name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES,
                 normalized: bool = True) -> bool:
    """Whether ``name`` is a table's name ("KRPvKR"): at most ``piece_count`` pieces, a king
    a side (``one_king``), written as :func:`normalize_tablename` writes it (``normalized``)."""
    if piece_count is not None and len(name) > piece_count + 1:
        return False
    if not TABLENAME_REGEX.match(name) or (normalized and normalize_tablename(name) != name):
        return False
    return not one_king or (name != "KvK" and name.startswith("K") and "vK" in name)


def _next_tables(name: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a capture or a promotion in ``name`` leads to (repeats possible)."""
    white, black = name.split("v", 1)
    for piece in PCHR:
        if piece == "K" and one_king:
            continue
        if piece != "P":
            if "P" in white:
                yield normalize_tablename(white.replace("P", piece, 1) + "v" + black)
            if "P" in black:
                yield normalize_tablename(white + "v" + black.replace("P", piece, 1))
        if piece in white and len(white) > 1:
            yield normalize_tablename(white.replace(piece, "", 1) + "v" + black)
        if piece in black and len(black) > 1:
            yield normalize_tablename(white + "v" + black.replace(piece, "", 1))


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables probing ``target`` may need, one move away (not KvK).

    >>> sorted(dependencies("KBNvK"))
    ['KBvK', 'KNvK']
    """
    seen: Set[str] = {"KvK"} if one_king else set()
    for name in _next_tables(target, one_king=one_king):
        if name not in seen and len(name) > 2:
            seen.add(name)
            yield name


def all_dependencies(targets: Iterable[str], *, one_king: bool = True) -> Iterator[str]:
    """The tables ``targets`` and every table they lead to, each once."""
    seen: Set[str] = {"KvK"} if one_king else set()
    todo = [normalize_tablename(target) for target in targets]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            yield name
            todo.extend(_next_tables(name, one_king=one_king))


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every table name of up to ``piece_count`` pieces."""
    first = "K" if one_king else "P"
    pawns = piece_count - 2
    targets = [first + "P" * (pawns - k) + "v" + first + "P" * k for k in range(pawns // 2 + 1)]
    return all_dependencies(targets, one_king=one_king)


def calc_key(board: Any, *, mirror: bool = False) -> str:
    """The board's material as a table name, White's pieces first (``mirror``: Black's).

    >>> calc_key(Board("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1"))
    'KBNvK'
    """
    sides = []
    for color in (not mirror, bool(mirror)):
        mask = board.occupied_co[color]
        sides.append("".join(letter * bin(bits & mask).count("1") for letter, bits in
                             zip(PCHR, (board.kings, board.queens, board.rooks, board.bishops, board.knights,
                                        board.pawns))))
    return "v".join(sides)


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a position whose best move zeroes: 1 (win), 101 (cursed win), or negated."""
    return ((wdl > 0) - (wdl < 0)) * (1 if abs(wdl) == 2 else 101)


def _map(path: str) -> mmap.mmap:
    with open(path, "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


class _TableFile:
    """One table file read by itself (python-chess's ``WdlTable``/``DtzTable``)."""
    _kind = _WDL

    def __init__(self, path: str, *, variant: Type[Board] = Board) -> None:
        self.path = path
        self.variant = variant
        name = os.path.splitext(os.path.basename(path))[0]
        self.key = normalize_tablename(name)
        self.mirrored_key = normalize_tablename(name, mirror=True)
        self.symmetric = self.key == self.mirrored_key
        self.num = len(name) - 1
        self.has_pawns = "P" in name
        self._name = name
        self._data: Optional[mmap.mmap] = None
        self._table: Any = None

    def _init(self) -> None:
        if self._table is None:
            self._data = _map(self.path)
            self._table = _core._SzTable(self._data, self._name, dtz=self._kind == _DTZ)
            self.key = self._table.key  # (a few pawnless tables store their colours swapped)
            self.mirrored_key = "v".join(reversed(self.key.split("v")))

    def _flipped(self, board: Board) -> bool:
        return not self.symmetric and calc_key(board) != self.key

    def close(self) -> None:
        self._table = None
        if self._data is not None:
            self._data.close()
            self._data = None

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class WdlTable(_TableFile):
    """A WDL table file: ``probe_wdl_table(board)`` is the value it stores (captures not
    looked at)."""
    _kind = _WDL

    def init_table_wdl(self) -> None:
        self._init()

    def probe_wdl_table(self, board: Board) -> int:
        self._init()
        return self._table.wdl_raw(board, self._flipped(board))


class DtzTable(_TableFile):
    """A DTZ table file: ``probe_dtz_table(board, wdl)`` is (its stored distance, 1), or
    (0, -1) if it holds the other side to move only."""
    _kind = _DTZ

    def init_table_dtz(self) -> None:
        self._init()

    def probe_dtz_table(self, board: Board, wdl: int) -> Tuple[int, int]:
        self._init()
        return self._table.dtz_raw(board, self._flipped(board), wdl)


def _variant_module() -> Dict[str, Any]:
    """python-chess's chess.syzygy run on chessbits' boards, for variant tables; its missing
    tables raise this module's MissingTableError."""
    global _VARIANTS
    if _VARIANTS is None:
        from ._pychess import borrow
        namespace: Dict[str, Any] = {"__name__": "chessbits.syzygy._variants"}
        borrow(namespace, "syzygy")
        namespace["MissingTableError"] = MissingTableError
        _VARIANTS = namespace
    return _VARIANTS


_VARIANTS: Optional[Dict[str, Any]] = None


class Tablebase:
    """Syzygy tables of one or more directories, opened when first probed.

    ``max_fds`` bounds the table files mapped at once (the least recently probed is unmapped
    past it; None: no bound)."""

    def __new__(cls, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> Any:
        if VariantBoard is not Board and getattr(VariantBoard, "uci_variant", "chess") != "chess":
            return _variant_module()["Tablebase"](max_fds=max_fds, VariantBoard=VariantBoard)
        return super().__new__(cls)

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> None:
        self.variant = VariantBoard
        self.max_fds = max_fds
        self._paths: Dict[Tuple[int, int], str] = {}
        self._maps: "collections.OrderedDict[Tuple[int, int], Tuple[mmap.mmap, int]]" = collections.OrderedDict()
        self._lock = threading.RLock()
        self._base = self._new_base()
        self.wdl: Dict[str, str] = {}
        self.dtz: Dict[str, str] = {}

    def _new_base(self) -> Any:
        base = _core._SzBase()
        base.loader, base.failer, base.convert = self._load, self._raise, self._convert
        return base

    def add_directory(self, directory: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds the tables of a directory (WDL ``*.rtbw``, DTZ ``*.rtbz``), opened when first
        probed; returns the number of table files found."""
        directory = os.path.abspath(directory)
        return sum(self.add_file(os.path.join(directory, name), load_wdl=load_wdl, load_dtz=load_dtz)
                   for name in os.listdir(directory))

    def add_file(self, path: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file; returns 1 if it is one (by its name), else 0."""
        name, ext = os.path.splitext(os.path.basename(path))
        if not is_tablename(name) or not os.path.isfile(path):
            return 0
        if ext == _SUFFIX[_WDL] and load_wdl:
            kind, tables = _WDL, self.wdl
        elif ext == _SUFFIX[_DTZ] and load_dtz:
            kind, tables = _DTZ, self.dtz
        else:
            return 0
        with self._lock:
            entry = self._base.add(name, kind)
            self._unmap(entry, kind)
            self._paths[entry, kind] = path
            tables[name] = tables[normalize_tablename(name, mirror=True)] = path
        return 1

    def _unmap(self, entry: int, kind: int) -> None:
        mapped = self._maps.pop((entry, kind), None)
        if mapped is not None:
            self._base.drop(entry, kind)
            mapped[0].close()

    def _load(self, entry: int, kind: int, probe: int) -> None:
        """Maps the table a probe asks for (entry -1: the probe is over); past max_fds,
        unmaps the least recently mapped, but none this probe asked for while it runs (it
        asks again from the start after each table it is given)."""
        with self._lock:
            if entry >= 0:
                data = _map(self._paths[entry, kind])
                self._maps[entry, kind] = (data, probe)
                self._base.give(entry, kind, data)
            if self.max_fds is not None:
                for key, (_, asked) in list(self._maps.items()):
                    if len(self._maps) <= self.max_fds:
                        break
                    if entry < 0 or asked != probe:
                        self._unmap(*key)

    @staticmethod
    def _convert(board: Any) -> Board:
        if board.uci_variant != "chess":
            raise KeyError(f"tablebase has been opened for chess, probed with: {board.uci_variant}")
        return board if isinstance(board, Board) else Board(board.fen())  # (python-chess's board, say)

    @staticmethod
    def _raise(board: Board, answer: Tuple[Any, ...]) -> None:
        code, kind, _, key, pieces = answer
        if code == _CASTLING:
            raise KeyError(f"syzygy tables do not contain positions with castling rights: {board.fen()}")
        if code == _TOO_MANY:
            raise KeyError(f"syzygy tables support up to {TBPIECES} pieces, not {pieces}: {board.fen()}")
        if code == _MISSING:
            raise MissingTableError(f"did not find {'dtz' if kind == _DTZ else 'wdl'} table {key}")
        raise OSError(f"the Syzygy table of {key} is corrupted (its file does not decode)")

    def probe_wdl_table(self, board: Board) -> int:
        """The value the WDL table stores for the board (captures not looked at)."""
        return self._base.value(board, _WDL_TABLE)

    def probe_ab(self, board: Board, alpha: int, beta: int, threats: bool = False) -> Tuple[int, int]:
        """python-chess's search over captures: (value, 1 from the table or 2 by a capture)."""
        return self._base.answer(board, _AB, alpha, beta)

    def probe_wdl(self, board: Board) -> int:
        """The side to move's win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2)
        under the 50-move rule, the position reached by a capture or a pawn move.

        :raises: :exc:`KeyError` (or :exc:`MissingTableError`) if a table is missing."""
        return self._base.value(board, _PROBE_WDL)

    def get_wdl(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """:meth:`probe_wdl`, or ``default`` where it would raise KeyError."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz_table(self, board: Board, wdl: int) -> Tuple[int, int]:
        """The DTZ table's stored distance for a board of that WDL: (distance, 1), or (0, -1)
        if it holds the other side to move only."""
        value, found = self._base.answer(board, _DTZ_TABLE, wdl=wdl)
        return (value, 1) if found else (0, -1)

    def probe_dtz_no_ep(self, board: Board) -> int:
        """:meth:`probe_dtz` without en passant."""
        return self._base.value(board, _DTZ_NO_EP)

    def probe_dtz(self, board: Board) -> int:
        """The distance to zeroing (a capture or a pawn move) with python-chess's rounding:
        positive winning, negative losing, 0 drawn; past +-100 the 50-move rule draws.

        :raises: :exc:`KeyError` (or :exc:`MissingTableError`) if a table is missing."""
        return self._base.value(board, _PROBE_DTZ)

    def get_dtz(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """:meth:`probe_dtz`, or ``default`` where it would raise KeyError."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def close(self) -> None:
        """Closes all loaded tables (and forgets every table added)."""
        with self._lock:
            for key in list(self._maps):
                self._unmap(*key)
            self._base = self._new_base()
            self._paths.clear()
            self.wdl.clear()
            self.dtz.clear()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


def open_tablebase(directory: str, *, load_wdl: bool = True, load_dtz: bool = True,
                   max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> Tablebase:
    """A :class:`Tablebase` with the tables of ``directory`` (more: ``add_directory``).

    :param max_fds: the table files mapped at once (None: any number)."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables
