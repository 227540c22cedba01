"""Training batches streamed from a game database: :func:`chessbits.encode.stream`.

A thread reads the source in batches of games (chessbits.pgn.iter_games), keeps this worker's
games that pass the filters and encodes their positions (chessbits.encode.dataset, in C with
the GIL released, the planes compact: each plane's squares and value); the consumer's thread
mixes the positions in a shuffle buffer, compact, and writes each batch's planes out in its
dtype as it hands it out. Memory holds the buffer and a few chunks of games, whatever the
source's size.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from . import _core, _optional

# games read and encoded at a time by the reading thread (chunks that stay in the caches: 2x
# faster than 256 games)
READ_BATCH = 32
# chunks of encoded positions the reading thread may hold ready
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
    if not 0 <= worker < workers:
        raise ValueError(f"worker must be in 0..workers - 1, got worker={worker}, workers={workers}")
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


def _kept(games: Any, first: int, worker: int, workers: int, min_rating: Optional[float],
          max_rating: Optional[float], time_control: Union[None, str, Callable[[Optional[str]], bool]]) -> Any:
    """Indices of the games of this worker (by their index in the source) that pass the filters."""
    np = _numpy()
    keep = (np.arange(first, first + len(games)) % workers) == worker
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


def _chunks(source: Any, first: List[int], options: Dict[str, Any], dataset: Callable[..., Any],
            threads: Optional[int], skip_plies: int, clocks: bool, ratings: bool) -> Iterator[Dict[str, Any]]:
    """Encoded positions of the source's kept games, a chunk per batch of games read; dataset:
    encode.dataset with the stream's options."""
    np = _numpy()
    from ._pgnarrays import iter_games
    for games in iter_games(source, batch=READ_BATCH, threads=threads):
        base = first[0]
        first[0] += len(games)
        kept = _kept(games, base, **options)
        if not len(kept):
            continue
        games = games.take(kept)
        data = dataset(games, threads=threads)
        offsets = np.asarray(games.offsets, np.int64)
        ply = np.arange(len(data.game), dtype=np.int64) - offsets[data.game]
        chunk = {"planes_masks": data.planes[0], "planes_values": data.planes[1], "move": data.played,
                 "mask_bits": np.packbits(data.legal, axis=1, bitorder="little"), "value": data.result,
                 "game": (kept + base)[data.game].astype(np.int64), "ply": ply.astype(np.int32)}
        if clocks:
            chunk["clock"] = games.clocks.astype(np.float32)
        if ratings:
            white, black = _ratings(games, "WhiteElo")[data.game], _ratings(games, "BlackElo")[data.game]
            black_starts = np.array([bool(f) and f.split()[1:2] == ["b"] for f in games.fens], bool)
            white_moves = (ply % 2 == 0) != black_starts[data.game]
            chunk["rating"] = np.where(white_moves, white, black).astype(np.float32)
            chunk["opponent_rating"] = np.where(white_moves, black, white).astype(np.float32)
        if skip_plies:
            rows = np.flatnonzero(ply >= skip_plies)
            chunk = {name: values[rows] for name, values in chunk.items()}
        if len(chunk["move"]):
            yield chunk


def _finish(batch: Dict[str, Any], dtype: str, size: int) -> Dict[str, Any]:
    """A batch as handed out: its planes written out in dtype, its mask of `size` moves unpacked
    (the buffer holds them compact: a plane's squares and value, a bit a move)."""
    np = _numpy()
    masks = batch.pop("planes_masks")
    planes = np.empty((len(masks), masks.shape[1], 8, 8), np.dtype(dtype))
    _core._expand_planes(masks, batch.pop("planes_values"), _core.ENCODE_DTYPES[dtype], _bytes(planes))
    mask = np.unpackbits(batch.pop("mask_bits"), axis=1, count=size, bitorder="little").view(np.bool_)
    return {"planes": planes, "move": batch.pop("move"), "mask": mask, **batch}


class _Shuffler:
    """A buffer of `capacity` positions: each position that comes in takes the place of one
    drawn at random, which goes out (tf.data's shuffle); at the end the rest go out in a random
    order. Batches of `size` positions."""

    def __init__(self, capacity: int, size: int, seed: Any) -> None:
        np = _numpy()
        self.capacity, self.size = capacity, size
        self.rng = np.random.default_rng(seed)
        self.buffer: Optional[Dict[str, Any]] = None
        self.fill = 0
        self.out: List[Dict[str, Any]] = []
        self.pending = 0

    def _emit(self) -> Dict[str, Any]:
        np = _numpy()
        parts, self.out, self.pending = self.out, [], 0
        return parts[0] if len(parts) == 1 else {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}

    def add(self, chunk: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
        np = _numpy()
        n, at = len(chunk["move"]), 0
        if self.buffer is None:
            self.buffer = {name: np.empty((self.capacity, *values.shape[1:]), values.dtype)
                           for name, values in chunk.items()}
        while at < n:
            if self.fill < self.capacity:
                k = min(self.capacity - self.fill, n - at)
                for name, values in chunk.items():
                    self.buffer[name][self.fill:self.fill + k] = values[at:at + k]
                self.fill += k
            else:
                k = min(self.size - self.pending, n - at, self.capacity or n)
                if self.capacity:  # k drawn from the buffer go out, the chunk's k take their places
                    slots = self.rng.choice(self.capacity, k, replace=False)
                    part = {}
                    for name, values in self.buffer.items():
                        part[name] = np.take(values, slots, axis=0)
                        _core._put_rows(_bytes(values), slots, _bytes(np.ascontiguousarray(chunk[name][at:at + k])))
                else:  # (no buffer: in the source's order)
                    part = {name: values[at:at + k] for name, values in chunk.items()}
                self.out.append(part)
                self.pending += k
                if self.pending == self.size:
                    yield self._emit()
            at += k

    def rest(self, drop_last: bool) -> Iterator[Dict[str, Any]]:
        """The batches of what the buffer holds at the end of the source."""
        if self.buffer is not None and self.fill:
            order, at = self.rng.permutation(self.fill), 0
            while at < self.fill:
                k = min(self.size - self.pending, self.fill - at)
                rows = order[at:at + k]
                self.out.append({name: values[rows] for name, values in self.buffer.items()})
                self.pending += k
                at += k
                if self.pending == self.size:
                    yield self._emit()
            self.fill = 0
        if self.pending and not drop_last:
            yield self._emit()
        self.out, self.pending = [], 0
