"""Writes the golden fixtures of chessbits.encode: what each model family's own code makes of
every position of tests/data/encode/games.txt (encode_games.py), one .npz a reference.

Run once, by hand, in a venv that holds the heavy reference packages (never in CI; CI compares
chessbits.encode with the files this writes, tests/test_encode_golden.py):

    python tests/golden/make_encode_fixtures.py legal          # python-chess: the legal moves
    python tests/golden/make_encode_fixtures.py lc0 maia2 ...   # one reference each (ref_*.py)

Positions are numbered in games.txt's order: each game's start, then the position after each
of its moves. Per-move arrays follow `legal.npz`: python-chess's legal moves of each position in
its order (`moves`, python-chess keys from | to << 6 | promotion << 12; `offsets`, N + 1).
"""
import importlib
import pathlib
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import encode_games  # noqa: E402

OUT = encode_games.OUT.parent


def legal(boards):
    """python-chess's legal moves of each position, flat, with offsets."""
    moves, offsets = [], [0]
    for board in boards:
        moves += [m.from_square | m.to_square << 6 | (m.promotion or 0) << 12 for m in board.legal_moves]
        offsets.append(len(moves))
    return {"moves": np.array(moves, np.uint16), "offsets": np.array(offsets, np.int64)}


def main(names):
    boards = list(encode_games.positions())
    for name in names:
        make = legal if name == "legal" else importlib.import_module(f"ref_{name}").fixture
        arrays = make(boards)
        path = OUT / f"{name}.npz"
        np.savez_compressed(path, **arrays)
        print(f"{path}: {len(boards)} positions, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
