"""read_game, read_headers and skip_game on every kind of handle python-chess programs pass:
io.StringIO (every newline mode) and files opened in text mode (UTF-8 with and without BOM,
Latin-1, every newline mode, every errors= mode), with CRLF, lone CR, invalid bytes and BOMs
in the text. chessbits reads some of these ahead in chunks: the games, errors and the handle's
position after each call (tell(), and what a plain readline() gets next) must be python-chess's."""
import io
import logging

import pytest

import chessbits.pgn as cpgn

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

GAME = ('[Event "Rated Blitz game"]\n[Site "https://lichess.org/abcdefgh"]\n[White "Ann"]\n[Black "Bo"]\n'
        '[Result "1-0"]\n\n1. e4 { [%clk 0:03:00] } e5 { a comment\nover two lines } 2. Nf3 (2. f4 { → gambit }) '
        'Nc6 3. Bb5 $1 a6 1-0\n')
TEXTS = {
    "plain": (GAME + "\n") * 3,
    "crlf": (GAME + "\n").replace("\n", "\r\n") * 2,
    "lone cr": GAME.replace("\n2. Nf3", "\r2. Nf3") + "\n" + GAME,
    "bom": "\ufeff" + GAME + "\n" + GAME,
    "non ascii names": GAME.replace("Ann", "Åsa Ölund").replace("Bo", "李") + "\n" + GAME,
    "long game": GAME.replace("3. Bb5", " ".join(f"{{ filler {i} }}" for i in range(3000)) + " 3. Bb5") + "\n" + GAME,
    "comment with blank line": GAME.replace("a comment\n", "a comment\n\n") + "\n" + GAME,
    "no final newline": GAME + "\n" + GAME.rstrip("\n"),
    "percent and semicolon lines": "% escape\n; comment\n" + GAME + "\n; between\n" + GAME,
    "empty": "",
}


def outcome(fn, *args):
    try:
        value = fn(*args)
    except Exception as error:
        return ("raised", type(error).__name__, str(error))
    if value is None or isinstance(value, (bool, str)):
        return value
    if hasattr(value, "headers"):  # a game
        return (dict(value.headers), str(value), [str(e) for e in value.errors])
    return dict(value)


def calls(module, reader, handle):
    """The reader called until the end, with where it left the handle after each call."""
    out = []
    for _ in range(50):
        result = outcome(getattr(module, reader), handle)
        try:
            where = handle.tell()
        except Exception as error:
            where = type(error).__name__
        out.append((result, where))
        if result is None or result is False or (isinstance(result, tuple) and result[0] == "raised"):
            break
    out.append(outcome(handle.readline))
    return out


@pytest.mark.parametrize("reader", ["read_game", "read_headers", "skip_game"])
@pytest.mark.parametrize("newline", [None, "", "\n", "\r", "\r\n"])
@pytest.mark.parametrize("name", sorted(TEXTS))
def test_string_io(name, newline, reader):
    text = TEXTS[name]
    assert calls(cpgn, reader, io.StringIO(text, newline=newline)) == \
        calls(chess.pgn, reader, io.StringIO(text, newline=newline))


ENCODINGS = [("utf-8", "strict"), ("utf-8-sig", "strict"), ("latin-1", "strict"), ("utf-8", "replace"),
             ("utf-8", "surrogateescape")]


@pytest.mark.parametrize("reader", ["read_game", "read_headers", "skip_game"])
@pytest.mark.parametrize("newline", [None, "", "\n", "\r", "\r\n"])
@pytest.mark.parametrize("encoding,errors", ENCODINGS)
@pytest.mark.parametrize("name", sorted(TEXTS) + ["invalid utf-8"])
def test_files(tmp_path, name, encoding, errors, newline, reader):
    path = tmp_path / "games.pgn"
    if name == "invalid utf-8":
        data = (GAME + "\n").encode() + GAME.replace("Bo", "B\udce9").encode("utf-8", "surrogateescape") + b"\n" + GAME.encode()
    else:
        data = TEXTS[name].encode("utf-8")
    path.write_bytes(data)
    results = []
    for module in (cpgn, chess.pgn):
        with open(path, encoding=encoding, errors=errors, newline=newline) as handle:
            results.append(calls(module, reader, handle))
    assert results[0] == results[1]


def test_a_program_reading_lines_between_games(tmp_path):
    """A program that reads a line of its own between games, or seeks back to a game it saw
    (python-chess's read_headers documentation does), finds the handle where python-chess
    would have left it."""
    path = tmp_path / "games.pgn"
    path.write_text(TEXTS["plain"] * 3, encoding="utf-8")
    seen = []
    for module in (cpgn, chess.pgn):
        out = []
        with open(path, encoding="utf-8") as handle:
            offsets = []
            while True:
                offsets.append(handle.tell())
                headers = module.read_headers(handle)
                if headers is None:
                    break
                out.append(handle.readline())
            for offset in offsets[::-1]:
                handle.seek(offset)
                out.append(outcome(module.read_game, handle))
        seen.append((offsets, out))
    assert seen[0] == seen[1]


@pytest.mark.parametrize("buffering", [64, 4096, -1])
def test_reads_resumed_from_where_the_last_left_the_file(tmp_path, buffering):
    """Calls in a row resume from where the last one left the file's buffer, without asking
    the handle where it is: whatever moves the handle in between (a readline(), a seek() back
    or to the same place, a read of another handle, which takes the place of this one), the
    next call reads from the handle's true place, as python-chess's does."""
    path, other = tmp_path / "games.pgn", tmp_path / "other.pgn"
    path.write_text((TEXTS["plain"] + TEXTS["non ascii names"] + "\n" + TEXTS["long game"] + "\n") * 2,
                    encoding="utf-8")
    other.write_text(TEXTS["non ascii names"], encoding="utf-8")
    seen = []
    for module in (cpgn, chess.pgn):
        out = []
        with open(path, encoding="utf-8", buffering=buffering) as handle, \
                open(other, encoding="utf-8", buffering=buffering) as second:
            readers = [module.read_headers, module.read_game, module.skip_game]
            for k in range(30):
                out.append(outcome(readers[k % 3], handle))
                if k == 3:
                    out.append(handle.readline())
                elif k == 5:
                    out.append(handle.seek(handle.tell()))
                elif k == 7:
                    out.append(outcome(module.read_headers, second))
                elif k == 9:
                    out.append(handle.seek(0))
            out.append((handle.tell(), handle.readline(), second.tell()))
        seen.append(out)
    assert seen[0] == seen[1]


@pytest.mark.parametrize("errors", ["strict", "replace"])
@pytest.mark.parametrize("where", [0, 7, 8, 31, 32, 33, 63, 64, 100])
def test_an_invalid_byte_deep_in_a_long_line(tmp_path, errors, where):
    """A byte that is not UTF-8 anywhere in a long movetext line (the UTF-8 check steps over
    ASCII 32 and 8 bytes at a time) is found as readline() finds it."""
    line = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 *"
    bad = line[:where] + b"{\xe9}" + line[where:]
    path = tmp_path / "games.pgn"
    path.write_bytes((GAME + "\n").encode() + b'[Event "x"]\n\n' + bad + b"\n\n" + GAME.encode())
    results = []
    for module in (cpgn, chess.pgn):
        for reader in ("skip_game", "read_game"):
            with open(path, encoding="utf-8", errors=errors) as handle:
                results.append(calls(module, reader, handle))
    assert results[:2] == results[2:]


@pytest.mark.parametrize("read_first", [False, True], ids=["fresh", "after-a-game"])
def test_a_closed_file_raises_python_chess_error(tmp_path, read_first):
    path = tmp_path / "games.pgn"
    path.write_text("[White \"a\"]\n\n1. e4 *\n\n[White \"b\"]\n\n1. d4 *\n", encoding="utf-8")
    errors = []
    for module in (cpgn, chess.pgn):
        with open(path, encoding="utf-8") as handle:
            if read_first:
                module.read_headers(handle)
        with pytest.raises(ValueError) as caught:
            module.read_headers(handle)
        errors.append(str(caught.value))
    assert errors[0] == errors[1]
