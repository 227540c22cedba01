# Which python-chess chessbits answers as where its next release contradicts 1.11 (chosen by
# chessbits._api when first needed): one flag, read by the few places that differ.

cdef bint _api_is_next = False
cdef bint _api_known = False


cdef inline bint api_next() except -1:
    """True while chessbits answers as python-chess's next release."""
    return _api_is_next if _api_known else _api_choose()


cdef bint _api_choose() except -1:
    """The choice made (chessbits._api.choose) and kept: api_next()."""
    from chessbits._api import choose
    _set_api_next(choose() == "next")
    return _api_is_next


def _api_next():
    """api_next() for chessbits._api."""
    return api_next()


def _set_api_next(value):
    """Sets the flag (True: the next release, False: 1.11), or None: chosen again when next needed."""
    global _api_is_next, _api_known
    _api_known = value is not None
    _api_is_next = bool(value)
