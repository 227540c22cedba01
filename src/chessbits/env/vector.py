"""``VectorChessEnv``: N chess games as one Gymnasium vector environment, on a
:class:`chessbits.encode.BoardBatch`. One agent plays both sides (self-play): each step takes
one policy index per game for the side to move.

>>> import numpy as np
>>> from chessbits.env import VectorChessEnv
>>> envs = VectorChessEnv(4)
>>> observations, infos = envs.reset(seed=0)
>>> observations.shape, infos["action_mask"].shape, int(infos["action_mask"][0].sum())
((4, 119, 8, 8), (4, 4672), 20)
>>> actions = [int(np.flatnonzero(mask)[0]) for mask in infos["action_mask"]]
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.tolist(), terminations.tolist()
([0.0, 0.0, 0.0, 0.0], [False, False, False, False])

Observations are a layout of :mod:`chessbits.encode` (``layout``, ``dtype`` and its options),
seen by the side to move as that layout sees it (``layout=None``: none, the masks alone);
``infos["action_mask"]`` holds each game's legal moves in the layout's policy (``policy``). A move that mates gives its mover a reward of
1; every other step gives 0, draws too, so the loser learns from the mate it walked into.
A game that ends is reset in the same step (Gymnasium's same-step autoreset): the step returns
its new start, with its last position in ``infos["final_obs"]``. A game reaching ``max_plies``
without an end is truncated. With ``copy=False``, the observations and masks returned are the
environment's own arrays, overwritten by the next step.
"""
from typing import Any, Dict, Optional, Sequence, Tuple, Union

from .. import STARTING_FEN, encode
from ..encode import BoardBatch
from .._optional import module
from . import RL

np = module("numpy", "chessbits.env", RL)
gymnasium = module("gymnasium", "chessbits.env", RL)
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402


class VectorChessEnv(VectorEnv):
    """``num_envs`` games of chess from ``fen`` (one FEN, or one per game), stepped together."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int, *, layout: Optional[str] = "alphazero", policy: Optional[str] = None,
                 dtype: str = "float32", max_plies: int = 512, fen: Union[str, Sequence[str]] = STARTING_FEN,
                 chess960: bool = False, claim_draw: bool = False, threads: Optional[int] = None,
                 copy: bool = True, render_mode: Optional[str] = None, **options: Any):
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        if not isinstance(max_plies, int) or max_plies < 1:
            raise ValueError(f"max_plies must be a positive int, got {max_plies!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.num_envs, self.max_plies, self.render_mode, self.copy = num_envs, max_plies, render_mode, copy
        self.layout, self.policy = layout, policy or encode.DEFAULT_POLICY.get(layout or "", layout)
        self._batch = BoardBatch(num_envs, fen, chess960=chess960, claim_draw=claim_draw)
        self._threads = encode._threads(threads)
        self._planes = dict(dtype=dtype, **options)
        if layout is None:  # no observations: the masks alone
            if policy is None:
                raise ValueError("layout=None needs a policy= for the actions")
            observation, self._dense = np.zeros(0, np.bool_), {}
        else:
            observation = encode.planes(self._batch.subset([0]), layout, **self._planes)[0]  # (checks the options)
            self._dense = encode._dense(layout, **self._planes)
        self._policy_code = encode._name(self.policy, encode.POLICIES, "policy layout")
        size = encode.policy_size(self.policy)
        high = 1 if observation.dtype == np.bool_ else (255 if observation.dtype == np.uint8 else np.inf)
        self.single_observation_space = spaces.Box(0, high, observation.shape, observation.dtype)
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(0, high, (num_envs, *observation.shape), observation.dtype)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, size))
        self._observations = np.empty((num_envs, *observation.shape), observation.dtype)
        self._masks = np.empty((num_envs, size), np.bool_)

    def _encode(self, actions: Any = None) -> Tuple[Any, Any]:
        """Every game's observation and mask, written into the env's arrays in one pass, each
        game's action played first (with copy=True into new arrays, the last step's left to
        whoever holds them: what a copy gives, without the copying)."""
        format = self._planes.get("format", "classical")
        source = self._batch if actions is None else self._batch._played(actions, self.policy, format, self._threads)
        if self.copy:
            self._observations, self._masks = np.empty_like(self._observations), np.empty_like(self._masks)
        encode._run(source, **self._dense, planes=self._observations if self.layout else None,
                    policy=self._policy_code, mask=self._masks, threads=self._threads)
        return self._observations, self._masks

    def reset(self, *, seed: Optional[Union[int, Sequence[int]]] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Any, Dict[str, Any]]:
        """Every game back to its start: (observations, {"action_mask": ...})."""
        super().reset(seed=seed if not isinstance(seed, (list, tuple)) else seed[0])
        self._batch.reset()
        observations, masks = self._encode()
        return observations, {"action_mask": masks}

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """Plays one action (a policy index) per game: (observations, rewards, terminations,
        truncations, infos). A bad action raises ValueError or IllegalMoveError, naming its
        game, and changes nothing."""
        n, size = self.num_envs, self.single_action_space.n
        actions = np.asarray(actions)
        if actions.shape != (n,) or actions.dtype.kind not in "iub":
            raise ValueError(f"actions must be {n} integers, one per game, got {actions.dtype} of shape {actions.shape}")
        if actions.min() < 0 or actions.max() >= size:
            bad = np.flatnonzero((actions < 0) | (actions >= size))[0]
            raise ValueError(f"game {bad}: action {actions[bad]} is outside 0..{size - 1}")
        observations, masks = self._encode(actions)  # (the moves played and the positions encoded in one pass)
        state = np.empty(6 * n, np.uint8)  # (one C pass: rewards, terminations, truncations)
        over = self._batch._env_state(self.max_plies, state)
        rewards = state[:4 * n].view(np.float32)  # the mover mated
        terminations, truncations = state[4 * n:5 * n].view(np.bool_), state[5 * n:].view(np.bool_)
        infos: Dict[str, Any] = {}
        if over:  # same-step autoreset: the games' last observations aside, their starts in their rows
            done = terminations | truncations
            games = np.flatnonzero(done)
            final_obs = np.empty(n, dtype=object)  # (None where a game goes on)
            for game in games:
                final_obs[game] = self._observations[game].copy()
            infos.update(final_obs=final_obs, _final_obs=done, final_info={}, _final_info=done.copy())
            self._batch.reset(games)
            fresh = (np.empty((len(games), *observations.shape[1:]), observations.dtype),
                     np.empty((len(games), masks.shape[1]), np.bool_))
            encode._run(self._batch.subset(games), **self._dense, planes=fresh[0] if self.layout else None,
                        policy=self._policy_code, mask=fresh[1])  # (as _encode does, for these games)
            observations[games], masks[games] = fresh
        infos["action_mask"] = masks
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Optional[Tuple[str, ...]]:
        """With render_mode "ansi": each game's board as text."""
        if self.render_mode != "ansi":
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        return tuple(str(self._batch.board(i)) for i in range(self.num_envs))

    def board(self, i: int) -> Any:
        """Game i as a :class:`chessbits.Board` (a copy)."""
        return self._batch.board(i)
