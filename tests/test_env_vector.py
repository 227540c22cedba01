"""chessbits.env.VectorChessEnv against single Boards game by game: every observation, mask,
reward, termination, truncation and final observation equal to what chessbits.encode and
the Board say of the same game; same-step autoreset; seeds reproduce games; bad actions
raise and change nothing."""
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import chessbits  # noqa: E402
from chessbits import encode  # noqa: E402
from chessbits.env import VectorChessEnv  # noqa: E402


def expected(board, layout, policy, format="classical", **options):
    return (encode.planes([board], layout, format=format, **options)[0],
            encode.legal_mask([board], policy, format=format)[0])


@pytest.mark.parametrize("layout,policy,dtype,format", [
    ("alphazero", "alphazero", "float32", "classical"), ("lc0", "lc0", "bool", "classical"),
    ("lc0", "lc0", "float32", "canonical"),  # (the actions transformed as the planes are)
    ("simple", "alphazero", "uint8", "classical")])
def test_games_against_single_boards(layout, policy, dtype, format):
    n, max_plies = 6, 60
    envs = VectorChessEnv(n, layout=layout, dtype=dtype, max_plies=max_plies, format=format)
    rng = random.Random(layout)
    observations, infos = envs.reset(seed=1)
    boards = [chessbits.Board() for _ in range(n)]
    assert envs.observation_space.contains(observations)
    ended = 0
    for step in range(200):
        for i, board in enumerate(boards):
            planes, mask = expected(board, layout, policy, format, dtype=dtype)
            assert np.array_equal(observations[i], planes) and np.array_equal(infos["action_mask"][i], mask), (step, i)
        legal = [[m for m in board.legal_moves] for board in boards]
        moves = [rng.choice(ms) for ms in legal]
        actions = np.array([encode.move_index(m, b, layout=policy, format=format) for m, b in zip(moves, boards)])
        assert all(infos["action_mask"][i][a] for i, a in enumerate(actions))
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations.dtype == np.dtype(dtype) and rewards.dtype == np.float32
        for i, (board, move) in enumerate(zip(boards, moves)):
            board.push(move)
            over = board.outcome() is not None
            assert bool(terminations[i]) is over, (step, i, board.fen())
            assert bool(truncations[i]) is (not over and board.ply() >= max_plies)
            assert rewards[i] == (1.0 if board.is_checkmate() else 0.0)
            if over or board.ply() >= max_plies:
                ended += 1
                assert infos["_final_obs"][i]
                assert np.array_equal(infos["final_obs"][i], expected(board, layout, policy, format, dtype=dtype)[0])
                boards[i] = chessbits.Board()
            elif "final_obs" in infos:
                assert infos["final_obs"][i] is None and not infos["_final_obs"][i]
    assert ended >= n  # (every game ended at least once: by the ply limit if not before)


@pytest.mark.parametrize("threads", [1, 2])
def test_many_games_as_boards(threads):
    """Many games stepped on threads: their planes and masks as chessbits.encode writes those
    of the games' Boards."""
    n = 600
    envs = VectorChessEnv(n, layout="alphazero", dtype="bool", threads=threads, copy=False)
    observations, infos = envs.reset(seed=1)
    rng = np.random.default_rng(threads)
    for _ in range(12):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
        observations, _, _, _, infos = envs.step(actions)
    boards = [envs.board(i) for i in range(n)]
    assert np.array_equal(observations, encode.planes(boards, "alphazero", dtype="bool"))
    assert np.array_equal(infos["action_mask"], encode.legal_mask(boards, "alphazero"))


def test_seeds_reproduce_games():
    def play(seed):
        envs = VectorChessEnv(3, layout="simple", max_plies=30)
        observations, infos = envs.reset(seed=seed)
        trace = []
        for _ in range(40):
            actions = [envs.np_random.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]]
            observations, rewards, terminations, truncations, infos = envs.step(actions)
            trace.append(observations.copy())
        return np.stack(trace)
    assert np.array_equal(play(7), play(7))
    assert not np.array_equal(play(7), play(8))


def test_bad_actions_change_nothing():
    envs = VectorChessEnv(2, layout="simple")
    envs.reset()
    before = [envs.board(i).fen() for i in range(2)]
    e2e4 = encode.move_index(chessbits.Move.from_uci("e2e4"), chessbits.Board(), layout="alphazero")
    with pytest.raises(ValueError, match="2 integers"):
        envs.step([e2e4])
    with pytest.raises(ValueError, match="2 integers"):
        envs.step([float(e2e4), float(e2e4)])
    with pytest.raises(ValueError, match=r"game 1: action 4672 is outside 0\.\.4671"):
        envs.step([e2e4, 4672])
    with pytest.raises(chessbits.IllegalMoveError, match="board 1"):
        envs.step([e2e4, 0])
    assert [envs.board(i).fen() for i in range(2)] == before
    envs.step([e2e4, e2e4])
    assert envs.board(1).move_stack == [chessbits.Move.from_uci("e2e4")]


def test_copy_and_render():
    envs = VectorChessEnv(2, layout="simple", copy=False, render_mode="ansi")
    a, infos = envs.reset()
    b, *_ = envs.step(np.flatnonzero(infos["action_mask"][0])[[0, 0]])
    assert a is b  # (the env's own array, overwritten)
    assert envs.render() == (str(envs.board(0)), str(envs.board(1)))
    copied = VectorChessEnv(2, layout="simple")
    a, infos = copied.reset()
    kept = a.copy(), infos["action_mask"].copy()
    b, _, _, _, later = copied.step(np.flatnonzero(infos["action_mask"][0])[[0, 0]])
    assert a is not b and not np.array_equal(a, b)
    assert np.array_equal(a, kept[0]) and np.array_equal(infos["action_mask"], kept[1])  # (left as returned)
    assert later["action_mask"] is not infos["action_mask"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_envs"):
        VectorChessEnv(0)
    with pytest.raises(ValueError, match="max_plies"):
        VectorChessEnv(2, max_plies=0)
    with pytest.raises(ValueError, match="layout"):
        VectorChessEnv(2, layout="nope")
    with pytest.raises(ValueError, match="render_mode"):
        VectorChessEnv(2, render_mode="human")
