"""Coverage-guided fuzzing (atheris, libFuzzer) of every entry point that parses text.

Run it through ``python fuzz/run.py`` (which builds the ASan+UBSan+libFuzzer variant and
preloads its runtime); see fuzz/README.md. An input is bytes::

    <flag byte><line 0>\\n<line 1>\\n...

The flag byte's low bit is chess960 (seeds start with ``0`` or ``1``); the rest is read
as UTF-8 (undecodable bytes become lone surrogates). Line 0 is a FEN (or EPD, or board
part); every later line is move text, a castling part, a square or a FEN. Each string
goes to every parser that takes it:

- ``Board(fen)`` with chess960 off and on, ``set_fen``, ``set_board_fen``, ``set_epd``,
  ``Board.from_epd``, ``set_castling_fen``, ``BaseBoard(board_fen)``;
- ``Move.from_uci``, ``parse_uci``, ``parse_san``, ``push_uci``, ``push_san``,
  ``parse_xboard``; ``parse_square``, ``Piece.from_symbol``;
- ``chessbits.suites.parse_text`` (the whole text), ``detect_chess960``, and the command
  line's ``[FEN|startpos|kiwipete] DEPTH`` (``chessbits.cli.perft.parse_position``).

Invariants (AssertionError, which libFuzzer reports as a crash with the input saved):

- a parse raises ValueError (or a subclass) or succeeds, nothing else escapes (a suite's
  ValueError names its line; ``detect_chess960`` never raises; the command line's parser
  raises only its one-line BadInput);
- a parse that fails leaves the board exactly as it was (FEN, raw state, move stack);
- after a successful parse, a valid board reads back from its FEN (and Shredder-FEN, and
  EPD) to the same FEN;
- on a parsed position (played on with the move lines): every legal move's SAN and UCI
  parse back to the move, push/pop restores the position, perft(2) is the sum of the
  children's legal move counts, mirror() twice and copy() give the position back;
- line 0 read by each of python-chess's variants (``chessbits.variant``'s boards: crazyhouse's
  pockets, three-check's checks) raises ValueError or reads back from its FEN unchanged (or,
  with python-chess installed, as python-chess's own board of it reads back: suicide's
  FEN marks promoted men while raw castling rights allow Chess960 castling, and drops the
  marks once read back without them),
  every legal move's SAN (drops too) parses back to it, push/pop of its legal moves keeps
  its FEN, and its perft(2) is the sum of the children's legal moves; line 0 read as SAN
  on that board raises ValueError or gives a legal move.

Disagreements with python-chess are not failures here; ``python fuzz/run.py --compare``
replays the seeds and the corpus through both libraries and counts them.
"""
import sys

import atheris

with atheris.instrument_imports(include=["chessbits"]):
    import chessbits
    from chessbits import _core
    from chessbits.variant import find_variant
    from chessbits import epd as _epd  # noqa: F401  (set_epd imports it; instrument it now)
    from chessbits import suites
    from chessbits.cli.common import BadInput
    from chessbits.cli.perft import parse_position

try:  # the specification, where a round trip is not exact in python-chess either
    import chess.variant as pychess_variant
except ImportError:
    pychess_variant = None

MAX_LINES = 12      # move lines read per input
MAX_EXERCISED = 64  # legal moves whose SAN/UCI/push are checked per position


def snapshot(board):
    """Everything a failed parse must leave as it was."""
    if isinstance(board, chessbits.Board):
        return (board.fen(en_passant="fen", promoted=True), board.castling_rights, board.ep_square,
                board.chess960, tuple(board.move_stack))
    return (board.board_fen(promoted=True), board.promoted)


def attempt(board, name, fn, *args):
    """(True, result) if fn(*args) parsed, (False, None) if it raised ValueError having
    left board (if given) as it was; AssertionError for anything else."""
    before = snapshot(board) if board is not None else None
    try:
        return True, fn(*args)
    except ValueError:
        if board is not None and snapshot(board) != before:
            raise AssertionError(f"{name}{args!r} failed but changed the board:\n"
                                 f"  before {before}\n  after  {snapshot(board)}") from None
        return False, None
    except Exception as e:
        raise AssertionError(f"{name}{args!r} raised {type(e).__name__}: {e}") from e


def check_roundtrip(board, where):
    """A valid board reads back from its FEN, Shredder-FEN and EPD unchanged."""
    if not board.is_valid():
        return
    fen = board.fen()
    for text in (fen, board.shredder_fen()):
        again = chessbits.Board(text, chess960=board.chess960).fen()
        if again != fen:
            raise AssertionError(f"{where}: {text!r} read back as {again!r}, expected {fen!r}")
    again, _ = chessbits.Board.from_epd(board.epd(), chess960=board.chess960)
    if again.epd() != board.epd():
        raise AssertionError(f"{where}: epd {board.epd()!r} read back as {again.epd()!r}")


def exercise(board):
    """Run the move generator and friends over board (a parsed, maybe odd, position)."""
    before = snapshot(board)
    valid = board.is_valid()
    moves = list(board.legal_moves)
    if len(moves) != board.legal_moves.count():
        raise AssertionError(f"legal_moves: {len(moves)} listed, count() {board.legal_moves.count()}")
    list(board.pseudo_legal_moves)
    board.status(), board.is_check(), board.is_checkmate(), board.is_stalemate()
    board.is_insufficient_material(), board.outcome(), board.has_legal_en_passant()
    board.fen(shredder=True, en_passant="xfen", promoted=True), board.epd(), board.castling_xfen()
    children = 0
    for move in moves[:MAX_EXERCISED]:
        san = board.san(move)
        board.lan(move), board.gives_check(move), board.is_capture(move), board.is_castling(move)
        if valid:  # (a ValueError here escapes: libFuzzer reports it)
            for text, parse in ((san, board.parse_san), (board.uci(move), board.parse_uci)):
                back = parse(text)
                if back != move:
                    raise AssertionError(f"{text!r} of {move.uci()} parsed as {back!r} in {board.fen()}")
        board.push(move)
        children += board.legal_moves.count()
        board.fen()
        board.pop()
    if snapshot(board) != before:
        raise AssertionError(f"push/pop of the legal moves changed the board: {before} -> {snapshot(board)}")
    perft2 = board.perft(2)
    if len(moves) <= MAX_EXERCISED and perft2 != children:
        raise AssertionError(f"perft(2) {perft2}, children's moves {children} in {board.fen()}")
    copy = board.copy()
    if snapshot(copy) != before:
        raise AssertionError(f"copy() {snapshot(copy)} differs from {before}")
    mirrored = board.mirror()
    mirrored.legal_moves.count()
    if mirrored.mirror().fen(promoted=True) != board.fen(promoted=True):
        raise AssertionError(f"mirror().mirror() of {board.fen()} is {mirrored.mirror().fen()}")


def pychess_round_trip(variant, head, chess960):
    """python-chess's FEN of its variant board of head, and of its board read from that FEN
    (None without python-chess, or if it refuses head)."""
    if pychess_variant is None:
        return None
    try:
        board = pychess_variant.find_variant(variant)(head, chess960=chess960)
        return board.fen(), type(board)(board.fen(), chess960=chess960).fen()
    except Exception:  # noqa: BLE001: any refusal, the spec's own errors included
        return None


def exercise_variants(head, chess960):
    """Each variant reads head as its FEN (pockets, checks), raising ValueError or giving a
    board that reads back from its FEN unchanged; then its legal moves' SAN is read back, the
    moves are played and taken back (the FEN as before), and perft(2), whose last ply the fast
    paths count without listing, is the sum of the children's listed moves."""
    for variant in _core.VARIANT_NAMES:
        ok, game = attempt(None, f"variant {variant}", lambda fen: find_variant(variant)(fen, chess960=chess960), head)
        if not ok:
            continue
        fen = game.fen()
        again = find_variant(variant)(fen, chess960=chess960).fen()
        if again != fen and pychess_round_trip(variant, head, chess960) != (fen, again):
            raise AssertionError(f"{variant}: {fen!r} read back as {again!r}")
        ok, move = attempt(None, f"{variant} parse_san", game.parse_san, head)
        if ok and move and not game.is_legal(move):
            raise AssertionError(f"{variant}: parse_san({head!r}) gave {move.uci()}, not legal in {fen}")
        moves, children = list(game.legal_moves), 0
        for move in moves[:MAX_EXERCISED]:
            san = game.san(move)
            if game.parse_san(san) != move:
                raise AssertionError(f"{variant}: SAN {san!r} of {move.uci()} reads back as another move in {fen}")
            game.push(move)
            children += game.legal_moves.count()
            game.fen()
            game.pop()
            if game.fen() != fen:
                raise AssertionError(f"{variant}: push/pop of {move.uci()} left {game.fen()!r}, expected {fen!r}")
        if len(moves) <= MAX_EXERCISED and game.perft(2) != children:
            raise AssertionError(f"{variant}: perft(2) {game.perft(2)}, children's moves {children} in {fen}")


def one_line(board, text):
    """Every parser of move text, castling text, squares and FENs, on text against board
    (left as it was); then text played on board if it is a move."""
    attempt(None, "Move.from_uci", chessbits.Move.from_uci, text)
    attempt(None, "parse_square", chessbits.parse_square, text)
    attempt(None, "Piece.from_symbol", chessbits.Piece.from_symbol, text)
    ok_uci, move_uci = attempt(board, "parse_uci", board.parse_uci, text)
    ok_san, move_san = attempt(board, "parse_san", board.parse_san, text)
    attempt(board, "parse_xboard", board.parse_xboard, text)
    if ok_uci and move_uci and board.is_valid() and not board.is_legal(move_uci):
        raise AssertionError(f"parse_uci({text!r}) gave the illegal {move_uci!r} in {board.fen()}")
    if ok_san and move_san and board.is_valid() and not board.is_legal(move_san):
        raise AssertionError(f"parse_san({text!r}) gave the illegal {move_san!r} in {board.fen()}")
    for name in ("set_castling_fen", "set_board_fen", "set_fen", "set_epd"):
        other = board.copy()
        ok, _ = attempt(other, name, getattr(other, name), text)
        if ok:
            check_roundtrip(other, f"{name}({text!r})")
    base = chessbits.BaseBoard(None)
    attempt(base, "BaseBoard.set_board_fen", base.set_board_fen, text)
    # play it: SAN first, then UCI; the board keeps the move if either parses
    before = board.fen()
    ok, move = attempt(board, "push_san", board.push_san, text)
    if not ok:
        ok, move = attempt(board, "push_uci", board.push_uci, text)
    if ok and move:
        board.pop()
        if board.fen() != before:
            raise AssertionError(f"push {text!r} then pop: {board.fen()!r}, expected {before!r}")
        board.push(move)


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    chess960 = fdp.ConsumeBool()
    text = fdp.ConsumeBytes(fdp.remaining_bytes()).decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    head, moves = lines[0], lines[1:MAX_LINES + 1]

    try:  # a malformed suite is a ValueError naming the line
        suites.parse_text(text)
    except ValueError as e:
        if not str(e).startswith("<text>:"):
            raise AssertionError(f"suites.parse_text({text!r}): ValueError without its line: {e}") from e
    if not isinstance(suites.detect_chess960(head), bool):  # best effort: never raises
        raise AssertionError(f"detect_chess960({head!r}) is not a bool")
    try:  # the command line's position and depth: a bad one is a one-line BadInput
        parse_position(head.split(" ") + [moves[0] if moves else "1"], chess960, note=False)
    except BadInput:
        pass
    attempt(None, "Board", chessbits.Board, head)  # standard chess (Chess960 below if flagged)
    attempt(None, "BaseBoard", chessbits.BaseBoard, head)
    attempt(None, "Board.from_epd", lambda epd: chessbits.Board.from_epd(epd, chess960=chess960), head)

    exercise_variants(head, chess960)
    ok, board = attempt(None, "Board", lambda fen: chessbits.Board(fen, chess960=chess960), head)
    if not ok:
        board = chessbits.Board(chess960=chess960)
        for name in ("set_fen", "set_epd", "set_board_fen"):
            attempt(board, name, getattr(board, name), head)
    else:
        check_roundtrip(board, f"Board({head!r})")
    exercise(board)
    for line in moves:
        one_line(board, line)
    if moves:
        exercise(board)


def compare(paths):
    """Replay inputs (files, or directories of them); print how often, and where first,
    python-chess accepts, rejects or reads the same text differently."""
    import collections
    import os
    import chess
    libs = {"chessbits": chessbits, "python-chess": chess}
    seen = collections.Counter()
    examples = {}

    def plain(value):
        """A value both libraries' answers can be compared as."""
        if isinstance(value, (chessbits.Move, chess.Move)):
            return value.uci()
        if isinstance(value, (chessbits.Piece, chess.Piece)):
            return value.symbol()
        if isinstance(value, (chessbits.Board, chess.Board)):
            return value.fen()
        if isinstance(value, (chessbits.BaseBoard, chess.BaseBoard)):
            return value.board_fen()
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return value

    def outcome(fn):
        try:
            return "ok", plain(fn())
        except ValueError:
            return "ValueError", None
        except Exception as e:  # recorded as it is
            return type(e).__name__, str(e)[:80]

    def board(lib, fen, chess960):
        try:
            return lib.Board(fen, chess960=chess960)
        except ValueError:
            return lib.Board(chess960=chess960)

    def on_copy(method, text):
        def fn(lib, b):
            b = b.copy()
            getattr(b, method)(text)
            return b
        return fn

    files = []
    for p in paths:
        files += [os.path.join(p, n) for n in sorted(os.listdir(p))] if os.path.isdir(p) else [p]
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        chess960 = bool(data[:1]) and bool(data[0] & 1)
        lines = data[1:].decode("utf-8", "surrogateescape").split("\n")
        head = lines[0]
        checks = [("Board", lambda lib, b: lib.Board(head, chess960=chess960)),
                  ("BaseBoard", lambda lib, b: lib.BaseBoard(head)),
                  ("Board.from_epd", lambda lib, b: lib.Board.from_epd(head, chess960=chess960))]
        for text in lines[1:MAX_LINES + 1]:
            checks += [("parse_san", lambda lib, b, t=text: b.parse_san(t)),
                       ("parse_uci", lambda lib, b, t=text: b.parse_uci(t)),
                       ("Move.from_uci", lambda lib, b, t=text: lib.Move.from_uci(t)),
                       ("parse_square", lambda lib, b, t=text: lib.parse_square(t)),
                       ("Piece.from_symbol", lambda lib, b, t=text: lib.Piece.from_symbol(t))]
            checks += [(m, on_copy(m, text)) for m in ("set_castling_fen", "set_board_fen", "set_fen", "set_epd")]
        boards = {name: board(lib, head, chess960) for name, lib in libs.items()}
        for name, fn in checks:
            a, b = (outcome(lambda: fn(lib, boards[n])) for n, lib in libs.items())
            if a != b:
                kind = f"{name}: chessbits {a[0]}, python-chess {b[0]}"
                seen[kind] += 1
                examples.setdefault(kind, (os.path.basename(path), data[:100], a, b))
    print(f"{len(files)} inputs replayed")
    for kind, n in seen.most_common():
        print(f"{n:6d}  {kind}\n        e.g. {examples[kind]!r}")
    if not seen:
        print("no disagreements")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        compare(sys.argv[2:])
    else:
        atheris.Setup(sys.argv, TestOneInput)
        atheris.Fuzz()
