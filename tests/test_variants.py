"""python-chess's variants in C (ext/variant.c through chessbits._core.VariantGame): every
published count of python-chess's variant perft suites, random playouts move for move against
python-chess's variant boards, Fairy-Stockfish (pyffish) as a second perft oracle, and the
command line's --variant."""
import random
from pathlib import Path

import pytest

from chessbits import _variants
from chessbits.cli import main as cli_main
from chessbits.compare import python_chess_perft
from chessbits.suites import load

chess = pytest.importorskip("chess")
import chess.variant  # noqa: E402

DATA = Path(__file__).parent / "data" / "variants"
SUITES = {"3check": "3check", "atomic": "atomic", "crazyhouse": "crazyhouse", "giveaway": "giveaway",
          "horde": "horde", "racingkings": "racingkings"}
VARIANTS = [v for v in _variants.VARIANTS if v != "chess"]
PLAYOUT_PLIES = 5_000  # per variant, the floor


def published():
    for variant, stem in SUITES.items():
        for entry in load(str(DATA / f"python-chess-{stem}.perft")):
            for depth, nodes in sorted(entry.depths.items()):
                yield pytest.param(variant, entry.fen, entry.chess960, depth, nodes, id=f"{entry.name}-{depth}")


@pytest.mark.parametrize("variant,fen,chess960,depth,nodes", list(published()))
def test_published_counts(variant, fen, chess960, depth, nodes):
    assert _variants.game(variant, fen, chess960).perft(depth) == nodes


def test_atomic960_needs_chess960():
    # the castling rights of atomic960-castle-1 mean something only in Chess960
    fen = "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"
    assert _variants.game("atomic", fen, chess960=True).perft(1) == 18
    assert _variants.game("atomic", fen).perft(1) == chess.variant.AtomicBoard(fen).legal_moves.count()


def state(board):
    """What a variant board is, as python-chess shows it."""
    return (board.board_fen(promoted=True), board.turn, board.castling_rights, board.ep_square,
            board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw(),
            board.checkers_mask(), board.is_check(), board.has_insufficient_material(chess.WHITE),
            board.has_insufficient_material(chess.BLACK))


def extra(board, variant):
    if variant == "3check":
        return board.remaining_checks[chess.WHITE], board.remaining_checks[chess.BLACK]
    if variant == "crazyhouse":
        return str(board.pockets[chess.WHITE]), str(board.pockets[chess.BLACK])
    return None


def ours_extra(game, variant):
    return game.remaining_checks if variant == "3check" else game.pockets if variant == "crazyhouse" else None


@pytest.mark.parametrize("variant", VARIANTS)
def test_playouts_against_python_chess(variant):
    """Legal moves (same order), board, rights, ep, checks, pockets, FEN and the variant's
    end after every push and every pop, perft 2 every 50 plies, over PLAYOUT_PLIES random plies."""
    rng = random.Random(variant)
    cls = chess.variant.find_variant(variant)
    plies = games = 0
    while plies < PLAYOUT_PLIES:
        chess960 = games % 4 == 3 and variant not in ("racingkings", "horde")
        board = cls(chess960=chess960)
        game = _variants.game(variant, board.fen(), chess960)
        games += 1
        for _ in range(300):
            theirs = [m.uci() for m in board.legal_moves]
            assert [m.uci() for m in game.legal_moves] == theirs, board.fen()
            assert (state(game), ours_extra(game, variant)) == (state(board), extra(board, variant)), board.fen()
            assert game.fen() == board.fen(en_passant="fen"), board.fen()
            if not theirs:
                break
            if plies % 50 == 0:  # the counts at depth 1, where fast paths count without listing
                assert game.perft(2) == python_chess_perft(board, 2), board.fen()
            uci = rng.choice(theirs)
            board.push_uci(uci)
            game.push_uci(uci)
            plies += 1
            if rng.random() < 0.1:
                board.pop()
                game.pop()
                assert state(game) == state(board), board.fen()
                board.push_uci(uci)
                game.push_uci(uci)
    assert plies >= PLAYOUT_PLIES


def test_fen_round_trip_and_errors():
    fen = "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1"
    assert _variants.game("crazyhouse", fen).fen() == chess.variant.CrazyhouseBoard(fen).fen()
    lichess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2"
    assert _variants.game("3check", lichess).remaining_checks == (2, 1)
    with pytest.raises(ValueError, match="invalid pocket piece 'x'"):
        _variants.game("crazyhouse", "8/8/8/8/8/8/8/K6k[x] w - - 0 1")
    with pytest.raises(ValueError, match="check part"):
        _variants.game("3check", "8/8/8/8/8/8/8/K6k w - - a+b 0 1")
    with pytest.raises(ValueError, match="unsupported variant: chess960x"):
        _variants.find("chess960x")
    with pytest.raises(ValueError, match="illegal move e2e5"):
        _variants.game("atomic").push_uci("e2e5")


def test_divide_and_threads_agree():
    game = _variants.game("racingkings")
    divide = game.divide(4, threads=2)
    assert sum(divide.values()) == game.perft(4) == game.perft(4, threads=2) == 296242
    assert list(divide) == sorted(m.uci() for m in game.legal_moves)


def test_pyffish_second_oracle():
    """Fairy-Stockfish's divide at depth 2 on positions of python-chess playouts: the legal moves
    as a set, and below each one the replies, except where python-chess ends the game (Fairy-
    Stockfish's generator goes on there)."""
    sf = pytest.importorskip("pyffish")
    rng, checked = random.Random(7), 0
    for variant in ("atomic", "antichess", "kingofthehill", "racingkings", "horde", "crazyhouse", "3check"):
        board = chess.variant.find_variant(variant)()
        for ply in range(60):
            moves = list(board.legal_moves)
            if not moves:
                break
            fen, game = board.fen(), _variants.game(variant, board.fen())
            assert {m.uci() for m in game.legal_moves} == set(sf.legal_moves(variant, fen, [])), (variant, fen)
            if ply % 15 == 0:
                for move in moves:
                    game.push(move)
                    if not game.is_variant_end():
                        assert len(game.legal_moves) == len(sf.legal_moves(variant, fen, [move.uci()])), \
                            (variant, fen, move.uci())
                    game.pop()
                    checked += 1
            board.push(rng.choice(moves))
    assert checked > 150


def test_fairy_stockfish_perft_oracle():
    """Fairy-Stockfish's ``go perft 3`` (Debian's fairy-stockfish, where installed) on positions
    of python-chess playouts, every variant it plays but suicide (python-chess's suicide castles
    with the FEN's rights, Fairy-Stockfish's never does)."""
    from chessbits.bench.variants import find_fairy_stockfish, playout_fens
    from chessbits.uci import UciEngine

    binary = find_fairy_stockfish()
    if not binary:
        pytest.skip("no fairy-stockfish here (Debian: apt install fairy-stockfish)")
    with UciEngine.popen_uci(binary) as engine:
        plays = engine.variants
    checked = 0
    for variant in VARIANTS:
        if variant == "suicide" or variant not in plays:
            continue
        with UciEngine.popen_uci(binary, variant=variant) as engine:
            for fen in playout_fens(variant, 60)[::3]:
                assert engine.divide(fen, 3) == _variants.game(variant, fen).divide(3), (variant, fen)
                checked += 1
    assert checked >= 100


def test_cli_perft_divide_compare_suite(capsys):
    assert cli_main(["perft", "startpos", "3", "--variant", "atomic"]) == 0
    assert "Nodes searched: 8902" in capsys.readouterr().out
    assert cli_main(["divide", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", "1", "--variant", "ZH"]) == 0
    out = capsys.readouterr().out
    assert "Q@a1: 1" in out and "Nodes searched: 67" in out
    assert cli_main(["perft", "startpos", "3", "--variant", "horde", "--compare"]) == 0
    assert "The counts agree" in capsys.readouterr().out
    assert cli_main(["suite", str(DATA / "python-chess-horde.perft"), "--variant", "horde"]) == 0
    assert "3 passed, 0 failed" in capsys.readouterr().out
    assert cli_main(["perft", "startpos", "3", "--variant", "atomic", "--method", "magic"]) == 2
    assert "not with --stats, --method" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["perft", "startpos", "3", "--variant", "nope"])
    assert "unknown variant 'nope'" in capsys.readouterr().err


# --- Hypothesis: any position python-chess accepts, any variant ---------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FUZZ = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def variant_positions(draw):
    """(variant, FEN): up to 20 men anywhere (kings optional, several allowed, pawns on any
    rank), castling rights where python-chess's clean rights allow, an en-passant square a
    double step can have made, pockets and remaining checks for the variants that have them."""
    variant = draw(st.sampled_from(VARIANTS))
    board = chess.variant.find_variant(variant)(None)
    for sq in draw(st.lists(st.integers(0, 63), max_size=20, unique=True)):
        board.set_piece_at(sq, chess.Piece.from_symbol(draw(st.sampled_from("PPPNBRQKppppnbrqk"))),
                           promoted=draw(st.integers(0, 9)) == 0)
    board.turn = draw(st.booleans())
    board.castling_rights = draw(st.sampled_from([0, chess.BB_A1 | chess.BB_H1, chess.BB_A8, chess.BB_CORNERS]))
    board.castling_rights = board.clean_castling_rights()
    pushed = board.pieces(chess.PAWN, not board.turn) & (chess.BB_RANK_4 if board.turn == chess.BLACK else chess.BB_RANK_5)
    candidates = [sq - 8 if board.turn == chess.BLACK else sq + 8 for sq in chess.SquareSet(pushed)]
    if candidates and draw(st.booleans()):
        board.ep_square = draw(st.sampled_from(candidates))
    if variant == "crazyhouse":
        for color in chess.COLORS:
            for symbol in draw(st.text("pnbrq", max_size=6)):
                board.pockets[color].add(chess.PIECE_SYMBOLS.index(symbol))
    if variant == "3check":
        board.remaining_checks[chess.WHITE] = draw(st.integers(1, 3))
        board.remaining_checks[chess.BLACK] = draw(st.integers(1, 3))
    return variant, board.fen(en_passant="fen")


@FUZZ
@given(variant_positions())
def test_fuzz_positions_against_python_chess(case):
    variant, fen = case
    board = chess.variant.find_variant(variant)(fen)
    game = _variants.game(variant, fen)
    assert game.fen() == board.fen(en_passant="fen")
    assert state(game) == state(board)
    assert [m.uci() for m in game.legal_moves] == [m.uci() for m in board.legal_moves]
    assert game.perft(2) == python_chess_perft(board, 2)


@FUZZ
@given(st.sampled_from(["3check", "crazyhouse"]), st.text("0123456789+-[]/PNBRQKpnbrqkx ", max_size=8))
def test_fuzz_variant_fen_parts(variant, part):
    """Three-check's check field and crazyhouse's pockets: accepted or refused (ValueError)
    where python-chess accepts or refuses them, and read alike."""
    fen = (f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {part} 0 1" if variant == "3check"
           else f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{part}] w KQkq - 0 1")
    try:
        theirs = chess.variant.find_variant(variant)(fen).fen()
    except (ValueError, IndexError) as e:
        theirs = type(e)
    try:
        ours = _variants.game(variant, fen).fen()
    except ValueError:
        ours = ValueError
    assert ours == theirs or (theirs is IndexError and ours is ValueError), (fen, ours, theirs)


def test_variant_fen_parts_beyond_python_chess():
    """What chessbits refuses on purpose where python-chess takes any Python int."""
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3000000000 0 1"
    assert chess.variant.ThreeCheckBoard(fen).remaining_checks[chess.BLACK] == 3000000000
    with pytest.raises(ValueError, match="remaining checks must be ints"):
        _variants.game("3check", fen)


@st.composite
def horde_endings(draw):
    """A horde of 0-4 men (no king) against a king and 0-5 men, anywhere: the cases of
    HordeBoard.has_insufficient_material (bishops by square colour, lone pawns promoting)."""
    board = chess.variant.HordeBoard(None)
    men = ["K"] + draw(st.lists(st.sampled_from("pnbrq"), max_size=5)) + \
        [c.upper() for c in draw(st.lists(st.sampled_from("pnbrq"), max_size=4))]
    squares = draw(st.lists(st.integers(8, 55), min_size=len(men), max_size=len(men), unique=True))
    for symbol, square in zip(men, squares):
        board.set_piece_at(square, chess.Piece.from_symbol(symbol.swapcase() if symbol == "K" else symbol))
    board.turn = draw(st.booleans())
    return board.fen()


@FUZZ
@given(horde_endings())
def test_fuzz_horde_material_against_python_chess(fen):
    board = chess.variant.HordeBoard(fen)
    game = _variants.game("horde", fen)
    assert [game.has_insufficient_material(c) for c in (True, False)] == \
        [board.has_insufficient_material(c) for c in (True, False)], fen
