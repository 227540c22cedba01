"""Reinforcement-learning environments side by side in one run: PettingZoo's ``chess_v6``
against ``chessbits.env.chess_v6``, the same games step by step.

    chessbits bench env [--games 20] [--rounds 5]

Seeded random games are recorded once (each agent's action at each turn); every row then
replays them through its environment as a training loop drives it: ``env.last()`` (the
observation dict: 8 x 8 x 111 planes and the 4,672 action mask) and ``env.step(action)`` for
every turn, through ``env.agent_iter()``, to the end of each game. The agent's choice is not
timed. Each row's rewards are asserted equal to PettingZoo's. Medians of interleaved rounds,
one thread. Needs PettingZoo, Gymnasium and pygame (PettingZoo's chess_v6 imports it).

>>> len(record(2, seed=1)) == 2
True
"""
import datetime
import random
import sys
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


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if a row's rewards differ from PettingZoo's."""
    ap = Parser(prog="chessbits bench env", description=summary(__doc__ or ""))
    ap.add_argument("--games", type=positive, default=20, help="random games replayed per round")
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
    rows = [("PettingZoo chess_v6", replay(theirs.env, games)), ("chessbits.env.chess_v6", replay(ours.env, games))]
    results = interleaved([fn for _, fn in rows], args.rounds)
    status, out = 0, []
    base_seconds, (base_turns, base_rewards) = results[0]
    for (name, _), (seconds, (turns, rewards)) in zip(rows, results):
        same = turns == base_turns and rewards == base_rewards
        status = status or (0 if same else 1)
        out.append([name, f"{turns / seconds:,.0f}", f"{seconds / turns * 1e6:.2f}",
                    f"{base_seconds / seconds:.1f}x" + ("" if same else " (rewards differ!)")])
    print(f"Machine: {machine()}; {datetime.date.today()}; {args.games} random games ({base_turns:,} turns), "
          f"env.last() + env.step() each turn; medians of {args.rounds} interleaved rounds, one thread; "
          "ratio: PettingZoo's time / the row's.\n")
    print(table(["environment", "steps/s", "us/step", "ratio"], out))
    return status


if __name__ == "__main__":
    sys.exit(main())
