"""Game walker: what python-chess programs do with a PGN game tree, game after game.

    python walk_games.py GAMES.pgn [MORE.pgn ...] --svg-dir OUTDIR [--every 20] [--limit N]

For every game of the PGN files (a read_game loop): reads the headers and the time control;
walks the mainline, reading every node's clock, elapsed move time and evaluation ([%clk],
[%emt], [%eval]), its arrows ([%csl], [%cal]), NAGs and comment; writes every side line
(variations at any depth) in SAN; takes the final position's FEN; exports the game with str()
and without comments (a StringExporter); draws a diagram every --every plies and of the final
position (chess.svg: the last move, the king in check, the node's arrows) into OUTDIR. One
digest line per game. Then, per file, a read_headers pass (the offset of every game, one game
read again from its offset) and the totals.

A python-chess program (``import chess``). Its time (reading the games included, the imports
not) is the last line on stderr: ``elapsed SECONDS``.
"""
import argparse
import hashlib
import os
import sys
import time

import chess
import chess.pgn
import chess.svg


def sha(text):
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def comment_length(node):
    """The characters of a node's comments: python-chess 1.11's strings, or its next release's
    lists (a program for both, as libraries on python-chess write them)."""
    if hasattr(node, "comments"):
        return sum(map(len, node.comments)) + sum(map(len, node.starting_comments))
    return len(node.comment) + len(node.starting_comment)


def line_san(board, moves):
    """A line in SAN with move numbers; variation_san refuses null moves, written here as --."""
    try:
        return board.variation_san(moves)
    except chess.IllegalMoveError:
        board = board.copy()
        words = []
        for move in moves:
            if board.turn == chess.WHITE:
                words.append(f"{board.fullmove_number}. {board.san(move)}")
            elif not words:
                words.append(f"{board.fullmove_number}...{board.san(move)}")
            else:
                words.append(board.san(move))
            board.push(move)
        return " ".join(words)


def side_lines(node, board, out):
    """The SAN of every variation below node (board: node's position), depth first."""
    for i, child in enumerate(node.variations):
        if i > 0:
            out.append(line_san(board, [child.move] + list(child.mainline_moves())))
        board.push(child.move)
        side_lines(child, board, out)
        board.pop()
    return out


class Totals:
    def __init__(self):
        self.games = self.plies = self.clocks = self.emts = self.evals = self.mates = 0
        self.arrows = self.nags = self.comments = self.side_lines = self.diagrams = 0
        self.svg_bytes = self.pgn_bytes = self.errors = 0
        self.time_controls = {}


def diagram(board, node, flipped):
    """An SVG of board after node's move: last move, check, the node's arrows."""
    check = board.king(board.turn) if board.is_check() else None
    return chess.svg.board(board, lastmove=node.move if node.parent else None, check=check,
                           arrows=node.arrows(), size=240,
                           orientation=chess.BLACK if flipped else chess.WHITE)


def walk(index, game, outdir, every, totals):
    headers = game.headers
    white, black, result = headers.get("White", "?"), headers.get("Black", "?"), headers.get("Result", "*")
    try:
        control = game.time_control().type.name
    except ValueError as error:
        control = f"invalid ({error})"
    totals.time_controls[control] = totals.time_controls.get(control, 0) + 1
    flipped = result == "0-1"

    board = game.board()
    low = {chess.WHITE: None, chess.BLACK: None}
    spent = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    evals, mates, arrows, nags, comments = [], 0, 0, 0, 0
    svgs = hashlib.sha1()
    plies = 0
    for node in game.mainline():
        mover = board.turn
        board.push(node.move)
        plies += 1
        seconds = node.clock()
        if seconds is not None:
            totals.clocks += 1
            if low[mover] is None or seconds < low[mover]:
                low[mover] = seconds
        elapsed = node.emt()
        if elapsed is not None:
            totals.emts += 1
            spent[mover] += elapsed
        score = node.eval()
        if score is not None:
            evals.append(score.white().score(mate_score=100000))
            mates += score.is_mate()
            depth = node.eval_depth()
            if depth is not None:
                evals[-1] += depth
        arrows += len(node.arrows())
        nags += len(node.nags)
        comments += comment_length(node)
        if every and plies % every == 0:
            svg = diagram(board, node, flipped)
            path = os.path.join(outdir, f"game-{index:04d}-ply-{plies:03d}.svg")
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
            svgs.update(svg.encode())
            totals.diagrams += 1
            totals.svg_bytes += len(svg)

    end = game.end()
    final = end.board()
    svg = diagram(final, end, flipped)
    with open(os.path.join(outdir, f"game-{index:04d}-final.svg"), "w", encoding="utf-8") as f:
        f.write(svg)
    svgs.update(svg.encode())
    totals.diagrams += 1
    totals.svg_bytes += len(svg)

    lines = side_lines(game, game.board(), [])
    exported = str(game)
    bare = game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=False))
    totals.pgn_bytes += len(exported) + len(bare)

    print(f"#{index} {white} - {black} {result} ({headers.get('Event', '?')}, {control}) tags={len(headers)} "
          f"plies={plies} ply={end.ply()} turn={'w' if end.turn() else 'b'} "
          f"clock=[{low[chess.WHITE]},{low[chess.BLACK]}] emt=[{spent[chess.WHITE]:.1f},{spent[chess.BLACK]:.1f}] "
          f"evals={len(evals)} mates={mates} eval_sum={sum(evals)} arrows={arrows} nags={nags} comments={comments} "
          f"lines={len(lines)} [{' | '.join(lines[:2])}] errors={len(game.errors)} "
          f"final={final.fen()} same={final.fen() == board.fen()} pgn={sha(exported)}/{len(exported)} "
          f"bare={sha(bare)}/{len(bare)} svg={svgs.hexdigest()[:12]}")

    totals.games += 1
    totals.plies += plies
    totals.evals += len(evals)
    totals.mates += mates
    totals.arrows += arrows
    totals.nags += nags
    totals.comments += comments
    totals.side_lines += len(lines)
    totals.errors += len(game.errors)


def headers_pass(path):
    """read_headers over a file: the offset of every game; the last game with clocks is read
    again from its offset."""
    offsets, players, again = [], {}, None
    with open(path, encoding="utf-8-sig") as pgn:
        while True:
            offset = pgn.tell()
            headers = chess.pgn.read_headers(pgn)
            if headers is None:
                break
            offsets.append(offset)
            players[headers.get("White", "?")] = players.get(headers.get("White", "?"), 0) + 1
        if offsets:
            pgn.seek(offsets[-1])
            game = chess.pgn.read_game(pgn)
            again = f"{len(list(game.mainline_moves()))} plies, {sha(str(game))}"
    ranked = sorted(players.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    print(f"headers: games={len(offsets)} offsets={hashlib.sha1(repr(offsets).encode()).hexdigest()[:12]} "
          f"white={ranked} last game again: {again}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+", help="PGN files")
    ap.add_argument("--svg-dir", required=True, help="where to write the diagrams")
    ap.add_argument("--every", type=int, default=20, help="a diagram every N plies of the mainline (0: none)")
    ap.add_argument("--limit", type=int, default=None, help="walk the first N games of each file only")
    args = ap.parse_args()
    os.makedirs(args.svg_dir, exist_ok=True)

    start = time.perf_counter()
    totals = Totals()
    for path in args.pgn:
        print(f"== {os.path.basename(path)}")
        with open(path, encoding="utf-8-sig") as pgn:
            n = 0
            while args.limit is None or n < args.limit:
                game = chess.pgn.read_game(pgn)
                if game is None:
                    break
                n += 1
                walk(totals.games + 1, game, args.svg_dir, args.every, totals)
        headers_pass(path)

    print(f"games={totals.games} plies={totals.plies} clocks={totals.clocks} emts={totals.emts} "
          f"evals={totals.evals} mates={totals.mates} arrows={totals.arrows} nags={totals.nags} "
          f"comment_chars={totals.comments} side_lines={totals.side_lines} diagrams={totals.diagrams} "
          f"svg_bytes={totals.svg_bytes} pgn_bytes={totals.pgn_bytes} errors={totals.errors}")
    print("time controls: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.time_controls.items())))
    print(f"elapsed {time.perf_counter() - start:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
