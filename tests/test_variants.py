"""python-chess's variants in C (ext/variant.c through chessbits.variant's boards): every
published count of python-chess's variant perft suites, random playouts move for move against
python-chess's variant boards (moves, SAN, FEN, outcome, status after every push and pop),
Fairy-Stockfish (pyffish) as a second perft oracle, and the command line's --variant."""
import random
from pathlib import Path

import pytest

from chessbits import _core
from chessbits._answers import assert_same as same
from chessbits.variant import find_variant
from chessbits.cli import main as cli_main
from chessbits.compare import python_chess_perft
from chessbits.suites import load

chess = pytest.importorskip("chess")
import chess.variant  # noqa: E402

DATA = Path(__file__).parent / "data" / "variants"
SUITES = {"3check": "3check", "atomic": "atomic", "crazyhouse": "crazyhouse", "giveaway": "giveaway",
          "horde": "horde", "racingkings": "racingkings"}
VARIANTS = list(_core.VARIANT_NAMES[1:])
PLAYOUT_PLIES = 5_000  # per variant, the floor


def game(variant, fen=None, chess960=False):
    """chessbits' board of the variant at fen (its starting position if None)."""
    cls = find_variant(variant)
    return cls(cls.starting_fen if fen is None else fen, chess960=chess960)


def published():
    for variant, stem in SUITES.items():
        for entry in load(str(DATA / f"python-chess-{stem}.perft")):
            for depth, nodes in sorted(entry.depths.items()):
                yield pytest.param(variant, entry.fen, entry.chess960, depth, nodes, id=f"{entry.name}-{depth}")


@pytest.mark.parametrize("variant,fen,chess960,depth,nodes", list(published()))
def test_published_counts(variant, fen, chess960, depth, nodes):
    if nodes > 1_000_000 and _core.build_info()["sanitized"]:  # the same code as the depths below
        pytest.skip("counts above 10^6 nodes run on the plain builds")
    assert game(variant, fen, chess960).perft(depth) == nodes


def test_atomic960_needs_chess960():
    # the castling rights of atomic960-castle-1 mean something only in Chess960
    fen = "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"
    assert game("atomic", fen, chess960=True).perft(1) == 18
    assert game("atomic", fen).perft(1) == chess.variant.AtomicBoard(fen).legal_moves.count()


def state(board):
    """What a variant board is, as python-chess shows it (compared by type and repr too)."""
    return (board.board_fen(promoted=True), board.turn, board.castling_rights, board.ep_square,
            board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw(),
            board.checkers_mask(), board.is_check(), board.has_insufficient_material(chess.WHITE),
            board.has_insufficient_material(chess.BLACK))


def extra(board, variant):
    """The variant's own state: three-check's remaining_checks list, crazyhouse's pockets."""
    if variant == "3check":
        return board.remaining_checks
    if variant == "crazyhouse":
        return board.pockets
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_playouts_against_python_chess(variant):
    """Legal moves (same order), board, rights, ep, checks, pockets, FEN (both en-passant
    modes) and the variant's end after every push and every pop, the SAN of the move played
    (and parsed back), every legal move's SAN, outcome with claims, status and repetition every
    20 plies, perft 2 every 50, over PLAYOUT_PLIES random plies."""
    rng = random.Random(variant)
    cls = chess.variant.find_variant(variant)
    plies = games = 0
    while plies < PLAYOUT_PLIES:
        chess960 = games % 4 == 3 and variant not in ("racingkings", "horde")
        board = cls(chess960=chess960)
        ours = game(variant, board.fen(), chess960)
        games += 1
        for _ in range(300):
            theirs = list(board.legal_moves)
            same(theirs, list(ours.legal_moves), board.fen())
            same((state(board), extra(board, variant)), (state(ours), extra(ours, variant)), board.fen())
            same((board.fen(), board.fen(en_passant="fen")), (ours.fen(), ours.fen(en_passant="fen")))
            if plies % 20 == 0:
                same([board.san(m) for m in theirs], [ours.san(m) for m in theirs], board.fen())
                same(board.outcome(claim_draw=True), ours.outcome(claim_draw=True), board.fen())
                same((board.status(), board.is_repetition(2)), (ours.status(), ours.is_repetition(2)), board.fen())
            if not theirs:
                same(board.outcome(), ours.outcome(), board.fen())
                break
            if plies % 50 == 0:  # the counts at depth 1, where fast paths count without listing
                assert ours.perft(2) == python_chess_perft(board, 2), board.fen()
            move = rng.choice(theirs)
            san = board.san(move)
            same(san, ours.san(move), board.fen())
            board.push(move)
            same(move, ours.push_san(san), board.fen(), san)
            plies += 1
            if rng.random() < 0.1:
                same(board.pop(), ours.pop())
                same((state(board), board.fen()), (state(ours), ours.fen()), board.fen())
                board.push(move)
                ours.push(move)
        same(board.move_stack, ours.move_stack)
        same((board.root(), board.copy(), board.mirror()), (ours.root(), ours.copy(), ours.mirror()))
    assert plies >= PLAYOUT_PLIES


def python_chess_stats(board, depth):
    """perft_stats by walking python-chess's board (the oracle): at the last ply each move's
    kind, then the checks after it (discovered when the checker is not what moved: the rook
    of a castling) and mates (is_checkmate)."""
    stats = dict.fromkeys(_core.PERFT_STAT_NAMES, 0)
    for move in list(board.legal_moves):
        if depth > 1:
            board.push(move)
            for name, n in python_chess_stats(board, depth - 1).items():
                stats[name] += n
            board.pop()
            continue
        stats["nodes"] += 1
        moved = move.to_square
        if board.is_castling(move):
            stats["castles"] += 1
            moved = chess.square(5 if board.is_kingside_castling(move) else 3, chess.square_rank(move.from_square))
        elif board.is_en_passant(move):
            stats["captures"] += 1
            stats["en_passant"] += 1
        else:
            stats["captures"] += board.is_capture(move)
            stats["promotions"] += move.promotion is not None
        board.push(move)
        checkers = board.checkers_mask()
        if checkers:
            stats["checks"] += 1
            if chess.popcount(checkers) > 1:
                stats["double_checks"] += 1
            elif not checkers & chess.BB_SQUARES[moved]:
                stats["discovery_checks"] += 1
            stats["checkmates"] += board.is_checkmate()
        board.pop()
    return stats


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_stats_against_python_chess(variant):
    """perft_stats by the variant's rules, at depth 2 on positions of a random playout."""
    rng = random.Random(f"stats-{variant}")
    board = chess.variant.find_variant(variant)()
    for ply in range(60):
        moves = list(board.legal_moves)
        if not moves:
            break
        if ply % 6 == 0:
            assert game(variant, board.fen()).perft_stats(2) == python_chess_stats(board, 2), board.fen()
        board.push(rng.choice(moves))


def test_fen_round_trip_and_errors():
    fen = "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1"
    assert game("crazyhouse", fen).fen() == chess.variant.CrazyhouseBoard(fen).fen()
    lichess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2"
    checks = game("3check", lichess).remaining_checks
    assert (checks[chess.WHITE], checks[chess.BLACK]) == (2, 1) and checks == [1, 2]
    with pytest.raises(ValueError, match="'x' is not in list"):  # (python-chess's words: list.index's)
        game("crazyhouse", "8/8/8/8/8/8/8/K6k[x] w - - 0 1")
    with pytest.raises(ValueError, match="check part"):
        game("3check", "8/8/8/8/8/8/8/K6k w - - a+b 0 1")
    with pytest.raises(ValueError, match="unsupported variant: chess960x"):
        find_variant("chess960x")
    with pytest.raises(chess.IllegalMoveError, match="illegal uci: 'e2e5'"):
        game("atomic").push_uci("e2e5")


def test_variant_state_lives_on_the_board():
    """pockets and remaining_checks read and write the board as python-chess's lists do, and
    copies, roots, mirrors and pickles keep them."""
    import pickle

    from chessbits.variant import CrazyhousePocket
    ours, theirs = game("crazyhouse"), chess.variant.CrazyhouseBoard()
    for board, pocket in ((ours, CrazyhousePocket), (theirs, chess.variant.CrazyhousePocket)):
        board.pockets[chess.WHITE].add(chess.QUEEN)
        board.pockets[chess.BLACK] = pocket("nn")
        board.push_san("Q@e6")
    assert ours.fen() == theirs.fen() and str(ours.pockets[chess.BLACK]) == "nn"
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    drop = chess.Move.from_uci("N@e4")
    assert ours.is_pseudo_legal(drop) is theirs.is_pseudo_legal(drop) is True
    assert ours.is_legal("N@e4") is theirs.is_legal(drop) is True and ours.is_legal("B@e4") is False
    assert pickle.loads(pickle.dumps(ours)).fen() == ours.fen() and ours.root().fen() == theirs.root().fen()
    ours, theirs = game("3check"), chess.variant.ThreeCheckBoard()
    for board in (ours, theirs):
        board.remaining_checks[chess.WHITE] = 1
        board.push_san("e4")
        board.push_san("f5")
    assert ours.push_san("Qh5+") == theirs.push_san("Qh5+")
    assert ours.outcome().termination == theirs.outcome().termination == chess.Termination.VARIANT_LOSS
    assert (ours.mirror().fen(), ours.copy(stack=1).root().fen()) == (theirs.mirror().fen(), theirs.copy(stack=1).root().fen())


def test_remaining_checks_and_pockets_are_python_chess_lists():
    """remaining_checks and pockets are plain lists (of ints, of CrazyhousePockets) as in
    python-chess, which the board plays by: a move changes the list held, a write into it or
    an assignment of a new one changes the board, set_chess960_pos keeps them."""
    from chessbits.variant import CrazyhousePocket
    ours, theirs = game("3check"), chess.variant.ThreeCheckBoard()
    held = [ours.remaining_checks, theirs.remaining_checks]
    for board in (ours, theirs):
        board.push_san("e4"), board.push_san("f5"), board.push_san("Qh5+")
    same(held[1], held[0])
    same([3, 2], held[0])
    for board, checks in zip((ours, theirs), held):
        checks[chess.BLACK] = 1
        board.push_san("g6")
    same(theirs.fen(), ours.fen())
    for board in (ours, theirs):
        board.remaining_checks = [2, 1]
        board.set_chess960_pos(17)
    same((theirs.fen(), theirs.remaining_checks), (ours.fen(), ours.remaining_checks))
    ours, theirs = game("crazyhouse", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), chess.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    for board, pocket in ((ours, CrazyhousePocket), (theirs, chess.variant.CrazyhousePocket)):
        board.pockets[chess.WHITE] = pocket("qn")
        board.pockets[chess.WHITE].add(chess.ROOK)
        board.push_san("Q@e2")
    same(theirs.pockets, ours.pockets)
    same(list(theirs.legal_moves), list(ours.legal_moves))
    for board, pocket in ((ours, CrazyhousePocket), (theirs, chess.variant.CrazyhousePocket)):
        board.pockets = [pocket("b"), pocket("p")]
        board.set_chess960_pos(0)
    same((theirs.fen(), theirs.pockets, theirs.legal_drop_squares_mask()),
         (ours.fen(), ours.pockets, ours.legal_drop_squares_mask()))
    ours.push_san("P@e4"), theirs.push_san("P@e4")
    same((theirs.legal_drop_squares_mask(), theirs.pockets), (ours.legal_drop_squares_mask(), ours.pockets))


def test_is_into_check_of_a_drop_as_python_chess():
    """python-chess's is_into_check looks for a drop among the evasions, which have none: in
    check every drop is "into check" there (a blocking one too, though legal); out of check none."""
    for fen in ("8/4k3/8/8/8/7b/8/5K2[NP] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/8[N] w - - 0 1"):
        ours, theirs = game("crazyhouse", fen), chess.variant.CrazyhouseBoard(fen)
        drops = [chess.Move.from_uci(u) for u in ("N@g2", "N@e4", "P@d3")]
        same([theirs.is_into_check(m) for m in drops], [ours.is_into_check(m) for m in drops], fen)
        same([theirs.is_legal(m) for m in drops], [ours.is_legal(m) for m in drops], fen)


def test_a_subclass_generator_is_honoured():
    """legal_moves serves a variant board's cached list unless a subclass generates its own."""
    class FirstOnly(find_variant("atomic")):
        def generate_legal_moves(self, from_mask=chess.BB_ALL, to_mask=chess.BB_ALL):
            return iter(list(super().generate_legal_moves(from_mask, to_mask))[:1])
    assert [m.uci() for m in FirstOnly().legal_moves] == ["g1h3"]
    assert len(list(find_variant("atomic")().legal_moves)) == 20


def test_divide_and_threads_agree():
    board = game("racingkings")
    divide = board.divide(4, threads=2)
    assert sum(divide.values()) == board.perft(4) == board.perft(4, threads=2) == 296242
    assert list(divide) == sorted(m.uci() for m in board.legal_moves)


def test_pyffish_second_oracle():
    """Fairy-Stockfish's divide at depth 2 on positions of python-chess playouts: the legal moves
    as a set, and below each one the replies, except where python-chess ends the game (Fairy-
    Stockfish's generator goes on there)."""
    sf = pytest.importorskip("pyffish")
    rng, checked = random.Random(7), 0
    # on the sanitized build a third of the plies: pyffish's C++ allocates under ASan's runtime
    # (57 s there), while our side of each comparison is a move list
    plies = 20 if _core.build_info()["sanitized"] else 60
    for variant in ("atomic", "antichess", "kingofthehill", "racingkings", "horde", "crazyhouse", "3check"):
        board = chess.variant.find_variant(variant)()
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            fen, ours = board.fen(), game(variant, board.fen())
            assert {m.uci() for m in ours.legal_moves} == set(sf.legal_moves(variant, fen, [])), (variant, fen)
            if ply % 15 == 0:
                for move in moves:
                    ours.push(move)
                    if not ours.is_variant_end():
                        assert len(ours.legal_moves) == len(sf.legal_moves(variant, fen, [move.uci()])), \
                            (variant, fen, move.uci())
                    ours.pop()
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
                assert engine.divide(fen, 3) == game(variant, fen).divide(3), (variant, fen)
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
    assert "not with --method" in capsys.readouterr().err
    assert cli_main(["perft", "startpos", "4", "--variant", "3check", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "statistics, 3check" in out and "197,281     1,576" in out
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
    ours = game(variant, fen)
    same((board.fen(), board.fen(en_passant="fen")), (ours.fen(), ours.fen(en_passant="fen")))
    same((state(board), extra(board, variant)), (state(ours), extra(ours, variant)))
    same(list(board.legal_moves), list(ours.legal_moves))
    same([board.san(m) for m in board.legal_moves], [ours.san(m) for m in ours.legal_moves])
    same((board.status(), board.outcome(claim_draw=True)), (ours.status(), ours.outcome(claim_draw=True)))
    assert ours.perft(2) == python_chess_perft(board, 2)
    assert ours.perft_stats(1) == python_chess_stats(board, 1)


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
        ours = game(variant, fen).fen()
    except ValueError:
        ours = ValueError
    assert ours == theirs or (theirs is IndexError and ours is ValueError), (fen, ours, theirs)


def test_variant_fen_parts_beyond_python_chess():
    """What chessbits refuses on purpose where python-chess takes any Python int."""
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3000000000 0 1"
    assert chess.variant.ThreeCheckBoard(fen).remaining_checks[chess.BLACK] == 3000000000
    with pytest.raises(ValueError, match="remaining checks must be ints"):
        game("3check", fen)


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
    ours = game("horde", fen)
    same([board.has_insufficient_material(c) for c in (True, False)],
         [ours.has_insufficient_material(c) for c in (True, False)], fen)


def test_atomic_pawn_push_onto_the_en_passant_square():
    """A FEN naming an en-passant square a pawn of the mover can push onto (no legal game gets
    there: the fuzzer's input): the push is a quiet move, illegal here (the pawn is pinned), as
    python-chess says; it was sent to the en-passant test and counted legal."""
    fen = "8/8/8/prPK4/8/8/8/7k w - c6 0"
    ours = find_variant("atomic")(fen)
    theirs = chess.variant.AtomicBoard(fen)
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert "c5c6" not in {m.uci() for m in ours.legal_moves}
