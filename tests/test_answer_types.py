"""Every public name python-chess has, asked of both libraries, answers of the same type and
repr (chessbits._answers.difference): Board, BaseBoard, Move, Piece, SquareSet, the two move
generators, each variant board and crazyhouse's pocket, and chess's module-level functions.

Not a list kept by eye: the names come from python-chess's own classes (dir() of an instance,
and the dunders users call), the arguments from the names of their parameters in python-chess's
signatures (``color`` gets both colours, ``move`` legal, illegal and null moves, ``square``
squares with and without men...), over seeded random games in standard chess and Chess960,
positions python-chess calls invalid, and random games of every variant. A method that
changes its object (push, set_fen, apply_mirror...) is called on a copy of each, and the
objects after the call compared too. A name without a way to call it fails the test, so a
name python-chess gains is audited or the test says which.

    python tests/test_answer_types.py              # the full audit: every mismatch, counted
    CHESSBITS_TYPE_GAMES=40 CHESSBITS_TYPE_SEED=7 python tests/test_answer_types.py   # more, other games
"""
from __future__ import annotations

import copy
import inspect
import os
import random
import sys
from collections import Counter
from typing import Any, Callable, Dict, Iterator, List, Tuple

import chess
import chess.variant
import pytest

import chessbits
import chessbits.variant
from chessbits._answers import difference, settle, show
from chessbits.bench.methods import DUNDERS

GAMES = int(os.environ.get("CHESSBITS_TYPE_GAMES", "4"))  # per kind of game (CI: 4)
SEED = int(os.environ.get("CHESSBITS_TYPE_SEED", "20260522"))
ODD_FENS = [
    "4k3/8/8/8/8/8/4P3/8 w - - 0 1",                       # no white king
    "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1",                     # two white kings
    "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",                     # pawns on the back ranks
    "r3k3/8/8/8/8/8/8/4K2R b KQkq - 0 1",                  # castling rights without rooks
    "4k3/8/8/3pP3/8/8/8/4K3 w - e3 0 1",                   # en passant square on the wrong rank
    "7k/8/8/8/8/8/8/K7 w - - 0 1",                         # bare kings: insufficient material
    "7k/8/8/8/8/8/8/KB6 b - - 99 80",                      # a bishop: insufficient, fifty moves
    "6rk/5Q2/8/8/8/8/8/K7 b - - 0 1",                      # mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                      # stalemate
]


# --- what is asked ----------------------------------------------------------------------------

class Subject:
    """One object on both sides: python-chess's ``ref`` and chessbits' ``sub``, made alike,
    with the position ``board`` (python-chess's) the arguments are drawn from."""

    def __init__(self, kind: str, ref: Any, sub: Any, board: chess.Board, where: str):
        self.kind, self.ref, self.sub, self.board, self.where = kind, ref, sub, board, where


def uci(lib, move):
    return lib.Move(move.from_square, move.to_square, move.promotion, move.drop)


def to_lib(value: Any, lib) -> Any:
    """A python-chess argument as ``lib``'s (the same value, chessbits' classes for chessbits)."""
    if lib is chess:
        return value
    if isinstance(value, chess.Move):
        return uci(lib, value)
    if isinstance(value, chess.Piece):
        return lib.Piece.from_symbol(value.symbol())
    if isinstance(value, chess.SquareSet):
        return lib.SquareSet(int(value))
    if isinstance(value, chess.variant.CrazyhousePocket):
        return chessbits.variant.CrazyhousePocket(str(value))
    if callable(value) and getattr(value, "__module__", None) == "chess":
        return getattr(lib, value.__name__)
    if isinstance(value, list):
        return [to_lib(v, lib) for v in value]
    if isinstance(value, tuple):
        return tuple(to_lib(v, lib) for v in value)
    if isinstance(value, dict):
        return {k: to_lib(v, lib) for k, v in value.items()}
    return value


def squares_of(board: chess.BaseBoard, rng: random.Random) -> List[int]:
    """A man's square, an empty square, a king's square and a random one."""
    men = sorted(board.piece_map()) or [0]
    empty = sorted(set(chess.SQUARES) - set(men)) or [63]
    kings = sorted(chess.SquareSet(board.kings)) or [4]
    return [rng.choice(men), rng.choice(empty), kings[0], rng.randrange(64)]


def moves_of(board: Any, rng: random.Random) -> List[chess.Move]:
    """Two legal moves (a capture or promotion first, if any), a pseudo-legal move that is not
    legal, a move no man can make, and the null move."""
    moves: List[chess.Move] = []
    if isinstance(board, chess.Board):
        legal = list(board.legal_moves)
        special = [m for m in legal if board.is_capture(m) or m.promotion or board.is_castling(m) or m.drop]
        moves += [rng.choice(special)] if special else []
        moves += rng.sample(legal, min(2, len(legal)))
        illegal = [m for m in board.pseudo_legal_moves if not board.is_legal(m)]
        moves += [rng.choice(illegal)] if illegal else []
    moves += [chess.Move(rng.randrange(64), rng.randrange(64)), chess.Move.null()]
    return moves


def masks_of(board: chess.BaseBoard, rng: random.Random) -> List[int]:
    return [chess.BB_ALL, board.occupied_co[chess.WHITE], rng.getrandbits(64)]


# Each parameter name of python-chess's signatures -> the values it is called with, from the
# subject and a seeded RNG (python-chess's values: to_lib makes chessbits' own).
ArgMaker = Callable[[Subject, random.Random], List[Any]]
ARGUMENTS: Dict[str, ArgMaker] = {
    "color": lambda s, r: [chess.WHITE, chess.BLACK],
    "orientation": lambda s, r: [chess.BLACK],
    "square": lambda s, r: squares_of(s.board, r),
    "from_square": lambda s, r: [m.from_square for m in moves_of(s.board, r)[:2]],
    "to_square": lambda s, r: [m.to_square for m in moves_of(s.board, r)[:2]],
    "a": lambda s, r: [chess.A1, r.randrange(64)],
    "b": lambda s, r: [chess.H8, r.randrange(64)],
    "move": lambda s, r: moves_of(s.board, r),
    "piece_type": lambda s, r: [chess.PAWN, chess.QUEEN, chess.KING],
    "promotion": lambda s, r: [chess.QUEEN],
    "piece": lambda s, r: [chess.Piece(chess.KNIGHT, chess.BLACK), None],
    "pieces": lambda s, r: [s.board.piece_map(), {}],
    "promoted": lambda s, r: [True],
    "from_mask": lambda s, r: masks_of(s.board, r),
    "to_mask": lambda s, r: masks_of(s.board, r)[1:],
    "mask": lambda s, r: masks_of(s.board, r)[1:],
    "occupied": lambda s, r: [s.board.occupied & ~s.board.pawns, s.board.kings],
    "bb": lambda s, r: masks_of(s.board, r),
    "count": lambda s, r: [2, 3],
    "claim_draw": lambda s, r: [True],
    "en_passant": lambda s, r: ["fen", "xfen"],
    "shredder": lambda s, r: [True],
    "stack": lambda s, r: [False, 1],
    "fen": lambda s, r: [s.board.fen(), "8/8/8/8/8/8/8/8 w - - 0 1", "not a fen"],
    "board_fen": lambda s, r: [s.board.board_fen(), "8/8/8/8/8/8/8/8", "x"],
    "epd": lambda s, r: [s.board.epd(), "8/8/8/8/8/8/8/8 w - - bm e4;", "x y"],
    "castling_fen": lambda s, r: ["KQkq", "-", "HAha", "x"],
    "san": lambda s, r: sans_of(s.board, r),
    "xboard": lambda s, r: sans_of(s.board, r),
    "uci": lambda s, r: [m.uci() for m in moves_of(s.board, r)] + ["e9e4"],
    "variation": lambda s, r: [line_of(s.board, r)],
    "f": lambda s, r: [chess.flip_vertical, chess.flip_anti_diagonal],
    "scharnagl": lambda s, r: [0, 518, 959],
    "ignore_turn": lambda s, r: [True],
    "ignore_castling": lambda s, r: [True],
    "ignore_counters": lambda s, r: [False],
    "invert_color": lambda s, r: [True],
    "borders": lambda s, r: [True],
    "empty_square": lambda s, r: ["."],
    "chess960": lambda s, r: [True],
    "other": lambda s, r: [chess.SquareSet(masks_of(s.board, r)[2]), masks_of(s.board, r)[1]],
    "others": lambda s, r: [chess.SquareSet(masks_of(s.board, r)[2])],
    "symbol": lambda s, r: ["N", "k", "x"],
    "symbols": lambda s, r: ["pnq"],
    "name": lambda s, r: (["atomic", "Crazyhouse", "chess960", "nope"] if s.kind == "module chess.variant"
                          else ["e4", "h8", "z9"]),
    "file_index": lambda s, r: [0, 7],
    "rank_index": lambda s, r: [0, 5],
}
# parameters left at their defaults: **operations of epd() (EPD writing has its own tests)
UNASKED_PARAMETERS = {"operations"}
# names not asked, and why
UNASKED = {
    "__init__": "construction is asked through the instances every subject is made of",
    "__deepcopy__": "asked as copy.deepcopy() by name below",
}


def sans_of(board, rng) -> List[str]:
    if not isinstance(board, chess.Board):
        return ["e4"]
    legal = list(board.legal_moves)
    return [board.san(m) for m in rng.sample(legal, min(2, len(legal)))] + ["Zz9", "O-O", "Kd2", "e8=Q"]


def line_of(board, rng) -> List[chess.Move]:
    line, b = [], board.copy()
    for _ in range(3):
        legal = list(b.legal_moves)
        if not legal:
            break
        line.append(rng.choice(legal))
        b.push(line[-1])
    return line


# python-chess's methods that take only some moves, and which: its docstrings say "pseudo-legal"
# (push: "at least pseudo-legal or a null move"); san() and lan() assert "legal or null".
def move_precondition(fn: Callable) -> str:
    name = getattr(fn, "__name__", "")
    if name in ("san", "lan", "san_and_push"):
        return "legal"
    return "pseudo-legal" if "pseudo-legal" in (inspect.getdoc(fn) or "") else ""


def allowed(board, move: chess.Move, precondition: str) -> bool:
    if not precondition or not move:
        return True
    return board.is_legal(move) if precondition == "legal" else board.is_pseudo_legal(move)


def calls(fn: Callable, subject: Subject, rng: random.Random) -> Iterator[Tuple[tuple, dict]]:
    """The argument sets to call ``fn`` (python-chess's) with: every required parameter from
    ARGUMENTS (their product, up to 24 sets), then each optional one set in turn. A move
    argument is one the method's documentation allows (move_precondition)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = []
    params = [p for p in params if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    missing = [p.name for p in params if p.name not in ARGUMENTS and p.name not in UNASKED_PARAMETERS]
    if missing:
        raise LookupError(f"no arguments for parameter(s) {missing}: add them to ARGUMENTS")
    required = [p for p in params if p.default is p.empty]
    optional = [p for p in params if p.default is not p.empty and p.name in ARGUMENTS]
    sets: List[Tuple[tuple, dict]] = [((), {})]
    precondition = move_precondition(fn)
    for p in required:
        values = ARGUMENTS[p.name](subject, rng)
        if p.name == "move":
            values = [m for m in values if allowed(subject.board, m, precondition)]
        sets = [((*a, v), k) if p.kind != p.KEYWORD_ONLY else (a, {**k, p.name: v}) for a, k in sets for v in values]
    sets = sets[:24]
    yield from sets
    for p in optional:
        for v in ARGUMENTS[p.name](subject, rng)[:2]:
            a, k = sets[0]
            yield (a, {**k, p.name: v})


# Dunders asked through the builtin or operator users write, not by calling the dunder.
DUNDER_CALLS: Dict[str, Callable] = {
    "__eq__": lambda x: x == copy.copy(x), "__hash__": hash, "__iter__": iter, "__reversed__": reversed,
    "__len__": len, "__bool__": bool, "__int__": int, "__index__": hex, "__str__": str, "__repr__": repr,
    "__copy__": copy.copy, "__deepcopy__": copy.deepcopy, "__invert__": lambda x: ~x,
    "__lshift__": lambda x: x << 9, "__rshift__": lambda x: x >> 9,
    "__ilshift__": lambda x: x.__ilshift__(3), "__irshift__": lambda x: x.__irshift__(3),
}
DUNDER_WITH_OTHER = {"__contains__", "__or__", "__and__", "__xor__", "__sub__", "__ior__", "__iand__",
                     "__ixor__", "__isub__"}


# --- the objects ------------------------------------------------------------------------------

def public_names(obj: Any) -> List[str]:
    """python-chess's public names of an object's class: its instance's, and the dunders
    users call that the class defines (not as None)."""
    names = {n for n in dir(obj) if not n.startswith("_")}
    for n in DUNDERS:
        for k in type(obj).__mro__[:-1]:
            if n in vars(k):
                if vars(k)[n] is not None:
                    names.add(n)
                break
    return sorted(names)


def state(obj: Any) -> Any:
    """What a call may have changed: a board's FEN (promoted men, en passant as written), move
    stack, chess960 flag and variant parts; anything else's repr."""
    if isinstance(obj, (chess.BaseBoard, chessbits.BaseBoard)):
        parts = [repr(obj), obj.board_fen(promoted=True), [m.uci() for m in getattr(obj, "move_stack", [])]]
        if hasattr(obj, "fen"):
            parts += [obj.fen(en_passant="fen", promoted=True), obj.chess960]
        for name in ("pockets", "remaining_checks"):
            if hasattr(obj, name):
                parts.append(repr([str(p) for p in getattr(obj, name)]))
        return parts
    return repr(obj)


def duplicate(obj: Any) -> Any:
    """A copy to call a mutating method on: its own copy() (a board keeps its stack, a pocket
    its own list), else copy.copy; a move generator itself (none of its names mutate)."""
    if type(obj).__name__.endswith("MoveGenerator"):
        return obj
    if isinstance(obj, chess.variant.CrazyhouseBoard):
        # replayed, not copied: python-chess's copies share the pockets of their stacks, which
        # its pop() then puts on the board, so a call on one copy would change the others
        board = type(obj)(obj.root().fen(), chess960=obj.chess960)
        for move in obj.move_stack:
            board.push(move)
        return board
    return obj.copy() if callable(getattr(obj, "copy", None)) else copy.copy(obj)


def played(rng: random.Random, ref: chess.Board, plies: int) -> chess.Board:
    """``ref`` after up to ``plies`` random moves (captures and promotions preferred now and then)."""
    for _ in range(plies):
        legal = list(ref.legal_moves)
        if not legal or ref.is_variant_end():
            break
        special = [m for m in legal if ref.is_capture(m) or m.promotion]
        ref.push(rng.choice(special if special and rng.random() < 0.4 else legal))
    return ref


def twin(ref: chess.Board, start: str) -> Any:
    """chessbits' board of ``ref``'s class, reached the same way: from the FEN its root was
    read from (python-chess's own FEN of an odd position cleans its castling rights), then
    its moves."""
    cls = chessbits.Board if type(ref) is chess.Board else chessbits.variant.find_variant(ref.uci_variant)
    sub = cls(start, chess960=ref.chess960)
    for move in ref.move_stack:
        sub.push(uci(chessbits, move))
    return sub


def boards(rng: random.Random, games: int) -> Iterator[Tuple[chess.Board, str, str]]:
    """(python-chess board, its root's FEN, how it was reached): positions of random games in
    standard chess, Chess960 and each variant (at several depths), and the odd positions."""
    for fen in ODD_FENS:
        yield chess.Board(fen), fen, f"Board({fen!r})"
    kinds = [(chess.Board, False), (chess.Board, True)] + [(cls, False) for cls in chess.variant.VARIANTS
                                                            if cls.uci_variant != "chess"]
    for cls, chess960 in kinds:
        for g in range(games):
            start = (cls.from_chess960_pos(rng.randrange(960)) if chess960 else cls())
            plies = rng.choice([0, 8, 30, 80]) if g else 0
            fen = start.fen(en_passant="fen", promoted=True)
            ref = played(rng, start, plies)
            yield ref, fen, f"{cls.__name__}(chess960={chess960}) after {' '.join(m.uci() for m in ref.move_stack) or '-'}"


def subjects(rng: random.Random, games: int) -> Iterator[Subject]:
    """Every kind of object python-chess's API hands out, on the positions of boards()."""
    seen_base = seen_module = False
    for ref, start, where in boards(rng, games):
        sub = twin(ref, start)
        yield Subject(type(ref).__name__, ref, sub, ref, where)
        yield Subject("LegalMoveGenerator", ref.legal_moves, sub.legal_moves, ref, where)
        yield Subject("PseudoLegalMoveGenerator", ref.pseudo_legal_moves, sub.pseudo_legal_moves, ref, where)
        if type(ref) is chess.Board or not seen_base:
            seen_base = True
            yield Subject("BaseBoard", chess.BaseBoard(ref.board_fen()), chessbits.BaseBoard(ref.board_fen()),
                          ref, where)
        for move in moves_of(ref, rng):
            yield Subject("Move", move, uci(chessbits, move), ref, f"{move.uci()} {where}")
        for sq in squares_of(ref, rng)[:2]:
            piece = ref.piece_at(sq)
            if piece:
                yield Subject("Piece", piece, chessbits.Piece.from_symbol(piece.symbol()), ref, where)
        sparse = rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)  # carry_rippler: 2**len
        for mask in (ref.kings | ref.queens | ref.rooks, sparse, chess.BB_CORNERS, 0):
            yield Subject("SquareSet", chess.SquareSet(mask), chessbits.SquareSet(mask), ref, f"{mask:#x}")
        if isinstance(ref, chess.variant.CrazyhouseBoard):
            for c in chess.COLORS:
                yield Subject("CrazyhousePocket", ref.pockets[c], sub.pockets[c], ref, f"pockets[{c}] {where}")
        if not seen_module:
            seen_module = True
            yield Subject("module chess", chess, chessbits, ref, "module")
            yield Subject("module chess.variant", chess.variant, chessbits.variant, ref, "module")


MODULE_FUNCTIONS = {  # module -> its public functions python-chess's users call
    chess: [n for n, v in vars(chess).items() if inspect.isfunction(v) and v.__module__ == "chess"
            and not n.startswith("_")],
    chess.variant: ["find_variant"],
}


# --- asking -----------------------------------------------------------------------------------

class Audit:
    """Mismatches counted per class and name, with the first example of each."""

    def __init__(self):
        self.counts: Counter = Counter()
        self.examples: Dict[str, str] = {}
        self.asked: Counter = Counter()
        self.unaskable: Dict[str, str] = {}
        self.reference_failed: Counter = Counter()  # python-chess raised AssertionError
        self.kinds: set = set()  # the subjects' kinds asked

    def compare(self, key: str, ref_answer: Any, sub_answer: Any, call: str, where: str) -> bool:
        """Count a mismatch; False if python-chess gave no answer (its own AssertionError, after
        which its object is half-changed: the caller compares nothing more of this call)."""
        self.asked[key] += 1
        if isinstance(ref_answer, AssertionError):
            self.reference_failed[key] += 1
            return False
        found = difference(ref_answer, sub_answer)
        if found is None:
            return True
        self.counts[key] += 1
        self.examples.setdefault(key, f"{call} at {where}\n      {found}\n"
                                      f"      python-chess: {show(ref_answer)[:300]}\n"
                                      f"      chessbits:    {show(sub_answer)[:300]}")
        return True

    def report(self) -> str:
        lines = [f"{sum(self.asked.values()):,} answers compared over {len(self.asked)} names: "
                 f"{sum(self.counts.values()):,} mismatches in {len(self.counts)} names"]
        lines += [f"  [{n}x] {key}: {self.examples[key]}" for key, n in sorted(self.counts.items())]
        lines += [f"  cannot ask {key}: {why}" for key, why in sorted(self.unaskable.items())]
        if self.reference_failed:
            lines.append("  not compared, python-chess raised AssertionError (its own assert, not an answer): " +
                         ", ".join(f"{key} {n}x" for key, n in sorted(self.reference_failed.items())))
        return "\n".join(lines)


def answer(fn: Callable, *args, **kwargs) -> Any:
    """The call's answer, settled (iterators listed), or the exception it raised."""
    try:
        return settle(fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001: an exception is an answer to compare
        return exc


def ask(audit: Audit, subject: Subject, rng: random.Random) -> None:
    """Every public name of the subject's python-chess object, asked of both."""
    is_module = subject.kind.startswith("module")
    audit.kinds.add(subject.kind)
    names = MODULE_FUNCTIONS[subject.ref] if is_module else public_names(subject.ref)
    for name in names:
        key = f"{subject.kind}.{name}"
        if name in UNASKED:
            audit.unaskable.pop(key, None)
            continue
        if name.startswith("_"):
            ask_dunder(audit, subject, name, key, rng)
            continue
        if not hasattr(subject.sub, name) and not hasattr(type(subject.sub), name):
            audit.compare(key, "present", "missing", name, subject.where)
            continue
        value = getattr(subject.ref, name)
        if not callable(value):
            audit.compare(key, answer(getattr, subject.ref, name), answer(getattr, subject.sub, name),
                          name, subject.where)
            continue
        try:
            arg_sets = list(calls(value, subject, rng))
        except LookupError as e:
            audit.unaskable[key] = str(e)
            continue
        for args, kwargs in arg_sets:
            ref_obj = subject.ref if is_module else duplicate(subject.ref)
            sub_obj = subject.sub if is_module else duplicate(subject.sub)
            sub_args = (to_lib(args, chessbits), to_lib(kwargs, chessbits))
            shown = f"{name}{fmt_args(args, kwargs)}"
            ref_answer = answer(getattr(ref_obj, name), *args, **kwargs)
            sub_answer = answer(getattr(sub_obj, name), *sub_args[0], **sub_args[1])
            if audit.compare(key, ref_answer, sub_answer, shown, subject.where) and not is_module:
                audit.compare(f"{key} (the object after)", state(ref_obj), state(sub_obj), shown, subject.where)


def ask_dunder(audit: Audit, subject: Subject, name: str, key: str, rng: random.Random) -> None:
    if name in DUNDER_CALLS:
        fn, others = DUNDER_CALLS[name], [()]
    elif name in DUNDER_WITH_OTHER:
        fn = (lambda x, o: o in x) if name == "__contains__" else (lambda x, o: getattr(x, name)(o))
        values = (ARGUMENTS["move"] if subject.kind.endswith("MoveGenerator")
                  else ARGUMENTS["square"] if name == "__contains__" else ARGUMENTS["other"])(subject, rng)
        others = [(v,) for v in values]
    else:
        audit.unaskable[key] = "no way to call this dunder: add it to DUNDER_CALLS"
        return
    for other in others:
        ref_obj, sub_obj = duplicate(subject.ref), duplicate(subject.sub)
        shown = f"{name}{fmt_args(other, {})}"
        if audit.compare(key, answer(fn, ref_obj, *other), answer(fn, sub_obj, *to_lib(other, chessbits)),
                         shown, subject.where):
            audit.compare(f"{key} (the object after)", state(ref_obj), state(sub_obj), shown, subject.where)


def fmt_args(args: tuple, kwargs: dict) -> str:
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    text = f"({', '.join(parts)})"
    return text if len(text) < 160 else text[:160] + "...)"


def audit(games: int = GAMES, seed: int = SEED) -> Audit:
    rng, result = random.Random(seed), Audit()
    for subject in subjects(rng, games):
        ask(result, subject, rng)
    return result


def test_every_public_name_answers_with_python_chess_types():
    result = audit()
    report = result.report()
    kinds = result.kinds
    assert {"Board", "BaseBoard", "Move", "Piece", "SquareSet", "LegalMoveGenerator", "PseudoLegalMoveGenerator",
            "CrazyhousePocket", "module chess", "module chess.variant",
            *(cls.__name__ for cls in chess.variant.VARIANTS)} <= kinds, kinds
    assert not result.unaskable and not result.counts, report


if __name__ == "__main__":
    print(audit().report())
    sys.exit(0)
