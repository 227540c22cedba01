"""chessbits.pgn held to python-chess's chess.pgn through the public API only.

Seeded random games are built and exported by python-chess (comments of every kind, clock,
emt, eval and arrow annotations, NAGs, nested variations with starting comments, null moves,
Chess960 and FEN starts, odd headers), a third of them with their text mutated (NAGs as !/?
suffixes, tokens dropped or doubled, escape and ; lines, games split). Both libraries read
them (a read_game loop on StringIO), and then, on the two trees in lock step, every node is
walked, the trees are edited with the same random choices, exported every way and visited;
every answer is compared by type and repr as well as == through one helper, `canon` (the
classes of the two libraries mapped by name), so `0 == False` cannot hide a wrong type.

    CHESSBITS_PGN_DIFF_GAMES=2000 python -m pytest -q -n 2 tests/test_pgn_differential.py

A mismatch fails with the smallest game text (lines, then tokens dropped while the same check
still fails) and the seed. The one documented difference (docs/compatibility.md, "Differences,
on purpose"): chessbits' push() and san() refuse an illegal move, which python-chess's builder
can hang in a tree after an error inside a variation; python-chess then plays it on a corrupt
board or writes SAN for it. Such games are read alike; answers that differ only by that
refusal are counted as the documented difference (test_documented_difference_illegal_moves).
"""
from __future__ import annotations

import copy
import gc
import io
import itertools
import logging
import math
import os
import pickle
import random
import re
import time
import types

import chess
import chess.engine
import chess.pgn
import chess.svg
import chess.variant
import pytest

import chessbits
import chessbits.engine
import chessbits.pgn
import chessbits.svg
import chessbits.variant

from test_pgn_arrays import EDGE_CASES

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

GAMES = int(os.environ.get("CHESSBITS_PGN_DIFF_GAMES", "12"))


# ---------------------------------------------------------------------------------------------
# The two libraries, and the one helper that compares their answers

class Lib(types.SimpleNamespace):
    """One library's modules: chess, pgn, engine, svg, variant; root: its top package name."""


THEIRS = Lib(name="python-chess", root="chess", chess=chess, pgn=chess.pgn, engine=chess.engine,
             svg=chess.svg, variant=chess.variant)
OURS = Lib(name="chessbits", root="chessbits", chess=chessbits, pgn=chessbits.pgn, engine=chessbits.engine,
           svg=chessbits.svg, variant=chessbits.variant)

_AT_ID = re.compile(r" at 0x[0-9a-f]+")
_SIDE_PREFIX = re.compile(r"^(OURS|THEIRS)_CLASSES\.")
_PLAIN = (type(None), bool, int, float, str, bytes)


class Raised:
    """An exception as an answer (outcome() returns it instead of raising)."""

    def __init__(self, error: BaseException):
        self.error = error

    def __repr__(self):
        return f"raises {type(self.error).__name__}({str(self.error)!r})"


def outcome(fn, *args):
    try:
        return fn(*args)
    except Exception as error:  # noqa: BLE001: an exception is an answer to compare
        return Raised(error)


def kind(t: type, lib: Lib) -> str:
    """A class's library-neutral name: its qualified name if it is the library's own (chess.X
    and chessbits.X compare as X), else its module too (a python-chess class returned by
    chessbits, or the reverse, then differs). Test classes made per side lose their prefix."""
    name = _SIDE_PREFIX.sub("", t.__qualname__)
    return name if t.__module__.split(".")[0] == lib.root else f"{t.__module__}.{name}"


def path_of(node) -> tuple:
    """Where a node is in its tree: the variation index at each step from the root."""
    path = []
    while node.parent is not None:
        index = next((i for i, v in enumerate(node.parent.variations) if v is node), None)
        if index is None:
            return ("detached", *reversed(path))
        path.append(index)
        node = node.parent
    return tuple(reversed(path))


def canon(x, lib: Lib):
    """x as plain data to compare across the libraries: its type (kind) and repr, recursively
    for containers; nodes by class and place in their tree; exceptions by class and message
    (but for TypeError and AttributeError, whose words are Python's own); ids masked and the
    module in default reprs (<chessbits.pgn.StringExporter object ...>) read as chess, in
    strings too (the checks ask for repr() texts)."""
    t = type(x)
    if t is str:
        return "str", repr(_masked(x))
    if t in _PLAIN:
        return t.__name__, repr(x)
    if t in (list, tuple):
        return t.__name__, tuple(canon(e, lib) for e in x)
    if t is dict:
        return "dict", tuple((canon(k, lib), canon(v, lib)) for k, v in x.items())
    if t in (set, frozenset):
        return t.__name__, tuple(sorted(repr(canon(e, lib)) for e in x))
    if t is Raised:
        return "raised", canon(x.error, lib)
    if isinstance(x, BaseException):
        words = None if isinstance(x, (TypeError, AttributeError)) else _masked(str(x))
        return "exception", kind(t, lib), words
    if isinstance(x, type):
        return "class", kind(x, lib)
    if isinstance(x, lib.pgn.GameNode):
        return "node", kind(t, lib), path_of(x)
    return kind(t, lib), _masked(repr(x))


def _masked(text: str) -> str:
    return _AT_ID.sub(" at 0x?", text).replace("<chessbits.", "<chess.")


def documented_difference(theirs, ours) -> bool:
    """ours is chessbits refusing an illegal move (push/san) where python-chess did not (or,
    for repr(node), chessbits' node called dangling: its parent's board() refused a move)."""
    if isinstance(ours, str):
        return "(dangling: " in ours and not (isinstance(theirs, str) and "(dangling: " in theirs)
    if not isinstance(ours, Raised) or not isinstance(ours.error, chessbits.IllegalMoveError):
        return False
    if isinstance(theirs, Raised) and isinstance(theirs.error, chess.IllegalMoveError):
        return False
    return str(ours.error).startswith(("push() expects", "san() and lan() expect move to be legal"))


class Mismatch(AssertionError):
    def __init__(self, check: str, where, theirs, ours):
        self.check = check
        at, a, b = first_difference(theirs, ours)
        detail = f"\n  first difference at {at}:\n    python-chess: {short(a)}\n    chessbits:    {short(b)}" if at else ""
        super().__init__(f"{check} at {where}:\n  python-chess: {short(theirs)}\n  chessbits:    {short(ours)}{detail}")


def first_difference(a, b, at=()):
    """Where two canon() values first differ: (index path, the two parts there)."""
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y and isinstance(x, tuple) and isinstance(y, tuple):
                return first_difference(x, y, at + (i,))
    return at, a, b


def short(value, limit=600) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


class Lockstep:
    """Asks both libraries the same question and compares the answers (type, repr and ==).
    allow_illegal: the tree holds an illegal move (the documented difference may show)."""

    def __init__(self, allow_illegal=False):
        self.allow_illegal = allow_illegal
        self.checks = 0
        self.documented = 0

    def same(self, check, where, theirs, ours):
        self.checks += 1
        a, b = canon(theirs, THEIRS), canon(ours, OURS)
        if a == b and (type(theirs) not in _PLAIN or type(theirs) is str or theirs == ours or theirs != theirs):
            return
        if self.allow_illegal and documented_difference(theirs, ours):
            self.documented += 1
            return
        raise Mismatch(check, where, a, b)

    def check(self, check, where, pair, fn):
        """fn(lib, object) on each side of pair (python-chess's, chessbits'); both answers."""
        theirs = outcome(fn, THEIRS, pair[0])
        ours = outcome(fn, OURS, pair[1])
        self.same(check, where, theirs, ours)
        return theirs, ours


def test_canon_tells_types_apart():
    """The helper itself: False is not 0, a python-chess Move is not a chessbits Move, nodes
    compare by place, exceptions by class and words."""
    assert canon(False, OURS) != canon(0, THEIRS)
    assert canon(1.0, OURS) != canon(1, THEIRS)
    assert canon(chessbits.Move.from_uci("e2e4"), OURS) == canon(chess.Move.from_uci("e2e4"), THEIRS)
    assert canon(chess.Move.from_uci("e2e4"), OURS) != canon(chess.Move.from_uci("e2e4"), THEIRS)
    assert canon(chessbits.Board, OURS) == canon(chess.Board, THEIRS)
    ls = Lockstep()
    with pytest.raises(Mismatch):
        ls.same("x", "here", Raised(ValueError("a")), Raised(KeyError("a")))
    with pytest.raises(Mismatch):
        ls.same("x", "here", [1, 2], (1, 2))
    ls.same("nan", "here", math.nan, math.nan)
    g = chess.pgn.Game()
    ours = chessbits.pgn.Game()
    ls.same("node", "here", g.add_variation(chess.Move.from_uci("e2e4")),
            ours.add_variation(chessbits.Move.from_uci("e2e4")))


# ---------------------------------------------------------------------------------------------
# Seeded random games, built by python-chess

COMMENTS = [
    "", "plain", "multi\nline\ncomment", "two\n\nparagraphs", "with { an opening brace",
    "a } closing brace", "{ both }", "ünïcödé ♔ 日本語", "  padded  ", "tab\there", " ", "\n",
    "[%clk 0:00:07.]", "[%clk 1:02:03.25] [%clk 0:00:01]", "[%clk 100:00:00]", "[%clk  0:01:00]",
    "[%clk\t0:01:00]", "[%clk 0:60:99]", "before [%clk 0:05:00] after", "[%clk 0:01:00]after",
    "[%emt 0:00:05]", "[%emt 1:00:00.5] [%clk 0:10:00]", "[%eval #0]", "[%eval #-3]", "[%eval #-3,12]",
    "[%eval #+2]", "[%eval +0.35,20]", "[%eval -12.5]", "[%eval .5]", "[%eval 12.]", "[%eval 1.234]",
    "[%eval -0.00]", "[%eval 12345678901.5]", "[%eval 0.5,]", "x[%eval 3.1]y", "[%eval #-0]",
    "[%csl Ra1,Gb2]", "[%cal Ge2e4,Rd7d5,Yh1h8,Ba1a1]", "[%csl Ra1] [%cal Gg1f3] text",
    "[%csl Xa1]", "[%cal Ge2e9]", "[%csl Rа1]", "text [%csl Gd4,Ye5]",  # (a Cyrillic а in Rа1)
]
# python-chess's \d is Unicode: Arabic-Indic digits are read as numbers too
UNICODE_DIGITS = ["[%clk 0:0١:00]", "[%eval ٢.5]", "[%emt ١:00:00]", "[%eval #٣]"]
STARTING = ["", "starts here", "multi\nline start", "{brace}", "ü"]
HEADER_VALUES = ["A", "B b", "Ünïcode 名", 'quote"d', "back\\slash", "", " spaced ", "[brackets]", "semi;colon",
                 "{brace}", "percent%", "tab\tvalue", "?", "-"]
TIME_CONTROLS = ["", "?", "-", "40/9000:300", "300+2", "60+0.5", "180", "40/7200:3600", "40/7200:20/3600:900+30",
                 "300+5d", "300+5D", "0+1", "abc", "300:40/60", "40/", "+5", "1/2/3", "900+", "3600+0", "5400+30",
                 "*60", "15+10", "40/5400+30:1800+30", "1800:1800", "60/", "5400+30:", " 300", "300 ", "+",
                 "0", "179", "180+0", "899", "900", "3599", "3600", "120+1", "40/120", "99999999999999999999"]
NAGS = [1, 2, 3, 4, 5, 6, 7, 10, 14, 18, 22, 132, 146, 255]
SCORES = [("cp", 0), ("cp", 35), ("cp", -120), ("cp", 9999), ("cp", -1), ("cp", 5), ("mate", 1), ("mate", -3),
          ("mate", 2), ("mate", 0), ("mate", -1)]
SECONDS = [None, 0, 0.5, 1 / 3, 59.999, 59.9999, 61.25, 3600 * 2 + 5.5, 100000.125, -5, 7, 1e-4, 3599.9996]


def score_of(lib: Lib, spec, color):
    """A PovScore of lib's own chess.engine from a (kind, value) spec."""
    if spec is None:
        return None
    what, value = spec
    return lib.engine.PovScore(lib.engine.Cp(value) if what == "cp" else lib.engine.Mate(value), color)


def annotate(rng, node):
    """Comments, annotations (through python-chess's setters and as raw text) and NAGs."""
    r = rng.random()
    if r < 0.35:
        node.comment = rng.choice(COMMENTS)
    elif r < 0.4:
        node.comment = rng.choice(COMMENTS) + " " + rng.choice(COMMENTS + UNICODE_DIGITS)
    if rng.random() < 0.4:
        node.set_clock(rng.choice(SECONDS[1:]))
    if rng.random() < 0.15:
        node.set_emt(rng.choice(SECONDS[1:]))
    if rng.random() < 0.3:
        node.set_eval(score_of(THEIRS, rng.choice(SCORES), rng.choice([True, False])),
                      rng.choice([None, None, 0, 18, -2]))
    if rng.random() < 0.1:
        squares = rng.sample(range(64), 3)
        node.set_arrows([chess.svg.Arrow(squares[0], squares[1], color=rng.choice(["red", "green", "blue", "yellow"])),
                         (squares[2], squares[2])])
    if rng.random() < 0.2:
        node.nags.update(rng.sample(NAGS, rng.choice([1, 1, 2])))


def start_board(rng, game):
    """A starting position for the game: standard, Chess960 or a FEN after random moves
    (either side to move, an odd fullmove number), set up as a board or as FEN text."""
    r = rng.random()
    if r < 0.15:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        game.setup(board if rng.random() < 0.5 else board.fen())
        if rng.random() < 0.3:
            game.headers["Variant"] = rng.choice(["Chess960", "chess 960", "Fischerandom"])
    elif r < 0.35:
        board = chess.Board()
        for _ in range(rng.randrange(1, 24)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        parts = board.fen().split()
        parts[4], parts[5] = str(rng.randrange(0, 30)), str(rng.choice([1, 2, 7, 40, 99, 150]))
        fen = " ".join(parts)
        game.setup(chess.Board(fen) if rng.random() < 0.5 else fen)
    return game.board()


def random_game(rng, max_plies=36):
    """A python-chess game: see the module docstring for what it holds."""
    game = chess.pgn.Game()
    board = start_board(rng, game)
    for tag in ("White", "Black", "Event"):
        if rng.random() < 0.5:
            game.headers[tag] = rng.choice(HEADER_VALUES)
    if rng.random() < 0.2:
        del game.headers[rng.choice(["Round", "Site", "Date"])]
    if rng.random() < 0.4:
        game.headers["TimeControl"] = rng.choice(TIME_CONTROLS)
    if rng.random() < 0.3:
        game.headers[rng.choice(["Annotator", "ECO", "WhiteElo", "A_b+#=:-1", "Termination"])] = rng.choice(HEADER_VALUES)
    if rng.random() < 0.2:
        game.comment = rng.choice(COMMENTS)

    def grow(node, board, plies, depth):
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                return
            move = chess.Move.null() if rng.random() < 0.03 and not board.is_check() else rng.choice(moves)
            child = node.add_variation(move)
            annotate(rng, child)
            if depth < 3 and len(moves) > 1 and rng.random() < 0.15:
                for _ in range(rng.choice([1, 1, 2])):
                    alt = rng.choice([m for m in moves if m not in node])
                    side = node.add_variation(alt, starting_comment=rng.choice(STARTING))
                    annotate(rng, side)
                    b = board.copy()
                    b.push(alt)
                    grow(side, b, rng.randrange(0, 5), depth + 1)
                    if len(node.variations) == len(moves):
                        break
            board.push(move)
            node = child

    grow(game, board, rng.randrange(0, max_plies), 0)
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def mutate(rng, text):
    """python-chess's text changed as hand-written and odd files differ."""
    for _ in range(rng.randrange(1, 5)):
        r = rng.random()
        if r < 0.25:
            for nag, glyph in [("$1", "!"), ("$2", "?"), ("$3", "!!"), ("$4", "??"), ("$5", "!?"), ("$6", "?!")]:
                text = text.replace(f" {nag} ", rng.choice([f" {glyph} ", f"{glyph} "]))
        elif r < 0.45:
            tokens = re.split(r"(\s+)", text)
            i = rng.randrange(len(tokens))
            if rng.random() < 0.5:
                del tokens[i]
            else:
                tokens.insert(i, tokens[i])
            text = "".join(tokens)
        elif r < 0.55:
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(["% escape", "; a line comment", "", "[Bad tag]",
                                                                    '[Extra "tag"]', "{ lone", "}", "( )"]))
            text = "\n".join(lines)
        elif r < 0.65:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice([" ( ", " ) ", " { x } ", " ; c\n", " -- ", " $0 ", " Z0 ", " 1-0 ",
                                           " e4 ", "\n\n", " 0-0 ", " O-O-O ", " @ "]) + text[at:]
        elif r < 0.75:
            text = text.replace("\n", rng.choice(["\r\n", "\n\n", " \n"]), rng.randrange(1, 4))
        elif r < 0.85:
            text = re.sub(r" (1-0|0-1|1/2-1/2|\*)\s*$", "", text)
        else:
            text = "\ufeff" + text if rng.random() < 0.5 else "\n\n" + text + "\n\n\n"
    return text


def corpus_text(seed):
    """The text of one test item: two python-chess games (exported with or without line
    wrapping), a third of them mutated."""
    rng = random.Random(seed)
    texts = []
    for _ in range(2):
        game = random_game(rng)
        columns = rng.choice([None, 80, 80, 40])
        texts.append(game.accept(chess.pgn.StringExporter(columns=columns)))
    text = "\n\n".join(texts) + "\n"
    return mutate(rng, text) if seed % 3 == 2 else text


# ---------------------------------------------------------------------------------------------
# Walking, editing, exporting and visiting both trees in lock step

def nodes_of(game):
    """Every node of a tree, the root first, depth first in PGN order."""
    out, stack = [], [game]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.variations))
    return out


def node_at(game, path):
    node = game
    for i in path:
        node = node.variations[i]
    return node


def illegal_paths(game):
    """Nodes of a python-chess tree whose move is neither legal in its parent's position nor
    the null move (python-chess's builder can leave them after an error in a variation)."""
    bad = []
    for node in nodes_of(game)[1:]:
        try:
            board = node.parent.board()
            legal = not node.move or board.is_legal(node.move)
        except Exception:  # noqa: BLE001: an earlier illegal move broke the board
            legal = False
        if not legal:
            bad.append(path_of(node))
    return bad


def tree(node):
    """What read_game and the edits put in a tree, as plain values."""
    return [(c.move.uci(), c.comment, c.starting_comment, sorted(c.nags), tree(c)) for c in node.variations]


def headers_checks(ls, where, pair):
    h = (pair[0].headers, pair[1].headers)
    for name, fn in [
        ("headers dict", lambda L, x: dict(x)), ("headers repr", lambda L, x: repr(x)),
        ("headers keys order", lambda L, x: list(x)), ("headers items", lambda L, x: list(x.items())),
        ("headers keys", lambda L, x: list(x.keys())), ("headers values", lambda L, x: list(x.values())),
        ("headers views repr", lambda L, x: (repr(x.items()), repr(x.keys()), repr(x.values()))),
        ("headers len", lambda L, x: len(x)), ("headers bool", lambda L, x: bool(x)),
        ("headers in", lambda L, x: [k in x for k in ("Event", "Result", "FEN", "Variant", "Nope", "", 1)]),
        ("headers get", lambda L, x: [x.get(k) for k in ("White", "Round", "FEN", "SetUp", "Missing")]),
        ("headers get default", lambda L, x: x.get("Missing", "dflt")),
        ("headers getitem missing", lambda L, x: x["Missing"]),
        ("headers copy", lambda L, x: (x.copy(), type(x.copy()), x.copy() == x, x.copy() is x, copy.copy(x) == x)),
        ("headers equality", lambda L, x: (x == dict(x), x == L.pgn.Headers(x), x != L.pgn.Headers(), x == {})),
        ("headers is_chess960", lambda L, x: x.is_chess960()), ("headers is_wild", lambda L, x: x.is_wild()),
        ("headers variant", lambda L, x: x.variant()), ("headers board", lambda L, x: x.board()),
    ]:
        ls.check(name, where, h, fn)


def game_checks(ls, where, pair):
    """A read game's tree, headers, errors and repr."""
    ls.check("tree", where, pair, lambda L, g: tree(g))
    headers_checks(ls, where, pair)
    ls.check("errors", where, pair, lambda L, g: [(type(e), str(e)) for e in g.errors])
    ls.check("errors types", where, pair, lambda L, g: g.errors)
    ls.check("repr(game)", where, pair, lambda L, g: repr(g))
    ls.check("game comment", where, pair, lambda L, g: (g.comment, g.starting_comment, g.nags, g.move, g.parent))
    ls.check("time_control", where, pair, lambda L, g: g.time_control())


def node_checks(ls, where, pair, heavy=True):
    """Everything asked of one node (heavy: the exports from it too)."""
    child = pair[0].parent is not None
    for name, fn in NODE_CHECKS + (CHILD_CHECKS if child else []) + \
            (HEAVY_CHECKS + (HEAVY_CHILD_CHECKS if child else []) if heavy else []):
        ls.check(name, where, pair, fn)
    n = len(pair[0].variations)
    for i in range(-2, n + 2):
        ls.check(f"variation({i})", where, pair, lambda L, x: x.variation(i))
        ls.check(f"[{i}]", where, pair, lambda L, x: x[i])
        ls.check(f"{i} in", where, pair, lambda L, x: i in x)
        ls.check(f"has_variation({i})", where, pair, lambda L, x: x.has_variation(i))
    probes = [c.move.uci() for c in pair[0].variations] + ["a1a2", "0000", "e2e4"]
    for uci in probes:
        ls.check(f"variation({uci})", where, pair, lambda L, x: x.variation(L.chess.Move.from_uci(uci)))
        ls.check(f"{uci} in", where, pair, lambda L, x: L.chess.Move.from_uci(uci) in x)
        ls.check(f"has_variation({uci})", where, pair, lambda L, x: x.has_variation(L.chess.Move.from_uci(uci)))
    ls.check("node in", where, pair, lambda L, x: [c in x for c in x.variations] + [x in x, x.root() in x])
    ls.check("variation(node)", where, pair, lambda L, x: [x.variation(c) for c in x.variations])
    ls.check("variation(root)", where, pair, lambda L, x: x.variation(x.root()))
    ls.check("variation(str)", where, pair, lambda L, x: x.variation("e2e4"))


def _eval(fn):
    return lambda L, n: fn(n.eval())


NODE_CHECKS = [
    ("ply", lambda L, n: n.ply()), ("turn", lambda L, n: n.turn()), ("board", lambda L, n: n.board()),
    ("board.fen", lambda L, n: n.board().fen()), ("board.move_stack", lambda L, n: n.board().move_stack),
    ("clock", lambda L, n: n.clock()), ("emt", lambda L, n: n.emt()), ("eval", lambda L, n: n.eval()),
    ("eval.white", _eval(lambda s: s.white())), ("eval.black", _eval(lambda s: s.black())),
    ("eval.relative", _eval(lambda s: (s.relative, s.turn, s.is_mate()))),
    ("eval.relative.score", _eval(lambda s: s.relative.score(mate_score=100000))),
    ("eval.white.score", _eval(lambda s: (s.white().score(), s.white().mate(), s.white().score(mate_score=1000)))),
    ("eval_depth", lambda L, n: n.eval_depth()), ("arrows", lambda L, n: n.arrows()),
    ("arrows pgn", lambda L, n: [(a.tail, a.head, a.color, a.pgn(), str(a)) for a in n.arrows()]),
    ("is_mainline", lambda L, n: n.is_mainline()), ("starts_variation", lambda L, n: n.starts_variation()),
    ("is_main_variation", lambda L, n: n.is_main_variation()), ("is_end", lambda L, n: n.is_end()),
    ("end", lambda L, n: n.end()), ("next", lambda L, n: n.next()),
    ("root", lambda L, n: (n.root(), n.root() is n.game(), n.game())),
    ("variations", lambda L, n: n.variations), ("parent", lambda L, n: n.parent),
    ("comment", lambda L, n: (n.comment, n.starting_comment, n.nags, n.move)),
    ("mainline", lambda L, n: list(n.mainline())), ("mainline_moves", lambda L, n: list(n.mainline_moves())),
    ("reversed(mainline)", lambda L, n: list(reversed(n.mainline()))),
    ("reversed(mainline_moves)", lambda L, n: list(reversed(n.mainline_moves()))),
    ("bool(mainline)", lambda L, n: (bool(n.mainline()), bool(n.mainline_moves()))),
]
# the exports from a node (O(moves after it) SAN each): on a few nodes of a tree
HEAVY_CHECKS = [
    ("str(mainline)", lambda L, n: (str(n.mainline()), str(n.mainline_moves()))),
    ("repr(mainline)", lambda L, n: (repr(n.mainline()), repr(n.mainline_moves()))),
    ("Mainline.accept", lambda L, n: n.mainline().accept(L.pgn.StringExporter(columns=40))),
    ("Mainline.accept bare", lambda L, n: n.mainline_moves().accept(L.pgn.StringExporter(comments=False))),
    ("accept_subgame", lambda L, n: n.accept_subgame(L.pgn.StringExporter(columns=None))),
    ("accept_subgame bare", lambda L, n: n.accept_subgame(L.pgn.StringExporter(headers=False, variations=False))),
]
CHILD_CHECKS = [
    ("san", lambda L, n: n.san()), ("uci", lambda L, n: n.uci()),
    ("uci(chess960=True)", lambda L, n: n.uci(chess960=True)), ("uci(chess960=False)", lambda L, n: n.uci(chess960=False)),
    ("repr(node)", lambda L, n: repr(n)),
]
HEAVY_CHILD_CHECKS = [
    ("str(node)", lambda L, n: str(n)),
    ("node.accept", lambda L, n: n.accept(L.pgn.StringExporter(columns=None))),
    ("node.accept no variations", lambda L, n: n.accept(L.pgn.StringExporter(variations=False, columns=1))),
]

COLUMNS = [None, 0, 1, 40, 80]
EXPORTS = [(c, h, m, v) for c in COLUMNS for h in (True, False) for m in (True, False) for v in (True, False)]


def export_checks(ls, where, pair, combos):
    for columns, headers, comments, variations in combos:
        ls.check(f"StringExporter(columns={columns}, headers={headers}, comments={comments}, variations={variations})",
                 where, pair, lambda L, g: g.accept(L.pgn.StringExporter(columns=columns, headers=headers,
                                                                         comments=comments, variations=variations)))
    ls.check("str(game)", where, pair, lambda L, g: str(g))

    def file_export(L, g):
        handle = io.StringIO()
        exporter = L.pgn.FileExporter(handle, columns=combos[0][0], comments=combos[0][2])
        counts = (g.accept(exporter), g.accept(exporter))
        return counts, handle.getvalue(), repr(exporter), str(exporter), exporter.written
    ls.check("FileExporter", where, pair, file_export)

    def exporter_reprs(L, g):
        exporter = L.pgn.StringExporter(columns=None)
        first = g.accept(exporter)
        return repr(exporter), str(exporter), str(exporter) == first, exporter.result() == first
    ls.check("StringExporter repr/str", where, pair, exporter_reprs)


def export_twice(ls, where, pairs):
    """The same exporter object for two games in a row (python-chess does not reset its lines)."""
    if len(pairs) < 2:
        return

    def run(L, games):
        exporter = L.pgn.StringExporter(columns=60)
        return games[0].accept(exporter), games[1].accept(exporter), str(exporter)
    ls.check("one StringExporter, two games", where, ([p[0] for p in pairs[:2]], [p[1] for p in pairs[:2]]), run)

    def run_file(L, games):
        handle = io.StringIO()
        exporter = L.pgn.FileExporter(handle, headers=False)
        return games[0].accept(exporter), games[1].accept(exporter), handle.getvalue()
    ls.check("one FileExporter, two games", where, ([p[0] for p in pairs[:2]], [p[1] for p in pairs[:2]]), run_file)


def walk(ls, where, pair, rng, limit=16, heavy=4):
    """node_checks on every node of both trees (a sample of `limit` on big trees, the root and
    the last node always; the exports from `heavy` of them), after checking the trees have the
    same shape."""
    theirs, ours = nodes_of(pair[0]), nodes_of(pair[1])
    ls.same("tree shape", where, [path_of(n) for n in theirs], [path_of(n) for n in ours])
    picked = sorted({0, len(theirs) - 1, *rng.sample(range(len(theirs)), min(limit, len(theirs)))})
    exported = {0, len(theirs) - 1, *rng.sample(picked, min(heavy, len(picked)))}
    for i in picked:
        node_checks(ls, f"{where} node {path_of(theirs[i])}", (theirs[i], ours[i]), heavy=i in exported)


# -- edits, the same random choice applied to both trees

def random_edits(rng, game, count):
    """(operation, path, args) made from python-chess's tree; apply() plays them on either."""
    ops = []
    for _ in range(count):
        nodes = nodes_of(game)
        node = rng.choice(nodes)
        path = path_of(node)
        r = rng.random()
        try:
            board = node.board()
            moves = [m.uci() for m in board.legal_moves]
        except Exception:  # noqa: BLE001: a node past an illegal move
            moves = []
        if r < 0.12:
            ops.append(("set_clock", path, rng.choice(SECONDS)))
        elif r < 0.2:
            ops.append(("set_emt", path, rng.choice(SECONDS)))
        elif r < 0.32:
            ops.append(("set_eval", path, (rng.choice(SCORES + [None]), rng.choice([True, False]),
                                           rng.choice([None, 0, 20, -3]))))
        elif r < 0.4:
            arrows = [(rng.randrange(64), rng.randrange(64), rng.choice([None, "red", "blue", "yellow", "green", "pink"]),
                       rng.random() < 0.3) for _ in range(rng.randrange(0, 4))]
            ops.append(("set_arrows", path, arrows))
        elif r < 0.55 and moves:
            extra = dict(comment=rng.choice(COMMENTS), nags=rng.sample(NAGS, rng.randrange(0, 3)))
            which = rng.choice(["add_variation", "add_main_variation", "add_line"])
            if which == "add_variation":
                extra["starting_comment"] = rng.choice(STARTING)
                ops.append((which, path, (rng.choice(moves + ["0000"]), extra)))
            elif which == "add_main_variation":
                ops.append((which, path, (rng.choice(moves), extra)))
            else:
                line, b = [], board.copy()
                for _ in range(rng.randrange(0, 4)):
                    legal = list(b.legal_moves)
                    if not legal:
                        break
                    line.append(rng.choice(legal))
                    b.push(line[-1])
                extra["starting_comment"] = rng.choice(STARTING)
                ops.append((which, path, ([m.uci() for m in line], extra)))
        elif r < 0.72 and node.variations:
            which = rng.choice(["promote", "demote", "promote_to_main", "remove_variation"])
            i = rng.randrange(len(node.variations))
            selector = rng.choice(["index", "move", "node", "missing", "index"])
            ops.append((which, path, (selector, i)))
        elif r < 0.86:
            ops.append(("comment", path, (rng.choice(["comment", "starting_comment", "nags", "nags.add"]),
                                          rng.choice(COMMENTS), rng.sample(NAGS, 2))))
        else:
            ops.append(("headers", (), (rng.choice(["White", "Event", "Result", "FEN", "Foo", "TimeControl", "Variant"]),
                                        rng.choice(HEADER_VALUES + TIME_CONTROLS[:6] + [None]))))
        game_apply(THEIRS, game, ops[-1])  # later choices see the edited tree
    return ops


def apply(L, node, op):
    """Play one edit on a node of lib L's tree; what the call returned."""
    what, _, args = op
    if what in ("set_clock", "set_emt"):
        return getattr(node, what)(args)
    if what == "set_eval":
        spec, color, depth = args
        return node.set_eval(score_of(L, spec, color), depth)
    if what == "set_arrows":
        return node.set_arrows([(t, h) if as_tuple or color is None else L.svg.Arrow(t, h, color=color)
                                for t, h, color, as_tuple in args])
    if what in ("add_variation", "add_main_variation"):
        uci, extra = args
        return getattr(node, what)(L.chess.Move.from_uci(uci), **extra)
    if what == "add_line":
        ucis, extra = args
        return node.add_line([L.chess.Move.from_uci(u) for u in ucis], **extra)
    if what in ("promote", "demote", "promote_to_main", "remove_variation"):
        selector, i = args
        child = node.variations[i]
        key = {"index": i, "move": child.move, "node": child, "missing": L.chess.Move.from_uci("h7h1")}[selector]
        return getattr(node, what)(key)
    if what == "comment":
        field, text, nags = args
        if field == "nags":
            node.nags = set(nags)
        elif field == "nags.add":
            node.nags.add(nags[0])
        else:
            setattr(node, field, text)
        return (node.comment, node.starting_comment, node.nags)
    if what == "headers":
        name, value = args
        headers = node.game().headers
        if value is None:
            del headers[name]
        else:
            headers[name] = value
        return repr(headers)
    raise AssertionError(op)


def game_apply(L, game, op):
    return outcome(apply, L, node_at(game, op[1]), op)


def edit_checks(ls, where, pair, rng):
    """Random edits played on both trees; their answers and the trees after each."""
    mirror = copy.deepcopy(pair[0])  # random_edits plays them on python-chess's copy as it chooses
    ops = random_edits(rng, mirror, rng.randrange(4, 12))
    for op in ops:
        ls.same(f"edit {op[0]}", f"{where} {op}", game_apply(THEIRS, pair[0], op), game_apply(OURS, pair[1], op))
        ls.check(f"tree after {op[0]}", f"{where} {op}", pair, lambda L, g: (tree(g), dict(g.headers)))


# -- visitors

def recorder(base, skips=frozenset(), managed=False, swallow=False):
    """A visitor class on `base` (a library's BaseVisitor) writing down every call, boards as FEN
    and move stack, moves as UCI, what it returns; skips: (method, nth call) pairs answered SKIP.
    managed: begin_headers returns a Headers it fills; swallow: handle_error does not raise."""
    module = chess.pgn if base is chess.pgn.BaseVisitor else chessbits.pgn

    def plain(x):
        if hasattr(x, "move_stack"):
            return x.fen(), " ".join(m.uci() for m in x.move_stack), type(x).__name__
        if hasattr(x, "uci"):
            return x.uci()
        if isinstance(x, BaseException):
            return type(x).__name__, str(x)
        return x

    class Recorder(base):
        def __init__(self):
            self.calls = []
            self.counts = {}
            self.headers = None

        def log(self, name, *args, answer=None):
            n = self.counts[name] = self.counts.get(name, 0) + 1
            skip = (name, n) in skips or (name, 0) in skips
            self.calls.append((name, *map(plain, args), "SKIP" if skip else plain(answer)))
            return module.SKIP if skip else answer

        def begin_game(self):
            return self.log("begin_game")

        def begin_headers(self):
            self.headers = module.Headers({}) if managed else None
            return self.log("begin_headers", answer=self.headers)

        def visit_header(self, tagname, tagvalue):
            if self.headers is not None:
                self.headers[tagname] = tagvalue
            return self.log("visit_header", tagname, tagvalue)

        def end_headers(self):
            return self.log("end_headers")

        def begin_parse_san(self, board, san):
            return self.log("begin_parse_san", board, san)

        def parse_san(self, board, san):
            move = super().parse_san(board, san)
            self.log("parse_san", board, san, answer=move)
            return move

        def visit_move(self, board, move):
            return self.log("visit_move", board, move)

        def visit_board(self, board):
            return self.log("visit_board", board)

        def visit_comment(self, comment):
            return self.log("visit_comment", comment)

        def visit_nag(self, nag):
            return self.log("visit_nag", nag)

        def begin_variation(self):
            return self.log("begin_variation")

        def end_variation(self):
            return self.log("end_variation")

        def visit_result(self, result):
            return self.log("visit_result", result)

        def end_game(self):
            return self.log("end_game")

        def handle_error(self, error):
            self.log("handle_error", error)
            if not swallow:
                super().handle_error(error)

        def result(self):
            return self.calls, None if self.headers is None else dict(self.headers)
    return Recorder


def random_skips(rng):
    names = ["begin_game", "end_headers", "begin_variation", "begin_parse_san"]
    return frozenset((rng.choice(names), rng.choice([0, 1, 2, 3])) for _ in range(rng.randrange(0, 3)))


def subclass_visitors(lib: Lib):
    """Subclasses of lib's builders and exporters as programs write them (one per call, on purpose)."""
    pgn = lib.pgn

    class Builder(pgn.GameBuilder):
        def begin_game(self):
            super().begin_game()
            self.game.seen = []

        def handle_error(self, error):
            self.game.seen.append((type(error).__name__, str(error)))

        def visit_comment(self, comment):
            super().visit_comment(comment.upper())

    class HBuilder(pgn.HeadersBuilder):
        def visit_header(self, tagname, tagvalue):
            super().visit_header(tagname, tagvalue[::-1])

    class BBuilder(pgn.BoardBuilder):
        def begin_game(self):
            super().begin_game()
            self.boards = 0

        def visit_board(self, board):
            self.boards += 1
            super().visit_board(board)

        def result(self):
            board = super().result()
            return self.boards, board.fen(), [m.uci() for m in board.move_stack]

    class Skipper(pgn.SkipVisitor):
        games = 0

        def begin_game(self):
            type(self).games += 1
            return super().begin_game()

    class Exporter(pgn.StringExporter):
        def __init__(self):
            super().__init__(columns=50)

        def visit_comment(self, comment):
            super().visit_comment(f"<{comment[:10]}>")

        def visit_move(self, board, move):
            super().visit_move(board, move)
            self.write_token(f"[{board.ply()}] ")

    def builder_result(game):
        return game and (str(game), game.seen, [str(e) for e in game.errors], type(game).__name__)

    return [("GameBuilder subclass", Builder, builder_result), ("HeadersBuilder subclass", HBuilder, dict),
            ("BoardBuilder subclass", BBuilder, None), ("SkipVisitor subclass", Skipper, None),
            ("StringExporter subclass", Exporter, None), ("BoardBuilder", pgn.BoardBuilder, lambda b: b and b.fen()),
            ("HeadersBuilder", pgn.HeadersBuilder, None), ("SkipVisitor", pgn.SkipVisitor, None),
            ("StringExporter", lambda: pgn.StringExporter(columns=None, comments=False), None)]


def read_all(L, text, Visitor=None, after=None):
    """The read_game loop: [(tell, answer), ...] up to None or an exception."""
    handle = io.StringIO(text)
    out = []
    while True:
        got = outcome(lambda: L.pgn.read_game(handle, **({} if Visitor is None else {"Visitor": Visitor})))
        out.append((handle.tell(), after(got) if after and got is not None and not isinstance(got, Raised) else got))
        if got is None or isinstance(got, Raised):
            return out


def read_checks(ls, text, rng):
    """read_game with every kind of visitor, read_headers and skip_game loops (tell() too)."""
    for managed, swallow in [(False, True), (True, False)]:
        skips = random_skips(rng)
        ls.check(f"read_game(Visitor=Recorder skips={sorted(skips)} managed={managed} swallow={swallow})", "text",
                 (THEIRS, OURS), lambda L, _: read_all(L, text, recorder(L.pgn.BaseVisitor, skips, managed, swallow)))
    for name, (_, theirs_cls, after), (_, ours_cls, _) in zip(
            [n for n, *_ in subclass_visitors(THEIRS)], subclass_visitors(THEIRS), subclass_visitors(OURS)):
        ls.check(f"read_game(Visitor={name})", "text", (theirs_cls, ours_cls),
                 lambda L, cls: read_all(L, text, cls, after))
    for fn in ("read_headers", "skip_game"):
        def loop(L, _):
            handle, out = io.StringIO(text), []
            while True:
                got = outcome(getattr(L.pgn, fn), handle)
                out.append((handle.tell(), got))
                if not got or isinstance(got, Raised):
                    return out
        ls.check(f"{fn} loop", "text", (THEIRS, OURS), loop)


def accept_checks(ls, where, pair, rng):
    """game.accept and node.accept with recording visitors (SKIP answered at random)."""
    for _ in range(2):
        skips = random_skips(rng) | {("begin_variation", rng.randrange(0, 6))}
        ls.check(f"accept(Recorder skips={sorted(skips)})", where, pair,
                 lambda L, g: g.accept(recorder(L.pgn.BaseVisitor, skips)()))
    ls.check("accept(Recorder) on a child", where, pair,
             lambda L, g: g.next() and g.next().accept(recorder(L.pgn.BaseVisitor)()))
    ls.check("accept_subgame(Recorder)", where, pair,
             lambda L, g: g.end().accept_subgame(recorder(L.pgn.BaseVisitor)()))
    for (name, theirs_cls, after), (_, ours_cls, _) in zip(subclass_visitors(THEIRS), subclass_visitors(OURS)):
        # (a GameBuilder given a game's calls builds a copy of it)
        ls.check(f"accept({name})", where, pair,
                 lambda L, g: (lambda got: after(got) if after else got)(g.accept((theirs_cls if L is THEIRS else ours_cls)())))


def copy_checks(ls, where, pair):
    for name, fn in [("pickle", lambda g: pickle.loads(pickle.dumps(g))), ("deepcopy", copy.deepcopy)]:
        ls.check(name, where, pair, lambda L, g: (lambda c: (tree(c), str(c), repr(c), dict(c.headers), c.errors,
                                                             type(c), c.variations and c.variations[0].parent is c))(fn(g)))

    def shallow(L, g):
        c = copy.copy(g)
        return c.variations is g.variations, c.headers is g.headers, type(c), str(c) == str(g)
    ls.check("copy.copy", where, pair, shallow)


def check_text(text, seed, *, full_exports=False):
    """Everything above on the games of one text, with the random choices of `seed`."""
    rng = random.Random(seed * 7919 + 1)
    theirs = read_all(THEIRS, text)
    ours = read_all(OURS, text)
    ls = Lockstep()
    ls.same("read_game loop (tell, game)", "text", [(t, type(g)) for t, g in theirs], [(t, type(g)) for t, g in ours])
    pairs = [(a, b) for (_, a), (_, b) in zip(theirs, ours) if a is not None and not isinstance(a, Raised)]
    ls.allow_illegal = any(illegal_paths(a) for a, _ in pairs)
    read_checks(ls, text, rng)
    for k, pair in enumerate(pairs):
        where = f"game {k}"
        game_checks(ls, where, pair)
        walk(ls, where, pair, rng)
        combos = EXPORTS if full_exports else [EXPORTS[(seed * 8 + j) % len(EXPORTS)] for j in range(8)]
        export_checks(ls, where, pair, combos)
        accept_checks(ls, where, pair, rng)
        copy_checks(ls, where, pair)
        ls.check("Game.from_board(end board)", where, pair,
                 lambda L, g: str(L.pgn.Game.from_board(g.end().board())))
    export_twice(ls, "games 0 and 1", pairs)
    for k, pair in enumerate(pairs):
        where = f"game {k} edited"
        edit_checks(ls, where, pair, rng)
        # a new FEN header can make the moves illegal: the documented difference may show
        ls.allow_illegal = ls.allow_illegal or bool(illegal_paths(pair[0]))
        game_checks(ls, where, pair)
        walk(ls, where, pair, rng, limit=6, heavy=2)
        export_checks(ls, where, pair, [rng.choice(EXPORTS)])
        copy_checks(ls, where, pair)
    return ls


def minimize(text, still_fails, seconds=90.0):
    """The smallest text for which still_fails(text) holds: chunks of lines, then of tokens,
    dropped while it does (ddmin), within a time budget."""
    deadline = time.monotonic() + seconds
    for split in (lambda t: t.splitlines(keepends=True), lambda t: re.findall(r"\S+\s*|\s+", t)):
        parts = split(text)
        n = 2
        while len(parts) >= 2 and time.monotonic() < deadline:
            size = math.ceil(len(parts) / n)
            for i in range(0, len(parts), size):
                candidate = parts[:i] + parts[i + size:]
                if still_fails("".join(candidate)):
                    parts, n = candidate, max(n - 1, 2)
                    break
            else:
                if n >= len(parts):
                    break
                n = min(len(parts), 2 * n)
        text = "".join(parts)
    return text


def run_or_minimize(text, seed, **kwargs):
    try:
        return check_text(text, seed, **kwargs)
    except Mismatch as mismatch:
        first = mismatch

    def still_fails(candidate):
        try:
            check_text(candidate, seed, **kwargs)
        except Mismatch as again:
            return again.check == first.check
        except Exception:  # noqa: BLE001: another failure is not this one
            return False
        return False
    small = minimize(text, still_fails)
    try:
        check_text(small, seed, **kwargs)
        message = str(first)
    except Mismatch as again:
        message = str(again)
    pytest.fail(f"{message}\n\nsmallest game text that shows it (seed {seed}):\n{small!r}\n\n{small}", pytrace=False)


# ---------------------------------------------------------------------------------------------
# The tests

@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_in_lock_step(seed):
    ls = run_or_minimize(corpus_text(seed), seed)
    assert ls.checks > 10  # (a mutated text can be one long comment)


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_edge_cases_in_lock_step(name):
    text = EDGE_CASES[name].replace("\r\n", "\n").replace("\r", "\n")
    run_or_minimize(text, 1)


ANNOTATED = ("[Event \"annotations\"]\n[White \"Ünïcode\"]\n[TimeControl \"40/7200:3600\"]\n\n"
             "{ game comment [%clk 1:00:00] } 1. e4 { [%clk 0:59:58] [%emt 0:00:02] [%eval 0.25,20] } $1 "
             "( { starting } 1. d4 $2 { [%eval #-3] } ( 1. c4 { [%csl Ra1] [%cal Ge2e4,Bd1h5] } ) 1... d5 ) "
             "1... e5 { [%eval #0] multi\nline } 2. Nf3 -- 3. Bc4 { [%clk 0:58:00.5] } Nc6 *\n\n"
             "[Variant \"Chess960\"]\n[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1\"]\n\n"
             "1. e3 { [%eval -1.5] } b5 2. Re2 Be4 3. Re1 ( 3. f3 Bg6 ) 3... Nb7 4. Bc4 b4 "
             "5. O-O { [%clk 0:01:00] [%emt 0:00:03] } ( 5. Bb3 { [%cal Rb3f7] } ) 5... a5 1-0\n")


def test_every_export_on_annotated_games():
    """Every StringExporter combination (columns None, 0, 1, 40, 80) on hand-written games."""
    run_or_minimize(ANNOTATED, 3, full_exports=True)


def test_documented_difference_illegal_moves():
    """Documented difference (docs/compatibility.md, "Differences, on purpose"): after an error
    inside nested variations python-chess's builder hangs moves illegal in their position in the
    tree; python-chess writes SAN for them ('cxc4') and plays them on its board, chessbits' san()
    and push() raise IllegalMoveError. The trees read are the same."""
    text = EDGE_CASES["nested variation error"]
    ls = check_text(text, 5)
    assert ls.allow_illegal and ls.documented > 0
    theirs, ours = chess.pgn.read_game(io.StringIO(text)), chessbits.pgn.read_game(io.StringIO(text))
    assert tree(ours) == tree(theirs) and illegal_paths(theirs)
    assert "cxc4" in str(theirs)
    with pytest.raises(chessbits.IllegalMoveError, match="^san\\(\\) and lan\\(\\) expect move to be legal"):
        str(ours)


HEADER_EDITS = [("set", k, v) for k in ["Event", "White", "Result", "FEN", "Variant", "A_b+#=:-1", "ECO", "Z"]
                for v in ["x", "", "Chess960", "a\nb", "c\rd", 'q"']] + \
    [("set", k, "v") for k in ["", " x", "a b", "ä", "[x]", 'x"', "-x", "_x", "x\n", "Event ", 1, None]] + \
    [("del", k, None) for k in ["Event", "Event", "ECO", "Nope", "Round"]] + \
    [("pop", k, None) for k in ["White", "Z", "Nope"]] + \
    [("setdefault", "Site", "s"), ("setdefault", "New", "n"), ("update", {"Black": "b", "Annotator": "a"}, None),
     ("update", [("Round", "3")], None), ("popitem", None, None), ("clear", None, None), ("set", "Event", "back")]


def edit_headers(h, op):
    """One of HEADER_EDITS on h; what it returns."""
    what, k, v = op
    if what == "set":
        h[k] = v
    elif what == "del":
        del h[k]
    elif what == "pop":
        return h.pop(k)
    elif what == "setdefault":
        return h.setdefault(k, v)
    elif what == "update":
        h.update(k)
    elif what == "popitem":
        return h.popitem()
    elif what == "clear":
        h.clear()


def test_headers_edits_as_python_chess():
    """Headers set, deleted, popped, updated; invalid names and line breaks refused alike."""
    ls = Lockstep()
    pair = (chess.pgn.Headers(), chessbits.pgn.Headers())
    for op in HEADER_EDITS:
        ls.check(f"headers {op}", op, pair, lambda L, h: edit_headers(h, op))
        ls.check(f"headers after {op}", op, pair, lambda L, h: (repr(h), list(h), len(h), dict(h)))
    for name, fn in [("Headers(**kwargs)", lambda L, _: L.pgn.Headers({"White": "w"}, Event="e", Foo="f")),
                     ("Headers(pairs)", lambda L, _: L.pgn.Headers([("Black", "b"), ("Event", "e")])),
                     ("Headers(None)", lambda L, _: L.pgn.Headers(None)),
                     ("Headers(bad)", lambda L, _: L.pgn.Headers({"bad tag": "x"})),
                     ("Headers.builder", lambda L, _: type(L.pgn.Headers.builder())),
                     ("Headers(line break)", lambda L, _: L.pgn.Headers({"Foo": "a\nb"})),
                     ("Game(headers)", lambda L, _: repr(L.pgn.Game({"White": "w", "Foo": "f"}).headers)),
                     ("Game(pairs)", lambda L, _: L.pgn.Game([("Black", "b")]).headers),
                     ("without_tag_roster", lambda L, _: (str(L.pgn.Game.without_tag_roster()),
                                                          repr(L.pgn.Game.without_tag_roster()))),
                     ("TAG_ROSTER", lambda L, _: L.pgn.TAG_ROSTER)]:
        ls.check(name, "", (THEIRS, OURS), fn)
    game_checks(ls, "game with edited headers", (chess.pgn.Game(pair[0]), chessbits.pgn.Game(pair[1])))


def test_read_headers_headers_as_python_chess():
    """The Headers read_headers gives (chessbits' share their names with the games before them,
    a tuple of values each) answer, change, copy and pickle as python-chess's; a game naming a
    tag twice, or fewer tags, among them."""
    same = '[Event "E"]\n[Site "S{}"]\n[Date "2024.01.02"]\n[White "W{}"]\n[Black "B"]\n[Result "1-0"]\n' \
        '[WhiteElo "{}"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb1 1-0\n\n'
    twice = '[Event "E"]\n[White "A"]\n[White "B"]\n\n1-0\n\n'
    text = "".join(same.format(i, i, 1500 + i) for i in range(4)) + twice * 3 + same.format(9, 9, 9) * 2
    ls = Lockstep()

    def read_all(L):
        handle = io.StringIO(text)
        return list(iter(lambda: L.pgn.read_headers(handle), None))
    theirs, ours = read_all(THEIRS), read_all(OURS)
    assert len(theirs) == len(ours) == 9
    shaped = [any(type(x) is tuple for x in gc.get_referents(h)) for h in ours]  # (a tuple, no dicts)
    assert shaped == [False, True, True, True, False, False, False, False, True], shaped
    questions = [("repr", lambda L, h: (repr(h), list(h), len(h), dict(h), list(h.items()), list(h.values()))),
                 ("get", lambda L, h: (h.get("White"), h.get("Nope", 0), h["Site"] if "Site" in h else None,
                                       "FEN" in h, "Nope" in h, h.get(["unhashable"]))),
                 ("missing", lambda L, h: h["Nope"]),
                 ("unhashable", lambda L, h: h[["x"]]),
                 ("board", lambda L, h: (h.board().fen(), h.is_chess960(), h.is_wild(), h.variant().__name__)),
                 ("==", lambda L, h: (h == dict(h), h == L.pgn.Headers(h), h != {}, h == 1)),
                 ("copy", lambda L, h: (repr(h.copy()), type(h.copy()).__name__, repr(copy.copy(h)))),
                 ("pickle", lambda L, h: repr(pickle.loads(pickle.dumps(h)))),
                 ("dicts", lambda L, h: (h._tag_roster, h._others)),
                 ("game", lambda L, h: str(L.pgn.Game(h)))]
    for i, pair in enumerate(zip(theirs, ours)):
        for name, fn in questions:
            ls.check(f"read_headers {name}", i, pair, fn)
    for op in HEADER_EDITS:
        handle_a, handle_b = io.StringIO(text), io.StringIO(text)
        for _ in range(3):
            pair = (chess.pgn.read_headers(handle_a), chessbits.pgn.read_headers(handle_b))
        ls.check(f"read_headers {op}", op, pair, lambda L, h: edit_headers(h, op))
        ls.check(f"read_headers after {op}", op, pair, lambda L, h: (repr(h), list(h), len(h), dict(h)))


def test_time_controls_as_python_chess():
    ls = Lockstep()
    for tc in TIME_CONTROLS:
        ls.check("parse_time_control", repr(tc), (THEIRS, OURS), lambda L, _: L.pgn.parse_time_control(tc))
        ls.check("time_control()", repr(tc), (THEIRS, OURS),
                 lambda L, _: L.pgn.Game({"TimeControl": tc}).time_control())
        ls.check("TimeControl parts", repr(tc), (THEIRS, OURS),
                 lambda L, _: [(p.moves, p.time, p.increment, p.delay) for p in L.pgn.parse_time_control(tc).parts])
    ls.check("no TimeControl", "", (THEIRS, OURS), lambda L, _: L.pgn.Game().time_control())
    ls.check("TimeControl()", "", (THEIRS, OURS),
             lambda L, _: (L.pgn.TimeControl(), L.pgn.TimeControlPart(), list(L.pgn.TimeControlType),
                           L.pgn.TimeControl() == L.pgn.TimeControl()))
    with pytest.raises(ValueError, match="Only last part can be 'sudden death'"):
        chessbits.pgn.parse_time_control("300:40/60")


def test_from_board_and_setup_as_python_chess():
    """Game.from_board on boards of random games (standard, Chess960, FEN starts), Game.setup
    with boards and FEN text, and the setters of a hand-built tree, compared move by move."""
    rng = random.Random(11)
    ls = Lockstep()
    fens = [chess.STARTING_FEN, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/4K2R b K - 5 77", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8 w - - 0 1",
            "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    for i in range(12):
        start = rng.choice(fens[:4] + [None])
        chess960 = start is None
        theirs = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board(start)
        ours = chessbits.Board(theirs.fen(), chess960=theirs.chess960)
        for _ in range(rng.randrange(0, 30)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(chessbits.Move.from_uci(move.uci()))
        pair = (chess.pgn.Game.from_board(theirs), chessbits.pgn.Game.from_board(ours))
        ls.check("from_board", i, pair, lambda L, g: (str(g), repr(g), type(g), dict(g.headers)))
        walk(ls, f"from_board {i}", pair, rng, limit=4, heavy=1)
    for fen in fens:
        for as_board in (True, False):
            def setup(L, _):
                game = L.pgn.Game()
                game.add_variation(L.chess.Move.from_uci("e2e4"))
                game.setup(L.chess.Board(fen) if as_board else fen)
                return dict(game.headers), game.board(), game.ply(), game.turn(), game.variations
            ls.check(f"setup({'board' if as_board else 'fen'})", fen, (THEIRS, OURS), setup)

    def setup_again(L, _):
        game = L.pgn.Game()
        game.setup(L.chess.Board.from_chess960_pos(518))
        first = dict(game.headers)
        game.setup(L.chess.Board.from_chess960_pos(12))
        second = dict(game.headers)
        game.setup(L.chess.Board())
        return first, second, dict(game.headers), game.board()
    ls.check("setup 960 then standard", "", (THEIRS, OURS), setup_again)
    for variant in ("AtomicBoard", "CrazyhouseBoard", "ThreeCheckBoard"):
        def setup_variant(L, _):
            game = L.pgn.Game()
            game.setup(getattr(L.variant, variant)())
            game.add_variation(L.chess.Move.from_uci("e2e4"))
            return dict(game.headers), str(game), type(game.board()), game.end().board().fen()
        ls.check(f"setup({variant})", "", (THEIRS, OURS), setup_variant)


class _Kinds:
    """Test classes made for each library, reachable by name (pickle finds them)."""


def _classes(side, pgn):
    class MyGame(pgn.Game):
        def __init__(self, headers=None):
            super().__init__(headers)
            self.source = "mine"

    class MyNode(pgn.ChildNode):
        def __init__(self, parent, move, *, weight=0, **kwargs):
            super().__init__(parent, move, **kwargs)
            self.weight = weight

    class BoardRoot(pgn.GameNode):
        """A root that is not a Game: an analysis tree from a board (python-chess's ChildNode
        then asserts in board(), its game() wanting a Game)."""
        def __init__(self, board):
            super().__init__(comment="root")
            self.start = board

        def board(self):
            return self.start.copy()

        def ply(self):
            return self.start.ply()

        def accept(self, visitor):
            return visitor.result()

    ns = types.SimpleNamespace(MyGame=MyGame, MyNode=MyNode, BoardRoot=BoardRoot)
    for cls in (MyGame, MyNode, BoardRoot):
        cls.__qualname__ = f"{side}.{cls.__name__}"
    return ns


THEIRS_CLASSES = _classes("THEIRS_CLASSES", chess.pgn)
OURS_CLASSES = _classes("OURS_CLASSES", chessbits.pgn)


def test_subclassed_games_and_nodes_as_python_chess():
    """GameBuilder(Game=MyGame), Game.builder(), ChildNode subclasses with their own
    attributes, pickled and deep-copied."""
    ls = Lockstep()
    text = corpus_text(4)
    for how in ("GameBuilder(Game=)", "Game.builder"):
        def read(L, _):
            kinds = THEIRS_CLASSES if L is THEIRS else OURS_CLASSES
            visitor = (lambda: L.pgn.GameBuilder(Game=kinds.MyGame)) if how.startswith("GameBuilder") \
                else kinds.MyGame.builder
            return read_all(L, text, visitor, lambda g: (type(g), g.source, str(g), type(g.next()) if g.next() else None))
        ls.check(f"read_game(Visitor={how})", "", (THEIRS, OURS), read)

    def build(L, _):
        kinds = THEIRS_CLASSES if L is THEIRS else OURS_CLASSES
        game = kinds.MyGame()
        node = kinds.MyNode(game, L.chess.Move.from_uci("e2e4"), weight=3, comment="c", nags=[1])
        side = kinds.MyNode(game, L.chess.Move.from_uci("d2d4"), weight=5, starting_comment="s")
        node.add_variation(L.chess.Move.from_uci("e7e5")).extra = "attr"
        back = [pickle.loads(pickle.dumps(game)), copy.deepcopy(game)]
        return [(type(g), g.source, str(g), [(type(n), getattr(n, "weight", None), getattr(n, "extra", None))
                                            for n in nodes_of(g)]) for g in [game] + back], repr(side)
    ls.check("MyGame and MyNode", "", (THEIRS, OURS), build)

    def rooted(L, _):
        kinds = THEIRS_CLASSES if L is THEIRS else OURS_CLASSES
        root = kinds.BoardRoot(L.chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 30"))
        child = root.add_variation(L.chess.Move.from_uci("e1g1"), comment="[%clk 0:00:03]")
        return [outcome(fn) for fn in (root.board, root.ply, root.turn, root.end,
                                       lambda: next(iter(root.mainline_moves())),  # (a C iterator, not a generator)
                                       lambda: list(root.mainline_moves()), child.ply, child.clock, child.eval,
                                       child.board, child.san, child.game, lambda: root.accept(L.pgn.StringExporter()),
                                       root.is_mainline, child.is_mainline, child.starts_variation, lambda: repr(child))]
    ls.check("a GameNode subclass as root", "", (THEIRS, OURS), rooted)
    ls.check("GameNode() is abstract", "", (THEIRS, OURS), lambda L, _: L.pgn.GameNode())


def test_pickled_read_games_as_python_chess():
    """A read game (errors, headers, annotations) through pickle and deepcopy, then edited."""
    ls = Lockstep()
    text = ANNOTATED + "\n1. e4 e5 2. Ke3 *\n"
    theirs, ours = read_all(THEIRS, text), read_all(OURS, text)
    for (_, a), (_, b) in zip(theirs, ours):
        if a is None:
            continue
        pair = (pickle.loads(pickle.dumps(a)), copy.deepcopy(b))
        game_checks(ls, "copy", pair)
        pair = (copy.deepcopy(a), pickle.loads(pickle.dumps(b)))
        edit_checks(ls, "copy", pair, random.Random(2))
        export_checks(ls, "copy", pair, EXPORTS[:3])


def test_mainline_of_an_empty_game_and_a_dangling_node():
    ls = Lockstep()

    def empty(L, _):
        game = L.pgn.Game()
        line = game.mainline()
        return (bool(line), list(line), list(reversed(line)), str(line), repr(line), str(game.mainline_moves()),
                game.end(), game.next(), game.is_end(), game.ply(), game.turn(), game.eval(), game.clock(),
                line.accept(L.pgn.StringExporter()))
    ls.check("empty game", "", (THEIRS, OURS), empty)

    def dangling(L):
        game = L.pgn.Game()
        node = game.add_variation(L.chess.Move.from_uci("e2e4"))
        game.setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        return node

    # Documented difference (docs/compatibility.md, "Differences, on purpose": san() of a move
    # that cannot be played): python-chess's repr of a node whose move no longer fits its
    # position asserts inside san(); chessbits' san() raises IllegalMoveError (same words).
    with pytest.raises(AssertionError, match="^san\\(\\) and lan\\(\\) expect move to be legal"):
        repr(dangling(THEIRS))
    with pytest.raises(chessbits.IllegalMoveError, match="^san\\(\\) and lan\\(\\) expect move to be legal"):
        repr(dangling(OURS))
    ls.check("board of a node whose move no longer fits", "", (THEIRS, OURS),
             lambda L, _: (repr(dangling(L).parent), dangling(L).uci(), dangling(L).ply()))

    def clocks(L, _):
        node = L.pgn.Game().add_variation(L.chess.Move.from_uci("e2e4"))
        out = []
        for seconds in SECONDS + [1e9, 0.0004999, 59.9995]:
            for name in ("set_clock", "set_emt"):
                getattr(node, name)(seconds)
                out.append((node.comment, node.clock(), node.emt()))
        for spec in SCORES + [None]:
            for depth in (None, 0, 7, -1):
                node.set_eval(score_of(L, spec, L.chess.BLACK), depth)
                out.append((node.comment, node.eval(), node.eval_depth()))
        node.comment = "a [%csl Ra1] b [%cal Gb1c3] c"
        out.append((node.arrows(), node.set_arrows([]), node.comment))
        node.set_arrows([(0, 0), L.svg.Arrow(1, 2, color="red"), (3, 4)])
        out.append((node.comment, node.arrows()))
        return out
    ls.check("setters", "", (THEIRS, OURS), clocks)
