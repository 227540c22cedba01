"""Coverage-guided fuzzing (atheris, libFuzzer) of the PGN readers: ``python fuzz/run.py --pgn``.

An input is PGN text (bytes; undecodable bytes reach read_game as lone surrogates). Invariants
(AssertionError, which libFuzzer reports as a crash with the input saved):

- ``read_games(bytes)`` never raises; its offsets rise from 0 to ``len(moves)``; reading it in
  blocks of 64 bytes on 2 threads gives the same arrays (games cut at any byte read the same);
- the ``read_game`` loop over the same text raises nothing python-chess's own reader would not
  (its AssertionError and IndexError on a ')' that closes more than was opened), and finds the
  same games, whose mainline moves are the arrays' (games of variants aside);
- with python-chess installed, its ``read_game`` loop finds the same games, exports and errors
  (but where python-chess writes SAN for an illegal move its own builder put in the tree after an
  error in a nested variation: chessbits' ``san()`` refuses illegal moves); for games read
  without errors, a StringExporter with a width and parts chosen by the input, and every node's
  clock, emt, eval and arrows, are python-chess's; its ``read_headers`` loop finds the same
  headers and leaves the handle in the same place.
"""
import io
import re
import sys

import atheris

with atheris.instrument_imports(include=["chessbits"]):
    import chessbits.pgn as cpgn

try:
    import chess.pgn as pychess_pgn
except ImportError:
    pychess_pgn = None

import logging

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
TOLERATED = (AssertionError, IndexError)  # python-chess's own, for unbalanced ')'
CLOCK = re.compile(r"^(invalid half-move clock|invalid fullmove number) in fen: .*\d{10}")


def known(ours, theirs):
    """Differences documented in the README: chessbits refuses SAN for an illegal move (python-chess
    writes some) and keeps FEN clocks in 0..2**32-1 (python-chess takes any int, then may
    fail on a later part)."""
    return any(isinstance(x, str) and (x.startswith("san() and lan() expect move to be legal") or CLOCK.match(x))
               for x in (ours[1] if isinstance(ours, tuple) else ours,))


def games_of(module, text):
    """The read_game loop: a list of games, or the exception's class and message."""
    handle = io.StringIO(text)
    games = []
    try:
        while True:
            game = module.read_game(handle)
            if game is None:
                return games
            games.append(game)
    except TOLERATED as error:
        return type(error).__name__, str(error)


def export(game):
    """str(game), or the error it raises (a game whose FEN tag is bad cannot be written; an
    illegal move in the tree has no SAN)."""
    try:
        return str(game)
    except (ValueError, AssertionError) as error:
        return "error", str(error)


def annotations(node):
    """What a node's comment says, as comparable text (its clock, elapsed time, eval, depth, arrows)."""
    return [repr(outcome(getattr(node, name))) for name in ("clock", "emt", "eval", "eval_depth", "arrows")]


def outcome(fn, *args):
    try:
        return fn(*args)
    except Exception as error:
        return type(error).__name__, str(error)


def walk_alike(ours, theirs, salt):
    """The exporters at a width and with parts left out by the input's length, and every node's
    annotations (the first 300 nodes), as python-chess's."""
    columns = None if salt % 5 == 0 else salt % 97
    flags = dict(columns=columns, headers=bool(salt & 1), comments=bool(salt & 2), variations=bool(salt & 4))
    a = outcome(ours.accept, cpgn.StringExporter(**flags))
    b = outcome(theirs.accept, pychess_pgn.StringExporter(**flags))
    if a != b:
        raise AssertionError(f"StringExporter({flags}): chessbits {a!r}, python-chess {b!r}")
    stack_a, stack_b, seen = [ours], [theirs], 0
    while stack_a and seen < 300:
        x, y = stack_a.pop(), stack_b.pop()
        seen += 1
        if annotations(x) != annotations(y):
            raise AssertionError(f"comment {x.comment!r}: chessbits {annotations(x)}, python-chess {annotations(y)}")
        stack_a.extend(x.variations)
        stack_b.extend(y.variations)


def headers_of(module, text):
    """The read_headers loop: the headers of each game and where the handle was left."""
    handle, out = io.StringIO(text), []
    while True:
        headers = outcome(module.read_headers, handle)
        out.append((dict(headers) if hasattr(headers, "keys") else headers, handle.tell()))
        if headers is None or isinstance(headers, tuple):
            return out


def TestOneInput(data: bytes) -> None:
    arrays = cpgn.read_games(data, threads=1)
    offsets = arrays.offsets.tolist()
    if offsets[0] != 0 or offsets[-1] != len(arrays.moves) or offsets != sorted(offsets):
        raise AssertionError(f"offsets {offsets} for {len(arrays.moves)} moves")
    again = cpgn.read_games(data, threads=2, block_size=64)
    if again.moves.tolist() != arrays.moves.tolist() or again.offsets.tolist() != offsets \
            or again.errors.tolist() != arrays.errors.tolist():
        raise AssertionError("read in 64-byte blocks on 2 threads, the games differ")
    text = data.decode("utf-8", "surrogateescape").replace("\r\n", "\n").replace("\r", "\n")
    ours = games_of(cpgn, text)
    if pychess_pgn is not None:
        theirs = games_of(pychess_pgn, text)
        if isinstance(theirs, tuple) or isinstance(ours, tuple):
            if ours != theirs:
                raise AssertionError(f"read_game: chessbits {ours!r}, python-chess {theirs!r}")
            return
        for game, a, b in zip(ours, map(export, ours), map(export, theirs)):
            if a != b and not known(a, b) and not any(known(str(e), None) for e in game.errors):
                raise AssertionError(f"read_game: the games differ from python-chess's:\n{a!r}\n{b!r}")
        for x, y in zip(ours, theirs):
            mine, its = [str(e) for e in x.errors], [str(e) for e in y.errors]
            if mine != its and not any(known(m, None) for m in mine):
                raise AssertionError(f"read_game: the errors differ from python-chess's: {mine} {its}")
            if not mine:
                walk_alike(x, y, len(data))
        if headers_of(cpgn, text) != headers_of(pychess_pgn, text):
            raise AssertionError("read_headers: the headers differ from python-chess's")
    if isinstance(ours, tuple) or any("\udc80" <= c <= "\udcff" for c in text):
        return  # undecodable bytes: read_game saw other text than read_games
    if len(ours) != len(arrays):
        raise AssertionError(f"read_game found {len(ours)} games, read_games {len(arrays)}")
    for i, game in enumerate(ours):
        error = arrays.errors[i]
        if error is not None and "not read into arrays" in error:
            continue
        mainline = [m.from_square | m.to_square << 6 | (m.promotion or 0) << 12 for m in game.mainline_moves()]
        if mainline != arrays.game_moves(i).tolist():
            raise AssertionError(f"game {i}: read_game's mainline {mainline}, read_games' {arrays.game_moves(i).tolist()}")


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
