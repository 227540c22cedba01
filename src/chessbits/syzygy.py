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
import contextlib
import mmap
import os
import re
import threading
from types import TracebackType
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Set, Tuple, Type

from . import _core
from ._core import Board
from ._core import (_SZ_AB as _AB, _SZ_CASTLING as _CASTLING, _SZ_DTZ_NO_EP as _DTZ_NO_EP,
                    _SZ_DTZ_TABLE as _DTZ_TABLE, _SZ_MISSING as _MISSING, _SZ_PROBE_DTZ as _PROBE_DTZ,
                    _SZ_PROBE_WDL as _PROBE_WDL, _SZ_TOO_MANY as _TOO_MANY, _SZ_WDL_TABLE as _WDL_TABLE,
                    _SZ_INVALID as _INVALID)
from ._core import _SZ_DTZ as _DTZ, _SZ_WDL as _WDL

__all__ = ["open_tablebase", "Tablebase", "MissingTableError", "WdlTable", "DtzTable", "calc_key",
           "normalize_tablename", "is_tablename", "tablenames", "dependencies", "all_dependencies",
           "dtz_before_zeroing", "RootMove", "Native", "TableCheck", "get_include"]

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


def get_include() -> str:
    """The directory of ``chessbits_syzygy.h``, the probes' C interface (:meth:`Tablebase.native`)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


class Native(NamedTuple):
    """What :meth:`Tablebase.native` gives C code: ``api``, a capsule named
    ``"chessbits.syzygy.api"`` holding the ``chessbits_syzygy_api`` table of functions, and
    ``tables``, the address to pass them."""
    api: Any
    tables: int


class TableCheck(NamedTuple):
    """What :meth:`Tablebase.check` found."""
    positions: int              #: legal positions checked
    failures: int               #: positions breaking a rule
    first: Optional[str]        #: the FEN of the first of them, or None
    rule: Optional[str]         #: the rule it breaks, or None


class RootMove(NamedTuple):
    """A legal move at the root as :meth:`Tablebase.root_moves` ranks it."""
    move: Any
    wdl: int    #: the mover's WDL after it (2 win ... -2 loss), the 50-move rule from a fresh clock
    dtz: int    #: plies from the root to the next zeroing move with best play, the mover's sign (1: it zeroes or mates)
    rank: int   #: 2 wins, 1 draws by the 50-move rule only, 0 draws, -1 saved by it, -2 loses: with this clock


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


def _bits(positions: Any, turns: Any, ep_squares: Any, halfmove_clocks: Any, castling_rights: Any) -> Any:
    """The _core._SzBits of a GameArrays' positions or of bitboard arrays, None for other positions."""
    from . import encode
    np = encode._numpy()
    if isinstance(positions, encode.GameArrays):
        if positions.positions is None:
            return None  # (its games replayed instead)
        positions, turns, ep_squares, halfmove_clocks, castling_rights = (
            positions.positions, positions.turns, positions.ep_squares, positions.halfmove_clocks,
            positions.castling_rights)
    elif not isinstance(positions, np.ndarray):
        if turns is not None:
            raise TypeError("turns= goes with positions as an N x 8 array of bitboards")
        return None
    if positions.ndim != 2 or positions.shape[1] != 8:
        raise ValueError(f"positions as bitboards must be an N x 8 array, got shape {positions.shape}")
    if turns is None:
        raise TypeError("positions as bitboards need turns= (True where White is to move)")

    def column(array: Any, dtype: Any) -> Any:
        return None if array is None else np.ascontiguousarray(array, dtype)
    return _core._SzBits(np.ascontiguousarray(positions, np.uint64), column(turns, np.bool_).view(np.uint8),
                         column(ep_squares, np.int8), column(halfmove_clocks, np.uint32),
                         column(castling_rights, np.uint64))


def _position(positions: Any, row: int, turns: Any = None) -> Board:
    """The board of row ``row`` of positions as a bulk probe reads them (its pieces and turn
    only for bitboards)."""
    if isinstance(positions, list):
        return positions[row]
    if isinstance(positions, _core._Batch):
        return positions.board(row)
    from . import encode
    np = encode._numpy()
    if isinstance(positions, encode.GameArrays) and positions.positions is None:
        game = int(np.searchsorted(positions.offsets, row, "right")) - 1
        board = Board(positions.fens[game] or Board.starting_fen, chess960=bool(positions.chess960[game]))
        for move in positions.mainline_moves(game)[:row - int(positions.offsets[game])]:
            board.push(move)
        return board
    if isinstance(positions, encode.GameArrays):
        positions, turns = positions.positions, positions.turns
    board = Board(None)
    bits = [int(b) for b in positions[row]]
    for piece_type, mask in enumerate(bits[:6], 1):
        for square in range(64):
            if mask >> square & 1:
                board.set_piece_at(square, _core.Piece(piece_type, bool(bits[6] >> square & 1)))
    board.turn = bool(turns[row])
    return board


def _candidate_fen(name: str, k: int) -> str:
    """The FEN of ext/syzygy_check.c's candidate k of material name."""
    board = Board(None)
    placed = k >> 1
    pieces = []
    white, black = name.split("v")
    for color, side in ((True, white), (False, black)):
        for piece_type in range(1, 7):
            pieces += [(piece_type, color)] * side.count("PNBRQK"[piece_type - 1])
    for piece_type, color in pieces:
        board.set_piece_at(placed & 63, _core.Piece(piece_type, color))
        placed >>= 6
    board.turn = bool(k & 1)
    return board.fen()


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
        self._idle = threading.Condition(self._lock)  # notified when no bulk probe runs
        self._bulk = 0  # bulk probes and native() blocks running (their threads read the tables without the GIL)
        self._native: "collections.Counter[int]" = collections.Counter()  # threads inside native(), how deep
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
            self._wait_idle("add_file()")
            entry = self._base.add(name, kind)
            self._unmap(entry, kind)
            self._paths[entry, kind] = path
            tables[name] = tables[normalize_tablename(name, mirror=True)] = path
        return 1

    def _wait_idle(self, what: str) -> None:
        """Returns once no bulk probe or native() block reads the tables (the lock held)."""
        if self._native[threading.get_ident()]:
            raise RuntimeError(f"{what} inside a native() block of this thread: leave the block first")
        self._idle.wait_for(lambda: not self._bulk)

    def _unmap(self, entry: int, kind: int) -> None:
        mapped = self._maps.pop((entry, kind), None)
        if mapped is not None:
            self._base.drop(entry, kind)
            mapped[0].close()

    def _load(self, entry: int, kind: int, probe: int) -> None:
        """Maps the table a probe asks for (entry -1: the probe is over); past max_fds,
        unmaps the least recently mapped, but none this probe asked for while it runs (it
        asks again from the start after each table it is given), and none while a bulk
        probe runs on other threads."""
        with self._lock:
            if entry >= 0:
                if (entry, kind) in self._maps:  # (given meanwhile, for a probe on another thread)
                    self._maps[entry, kind] = (self._maps[entry, kind][0], probe)
                    self._maps.move_to_end((entry, kind))
                else:
                    data = _map(self._paths[entry, kind])
                    self._maps[entry, kind] = (data, probe)
                    self._base.give(entry, kind, data)
            if self.max_fds is not None and not self._bulk:
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

    def _many(self, positions: Any, what: int, dtype: str, default: Optional[int], threads: Optional[int],
              arrays: Tuple[Any, ...]) -> Any:
        from . import encode  # (NumPy, and the positions as the encoders read them)
        np = encode._numpy()
        source, single = _bits(positions, *arrays), False
        if source is not None:
            n = len(source)
        else:
            if not isinstance(positions, (Board, _core._Batch, encode.GameArrays)):
                positions = [board if isinstance(board, Board) else self._convert(board) for board in positions]
            source, n, single = encode._source(positions)
        threads = encode._threads(threads)
        values, codes = np.zeros(n, np.int16), np.zeros(n, np.int8)
        with self._lock:
            base = self._base
            self._bulk += 1
        try:
            first = base.many(source, what, values, codes, threads)
        finally:
            with self._lock:
                self._bulk -= 1
                self._idle.notify_all()
                if not self._bulk:
                    self._load(-1, -1, -1)  # (unmaps past max_fds)
        if first is not None:
            failed = codes != 0
            refused = failed & ~np.isin(codes, (_MISSING, _CASTLING, _TOO_MANY))  # (not KeyErrors)
            if default is None or refused.any():
                row, answer = first
                if default is not None:
                    row = int(np.flatnonzero(refused)[0])
                    answer = (int(codes[row]), 0, 0, "a position", 0)
                if answer[0] == _INVALID:
                    raise ValueError(f"position {row} is not a board (its bitboards overlap, lack a king, put a "
                                     "pawn on a back rank or name an impossible en-passant square)")
                try:
                    self._raise(_position(source if isinstance(source, list) else positions, row, arrays[0]), answer)
                except (KeyError, OSError) as error:
                    raise type(error)(f"{error.args[0]} (position {row})") from None
            values[failed] = default
        out = values.astype(dtype)
        return out[0] if single else out

    def probe_wdl_many(self, positions: Any, *, default: Optional[int] = None, threads: Optional[int] = None,
                       turns: Any = None, ep_squares: Any = None, halfmove_clocks: Any = None,
                       castling_rights: Any = None) -> Any:
        """:meth:`probe_wdl` of many positions in one call: an int8 NumPy array (a number for one
        Board), probed in C on ``threads`` threads with the GIL released.

        ``positions``: Boards, a :class:`chessbits.encode.BoardBatch` (each game's position), a
        :class:`chessbits.pgn.GameArrays` (the position before each move: its ``positions``
        arrays where read with ``positions=True``, else its games replayed), or bitboards as
        a GameArrays holds them (N x 8 uint64: pawns, knights, bishops, rooks, queens, kings,
        white, black) with ``turns`` (True: White to move) and optionally ``ep_squares``
        (-1: none), ``halfmove_clocks`` and ``castling_rights``. ``default``: the value of a
        position whose probe would raise KeyError (a missing table, castling rights, too many
        pieces); None raises it, naming the position.

        >>> tablebase.probe_wdl_many([chessbits.Board("8/8/8/8/8/8/8/K1k4Q w - - 0 1")])  # doctest: +SKIP
        array([2], dtype=int8)
        """
        return self._many(positions, _PROBE_WDL, "int8", default, threads,
                          (turns, ep_squares, halfmove_clocks, castling_rights))

    def probe_dtz_many(self, positions: Any, *, default: Optional[int] = None, threads: Optional[int] = None,
                       turns: Any = None, ep_squares: Any = None, halfmove_clocks: Any = None,
                       castling_rights: Any = None) -> Any:
        """:meth:`probe_dtz` of many positions in one call: an int16 NumPy array; as
        :meth:`probe_wdl_many`."""
        return self._many(positions, _PROBE_DTZ, "int16", default, threads,
                          (turns, ep_squares, halfmove_clocks, castling_rights))

    def root_moves(self, board: Board) -> List[RootMove]:
        """Every legal move with its WDL and DTZ after it and its rank under the 50-move rule,
        best first, as an engine plays from the tables at the root: the wins that zero in time
        for the halfmove clock fastest first, then wins the rule turns into draws, draws, losses
        the rule saves, losses (the farthest zeroing first). python-chess has no such call.

        A move's DTZ counts its own ply (a mate or a zeroing move: 1, or 101 in a cursed win).
        The tables know no history: repetitions are not looked at, and a DTZ may be one more
        than the true distance where a table stores it rounded.

        >>> [(str(m.move), m.wdl, m.dtz, m.rank) for m in tablebase.root_moves(board)][:1]  # doctest: +SKIP
        [('e7e8q', 2, 1, 2)]
        """
        board = board if isinstance(board, Board) else self._convert(board)
        clock = board.halfmove_clock
        children, zeroing, mates, moves = [], [], [], list(board.legal_moves)
        for move in moves:
            zeroing.append(board.is_zeroing(move))
            board.push(move)
            mates.append(board.is_checkmate())
            children.append(board.copy(stack=False))
            board.pop()
        if not moves:
            return []
        wdls = self.probe_wdl_many(children)
        dtzs = self.probe_dtz_many(children)
        ranked = []
        for move, child_wdl, child_dtz, zero, mate in zip(moves, wdls, dtzs, zeroing, mates):
            wdl, dtz = -int(child_wdl), -int(child_dtz)
            if mate:
                dtz = 1
            elif zero:
                dtz = dtz_before_zeroing(wdl)
            else:
                dtz += (dtz > 0) - (dtz < 0)  # (this move's ply; 0 stays 0)
            if wdl > 0:
                rank = 2 if wdl == 2 and (zero or mate or clock + dtz <= 100) else 1
            elif wdl < 0:
                rank = -2 if wdl == -2 and (zero or clock - dtz <= 100) else -1
            else:
                rank = 0
            ranked.append(RootMove(move, wdl, dtz, rank))
        return sorted(ranked, key=lambda m: (-m.rank, m.dtz if m.rank > 0 else -abs(m.dtz) if m.rank < 0 else 0))

    def check(self, name: str, *, every: int = 1, start: int = 0, threads: Optional[int] = None) -> TableCheck:
        """Checks the tables against the rules of the game on every legal position of a material
        (or every ``every``-th candidate from ``start``; the candidates are 2 x 64^pieces
        placements, the side to move last; pieces of one kind swapped count once): its WDL is
        the best of its moves' (captures and promotions probed in the tables they lead to), its
        DTZ agrees with its WDL, and its DTZ is one more than its best move's, within one (a
        DTZ table may round). It needs the
        material's WDL and DTZ tables and those its moves lead to.

        >>> tablebase.check("KRvK")  # doctest: +SKIP
        TableCheck(positions=399112, failures=0, first=None, rule=None)
        """
        from . import encode
        name = normalize_tablename(name)
        if every < 1 or not 0 <= start < _core._sz_candidates(name):
            raise ValueError(f"every must be at least 1 and start a candidate, got {every!r}, {start!r}")
        threads = encode._threads(threads)
        with self.native():
            positions, failures, first, rule, code = self._base.check(name, every, start, threads)
        if code == _MISSING:
            raise MissingTableError(f"check({name!r}) needs a table its moves lead to, missing from "
                                    f"{_candidate_fen(name, first)}")
        if code:
            raise OSError(f"check({name!r}): a table does not decode, probing {_candidate_fen(name, first)}")
        if not failures:
            return TableCheck(positions, 0, None, None)
        return TableCheck(positions, failures, _candidate_fen(name, first), _core._SZ_RULES[rule])

    @contextlib.contextmanager
    def native(self) -> Iterator[Native]:
        """Every table added mapped (``max_fds`` set aside) and kept until the block ends, for C,
        C++ or Cython code to probe without the GIL through ``chessbits_syzygy.h``
        (:func:`get_include`), from any number of threads.

        >>> with tablebase.native() as handle:  # doctest: +SKIP
        ...     my_engine.search(board, handle.api, handle.tables)
        """
        me = threading.get_ident()
        with self._lock:
            self._bulk += 1
            self._native[me] += 1
        try:
            with self._lock:
                base = self._base
                for entry, kind in list(self._paths):
                    self._load(entry, kind, -2)
            yield Native(_core._SZ_API, base.address())
        finally:
            with self._lock:
                self._bulk -= 1
                self._native[me] -= 1
                self._idle.notify_all()
                if not self._bulk:
                    self._load(-1, -1, -1)

    def close(self) -> None:
        """Closes all loaded tables (and forgets every table added)."""
        with self._lock:
            self._wait_idle("close()")
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
