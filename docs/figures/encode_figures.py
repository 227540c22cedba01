"""Draws docs/encode.md's figures: every plane of each chessbits.encode layout for one position,
as the encoder writes it (SVG, no plotting library needed).

    python docs/figures/encode_figures.py      # rewrites docs/figures/encode-*.svg

tests/test_encode_figures.py checks the committed figures are what this draws.
"""
import pathlib

import chessbits
import chessbits.encode as encode

HERE = pathlib.Path(__file__).resolve().parent
# The position drawn: a Sicilian after 5. Nc3, black to move (the frame flips), castling rights
# on both sides, five moves of history.
MOVES = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3".split()
CELL, GAP, LABEL = 5, 10, 12
PIECES = "P N B R Q K".split()

LABELS = {
    "simple": [f"white {p}" for p in PIECES] + [f"black {p}" for p in PIECES],
    "maia2": ([f"mover {p}" for p in PIECES] + [f"opponent {p}" for p in PIECES]
              + ["turn", "mover O-O", "mover O-O-O", "opp. O-O", "opp. O-O-O", "en passant"]),
    "lc0": ([f"t-{t} {'ours' if k < 6 else 'theirs'} {PIECES[k % 6]}" if k < 12 else f"t-{t} repeated"
             for t in range(8) for k in range(13)]
            + ["ours O-O-O", "ours O-O", "theirs O-O-O", "theirs O-O", "black to move", "rule 50", "zeros",
               "ones"]),
    "alphazero": ([f"t-{t} {'P1' if k < 6 else 'P2'} {PIECES[k % 6]}" if k < 12 else f"t-{t} rep {k - 11}+"
                   for t in range(8) for k in range(14)]
                  + ["colour", "move count", "P1 O-O", "P1 O-O-O", "P2 O-O", "P2 O-O-O", "no-progress"]),
}
COLUMNS = {"simple": 6, "maia2": 6, "lc0": 13, "alphazero": 14}


def board() -> chessbits.Board:
    b = chessbits.Board()
    for uci in MOVES:
        b.push(chessbits.Move.from_uci(uci))
    return b


def plane_svg(x: float, y: float, plane, label: str, top: float) -> str:
    """One plane at (x, y): rank 8 at the top as a board is drawn, squares shaded by value."""
    side = 8 * CELL
    parts = [f'<rect x="{x}" y="{y}" width="{side}" height="{side}" fill="#fff" stroke="#999" stroke-width="0.5"/>']
    for rank in range(8):
        for file in range(8):
            v = float(plane[rank][file])
            if v:
                shade = 0.25 + 0.75 * min(1.0, v / top) if top else 1.0
                parts.append(f'<rect x="{x + file * CELL}" y="{y + (7 - rank) * CELL}" width="{CELL}" '
                             f'height="{CELL}" fill="#1f4e79" fill-opacity="{shade:.2f}"/>')
    parts.append(f'<text x="{x}" y="{y + side + 8}" font-size="6.5" font-family="sans-serif">{label}</text>')
    return "".join(parts)


def layout_svg(name: str) -> str:
    planes = encode.planes(board(), name)
    cols = COLUMNS[name]
    rows = (len(planes) + cols - 1) // cols
    width = cols * (8 * CELL + GAP) + GAP
    height = rows * (8 * CELL + GAP + LABEL) + 24
    top = max(float(p.max()) for p in planes)
    body = [f'<text x="{GAP}" y="14" font-size="9" font-family="sans-serif">chessbits.encode.planes(board, '
            f'"{name}"): {len(planes)} planes, after 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 '
            f'(black to move)</text>']
    for k, plane in enumerate(planes):
        r, c = divmod(k, cols)
        x = GAP + c * (8 * CELL + GAP)
        y = 24 + r * (8 * CELL + GAP + LABEL)
        body.append(plane_svg(x, y, plane, LABELS[name][k], top if top > 1 else 1.0))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">' + "".join(body) + "</svg>\n")


def tokens_svg() -> str:
    b = board()
    tokens = encode.tokens(b).tolist()
    chars = "0123456789abcdefghpnrkqPBNRQKw."
    box = 13
    width = 2 * 8 + 39 * box
    body = [f'<text x="8" y="12" font-size="9" font-family="sans-serif">chessbits.encode.tokens(board): '
            f'77 tokens of {b.fen()}</text>']
    for k, t in enumerate(tokens):
        r, c = divmod(k, 39)
        x, y = 8 + c * box, 20 + r * (box + 14)
        body.append(f'<rect x="{x}" y="{y}" width="{box - 1}" height="{box - 1}" fill="#eef3f8" stroke="#999" '
                    f'stroke-width="0.5"/><text x="{x + 3}" y="{y + 9}" font-size="8" '
                    f'font-family="monospace">{chars[t]}</text><text x="{x + 1}" y="{y + box + 7}" font-size="5" '
                    f'font-family="sans-serif">{t}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{20 + 2 * (box + 14)}" '
            f'viewBox="0 0 {width} {20 + 2 * (box + 14)}">' + "".join(body) + "</svg>\n")


def figures() -> dict:
    """File name -> SVG text of every figure."""
    out = {f"encode-{name}.svg": layout_svg(name) for name in COLUMNS}
    out["encode-searchless.svg"] = tokens_svg()
    return out


if __name__ == "__main__":
    for name, svg in figures().items():
        (HERE / name).write_text(svg)
        print(HERE / name)
