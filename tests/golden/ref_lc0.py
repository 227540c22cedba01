"""Golden fixture of Leela Chess Zero's (lc0's) network input and policy index: tests/data/encode/lc0.npz.

Made by `make_encode_fixtures.py lc0` in a venv outside the repository holding the PyPI packages
lczerolens 0.5.1 (with the CPU build of torch), chess and numpy. Nothing here builds lc0's code.

Sources:

- lczerolens's own encoder (`lczerolens._codec`: `encode_input`, `encode_move`, what its evaluator
  uses) implements one of lc0's input formats, INPUT_CLASSICAL_112_PLANE. Its history policies are
  lc0's HistoryFill "no" (CLASSICAL_112) and "always" (CLASSICAL_112_REPEATED), plus two without
  history. Written as `lczerolens_classical_*`, and as `classical_*` when no lc0 output is merged.
- All seven lc0 input formats (`classical` INPUT_CLASSICAL_112_PLANE, `castling_plane`
  INPUT_112_WITH_CASTLING_PLANE, `canonical` INPUT_112_WITH_CANONICALIZATION,
  `canonical_hectoplies`, `canonical_hectoplies_armageddon`, `canonical_v2`,
  `canonical_v2_armageddon`): made by lc0's own encoder.cc at commit
  f9d55356ccdbe1daa4ececd7c60b0dce54945b24 (EncodePositionForNN and Move::as_nn_index on lc0's
  PositionHistory of each game) outside this repository, merged from the .npz named by the
  environment variable CHESSBITS_LC0_NATIVE (`merge_native`). lc0 at commit
  909a40826db9e8b221d9209a487daba6ab57e3b7 (v0.32 line) gives the same planes and transforms on every
  position, and the same policy indices except under a canonical transform with the transpose bit
  (4..7): there its MoveToNNIndex (rewritten in 6fa9f132, "Refactor Move representation") turns
  squares 180 degrees instead of transposing them as the planes are, so its indices disagree with
  its own planes. Those indices are kept apart as `canonical_policy_lc0_head`.
- lczerolens and lc0 agree on `classical` except the history planes filled past the first position
  of a game started from a FEN with an en-passant square: lc0 puts the pawn that just made the
  double step back (its "previous position"); lczerolens repeats the position unchanged.
  `merge_native` asserts that this is the only difference.

History fill: lc0's default when playing, HistoryFill = "fen_only" (src/neural/shared_params.cc):
history planes past the game's first position are filled with that position (as seen in the
oldest real slot, ranks not alternated), unless it is the standard starting position (piece
placement, white to move, KQkq, no en-passant square), where they stay empty. For lczerolens this
picks CLASSICAL_112 for games from the starting position, else CLASSICAL_112_REPEATED. The V2
formats were made with lc0's "no" fill: V2 never writes a filled slot (a fill position is never a
repetition), so "no" and "fen_only" give the same planes wherever lc0's fen_only loop ends (checked
on every position of games whose first position has rule50 = 0); with rule50 > 0 there, lc0's loop
never ends (the history index underflows), so "no" is what it would write.

Arrays (N positions in games.txt order; per-move arrays aligned with legal.npz `moves`):

- `{fmt}_masks` (N, 112) uint64: lc0's InputPlane mask of each plane, bit s = square s (a1 = 0),
  seen from the side to move (ranks mirrored when black moves), after the canonical transform.
- `{fmt}_values` (N, 112) float32: lc0's InputPlane value; the dense plane is mask bits * value
  (a plane lc0 leaves empty has value 1.0; the rule-50 plane 109 has mask all ones and the value).
- `{fmt}_transform` (N,) int8: lc0's canonical transform (bit 0 flip files, bit 1 mirror ranks,
  bit 2 transpose along a8-h1, applied in that order); 0 for the non-canonical formats.
- `{fmt}_policy` int16: lc0's 1858 policy index of each legal move (under the transform), -1 where
  the reference cannot index it.
- `history_fill`: "fen_only"; `sources`: the source of each format's arrays; `lc0_commit`.
"""
import importlib
import importlib.util
import os
import sys
import types

import chess
import numpy as np


def _codec():
    """lczerolens's `_codec` (its stateless encoder, torch only), imported without running
    lczerolens/__init__.py: that imports its model stack (onnx2torch -> torchvision), and PyPI's
    torchvision wheels load only beside a CUDA build of torch, not the CPU one."""
    if "lczerolens" not in sys.modules:
        spec = importlib.util.find_spec("lczerolens")
        package = types.ModuleType("lczerolens")
        package.__spec__, package.__path__ = spec, list(spec.submodule_search_locations)
        sys.modules["lczerolens"] = package
    return importlib.import_module("lczerolens._codec")


FORMATS = ["classical", "castling_plane", "canonical", "canonical_hectoplies",
           "canonical_hectoplies_armageddon", "canonical_v2", "canonical_v2_armageddon"]
LC0_COMMIT = "f9d55356ccdbe1daa4ececd7c60b0dce54945b24"
LC0_HEAD_COMMIT = "909a40826db9e8b221d9209a487daba6ab57e3b7"
RULE50_PLANE = 109
ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
BITS = np.uint64(1) << np.arange(64, dtype=np.uint64)


def is_startpos(board):
    """lc0's `ChessBoard == kStartposBoard` on the game's first position (the fen_only test)."""
    root = board.root()
    return (root.board_fen() == chess.STARTING_BOARD_FEN and root.turn == chess.WHITE
            and root.clean_castling_rights() == chess.BB_CORNERS and root.ep_square is None)


def planes_to_masks(dense):
    """(112, 8, 8) dense planes (row = rank, column = file) -> lc0 (mask, value) pairs, exactly."""
    flat = dense.reshape(112, 64)
    masks = np.zeros(112, np.uint64)
    values = np.ones(112, np.float32)
    for p in range(112):
        plane = flat[p]
        if p == RULE50_PLANE:  # lc0's Fill(value): every square set, the value carried
            assert (plane == plane[0]).all(), p
            masks[p], values[p] = ALL, plane[0]
            continue
        on = plane != 0
        assert (plane[on] == 1).all(), (p, plane)  # lc0 sets these planes with value 1.0
        masks[p] = np.bitwise_or.reduce(BITS[on]) if on.any() else 0
    return masks, values


def lczerolens_classical(boards):
    """lczerolens's INPUT_CLASSICAL_112_PLANE with lc0's fen_only history fill, and its policy."""
    codec = _codec()
    n = len(boards)
    masks = np.zeros((n, 112), np.uint64)
    values = np.zeros((n, 112), np.float32)
    policy = []
    for i, board in enumerate(boards):
        fill = codec.InputFormat.CLASSICAL_112 if is_startpos(board) else codec.InputFormat.CLASSICAL_112_REPEATED
        masks[i], values[i] = planes_to_masks(codec.encode_input(board, input_format=fill).numpy())
        for move in board.legal_moves:
            try:
                policy.append(codec.encode_move(board, move))
            except KeyError:
                policy.append(-1)
    return {"masks": masks, "values": values, "transform": np.zeros(n, np.int8),
            "policy": np.array(policy, np.int16)}


def ep_fill_planes(boards):
    """(N, 112) bool: the pawn planes of the history slots past a game's first position when that
    position has an en-passant square (where lc0 undoes the double step and lczerolens does not)."""
    out = np.zeros((len(boards), 112), bool)
    for i, board in enumerate(boards):
        if board.root().ep_square is not None and not is_startpos(board):
            for slot in range(len(board.move_stack) + 1, 8):
                out[i, [13 * slot, 13 * slot + 6]] = True
    return out


def merge_native(arrays, boards, path):
    """Takes all seven formats from `path`, made by lc0's own encoder.cc at commit LC0_COMMIT (keys
    `{fmt}_masks/_values/_transform/_policy`, `canonical_policy_lc0_head`, `lc0_commit`), after
    checking lc0's `classical` against lczerolens's: equal but for `ep_fill_planes`."""
    native = np.load(path)
    assert str(native["lc0_commit"]) == LC0_COMMIT, native["lc0_commit"]
    n, moves = len(boards), len(arrays["lczerolens_classical_policy"])
    for fmt in FORMATS:
        for key, size in (("masks", n), ("values", n), ("transform", n), ("policy", moves)):
            assert len(native[f"{fmt}_{key}"]) == size, (fmt, key)
            arrays[f"{fmt}_{key}"] = native[f"{fmt}_{key}"]
    arrays["canonical_policy_lc0_head"] = native["canonical_policy_lc0_head"]
    differ = ((arrays["classical_masks"] != arrays["lczerolens_classical_masks"])
              | (arrays["classical_values"] != arrays["lczerolens_classical_values"]))
    assert not (differ & ~ep_fill_planes(boards)).any(), np.argwhere(differ & ~ep_fill_planes(boards))
    assert np.array_equal(arrays["classical_policy"], arrays["lczerolens_classical_policy"])
    print(f"classical: lc0 and lczerolens differ in {differ.sum()} planes of {differ.any(1).sum()} positions,"
          " all lc0's en-passant undo in fill slots")


def fixture(boards):
    from importlib.metadata import version
    lens = f"lczerolens {version('lczerolens')}"
    arrays = {f"lczerolens_classical_{k}": v for k, v in lczerolens_classical(boards).items()}
    path = os.environ.get("CHESSBITS_LC0_NATIVE")
    if path:
        merge_native(arrays, boards, path)
        sources = [f"{fmt}: lc0 encoder.cc at {LC0_COMMIT}" for fmt in FORMATS]
        sources += [f"canonical_policy_lc0_head: lc0 at {LC0_HEAD_COMMIT}",
                    f"lczerolens_classical: {lens} (CLASSICAL_112 / _REPEATED as fen_only)"]
        arrays["lc0_commit"] = np.array(LC0_COMMIT)
    else:
        print("CHESSBITS_LC0_NATIVE not set: classical_* from lczerolens only", file=sys.stderr)
        arrays.update({k.removeprefix("lczerolens_"): v for k, v in list(arrays.items())})
        sources = [f"classical, lczerolens_classical: {lens} (CLASSICAL_112 / _REPEATED as fen_only)"]
    arrays["history_fill"] = np.array("fen_only")
    arrays["sources"] = np.array(sources)
    return arrays
