"""Optional packages imported when first needed, an ImportError naming the extra that installs
them otherwise (``pip install 'chessbits[numpy]'``)."""
from typing import Any


def numpy(user: str, extra: str) -> Any:
    """The numpy module, for `user` (what makes NumPy arrays) installed by chessbits[`extra`]."""
    try:
        import numpy
    except ImportError:
        raise ImportError(f"{user} makes NumPy arrays: pip install 'chessbits[{extra}]'", name="numpy") from None
    return numpy
