"""Reinforcement-learning environments on chessbits' C core.

- :mod:`chessbits.env.chess_v6`: PettingZoo's ``pettingzoo.classic.chess_v6``, the same API and
  observations; swap one import line (``from chessbits.env import chess_v6``).

They need PettingZoo and Gymnasium: ``pip install 'chessbits[rl]'``.
"""
