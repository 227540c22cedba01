"""The comment annotations and the exporters' text against python-chess, on comments made to
find the edges: ext/pgn_annot.c matches python-chess's regexes by hand in ASCII comments (the
regexes read the others), and ext/pgn_export.c strips and counts characters as Python does.
Every answer is compared by type and repr, not only by ==."""
import io
import random

import pytest

import chessbits.pgn as cpgn
from chessbits import Move

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402

# pieces comments are made of: annotations whole and broken, numbers at the regexes' limits,
# whitespace of every kind Python's \s and str.strip() know, braces, non-ASCII text
PIECES = ["[%clk ", "[%emt ", "[%eval ", "[%csl ", "[%cal ", "[%clk\t", "[%eval\x1c", "[%cal\n", "[%clk",
          "0", "1", "9", "12", "59", "123", "1234567890", "12345678901", "00000000000000000000123",
          ":", ".", "..", "]", "[", "%", ",", "#", "+", "-", "#-", "#+", "#0", "G", "R", "Y", "B", "X",
          "a1", "h8", "e4", "i9", "Ga1", "Ra1h8", "Bh1a8,", "Ya2a2", " ", "  ", "\t", "\n", "\r", "\x0b",
          "\x0c", "\x1c", "\x1f", "→", "\x85", "\xa0", "\u2003", "\u3000", "\u2028", "}", "{", "x", "é", "٣",
          "\U0001f600", "clk", "eval", "1.5", ".25", "0.123", "3600:00:00", "0:00:01.5]",
          "[%clk 0:03:00]", "[%emt 0:00:02.5]", "[%eval 0.35]", "[%eval #-3,20]", "[%eval -1.5,18]",
          "[%csl Ga1,Rh8]", "[%cal Ge2e4,Bd1h5]"]
SCORES = [None, ("cp", 0), ("cp", 35), ("cp", -120), ("cp", 99999), ("mate", 3), ("mate", -2),
          ("mate", 1), ("mategiven", 0), ("mate0", 0)]


def comments(n, seed):
    rng = random.Random(seed)
    out = ["", " ", "[%clk 0:03:00]", "[%clk 99999999999999999999:00:00]", "[%eval 12345678901.5]"]
    while len(out) < n:
        out.append("".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12))))
    return out


def same(ours, theirs):
    """Equal answers of the same type, with the same repr (python-chess's classes matched to
    ours by name); exceptions by class name and message."""
    assert type(ours).__name__ == type(theirs).__name__, (ours, theirs)
    assert repr(ours) == repr(theirs)
    if isinstance(ours, list):
        for a, b in zip(ours, theirs):
            same(a, b)


def outcome(fn, *args):
    try:
        return fn(*args)
    except Exception as error:  # compared, class and words
        return ("raised", type(error).__name__, str(error))


def pair(comment):
    """A node of each library, one ply deep (Black to move), with this comment."""
    ours = cpgn.Game().add_variation(Move.from_uci("e2e4"), comment=comment)
    theirs = chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"), comment=comment)
    return ours, theirs


def score(spec, library):
    if spec is None:
        return None
    kind, n = spec
    engine = library.engine
    if kind == "cp":
        return engine.PovScore(engine.Cp(n), True)
    if kind == "mate":
        return engine.PovScore(engine.Mate(n), False)
    if kind == "mate0":
        return engine.PovScore(engine.Mate(0), True)
    return engine.PovScore(engine.MateGiven, True)


@pytest.mark.parametrize("seed", range(4))
def test_annotations_read_as_python_chess(seed):
    for comment in comments(500, seed):
        ours, theirs = pair(comment)
        for name in ("clock", "emt", "eval", "eval_depth", "arrows"):
            same(outcome(getattr(ours, name)), outcome(getattr(theirs, name)))


def test_numbers_read_as_float_reads_them():
    """ext/pgn_annot.c's pgn_decimal reads up to 15 digits in one division, longer ones by
    Python's float(): every length and fraction on both sides of that edge, signs, zeros."""
    rng = random.Random(7)
    for _ in range(3000):
        whole = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 17)))
        frac = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 3)))
        for number in (f"{whole}.{frac}", whole):
            sign = rng.choice(["", "-", "+"])
            for comment in (f"[%clk 1:02:{number}]", f"[%eval {sign}{number}]", f"[%emt 0:0:{number}]"):
                ours, theirs = pair(comment)
                for name in ("clock", "emt", "eval"):
                    same(outcome(getattr(ours, name)), outcome(getattr(theirs, name)))


@pytest.mark.parametrize("seed", range(4))
def test_annotations_written_as_python_chess(seed):
    import chessbits
    rng = random.Random(seed)
    for comment in comments(300, seed + 100):
        ours, theirs = pair(comment)
        seconds = rng.choice([None, 0, 1.5, 59.9999, 180, 3600 * 30 + 61.25, -5, 0.0004])
        same(outcome(ours.set_clock, seconds), outcome(theirs.set_clock, seconds))
        same(ours.comment, theirs.comment)
        same(outcome(ours.set_emt, seconds), outcome(theirs.set_emt, seconds))
        same(ours.comment, theirs.comment)
        spec, depth = rng.choice(SCORES), rng.choice([None, 0, 17, -3])
        same(outcome(ours.set_eval, score(spec, chessbits), depth),
             outcome(theirs.set_eval, score(spec, chess), depth))
        same(ours.comment, theirs.comment)
        arrows = [(rng.randrange(64), rng.randrange(64)) for _ in range(rng.randint(0, 3))]
        same(outcome(ours.set_arrows, arrows), outcome(theirs.set_arrows, arrows))
        same(ours.comment, theirs.comment)
        for name in ("clock", "emt", "eval", "eval_depth", "arrows"):
            same(outcome(getattr(ours, name)), outcome(getattr(theirs, name)))


@pytest.mark.parametrize("seed", range(3))
def test_exported_comments_and_lines_as_python_chess(seed):
    """Comments and starting comments of every kind in games exported at several widths:
    the braces dropped, Python's strip, lines filled and right-stripped by characters."""
    rng = random.Random(seed)
    texts = comments(200, seed + 200)
    for i in range(60):
        trees = []
        for library, move in ((cpgn, Move.from_uci), (chess.pgn, chess.Move.from_uci)):
            r = random.Random(i)
            game = library.Game()
            game.comment = r.choice(texts)
            node = game.add_variation(move("e2e4"), comment=r.choice(texts), nags=[r.randrange(256)])
            node.add_variation(move("e7e5"), comment=r.choice(texts))
            node.add_variation(move("c7c5"), starting_comment=r.choice(texts), comment=r.choice(texts))
            game.headers["Event"] = r.choice(texts).replace("\n", "").replace("\r", "")
            trees.append(game)
        ours, theirs = trees
        for columns in (None, 0, 3, 11, 80):
            for comments_on in (True, False):
                same(ours.accept(cpgn.StringExporter(columns=columns, comments=comments_on)),
                     theirs.accept(chess.pgn.StringExporter(columns=columns, comments=comments_on)))
        same(str(ours), str(theirs))
        handles, columns = (io.StringIO(), io.StringIO()), rng.choice([None, 7, 80])
        same(ours.accept(cpgn.FileExporter(handles[0], columns=columns)),
             theirs.accept(chess.pgn.FileExporter(handles[1], columns=columns)))
        same(handles[0].getvalue(), handles[1].getvalue())


def test_lone_surrogates_pass_through():
    """Comments read from files opened with errors="surrogateescape" keep their lone
    surrogates through the exporters, counted as one character each."""
    comment = "a\udcff b\ud800 c"
    ours, theirs = pair(comment)
    for columns in (None, 4):
        same(ours.parent.accept(cpgn.StringExporter(columns=columns)),
             theirs.parent.accept(chess.pgn.StringExporter(columns=columns)))
