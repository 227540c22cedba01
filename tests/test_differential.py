"""Differential test: chessbits against python-chess through python-chess's public names only,
so it measures `import chessbits as chess` as a drop-in.

Seeded random games (standard and Chess960 from random start positions), and at every ply
the same question asked of both libraries: FENs, legal and pseudo-legal moves in order, SAN
and LAN of every legal move and their round trip, check, game state, castling and en passant,
clocks, every square's piece, attacks, attackers and pins, every legal move's kind, mirror,
copy, root, repetition, pieces, piece map and the polyglot key; then the same random move is
pushed on both. At the end of each game every move is popped back, FENs compared.

Answers are compared by type and repr as well as value (chessbits._answers: `False` is not
`0`, a list not a tuple, chessbits' Move answers to python-chess's Move by repr), and raw:
SquareSets, Moves, Pieces, Outcomes and enums as each library gives them. Every mismatch is counted by query and the first example of each kind reported (FEN, the
moves from the start, the arguments, both answers), so one run shows all that is missing.

    CHESSBITS_DIFF_PLIES=10000 python -m pytest tests/test_differential.py -s   # the long run
    CHESSBITS_SUBJECT=chess python -m pytest tests/test_differential.py         # self-test:
        python-chess on both sides, everything must agree
"""
from __future__ import annotations

import importlib
import os
import random
from collections import Counter

import chess
import chess.polyglot
import pytest

from chessbits._answers import difference, settle, show

SUBJECT_NAME = os.environ.get("CHESSBITS_SUBJECT", "chessbits")
sub_lib = importlib.import_module(SUBJECT_NAME)
PLIES = int(os.environ.get("CHESSBITS_DIFF_PLIES", "1500"))
GAME_PLIES = 150          # longest game; capture-hungry play reaches endgames well before
SEED = 20260


class Raised:
    """An exception as an answer: equal to another of the same class name and message
    (python-chess's messages are the spec)."""

    def __init__(self, exc: BaseException):
        self.name, self.text = type(exc).__name__, str(exc)

    def __eq__(self, other):
        return isinstance(other, Raised) and (other.name, other.text) == (self.name, self.text)

    def __repr__(self):
        return f"raises {self.name}: {self.text}"


def answer(fn, *args):
    try:
        return settle(fn(*args))
    except Exception as exc:  # noqa: BLE001: an exception is an answer to compare
        return Raised(exc)


def short(value, limit=300) -> str:
    text = show(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


class Tally:
    """Mismatches counted per query, with the first example of each."""

    def __init__(self):
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.comparisons = 0
        self.plies = 0
        self.games = 0
        self.seen: Counter[str] = Counter()  # what the reference boards went through: coverage

    def compare(self, name, ref, sub, where, arg=None, limit=300):
        self.comparisons += 1
        found = difference(ref, sub)
        if found is None:
            return True
        self.counts[name] += 1
        if name not in self.examples:
            call = name if arg is None else f"{name} [{arg}]" if name.endswith(")") else f"{name}({arg})"
            self.examples[name] = (f"{call} {where()}\n      {found}\n"
                                   f"      python-chess: {short(ref, limit)}\n"
                                   f"      {SUBJECT_NAME + ':':<13} {short(sub, limit)}")
        return False

    def report(self, what) -> str:
        """One line per query that disagreed: count, first example, both answers."""
        games = f"{self.plies} plies in {self.games} games, " if self.games else ""
        lines = [f"{what}: {games}{self.comparisons:,} comparisons, "
                 f"{sum(self.counts.values()):,} mismatches in {len(self.counts)} queries "
                 f"({SUBJECT_NAME} against python-chess {chess.__version__})"]
        if self.seen:
            lines.append("  seen: " + ", ".join(f"{k} {v}" for k, v in sorted(self.seen.items())))
        for name, n in self.counts.most_common():
            lines.append(f"  [{n}x] {self.examples[name]}")
        return "\n".join(lines)


# Each query: name -> f(board, lib) answering as the library answers (compared by type and
# repr); `lib` is the board's own module (python-chess or the subject), so each side is asked
# in its own terms.
BOARD_QUERIES = {
    "fen()": lambda b, L: b.fen(),
    "epd()": lambda b, L: b.epd(),
    "board_fen()": lambda b, L: b.board_fen(),
    "shredder_fen()": lambda b, L: b.shredder_fen(),
    "turn": lambda b, L: b.turn,
    "legal_moves": lambda b, L: list(b.legal_moves),
    "pseudo_legal_moves": lambda b, L: list(b.pseudo_legal_moves),
    "is_check()": lambda b, L: b.is_check(),
    "checkers()": lambda b, L: b.checkers(),
    "checkers_mask()": lambda b, L: b.checkers_mask(),
    "is_checkmate()": lambda b, L: b.is_checkmate(),
    "is_stalemate()": lambda b, L: b.is_stalemate(),
    "is_insufficient_material()": lambda b, L: b.is_insufficient_material(),
    "is_game_over()": lambda b, L: b.is_game_over(),
    "outcome()": lambda b, L: b.outcome(),
    "outcome(claim_draw=True)": lambda b, L: b.outcome(claim_draw=True),
    "result()": lambda b, L: b.result(),
    "status()": lambda b, L: b.status(),
    "is_valid()": lambda b, L: b.is_valid(),
    "castling_rights": lambda b, L: b.castling_rights,
    "clean_castling_rights()": lambda b, L: b.clean_castling_rights(),
    "ep_square": lambda b, L: b.ep_square,
    "has_legal_en_passant()": lambda b, L: b.has_legal_en_passant(),
    "halfmove_clock": lambda b, L: b.halfmove_clock,
    "fullmove_number": lambda b, L: b.fullmove_number,
    "ply()": lambda b, L: b.ply(),
    "mirror().fen()": lambda b, L: b.mirror().fen(),
    "root().fen()": lambda b, L: b.root().fen(),
    "copy().fen()": lambda b, L: b.copy().fen(),
    "is_repetition()": lambda b, L: b.is_repetition(),
    "can_claim_fifty_moves()": lambda b, L: b.can_claim_fifty_moves(),
    "piece_map()": lambda b, L: b.piece_map(),
    "chess.polyglot.zobrist_hash(board)": lambda b, L: chess.polyglot.zobrist_hash(b),
}
COLOR_QUERIES = {
    "has_castling_rights": lambda b, c: b.has_castling_rights(c),
    "has_kingside_castling_rights": lambda b, c: b.has_kingside_castling_rights(c),
    "has_queenside_castling_rights": lambda b, c: b.has_queenside_castling_rights(c),
}
SQUARE_QUERIES = {
    "piece_at": lambda b, sq: b.piece_at(sq),
    "piece_type_at": lambda b, sq: b.piece_type_at(sq),
    "color_at": lambda b, sq: b.color_at(sq),
    "attacks_mask": lambda b, sq: b.attacks_mask(sq),
}
COLOR_SQUARE_QUERIES = {
    "attackers_mask": lambda b, c, sq: b.attackers_mask(c, sq),
    "is_attacked_by": lambda b, c, sq: b.is_attacked_by(c, sq),
    "pin_mask": lambda b, c, sq: b.pin_mask(c, sq),
    "is_pinned": lambda b, c, sq: b.is_pinned(c, sq),
}
MOVE_QUERIES = {
    "san": lambda b, m: b.san(m),
    "lan": lambda b, m: b.lan(m),
    "parse_san(san(m)) == m": lambda b, m: b.parse_san(b.san(m)),
    "is_capture": lambda b, m: b.is_capture(m),
    "is_en_passant": lambda b, m: b.is_en_passant(m),
    "is_castling": lambda b, m: b.is_castling(m),
    "is_zeroing": lambda b, m: b.is_zeroing(m),
    "is_irreversible": lambda b, m: b.is_irreversible(m),
    "gives_check": lambda b, m: b.gives_check(m),
}
COLORS = (chess.WHITE, chess.BLACK)
PIECE_TYPES = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
SQUARES = range(64)
# chessbits' own key, asked only of a subject Board that has the method (python-chess's has not)
SUBJECT_HAS_ZOBRIST = hasattr(getattr(sub_lib, "Board", None), "zobrist_hash")


class Game:
    """One board of each library, the moves played, and the tally to report into."""

    def __init__(self, tally: Tally, ref: chess.Board, sub):
        self.tally, self.ref, self.sub = tally, ref, sub
        self.start = ref.fen()
        self.chess960 = ref.chess960

    def where(self):
        moves = " ".join(m.uci() for m in self.ref.move_stack) or "(none)"
        return (f"at {self.ref.fen()}\n      from Board({self.start!r}, chess960={self.chess960}) "
                f"after {moves}")

    def check(self, name, fn, ref_args=(), sub_args=None, arg=None):
        sub_args = ref_args if sub_args is None else sub_args
        return self.tally.compare(name, answer(fn, self.ref, *ref_args),
                                  answer(fn, self.sub, *sub_args), self.where, arg)

    def check_position(self):
        t = self.tally
        for name, fn in BOARD_QUERIES.items():
            self.check(name, fn, (chess,), (sub_lib,))
        for c in COLORS:
            for name, fn in COLOR_QUERIES.items():
                self.check(name, fn, (c,), arg=c)
            for pt in PIECE_TYPES:
                self.check("pieces", lambda b: b.pieces(pt, c), arg=f"{pt}, {c}")
        if SUBJECT_HAS_ZOBRIST:
            t.compare("zobrist_hash() (chessbits' own) vs polyglot", chess.polyglot.zobrist_hash(self.ref),
                      answer(lambda: self.sub.zobrist_hash()), self.where)
        for sq in SQUARES:
            for name, fn in SQUARE_QUERIES.items():
                self.check(name, fn, (sq,), arg=chess.SQUARE_NAMES[sq])
            for c in COLORS:
                for name, fn in COLOR_SQUARE_QUERIES.items():
                    self.check(name, fn, (c, sq), arg=f"{c}, {chess.SQUARE_NAMES[sq]}")
        ref = self.ref
        t.seen["check"] += ref.is_check()
        t.seen["legal en passant"] += ref.has_legal_en_passant()
        for move in ref.legal_moves:
            t.seen["castling moves"] += ref.is_castling(move)
            t.seen["promotions"] += bool(move.promotion)
            sub_move = answer(lambda: sub_lib.Move.from_uci(move.uci()))
            if not t.compare("Move.from_uci", move, sub_move, self.where, move.uci()):
                continue
            for name, fn in MOVE_QUERIES.items():
                self.check(name, fn, (move,), (sub_move,), arg=move.uci())

    def push(self, move) -> bool:
        if move:
            sub_move = answer(lambda: sub_lib.Move.from_uci(move.uci()))
        else:
            sub_move = answer(lambda: sub_lib.Move.null())
        pushed = answer(lambda: self.sub.push(sub_move))
        ok = self.tally.compare("push", None, pushed if isinstance(pushed, Raised) else None,
                                self.where, move.uci())
        if ok:
            self.ref.push(move)
        return ok

    def unwind(self):
        while self.ref.move_stack:
            before = self.where()
            popped = answer(self.sub.pop)
            if not self.tally.compare("pop()", self.ref.pop(), popped, lambda: before):
                return
            self.tally.compare("fen() after pop()", self.ref.fen(), answer(self.sub.fen), self.where)


def fen_of(board):
    return board if isinstance(board, Raised) else answer(board.fen)


def new_game(tally: Tally, rng: random.Random, chess960: bool) -> Game | None:
    if not chess960:
        ref, sub = chess.Board(), answer(lambda: sub_lib.Board())
    else:
        n = rng.randrange(960)
        ref = chess.Board.from_chess960_pos(n)
        sub = answer(lambda: sub_lib.Board.from_chess960_pos(n))
        if not tally.compare("Board.from_chess960_pos", ref.fen(), fen_of(sub),
                             lambda: f"with n={n}"):
            sub = answer(lambda: sub_lib.Board(ref.fen(), chess960=True))  # measure the rest anyway
    if not tally.compare("Board() / Board(fen, chess960=True)", ref.fen(), fen_of(sub),
                         lambda: f"at {ref.fen()}"):
        return None
    return Game(tally, ref, sub)


def choose(rng: random.Random, board: chess.Board):
    moves = list(board.legal_moves)
    r = rng.random()
    if r < 0.04 and not board.is_check():
        return chess.Move.null()
    if r < 0.35:  # captures and promotions: to endgames and mates
        captures = [m for m in moves if board.is_capture(m) or m.promotion]
        if captures:
            return rng.choice(captures)
    elif r < 0.45:  # a double step the opponent may take en passant: rare in random play
        for m in moves:
            if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
                board.push(m)
                en_passant = board.has_legal_en_passant()
                board.pop()
                if en_passant:
                    return m
    if r < 0.55:  # pawn moves: en passant chances, promotions
        pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        if pawn_moves:
            return rng.choice(pawn_moves)
    return rng.choice(moves)


def play(tally: Tally, rng: random.Random, plies: int):
    game_number = 0
    while tally.plies < plies:
        game = new_game(tally, rng, chess960=game_number % 2 == 1)
        game_number += 1
        tally.games += 1
        if game is None:
            if game_number > 4:
                return  # the subject cannot even set up a board: nothing more to learn
            continue
        for _ in range(min(GAME_PLIES, plies - tally.plies)):
            game.check_position()
            tally.plies += 1
            if game.ref.is_game_over():
                tally.seen[game.ref.outcome().termination.name.lower()] += 1
                break
            if game.ref.move_stack and not game.ref.peek():
                tally.seen["null moves"] += 1
            move = choose(rng, game.ref)
            if not game.push(move):
                if move:
                    break  # the same move cannot be played on both: the game ends here
                # the subject refused a null move (counted): play on with a real one
                if not game.push(rng.choice(list(game.ref.legal_moves))):
                    break
        game.unwind()


def test_random_games_against_python_chess():
    tally = Tally()
    play(tally, random.Random(SEED), PLIES)
    report = tally.report("random games")
    assert tally.plies >= min(PLIES, 100), report
    if tally.counts:
        pytest.fail(report, pytrace=False)
    print("\n" + report)


# FENs python-chess accepts though status() calls them invalid; the answer must be the same.
ODD_FENS = [
    "4k3/8/8/8/8/8/4P3/8 w - - 0 1",                                # no white king
    "8/8/8/8/8/8/4P3/4K3 b - - 0 1",                                # no black king, black to move
    "8/8/8/8/8/8/8/8 w - - 0 1",                                    # empty
    "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1",                              # two white kings
    "4k3/8/8/8/8/8/8/2K1K3 b - - 0 1",                              # two white kings, black to move
    "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",                              # pawns on the back ranks
    "k7/8/8/8/8/8/8/R3K3 w - - 0 1",                                # side not to move in check
    "8/8/8/4k3/4K3/8/8/8 w - - 0 1",                                # kings touching
    "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",                             # castling rights, no rooks
    "r3k3/8/8/8/8/8/8/4K2R b KQkq - 0 1",                           # some castling rights bad
    "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",                               # en passant square, no pawn
    "4k3/8/8/3pP3/8/8/8/4K3 w - e3 0 1",                            # en passant square wrong rank
    "7k/4r3/8/8/8/5n2/8/r3K3 w - - 0 1",                            # triple check
    "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",    # nine white pawns
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",    # ep square with nothing behind
]


def perft2(board) -> int:
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        for reply in list(board.legal_moves):
            board.push(reply)
            nodes += 1
            board.pop()
        board.pop()
    return nodes


ODD_QUERIES = {
    "status()": lambda b: b.status(),
    "castling_rights": lambda b: b.castling_rights,
    "is_valid()": lambda b: b.is_valid(),
    "is_insufficient_material()": lambda b: b.is_insufficient_material(),
    "legal_moves": lambda b: list(b.legal_moves),
    "pseudo_legal_moves": lambda b: list(b.pseudo_legal_moves),
    "is_check()": lambda b: b.is_check(),
    "perft(2) by push/pop": perft2,
}


def test_odd_positions_against_python_chess():
    tally = Tally()
    for fen in ODD_FENS:
        ref = chess.Board(fen)
        assert ref.status() != chess.STATUS_VALID, f"{fen} is valid: not an odd position"
        sub = answer(lambda: sub_lib.Board(fen))
        if not tally.compare("Board(fen)", None, sub if isinstance(sub, Raised) else None,
                             lambda: f"for {fen}"):
            continue
        for name, fn in ODD_QUERIES.items():
            tally.compare(name, answer(fn, ref), answer(fn, sub), lambda: f"at {fen}")
    report = tally.report(f"odd positions ({len(ODD_FENS)} FENs)")
    if tally.counts:
        pytest.fail(report, pytrace=False)
    print("\n" + report)


# Module-level names of the board/move/piece/square API, compared by value; helpers on every
# square. A missing name is one mismatch.
CONSTANT_TYPES = (bool, int, str)


def is_constant(value):
    if isinstance(value, CONSTANT_TYPES):
        return True
    if isinstance(value, (list, tuple)):
        return all(isinstance(v, CONSTANT_TYPES) for v in value)
    if isinstance(value, dict):
        return all(isinstance(v, CONSTANT_TYPES) for kv in value.items() for v in kv)
    return False


def module_constants():
    names = []
    for name in dir(chess):
        value = getattr(chess, name)
        if name.startswith("_") or not name.isupper():
            continue
        if is_constant(value):
            names.append(name)
    return names


SQUARE_HELPERS = {
    "square_name": lambda L, sq: L.square_name(sq),
    "parse_square": lambda L, sq: L.parse_square(chess.SQUARE_NAMES[sq]),
    "square_file": lambda L, sq: L.square_file(sq),
    "square_rank": lambda L, sq: L.square_rank(sq),
    "square_mirror": lambda L, sq: L.square_mirror(sq),
    "square(file, rank)": lambda L, sq: L.square(sq % 8, sq // 8),
    "square_distance(sq, e4)": lambda L, sq: L.square_distance(sq, 28),
    "square_manhattan_distance(sq, e4)": lambda L, sq: L.square_manhattan_distance(sq, 28),
    "square_knight_distance(sq, e4)": lambda L, sq: L.square_knight_distance(sq, 28),
}
PIECE_HELPERS = {
    "piece_symbol": lambda L, pt: L.piece_symbol(pt),
    "piece_name": lambda L, pt: L.piece_name(pt),
    "Piece(pt, color)": lambda L, pt: (L.Piece(pt, True), L.Piece(pt, False)),
    "Piece.from_symbol(s)": lambda L, pt: (L.Piece.from_symbol(chess.piece_symbol(pt)),
                                           L.Piece.from_symbol(chess.piece_symbol(pt).upper()).color),
}


def test_module_names_against_python_chess():
    tally = Tally()
    names = module_constants()
    present = [n for n in names if hasattr(sub_lib, n)]
    tally.compare("module constants missing", [], [n for n in names if n not in present],
                  lambda: f"(of {len(names)})", limit=5000)
    for name in present:
        tally.compare(f"chess.{name}", getattr(chess, name), getattr(sub_lib, name), lambda: "(value)")
    for name, fn in SQUARE_HELPERS.items():
        for sq in SQUARES:
            tally.compare(name, answer(fn, chess, sq), answer(fn, sub_lib, sq),
                          lambda: f"for {chess.SQUARE_NAMES[sq]}")
    for name, fn in PIECE_HELPERS.items():
        for pt in PIECE_TYPES:
            tally.compare(name, answer(fn, chess, pt), answer(fn, sub_lib, pt), lambda: f"for {pt}")
    report = tally.report("module names")
    if tally.counts:
        pytest.fail(report, pytrace=False)
    print("\n" + report)


if __name__ == "__main__":
    pytest.main([__file__, "-s", "-q"])
