"""chessbits.pgn held to python-chess's next release (its master) where that release differs
from 1.11: a node's comments as lists. Runs where that python-chess is installed (CI's stage
4c installs master from ../shared); elsewhere it skips. Random games with several comments
per move, starting comments, empty ones and braces, read by both libraries, then walked,
edited (clocks, evals, arrows, add_line) and exported: the lists, the texts and the visitor
calls must be master's, types included."""
import copy
import io
import pickle
import random

import pytest

import chessbits
import chessbits.pgn as cpgn
from chessbits import _api
from chessbits._answers import assert_same as same

if _api.installed() != "next":
    pytest.skip("needs python-chess's next release (its master) installed", allow_module_level=True)
chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
from test_pgn_differential import nodes_of  # noqa: E402  (every node, PGN order)

COMMENTS = ["", "good", "[%clk 0:03:00]", "[%eval 0.31] [%clk 0:02:58]", "a {brace inside",
            "[%csl Ga1][%cal Re2e4] arrows", "two  spaces ", "line\nbreak", "[%emt 0:00:04.5]"]


def comments(rng):
    return "".join(f" {{ {rng.choice(COMMENTS)} }}" for _ in range(rng.choice((0, 0, 1, 2, 3))))


def random_pgn(rng):
    board = chess.Board()
    words = [f"[Event \"{rng.randrange(100)}\"]\n\n" + comments(rng)]
    side = []
    for _ in range(rng.randrange(4, 40)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.15 and len(moves) > 1:
            other = rng.choice([m for m in moves if m != move])
            side.append(f"({comments(rng)} {board.variation_san([other])}{comments(rng)} )")
        words.append(board.variation_san([move]) if board.turn else board.san(move))
        if board.turn:
            words[-1] = f"{board.fullmove_number}. " + board.san(move)
        words.append(comments(rng))
        board.push(move)
        words.extend(side)
        side = []
    words.append("*")
    return " ".join(words) + "\n"


def facts(module, game):
    found = []
    for node in nodes_of(game):
        found.append((node.comments, node.starting_comments if node.parent else None,
                      node.clock(), node.emt(), repr(node.eval()), [a.pgn() for a in node.arrows()]))
    found.append(str(game))
    found.append(game.accept(module.StringExporter(columns=40, headers=False)))

    class Calls(module.BaseVisitor):
        def __init__(self):
            self.calls = []

        def visit_comment(self, comment):
            self.calls.append(("comment", comment))

        def visit_move(self, board, move):
            self.calls.append(("move", move.uci()))

        def result(self):
            return self.calls
    found.append(game.accept(Calls()))
    return found


def edit(engine, game, rng):
    for node in nodes_of(game)[1:]:
        k = rng.randrange(5)
        if k == 0:
            node.set_clock(rng.choice([None, 12.5, 3600, 0.25]))
        elif k == 1:
            node.set_emt(rng.choice([None, 4, 61.125]))
        elif k == 2:
            node.set_arrows(rng.choice([[], [(chess.E2, chess.E4)], [(chess.A1, chess.A1), (chess.B2, chess.C3)]]))
        elif k == 3:
            node.set_eval(rng.choice([None, engine.PovScore(engine.Cp(rng.randrange(-300, 300)), True)]))
    game.add_line([], comment=rng.choice(["", "end", ["x", "y"]]))


@pytest.mark.parametrize("seed", range(40))
def test_comments_as_lists_against_python_chess_master(seed):
    assert chessbits.pychess_api() == "next"
    import chess.engine
    engine = __import__("chessbits.engine").engine
    rng = random.Random(seed)
    text = random_pgn(rng)
    theirs = chess.pgn.read_game(io.StringIO(text))
    ours = cpgn.read_game(io.StringIO(text))
    assert len(nodes_of(theirs)) > 4 and not theirs.errors, text  # (the input is a game)
    same(facts(chess.pgn, theirs), facts(cpgn, ours), text)
    edit(chess.engine, theirs, random.Random(seed))
    edit(engine, ours, random.Random(seed))
    same(facts(chess.pgn, theirs), facts(cpgn, ours), text)
    for again in (pickle.loads(pickle.dumps(ours)), copy.deepcopy(ours)):  # the lists go along
        same(facts(chess.pgn, theirs), facts(cpgn, again), text)


def test_nodes_made_by_hand():
    found = []
    for lib, module in ((chess, chess.pgn), (chessbits, cpgn)):
        game = module.Game()
        game.comments = ["a", "b"]
        node = game.add_variation(lib.Move.from_uci("e2e4"), comment="c", starting_comment=["s"])
        node.comments.append("d")
        line = node.add_line([lib.Move.from_uci("e7e5")], comment=["e", ""], starting_comment="f")
        found.append((game.comments, node.comments, node.starting_comments, line.comments,
                      line.starting_comments, str(game)))
    same(*found)
