"""Game analyser: statistics, book exits and diagrams for every game of a PGN file.

    python analyse_games.py --book BOOK.bin --svg-dir OUTDIR GAMES.pgn [MORE.pgn ...] [--verbose]

For every game of the PGN files: replays the mainline, hashes each position (Zobrist, Polyglot keys) and
looks it up in the opening book to find the ply where the game leaves book; counts
captures, checks, castlings, en passant captures and promotions; follows the material
balance; finds repetitions; reads clock and eval comments, NAGs and variations; writes an
SVG of the final position to OUTDIR/game-NNNN.svg; exports the game back to PGN and hashes
the text. One summary line per game (--verbose: one line per ply too), then totals.

A python-chess program (``import chess``). The time of the analysis (reading the games
included, the imports not) is the last line on stderr: ``elapsed SECONDS``.
"""
import argparse
import hashlib
import os
import random
import sys
import time

import chess
import chess.pgn
import chess.polyglot
import chess.svg

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def material(board):
    """White's material minus Black's, in pawns."""
    balance = 0
    for square, piece in board.piece_map().items():
        value = VALUES[piece.piece_type]
        balance += value if piece.color == chess.WHITE else -value
    return balance


def count_nodes(node):
    """Moves in the whole game tree, variations included, and the deepest variation nesting."""
    total, deepest = 0, 0
    for i, child in enumerate(node.variations):
        n, d = count_nodes(child)
        total += 1 + n
        deepest = max(deepest, d + (1 if i > 0 else 0))
    return total, deepest


class Totals:
    def __init__(self):
        self.games = self.plies = self.book_plies = self.captures = self.checks = 0
        self.castlings = self.en_passants = self.promotions = self.repetitions = 0
        self.legal_moves = self.svg_bytes = 0
        self.results = {}
        self.terminations = {}
        self.keys = set()


def analyse(index, game, book, outdir, totals, verbose, rng):
    board = game.board()
    white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
    in_book, book_plies, book_moves = True, 0, []
    captures = checks = castlings = en_passants = promotions = repetitions = legal_total = 0
    balances, sans, keys = [], [], []
    clock_low = {chess.WHITE: None, chess.BLACK: None}
    evals, nags = [], 0
    digest = hashlib.sha1()

    for node in game.mainline():
        move = node.move
        key = chess.polyglot.zobrist_hash(board)
        keys.append(key)
        legal = board.legal_moves.count()
        legal_total += legal
        if in_book:
            entries = list(book.find_all(board))
            if any(entry.move == move for entry in entries):
                book_plies += 1
                best = book.get(board)
                book_moves.append(f"{board.san(move)}{'' if best.move == move else '?'}"
                                  f"{sum(e.weight for e in entries)}")
            else:
                in_book = False
                suggestion = book.weighted_choice(board, random=rng) if entries else None
                if suggestion is not None:
                    book_moves.append(f"book:{board.san(suggestion.move)}")
        san = board.san(move)
        sans.append(san)
        if board.is_capture(move):
            captures += 1
        if board.is_en_passant(move):
            en_passants += 1
        if board.gives_check(move):
            checks += 1
        if board.is_castling(move):
            castlings += 1
        if move.promotion:
            promotions += 1
        color = board.turn
        board.push(move)
        balance = material(board)
        balances.append(balance)
        repeated = board.is_repetition(2)
        if repeated:
            repetitions += 1
        seconds = node.clock()
        if seconds is not None and (clock_low[color] is None or seconds < clock_low[color]):
            clock_low[color] = seconds
        score = node.eval()
        if score is not None:
            evals.append(score.white().score(mate_score=10000))
        nags += len(node.nags)
        digest.update(f"{san} {key:016x} {balance} {legal}\n".encode())
        if verbose:
            print(f"  {board.ply():3d} {san:8s} {key:016x} legal={legal:2d} material={balance:+d}"
                  f"{' rep' if repeated else ''}{' check' if board.is_check() else ''} {board.fen()}")

    outcome = board.outcome()
    claim = board.outcome(claim_draw=True)
    termination = outcome.termination.name if outcome else (f"claim {claim.termination.name}" if claim else "none")
    result = game.headers.get("Result", "*")
    moves_in_tree, nesting = count_nodes(game)

    check_square = board.king(board.turn) if board.is_check() else None
    lastmove = board.peek() if board.move_stack else None
    arrows = [chess.svg.Arrow(lastmove.from_square, lastmove.to_square, color="#cc0000cc")] if lastmove else []
    king = board.king(board.turn)  # None in antichess
    attackers = board.attackers(not board.turn, king) if king is not None else chess.SquareSet()
    svg = chess.svg.board(board, lastmove=lastmove, check=check_square, arrows=arrows, size=360,
                          orientation=chess.BLACK if result == "0-1" else chess.WHITE, squares=attackers)
    with open(os.path.join(outdir, f"game-{index:04d}.svg"), "w", encoding="utf-8") as f:
        f.write(svg)

    exported = str(game)
    bare = game.accept(chess.pgn.StringExporter(headers=False, variations=False, comments=False))
    sha = hashlib.sha1(exported.encode("utf-8")).hexdigest()

    print(f"#{index} {white} - {black} {result} ({game.headers.get('ECO', '?')}) plies={len(sans)} "
          f"book={book_plies} [{' '.join(book_moves[-3:])}] captures={captures} checks={checks} "
          f"castlings={castlings} ep={en_passants} promotions={promotions} "
          f"material=[{min(balances, default=0):+d},{max(balances, default=0):+d},{balances[-1] if balances else 0:+d}] "
          f"repetitions={repetitions} outcome={termination} legal={legal_total} "
          f"clock=[{clock_low[chess.WHITE]},{clock_low[chess.BLACK]}] evals={len(evals)} "
          f"eval_sum={sum(evals)} nags={nags} tree={moves_in_tree}/{nesting} "
          f"last={' '.join(sans[-4:])} final={chess.polyglot.zobrist_hash(board):016x} "
          f"moves={digest.hexdigest()[:12]} pgn={sha[:12]} bare={hashlib.sha1(bare.encode()).hexdigest()[:12]} "
          f"svg={hashlib.sha1(svg.encode()).hexdigest()[:12]}")

    totals.games += 1
    totals.plies += len(sans)
    totals.book_plies += book_plies
    totals.captures += captures
    totals.checks += checks
    totals.castlings += castlings
    totals.en_passants += en_passants
    totals.promotions += promotions
    totals.repetitions += repetitions
    totals.legal_moves += legal_total
    totals.svg_bytes += len(svg)
    totals.results[result] = totals.results.get(result, 0) + 1
    totals.terminations[termination] = totals.terminations.get(termination, 0) + 1
    totals.keys.update(keys)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+", help="PGN files")
    ap.add_argument("--book", required=True, help="a Polyglot opening book")
    ap.add_argument("--svg-dir", required=True, help="where to write a diagram of each final position")
    ap.add_argument("--verbose", action="store_true", help="a line per ply too")
    ap.add_argument("--limit", type=int, default=None, help="analyse the first N games of each file only")
    args = ap.parse_args()
    os.makedirs(args.svg_dir, exist_ok=True)

    start = time.perf_counter()
    totals = Totals()
    rng = random.Random(2024)
    errors = 0
    with chess.polyglot.open_reader(args.book) as book:
        for path in args.pgn:
            print(f"== {os.path.basename(path)}")
            with open(path, encoding="utf-8-sig") as pgn:
                n = 0
                while args.limit is None or n < args.limit:
                    game = chess.pgn.read_game(pgn)
                    if game is None:
                        break
                    n += 1
                    if game.errors:
                        errors += len(game.errors)
                        print(f"#{totals.games + 1}: {len(game.errors)} errors: {game.errors[0]}")
                    analyse(totals.games + 1, game, book, args.svg_dir, totals, args.verbose, rng)

    print(f"games={totals.games} plies={totals.plies} book_plies={totals.book_plies} "
          f"captures={totals.captures} checks={totals.checks} castlings={totals.castlings} "
          f"ep={totals.en_passants} promotions={totals.promotions} repetitions={totals.repetitions} "
          f"legal_moves={totals.legal_moves} distinct_positions={len(totals.keys)} "
          f"svg_bytes={totals.svg_bytes} errors={errors}")
    print("results: " + ", ".join(f"{r} {n}" for r, n in sorted(totals.results.items())))
    print("terminations: " + ", ".join(f"{t} {n}" for t, n in sorted(totals.terminations.items())))
    print(f"elapsed {time.perf_counter() - start:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
