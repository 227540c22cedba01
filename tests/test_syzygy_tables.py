"""ext/syzygy.c's tables against python-chess's reading of the same files: every table
python-chess's sdist ships (its data/syzygy/regular: every 3- and 4-piece WDL and DTZ table,
with and without pawns), random positions of its material with both colourings and both
sides to move, the stored value (before captures are looked at) equal by type and value to
python-chess's ``Tablebase.probe_wdl_table`` and ``probe_dtz_table``. Truncated and corrupted tables give an error,
never a crash or a read past their end (CI's sanitizer stage runs this file too)."""
import random
from pathlib import Path

import pytest

import chessbits
from chessbits import _core

chess = pytest.importorskip("chess")
import chess.syzygy  # noqa: E402

import pychess_suite  # noqa: E402


@pytest.fixture(scope="module")
def tables() -> Path:
    try:
        folder = pychess_suite.fetch_suite() / "data" / "syzygy" / "regular"
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(str(exc))
    if not any(folder.glob("*.rtbw")):
        pytest.skip(f"no Syzygy tables in {folder}")
    return folder


def names(folder: Path):
    return sorted(path.stem for path in folder.glob("*.rtbw"))


def key_of(board) -> str:
    """The table name of the board's material as it stands (White's side first)."""
    letters = "KQRBNP"
    sides = []
    for color in (chess.WHITE, chess.BLACK):
        sides.append("".join(c * len(board.pieces(chess.PIECE_SYMBOLS.index(c.lower()), color)) for c in letters))
    return "v".join(sides)


def positions(name: str, count: int, seed: int):
    """Random valid boards of the table's material (its colours swapped for half of them)."""
    rng = random.Random(seed)
    white, black = name.split("v")
    made = 0
    while made < count:
        ours, theirs = (black, white) if rng.random() < 0.5 else (white, black)
        pieces = [(c, chess.WHITE) for c in ours] + [(c, chess.BLACK) for c in theirs]
        squares = rng.sample(range(64), len(pieces))
        if any(c == "P" and not 8 <= s < 56 for s, (c, _) in zip(squares, pieces)):
            continue
        board = chess.Board(None)
        for square, (letter, color) in zip(squares, pieces):
            board.set_piece_at(square, chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            made += 1
            yield board


def test_every_table_reads_as_python_chess_reads_it(tables):
    seen = 0
    with chess.syzygy.open_tablebase(str(tables)) as theirs:
        for k, name in enumerate(names(tables)):
            table = _core._SzTable((tables / f"{name}.rtbw").read_bytes(), name)
            for board in positions(name, 200, k):
                want = theirs.probe_wdl_table(board)
                got = table.wdl_raw(chessbits.Board(board.fen()), key_of(board) != name)
                assert (type(got), got) == (type(want), want), (name, board.fen())
                seen += 1
    assert seen == 200 * len(names(tables)) >= 200 * 35


def test_every_dtz_table_reads_as_python_chess_reads_it(tables):
    seen = 0
    with chess.syzygy.open_tablebase(str(tables)) as theirs:
        for k, name in enumerate(names(tables)):
            table = _core._SzTable((tables / f"{name}.rtbz").read_bytes(), name, dtz=True)
            for board in positions(name, 200, k):
                wdl, _ = theirs.probe_ab(board, -2, 2)  # (a DTZ table is read for a position's WDL)
                if wdl == 0:
                    continue
                want = theirs.probe_dtz_table(board, wdl)
                got = table.dtz_raw(chessbits.Board(board.fen()), key_of(board) != name, wdl)
                assert (type(got), got) == (type(want), want), (name, board.fen(), wdl)
                seen += 1
    assert seen >= 4000  # (tables of drawn material have no positions to read)


def test_a_table_read_under_another_name_or_not_one_is_refused(tables):
    data = (tables / "KRvK.rtbw").read_bytes()
    for name in ("KRvKP", "KPvK", "KRv", "KRRRRRRRvK", "KXvK"):
        with pytest.raises(ValueError, match="not the Syzygy WDL table"):
            _core._SzTable(data, name)
    with pytest.raises(ValueError, match="WDL"):
        _core._SzTable((tables / "KRvK.rtbz").read_bytes(), "KRvK")  # a DTZ table
    with pytest.raises(ValueError, match="DTZ"):
        _core._SzTable(data, "KRvK", dtz=True)


@pytest.mark.parametrize("dtz", [False, True], ids=["wdl", "dtz"])
@pytest.mark.parametrize("name", ["KQvKR", "KRPvK", "KPvKP", "KBNvK"])
def test_truncated_and_corrupted_tables_give_errors_not_crashes(tables, name, dtz):
    data = (tables / f"{name}.{'rtbz' if dtz else 'rtbw'}").read_bytes()
    boards = [chessbits.Board(b.fen()) for b in positions(name, 60, 7)]
    flips = [key_of(chess.Board(b.fen())) != name for b in boards]
    # (a table ends in a 16-byte checksum that nothing reads: a file cut inside it reads the same)
    for cut in sorted({6, 12, 40, len(data) // 3, len(data) // 2, len(data) - 64, len(data) - 17}):
        with pytest.raises(ValueError):
            _core._SzTable(data[:cut], name, dtz=dtz)
    rng = random.Random(name)
    for _ in range(150):
        broken = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            broken[rng.randrange(5, len(broken))] = rng.randrange(256)
        try:
            table = _core._SzTable(bytes(broken), name, dtz=dtz)
        except ValueError:
            continue
        for board, flipped in zip(boards, flips):
            try:
                if dtz:
                    value, found = table.dtz_raw(board, flipped, 2)
                    assert found in (1, -1) and 0 <= value < 1 << 17
                else:
                    assert table.wdl_raw(board, flipped) in (-2, -1, 0, 1, 2)
            except ValueError:
                pass

