"""The optional packages of chessbits.env, an ImportError naming the extra otherwise."""
from typing import Any


def needs(module: str) -> Any:
    """The module `module` (pettingzoo, gymnasium, numpy), installed by chessbits[rl]."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"chessbits.env needs {module.split('.')[0]}: pip install 'chessbits[rl]'",
                          name=module.split(".")[0]) from None
