"""Optional packages imported when first needed, an ImportError naming the extra that installs
them otherwise (``pip install 'chessbits[numpy]'``)."""
import importlib
from typing import Any


def numpy(user: str, extra: str) -> Any:
    """The numpy module, for `user` (what makes NumPy arrays) installed by chessbits[`extra`]."""
    try:
        import numpy
    except ImportError:
        raise ImportError(f"{user} makes NumPy arrays: pip install 'chessbits[{extra}]'", name="numpy") from None
    return numpy


def module(name: str, user: str, install: str) -> Any:
    """The module `name` (dotted names too), for `user`; without it an ImportError saying
    ``pip install <install>``."""
    try:
        return importlib.import_module(name)
    except ImportError:
        top = name.split(".")[0]
        raise ImportError(f"{user} needs {top}: pip install {install}", name=top) from None
