"""Game databases read into NumPy arrays: :func:`read_games` and :func:`iter_games`.

The text is read in blocks (decompressed on the way from .zst, .gz or .bz2), each block's
games read in C on threads with the GIL released (chessbits._core._pgn_read_block), games
read exactly as python-chess's ``chess.pgn.read_game`` reads them one after another.
NumPy is needed (the ``chessbits[data]`` extra; zstandard too for .zst).
"""
from __future__ import annotations

import errno
import glob
import io
import os
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _core, _optional

# Text read at a time: memory stays within a few blocks whatever the file's size.
BLOCK_SIZE = 4 << 20
# Games per batch of iter_games unless told.
BATCH = 10_000
# What compressed files start with.
MAGIC = {b"\x28\xb5\x2f\xfd": "zst", b"\x1f\x8b": "gz", b"BZh": "bz2"}

Progress = Callable[[int, Optional[int]], Any]


def _numpy() -> Any:
    return _optional.numpy("chessbits.pgn.read_games", "data")


class GameArrays:
    """Games as flat arrays, one entry per mainline move or per game.

    - ``moves`` (uint16): python-chess's ``from_square | to_square << 6 | promotion << 12`` of
      every mainline move of every game back to back (0 for a null move; castling as
      python-chess writes it: e1g1, or king takes rook in Chess960);
    - ``offsets`` (int64, games + 1): game ``i``'s moves are ``moves[offsets[i]:offsets[i + 1]]``;
    - ``clocks``, ``evals`` (float32, aligned with ``moves``, NaN where absent): python-chess's
      ``node.clock()`` in seconds and ``node.eval().white().score(mate_score=100000) / 100`` in
      pawns (mate in n moves: +-(1000 - n / 100));
    - ``headers``: a dict of tag name -> object array of values (python-chess's defaults for the
      seven roster tags a game lacks, None for other tags), ``result`` (python-chess's
      ``game.headers["Result"]``), ``termination`` (the Termination tag or None), ``errors``
      (None, or python-chess's messages, each after "line N: ", one per line), ``fens`` (the FEN
      the game starts from, None for the standard start) and ``chess960`` (bool: played as
      Chess960, by its Variant tag or its castling rights), whatever ``headers`` keeps;
    - with ``positions=True``, the position before each move: ``positions`` (uint64, moves x 8:
      pawns, knights, bishops, rooks, queens, kings, white, black), ``turns`` (bool, True for
      white), ``castling_rights`` (uint64, python-chess's), ``ep_squares`` (int8, the square
      ``fen()`` writes or -1), ``halfmove_clocks`` (uint32).

    >>> games = read_games(b"1. e4 e5 2. Nf3 *")
    >>> len(games), games.moves.tolist()
    (1, [1804, 2356, 1350])
    """

    PER_MOVE = ("moves", "clocks", "evals", "positions", "turns", "castling_rights", "ep_squares", "halfmove_clocks")
    PER_GAME = ("result", "termination", "errors", "fens", "chess960")

    def __init__(self, moves: Any, offsets: Any, clocks: Any, evals: Any, headers: Dict[str, Any], result: Any,
                 termination: Any, errors: Any, fens: Any, chess960: Any, positions: Any = None, turns: Any = None,
                 castling_rights: Any = None, ep_squares: Any = None, halfmove_clocks: Any = None) -> None:
        self.moves, self.offsets, self.clocks, self.evals = moves, offsets, clocks, evals
        self.headers, self.result, self.termination, self.errors = headers, result, termination, errors
        self.fens, self.chess960 = fens, chess960
        self.positions, self.turns, self.castling_rights = positions, turns, castling_rights
        self.ep_squares, self.halfmove_clocks = ep_squares, halfmove_clocks

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __repr__(self) -> str:
        errors = sum(e is not None for e in self.errors)
        return f"<GameArrays: {len(self)} games, {len(self.moves)} moves, {errors} with errors>"

    def game_moves(self, i: int) -> Any:
        """The moves of game i (a view of ``moves``)."""
        return self.moves[self.offsets[i]:self.offsets[i + 1]]

    def mainline_moves(self, i: int) -> List[Any]:
        """The moves of game i as chessbits Moves."""
        return [_core.Move(int(k) & 63, (int(k) >> 6) & 63, (int(k) >> 12) or None) if k else _core.Move.null()
                for k in self.game_moves(i)]

    def __getitem__(self, index: slice) -> "GameArrays":
        """The games of a slice (step 1), their arrays views or copies of these."""
        if not isinstance(index, slice):
            raise TypeError("GameArrays index must be a slice of games")
        start, stop, step = index.indices(len(self))
        if step != 1:
            raise ValueError("GameArrays slices take every game (step 1)")
        stop = max(start, stop)
        lo, hi = int(self.offsets[start]), int(self.offsets[stop])
        moves = {name: (getattr(self, name)[lo:hi] if getattr(self, name) is not None else None)
                 for name in self.PER_MOVE}
        return GameArrays(offsets=self.offsets[start:stop + 1] - lo,
                          headers={k: v[start:stop] for k, v in self.headers.items()},
                          **{name: getattr(self, name)[start:stop] for name in self.PER_GAME}, **moves)

    def take(self, games: Any) -> "GameArrays":
        """The games of an index array, in its order (copies).

        >>> read_games(b"1. e4 *\\n\\n1. d4 d5 *").take([1]).moves.tolist()
        [1739, 2291]
        """
        np = _numpy()
        games = np.asarray(games, np.int64).reshape(-1)
        lo, hi = self.offsets[games], self.offsets[games + 1]
        lengths = hi - lo
        offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        rows = np.repeat(lo - offsets[:-1], lengths) + np.arange(offsets[-1], dtype=np.int64)
        moves = {name: (getattr(self, name)[rows] if getattr(self, name) is not None else None)
                 for name in self.PER_MOVE}
        return GameArrays(offsets=offsets, headers={k: v[games] for k, v in self.headers.items()},
                          **{name: getattr(self, name)[games] for name in self.PER_GAME}, **moves)

    @classmethod
    def concatenate(cls, parts: Sequence["GameArrays"]) -> "GameArrays":
        """One GameArrays of the games of parts, in order."""
        np = _numpy()
        parts = list(parts)
        if len(parts) == 1:
            return parts[0]
        if not parts:
            return cls._from_block(_core._pgn_read_block(b"", True, 1, False, (), 0), False)
        shifts = np.cumsum([0] + [len(p.moves) for p in parts[:-1]])
        offsets = np.concatenate([parts[0].offsets[:1]] + [p.offsets[1:] + s for p, s in zip(parts, shifts)])
        names: Dict[str, None] = {}
        for p in parts:
            names.update(dict.fromkeys(p.headers))
        headers = {}
        for name in names:
            default = _core.PGN_ROSTER.get(name)
            headers[name] = np.concatenate([p.headers[name] if name in p.headers
                                            else np.full(len(p), default, dtype=object) for p in parts])
        moves = {name: (np.concatenate([getattr(p, name) for p in parts]) if getattr(parts[0], name) is not None
                        else None) for name in cls.PER_MOVE}
        return cls(offsets=offsets, headers=headers,
                   **{name: np.concatenate([getattr(p, name) for p in parts]) for name in cls.PER_GAME}, **moves)

    @classmethod
    def _from_block(cls, block: Dict[str, Any], positions: bool) -> "GameArrays":
        np = _numpy()
        headers = block["tags"]
        termination = headers["Termination"] if "Termination" in headers else np.full(len(block["results"]), None,
                                                                                      object)
        extra = {}
        if positions:
            extra = dict(positions=np.frombuffer(block["boards"], np.uint64).reshape(-1, 8),
                         turns=np.frombuffer(block["turn"], np.bool_),
                         castling_rights=np.frombuffer(block["castling"], np.uint64),
                         ep_squares=np.frombuffer(block["ep"], np.int8),
                         halfmove_clocks=np.frombuffer(block["halfmove"], np.uint32))
        return cls(moves=np.frombuffer(block["moves"], np.uint16), offsets=np.frombuffer(block["offsets"], np.int64),
                   clocks=np.frombuffer(block["clocks"], np.float32), evals=np.frombuffer(block["evals"], np.float32),
                   headers=headers, result=block["results"], termination=termination,
                   errors=block["errors"], fens=block["fens"],
                   chess960=np.frombuffer(block["chess960"], np.bool_), **extra)


Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Any]


class TruncatedError(EOFError):
    """A compressed file that ends inside its stream (a cut download): ``games`` are the
    complete games read before the cut (a :class:`GameArrays`, from :func:`read_games`;
    None from :func:`iter_games`, which yielded them), ``count`` how many complete games came
    before the cut (for a reader of a share, every share's)."""

    def __init__(self, name: str, count: int, games: Any = None) -> None:
        super().__init__(f"{name}: the compressed stream ends early (a cut download?) after "
                         f"{count:,} complete game{'' if count == 1 else 's'}")
        self.name, self.count, self.games = name, count, games


# the errors of a compressed stream that ends early: zstandard's (_Zstd), gzip's and bz2's
_CUT = (EOFError,)


def _open(handle: Any, suffix: str = "") -> Any:
    """A binary stream of the PGN text of a file object, decompressed if its first bytes
    say .zst, .gz or .bz2; a ValueError if its name's suffix says one of those and its bytes
    say otherwise."""
    if isinstance(handle, io.TextIOBase):
        return _TextAsBytes(handle)
    head = handle.read(4) or b""
    stream = _Prefixed(head, handle)
    kind = next((k for magic, k in MAGIC.items() if head.startswith(magic)), None)
    if suffix in MAGIC.values() and kind is None:
        raise ValueError(f"not a .{suffix} file: it starts with {head!r}")
    if kind == "zst":
        try:
            import zstandard
        except ImportError:
            raise ImportError("reading .zst needs zstandard: pip install 'chessbits[data]'", name="zstandard") from None
        return _Zstd(zstandard, stream)
    if kind == "gz":
        import gzip
        return _EndsLater(gzip.GzipFile(fileobj=stream))
    if kind == "bz2":
        import bz2
        return _EndsLater(bz2.BZ2File(stream))
    return stream


class _EndsLater(io.RawIOBase):
    """A gzip or bz2 stream read in the pieces it decompresses, whose EOFError (the stream cut
    short) comes after the text before the cut is read, not in its place."""

    def __init__(self, stream: Any) -> None:
        self.stream, self.error = stream, None

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self.error is not None:
            raise self.error
        out: List[bytes] = []
        size = 0
        while n is None or n < 0 or size < n:
            try:
                piece = self.stream.read1(n - size if n is not None and n >= 0 else -1)
            except EOFError as error:
                if not out:
                    raise
                self.error = error
                break
            if not piece:
                break
            out.append(piece)
            size += len(piece)
        return b"".join(out)


class _Zstd(io.RawIOBase):
    """A .zst stream's text, frame after frame; a stream that ends inside a frame raises
    EOFError once the text before the cut is read (a truncated download is not a shorter
    database)."""

    def __init__(self, zstandard: Any, raw: Any) -> None:
        self.raw = raw
        self.maker = zstandard.ZstdDecompressor()
        self.obj = self.maker.decompressobj()
        self.started = False

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        out: List[bytes] = []
        size = 0
        while n is None or n < 0 or size < n:
            packed = self.raw.read(1 << 20)
            if not packed:
                if self.started and not self.obj.eof and not size:
                    raise EOFError("the .zst stream ends inside a frame")
                break
            while packed:
                if self.obj.eof:
                    self.obj = self.maker.decompressobj()
                self.started = True
                out.append(self.obj.decompress(packed))
                size += len(out[-1])
                packed = self.obj.unused_data if self.obj.eof else b""
        return b"".join(out)


class _Prefixed(io.RawIOBase):
    """A binary file object whose first bytes were read already."""

    def __init__(self, head: bytes, rest: Any) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if n is None or n < 0:
            head, self.head = self.head, b""
            return head + self.rest.read()
        head, self.head = self.head[:n], self.head[n:]
        return head + (self.rest.read(n - len(head)) or b"") if len(head) < n else head

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


class _TextAsBytes(io.RawIOBase):
    """A text file object read as UTF-8 bytes."""

    def __init__(self, text: Any) -> None:
        self.text = text

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        return self.text.read(n if n is None or n < 0 else max(1, n // 4)).encode("utf-8", "surrogatepass")


class _Text:
    """The text of a source, read window by window: ``window()`` is (the text from the first
    byte not yet consumed, whether it reaches the end), ``advance(n)`` consumes n bytes. A
    window holds at least ``block_size`` bytes, more if a game needs more (nothing consumed)."""

    def __init__(self, source: Source, block_size: int, progress: Optional[Progress]) -> None:
        self.block_size, self.progress = block_size, progress
        self.raw = None
        self.reader: Optional[_Ahead] = None
        self.pos = 0
        self.carry = b""
        self.want = block_size
        if isinstance(source, (bytes, bytearray, memoryview)):
            self.data: Any = memoryview(source).cast("B") if not isinstance(source, bytes) else source
            self.total: Optional[int] = len(self.data)
            self.stream = None
        elif isinstance(source, (str, os.PathLike)) or hasattr(source, "read"):
            self.raw = open(source, "rb") if isinstance(source, (str, os.PathLike)) else None
            self.total = os.fstat(self.raw.fileno()).st_size if self.raw is not None else None
            try:
                self.stream = _open(self.raw if self.raw is not None else source,
                                    os.fspath(source).rsplit(".", 1)[-1] if self.raw is not None else "")
            except BaseException:
                self.close()
                raise
        else:
            self.data, self.stream = _movetexts(source), None
            self.total = len(self.data)

    def window(self) -> tuple:
        if self.stream is None:
            end = min(len(self.data), self.pos + self.want)
            return memoryview(self.data)[self.pos:end], end == len(self.data)
        if self.reader is None:
            self.reader = _Ahead(_blocks(self.stream, self.raw, self.block_size), 1, "chessbits-pgn-read")
        data, done = self.reader.get()
        if self.progress is not None:
            self.progress(done, self.total)
        text = self.carry + data if self.carry else data
        self.carry = text
        return text, not data

    def advance(self, n: int, final: bool) -> None:
        self.want = self.block_size if n or final else 2 * self.want
        if self.stream is None:
            self.pos += n
            if self.progress is not None:
                self.progress(self.pos, self.total)
        else:
            self.carry = bytes(memoryview(self.carry)[n:])

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
        if self.raw is not None:
            self.raw.close()


class _Ahead:
    """Items of an iterator made on a thread while the caller uses the ones before: at most
    `ahead` wait, so memory stays flat. get() gives the next item, None after the last; an
    exception raised making one comes out of get() in its place. close() stops the thread."""

    def __init__(self, items: Iterator[Any], ahead: int, name: str) -> None:
        import queue
        import threading
        self.queue: Any = queue.Queue(maxsize=ahead)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, args=(items,), daemon=True, name=name)
        self.thread.start()

    def put(self, item: Any) -> bool:
        import queue
        while not self.stop.is_set():
            try:
                self.queue.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def run(self, items: Iterator[Any]) -> None:
        try:
            for item in items:
                if not self.put(item):
                    return
        except BaseException as error:  # handed to the caller, raised there
            self.put(error)
            return
        finally:
            close = getattr(items, "close", None)
            if close is not None:
                close()
        self.put(None)

    def get(self) -> Any:
        item = self.queue.get()
        if isinstance(item, BaseException):
            raise item
        return item

    def close(self) -> None:
        import queue
        self.stop.set()
        try:
            while True:
                self.queue.get_nowait()
        except queue.Empty:
            pass
        self.thread.join()


def _blocks(stream: Any, raw: Any, block_size: int) -> Iterator[tuple]:
    """(block, bytes of the file read so far) of a stream read (and decompressed) a block at a
    time; the last block is empty."""
    while True:
        data = stream.read(block_size) or b""
        yield data, raw.tell() if raw is not None else 0
        if not data:
            return


def _movetexts(games: Iterable[Any]) -> bytes:
    """The text of a sequence of games' PGN (a list of str, an Arrow array or column) as one
    database: games separated by a blank line."""
    if hasattr(games, "to_pylist"):
        games = games.to_pylist()
    return b"\n\n".join((g or "").encode("utf-8", "surrogatepass") for g in games) + b"\n"


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads!r}")
    return threads


def _shard(worker: int, workers: int) -> None:
    """Checks a share of a source's games (iter_games' worker and workers)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    if not 0 <= worker < workers:
        raise ValueError(f"worker must be in 0..workers - 1, got worker={worker}, workers={workers}")


def _files(source: Source) -> List[Source]:
    """The sources a source names: a glob pattern's files (sorted), a list or tuple of paths
    (os.PathLike, such as pathlib.Path), else the source itself."""
    if isinstance(source, str) and any(c in source for c in "*?[") and not os.path.exists(source):
        found = sorted(glob.glob(source))
        if not found:
            raise FileNotFoundError(errno.ENOENT, "no file matches the pattern", source)
        return found
    if isinstance(source, (list, tuple)) and source and all(isinstance(s, os.PathLike) for s in source):
        return list(source)
    return [source]


def _block_arrays(source: Source, *, threads: Optional[int], positions: bool, headers: Optional[Iterable[str]],
                  progress: Optional[Progress], block_size: int, worker: int = 0,
                  workers: int = 1) -> Iterator[GameArrays]:
    """The games of every file the source names (_files), block by block, numbered on across
    the files; errors name their file where there are several."""
    _shard(worker, workers)
    files = _files(source)
    first = 0
    for one in files:
        first += yield from _file_arrays(one, threads=threads, positions=positions, headers=headers,
                                         progress=progress, block_size=block_size, worker=worker, workers=workers,
                                         first_game=first, named=len(files) > 1)


def _file_arrays(source: Source, *, threads: Optional[int], positions: bool, headers: Optional[Iterable[str]],
                 progress: Optional[Progress], block_size: int, worker: int, workers: int, first_game: int,
                 named: bool) -> Iterator[GameArrays]:
    """The games of one source, block by block, the first numbered first_game (the sharding's
    count); returns how many games it held. named: each error line starts with the file's name."""
    n_threads = _threads(threads)
    tags = None if headers is None else tuple(headers)
    if tags is not None and "Termination" not in tags:
        tags_read: Optional[tuple] = tags + ("Termination",)
    else:
        tags_read = tags
    text = _Text(source, block_size, progress)
    lines = count = 0
    try:
        while True:
            try:
                window, final = text.window()
                cut = None
            except _CUT as error:  # the complete games of the text before the cut, then the error
                window, final, cut = text.carry, False, error
            block = _core._pgn_read_block(window, final, n_threads, positions, tags_read, lines, first_game + count,
                                          worker, workers if workers > 1 else 0)
            if isinstance(window, memoryview):
                window.release()
            lines += block["lines"]
            count += block["seen"]
            text.advance(block["consumed"], final)
            arrays = GameArrays._from_block(block, positions)
            if tags_read is not tags:
                arrays.headers.pop("Termination", None)
            if named:
                for i, error in enumerate(arrays.errors):
                    if error is not None:
                        arrays.errors[i] = "\n".join(f"{_name(source)}: {line}" for line in error.split("\n"))
            if len(arrays):
                yield arrays
            if cut is not None:
                raise TruncatedError(_name(source), first_game + count) from cut
            if final:
                return count
    finally:
        text.close()


def _name(source: Source) -> str:
    """How an error names source."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "the source"))


def iter_games(source: Source, *, batch: int = BATCH, threads: Optional[int] = None, positions: bool = False,
               headers: Optional[Iterable[str]] = None, progress: Optional[Progress] = None,
               block_size: int = BLOCK_SIZE, worker: int = 0, workers: int = 1) -> Iterator[GameArrays]:
    """The games of source as :class:`GameArrays` of ``batch`` games each (the last may have
    fewer), in constant memory whatever the size of the source.

    source: a path (``.pgn``, ``.pgn.zst``, ``.pgn.gz``, ``.pgn.bz2``, known by their first
    bytes), a glob pattern or a list of paths (``pathlib.Path``: their files one after another,
    the games numbered on), a binary or text file object, bytes, or a sequence of games' PGN
    strings (a list, an Arrow array such as Lichess's Parquet ``movetext`` column): each string
    one game.
    threads: threads reading at once (default: the CPUs this process may use). headers: the
    tags to keep (default: all). progress: called as ``progress(bytes_read, total_bytes)`` after
    each block (total None if unknown; each file's in turn). worker, workers: one of
    ``workers`` readers sharing the source, this one reading games ``worker``, ``worker +
    workers``, ... (numbered from 0); the others' games are only scanned for their end.

    >>> for games in iter_games(b"1. d4 d5 *\\n\\n1. e4 *", batch=1):
    ...     print(len(games), games.moves.tolist())
    1 [1739, 2291]
    1 [1804]
    """
    if batch < 1:
        raise ValueError(f"batch must be at least 1, got {batch!r}")
    pending: List[GameArrays] = []
    held = 0
    try:
        for arrays in _block_arrays(source, threads=threads, positions=positions, headers=headers,
                                    progress=progress, block_size=block_size, worker=worker, workers=workers):
            pending.append(arrays)
            held += len(arrays)
            if held < batch:
                continue
            joined = GameArrays.concatenate(pending)
            start = 0
            while len(joined) - start >= batch:
                yield joined[start:start + batch]
                start += batch
            pending = [joined[start:]] if start < len(joined) else []
            held = len(joined) - start
    except TruncatedError:
        if held:  # (the games before the cut first)
            yield GameArrays.concatenate(pending)
        raise
    if held:
        yield GameArrays.concatenate(pending)


def read_games(source: Source, *, threads: Optional[int] = None, positions: bool = False,
               headers: Optional[Iterable[str]] = None, progress: Optional[Progress] = None,
               block_size: int = BLOCK_SIZE, worker: int = 0, workers: int = 1) -> GameArrays:
    """All games of source as one :class:`GameArrays` (see :func:`iter_games` for the
    arguments; use it for sources larger than memory).

    >>> games = read_games(b'[White "A"]\\n\\n1. e4 { [%clk 0:03:00] } e5 1-0')
    >>> games.headers["White"].tolist(), games.result.tolist(), games.clocks.tolist()
    (['A'], ['1-0'], [180.0, nan])
    """
    parts: List[GameArrays] = []
    try:
        for arrays in _block_arrays(source, threads=threads, positions=positions, headers=headers,
                                    progress=progress, block_size=block_size, worker=worker, workers=workers):
            parts.append(arrays)
    except TruncatedError as error:
        error.games = GameArrays.concatenate(parts)
        raise
    return GameArrays.concatenate(parts)


class ParquetWriter:
    """GameArrays appended batch by batch to a Parquet file (``chessbits pgn --parquet``,
    read_games_dask's ``write_to``): a column per tag, moves (python-chess's from | to << 6 |
    promotion << 12), clocks and evals as lists, result, termination, errors."""

    def __init__(self, path: str) -> None:
        try:
            import pyarrow  # type: ignore[import-untyped]
            import pyarrow.parquet  # type: ignore[import-untyped]
        except ImportError:
            raise ImportError("writing Parquet needs pyarrow: pip install 'chessbits[parquet]'", name="pyarrow") from None
        self.pa, self.pq, self.path = pyarrow, pyarrow.parquet, path
        self.writer: Any = None
        self.names: Optional[List[str]] = None

    def write(self, games: Any) -> None:
        pa = self.pa
        offsets = pa.array(games.offsets, pa.int64())
        if self.names is None:
            self.names = list(games.headers)
        columns = {f"tag_{name}": pa.array(list(games.headers[name]) if name in games.headers else [None] * len(games),
                                           pa.string()) for name in self.names}
        columns.update(
            moves=pa.LargeListArray.from_arrays(offsets, pa.array(games.moves)),
            clocks=pa.LargeListArray.from_arrays(offsets, pa.array(games.clocks, from_pandas=False)),
            evals=pa.LargeListArray.from_arrays(offsets, pa.array(games.evals, from_pandas=False)),
            result=pa.array(list(games.result), pa.string()),
            termination=pa.array(list(games.termination), pa.string()),
            errors=pa.array(list(games.errors), pa.string()))
        table = pa.table(columns)
        if self.writer is None:
            self.writer = self.pq.ParquetWriter(self.path, table.schema)
        self.writer.write_table(table)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
