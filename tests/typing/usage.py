"""A small typed program using chessbits; `mypy --strict` must accept it."""
from array import array

import chessbits
from chessbits import attacks


def mobility(square: chessbits.Square, occupied: chessbits.Bitboard) -> int:
    return bin(attacks.queen(square, occupied, method=attacks.DEFAULT)).count("1")


def batch(occupied: chessbits.Bitboard) -> list[int]:
    out = array("Q", bytes(8 * 64))
    attacks.rook_many(bytes(chessbits.SQUARES), array("Q", [occupied] * 64), out)
    return list(out)


info: dict[str, object] = dict(chessbits.build_info())
name: str = chessbits.square_name(chessbits.E4)
methods: tuple[str, ...] = attacks.METHODS
print(mobility(chessbits.parse_square("d4"), chessbits.BB_CENTER), batch(0)[0], name, methods, info)


def perft_py(board: chessbits.Board, depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_py(board, depth - 1)
        board.pop()
    return nodes


board = chessbits.Board()
last: chessbits.Move = board.push_uci("e2e4")
piece = board.piece_at(chessbits.E4)
symbol: str = piece.symbol() if piece is not None else "."
counts: dict[str, int] = board.divide(2, method="hyperbola")
print(perft_py(board, 2), last.uci(), symbol, sum(counts.values()), board.is_game_over(), board.fen())


def square_sets(bb: chessbits.Bitboard) -> list[int]:
    s = chessbits.SquareSet(bb) | chessbits.BB_RANK_1
    s &= [chessbits.E4, chessbits.A1]
    flipped: chessbits.SquareSet = chessbits.flip_vertical(s)
    shifted: int = chessbits.shift_up(bb)
    return list(flipped) + list(reversed(s)) + [len(s), chessbits.lsb(s), chessbits.popcount(bb), shifted]


outcome = chessbits.Outcome(chessbits.Termination.CHECKMATE, chessbits.WHITE)
status: chessbits.Status = chessbits.STATUS_EMPTY | chessbits.Status.NO_WHITE_KING
diag: dict[int, int] = chessbits.BB_DIAG_ATTACKS[chessbits.E4]
print(square_sets(chessbits.BB_CENTER), outcome.result(), status, len(diag), chessbits.SAN_REGEX.match("e4"))


def material(board: chessbits.Board) -> int:
    """Python-chess style code: SAN in and out, SquareSets, game state."""
    board.push_san("d4")
    line: str = board.variation_san([board.parse_san("d5"), chessbits.Move.from_uci("c2c4")])
    score = 0
    for piece_type in chessbits.PIECE_TYPES:
        score += len(board.pieces(piece_type, chessbits.WHITE)) - len(board.pieces(piece_type, chessbits.BLACK))
    captures: list[chessbits.Move] = list(board.generate_legal_captures())
    mirrored: chessbits.Board = board.mirror()
    san: str = board.san(next(iter(board.legal_moves)))
    print(line, captures, mirrored.fen(shredder=True), san, board.outcome(), board.status(), board.ply())
    return score + len(board.checkers()) + len(board.attacks(chessbits.D1))


print(material(chessbits.Board()), chessbits.square_mirror(chessbits.E2))


def exchange_helpers(board: chessbits.Board) -> int:
    """The engine building blocks: attack maps, x-rays, SEE, ordering, a kept score."""
    board.attack_maps = True
    board.set_piece_square_tables({chessbits.PAWN: [0] * 64}, values={chessbits.KNIGHT: 300})
    best: list[chessbits.Move] = board.ordered_moves(captures=True, order="see")
    gains = [board.see(m) for m in best if board.see_ge(m, 0)]
    counts: bytes = board.attack_counts(chessbits.WHITE)
    xray: chessbits.SquareSet = board.xray_attackers(chessbits.BLACK, chessbits.E4)
    return board.evaluate() + sum(gains) + counts[0] + len(xray) + board.mobility(chessbits.WHITE)


print(exchange_helpers(chessbits.Board(attack_maps=True)))


def deep(depth: int) -> int:
    result = chessbits.perft_deep(chessbits.Board(), depth, hash_mb=1, threads=1)
    return result if isinstance(result, int) else result["nodes"]


def policy_target(board: chessbits.Board, move: chessbits.Move) -> int:
    from chessbits import encode
    planes = encode.planes(board, "lc0", dtype="float16")
    index: int = encode.move_index(move, board, "lc0")
    back: chessbits.Move = encode.index_move(index, board, "lc0")
    batch = encode.BoardBatch(2, claim_draw=True)
    batch.push(indices=[index, -1], layout="lc0")
    return int(planes.shape[0]) + index + int(batch.plies.sum()) + back.to_square


from chessbits.engine import Cp, Mate, MateGiven, PovScore, Wdl  # noqa: E402 (the scores' stubs)

seen: PovScore = PovScore(Cp(35), chessbits.BLACK)
ahead: bool = seen.white() < Mate(3) <= MateGiven
mate_cp: int = Mate(-2).score(mate_score=10000)
stats: Wdl = seen.wdl(model="sf16", ply=20).white()
print(ahead, mate_cp, stats.expectation(), seen.relative.score(), Cp(5).cp + Mate(1).moves)
