"""Reinforcement-learning environments side by side in one run: PettingZoo's ``chess_v6``
against ``chessbits.env.chess_v6``, the same games step by step; OpenSpiel's chess (where
installed) and ``chessbits.env.VectorChessEnv`` on many games at once.

    chessbits bench env [--games 20] [--envs 1024] [--steps 100] [--rounds 5]

Every row replays actions recorded once from seeded random play, so the agent's choice is
not timed:
- chess_v6 (both): ``env.last()`` (the observation dict: 8 x 8 x 111 planes and the 4,672
  action mask) and ``env.step(action)`` for every turn through ``env.agent_iter()``, to the
  end of each game; each row's rewards asserted equal to PettingZoo's;
- OpenSpiel: its random games, with ``observation_tensor()`` and ``legal_actions_mask()``
  before each ``apply_action``, or ``legal_actions()`` alone;
- VectorChessEnv(envs): ``step`` ``--steps`` times (same-step autoreset), AlphaZero bool
  planes and masks, or the masks alone (``layout=None``), on one and two threads. Each row's
  environment is built once, before the rounds, and reset before each, untimed: a training
  run builds and resets it once for millions of steps (a build's first touch of 60 MB of fresh
  memory, or a reset of every game, is not a step's cost).
Steps/s count one game's move as a step. Medians of interleaved rounds. Needs PettingZoo,
Gymnasium and pygame (PettingZoo's chess_v6 imports it).

>>> len(record(2, seed=1)) == 2
True
"""
import datetime
import random
import sys
from statistics import median
from typing import Any, Callable, List, Optional, Sequence, Tuple

from . import interleaved, machine, table
from .._options import Parser, positive, summary


def record(games: int, seed: int = 1) -> List[List[Optional[int]]]:
    """The actions of `games` seeded random games of chess_v6 (None for a finished agent's turn)."""
    import numpy as np

    from ..env import chess_v6
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        env = chess_v6.env()
        env.reset()
        actions: List[Optional[int]] = []
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None if termination or truncation else rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            actions.append(action)
            env.step(action)
        out.append(actions)
    return out


def replay(make: Callable[[], Any], games: List[List[Optional[int]]]) -> Callable[[], Tuple[int, List[Any]]]:
    """A function that plays the recorded games on fresh environments: (turns, final rewards)."""
    def run() -> Tuple[int, List[Any]]:
        turns, rewards = 0, []
        for actions in games:
            env = make()
            env.reset()
            step = iter(actions)
            for agent in env.agent_iter():
                env.last()
                env.step(next(step))
                turns += 1
                rewards.append(env.rewards.get(agent))
        return turns, rewards
    return run


def record_vector(envs: int, steps: int, seed: int = 1) -> List[Any]:
    """The actions of `steps` steps of seeded random play on a VectorChessEnv(envs)."""
    import numpy as np

    from ..env import VectorChessEnv
    rng = np.random.default_rng(seed)
    env = VectorChessEnv(envs, layout=None, policy="alphazero")
    _, infos = env.reset()
    out = []
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]], np.int64)
        out.append(actions)
        infos = env.step(actions)[4]
    return out


def replay_vector(envs: int, actions: List[Any], threads: int,
                  layout: Optional[str]) -> Tuple[Callable[[], Any], Callable[[], Tuple[int, Any]]]:
    """Two functions on one VectorChessEnv, built here: its reset, and the recorded actions'
    steps from there: (steps, rewards' sum)."""
    from ..env import VectorChessEnv
    env = VectorChessEnv(envs, layout=layout, policy="alphazero", dtype="bool", threads=threads, copy=False)

    def run() -> Tuple[int, Any]:
        total = 0.0
        for step in actions:
            total += float(env.step(step)[1].sum())
        return envs * len(actions), total
    return env.reset, run


def record_openspiel(games: int, seed: int = 1) -> List[List[int]]:
    """The actions of `games` seeded random OpenSpiel chess games."""
    import pyspiel
    rng = random.Random(seed)
    game = pyspiel.load_game("chess")
    out = []
    for _ in range(games):
        state, actions = game.new_initial_state(), []
        while not state.is_terminal():
            actions.append(rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        out.append(actions)
    return out


def replay_openspiel(games: List[List[int]], observe: bool) -> Callable[[], Tuple[int, Any]]:
    """A function that replays OpenSpiel games, observing each state or not: (steps, returns)."""
    import pyspiel
    game = pyspiel.load_game("chess")

    def run() -> Tuple[int, Any]:
        steps, returns = 0, []
        for actions in games:
            state = game.new_initial_state()
            for action in actions:
                if observe:
                    state.observation_tensor()
                    state.legal_actions_mask()
                else:
                    state.legal_actions()
                state.apply_action(action)
                steps += 1
            returns.append(tuple(state.returns()))
        return steps, returns
    return run


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if a row's rewards differ from PettingZoo's."""
    ap = Parser(prog="chessbits bench env", description=summary(__doc__ or ""))
    ap.add_argument("--games", type=positive, default=20, help="random games replayed per round")
    ap.add_argument("--envs", type=positive, default=1024, help="games of the vector env")
    ap.add_argument("--steps", type=positive, default=100, help="steps of the vector env per round")
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    args = ap.parse_args(argv)
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # (its old import path)
            from pettingzoo.classic import chess_v6 as theirs
    except ImportError as error:
        print(f"chessbits bench env: needs PettingZoo's chess_v6 ({error}): pip install 'pettingzoo[classic]'",
              file=sys.stderr)
        return 0
    from ..env import chess_v6 as ours

    games = record(args.games)
    # (name, threads, the replay, its untimed setup)
    rows: List[Tuple[str, int, Callable[[], Tuple[int, Any]], Optional[Callable[[], Any]]]] = [
        ("PettingZoo chess_v6, observation dict each turn", 1, replay(theirs.env, games), None),
        ("chessbits.env.chess_v6, observation dict each turn", 1, replay(ours.env, games), None)]
    try:
        spiel = record_openspiel(args.games)
        rows += [("OpenSpiel chess, observation + legal mask", 1, replay_openspiel(spiel, True), None),
                 ("OpenSpiel chess, legal actions only", 1, replay_openspiel(spiel, False), None)]
    except ImportError:
        print("(OpenSpiel is not installed: pip install open_spiel for its rows)\n")
    vector = record_vector(args.envs, args.steps)
    for name, layout in (("AlphaZero bool planes + mask", "alphazero"), ("mask only", None)):
        for threads in (1, 2):  # (one thread's row and two's side by side in each round)
            reset, run = replay_vector(args.envs, vector, threads, layout)
            rows.append((f"VectorChessEnv({args.envs}), {name}", threads, run, reset))
    each: List[List[float]] = []
    results = interleaved([row[2] for row in rows], args.rounds, setup=[row[3] for row in rows], each=each)
    status, out = 0, []
    base_seconds, (base_turns, base_rewards) = results[0]
    rates = [steps / seconds for seconds, (steps, _) in results]
    spiel = [rate for (name, *_), rate in zip(rows, rates) if name.startswith("OpenSpiel")]
    for k, ((name, threads, _, _), (seconds, (steps, rewards)), rate) in enumerate(zip(rows, results, rates)):
        versus = ""
        if k < 2:
            versus = f"{rate / rates[0]:,.1f}x"
            if (steps, rewards) != (base_turns, base_rewards):
                status, versus = 1, versus + " (rewards differ!)"
        elif spiel and not name.startswith("OpenSpiel"):
            versus = f"{rate / spiel[0 if 'planes' in name else 1]:.2f}x OpenSpiel"
        if name.startswith("VectorChessEnv") and rewards != results[-1][1][1]:  # (the same games on every row)
            status, versus = 1, versus + " (rewards differ from the last row's!)"
        if threads == 2:  # (each round times the row right after its one-thread row)
            versus += f"; {median(a / b for a, b in zip(each[k - 1], each[k])):.2f}x 1 thread"
        out.append([name, threads, f"{rate:,.0f}", f"{seconds / steps * 1e6:.3f}", versus.lstrip("; ")])
    print(f"Machine: {machine()}; {datetime.date.today()}; chess_v6: {args.games} random games ({base_turns:,} "
          f"turns); VectorChessEnv: {args.envs} games x {args.steps} steps; medians of {args.rounds} interleaved "
          "rounds; ratio: the row's steps/s over PettingZoo's, or over OpenSpiel's with (without) observations, "
          "and two threads' over one (the median of the rounds' ratios).\n")
    print(table(["environment", "threads", "steps/s", "us/step", "ratio"], out))
    return status


if __name__ == "__main__":
    sys.exit(main())
