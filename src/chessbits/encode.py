"""Positions as neural networks read them: input planes, tokens, policy indices and legal-move masks.

Every function takes a :class:`chessbits.Board`, a sequence of Boards, or the :class:`GameArrays`
of :func:`chessbits.pgn.read_games` (then every position before each mainline move, aligned
with ``games.moves``, each with its game's history). The work runs in C with the GIL released,
on ``threads`` threads (default 1), into NumPy arrays (``out=`` takes a preallocated one).

Layouts (names kept so scripts keep working):

- ``"simple"``: 12 x 8 x 8, White's pawn, knight, bishop, rook, queen, king, then Black's; square
  s at ``[s // 8, s % 8]`` (rank, file; a1 first). ``perspective=True``: the side to move's pieces
  first and the board flipped top to bottom when black is to move.
- ``"lc0"``: Leela Chess Zero's 112 planes as its ``encoder.cc`` writes them, for each of its input
  ``format`` s and ``history_fill`` rules; policy: its 1858 moves.
- ``"alphazero"``: 119 planes (8 positions x 14, then colour, move count, castling, no-progress);
  policy: 8 x 8 x 73 = 4672 as PettingZoo's chess numbers it.
- ``"maia2"``: Maia-2's 18 planes (mirrored when black is to move, as its preprocessing does);
  policy: its 1880 moves.
- ``"searchless"``: DeepMind's searchless_chess: 77 FEN tokens (:func:`tokens`); policy: 1968 moves.

Needs NumPy (``pip install 'chessbits[numpy]'``).

>>> import chessbits, chessbits.encode as encode
>>> board = chessbits.Board()
>>> encode.planes(board).shape
(12, 8, 8)
>>> encode.move_index(chessbits.Move.from_uci("e2e4"), board, layout="lc0")
322
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, NamedTuple, Optional, Tuple

from . import _core, _optional
from ._pgnarrays import GameArrays, _Ahead
from .status import IllegalMoveError

# The layouts' names (their planes), the policies', lc0's input formats and history fill rules,
# the dtypes: ext/'s numbers, named in _core.
PLANES = _core.ENCODE_LAYOUTS
POLICIES = _core.POLICY_LAYOUTS
LC0_FORMATS = _core.LC0_FORMATS
LC0_FILLS = _core.LC0_FILLS
DTYPES = _core.ENCODE_DTYPES
TOKENS = _core.ENCODE_TOKENS

Positions = Any  # a Board, a sequence of Boards, or a GameArrays

# The policy a layout's moves are indexed in when policy= is not given ("simple" has none of its own).
DEFAULT_POLICY = {"simple": "alphazero", "lc0": "lc0", "alphazero": "alphazero", "maia2": "maia2"}


def _numpy() -> Any:
    return _optional.numpy("chessbits.encode", "numpy")


def _name(value: str, table: Dict[str, Any], what: str) -> Any:
    try:
        return table[value]
    except (KeyError, TypeError):
        raise ValueError(f"unknown {what} {value!r}: expected one of {', '.join(map(repr, table))}") from None


def _source(positions: Positions) -> Tuple[Any, int, bool]:
    """What _core._encode reads, the number of positions, and whether a single Board was given."""
    if isinstance(positions, _core.Board):
        return [positions], 1, True
    if isinstance(positions, (_core._Batch, _core._BatchRows)):
        return positions, len(positions), False
    if isinstance(positions, GameArrays):
        np = _numpy()
        starts = [(fen.encode() if fen else None, bool(c)) for fen, c in zip(positions.fens, positions.chess960)]
        offsets = positions.offsets
        return ((np.ascontiguousarray(positions.moves, np.uint16), np.ascontiguousarray(offsets, np.int64), starts),
                int(offsets[-1] - offsets[0]) if len(offsets) > 1 else 0, False)
    boards = list(positions)
    for b in boards:
        if not isinstance(b, _core.Board):
            raise TypeError(f"expected chessbits Boards, got {type(b).__name__}")
    return boards, len(boards), False


def _flat(array: Any) -> Any:
    return array.reshape(-1).view("uint8")


def _out(out: Any, shape: Tuple[int, ...], dtype: Any, what: str) -> Any:
    np = _numpy()
    if out is None:
        return np.empty(shape, dtype)
    if out.shape != shape or out.dtype != np.dtype(dtype) or not out.flags.c_contiguous:
        raise ValueError(f"{what}: out must be a C-contiguous {np.dtype(dtype)} array of shape {shape}, "
                         f"got {out.dtype} {out.shape}")
    return out


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 1
    if not 1 <= threads <= _core.MAX_THREADS:
        raise ValueError(f"threads must be in 1..{_core.MAX_THREADS}, got {threads!r}")
    return threads


def _run(source: Any, *, layout: int = -1, lc0_format: int = 1, lc0_fill: int = 1, perspective: bool = False,
         dtype: int = DTYPES["float32"], planes: Any = None, values: Any = None, tokens: Any = None,
         tokens_ok: Any = None, bitboards: Any = None, black: Any = None, policy: int = -1, mask: Any = None,
         counts: Any = None, played: Any = None, threads: int = 1, rows: Any = None, bits_at: int = 0) -> Any:
    flat = [None if a is None else _flat(a) for a in (planes, values, tokens, tokens_ok, bitboards, black, mask,
                                                       counts, played)]
    return _core._encode(source, layout, lc0_format, lc0_fill, perspective, dtype, flat[0], flat[1], flat[2],
                         flat[3], flat[4], flat[5], policy, flat[6], flat[7], flat[8], threads, rows, bits_at)


def planes(positions: Positions, layout: str = "simple", *, dtype: str = "float32", out: Any = None,
           perspective: bool = False, format: str = "classical", history_fill: str = "fen_only",
           compact: bool = False, threads: Optional[int] = None) -> Any:
    """Input planes of positions: (N, P, 8, 8) of dtype (P, 8, 8 for one Board).

    layout: "simple" (12), "lc0" (112), "alphazero" (119) or "maia2" (18). dtype: "float32",
    "float16", "uint8" (values above 255 saturate; refused where a plane can be fractional) or
    "bool" (nonzero). format, history_fill: lc0's input format and FillEmptyHistory rule.
    compact=True: lc0's own form instead, ``(masks, values)``: (N, P) uint64 (bit s: square s)
    and (N, P) float32, a dense plane being its mask's squares times its value.

    >>> import chessbits
    >>> x = planes([chessbits.Board()], "lc0")
    >>> x.shape, float(x[0, 104].sum()), float(x[0, 111].min())
    ((1, 112, 8, 8), 64.0, 1.0)
    """
    kind, count = _name(layout, PLANES, "layout")
    fmt, fill = _name(format, LC0_FORMATS, "lc0 format"), _name(history_fill, LC0_FILLS, "history_fill")
    source, n, single = _source(positions)
    np = _numpy()
    if compact:
        masks = _out(out[0] if out is not None else None, (n, count), np.uint64, "planes")
        values = _out(out[1] if out is not None else None, (n, count), np.float32, "planes")
        _run(source, layout=kind, lc0_format=fmt, lc0_fill=fill, perspective=perspective, dtype=_core.ENCODE_COMPACT,
             planes=masks, values=values, threads=_threads(threads))
        return (masks[0], values[0]) if single else (masks, values)
    result = _out(out, (n, count, 8, 8), np.dtype(dtype), "planes")
    _run(source, **_dense(layout, dtype, perspective, format, history_fill), planes=result, threads=_threads(threads))
    return result[0] if single else result


def _dense(layout: str, dtype: str = "float32", perspective: bool = False, format: str = "classical",
           history_fill: str = "fen_only") -> Dict[str, Any]:
    """_run's arguments for dense planes of a layout (its errors for bad options)."""
    kind, _ = _name(layout, PLANES, "layout")
    fmt, fill = _name(format, LC0_FORMATS, "lc0 format"), _name(history_fill, LC0_FILLS, "history_fill")
    code = _name(dtype, DTYPES, "dtype")
    if dtype == "uint8" and _core._fractional_planes(kind, fmt):
        raise ValueError(f"lc0 format {format!r} has fractional planes (the rule-50 plane): use a float dtype")
    return dict(layout=kind, lc0_format=fmt, lc0_fill=fill, perspective=perspective, dtype=code)


def bitboards(positions: Positions, *, out: Any = None, threads: Optional[int] = None) -> Any:
    """Raw bitboards, (N, 12) uint64: White's pawns, knights, bishops, rooks, queens, king, then
    Black's (bit s: square s), for users who unpack on the GPU.

    >>> import chessbits
    >>> hex(int(bitboards(chessbits.Board())[0]))
    '0xff00'
    """
    np = _numpy()
    source, n, single = _source(positions)
    result = _out(out, (n, 12), np.uint64, "bitboards")
    _run(source, bitboards=result, threads=_threads(threads))
    return result[0] if single else result


def tokens(positions: Positions, layout: str = "searchless", *, out: Any = None,
           threads: Optional[int] = None) -> Any:
    """searchless_chess's 77 tokens of each position's FEN (python-chess's ``fen()``), (N, 77)
    uint8. Raises ValueError where its tokenizer would fail (castling letters other than
    K, Q, k, q, B, b; a clock of four digits).

    >>> import chessbits
    >>> tokens(chessbits.Board())[:3].tolist()
    [29, 20, 19]
    """
    if layout != "searchless":
        raise ValueError(f"unknown token layout {layout!r}: expected 'searchless'")
    np = _numpy()
    source, n, single = _source(positions)
    result = _out(out, (n, TOKENS), np.uint8, "tokens")
    ok = np.empty(n, np.uint8)
    _run(source, tokens=result, tokens_ok=ok, threads=_threads(threads))
    if not ok.all():
        bad = int(np.flatnonzero(ok == 0)[0])
        raise ValueError(f"position {bad} cannot be tokenized by searchless_chess's tokenizer")
    return result[0] if single else result


def policy_size(layout: str) -> int:
    """The number of policy indices of a layout.

    >>> policy_size("lc0"), policy_size("alphazero"), policy_size("maia2"), policy_size("searchless")
    (1858, 4672, 1880, 1968)
    """
    return _core._policy_size(_name(layout, POLICIES, "policy layout"))


def _canonical(layout: str, format: str) -> bool:
    return layout == "lc0" and _core._lc0_canonical(_name(format, LC0_FORMATS, "lc0 format"))


def move_index(move: Any, board: Any, layout: str = "lc0", *, format: str = "classical") -> int:
    """The policy index of move on board (castling as the board writes it), in the family's frame
    (flipped for black where the family flips). ValueError if the layout has no index for it.

    >>> import chessbits
    >>> move_index(chessbits.Move.from_uci("g1f3"), chessbits.Board(), layout="alphazero")
    3563
    """
    code = _name(layout, POLICIES, "policy layout")
    key = move.from_square | move.to_square << 6 | (move.promotion or 0) << 12 if move else 0
    index = _core._move_index(board, key, code, _canonical(layout, format))
    if index < 0:
        raise ValueError(f"{layout} has no policy index for {move.uci() if move else '0000'} in {board.fen()}")
    return index


def index_move(index: int, board: Any, layout: str = "lc0", *, format: str = "classical") -> Any:
    """The legal move of board with policy index `index` (python-chess's IllegalMoveError if none).

    >>> import chessbits
    >>> index_move(322, chessbits.Board(), layout="lc0")
    Move.from_uci('e2e4')
    """
    code = _name(layout, POLICIES, "policy layout")
    canonical = _canonical(layout, format)
    for key in _core._legal_keys(board):
        if _core._move_index(board, key, code, canonical) == index:
            return _core.Move(key & 63, (key >> 6) & 63, (key >> 12) or None)
    raise IllegalMoveError(f"no legal move with {layout} index {index} in {board.fen()}")


def legal_mask(positions: Positions, layout: str = "lc0", *, format: str = "classical", out: Any = None,
               sparse: bool = False, threads: Optional[int] = None) -> Any:
    """Legal moves as policy indices: (N, K) bool (K = :func:`policy_size`), or with sparse=True
    ``(counts, indices)``: int32 (N,) and int16 (counts.sum(),), each position's ascending.

    >>> import chessbits
    >>> int(legal_mask(chessbits.Board(), "lc0").sum())
    20
    """
    code = _name(layout, POLICIES, "policy layout")
    fmt = _name(format, LC0_FORMATS, "lc0 format")
    np = _numpy()
    source, n, single = _source(positions)
    if sparse:
        counts = _out(out, (n,), np.int32, "legal_mask")
        return (counts, _run(source, policy=code, lc0_format=fmt, counts=counts, threads=_threads(threads)))
    size = _core._policy_size(code)
    result = _out(out, (n, size), np.bool_, "legal_mask")
    _run(source, policy=code, lc0_format=fmt, mask=result, threads=_threads(threads))
    return result[0] if single else result


def move_indices(games: Any, layout: str = "lc0", *, format: str = "classical",
                 threads: Optional[int] = None) -> Any:
    """The policy index of each move of a GameArrays (int16, aligned with ``games.moves``; -1 for a
    null move).

    >>> from chessbits.pgn import read_games
    >>> move_indices(read_games(b"1. e4 e5 *")).tolist()
    [322, 322]
    """
    code = _name(layout, POLICIES, "policy layout")
    source, n, single = _source(games)
    if isinstance(source, list):
        raise TypeError("move_indices reads a GameArrays (its moves); for one move use move_index")
    np = _numpy()
    result = np.empty(n, np.int16)
    _run(source, policy=code, lc0_format=_name(format, LC0_FORMATS, "lc0 format"), played=result,
         threads=_threads(threads))
    return result


class Dataset(NamedTuple):
    """Training examples of a GameArrays, one per position before a mainline move: ``planes``
    (N, P, 8, 8), ``legal`` (N, K) bool, ``played`` (N,) int16 (the move's policy index), ``game``
    (N,) int64 (its game) and ``result`` (N,) float32 (the game's result for the side to move:
    1, 0.5, 0, NaN if unknown)."""
    planes: Any
    legal: Any
    played: Any
    game: Any
    result: Any


def dataset(games: Any, layout: str = "lc0", *, policy: Optional[str] = None, dtype: str = "float32",
            format: str = "classical", history_fill: str = "fen_only", threads: Optional[int] = None) -> Dataset:
    """Planes, legal-move masks and played-move indices of every position of games in one pass.

    >>> from chessbits.pgn import read_games
    >>> data = dataset(read_games(b"1. f3 e5 2. g4 Qh4# 0-1"), "lc0")
    >>> data.planes.shape, data.legal.shape, data.played.tolist(), data.result.tolist()
    ((4, 112, 8, 8), (4, 1858), [346, 322, 378, 93], [0.0, 1.0, 0.0, 1.0])
    """
    kind, count = _name(layout, PLANES, "layout")
    code = _name(policy or layout, POLICIES, "policy layout")
    fmt, fill = _name(format, LC0_FORMATS, "lc0 format"), _name(history_fill, LC0_FILLS, "history_fill")
    dcode = _name(dtype, DTYPES, "dtype")
    source, n, single = _source(games)
    if isinstance(source, list):
        raise TypeError("dataset reads a GameArrays (chessbits.pgn.read_games)")
    np = _numpy()
    x = np.empty((n, count, 8, 8), np.dtype(dtype))
    legal = np.empty((n, _core._policy_size(code)), np.bool_)
    played = np.empty(n, np.int16)
    black = np.empty(n, np.bool_)
    _run(source, layout=kind, lc0_format=fmt, lc0_fill=fill, dtype=dcode, planes=x, policy=code, mask=legal,
         played=played, black=black, threads=_threads(threads))
    return Dataset(x, legal, played, *_outcomes(games, black))


def _rows_of(games: Any, rows: Callable[[int], Any], bits_at: int, threads: int, *,
             encoding: Dict[str, Any]) -> Tuple[Any, ...]:
    """(rows, played, black, game, result) of the positions of games (a GameArrays), as dataset()
    gives them, their planes and masks written by the encoder into rows(n), n rows for the n
    positions (chessbits._stream's form, the mask's bits from bits_at); encoding: _run's options."""
    np = _numpy()
    source, n, _ = _source(games)
    out = rows(n)
    played, black = np.empty(n, np.int16), np.empty(n, np.bool_)
    _run(source, **encoding, played=played, black=black, rows=out, bits_at=bits_at, threads=threads)
    return (out, played, black, *_outcomes(games, black))


def _outcomes(games: Any, black: Any) -> Tuple[Any, Any]:
    """(game, result) of each position of games, black: whether black is to move there."""
    np = _numpy()
    offsets = np.asarray(games.offsets, np.int64)
    game = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
    per_game = np.array([white.get(r, np.nan) for r in games.result], np.float32)
    result = per_game[game]
    return game, np.where(black, 1.0 - result, result).astype(np.float32)


def stream(source: Any, layout: str = "lc0", *, batch_size: int = 1024, shuffle_buffer: int = 100_000,
           seed: Any = None, policy: Optional[str] = None, dtype: str = "float32", format: str = "classical",
           history_fill: str = "fen_only", skip_plies: int = 0, min_rating: Optional[float] = None,
           max_rating: Optional[float] = None, time_control: Any = None, clocks: bool = False,
           ratings: bool = False, worker: Optional[int] = None, workers: Optional[int] = None,
           threads: Optional[int] = None, drop_last: bool = False) -> Iterator[Dict[str, Any]]:
    """Training batches from a game database, in constant memory: an iterator of dicts of NumPy
    arrays, one row per position before a mainline move of the games kept, shuffled.

    - ``planes`` (B, P, 8, 8) of ``layout`` in ``dtype``; ``move`` (B,) int16: the move played,
      its index in ``policy`` (default: the layout's, AlphaZero's for "simple"); ``mask`` (B, K)
      bool: the legal moves;
      ``value`` (B,) float32: the game's result for the side to move (1, 0.5, 0; NaN if unknown);
      ``game`` (B,) int64: the game's index in the source; ``ply`` (B,) int32: the position's
      ply in its game (0: its start);
    - ``clocks=True``: ``clock`` (B,) float32, the ``[%clk]`` of the move played in seconds (NaN
      if none); ``ratings=True``: ``rating`` and ``opponent_rating`` (B,) float32, the mover's
      Elo and the other side's (NaN if none).

    source: what :func:`chessbits.pgn.iter_games` reads (paths, globs, ``.pgn.zst``, Parquet
    ``movetext`` columns...) or a :class:`chessbits.pgn.GameArrays`. Games kept: those with both ``WhiteElo`` and ``BlackElo`` within
    ``min_rating``..``max_rating`` (if given), a ``TimeControl`` equal to ``time_control`` (or
    for which it returns True, if a function); positions before ply ``skip_plies`` are left out.
    ``shuffle_buffer`` positions are held and each new one takes the place of one drawn at random
    (0: the source's order); the same ``seed`` gives the same batches. ``worker``/``workers``:
    this reader takes games ``worker``, ``worker + workers``, ... (the others' only scanned for
    their end, not read); inside a PyTorch DataLoader
    worker both default to its ``get_worker_info()`` (torch is not imported otherwise). A thread
    reads, encodes, shuffles and writes out batches ahead (on ``threads`` threads in C, 1 by
    default, the GIL released) while they are used; the last batch may be short unless
    ``drop_last``. Memory: the buffer, whose positions are held
    compact (lc0's: 1.6 kB each, its planes as each plane's squares and value, its mask a bit a
    move), a few hundred games, and the memory of a few batches, reused once the consumer lets go
    of a batch's arrays.

    >>> batches = stream(b"1. e4 e5 2. Nf3 1-0", "lc0", batch_size=2, shuffle_buffer=0)
    >>> [(b["planes"].shape, b["move"].tolist(), b["value"].tolist(), b["ply"].tolist()) for b in batches]
    [((2, 112, 8, 8), [322, 322], [1.0, 0.0], [0, 1]), ((1, 112, 8, 8), [159], [1.0], [2])]
    """
    from . import _stream
    if batch_size < 1 or shuffle_buffer < 0 or skip_plies < 0:
        raise ValueError(f"batch_size must be at least 1 and shuffle_buffer, skip_plies at least 0, got "
                         f"{batch_size}, {shuffle_buffer}, {skip_plies}")
    kind, count = _name(layout, PLANES, "layout")
    policy = policy or DEFAULT_POLICY.get(layout, layout)
    _name(dtype, DTYPES, "dtype")
    encoding = dict(layout=kind, lc0_format=_name(format, LC0_FORMATS, "lc0 format"),
                    lc0_fill=_name(history_fill, LC0_FILLS, "history_fill"), dtype=_core.ENCODE_COMPACT,
                    policy=_name(policy, POLICIES, "policy layout"))
    import functools
    if worker is not None or workers is not None:
        _stream._shard(worker, workers)  # (checked now; PyTorch's worker is found where iterated)
    threads = _threads(threads)

    def batches() -> Iterator[Dict[str, Any]]:
        options = dict(min_rating=min_rating, max_rating=max_rating, time_control=time_control)
        rows = _stream._Rows(count, policy_size(policy), clocks, ratings)
        chunks = _stream._chunks(source, _stream._shard(worker, workers), options,
                                 functools.partial(_rows_of, encoding=encoding), rows, threads, skip_plies)
        shuffler = _stream._Shuffler(shuffle_buffer, batch_size, seed, threads)
        finish = functools.partial(rows.batch, dtype=dtype, threads=threads)
        reader = _Ahead(_stream._batches(chunks, shuffler, finish, drop_last), _stream.AHEAD, "chessbits-stream")
        try:
            while True:
                batch = reader.get()
                if batch is None:
                    break
                yield batch
        finally:
            reader.close()
    return batches()


class BoardBatch(_core._Batch):
    """N games stepped together, for self-play and MCTS: legal masks for all, one move (or policy
    index) pushed per game, outcomes, resets and encodings, each one call over all games.

    n games from fen (one by default), or one game per FEN of a list; claim_draw: games also end
    on the fifty-move rule and threefold repetition (python-chess's ``outcome(claim_draw=True)``).
    A game takes 55 kB however long it runs (on 2 MB pages where Linux gives them), and 2 bytes
    a move for :meth:`board`.

    >>> batch = BoardBatch(2)
    >>> batch.legal_mask("lc0").sum(axis=1).tolist()
    [20, 20]
    >>> batch.push(indices=[322, 322], layout="lc0")  # e2e4 in both
    >>> batch.board(0).fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    """

    def push(self, moves: Any = None, *, indices: Any = None, layout: str = "lc0",
             format: str = "classical") -> None:
        """Plays one move per game: ``moves`` (Moves, or python-chess keys ``from | to << 6 |
        promotion << 12``; None or 0 to skip a game) or ``indices`` (policy indices of layout, -1
        to skip). Finished games stay as they are (their entries are not read). IllegalMoveError,
        nothing played, if a move is not legal in its ongoing game. (:meth:`step` plays on
        threads, with the next legal moves.)"""
        np = _numpy()
        if (moves is None) == (indices is None):
            raise TypeError("push takes moves or indices")
        if indices is not None:
            code = _name(layout, POLICIES, "policy layout")
            self._push_indices(np.ascontiguousarray(indices, np.int16), code, _canonical(layout, format))
            return
        if isinstance(moves, np.ndarray):
            self._push_keys(np.ascontiguousarray(moves, np.uint16))
            return
        keys = [0 if m is None or m == 0 else
                (m if isinstance(m, (int, np.integer)) else m.from_square | m.to_square << 6 | (m.promotion or 0) << 12)
                for m in moves]
        self._push_keys(np.array(keys, np.uint16))

    def step(self, indices: Any, layout: str = "lc0", *, format: str = "classical", sparse: bool = False,
             out: Any = None, threads: Optional[int] = None) -> Any:
        """:meth:`push` of policy indices, then :func:`legal_mask` of the positions reached, in
        one pass over the games (each game's move played, its next moves found and written,
        on ``threads``): self-play's loop in one call.

        >>> batch = BoardBatch(2)
        >>> counts, moves = batch.step([322, -1], sparse=True)  # e2e4 in game 0
        >>> counts.tolist()
        [20, 20]
        """
        return legal_mask(self._played(indices, layout, format, threads), layout, format=format, sparse=sparse,
                          out=out, threads=threads)

    def _played(self, indices: Any, layout: str, format: str, threads: Optional[int]) -> Any:
        """Every game's position after its move of policy index indices[g] (-1: none), as the
        encoders read positions: the moves checked now, on threads (IllegalMoveError, nothing
        played), played in the encoding's pass."""
        np = _numpy()
        keys = np.empty(len(self), np.uint16)
        self._index_keys(np.ascontiguousarray(indices, np.int16), _name(layout, POLICIES, "policy layout"),
                         _canonical(layout, format), keys, _threads(threads))
        return _core._BatchRows(self, play=keys)

    def reset(self, which: Any = None) -> None:
        """Takes games back to their start: all (None), or those of a bool mask or of indices."""
        np = _numpy()
        if which is None:
            self._reset(range(len(self)))
            return
        which = np.asarray(which)
        self._reset((np.flatnonzero(which) if which.dtype == np.bool_ else which.reshape(-1)).tolist())

    def subset(self, games: Any) -> Any:
        """The positions of some games (indices, or a bool mask), for :func:`planes`,
        :func:`legal_mask` and :func:`tokens`: row k is the k-th game named.

        >>> batch = BoardBatch(3)
        >>> planes(batch.subset([2]), "simple").shape
        (1, 12, 8, 8)
        """
        np = _numpy()
        games = np.asarray(games)
        rows = np.flatnonzero(games) if games.dtype == np.bool_ else games.reshape(-1).astype(np.int64)
        return _core._BatchRows(self, np.ascontiguousarray(np.where(rows < 0, rows + len(self), rows), np.int64))

    def legal_mask(self, layout: str = "lc0", **options: Any) -> Any:
        """:func:`legal_mask` of every game's position."""
        return legal_mask(self, layout, **options)

    def planes(self, layout: str = "simple", **options: Any) -> Any:
        """:func:`planes` of every game's position, with its history."""
        return planes(self, layout, **options)

    def tokens(self, **options: Any) -> Any:
        """:func:`tokens` of every game's position."""
        return tokens(self, **options)

    def _arrays(self) -> Tuple[Any, Any, Any]:
        np = _numpy()
        n = len(self)
        state = (np.empty(n, np.int8), np.empty(n, np.int8), np.empty(n, np.int64))
        self._state(*state)
        return state

    @property
    def terminations(self) -> Any:
        """(N,) int8: python-chess's Termination value of each game (1 checkmate, 2 stalemate, ...),
        0 while it goes on."""
        return self._arrays()[0]

    @property
    def finished(self) -> Any:
        """(N,) bool: the games that are over."""
        return _numpy().frombuffer(self._finished(), bool)

    @property
    def results(self) -> Any:
        """(N,) float32: 1 where white won, 0 where black won, 0.5 for a draw, NaN while a game goes on."""
        np = _numpy()
        term, white_wins, _ = self._arrays()
        return np.where(term == 0, np.nan, np.where(term == 1, white_wins, 0.5)).astype(np.float32)

    @property
    def plies(self) -> Any:
        """(N,) int64: half-moves played in each game since its start."""
        return self._arrays()[2]
