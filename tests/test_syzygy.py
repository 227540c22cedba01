"""chessbits.syzygy against python-chess's chess.syzygy on the tables of python-chess's sdist:
probe_wdl, probe_dtz, probe_ab, probe_dtz_no_ep, probe_wdl_table and probe_dtz_table of random
positions (both sides to move, non-zero clocks, en passant, captures into smaller tables, five
pieces whose table is missing, castling rights), answers and errors equal by type and repr."""
import random

import pytest

import chessbits
from chessbits import syzygy

chess = pytest.importorskip("chess")
import chess.syzygy  # noqa: E402

from test_syzygy_tables import names, tables  # noqa: E402,F401  (the fixture)

PIECES = "QRBNP"


def answer(fn, *args):
    """fn(*args), or the exception's class name and words."""
    try:
        return fn(*args)
    except Exception as error:  # compared, class and words
        return ("raised", type(error).__name__, str(error))


def same(ours, theirs):
    assert (type(ours).__name__, repr(ours)) == (type(theirs).__name__, repr(theirs))


def random_board(rng, material):
    """A valid python-chess board of `material` (a table name, its colours either way), now
    and then with an en-passant square and a clock."""
    white, black = material.split("v")
    if rng.random() < 0.5:
        white, black = black, white
    pieces = [(c, chess.WHITE) for c in white] + [(c, chess.BLACK) for c in black]
    for _ in range(1000):
        board = chess.Board(None)
        squares = rng.sample(range(64), len(pieces))
        if any(c == "P" and not 8 <= s < 56 for s, (c, _) in zip(squares, pieces)):
            continue
        for square, (letter, color) in zip(squares, pieces):
            board.set_piece_at(square, chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
        board.turn = rng.random() < 0.5
        board.halfmove_clock = rng.choice([0, 0, 1, 7, 49, 99])
        if rng.random() < 0.5:  # a pawn that has just stepped two squares
            for square in chess.SquareSet(board.pawns & board.occupied_co[not board.turn]):
                rank = chess.square_rank(square)
                behind = square + (8 if board.turn == chess.WHITE else -8)
                if rank == (3 if board.turn == chess.BLACK else 4) and board.piece_at(behind) is None:
                    board.ep_square = behind
                    break
        if board.is_valid():
            return board
    raise AssertionError(f"no valid board of {material}")


def probes(ours, theirs, board):
    mine = chessbits.Board(board.fen())
    for name, args in (("probe_wdl", ()), ("probe_dtz", ()), ("probe_ab", (-2, 2)), ("probe_ab", (0, 1)),
                       ("probe_dtz_no_ep", ()), ("probe_wdl_table", ()), ("get_wdl", ()), ("get_dtz", ())):
        same(answer(getattr(ours, name), mine, *args), answer(getattr(theirs, name), board, *args))
    wdl = answer(theirs.probe_wdl, board)
    if wdl in (-2, -1, 1, 2):
        same(answer(ours.probe_dtz_table, mine, wdl), answer(theirs.probe_dtz_table, board, wdl))
    assert mine.fen() == board.fen()  # (probing leaves the board as it was)


def test_random_positions_of_every_table(tables):
    rng = random.Random(2026)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        for name in names(tables):
            for _ in range(40):
                probes(ours, theirs, random_board(rng, name))


def test_five_pieces_capture_into_the_tables_or_name_the_missing_one(tables):
    rng = random.Random(5)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        for _ in range(150):
            material = "K" + "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 2))) + "vK" + \
                "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 2)))
            probes(ours, theirs, random_board(rng, material))


def test_castling_rights_and_too_many_pieces(tables):
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        for fen in ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", chess.STARTING_FEN, "8/8/8/8/8/8/8/K6k w - - 0 1",
                    "8/8/8/8/8/5q2/8/K6k w - - 0 1", "8/pppppppp/8/8/8/8/8/K6k w - - 0 1"):
            probes(ours, theirs, chess.Board(fen))


def test_missing_tables_and_max_fds(tables, tmp_path):
    for name in ("KQvK", "KRvK", "KQvKR"):
        for suffix in (".rtbw", ".rtbz"):
            (tmp_path / f"{name}{suffix}").write_bytes((tables / f"{name}{suffix}").read_bytes())
    (tmp_path / "KvQK.rtbw").write_bytes(b"not a table name: ignored")
    with syzygy.Tablebase(max_fds=2) as ours, chess.syzygy.Tablebase(max_fds=2) as theirs:
        assert ours.add_directory(str(tmp_path)) == theirs.add_directory(str(tmp_path)) == 6
        rng = random.Random(3)
        for name in ("KQvKR", "KQvK", "KRvK", "KQvKR", "KBvK"):
            for _ in range(20):
                probes(ours, theirs, random_board(rng, name))
        assert len(ours._maps) <= 2


def ep_board(rng):
    """A KPvKP board whose side to move can take en passant (the enemy pawn just stepped two)."""
    while True:
        file = rng.randrange(8)
        side = rng.choice([-1, 1])
        if not 0 <= file + side < 8:
            continue
        white = rng.random() < 0.5  # the side to move
        rank = 4 if white else 3
        ours, theirs = chess.square(file, rank), chess.square(file + side, rank)
        behind = chess.square(file + side, rank + (1 if white else -1))
        start = chess.square(file + side, rank + (2 if white else -2))
        kings = rng.sample([s for s in range(64) if s not in (ours, theirs, behind, start)], 2)
        board = chess.Board(None)
        board.set_piece_at(ours, chess.Piece(chess.PAWN, white))
        board.set_piece_at(theirs, chess.Piece(chess.PAWN, not white))
        board.set_piece_at(kings[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(kings[1], chess.Piece(chess.KING, chess.BLACK))
        board.turn, board.ep_square = white, behind
        if board.is_valid() and board.has_legal_en_passant():
            return board


def test_en_passant(tables):
    rng = random.Random(11)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        for _ in range(300):
            probes(ours, theirs, ep_board(rng))


def test_bench_syzygy_runs_and_finds_the_same_answers(tables, capsys):
    """`chessbits bench syzygy` on the sdist's tables: every chessbits answer equal to
    python-chess's (its exit status), the table printed. Timings are not looked at."""
    from chessbits.bench.syzygy import main
    assert main(["--tables", str(tables), "--per-table", "2", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "| chessbits probe_wdl" in out and "| python-chess probe_dtz" in out and "differ" not in out
    assert main([]) == 0  # (without tables: says what it needs, as in `chessbits bench all`)
