"""chessbits.svg against python-chess 1.11.2's chess.svg, byte for byte: boards of random
positions (ours given the same FEN, and python-chess's boards handed to ours) under random
combinations of every option, pieces, Arrow's API, odd inputs (off-board squares, colours that
are not hexadecimal, text to escape), constants swapped in, and chessbits.svg without python-chess."""
import collections
import random
import subprocess
import sys
import types

import pytest

import chessbits
import chessbits.svg as svg
import chessbits.variant

chess = pytest.importorskip("chess")
import chess.svg  # noqa: E402
import chess.variant  # noqa: E402

COLORS = ["#ffce9e", "#f00", "#f008", "#0000cccc", "#15781B80", "red", "blue", "none", "#zzzz", "#12345g78",
          "#123456-f", "#123456 f", "#123\u0663", "#12", "", "rouge\u00e9", 'a"b<c>&d', "#\ud800abc", "tab\tnl\ncr\r"]
ARROW_COLORS = ["green", "red", "blue", "yellow", "#0000cccc", "purple", "square light", "Green", "r\u00e9d"]
STYLES = [None, "", "text { fill: red; }", 'a<b>&"c"\n\r\t\u00e9\u2603\U0001F600\ud83d', "\x00\x7f"]
KEYS = list(chess.svg.DEFAULT_COLORS) + ["arrow purple", "unknown"]


def random_fen(rng):
    """A position: a random game from the start, or pieces scattered at random (odd ones too)."""
    if rng.random() < 0.6:
        board = chess.Board()
        for _ in range(rng.randrange(80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        return board.fen()
    board = chess.Board.empty()
    for square in rng.sample(range(64), rng.randrange(1, 33)):
        board.set_piece_at(square, chess.Piece(rng.randrange(1, 7), rng.random() < 0.5))
    return board.fen()


def random_options(rng):
    """A combination of board()'s options as plain data; made into each library's objects by build()."""
    opts = {}
    if rng.random() < 0.5:
        opts["orientation"] = rng.random() < 0.5
    if rng.random() < 0.3:
        opts["flipped"] = rng.random() < 0.5
    if rng.random() < 0.6:
        opts["lastmove"] = rng.choice([None, (0, 0), (12, 28), (7, 7), (rng.randrange(64), rng.randrange(64))])
    if rng.random() < 0.4:
        opts["check"] = rng.choice([None, rng.randrange(64), rng.randrange(64), -1, 100])
    if rng.random() < 0.6:
        arrows = []
        for _ in range(rng.randrange(5)):
            tail = rng.randrange(64)
            head = tail if rng.random() < 0.25 else rng.randrange(64)
            if rng.random() < 0.05:
                tail, head = rng.choice([(-3, 70), (100, 5), (7, 8)])
            arrows.append(("tuple", tail, head, None) if rng.random() < 0.3
                          else ("arrow", tail, head, rng.choice(ARROW_COLORS)))
        opts["arrows"] = arrows
    if rng.random() < 0.5:
        kind = rng.choice(["dict", "dict", "defaultdict", "proxy", "boolkey"])
        opts["fill"] = (kind, {sq: rng.choice(COLORS) for sq in rng.sample(range(64), rng.randrange(8))})
    if rng.random() < 0.5:
        opts["squares"] = rng.choice([None, [], 0, "mask", "list", "set"]), rng.getrandbits(64) & rng.getrandbits(64)
    if rng.random() < 0.5:
        opts["size"] = rng.choice([None, 0, 390, rng.randrange(1, 1000), "50%", "a&\"b"])
    if rng.random() < 0.5:
        opts["coordinates"] = rng.random() < 0.7
    if rng.random() < 0.4:
        opts["borders"] = rng.random() < 0.6
    if rng.random() < 0.4:
        opts["colors"] = {key: rng.choice(COLORS) for key in rng.sample(KEYS, rng.randrange(1, 6))}
    if rng.random() < 0.3:
        opts["style"] = rng.choice(STYLES)
    return opts


def build(opts, lib, module):
    """board()'s keyword arguments for a library (chess or chessbits) and its svg module."""
    kw = {}
    for name, value in opts.items():
        if name == "lastmove":
            value = None if value is None else lib.Move(*value)  # (0, 0): the null move, false
        elif name == "arrows":
            value = [(tail, head) if kind == "tuple" else module.Arrow(tail, head, color=color)
                     for kind, tail, head, color in value]
        elif name == "fill":
            kind, colours = value
            if kind == "defaultdict":
                value = collections.defaultdict(lambda: "#abc", colours)
            elif kind == "proxy":
                value = types.MappingProxyType(colours)
            elif kind == "boolkey":
                value = {True: "#a1b2c3", **{k: v for k, v in colours.items() if k != 1}}
            else:
                value = dict(colours)
        elif name == "squares":
            kind, mask = value
            value = {"mask": mask, "list": list(lib.SquareSet(mask)), "set": lib.SquareSet(mask)}.get(kind, []) \
                if isinstance(kind, str) else kind
        elif name == "colors":
            value = dict(value)
        kw[name] = value
    return kw


def assert_same(ours, theirs):
    assert type(ours) is svg.SvgWrapper and isinstance(ours, str)
    assert type(theirs).__name__ == "SvgWrapper"
    if ours != theirs:
        at = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        raise AssertionError(f"differ at {at}:\n ours   {ours[at - 120:at + 120]!r}\n theirs {theirs[at - 120:at + 120]!r}")


@pytest.mark.parametrize("seed", range(8))
def test_random_positions_and_options(seed):
    rng = random.Random(seed)
    for _ in range(60):
        fen = random_fen(rng)
        opts = random_options(rng)
        theirs = chess.svg.board(chess.Board(fen), **build(opts, chess, chess.svg))
        assert_same(svg.board(chessbits.Board(fen), **build(opts, chessbits, svg)), theirs)
        # python-chess's boards, moves and square sets drawn by ours
        assert_same(svg.board(chess.Board(fen), **build(opts, chess, svg)), theirs)


def test_base_boards_and_no_board():
    rng = random.Random(99)
    for _ in range(40):
        fen = random_fen(rng).split()[0]
        opts = random_options(rng)
        theirs = chess.svg.board(chess.BaseBoard(fen), **build(opts, chess, chess.svg))
        assert_same(svg.board(chessbits.BaseBoard(fen), **build(opts, chessbits, svg)), theirs)
        assert_same(svg.board(None, **build(opts, chessbits, svg)), chess.svg.board(None, **build(opts, chess, chess.svg)))
    assert_same(svg.board(), chess.svg.board())
    assert_same(svg.board(chessbits.BaseBoard.empty()), chess.svg.board(chess.BaseBoard.empty()))


def test_variant_boards():
    rng = random.Random(5)
    for name in ("crazyhouse", "atomic", "horde", "racingkings", "3check", "antichess", "kingofthehill"):
        ours_cls, theirs_cls = chessbits.variant.find_variant(name), chess.variant.find_variant(name)
        ours, theirs = ours_cls(), theirs_cls()
        for _ in range(30):
            moves = list(theirs.legal_moves)
            if not moves or theirs.is_variant_end():
                break
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(chessbits.Move.from_uci(move.uci()))
        assert_same(svg.board(ours, lastmove=ours.peek()), chess.svg.board(theirs, lastmove=theirs.peek()))
        assert_same(svg.board(theirs), chess.svg.board(theirs))
        assert_same(ours._repr_svg_(), theirs._repr_svg_())


def test_repr_svg_of_boards_and_square_sets():
    ours, theirs = chessbits.Board(), chess.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert_same(ours._repr_svg_(), theirs._repr_svg_())
    assert_same(chessbits.BaseBoard()._repr_svg_(), chess.BaseBoard()._repr_svg_())
    mask = 0x0042_0000_1800_0081
    assert_same(chessbits.SquareSet(mask)._repr_svg_(), chess.SquareSet(mask)._repr_svg_())


class OddBoard(chess.BaseBoard):
    """A program's board: its own str() and pieces, false when it has no pieces."""

    def __str__(self):
        return "<odd & \u00e9>" if self.occupied else ""

    def __bool__(self):
        return bool(self.occupied)

    def piece_at(self, square):
        return chess.Piece(chess.QUEEN, chess.WHITE) if self.occupied_co[chess.WHITE] >> square & 1 else None


class OurOddBoard(chessbits.Board):
    def __str__(self):
        return "mine"


def test_boards_with_their_own_methods():
    for fen in ["8/8/8/4k3/8/8/3K4/8", "8/8/8/8/8/8/8/8", chess.STARTING_BOARD_FEN]:
        assert_same(svg.board(OddBoard(fen), size=10), chess.svg.board(OddBoard(fen), size=10))
    ours, theirs = OurOddBoard(), chess.Board()
    assert chess.svg.board(theirs).replace(str(theirs), "mine") == svg.board(ours)


def test_pieces():
    for symbol in "PNBRQKpnbrqk":
        for size in (None, 0, 45, 100, "7em"):
            assert_same(svg.piece(chessbits.Piece.from_symbol(symbol), size),
                        chess.svg.piece(chess.Piece.from_symbol(symbol), size))
            assert_same(svg.piece(chess.Piece.from_symbol(symbol), size=size),
                        chess.svg.piece(chess.Piece.from_symbol(symbol), size=size))


def test_constants():
    for name in ("SQUARE_SIZE", "MARGIN", "PIECES", "COORDS", "XX", "CHECK_GRADIENT", "DEFAULT_COLORS"):
        assert getattr(svg, name) == getattr(chess.svg, name), name
        assert type(getattr(svg, name)) is type(getattr(chess.svg, name)), name


def test_constants_swapped_in(monkeypatch):
    """board() and piece() read the module's constants on each call, as python-chess's do."""
    for module in (svg, chess.svg):
        monkeypatch.setitem(module.PIECES, "K", '<g id="white-king"><circle r="10"/><!-- c --></g>')
        monkeypatch.setitem(module.COORDS, "a", '<path d="M0 0z" a="&amp;&#233;"/>')
        monkeypatch.setitem(module.DEFAULT_COLORS, "square dark", "#123a")
        monkeypatch.setattr(module, "XX", '<g id="xx"><rect width="1"/></g>')
    kw = dict(squares=[0, 9], check=4, lastmove=None)
    assert_same(svg.board(chessbits.Board(), **kw), chess.svg.board(chess.Board(), **kw))
    assert_same(svg.piece(chessbits.Piece.from_symbol("K")), chess.svg.piece(chess.Piece.from_symbol("K")))


def test_errors_as_python_chess():
    def error(fn):
        try:
            fn()
        except Exception as e:
            return type(e), str(e)
        return None

    cases = [
        lambda m: m.board(arrows=[(0, 1, 2)]),
        lambda m: m.board(arrows=[m.Arrow(0, 1, color=None)]),
        lambda m: m.board(arrows=[object()]),
        lambda m: m.board(fill={0: 5}),
        lambda m: m.board(colors={"square light": None}),
        lambda m: m.board(squares=[64]),
        lambda m: m.board(style=b"bytes"),
        lambda m: m.board(orientation=None),
        lambda m: m.Arrow.from_pgn("Gz9"),
        lambda m: m.Arrow.from_pgn(""),
        lambda m: m.Arrow.from_pgn("Ra1b"),
        lambda m: m.Arrow(64, 0).pgn(),
        lambda m: repr(m.Arrow(0, 70)),
    ]
    for case in cases:
        theirs = error(lambda: case(chess.svg))
        assert theirs is not None
        assert error(lambda: case(svg)) == theirs


def test_arrow_api():
    for tail in range(64):
        for head in (tail, (tail * 7 + 3) % 64):
            for color in ("green", "red", "yellow", "blue", "purple", "#0000cccc"):
                ours, theirs = svg.Arrow(tail, head, color=color), chess.svg.Arrow(tail, head, color=color)
                assert (ours.pgn(), str(ours), repr(ours)) == (theirs.pgn(), str(theirs), repr(theirs))
                back, their_back = svg.Arrow.from_pgn(ours.pgn()), chess.svg.Arrow.from_pgn(theirs.pgn())
                assert (back.tail, back.head, back.color) == (their_back.tail, their_back.head, their_back.color)
    for text in ("a1", "a1h8", "Ga1", "Bh8a1", "Ye4e4", "Rb2"):
        ours, theirs = svg.Arrow.from_pgn(text), chess.svg.Arrow.from_pgn(text)
        assert repr(ours) == repr(theirs) and type(ours.tail) is type(theirs.tail)
    assert svg.Arrow(1, 2).color == "green"
    with pytest.raises(TypeError):
        svg.Arrow(1, 2, "red")  # color is keyword-only, as in python-chess


def test_wrapper():
    image = svg.board(size=10)
    assert image._repr_svg_() is image and image._repr_html_() is image
    assert str(image) == image and svg.SvgWrapper("x") == "x"


def test_without_python_chess():
    """chessbits.svg imports and draws with python-chess unimportable (a meta path finder refusing it)."""
    script = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "chess" or name.startswith("chess."):
            raise ImportError("python-chess is blocked")
sys.meta_path.insert(0, Block())
import chessbits, chessbits.svg
board = chessbits.Board()
board.push_san("e4")
image = chessbits.svg.board(board, lastmove=board.peek(), arrows=[chessbits.svg.Arrow(12, 28)], squares=[0], check=4)
assert image.startswith("<svg") and image.endswith("</svg>") and board._repr_svg_().startswith("<svg")
assert not any(name == "chess" or name.startswith("chess.") for name in sys.modules), sorted(sys.modules)
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_bench_runs(capsys):
    """`chessbits bench svg` runs and finds every image equal to python-chess's (no timing asserted)."""
    from chessbits.bench import svg as bench
    assert bench.main(["--positions", "6", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "| chessbits, options" in out and "differ" not in out
