"""Files that cannot be read to their end: a compressed database cut short (a download that
stopped), one whose bytes are not what its name says, one the system will not read.
read_games names the cut and how many complete games came before it (and hands them over),
iter_games yields them first, ``chessbits pgn`` prints their counts, then one line and
exit status 2. The games before a cut are those of the whole file, in order."""
import bz2
import gzip
import io
import random
import sys

import functools

import numpy as np
import pytest

import chessbits.pgn as cpgn
from chessbits.cli import main

GAMES = 10000  # (830 kB: several blocks of each compressor, so a cut keeps some)


def _game(rng: random.Random, k: int) -> str:
    first = rng.choice(["e4", "d4", "c4", "Nf3"])
    return f'[Event "g{k}"]\n[White "{rng.random()}"]\n\n1. {first} {{ [%clk 0:03:00] }} e5 2. h3 *\n'


@pytest.fixture(scope="module")
def text() -> bytes:
    rng = random.Random(5)
    return "\n".join(_game(rng, k) for k in range(GAMES)).encode()


def _packers():
    packers = [("gz", gzip.compress), ("bz2", functools.partial(bz2.compress, compresslevel=1))]
    try:
        import zstandard
    except ImportError:
        return packers
    return packers + [("zst", zstandard.ZstdCompressor().compress)]


def _prefix_games(packed_cut: bytes, kind: str) -> int:
    """The games Python's own decompressors find in the text before the cut (the last may be
    cut itself)."""
    if kind == "zst":
        import zstandard
        text = zstandard.ZstdDecompressor().decompressobj().decompress(packed_cut)
    else:
        stream = gzip.GzipFile(fileobj=io.BytesIO(packed_cut)) if kind == "gz" else bz2.BZ2File(io.BytesIO(packed_cut))
        out = []
        try:
            for piece in iter(lambda: stream.read1(1 << 16), b""):
                out.append(piece)
        except EOFError:
            pass
        text = b"".join(out)
    return text.count(b"[Event ")


@pytest.mark.parametrize("kind,pack", _packers(), ids=[k for k, _ in _packers()])
@pytest.mark.parametrize("fraction", [0.01, 0.5, 0.97])
def test_a_cut_file_gives_the_games_before_the_cut(tmp_path, text, kind, pack, fraction):
    whole = cpgn.read_games(text)
    packed = pack(text)
    cut = packed[:int(len(packed) * fraction)]
    path = tmp_path / f"cut.pgn.{kind}"
    path.write_bytes(cut)
    with pytest.raises(cpgn.TruncatedError) as raised:
        cpgn.read_games(path, block_size=4096)
    error = raised.value
    assert isinstance(error, EOFError) and error.count == len(error.games)
    assert f"{path}: " in str(error) and f"after {error.count:,} complete game" in str(error)
    seen = _prefix_games(cut, kind)
    assert seen - 1 <= error.count <= seen  # (the game the cut falls in is not read)
    assert error.count > 0 or fraction < 0.1
    assert np.array_equal(error.games.moves, whole.moves[:len(error.games.moves)])
    assert list(error.games.headers.get("Event", [])) == list(whole.headers["Event"][:error.count])
    yielded = []
    with pytest.raises(cpgn.TruncatedError) as raised:
        for games in cpgn.iter_games(path, batch=100, block_size=4096):
            yielded.append(len(games))
    assert sum(yielded) == error.count and raised.value.games is None
    with pytest.raises(cpgn.TruncatedError) as raised:  # a share: the file's count, its own games
        cpgn.read_games(path, block_size=4096, worker=1, workers=3)
    assert raised.value.count == error.count and len(raised.value.games) == error.count // 3 + (error.count % 3 > 1)
    (tmp_path / "whole.pgn").write_bytes(text)
    with pytest.raises(cpgn.TruncatedError) as raised:  # the cut file after a whole one: every game before the cut
        cpgn.read_games([tmp_path / "whole.pgn", path], block_size=4096)
    assert raised.value.count == len(whole) + error.count == len(raised.value.games)
    assert str(raised.value).startswith(f"{path}: ")


def test_a_name_that_says_compressed_over_other_bytes(tmp_path, text):
    plain = tmp_path / "page.pgn.zst"
    plain.write_bytes(b"<!DOCTYPE html><html>not found</html>")
    with pytest.raises(ValueError, match=r"not a \.zst file: it starts with b'<!DO'"):
        cpgn.read_games(plain)
    for kind in ("gz", "bz2"):
        named = tmp_path / f"games.pgn.{kind}"
        named.write_bytes(text)
        with pytest.raises(ValueError, match=rf"not a \.{kind} file"):
            next(cpgn.iter_games(named))
    mislabelled = tmp_path / "games.pgn.bz2"  # (compressed, but gzip: read by its first bytes)
    mislabelled.write_bytes(gzip.compress(text))
    assert len(cpgn.read_games(mislabelled)) == GAMES


class _Failing:
    """A binary file object whose disk fails after some bytes."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def read(self, n: int = -1) -> bytes:
        if self.at >= len(self.data) // 2:
            raise OSError(5, "Input/output error")
        piece = self.data[self.at:self.at + (n if n >= 0 else len(self.data))]
        self.at += len(piece)
        return piece


def test_a_source_that_fails_to_read(text):
    with pytest.raises(OSError, match="Input/output error"):
        cpgn.read_games(_Failing(text), block_size=4096)


def test_the_command_prints_the_games_before_the_cut(tmp_path, text, capsys):
    path = tmp_path / "month.pgn.gz"
    path.write_bytes(gzip.compress(text)[:-100])
    with pytest.raises(cpgn.TruncatedError) as raised:
        cpgn.read_games(path)
    assert main(["pgn", str(path), "--stats"]) == 2
    out, err = capsys.readouterr()
    games_row = next(line for line in out.splitlines() if line.startswith("games "))
    assert games_row.split()[-1] == f"{raised.value.count:,}" and raised.value.count > GAMES - 100
    assert err.strip().splitlines() == [f"chessbits pgn: error: {raised.value}"]


@pytest.mark.parametrize("name", ["not a zst", "a directory", "unreadable"])
def test_the_command_on_files_it_cannot_read(tmp_path, capsys, name):
    if name == "not a zst":
        path = tmp_path / "page.pgn.zst"
        path.write_bytes(b"<html>")
        expect = f"{path}: not a .zst file: it starts with b'<htm'"
    elif name == "a directory":
        path, expect = tmp_path, f"{tmp_path}: is a directory"
    else:
        if not sys.platform.startswith("linux"):
            pytest.skip("/proc/self/mem is Linux's")
        path, expect = "/proc/self/mem", "/proc/self/mem: Input/output error"  # (even for root)
    assert main(["pgn", str(path)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"chessbits pgn: error: {expect}"]


def test_the_data_page_example(tmp_path, text, monkeypatch):
    """docs/data.md's example on a cut download: it prints the error, then the games kept."""
    zstandard = pytest.importorskip("zstandard")
    import contextlib
    import re
    from pathlib import Path
    page = (Path(__file__).resolve().parent.parent / "docs" / "data.md").read_text(encoding="utf-8")
    code = next(block for block in re.findall(r"```python\n(.*?)```", page, flags=re.S) if "TruncatedError" in block)
    name = re.search(r'read_games\("([^"]+)"\)', code).group(1)
    packed = zstandard.ZstdCompressor().compress(text)
    (tmp_path / name).write_bytes(packed[:len(packed) * 3 // 4])
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/data.md", "exec"), {})
    error, kept = out.getvalue().splitlines()
    count = int(re.search(r"after ([\d,]+) complete games", error).group(1).replace(",", ""))
    assert error.startswith(f"{name}: ") and 0 < count < GAMES and kept == f"{count:,} games"
