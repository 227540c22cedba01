"""PettingZoo's ``chess_v6`` (``pettingzoo.classic.chess_v6``, PettingZoo 1.27) on chessbits'
C core: the same agents, spaces, observations, action masks, rewards, terminations, wrappers
and render modes, each step written by C (ext/pz_chess.c) instead of python-chess and NumPy.
A training script moves over by one import line:

>>> from chessbits.env import chess_v6  # was: from pettingzoo.classic import chess_v6
>>> env = chess_v6.env()
>>> env.reset(seed=42)
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((8, 8, 111), 20)
>>> env.step(int(observation["action_mask"].nonzero()[0][0]))
>>> env.agent_selection
'player_1'

Its observation keeps PettingZoo's quirks (ext/pz_chess.c lists them: no pieces in the first
observation, the en-passant pawn on the back rank, ...). ``env.board`` is a copy of the game
as a :class:`chessbits.Board` (a push on it does not move the game). Needs PettingZoo and
Gymnasium: ``pip install 'chessbits[rl]'``.
"""
import os
from typing import Any, Dict, Optional

from .._core import _PzGames
from .._optional import module
from . import RL

np = module("numpy", "chessbits.env", RL)
gymnasium = module("gymnasium", "chessbits.env", RL)
pettingzoo = module("pettingzoo", "chessbits.env", RL)
from gymnasium import spaces  # noqa: E402
from gymnasium.utils import EzPickle  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils.agent_selector import AgentSelector  # noqa: E402
from pettingzoo.utils.env_logger import EnvLogger  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # noqa: E402

ACTIONS = 8 * 8 * 73
ILLEGAL_REWARD = -1  # what env() gives the agent that plays an illegal move, as PettingZoo's


def env(**kwargs: Any) -> "ChessEnv":
    """The environment as PettingZoo's ``chess_v6.env()`` wraps it: an illegal move ends the
    game with -1 for its agent, an action outside the space fails an assertion, and calls out
    of order are refused (its three wrappers' rules, checked in one)."""
    return ChessEnv(raw_env(**kwargs))


class raw_env(AECEnv, EzPickle):
    """PettingZoo's chess_v6 ``raw_env``: player_0 plays White, player_1 Black."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "name": "chess_v6", "is_parallelizable": False,
                "render_fps": 2}

    def __init__(self, render_mode: Optional[str] = None, screen_height: Optional[int] = 800):
        EzPickle.__init__(self, render_mode, screen_height)
        super().__init__()
        self._games = _PzGames(1)
        self.agents = [f"player_{i}" for i in range(2)]
        self.possible_agents = self.agents[:]
        self._agent_selector = AgentSelector(self.agents)
        self.action_spaces = {name: spaces.Discrete(ACTIONS) for name in self.agents}
        self.observation_spaces = {
            name: spaces.Dict({
                "observation": spaces.Box(low=0, high=1, shape=(8, 8, 111), dtype=bool),
                "action_mask": spaces.Box(low=0, high=1, shape=(ACTIONS,), dtype=np.int8),
            })
            for name in self.agents
        }
        self.rewards: Optional[Dict[str, float]] = None
        self.infos: Dict[str, Dict[str, Any]] = {name: {} for name in self.agents}
        self.truncations = dict.fromkeys(self.agents, False)
        self.terminations = dict.fromkeys(self.agents, False)
        self.agent_selection: Optional[str] = None
        assert render_mode is None or render_mode in self.metadata["render_modes"]
        self.render_mode = render_mode
        self.screen_height = self.screen_width = screen_height
        self.screen: Any = None

    @property
    def board(self) -> Any:
        """The game as a :class:`chessbits.Board` (a copy)."""
        return self._games.board(0)

    @property
    def board_history(self) -> Any:
        """(8, 8, 104) bool: the boards after the last 8 moves as PettingZoo keeps them (newest
        first, 13 planes each, seen by White; zeros before the first move)."""
        obs = np.empty((8, 8, 111), np.bool_)
        self._games.observe(0, 0, obs, None)
        return obs[:, :, 7:].copy()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, Any]:
        player = self.possible_agents.index(agent)
        observation = np.empty((8, 8, 111), np.bool_)
        if agent == self.agent_selection:
            action_mask = np.empty(ACTIONS, np.int8)
            self._games.observe(0, player, observation, action_mask)
        else:
            action_mask = np.zeros(ACTIONS, np.int8)
            self._games.observe(0, player, observation, None)
        return {"observation": observation, "action_mask": action_mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self.agents = self.possible_agents[:]
        self._games.reset_game(0)
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {} for name in self.agents}
        if self.render_mode == "human":
            self.render()

    def set_game_result(self, result_val: int) -> None:
        for i, name in enumerate(self.agents):
            self.terminations[name] = True
            self.rewards[name] = result_val * (1 if i == 0 else -1)  # type: ignore[index]
            self.infos[name] = {"legal_moves": []}

    def _play(self, action: Any) -> bool:
        """The step of a live agent: False, nothing changed, if action is no legal move."""
        result = self._games.step(0, int(action))
        if result is False:
            return False
        if result is not None:
            self.set_game_result(result)
        self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()
        if self.render_mode == "human":
            self.render()
        return True

    def step(self, action: Any) -> None:
        agent: Any = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        assert self._play(action), f"action {action} is not a legal move"

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
        elif self.render_mode == "ansi":
            return str(self.board)
        elif self.render_mode in ("human", "rgb_array"):
            return self._render_gui()
        else:
            raise ValueError(f"{self.render_mode} is not a valid render mode. Available modes are: "
                             f"{self.metadata['render_modes']}")

    def _render_gui(self) -> Any:
        """The board drawn with pygame on PettingZoo's own board and piece images."""
        pygame = module("pygame", f"chess_v6's {self.render_mode!r} render mode", "pygame")
        size: Any = (self.screen_width, self.screen_height)
        if self.screen is None:
            images = os.path.join(os.path.dirname(module("pettingzoo.classic.chess", "chess_v6's images", RL).__file__), "img")
            cell = (size[0] / 8, size[1] / 8)
            if self.render_mode == "human":
                pygame.display.init()
                pygame.display.set_caption("Chess")
                self.screen = pygame.display.set_mode(size)
                self._clock = pygame.time.Clock()
            else:
                self.screen = pygame.Surface(size)
            self._background = pygame.transform.scale(pygame.image.load(os.path.join(images, "chessboard.png")), size)
            self._pieces = {
                (name, color): pygame.transform.scale(
                    pygame.image.load(os.path.join(images, f"{name}_{'white' if color else 'black'}.png")), cell)
                for name in ("pawn", "knight", "bishop", "rook", "queen", "king") for color in (False, True)}
        self.screen.blit(self._background, (0, 0))
        from .. import piece_name
        for square, piece in self.board.piece_map().items():
            x, y = square % 8 * size[0] / 8, size[1] - (square // 8 + 1) * size[1] / 8
            self.screen.blit(self._pieces[piece_name(piece.piece_type), piece.color], (x, y))
        if self.render_mode == "human":
            pygame.display.update()
            self._clock.tick(self.metadata["render_fps"])
            return None
        return np.transpose(np.array(pygame.surfarray.pixels3d(self.screen)), axes=(1, 0, 2))

    def close(self) -> None:
        if self.screen is not None:
            module("pygame", "chess_v6's close()", "pygame").quit()
            self.screen = None


class ChessEnv(OrderEnforcingWrapper):
    """``env()``: PettingZoo's OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
    TerminateIllegalWrapper(raw_env, illegal_reward=-1))) as one wrapper, their rules in one
    step (the legal-move check made in C, not on the last observation's mask)."""

    def __init__(self, env: raw_env):
        super().__init__(env)
        self._terminated = False  # ended by an illegal move

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._terminated = False
        super().reset(seed=seed, options=options)

    def _forward(name: str) -> Any:  # type: ignore[misc]
        """The raw env's attribute `name`, read as the wrapper's __getattr__ reads it (refused
        before reset) without the failed lookup that reaches __getattr__ (agent_iter reads
        agents and agent_selection every turn)."""
        def get(self: "ChessEnv") -> Any:
            if not self._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(self.env, name)
        return property(get)

    agents = _forward("agents")
    agent_selection = _forward("agent_selection")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    del _forward

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        env = self.env
        agent = env.agent_selection
        assert agent is not None
        return (env.observe(agent) if observe else None, env._cumulative_rewards[agent], env.terminations[agent],
                env.truncations[agent], env.infos[agent])

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        self._has_updated = True
        if not env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = env.agent_selection
        done = env.terminations[agent] or env.truncations[agent]
        assert (action is None and done) or (type(action) is int and 0 <= action < ACTIONS) or \
            env.action_spaces[agent].contains(action), "action is not in action space"
        if done:
            env._was_dead_step(action)
        elif not env._play(action):
            EnvLogger.warn_on_illegal_move()
            env._cumulative_rewards[agent] = 0
            env.terminations = dict.fromkeys(env.agents, True)
            env.truncations = dict.fromkeys(env.agents, True)
            env.rewards = dict.fromkeys(env.truncations, 0)
            env.rewards[agent] = float(ILLEGAL_REWARD)
            env._accumulate_rewards()
            env._deads_step_first()
            self._terminated = True

    def __str__(self) -> str:
        return str(self.env)
