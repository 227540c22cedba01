"""Every public method and attribute of Board, Move, Piece and SquareSet, timed
against python-chess's in one run: ns per call and the ratio (python-chess time /
chessbits time, above 1.0x chessbits is faster), sorted, with the minimum and the
geometric mean. Each row runs the same expression on both libraries and checks
that they give the same results: equal, of the same type and repr (chessbits._answers:
``False`` is not ``0``), and the object left the same.

>>> row = measure(CASES[0], rounds=1, quick=True)
>>> row["status"], row["timed"]
('ok', 'chess.Board()')
"""
import copy
import functools
import json
import math
import random
import sys
import timeit
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

from . import machine, median, table
from .._answers import difference, settle
from .._options import Parser, positive, summary
from ..positions import NAMED

Row = Dict[str, Any]
CLASSES = ("Board", "Move", "Piece", "SquareSet")
OBJECT = {"Board": "b", "Move": "m", "Piece": "p", "SquareSet": "s"}  # the prepared object of each class

# Dunders users call (==, hash(), in, len(), iteration, str(), copy.copy(), operators...):
# covered when python-chess's class defines them (Board's __hash__ is None there).
DUNDERS = ("__init__", "__eq__", "__hash__", "__contains__", "__iter__", "__reversed__", "__len__",
           "__bool__", "__int__", "__index__", "__str__", "__repr__", "__copy__", "__deepcopy__",
           "__or__", "__and__", "__xor__", "__sub__", "__invert__", "__lshift__", "__rshift__",
           "__ior__", "__iand__", "__ixor__", "__isub__", "__ilshift__", "__irshift__")

# python-chess public names deliberately not timed: (class, name) -> why. None today; a name
# python-chess gains must be timed below or listed here (tests/test_bench_methods.py).
SKIPPED: Dict[Tuple[str, str], str] = {}

START, KIWIPETE = NAMED["startpos"], NAMED["kiwipete"]
POSITIONS = {  # name -> (FEN, moves played from it, the move m used in the row)
    "start": (START, "", "g1f3"),
    "mid": (START, "", ""),  # 20 random plies, see _position
    "kiwipete": (KIWIPETE, "", "e2a6"),
    "endgame": (NAMED["pos3"], "", "b4f4"),
    "ep": (START, "e2e4 d7d5 e4e5 f7f5", "e5f6"),  # e5xf6 en passant
    "check": (START, "e2e4 f7f6 d1h5", "g7g6"),  # black in check, g6 blocks
}
ALL = " ".join(POSITIONS)


class Case(NamedTuple):
    cls: str                          # Board, Move, Piece or SquareSet
    name: str                         # the python-chess name timed
    expr: str                         # the same source for both libraries; `chess` is the library
    on: str = "mid"                   # the position the objects come from
    covers: Tuple[str, ...] = ()      # further names this expression times (pop in push + pop)
    args: Tuple[Tuple[str, str], ...] = ()  # extra names: (name, expression), made per library
    scratch: bool = False             # mutates: repeated on its own object, each call the same work


def case(cls: str, name: str, expr: str, on: str = "mid", covers: str = "", scratch: bool = False,
         **args: str) -> List[Case]:
    """One row per position named in `on`."""
    return [Case(cls, name, expr, pos, tuple(covers.split()), tuple(args.items()), scratch)
            for pos in on.split()]


B, M, P, S = CLASSES
CASES: List[Case] = [
    *case(B, "__init__", "chess.Board()", "start"),
    *case(B, "__init__", "chess.Board(fen)", "kiwipete"),
    *case(B, "empty", "chess.Board.empty()", "start"),
    *case(B, "from_epd", "chess.Board.from_epd(epd)", "kiwipete"),
    *case(B, "from_chess960_pos", "chess.Board.from_chess960_pos(123)", "start"),
    *[c for n in ("turn", "castling_rights", "fullmove_number", "halfmove_clock", "occupied",
                  "occupied_co", "pawns", "knights", "bishops", "rooks", "queens", "kings", "promoted",
                  "chess960", "move_stack", "aliases", "uci_variant", "xboard_variant", "starting_fen",
                  "tbw_suffix", "tbz_suffix", "tbw_magic", "tbz_magic", "pawnless_tbw_suffix",
                  "pawnless_tbz_suffix", "pawnless_tbw_magic", "pawnless_tbz_magic", "connected_kings",
                  "one_king", "captures_compulsory") for c in case(B, n, f"b.{n}")],
    *case(B, "ep_square", "b.ep_square", "ep"),
    *case(B, "legal_moves", "list(b.legal_moves)", ALL),
    *case(B, "legal_moves", "b.legal_moves.count()"),
    *case(B, "legal_moves", "m in b.legal_moves"),
    *case(B, "fen", "b.fen()", ALL),
    *case(B, "san", "b.san(m)", ALL),
    *case(B, "push", "b.push(m); b.pop()", ALL, covers="pop"),
    *case(B, "is_check", "b.is_check()", ALL),
    *case(B, "is_game_over", "b.is_game_over()", ALL),
    *case(B, "gives_check", "b.gives_check(m)", ALL),
    *case(B, "is_legal", "b.is_legal(m)", ALL),
    *case(B, "copy", "b.copy()", ALL),
    *case(B, "copy", "b.copy(stack=False)"),
    *case(B, "__copy__", "copy.copy(b)"),
    *case(B, "__deepcopy__", "copy.deepcopy(b)"),
    *case(B, "__eq__", "b == c", c="b.copy()"),
    *case(B, "__str__", "str(b)"),
    *case(B, "__repr__", "repr(b)"),
    *case(B, "apply_mirror", "b.apply_mirror()", scratch=True),
    *case(B, "apply_transform", "b.apply_transform(chess.flip_vertical)", scratch=True),
    *case(B, "attackers", "b.attackers(c, to)"),
    *case(B, "attackers_mask", "b.attackers_mask(c, to)"),
    *case(B, "attacks", "b.attacks(sq)"),
    *case(B, "attacks_mask", "b.attacks_mask(sq)"),
    *case(B, "board_fen", "b.board_fen()"),
    *case(B, "can_claim_draw", "b.can_claim_draw()"),
    *case(B, "can_claim_fifty_moves", "b.can_claim_fifty_moves()"),
    *case(B, "can_claim_threefold_repetition", "b.can_claim_threefold_repetition()"),
    *case(B, "castling_shredder_fen", "b.castling_shredder_fen()", "kiwipete"),
    *case(B, "castling_xfen", "b.castling_xfen()", "kiwipete"),
    *case(B, "checkers", "b.checkers()", "check"),
    *case(B, "checkers_mask", "b.checkers_mask()", "check"),
    *case(B, "chess960_pos", "b.chess960_pos()", "start"),
    *case(B, "clean_castling_rights", "b.clean_castling_rights()", "kiwipete"),
    *case(B, "clear", "b.clear()", scratch=True),
    *case(B, "clear_board", "b.clear_board()", scratch=True),
    *case(B, "clear_stack", "b.clear_stack()", scratch=True),
    *case(B, "color_at", "b.color_at(sq)"),
    *case(B, "epd", "b.epd()"),
    *case(B, "find_move", "b.find_move(sq, to)"),
    *case(B, "generate_castling_moves", "list(b.generate_castling_moves())", "kiwipete"),
    *case(B, "generate_legal_captures", "list(b.generate_legal_captures())", "kiwipete"),
    *case(B, "generate_legal_ep", "list(b.generate_legal_ep())", "ep"),
    *case(B, "generate_legal_moves", "list(b.generate_legal_moves())", "mid kiwipete"),
    *case(B, "generate_pseudo_legal_captures", "list(b.generate_pseudo_legal_captures())", "kiwipete"),
    *case(B, "generate_pseudo_legal_ep", "list(b.generate_pseudo_legal_ep())", "ep"),
    *case(B, "generate_pseudo_legal_moves", "list(b.generate_pseudo_legal_moves())", "mid kiwipete"),
    *case(B, "has_castling_rights", "b.has_castling_rights(c)", "kiwipete"),
    *case(B, "has_chess960_castling_rights", "b.has_chess960_castling_rights()", "kiwipete"),
    *case(B, "has_insufficient_material", "b.has_insufficient_material(c)", "endgame"),
    *case(B, "has_kingside_castling_rights", "b.has_kingside_castling_rights(c)", "kiwipete"),
    *case(B, "has_legal_en_passant", "b.has_legal_en_passant()", "ep"),
    *case(B, "has_pseudo_legal_en_passant", "b.has_pseudo_legal_en_passant()", "ep"),
    *case(B, "has_queenside_castling_rights", "b.has_queenside_castling_rights(c)", "kiwipete"),
    *case(B, "is_attacked_by", "b.is_attacked_by(not c, sq)"),
    *case(B, "is_capture", "b.is_capture(m)", "kiwipete"),
    *case(B, "is_castling", "b.is_castling(k)", "kiwipete", k="chess.Move.from_uci('e1g1')"),
    *case(B, "is_checkmate", "b.is_checkmate()", "mid check"),
    *case(B, "is_en_passant", "b.is_en_passant(m)", "ep"),
    *case(B, "is_fifty_moves", "b.is_fifty_moves()"),
    *case(B, "is_fivefold_repetition", "b.is_fivefold_repetition()"),
    *case(B, "is_insufficient_material", "b.is_insufficient_material()", "endgame"),
    *case(B, "is_into_check", "b.is_into_check(m)"),
    *case(B, "is_irreversible", "b.is_irreversible(m)"),
    *case(B, "is_kingside_castling", "b.is_kingside_castling(k)", "kiwipete", k="chess.Move.from_uci('e1g1')"),
    *case(B, "is_pinned", "b.is_pinned(c, sq)"),
    *case(B, "is_pseudo_legal", "b.is_pseudo_legal(m)"),
    *case(B, "is_queenside_castling", "b.is_queenside_castling(k)", "kiwipete", k="chess.Move.from_uci('e1c1')"),
    *case(B, "is_repetition", "b.is_repetition()"),
    *case(B, "is_seventyfive_moves", "b.is_seventyfive_moves()"),
    *case(B, "is_stalemate", "b.is_stalemate()"),
    *case(B, "is_valid", "b.is_valid()"),
    *case(B, "is_variant_draw", "b.is_variant_draw()"),
    *case(B, "is_variant_end", "b.is_variant_end()"),
    *case(B, "is_variant_loss", "b.is_variant_loss()"),
    *case(B, "is_variant_win", "b.is_variant_win()"),
    *case(B, "is_zeroing", "b.is_zeroing(m)"),
    *case(B, "king", "b.king(c)"),
    *case(B, "lan", "b.lan(m)"),
    *case(B, "mirror", "b.mirror()"),
    *case(B, "outcome", "b.outcome()", "mid check"),
    *case(B, "parse_san", "b.parse_san(san)"),
    *case(B, "parse_uci", "b.parse_uci(uci)"),
    *case(B, "parse_xboard", "b.parse_xboard(san)"),
    *case(B, "peek", "b.peek()"),
    *case(B, "piece_at", "b.piece_at(sq)"),
    *case(B, "piece_map", "b.piece_map()"),
    *case(B, "piece_type_at", "b.piece_type_at(sq)"),
    *case(B, "pieces", "b.pieces(chess.PAWN, c)"),
    *case(B, "pieces_mask", "b.pieces_mask(chess.PAWN, c)"),
    *case(B, "pin", "b.pin(c, sq)"),
    *case(B, "pin_mask", "b.pin_mask(c, sq)"),
    *case(B, "ply", "b.ply()"),
    *case(B, "pseudo_legal_moves", "list(b.pseudo_legal_moves)"),
    *case(B, "push_san", "b.push_san(san); b.pop()"),
    *case(B, "push_uci", "b.push_uci(uci); b.pop()"),
    *case(B, "push_xboard", "b.push_xboard(san); b.pop()"),
    *case(B, "san_and_push", "b.san_and_push(m); b.pop()"),
    *case(B, "remove_piece_at", "b.set_piece_at(sq, b.remove_piece_at(sq))", covers="set_piece_at"),
    *case(B, "set_piece_at", "b.set_piece_at(e, p); b.remove_piece_at(e)"),
    *case(B, "reset", "b.reset()", scratch=True),
    *case(B, "reset_board", "b.reset_board()", scratch=True),
    *case(B, "result", "b.result()"),
    *case(B, "root", "b.root()"),
    *case(B, "set_board_fen", "b.set_board_fen(board_fen)", scratch=True),
    *case(B, "set_castling_fen", "b.set_castling_fen('KQkq')", "kiwipete", scratch=True),
    *case(B, "set_chess960_pos", "b.set_chess960_pos(123)", scratch=True),
    *case(B, "set_epd", "b.set_epd(epd)", "kiwipete", scratch=True),
    *case(B, "set_fen", "b.set_fen(fen)", scratch=True),
    *case(B, "set_piece_map", "b.set_piece_map(pm)", scratch=True, pm="b.piece_map()"),
    *case(B, "shredder_fen", "b.shredder_fen()", "kiwipete"),
    *case(B, "status", "b.status()"),
    *case(B, "transform", "b.transform(chess.flip_vertical)"),
    *case(B, "uci", "b.uci(m)"),
    *case(B, "unicode", "b.unicode()"),
    *case(B, "variation_san", "b.variation_san(line)", "start", line="[chess.Move.from_uci(u) for u in LINE]"),
    *case(B, "was_into_check", "b.was_into_check()"),
    *case(B, "xboard", "b.xboard(m)"),

    *case(M, "__init__", "chess.Move(sq, to)"),
    *case(M, "from_uci", "chess.Move.from_uci(uci)"),
    *case(M, "from_uci", "chess.Move.from_uci('e7e8q')"),
    *case(M, "null", "chess.Move.null()"),
    *[c for n in ("from_square", "to_square", "promotion", "drop") for c in case(M, n, f"m.{n}")],
    *case(M, "uci", "m.uci()"),
    *case(M, "xboard", "m.xboard()"),
    *case(M, "__eq__", "m == n", n="chess.Move.from_uci(uci)"),
    *case(M, "__hash__", "hash(m)"),
    *case(M, "__str__", "str(m)"),
    *case(M, "__repr__", "repr(m)"),
    *case(M, "__bool__", "bool(m)"),

    *case(P, "__init__", "chess.Piece(chess.KNIGHT, c)"),
    *case(P, "from_symbol", "chess.Piece.from_symbol('N')"),
    *case(P, "piece_type", "p.piece_type"),
    *case(P, "color", "p.color"),
    *case(P, "symbol", "p.symbol()"),
    *case(P, "unicode_symbol", "p.unicode_symbol()"),
    *case(P, "__eq__", "p == q", q="chess.Piece.from_symbol(p.symbol())"),
    *case(P, "__hash__", "hash(p)"),
    *case(P, "__str__", "str(p)"),
    *case(P, "__repr__", "repr(p)"),

    *case(S, "__init__", "chess.SquareSet(mask)", mask="b.occupied"),
    *case(S, "__init__", "chess.SquareSet(squares)", squares="[sq, to, e]"),
    *case(S, "mask", "s.mask"),
    *case(S, "from_square", "chess.SquareSet.from_square(sq)"),
    *case(S, "ray", "chess.SquareSet.ray(chess.A1, chess.H8)"),
    *case(S, "between", "chess.SquareSet.between(chess.A1, chess.H8)"),
    *case(S, "add", "s.add(e); s.discard(e)", covers="discard"),
    *case(S, "discard", "s.discard(sq); s.add(sq)"),
    *case(S, "remove", "s.remove(sq); s.add(sq)"),
    *case(S, "pop", "s.add(s.pop())"),
    *case(S, "clear", "s.clear()", scratch=True),
    *case(S, "copy", "s.copy()"),
    *case(S, "carry_rippler", "list(r.carry_rippler())", r="chess.SquareSet(chess.BB_CORNERS)"),
    *case(S, "mirror", "s.mirror()"),
    *case(S, "tolist", "s.tolist()"),
    *case(S, "union", "s.union(t)"),
    *case(S, "intersection", "s.intersection(t)"),
    *case(S, "difference", "s.difference(t)"),
    *case(S, "symmetric_difference", "s.symmetric_difference(t)"),
    *case(S, "isdisjoint", "s.isdisjoint(t)"),
    *case(S, "issubset", "s.issubset(t)"),
    *case(S, "issuperset", "s.issuperset(t)"),
    *case(S, "update", "s.update(t)", scratch=True),
    *case(S, "intersection_update", "s.intersection_update(t)", scratch=True),
    *case(S, "difference_update", "s.difference_update(t)", scratch=True),
    *case(S, "symmetric_difference_update", "s.symmetric_difference_update(t)", scratch=True),
    *case(S, "__or__", "s | t"),
    *case(S, "__and__", "s & t"),
    *case(S, "__xor__", "s ^ t"),
    *case(S, "__sub__", "s - t"),
    *case(S, "__invert__", "~s"),
    *case(S, "__lshift__", "s << 8"),
    *case(S, "__rshift__", "s >> 8"),
    *case(S, "__ior__", "s |= t", scratch=True),
    *case(S, "__iand__", "s &= t", scratch=True),
    *case(S, "__ixor__", "s ^= t", scratch=True),
    *case(S, "__isub__", "s -= t", scratch=True),
    *case(S, "__ilshift__", "s <<= 8; s >>= 8", covers="__irshift__", scratch=True),
    *case(S, "__contains__", "sq in s"),
    *case(S, "__len__", "len(s)"),
    *case(S, "__iter__", "list(s)"),
    *case(S, "__reversed__", "list(reversed(s))"),
    *case(S, "__int__", "int(s)"),
    *case(S, "__index__", "hex(s)"),
    *case(S, "__bool__", "bool(s)"),
    *case(S, "__eq__", "s == t"),
    *case(S, "__str__", "str(s)"),
    *case(S, "__repr__", "repr(s)"),
]


# ---------------------------------------------------------------- coverage

def _defines(cls: type, name: str) -> bool:
    """The class (not object) defines the dunder, and not as None (unhashable)."""
    for k in cls.__mro__[:-1]:
        if name in vars(k):
            return vars(k)[name] is not None
    return False


def _sample(lib: Any, cls: str) -> Any:
    return {"Board": lambda: lib.Board(), "Move": lambda: lib.Move(12, 28),
            "Piece": lambda: lib.Piece(1, True), "SquareSet": lambda: lib.SquareSet(1)}[cls]()


def public_names(cls: str) -> List[str]:
    """python-chess's public names of a class: its instance's, and the dunders users call."""
    import chess
    names = {n for n in dir(_sample(chess, cls)) if not n.startswith("_")}
    return sorted(names | {n for n in DUNDERS if _defines(getattr(chess, cls), n)})


def uncovered() -> List[str]:
    """'Class.name' for each python-chess public name neither timed nor in SKIPPED."""
    timed = {(c.cls, n) for c in CASES for n in (c.name, *c.covers)}
    return [f"{cls}.{n}" for cls in CLASSES for n in public_names(cls)
            if (cls, n) not in timed and (cls, n) not in SKIPPED]


def _has(lib: Any, cls: str, name: str) -> bool:
    if name == "__init__":  # a class can always be called; C types construct in __new__
        return True
    if name.startswith("__"):
        return _defines(getattr(lib, cls), name)
    return hasattr(getattr(lib, cls), name) or hasattr(_sample(lib, cls), name)


# ---------------------------------------------------------------- the prepared objects

@functools.lru_cache(maxsize=None)
def _position(name: str) -> Tuple[str, Tuple[str, ...], str]:
    """(FEN, moves, m) with the middlegame's 20 plies drawn from a seeded RNG."""
    import chess
    fen, moves, move = POSITIONS[name]
    if name != "mid":
        return fen, tuple(moves.split()), move
    rng, board = random.Random(2024), chess.Board()
    for _ in range(20):
        board.push(rng.choice(sorted(board.legal_moves, key=chess.Move.uci)))
    played = tuple(m.uci() for m in board.move_stack)
    return fen, played, rng.choice(sorted(board.legal_moves, key=chess.Move.uci)).uci()


def namespace(lib: Any, case: Case) -> Dict[str, Any]:
    """The names an expression may use, made fresh with this library. Strings (fen, san,
    epd...) come from python-chess, so both libraries get the same input."""
    import chess
    fen, moves, move = _position(case.on)
    ref, b = chess.Board(fen), lib.Board(fen)
    for u in moves:
        ref.push_uci(u)
        b.push_uci(u)
    m = lib.Move.from_uci(move)
    sq, to, c = m.from_square, m.to_square, b.turn
    ns = dict(chess=lib, copy=copy, b=b, m=m, c=c, sq=sq, to=to, p=b.piece_at(sq),
              e=min(lib.SquareSet(~b.occupied & lib.BB_ALL)),  # an empty square
              s=lib.SquareSet(b.occupied_co[c]), t=lib.SquareSet(b.attacks_mask(sq) | b.pawns),
              fen=ref.fen(), board_fen=ref.board_fen(), uci=move,
              san=ref.san(chess.Move.from_uci(move)),
              epd=ref.epd(bm=chess.Move.from_uci(move), id="bench"),
              LINE=_position("mid")[1][:8])
    for name, expr in case.args:
        ns[name] = eval(expr, ns)
    return ns


# ---------------------------------------------------------------- timing and checking

def _loop(expr: str, names: Sequence[str]) -> Callable[..., None]:
    """def f(_n, <names>): for _ in range(_n): expr; expr; expr; expr (4 calls per pass)."""
    src = f"def f(_n, {', '.join(names)}):\n    for _ in range(_n):\n        {expr}; {expr}; {expr}; {expr}\n"
    scope: Dict[str, Any] = {}
    exec(src, scope)
    return scope["f"]


def _result(case: Case, ns: Dict[str, Any]) -> Any:
    """What one run gives: the expression's value (statements: None; an iterator: its items)
    and the object it ran on, as they are (compared by chessbits._answers.difference)."""
    try:
        value = eval(case.expr, ns)
    except SyntaxError:  # a statement: s |= t, push; pop
        exec(case.expr, ns)
        value = None
    return settle(value), ns[OBJECT[case.cls]]


def measure(case: Case, rounds: int = 5, target: float = 0.01, quick: bool = False) -> Row:
    """One row: ns per call on each library (medians over rounds of the same loop),
    the ratio, and status ok, missing or error (results differ, or a call raised)."""
    import chess
    import chessbits
    row: Row = {"class": case.cls, "name": case.name, "timed": case.expr, "on": case.on,
                "scratch": case.scratch, "python_chess_ns": None, "chessbits_ns": None,
                "ratio": None, "status": "ok", "error": "", "passes": None}
    libs = [chess, chessbits]
    if not all(_has(chessbits, case.cls, n) for n in (case.name, *case.covers)):
        row["status"], libs = "missing", [chess]
    try:
        spaces = [namespace(lib, case) for lib in libs]
    except Exception as e:
        return dict(row, status="error", error=f"setting up: {type(e).__name__}: {e}")
    results = []
    for lib, ns in zip(libs, spaces):
        try:
            results.append(_result(case, ns))
        except Exception as e:
            return dict(row, status="error", error=f"{lib.__name__}: {type(e).__name__}: {e}")
    found = difference(*results) if len(results) == 2 else None
    if found:
        return dict(row, status="error", error=f"results differ: {found}")
    for ns in spaces:
        ns.pop("__builtins__", None)  # put there by eval
    loops = [_loop(case.expr, list(ns)) for ns in spaces]
    runs = [functools.partial(f, **ns) for f, ns in zip(loops, spaces)]

    def seconds(run: Callable[..., None], n: int) -> float:
        return timeit.Timer(lambda: run(n)).timeit(1)

    def passes(run: Callable[..., None]) -> int:  # so that a round takes about `target`
        n = 1
        while not quick:
            t = seconds(run, n)
            if t >= target / 10 or n >= 1 << 24:
                return max(1, round(n * target / t))
            n *= 4
        return 1

    counts = [passes(run) for run in runs]
    times: List[List[float]] = [[] for _ in runs]
    for _ in range(rounds):  # interleaved, so both see the same machine
        for run, n, ts in zip(runs, counts, times):
            ts.append(seconds(run, n))
    ns_per_call = [median(ts) / (4 * n) * 1e9 for ts, n in zip(times, counts)]
    row["passes"] = counts
    row["python_chess_ns"] = ns_per_call[0]
    if row["status"] == "ok":
        row["chessbits_ns"] = ns_per_call[1]
        row["ratio"] = ns_per_call[0] / max(ns_per_call[1], 1e-3)
    return row


def run(classes: Sequence[str] = CLASSES, rounds: int = 5, quick: bool = False) -> List[Row]:
    """Every case of these classes, sorted by ratio (missing and error rows last)."""
    rows = [measure(c, rounds, quick=quick) for c in CASES if c.cls in classes]
    return sorted(rows, key=lambda r: (r["ratio"] is None, r["ratio"] or 0.0))


def _code(expr: str) -> str:
    """Inline code in a Markdown table cell (a | in it would end the cell)."""
    return "`" + expr.replace("|", "\\|") + "`"


def report(rows: List[Row]) -> str:
    """The table, its summary, and what is not timed, as Markdown text."""
    def ns(v: Optional[float]) -> str:
        return "-" if v is None else f"{v:,.1f}"

    out = [table(["class", "name", "timed", "on", "python-chess ns", "chessbits ns", "ratio"],
                 [[r["class"], r["name"], _code(r["timed"]) + (" †" if r["scratch"] else ""), r["on"],
                   ns(r["python_chess_ns"]), r["status"] if r["status"] != "ok" else ns(r["chessbits_ns"]),
                   "-" if r["ratio"] is None else f"{r['ratio']:.2f}x"] for r in rows])]
    if any(r["scratch"] for r in rows):
        out.append("\n† mutates: repeated on the row's own board or set, each call doing the same "
                   "work (idempotent, or undone by the next).")
    ok = [r for r in rows if r["ratio"] is not None]
    missing = [r for r in rows if r["status"] == "missing"]
    errors = [r for r in rows if r["status"] == "error"]
    out.append(f"\n{len(rows)} rows: {len(ok)} timed on both, {len(missing)} missing in chessbits, "
               f"{len(errors)} errors.")
    if ok:
        low = min(ok, key=lambda r: r["ratio"])
        out.append(f"Minimum ratio: {low['ratio']:.2f}x, {low['class']}.{low['name']} "
                   f"{_code(low['timed'])} on {low['on']}.")
        out.append(f"Geometric mean: {math.exp(sum(math.log(r['ratio']) for r in ok) / len(ok)):.2f}x "
                   f"over {len(ok)} rows.")
    for r in errors:
        out.append(f"ERROR {r['class']}.{r['name']} {_code(r['timed'])} on {r['on']}: {r['error']}")
    shown = {r["class"] for r in rows}
    counts = ", ".join(f"{cls} {len(public_names(cls))}" for cls in CLASSES if cls in shown)
    out.append(f"\npython-chess public names ({counts}; dunders users call included): each timed "
               f"above unless listed here.")
    out.append("Not timed, on purpose: " +
               ("none." if not SKIPPED else "\n" + "\n".join(
                   f"  {c}.{n}: {why}" for (c, n), why in sorted(SKIPPED.items()))))
    gaps = uncovered()
    if gaps:
        out.append(f"python-chess public names neither timed nor listed: {', '.join(gaps)}")
    return "\n".join(out)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the per-method table; returns the exit status (1 if any result differs)."""
    ap = Parser(prog="chessbits bench methods", description=summary(__doc__ or ""))
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    ap.add_argument("--only", action="append", choices=CLASSES,
                    help="only this class (repeatable); default: all four")
    ap.add_argument("--json", metavar="FILE", help="also write the rows to FILE as JSON")
    ap.add_argument("--quick", action="store_true",
                    help="one loop pass per round (4 calls): checks every row, times nothing well")
    args = ap.parse_args(argv)
    try:
        import chess  # noqa: F401
    except ImportError:
        print("chessbits bench methods: error: python-chess is not installed", file=sys.stderr)
        return 2
    print(f"Machine: {machine()}")
    print(f"ns per call: medians of {args.rounds} rounds. A round runs a generated loop, the same "
          f"for both libraries, whose passes each make the call 4 times; the number of passes "
          f"makes a round last about 10 ms. `chess` is the library timed; b, m, p, s its board, "
          f"move, piece and square set, made on the position named. Ratio: python-chess ns / "
          f"chessbits ns, above 1.00x chessbits is faster.\n")
    rows = run(args.only or CLASSES, args.rounds, args.quick)
    print(report(rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": machine(), "rounds": args.rounds, "rows": rows}, f, indent=1)
    return 1 if any(r["status"] == "error" for r in rows) else 0
