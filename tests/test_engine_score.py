"""chessbits.engine's scores (Score, Cp, Mate, MateGivenType, MateGiven, PovScore: extension types;
Wdl, PovWdl: Python) against python-chess 1.11's chess.engine classes: every value asked the
same questions on both, compared by type name, repr and ==; orderings over all pairs; wdl() for
every model at several plies; pickling, copying, hashing. Then chessbits.engine without
python-chess (a subprocess whose import system refuses ``chess``) and with a python-chess
whose module code does not run on chessbits."""
import copy
import dataclasses
import itertools
import operator
import pickle
import random
import subprocess
import sys
import textwrap

import pytest

import chessbits
import chessbits.engine as ours

theirs = pytest.importorskip("chess.engine")

RNG = random.Random(2026)
CPS = sorted({0, 1, -1, 35, -35, 99, 100, 101, -100, 999, 1000, 1001, -1000, -1001, 4000, -4000, 10**6,
              -10**6, 2**63, -2**63 - 1, 10**30, -10**30} | {RNG.randrange(-3000, 3001) for _ in range(60)}
             | set(range(-2000, 2001, 250)))
MATES = [m for n in range(21) for m in (n, -n)]  # Mate(0) and Mate(-0) are the same
MODELS = ["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess", "no-such-model", None]
PLIES = [0, 1, 8, 15, 30, 64, 100, 158, 240, 300, -5, 2.5]


def pairs():
    """(ours, theirs) for every score value tested."""
    out = [(ours.Cp(cp), theirs.Cp(cp)) for cp in CPS]
    out += [(ours.Mate(m), theirs.Mate(m)) for m in MATES]
    out.append((ours.MateGiven, theirs.MateGiven))
    return out


PAIRS = pairs()
ODD = [(ours.Cp(1.5), theirs.Cp(1.5)), (ours.Cp(-0.5), theirs.Cp(-0.5)), (ours.Cp(True), theirs.Cp(True)),
       (ours.Mate(2.0), theirs.Mate(2.0)), (ours.Mate(-3.0), theirs.Mate(-3.0)), (ours.Cp(-0.0), theirs.Cp(-0.0))]


def outcome(f, *args, message=True):
    """What f(*args) gives, comparable across the libraries: the type's name and repr, or the
    exception's type (and message)."""
    try:
        value = f(*args)
        return (type(value).__name__, repr(value))
    except Exception as exc:  # noqa: BLE001 (any exception is an outcome to compare)
        return ("raises", type(exc).__name__, str(exc) if message else "")


def same(f, a, b, message=True):
    assert outcome(f, a, message=message) == outcome(f, b, message=message), (type(a), vars(b))


def test_values_are_asked_the_same():
    for a, b in PAIRS + ODD:
        assert type(a).__name__ == type(b).__name__
        for f in (repr, str, lambda s: s.score(), lambda s: s.score(mate_score=100000),
                  lambda s: s.score(mate_score=-7), lambda s: s.mate(), lambda s: s.is_mate(),
                  operator.neg, operator.pos, abs, lambda s: -(-s),
                  lambda s: isinstance(s, (ours.Score, theirs.Score)), bool):
            same(f, a, b)
        for f in (lambda s: s.cp, lambda s: s.moves):  # the AttributeError names chessbits._core.Cp
            same(f, a, b, message=False)


def test_docstring_order_and_negation():
    assert ours.Mate(-0) < ours.Mate(-1) < ours.Cp(-50) < ours.Cp(200) < ours.Mate(4) < ours.Mate(1) < ours.MateGiven
    assert repr(-ours.Cp(20)) == "Cp(-20)" and repr(-ours.Mate(-4)) == "Mate(+4)"
    assert -ours.Mate(0) is ours.MateGiven and abs(ours.Mate(-0)) is ours.MateGiven
    assert +ours.MateGiven is ours.MateGiven and abs(ours.MateGiven) is ours.MateGiven
    assert repr(ours.PovScore(ours.Cp(35), chessbits.WHITE)) == "PovScore(Cp(+35), WHITE)"
    assert repr(ours.Mate(-3)) == "Mate(-3)" and str(ours.MateGiven) == "#+0"


@pytest.mark.parametrize("op", [operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge])
def test_order_over_all_pairs(op):
    values = PAIRS + ODD
    got = [op(a1, a2) for (a1, _), (a2, _) in itertools.product(values, repeat=2)]
    want = [op(b1, b2) for (_, b1), (_, b2) in itertools.product(values, repeat=2)]
    assert [type(x).__name__ for x in got] == [type(x).__name__ for x in want]
    assert got == want
    assert [repr(a) for a in sorted(a for a, _ in PAIRS)] == [repr(b) for b in sorted(b for _, b in PAIRS)]


def test_compared_with_other_things():
    for a, b in PAIRS[:5] + PAIRS[-3:]:
        for other in (0, None, "x", 1.5, (False, False, True, 0, 0)):
            same(lambda s: s == other, a, b)
            same(lambda s: s != other, a, b)
            same(lambda s: other == s, a, b)
            for op in (operator.lt, operator.le, operator.gt, operator.ge):
                same(lambda s: op(s, other), a, b, message=False)  # the message names the type: Cp there


@pytest.mark.parametrize("model", MODELS)
def test_wdl_every_model_and_ply(model):
    for a, b in PAIRS + [(ours.Cp(x), theirs.Cp(x)) for x in (1.5, -0.5)]:
        for ply in PLIES:
            same(lambda s: s.wdl(model=model, ply=ply), a, b)
        same(lambda s: s.wdl(model=model), a, b)
        same(lambda s: s.wdl(), a, b)


def test_wdl_published_examples():
    assert ours.Cp(131).wdl(model="sf12", ply=25) == ours.Wdl(524, 467, 9)
    assert ours.Cp(146).wdl(model="sf14", ply=25) == ours.Wdl(601, 398, 1)
    assert ours.Cp(40).wdl(model="sf15", ply=25) == ours.Wdl(58, 937, 5)
    assert ours.Cp(100).wdl(model="sf15.1", ply=64) == ours.Wdl(497, 503, 0)
    assert ours.Cp(-52).wdl(model="sf16", ply=63) == ours.Wdl(0, 932, 68)
    assert ours.Cp(51).wdl(model="sf16.1", ply=158) == ours.Wdl(36, 964, 0)


def test_wdl_on_random_scores():
    rng = random.Random(7)
    for _ in range(3000):
        cp, ply = rng.randrange(-5000, 5001), rng.randrange(0, 300)
        model = rng.choice(MODELS[:8])
        assert repr(ours.Cp(cp).wdl(model=model, ply=ply)) == repr(theirs.Cp(cp).wdl(model=model, ply=ply))


def test_pov_scores():
    chosen = PAIRS[::4] + PAIRS[-42::5] + [PAIRS[-1]]
    povs = [(ours.PovScore(a, turn), theirs.PovScore(b, turn)) for a, b in chosen for turn in (True, False)]
    povs += [(ours.PovScore(ours.Cp(3), 1), theirs.PovScore(theirs.Cp(3), 1)),
             (ours.PovScore(ours.Cp(3), 2), theirs.PovScore(theirs.Cp(3), 2)),  # turn == True decides
             (ours.PovScore(None, 0), theirs.PovScore(None, 0))]
    for a, b in povs:
        assert type(a).__name__ == type(b).__name__
        for f in (repr, str, lambda s: s.white(), lambda s: s.black(), lambda s: s.pov(True),
                  lambda s: s.pov(False), lambda s: s.is_mate(), lambda s: s.relative, lambda s: s.turn,
                  lambda s: s.wdl(), lambda s: s.wdl(model="sf12", ply=3), lambda s: s.wdl(model="lichess"),
                  lambda s: s == 3, lambda s: s != 3, lambda s: list(s.wdl()), lambda s: s.wdl().white(),
                  lambda s: s.wdl().black(), lambda s: bool(s.wdl())):
            same(f, a, b)
        same(lambda s: s < s, a, b, message=False)
    for op in (operator.eq, operator.ne):
        got = [outcome(op, a1, a2) for (a1, _), (a2, _) in itertools.product(povs, repeat=2)]
        assert got == [outcome(op, b1, b2) for (_, b1), (_, b2) in itertools.product(povs, repeat=2)]


def test_unhashable_like_python_chess():
    for name in ("Score", "Cp", "Mate", "MateGivenType", "PovScore", "Wdl", "PovWdl"):
        assert getattr(ours, name).__hash__ is None and getattr(theirs, name).__hash__ is None, name
    values = [PAIRS[0], PAIRS[-2], PAIRS[-1], (ours.PovScore(ours.Cp(1), True), theirs.PovScore(theirs.Cp(1), True)),
              (ours.Wdl(1, 2, 3), theirs.Wdl(1, 2, 3)),
              (ours.PovWdl(ours.Wdl(1, 2, 3), True), theirs.PovWdl(theirs.Wdl(1, 2, 3), True))]
    for a, b in values:
        same(hash, a, b, message=False)
        with pytest.raises(TypeError, match="unhashable"):
            hash(a)


def test_pickle_and_copy():
    values = [a for a, _ in PAIRS] + [ours.PovScore(ours.Mate(-3), False), ours.PovScore(ours.Cp(7), True),
                                      ours.Wdl(1, 2, 3), ours.PovWdl(ours.Wdl(4, 5, 6), False)]
    for v in values:
        for clone in (pickle.loads(pickle.dumps(v, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)):
            assert type(clone) is type(v) and repr(clone) == repr(v)
            assert clone == v
        for clone in (copy.copy(v), copy.deepcopy(v)):
            assert type(clone) is type(v) and repr(clone) == repr(v)
    # the singleton is not kept through pickling or copying, as in python-chess
    for lib in (ours, theirs):
        assert pickle.loads(pickle.dumps(lib.MateGiven)) is not lib.MateGiven
        assert pickle.loads(pickle.dumps(lib.MateGiven)) == lib.MateGiven
        assert copy.copy(lib.MateGiven) is not lib.MateGiven


def test_score_is_abstract():
    same(lambda lib: lib.Score(), ours, theirs)
    made = {}
    for lib in (ours, theirs):
        class Half(lib.Score):
            def score(self, *, mate_score=None):
                return 5

            def mate(self):
                return None

        class Whole(Half):
            def wdl(self, *, model="sf", ply=30):
                return lib.Wdl(1, 2, 3)

            def __neg__(self):
                return lib.Cp(-5)

            def __pos__(self):
                return self

            def __abs__(self):
                return self

        made[lib] = (Half, Whole)
    same(lambda lib: made[lib][0](), ours, theirs)
    a, b = made[ours][1](), made[theirs][1]()
    assert isinstance(a, ours.Score) and not a.is_mate()
    for other_a, other_b in PAIRS[:3] + PAIRS[-3:]:
        for op in (operator.lt, operator.eq, operator.ne, operator.ge):
            assert op(a, other_a) == op(b, other_b)
            assert op(other_a, a) == op(other_b, b)


class MyCp(ours.Cp):
    """A program's own score class on ours (pickled by reference, so at module level)."""
    def score(self, *, mate_score=None):
        return self.cp * 2


def test_subclasses_and_isinstance():
    for name in ("Cp", "Mate", "MateGivenType"):
        assert issubclass(getattr(ours, name), ours.Score)
    assert not issubclass(ours.PovScore, ours.Score)
    assert isinstance(ours.MateGiven, ours.MateGivenType)
    s = MyCp(10)
    s.note = "kept"
    assert s > ours.Cp(15) and s == ours.Cp(20) and s != ours.Cp(10) and type(-s) is ours.Cp
    clone = pickle.loads(pickle.dumps(s))
    assert type(clone) is MyCp and clone.note == "kept" and clone.cp == 10


def test_attributes_are_writable_as_in_python_chess():
    for lib in (ours, theirs):
        s, m, p = lib.Cp(1), lib.Mate(1), lib.PovScore(lib.Cp(1), True)
        s.cp, m.moves, p.relative, p.turn = -4, -2, lib.Mate(3), False
        assert (repr(s), repr(m), repr(p)) == ("Cp(-4)", "Mate(-2)", "PovScore(Mate(+3), BLACK)")


def test_wdl_dataclass():
    for w in [(1000, 0, 0), (0, 0, 1000), (200, 700, 100), (0, 0, 0), (3, 4, 5)]:
        a, b = ours.Wdl(*w), theirs.Wdl(*w)
        for f in (repr, str, list, lambda x: list(reversed(x)), bool, operator.neg, operator.pos,
                  lambda x: x.total(), lambda x: x.winning_chance(), lambda x: x.drawing_chance(),
                  lambda x: x.losing_chance(), lambda x: x.expectation(), lambda x: x == type(x)(*w),
                  lambda x: x == type(x)(0, 0, 0), lambda x: x == w, lambda x: x.wins, lambda x: x.draws,
                  lambda x: x.losses, lambda x: dataclasses.astuple(x), lambda x: dataclasses.asdict(x),
                  lambda x: dataclasses.replace(x, draws=9), lambda x: dataclasses.is_dataclass(x),
                  lambda x: [(f.name, f.type) for f in dataclasses.fields(x)], lambda x: type(x).__match_args__,
                  lambda x: (x.wins, x.draws) < (1, 1)):
            same(f, a, b)
    assert ours.Wdl(1, 2, 3) == ours.Wdl(1, 2, 3) and ours.Wdl(1, 2, 3) != ours.Wdl(3, 2, 1)


def test_pov_wdl_tuple_behaviour():
    for w, turn in [((200, 700, 100), True), ((200, 700, 100), False), ((0, 0, 0), True)]:
        a, b = ours.PovWdl(ours.Wdl(*w), turn), theirs.PovWdl(theirs.Wdl(*w), turn)
        for f in (repr, list, len, lambda x: x[0], lambda x: x[2], lambda x: x[-1], lambda x: x[1:],
                  lambda x: x[3], bool, lambda x: x == w, lambda x: x == tuple(reversed(w)),
                  lambda x: x == list(w), lambda x: x != w, lambda x: w == x, lambda x: x.white(),
                  lambda x: x.black(), lambda x: x.pov(turn), lambda x: x.relative, lambda x: x.turn):
            same(f, a, b)
    assert ours.PovWdl(ours.Wdl(1, 2, 3), True) == ours.PovWdl(ours.Wdl(3, 2, 1), False)
    assert ours.PovWdl(ours.Wdl(1, 2, 3), True) != ours.PovWdl(ours.Wdl(1, 2, 3), False)


def test_one_world_with_python_chess():
    """Our scores and python-chess's compare as two scores of either library would."""
    for (a1, b1), (a2, b2) in itertools.product(PAIRS[::3] + PAIRS[-2:], repeat=2):
        for op in (operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge):
            assert op(a1, b2) == op(b1, a2) == op(b1, b2), (op, a1, a2)
    assert ours.PovScore(ours.Cp(5), True) == theirs.PovScore(theirs.Cp(-5), False)
    assert theirs.PovScore(theirs.Cp(-5), False) == ours.PovScore(ours.Cp(5), True)
    assert ours.PovScore(ours.Cp(5), True) != theirs.PovScore(theirs.Cp(5), False)


def test_engine_module_uses_our_scores():
    assert ours.Cp is chessbits._core.Cp and ours.MateGiven is chessbits._core.MateGiven
    assert ours.Wdl is chessbits._wdl.Wdl and ours.PovWdl is chessbits._wdl.PovWdl
    board = chessbits.Board()
    info = ours._parse_uci_info("depth 10 score cp 35 wdl 200 700 100 pv e2e4 e7e5", board)
    assert type(info["score"]) is ours.PovScore and type(info["score"].relative) is ours.Cp
    assert repr(info["score"]) == "PovScore(Cp(+35), WHITE)"
    assert type(info["wdl"]) is ours.PovWdl and info["wdl"] == (200, 700, 100)
    board.push_san("e4")
    info = ours._parse_uci_info("depth 3 score mate -2 upperbound", board)
    assert repr(info["score"]) == "PovScore(Mate(-2), BLACK)" and info["score"].white() == ours.Mate(2)
    assert info["upperbound"] is True


def run_child(code, *, block=False, path=None):
    """Run code in a fresh interpreter (with an import hook refusing ``chess``, or a directory
    first on sys.path); its stdout."""
    prelude = "import sys\n"
    if path is not None:
        prelude += f"sys.path.insert(0, {str(path)!r})\n"
    if block:
        prelude += textwrap.dedent("""\
            class Refuse:
                def find_spec(self, name, path=None, target=None):
                    if name == "chess" or name.startswith("chess."):
                        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            sys.meta_path.insert(0, Refuse())
            """)
    proc = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_engine_without_python_chess():
    out = run_child("""
        import chessbits.engine as E
        s = E.PovScore(E.Mate(-3), False)
        print(repr(s), repr(s.white()), E.Cp(10) < E.Mate(1), repr(E.Cp(50).wdl(model="sf16", ply=20)))
        print(repr(s.wdl()), list(s.wdl()), E.MateGiven == -E.Mate(0), E.WdlModel is not None)
        for name in ("SimpleEngine", "popen_uci", "Limit", "InfoDict", "_parse_uci_info"):
            try:
                getattr(E, name)
            except ImportError as exc:
                print(name, "ImportError", "chessbits[pychess]" in str(exc))
        try:
            from chessbits.engine import SimpleEngine
        except ImportError as exc:
            print("from-import ImportError", "chessbits[pychess]" in str(exc))
        print(hasattr(E, "no_such_name"), "chess" in sys.modules, "chess.engine" in sys.modules)
        """, block=True)
    lines = out.splitlines()
    assert lines[0] == "PovScore(Mate(-3), BLACK) Mate(+3) True " + repr(theirs.Cp(50).wdl(model="sf16", ply=20))
    assert lines[1] == "PovWdl(Wdl(wins=0, draws=0, losses=1000), BLACK) [0, 0, 1000] True True"
    assert lines[2:7] == [f"{n} ImportError True" for n in ("SimpleEngine", "popen_uci", "Limit", "InfoDict",
                                                            "_parse_uci_info")]
    assert lines[7:] == ["from-import ImportError True", "False False False"]


def fake_pychess(tmp_path, **modules):
    """A package ``chess`` in tmp_path that looks like python-chess (it has pgn.py) with the
    given module sources."""
    pkg = tmp_path / "chess"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "pgn.py").write_text("")
    for name, source in modules.items():
        (pkg / f"{name}.py").write_text(textwrap.dedent(source))
    return pkg


def test_a_python_chess_that_does_not_run(tmp_path):
    pkg = fake_pychess(tmp_path, engine="""
        import chess
        PARTIAL = 1
        def late(): pass
        SQUARE = chess.FILE_Z  # a name chessbits lacks, as a python-chess to come may have
        """, gaviota="""
        import chess
        from chess import Column
        """)
    out = run_child("""
        import chessbits.engine as E
        print(repr(E.Cp(3)), hasattr(E, "PARTIAL"), hasattr(E, "late"))
        try:
            E.SimpleEngine
        except ImportError as exc:
            print(exc)
        for name in ("gaviota",):  # it imports; its names say why they cannot run
            module = __import__("chessbits." + name, fromlist=["open_tablebase"])
            try:
                module.open_tablebase
            except ImportError as exc:
                print(exc, "|", exc.path)
        """, path=tmp_path)
    first, engine, gaviota = out.splitlines()
    assert first == "Cp(+3) False False"  # the partly run module left nothing behind
    assert engine.startswith("chessbits.engine.SimpleEngine is python-chess's engine code")
    assert "chess/engine.py" in engine and str(pkg / "engine.py") in engine
    assert "AttributeError: module 'chessbits' has no attribute 'FILE_Z'" in engine
    assert "chessbits[pychess]" in engine and "python-chess 1.11" in engine
    assert gaviota.startswith("chessbits.gaviota.open_tablebase: chessbits.gaviota runs python-chess 1.11's "
                              "chess/gaviota.py")
    assert "ImportError: cannot import name 'Column'" in gaviota and gaviota.endswith(f"| {pkg / 'gaviota.py'}")
