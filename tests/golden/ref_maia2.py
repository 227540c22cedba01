"""Golden fixture of Maia-2's input planes and move indices, made by Maia-2's own code.

Reference: Maia-2 (CSSLab), PyPI package `maia2` 0.11.0 (run with python-chess 1.11.2, torch
2.13.0+cpu), functions `maia2.utils.board_to_tensor`, `get_all_possible_moves`, `mirror_move`,
following `maia2.inference.preprocessing`: the board is `chess.Board(fen)`, mirrored
(`.mirror()`) when black is to move, and the moves are those of that board (so mirrored back with
`mirror_move` for black).

Stored (N positions of encode_games.py, per-move arrays aligned with legal.npz):
  planes_packed  (N, 144) uint8  np.packbits of board_to_tensor(...) (18, 8, 8), flattened C-order,
                                 of the position as preprocessing feeds it: Maia's board is built
                                 from python-chess's default `board.fen()`, so history is lost.
  policy         (M,) int16      index in Maia's 1880-move dict of each legal move as Maia sees it
                                 (its uci without Chess960 notation, mirror_move'd for black),
                                 -1 where Maia's own board (chess.Board(fen), standard rules) does
                                 not have the move: Chess960 castling other than a king on e1/e8
                                 with a rook in the a/h corner.
The indices of each position are checked to be exactly Maia's own legal-move indices (as in
preprocessing), and the planes to be what preprocessing returns.

    python3 -m venv /work/refvenv-maia
    /work/refvenv-maia/bin/pip install torch==2.13.0   # CPU build; maia2 pins torch<2.9 (CUDA)
    /work/refvenv-maia/bin/pip install --no-deps maia2==0.11.0
    /work/refvenv-maia/bin/pip install chess einops gdown numpy pandas pyyaml pyzstd requests tqdm
    /work/refvenv-maia/bin/python tests/golden/make_encode_fixtures.py maia2
"""
import chess
import numpy as np
from maia2 import inference, utils


def fixture(boards):
    all_moves = utils.get_all_possible_moves()
    move_index = {move: i for i, move in enumerate(all_moves)}
    assert len(move_index) == len(all_moves) == 1880
    elo_dict = utils.create_elo_dict()

    planes, policy = [], []
    for board in boards:
        fen = board.fen()
        black = board.turn == chess.BLACK
        maia_board = chess.Board(fen).mirror() if black else chess.Board(fen)
        tensor = utils.board_to_tensor(maia_board).numpy()
        assert tensor.shape == (18, 8, 8) and np.isin(tensor, (0.0, 1.0)).all()
        planes.append(tensor.astype(bool).reshape(-1))

        maia_legal = {m.uci() for m in maia_board.legal_moves}
        indices = []
        for move in board.legal_moves:
            uci = board.uci(move, chess960=False)  # e1h1 -> e1g1 for a king on e1; else unchanged
            if black:
                uci = utils.mirror_move(uci)
            if uci in maia_legal:
                indices.append(move_index[uci])
            else:
                assert board.chess960 and board.is_castling(move), (fen, move)
                indices.append(-1)
        assert {i for i in indices if i >= 0} == {move_index[u] for u in maia_legal}, fen
        policy += indices

        if maia_legal:  # preprocessing refuses positions without legal moves
            tensor2, _, _, legal = inference.preprocessing(fen, 1500, 1500, elo_dict, move_index)
            assert np.array_equal(tensor2.numpy(), tensor)
            assert set(np.flatnonzero(legal.numpy())) == {i for i in indices if i >= 0}

    planes = np.array(planes)
    return {"planes_packed": np.packbits(planes, axis=1), "policy": np.array(policy, np.int16)}
