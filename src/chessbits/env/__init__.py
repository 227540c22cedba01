"""Reinforcement-learning environments on chessbits' C core.

- :mod:`chessbits.env.chess_v6`: PettingZoo's ``pettingzoo.classic.chess_v6``, the same API and
  observations; swap one import line (``from chessbits.env import chess_v6``).
- :class:`VectorChessEnv` (:mod:`chessbits.env.vector`): N games as one Gymnasium vector env
  on a BoardBatch, any of chessbits.encode's layouts.

They need PettingZoo and Gymnasium: ``pip install 'chessbits[rl]'``.
"""
from typing import Any

RL = "'chessbits[rl]'"  # what installs the packages they need


def __getattr__(name: str) -> Any:
    if name == "VectorChessEnv":  # (imported when first asked for: it needs Gymnasium)
        from .vector import VectorChessEnv
        return VectorChessEnv
    raise AttributeError(f"module 'chessbits.env' has no attribute {name!r}")
