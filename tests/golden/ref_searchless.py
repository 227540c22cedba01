"""Golden fixture of DeepMind's searchless_chess FEN tokens and action indices, made by its code.

Reference: google-deepmind/searchless_chess at commit 90ae0e6b121673fc3079aaeffa047580bb600c0a
(2025-01-10), modules src/tokenizer.py (`tokenize`) and src/utils.py (`MOVE_TO_ACTION`), run with
python-chess 1.11.2, numpy 2.4.6, jaxtyping 0.3.11 (jax not installed: see the stub below). Its
code is not copied here: it is imported from a checkout named by SEARCHLESS_CHESS_SRC (the folder
holding tokenizer.py and utils.py).

Stored (N positions of encode_games.py, per-move arrays aligned with legal.npz):
  tokens     (N, 77) uint8  tokenizer.tokenize(board.fen()) (python-chess's default FEN, en passant
                            square only when an en passant capture is legal); a row of 255 where
                            tokenize raises: KeyError for a castling letter it has no token
                            for (X-FEN/Shredder file letters A, C-H; lowercase a-h and B pass as
                            file / bishop tokens), AssertionError for a clock of 4+ digits.
  tokens_ok  (N,) bool      False where tokenize raised (nowhere in these games: python-chess
                            writes their Chess960 castling as KQkq letters).
  policy     (M,) int16     utils.MOVE_TO_ACTION[move.uci()] of each legal move, absolute
                            coordinates, no mirroring (as engines/neural_engines.py and
                            engines/engine.py use it); -1 where the uci is not a key. Castling is
                            python-chess's uci: e1g1 in standard chess, king-takes-rook (e.g. b1a1)
                            in Chess960, which is a key (a queen-shaped move).

    git -C <mirror of searchless_chess> archive 90ae0e6b... | tar -x -C /tmp/searchless
    pip install chess numpy jaxtyping
    SEARCHLESS_CHESS_SRC=/tmp/searchless/src python tests/golden/make_encode_fixtures.py searchless
"""
import os
import sys

import numpy as np

SRC = os.environ.get("SEARCHLESS_CHESS_SRC")
if not SRC or not os.path.isfile(os.path.join(SRC, "tokenizer.py")):
    raise SystemExit("ref_searchless: set SEARCHLESS_CHESS_SRC to a searchless_chess checkout's "
                     "src/ "
                     f"folder (the one holding tokenizer.py and utils.py); got {SRC!r}")
sys.path.insert(0, SRC)

# tokenizer.py's return annotation jtp.Int32[jtp.Array, 'T'] makes jaxtyping import jax for
# jaxtyping.Array; jax is not needed otherwise, so Array is set to numpy's array beforehand.
import jaxtyping  # noqa: E402

if "jax" not in sys.modules:
    jaxtyping.Array = np.ndarray

import tokenizer  # noqa: E402
import utils  # noqa: E402


def fixture(boards):
    assert utils.NUM_ACTIONS == 1968 and tokenizer.SEQUENCE_LENGTH == 77
    tokens, ok, policy = [], [], []
    for board in boards:
        try:
            row = tokenizer.tokenize(board.fen())
            ok.append(True)
        except (KeyError, AssertionError):
            row = np.full(77, 255, np.uint8)
            ok.append(False)
        assert row.shape == (77,) and row.dtype == np.uint8
        tokens.append(row)
        policy += [utils.MOVE_TO_ACTION.get(m.uci(), -1) for m in board.legal_moves]
    return {"tokens": np.array(tokens), "tokens_ok": np.array(ok),
            "policy": np.array(policy, np.int16)}
