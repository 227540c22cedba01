"""chessbits.env.chess_v6 against PettingZoo's own chess_v6, in lock step: random games (and
scripted repetitions) played on both, after every step each agent's observation and mask,
the rewards, terminations, truncations, infos and the agent to move equal, by type as well as
value; illegal and out-of-range actions, calls out of order and PettingZoo's api_test."""
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pygame", reason="PettingZoo's chess_v6 imports pygame")
pytest.importorskip("chess", reason="PettingZoo's chess_v6 runs on python-chess")
from pettingzoo.classic import chess_v6 as theirs  # noqa: E402

import chessbits  # noqa: E402
from chessbits.encode import move_index  # noqa: E402
from chessbits.env import chess_v6 as ours  # noqa: E402


def same_state(a, b, where):
    """Every part of the two envs' state a user reads, equal in value and type."""
    assert a.agents == b.agents, where
    assert a.agent_selection == b.agent_selection, where
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        x, y = getattr(a.unwrapped, name), getattr(b.unwrapped, name)
        assert x == y and [type(v) for v in x.values()] == [type(v) for v in y.values()], (where, name, x, y)
    for agent in a.agents:
        x, y = a.observe(agent), b.observe(agent)
        for key in ("observation", "action_mask"):
            assert x[key].dtype == y[key].dtype and x[key].shape == y[key].shape, (where, agent, key)
            if not np.array_equal(x[key], y[key]):
                diff = np.argwhere(x[key] != y[key])[:5].tolist()
                raise AssertionError(f"{where}: {agent}'s {key} differs at {diff}; board {b.unwrapped.board.fen()}")
    if a.agents:
        assert a.last()[1:] == b.last()[1:], where


def play(choose, seed, plies=10 ** 4):
    """One game on both envs through agent_iter, choose(rng, mask, ply, board) picking each
    action (board: the game as a chessbits Board)."""
    a, b = theirs.env(), ours.env()
    a.reset(seed=seed)
    b.reset(seed=seed)
    rng = random.Random(seed)
    same_state(a, b, "reset")
    ply = 0
    for agent in a.agent_iter(max_iter=plies):
        observation, _, termination, truncation, _ = a.last()
        action = None if termination or truncation else choose(rng, observation["action_mask"], ply, b.unwrapped.board)
        a.step(action)
        b.step(action)
        ply += 1
        same_state(a, b, f"seed {seed}, ply {ply}: {agent} played {action}")
    assert not b.agents and ply > 2
    return ply


def random_move(rng, mask, ply, board):
    return rng.choice(np.flatnonzero(mask).tolist())


def eventful_move(rng, mask, ply, board):
    """An en-passant capture, castling, an underpromotion or a double push where there is one,
    else a random move: the rare cases a random game seldom reaches."""
    wanted = [m for m in board.legal_moves if board.is_en_passant(m) or board.is_castling(m)
              or m.promotion in (chessbits.KNIGHT, chessbits.BISHOP, chessbits.ROOK)
              or (board.piece_type_at(m.from_square) == chessbits.PAWN and abs(m.to_square - m.from_square) == 16)]
    if wanted and rng.random() < 0.7:
        action = move_index(rng.choice(wanted), board, layout="alphazero")
        assert mask[action] == 1
        return action
    return random_move(rng, mask, ply, board)


@pytest.mark.parametrize("seed", range(8))
def test_random_games_in_lock_step(seed):
    play(random_move, seed)


@pytest.mark.parametrize("seed", range(4))
def test_eventful_games_in_lock_step(seed):
    play(eventful_move, seed)


def test_repetitions_end_the_game_as_pettingzoo():
    """Knights out and back until a threefold repetition can be claimed: PettingZoo ends the
    game a move early (the claim by the move about to repeat), with the repetition planes on."""
    a = theirs.env()
    a.reset()
    order = []
    for _ in range(4):  # Nf3 Nf6 Ng1 Ng8 as each side's mover sees them
        mask = a.last()[0]["action_mask"]
        moves = [int(i) for i in np.flatnonzero(mask)]
        order.append(moves)
        a.step(moves[0])

    def shuffle(rng, mask, ply, board):
        legal = np.flatnonzero(mask).tolist()
        wanted = order[ply % 4][0]
        return wanted if wanted in legal else legal[0]
    assert play(shuffle, 0) < 20


def test_illegal_and_out_of_range_actions():
    for action in (0, ours.ACTIONS - 1):  # legal nowhere at the start
        a, b = theirs.env(), ours.env()
        a.reset()
        b.reset()
        a.step(action)
        b.step(action)
        same_state(a, b, f"illegal {action}")
        assert b.unwrapped._cumulative_rewards == {"player_0": -1.0, "player_1": 0}
        for agent in a.agent_iter():
            a.step(None)
            b.step(None)
            same_state(a, b, f"after illegal {action}: {agent}")
    for bad in (-1, ours.ACTIONS, 1.5, "e2e4", np.array([1, 2])):
        b = ours.env()
        b.reset()
        with pytest.raises(AssertionError, match="action is not in action space"):
            b.step(bad)
        assert b.unwrapped.board.move_stack == []


def test_calls_out_of_order():
    for env in (theirs.env(), ours.env()):
        with pytest.raises(AttributeError, match="before reset"):
            env.agent_selection
        with pytest.raises(AttributeError, match="before reset"):
            env.last()
        with pytest.raises(Exception, match="reset"):
            env.step(0)
    assert str(ours.env()) == str(theirs.env()) == "chess_v6"


def test_spaces_render_and_board():
    a, b = theirs.env(render_mode="ansi"), ours.env(render_mode="ansi")
    a.reset()
    b.reset()
    assert a.observation_space("player_0") == b.observation_space("player_0")
    assert a.action_space("player_1") == b.action_space("player_1")
    assert a.render() == b.render()
    b.step(int(np.flatnonzero(b.last()[0]["action_mask"])[0]))
    assert b.unwrapped.board.move_stack[0].uci() == "a2a3"
    assert b.unwrapped.board_history.shape == (8, 8, 104) and b.unwrapped.board_history.sum() == 32


def test_rgb_array_render():
    b = ours.env(render_mode="rgb_array", screen_height=160)
    b.reset()
    image = b.render()
    assert image.shape == (160, 160, 3) and image.dtype == np.uint8 and image.std() > 0
    b.close()


def test_pettingzoo_api_test():
    from pettingzoo.test import api_test
    api_test(ours.env(), num_cycles=200)


def test_bench_env_table(capsys):
    """`chessbits bench env` on a small run: exit 0 (our chess_v6's rewards equal PettingZoo's),
    a row per environment, PettingZoo's and ours over the same recorded turns."""
    from chessbits.bench import env as bench
    games = bench.record(2)
    assert bench.main(["--games", "2", "--envs", "8", "--steps", "4", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert f"chess_v6: 2 random games ({sum(map(len, games)):,} turns); VectorChessEnv: 8 games x 4 steps" in out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "steps/s" not in line]
    names = [row.split("|")[1].strip() for row in rows]
    assert names[:2] == ["PettingZoo chess_v6, observation dict each turn",
                         "chessbits.env.chess_v6, observation dict each turn"]
    assert [row.split("|")[2].strip() for row in rows[-4:]] == ["1", "2", "1", "2"]
    assert names[-4:] == ["VectorChessEnv(8), AlphaZero bool planes + mask"] * 2 + ["VectorChessEnv(8), mask only"] * 2
    assert [row.split("|")[5].strip().endswith("x 1 thread") for row in rows[-4:]] == [False, True, False, True]
