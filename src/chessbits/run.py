"""Run a python-chess program on chessbits, unchanged.

    python -m chessbits.run SCRIPT [ARGS...]
    python -m chessbits.run -m MODULE [ARGS...]

:func:`chessbits.install_as_chess` first, then the script (or module) as ``__main__``, with
``sys.argv`` and ``sys.path[0]`` as ``python SCRIPT ARGS`` (``python -m MODULE ARGS``) gives them.
"""
from __future__ import annotations

import os
import runpy
import sys
from typing import List, Optional

USAGE = "usage: python -m chessbits.run SCRIPT [ARGS...] | -m MODULE [ARGS...]"


def main(argv: Optional[List[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help") or (args[0] == "-m" and len(args) < 2):
        print(__doc__ if args and args[0] in ("-h", "--help") else USAGE,
              file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    from . import install_as_chess
    install_as_chess()
    if args[0] == "-m":
        sys.argv = [args[1], *args[2:]]  # runpy puts the module's path in argv[0]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        script = args[0]
        if not os.path.exists(script):
            print(f"python -m chessbits.run: can't open file {script!r}: no such file", file=sys.stderr)
            return 2
        sys.argv = args
        sys.path[0] = os.path.dirname(os.path.abspath(script))  # python SCRIPT's, not -m's cwd
        runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
