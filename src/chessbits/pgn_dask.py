"""Many PGN files (a month of Lichess in parts) or Parquet partitions read on a Dask cluster
(``pip install 'chessbits[dask]'``): one task per source, each running
:func:`chessbits.pgn.read_games` on a worker; the games are gathered back in the order of the
sources, or written by the workers one Parquet file per source.

>>> from distributed import Client                                 # doctest: +SKIP
>>> games = read_games_dask(["2024-06-a.pgn.zst", "2024-06-b.pgn.zst"], Client())  # doctest: +SKIP
"""
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from ._pgnarrays import GameArrays, ParquetWriter, read_games

# The column of a Lichess Parquet partition that holds each game's PGN.
PARQUET_COLUMN = "movetext"


def read_source(source: Any, *, threads: int = 1, positions: bool = False,
                headers: Optional[Sequence[str]] = None, column: str = PARQUET_COLUMN) -> GameArrays:
    """The games of one source: a PGN file (any compression read_games reads) or a Parquet
    file whose `column` holds games' PGN, one per row."""
    if isinstance(source, (str, os.PathLike)) and os.fspath(source).endswith(".parquet"):
        try:
            import pyarrow.parquet  # type: ignore[import-untyped]
        except ImportError:
            raise ImportError("reading Parquet needs pyarrow: pip install 'chessbits[parquet]'") from None
        source = pyarrow.parquet.read_table(source, columns=[column]).column(column)
    return read_games(source, threads=threads, positions=positions, headers=headers)


def write_source(source: Any, out: str, *, threads: int = 1, positions: bool = False,
                 headers: Optional[Sequence[str]] = None, column: str = PARQUET_COLUMN) -> Dict[str, Any]:
    """read_source, written to the Parquet file `out` (chessbits pgn --parquet's columns);
    returns its games, plies and games with errors."""
    games = read_source(source, threads=threads, positions=positions, headers=headers, column=column)
    writer = ParquetWriter(out + ".part")
    try:
        writer.write(games)
    finally:
        writer.close()
    os.replace(out + ".part", out)  # a file there is whole
    return {"path": out, "games": len(games), "plies": len(games.moves),
            "errors": sum(e is not None for e in games.errors)}


def read_games_dask(sources: Iterable[Any], client: Any, *, threads: int = 1, positions: bool = False,
                    headers: Optional[Sequence[str]] = None, column: str = PARQUET_COLUMN,
                    write_to: Optional[Union[str, "os.PathLike[str]"]] = None) -> Union[GameArrays, List[Dict[str, Any]]]:
    """The games of every source, read as Dask tasks on `client` (a distributed.Client or a
    scheduler address): one GameArrays of all games in the order of the sources, or, with
    `write_to` (a directory), one Parquet file per source written there by the workers and
    their summaries (path, games, plies, errors) returned. threads: threads per task."""
    from .deep_dask import client_for
    from distributed import as_completed

    sources = list(sources)
    own = client_for(client)
    futures = {}
    try:
        for i, source in enumerate(sources):
            if write_to is not None:
                os.makedirs(write_to, exist_ok=True)
                name = os.path.basename(os.fspath(source)).split(".")[0] if isinstance(source, (str, os.PathLike)) else "part"
                out = os.path.join(os.fspath(write_to), f"{i:05d}-{name}.parquet")
                future = own.submit(write_source, source, out, threads=threads, positions=positions,
                                    headers=headers, column=column, pure=False)
            else:
                future = own.submit(read_source, source, threads=threads, positions=positions, headers=headers,
                                    column=column, pure=False)
            futures[future] = i
        results: List[Any] = [None] * len(sources)
        for future, result in as_completed(list(futures), with_results=True, loop=own.loop):
            results[futures[future]] = result
    except KeyboardInterrupt:
        own.cancel(list(futures))
        raise
    finally:
        if own is not client:
            own.close()
    return results if write_to is not None else GameArrays.concatenate(results)
