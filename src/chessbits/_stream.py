"""Training batches streamed from a game database: :func:`chessbits.encode.stream`.

A thread reads this worker's share of the source in batches of games (chessbits.pgn.iter_games),
keeps those that pass the filters, encodes each of their positions into one row of bytes (the planes
compact: each plane's squares and value; the legal moves as bits), mixes the rows in a shuffle
buffer and writes each batch out in its dtype, all in C on its threads with the
GIL released where the work is: the consumer's thread only takes finished batches. Memory holds
the buffer, a few chunks of games and the batches ready, whatever the source's size.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from . import _core, _optional

# games read and encoded at a time by the reading thread (chunks that stay in the caches: 2x
# faster than 256 games)
READ_BATCH = 32
# batches the reading thread may hold ready
AHEAD = 2


def _numpy() -> Any:
    return _optional.numpy("chessbits.encode.stream", "data")


def _bytes(array: Any) -> Any:
    """A C-contiguous array's rows as bytes: (rows, bytes a row) uint8, a view."""
    return array.reshape(len(array), -1).view(_numpy().uint8)


def _shard(worker: Optional[int], workers: Optional[int]) -> Tuple[int, int]:
    """(worker, workers): as given, else PyTorch's DataLoader worker of this process (only if
    torch is imported already), else (0, 1)."""
    if worker is None and workers is None:
        torch = sys.modules.get("torch")
        info = torch.utils.data.get_worker_info() if torch is not None else None
        return (info.id, info.num_workers) if info is not None else (0, 1)
    if worker is None or workers is None:
        raise ValueError("worker= and workers= go together")
    from ._pgnarrays import _shard as check
    check(worker, workers)
    return worker, workers


def _ratings(games: Any, tag: str) -> Any:
    """The games' ratings under tag as float64, NaN where absent or not a number."""
    np = _numpy()
    values = games.headers.get(tag)
    out = np.full(len(games), np.nan)
    if values is None:
        return out
    for i, value in enumerate(values):
        if value is not None and value.isdigit():
            out[i] = float(value)
    return out


def _kept(games: Any, min_rating: Optional[float], max_rating: Optional[float],
          time_control: Union[None, str, Callable[[Optional[str]], bool]]) -> Any:
    """Indices of the games that pass the filters."""
    np = _numpy()
    keep = np.ones(len(games), bool)
    if min_rating is not None or max_rating is not None:
        for tag in ("WhiteElo", "BlackElo"):
            rating = _ratings(games, tag)
            with np.errstate(invalid="ignore"):
                keep &= ~np.isnan(rating)
                if min_rating is not None:
                    keep &= rating >= min_rating
                if max_rating is not None:
                    keep &= rating <= max_rating
    if time_control is not None:
        tags = games.headers.get("TimeControl", np.full(len(games), None, dtype=object))
        test = time_control if callable(time_control) else (lambda tag: tag == time_control)
        keep &= np.fromiter((bool(test(tag)) for tag in tags), bool, len(games))
    return np.flatnonzero(keep)


class _Rows:
    """A position as one row of bytes (the shuffle buffer's unit, so a position moves with one
    copy): its compact planes' masks from byte 0 and their values after them (8 and 4 bytes a
    plane), the legal moves as bits, then the scalars; rows padded to 8 bytes so the masks stay
    aligned."""

    def __init__(self, planes: int, moves: int, clocks: bool, ratings: bool) -> None:
        np = _numpy()
        self.planes, self.moves = planes, moves
        self.bits_at = 12 * planes
        scalars = [("move", np.int16), ("value", np.float32), ("game", np.int64), ("ply", np.int32)]
        if clocks:
            scalars.append(("clock", np.float32))
        if ratings:
            scalars += [("rating", np.float32), ("opponent_rating", np.float32)]
        at = self.bits_at + (moves + 7) // 8
        self.scalars: List[Tuple[str, Any, int]] = []
        for name, dtype in scalars:
            self.scalars.append((name, np.dtype(dtype), at))
            at += np.dtype(dtype).itemsize
        self.width = (at + 7) // 8 * 8
        self.blocks = _core._Blocks()

    def encode(self, games: Any, encode_rows: Callable[..., Tuple[Any, ...]], threads: int) -> Tuple[Any, ...]:
        """(rows, played, black, game, result) of the positions of games (a GameArrays), the rows'
        scalars 0; encode_rows: chessbits.encode._rows_of with the stream's options."""
        np = _numpy()
        return encode_rows(games, lambda n: self.blocks.arrays([((n, self.width), np.uint8)])[0], self.bits_at,
                           threads)

    def put(self, rows: Any, scalars: Dict[str, Any]) -> None:
        """Writes each scalar's values by name into the rows."""
        np = _numpy()
        _core._row_columns(rows, [(at, np.ascontiguousarray(scalars[name], dtype)) for name, dtype, at in self.scalars],
                           True)

    def batch(self, parts: List[Any], dtype: str, threads: int) -> Dict[str, Any]:
        """A batch as handed out, from its parts' rows: the planes written out in dtype, the mask
        as bools, each scalar its own array."""
        np = _numpy()
        n = sum(len(part) for part in parts)
        planes, mask, *columns = self.blocks.arrays([((n, self.planes, 8, 8), dtype), ((n, self.moves), np.bool_)]
                                                    + [((n,), type_) for _, type_, _ in self.scalars])
        first = 0
        for part in parts:
            rows = slice(first, first + len(part))
            _core._finish_rows(part, self.planes, _core.ENCODE_DTYPES[dtype], _bytes(planes[rows]), self.bits_at,
                               self.moves, _bytes(mask[rows]), threads)
            _core._row_columns(part, [(at, column[rows]) for (_, _, at), column in zip(self.scalars, columns)], False)
            first += len(part)
        scalars = {name: column for (name, _, _), column in zip(self.scalars, columns)}
        return {"planes": planes, "move": scalars.pop("move"), "mask": mask, **scalars}


def _games(source: Any, worker: int, workers: int, threads: int, tags: List[str]) -> Iterator[Any]:
    """The games of the shard (worker, workers) of source (a GameArrays, or what
    chessbits.pgn.iter_games reads: then only the tags a filter reads), READ_BATCH at a time."""
    from ._pgnarrays import GameArrays, iter_games
    if not isinstance(source, GameArrays):
        yield from iter_games(source, batch=READ_BATCH, threads=threads, headers=tags, worker=worker, workers=workers)
        return
    np = _numpy()
    shard = np.arange(worker, len(source), workers)
    for at in range(0, len(shard), READ_BATCH):
        yield source[at:at + READ_BATCH] if workers == 1 else source.take(shard[at:at + READ_BATCH])


def _chunks(source: Any, shard: Tuple[int, int], options: Dict[str, Any], encode_rows: Callable[..., Tuple[Any, ...]],
            rows: _Rows, threads: int, skip_plies: int) -> Iterator[Any]:
    """The positions of the source's games of this shard (worker, workers) that pass the
    filters (options: _kept's), as rows, a chunk per batch of games read; encode_rows:
    chessbits.encode._rows_of with the stream's options."""
    np = _numpy()
    names = {name for name, _, _ in rows.scalars}
    tags = ["WhiteElo", "BlackElo"] if "rating" in names or options["min_rating"] is not None \
        or options["max_rating"] is not None else []
    if options["time_control"] is not None:
        tags.append("TimeControl")
    worker, workers = shard
    first = 0  # of the shard's games, the first of the batch
    for games in _games(source, worker, workers, threads, tags):
        base = first
        first += len(games)
        kept = _kept(games, **options)
        if not len(kept):
            continue
        if len(kept) < len(games):
            games = games.take(kept)
        chunk, played, black_moves, game, result = rows.encode(games, encode_rows, threads)
        offsets = np.asarray(games.offsets, np.int64)
        ply = np.arange(len(game), dtype=np.int64) - offsets[game]
        scalars = {"move": played, "value": result, "game": worker + (kept + base)[game] * workers, "ply": ply}
        if "clock" in names:
            scalars["clock"] = games.clocks
        if "rating" in names:
            white, black = _ratings(games, "WhiteElo")[game], _ratings(games, "BlackElo")[game]
            scalars["rating"] = np.where(black_moves, black, white)
            scalars["opponent_rating"] = np.where(black_moves, white, black)
        rows.put(chunk, scalars)
        if skip_plies:
            chunk = chunk[ply >= skip_plies]
        if len(chunk):
            yield chunk


class _Shuffler:
    """A buffer of `capacity` rows: each row that comes in takes the place of one drawn at
    random, which goes out (tf.data's shuffle); at the end the rest go out in a random order.
    Batches of `size` rows, each as the list of its parts' rows."""

    def __init__(self, capacity: int, size: int, seed: Any, threads: int) -> None:
        np = _numpy()
        self.capacity, self.size, self.threads = capacity, size, threads
        self.rng = np.random.default_rng(seed)
        self.buffer: Any = None
        self.fill = 0
        self.out: List[Any] = []
        self.pending = 0

    def _emit(self) -> List[Any]:
        parts, self.out, self.pending = self.out, [], 0
        return parts

    def _take(self, slots: Any, incoming: Any) -> Any:
        """The buffer's rows at slots, incoming's rows in their places (None: left as they are)."""
        np = _numpy()
        part = np.empty((len(slots), self.buffer.shape[1]), np.uint8)
        _core._swap_rows(self.buffer, np.ascontiguousarray(slots, np.int64), incoming, part, self.threads)
        return part

    def add(self, chunk: Any) -> Iterator[List[Any]]:
        np = _numpy()
        n, at = len(chunk), 0
        if self.buffer is None:
            self.buffer = np.empty((self.capacity, chunk.shape[1]), np.uint8)
        while at < n:
            if self.fill < self.capacity:
                k = min(self.capacity - self.fill, n - at)
                _core._swap_rows(self.buffer, np.arange(self.fill, self.fill + k, dtype=np.int64), chunk[at:at + k], None,
                                 self.threads)
                self.fill += k
            else:
                k = min(self.size - self.pending, n - at, self.capacity or n)
                if self.capacity:  # k drawn from the buffer go out, the chunk's k take their places
                    part = self._take(self.rng.choice(self.capacity, k, replace=False), chunk[at:at + k])
                else:  # (no buffer: in the source's order)
                    part = chunk[at:at + k]
                self.out.append(part)
                self.pending += k
                if self.pending == self.size:
                    yield self._emit()
            at += k

    def rest(self, drop_last: bool) -> Iterator[List[Any]]:
        """The batches of what the buffer holds at the end of the source."""
        if self.buffer is not None and self.fill:
            order, at = self.rng.permutation(self.fill), 0
            while at < self.fill:
                k = min(self.size - self.pending, self.fill - at)
                self.out.append(self._take(order[at:at + k], None))
                self.pending += k
                at += k
                if self.pending == self.size:
                    yield self._emit()
            self.fill = 0
        if self.pending and not drop_last:
            yield self._emit()
        self.out, self.pending = [], 0


def _batches(chunks: Iterator[Any], shuffler: _Shuffler, finish: Callable[[List[Any]], Dict[str, Any]],
             drop_last: bool) -> Iterator[Dict[str, Any]]:
    """The stream's batches, finished, from its chunks of rows through the shuffle buffer; a
    source cut short gives what came before the cut, then its TruncatedError."""
    from ._pgnarrays import TruncatedError
    try:
        try:
            for chunk in chunks:
                yield from map(finish, shuffler.add(chunk))
        except TruncatedError:
            yield from map(finish, shuffler.rest(drop_last))
            raise
        yield from map(finish, shuffler.rest(drop_last))
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
