"""Hyatt's attack maps, x-rays and static exchange evaluation.

The maps kept through push and pop are compared after every move of random games (both
variants) with maps computed from scratch and with python-chess's attacks; x-ray attackers
with a walk along the rays; SEE with a brute-force minimax over every capture sequence on
the square."""
import random

import chess
import pytest

import chessbits
from chessbits import Board

VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
          chess.QUEEN: 900, chess.KING: 0}


def games(seed, count, plies, chess960):
    """(python-chess board, chessbits board with maps) after each ply of random games, and
    again after each pop on the way back."""
    rng = random.Random(seed)
    for _ in range(count):
        theirs = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        ours = Board(theirs.fen(), chess960=chess960, attack_maps=True)
        for _ in range(plies):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            special = [m for m in moves if theirs.is_capture(m) or m.promotion or theirs.is_castling(m)]
            move = rng.choice(special if special and rng.random() < 0.5 else moves)
            theirs.push(move)
            ours.push(move)
            yield theirs, ours
        while theirs.move_stack:
            theirs.pop()
            ours.pop()
            yield theirs, ours


def scratch_maps(board):
    return Board(board.fen(), chess960=board.chess960, attack_maps=True)._attack_maps()


@pytest.mark.parametrize("chess960", [False, True])
def test_kept_maps_equal_maps_from_scratch_after_every_push_and_pop(chess960):
    plies = 0
    for theirs, ours in games(7 + chess960, 40, 120, chess960):
        where = theirs.fen()
        assert ours.fen() == where
        assert ours._attack_maps() == scratch_maps(ours), where
        plies += 1
        if plies % 5 == 0:  # python-chess's own answers, every square, now and then
            for sq in chess.SQUARES:
                assert ours.attacks_mask(sq) == int(theirs.attacks_mask(sq)), (where, sq)
                for color in chess.COLORS:
                    assert ours.attackers_mask(color, sq) == int(theirs.attackers_mask(color, sq)), (where, sq)
    assert plies > 5000


def test_maps_follow_edits_copies_and_fens():
    board = Board(attack_maps=True)
    board.push_san("e4")
    board.set_piece_at(chess.D4, chessbits.Piece.from_symbol("q"))
    assert board._attack_maps() == scratch_maps(board)
    board.remove_piece_at(chess.E1)  # no white king: python-chess's rules, maps still exact
    assert board._attack_maps() == scratch_maps(board)
    copy = board.copy()
    copy.push(chess.Move.from_uci("d4d2"))
    assert copy._attack_maps() == scratch_maps(copy)
    assert board._attack_maps() == scratch_maps(board)  # the copy has its own maps
    board.set_fen("8/8/8/3k4/8/8/8/R3K2R w KQ - 0 1")
    assert board._attack_maps() == scratch_maps(board)
    board.push(board.parse_uci("e1g1"))
    board.push(chess.Move.null())
    board.pop()
    board.pop()
    assert board._attack_maps() == scratch_maps(board)
    board.attack_maps = False
    assert board._attack_maps() is None and not board.attack_maps


def test_attack_counts_and_mobility_match_python_chess():
    for theirs, ours in games(3, 6, 60, False):
        for color in chess.COLORS:
            counts = ours.attack_counts(color)
            assert list(counts) == [len(theirs.attackers(color, sq)) for sq in chess.SQUARES]
            mobility = sum(len(theirs.attacks(sq) & ~chess.SquareSet(theirs.occupied_co[color]))
                           for pt in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
                           for sq in theirs.pieces(pt, color))
            assert ours.mobility(color) == mobility
            assert Board(theirs.fen()).mobility(color) == mobility  # without maps


# --- x-rays -------------------------------------------------------------------------------

DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def xray_walk(board, square):
    """Both colours' attackers of square, directly or behind attackers on its lines: walk
    each ray from the square; a piece counts if it attacks along the ray, and then the walk
    goes on behind it; the first piece that does not ends the ray. Knights directly."""
    found = set(board.attackers(chess.WHITE, square)) & set(board.pieces(chess.KNIGHT, chess.WHITE))
    found |= set(board.attackers(chess.BLACK, square)) & set(board.pieces(chess.KNIGHT, chess.BLACK))
    f0, r0 = chess.square_file(square), chess.square_rank(square)
    for df, dr in DIRECTIONS:
        f, r, dist = f0 + df, r0 + dr, 1
        while 0 <= f < 8 and 0 <= r < 8:
            sq = chess.square(f, r)
            piece = board.piece_at(sq)
            if piece:
                diagonal = df != 0 and dr != 0
                kinds = (chess.BISHOP, chess.QUEEN) if diagonal else (chess.ROOK, chess.QUEEN)
                attacks = piece.piece_type in kinds
                if dist == 1 and piece.piece_type == chess.KING:
                    attacks = True
                # a pawn attacks the square diagonally in front of it
                if dist == 1 and piece.piece_type == chess.PAWN and diagonal:
                    attacks = dr == (-1 if piece.color == chess.WHITE else 1)
                if not attacks:
                    break
                found.add(sq)
            f, r, dist = f + df, r + dr, dist + 1
    return found


def test_xray_attackers_against_a_ray_walk():
    checked = 0
    for with_maps in (True, False):
        for theirs, ours in games(11, 8, 80, False):
            if not with_maps:
                ours = Board(theirs.fen())
            for sq in chess.SQUARES:
                walk = xray_walk(theirs, sq)
                for color in chess.COLORS:
                    expected = {s for s in walk if theirs.color_at(s) == color}
                    assert set(ours.xray_attackers(color, sq)) == expected, (theirs.fen(), sq, color)
                    checked += 1
    assert checked > 100_000


# --- static exchange evaluation -------------------------------------------------------------

def attackers_after(pieces, square, color):
    """Squares of colour's pieces attacking square on a board holding only `pieces`."""
    board = chess.Board(None)
    for sq, piece in pieces.items():
        board.set_piece_at(sq, piece)
    return [sq for sq in board.attackers(color, square)]


def exchange(pieces, square, side, at_stake, values, cheapest=True):
    """The best `side` can get by going on capturing on square (or stopping: 0), where the
    piece standing there is worth at_stake: a minimax over every sequence, the attackers
    recomputed from the board each time. cheapest: each capture is made by a least valuable
    attacker (any of them), as SEE defines it; else by any attacker."""
    best = 0
    candidates = attackers_after(pieces, square, side)
    if cheapest and candidates:
        def worth(sq):  # the king goes last whatever its value
            return (pieces[sq].piece_type == chess.KING, values[pieces[sq].piece_type])
        low = min(worth(sq) for sq in candidates)
        candidates = [sq for sq in candidates if worth(sq) == low]
    for sq in candidates:
        piece = pieces[sq]
        rest = {s: p for s, p in pieces.items() if s != sq}
        rest[square] = piece
        if piece.piece_type == chess.KING and attackers_after(rest, square, not side):
            continue  # the king never captures onto a defended square
        gain = at_stake
        if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):  # it promotes
            piece = rest[square] = chess.Piece(chess.QUEEN, piece.color)
            gain += values[chess.QUEEN] - values[chess.PAWN]
        best = max(best, gain - exchange(rest, square, not side, values[piece.piece_type], values, cheapest))
    return best


def see_brute_force(board, move, values=VALUES, cheapest=True):
    if board.is_castling(move):
        return 0
    pieces = board.piece_map()
    mover = pieces.pop(move.from_square)
    gain = 0
    if board.is_en_passant(move):
        pieces.pop(move.to_square + (-8 if board.turn == chess.WHITE else 8))
        gain = values[chess.PAWN]
    elif move.to_square in pieces:
        gain = values[pieces[move.to_square].piece_type]
    if move.promotion:
        gain += values[move.promotion] - values[chess.PAWN]
        mover = chess.Piece(move.promotion, mover.color)
    pieces[move.to_square] = mover
    return gain - exchange(pieces, move.to_square, not board.turn, values[mover.piece_type], values, cheapest)


def test_see_examples():
    board = Board("4k3/8/3p4/4p3/8/8/4R3/4K3 w - - 0 1")
    assert board.see(chess.Move.from_uci("e2e5")) == 100 - 500
    # the rook behind the queen backs it up: x-ray through the own battery
    board = Board("4k3/3r4/8/3p4/8/8/3Q4/3RK3 w - - 0 1")
    assert board.see(chess.Move.from_uci("d2d5")) == 100 - 900 + 500
    # the king may not take back where the other side still attacks
    assert Board("8/8/4k3/3p4/8/2N5/8/4K3 w - - 0 1").see(chess.Move.from_uci("c3d5")) == 100 - 320
    assert Board("8/8/4k3/3p4/8/2N5/8/3RK3 w - - 0 1").see(chess.Move.from_uci("c3d5")) == 100
    board = Board("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1")
    assert board.see(chess.Move.from_uci("b2a1q")) == 500 + 900 - 100
    assert board.see_ge(chess.Move.from_uci("b2a1q"), 1300) and not board.see_ge(chess.Move.from_uci("b2a1q"), 1301)
    assert board.see(chess.Move.from_uci("b2a1q"), values={chess.QUEEN: 1000}) == 500 + 1000 - 100
    assert board.see(chess.Move.from_uci("e8d8")) == 0
    # a promotion counts whoever makes it: a2xb1=Q wins the knight and the queen's worth,
    # and taking back on the last rank with a pawn promotes again
    assert Board("4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1").see(chess.Move.from_uci("a2b1q")) == 320 + 900 - 100
    for fen, uci in [("rn2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), ("rn2k3/2P5/8/8/8/8/8/1R2K3 w - - 0 1", "b1b8"),
                     ("1r2k3/2P5/8/8/8/8/8/1R2K3 b - - 0 1", "b8b1"), ("4k3/8/8/8/8/8/p1p5/1Q2K3 b - - 0 1", "a2b1n")]:
        assert Board(fen).see(chess.Move.from_uci(uci)) == see_brute_force(chess.Board(fen), chess.Move.from_uci(uci)), fen


def test_see_counts_promotions_in_the_exchange_against_brute_force():
    """Positions with pawns about to promote, every promotion and every capture onto the
    last rank: SEE equals the brute-force minimax, where each pawn reaching the last rank
    becomes a queen (a counted difference from the first SEE: 12 of 136,679 answers)."""
    rng = random.Random(11)
    compared = 0
    while compared < 1500:
        theirs = chess.Board(None)
        empty = list(range(64))
        rng.shuffle(empty)
        theirs.set_piece_at(empty.pop(), chess.Piece(chess.KING, True))
        theirs.set_piece_at(empty.pop(), chess.Piece(chess.KING, False))
        for _ in range(rng.randrange(3, 9)):
            sq = empty.pop()
            color = rng.random() < 0.5
            if chess.square_rank(sq) in (1, 6):  # pawns where they promote next
                piece = chess.Piece(chess.PAWN, chess.square_rank(sq) == 6)
            else:
                piece = chess.Piece(rng.choice([2, 3, 4, 5]), color)
            theirs.set_piece_at(sq, piece)
        theirs.turn = rng.random() < 0.5
        if not theirs.is_valid():
            continue
        ours = Board(theirs.fen())
        for move in theirs.legal_moves:
            if move.promotion or (theirs.is_capture(move) and chess.square_rank(move.to_square) in (0, 7)):
                assert ours.see(move) == see_brute_force(theirs, move), (theirs.fen(), move.uci())
                compared += 1


def test_see_is_the_swap_algorithm_not_a_full_minimax():
    # After a3-a4, black's cheapest capture (b5xa4) opens the d7 bishop's diagonal; taking
    # with the knight first keeps it shut. SEE (least valuable attacker first) misses that.
    fen, uci = "3k3n/3B4/1p6/1pnp4/5P2/P1P5/8/RN1K4 w - - 1 30", "a3a4"
    theirs = chess.Board(fen)
    move = chess.Move.from_uci(uci)
    assert Board(fen).see(move) == see_brute_force(theirs, move) == -10
    assert see_brute_force(theirs, move, cheapest=False) == -100


@pytest.mark.parametrize("with_maps", [True, False])
def test_see_against_brute_force_minimax(with_maps):
    compared = 0
    for theirs, ours in games(21 + with_maps, 30, 100, False):
        if not with_maps:
            ours = Board(theirs.fen())
        for move in theirs.legal_moves:
            if theirs.is_capture(move) or move.promotion or theirs.attackers_mask(not theirs.turn, move.to_square):
                assert ours.see(move) == see_brute_force(theirs, move), (theirs.fen(), move.uci())
                compared += 1
    assert compared > 3000


# --- ordering, evaluation -------------------------------------------------------------------

def mvv_lva_sorted(board, moves):
    def key(move):
        if board.is_capture(move):
            victim = board.piece_type_at(move.to_square) or chess.PAWN
            return -(100 + 10 * victim - board.piece_type_at(move.from_square))
        return -(move.promotion or 0)
    return sorted(moves, key=key)


def test_ordered_moves_match_a_python_sort():
    for chess960 in (False, True):
        for theirs, ours in games(5 + chess960, 10, 80, chess960):
            where = theirs.fen()
            expected = [m.uci() for m in mvv_lva_sorted(theirs, theirs.legal_moves)]
            assert [m.uci() for m in ours.ordered_moves()] == expected, where
            expected = [m.uci() for m in mvv_lva_sorted(theirs, theirs.generate_legal_captures())]
            assert [m.uci() for m in ours.ordered_moves(captures=True)] == expected, where
            by_see = ours.ordered_moves(order="see")
            assert sorted(m.uci() for m in by_see) == sorted(m.uci() for m in theirs.legal_moves)
            keys = [ours.see(m) if theirs.is_capture(m) or m.promotion else None for m in by_see]
            tactical = [k for k in keys if k is not None]
            assert keys[:len(tactical)] == tactical and tactical == sorted(tactical, reverse=True), where


def test_piece_square_score_kept_through_push_and_pop():
    rng = random.Random(4)
    tables = {pt: [rng.randrange(-50, 50) for _ in range(64)] for pt in range(1, 7)}
    values = {chess.PAWN: 90, chess.KNIGHT: 310}

    def evaluate(board):
        score = 0
        for sq, piece in board.piece_map().items():
            v = {**VALUES, **values}[piece.piece_type]
            if piece.color == chess.WHITE:
                score += v + tables[piece.piece_type][chess.square_mirror(sq)]
            else:
                score -= v + tables[piece.piece_type][sq]
        return score if board.turn == chess.WHITE else -score

    rng = random.Random(8)
    for game in range(30):
        board = Board.from_chess960_pos(rng.randrange(960)) if game % 2 else Board()
        board.set_piece_square_tables(tables, values=values)
        assert board.evaluate() == evaluate(board.to_chess())
        for _ in range(100):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            assert board.evaluate() == evaluate(board.to_chess()), board.fen()
            if rng.random() < 0.05:
                assert board.copy().evaluate() == board.evaluate()
        while board.move_stack:
            board.pop()
            assert board.evaluate() == evaluate(board.to_chess())
    board.set_piece_square_tables(None)
    assert board.evaluate() == 0  # material alone: level at the start


def test_bad_arguments_say_what_is_wrong():
    board = Board()
    with pytest.raises(ValueError, match="order"):
        board.ordered_moves(order="best")
    with pytest.raises(ValueError, match="64"):
        board.set_piece_square_tables({chess.PAWN: [0] * 63})
    with pytest.raises(ValueError, match="piece type"):
        board.see(chess.Move.from_uci("e2e4"), values={9: 1})
    with pytest.raises(ValueError, match="incremental"):
        chessbits.attacks.rook(chess.E4, 0, method="incremental")
    with pytest.raises(ValueError, match="valid methods"):
        board.perft(2, method="fastest")
    assert board.perft(3, method="incremental") == 8902
