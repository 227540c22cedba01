# Reading SAN: ext/san.c decides as python-chess's parse_san does; here its answers are
# worded as python-chess words them.

cdef dict _SAN_MESSAGES = {
    SAN_INVALID: "invalid san: {san!r}",
    SAN_MULTI_LEG: "unsupported multi-leg move: {san!r}",
    SAN_ILLEGAL: "illegal san: {san!r} in {fen}",
    SAN_AMBIGUOUS: "ambiguous san: {san!r} in {fen}",
    SAN_NO_PROMOTION: "missing promotion piece type: {san!r} in {fen}",
    SAN_NO_MATCH: "no matching legal move for {uci} ({frm} -> {to}) in {fen}",
}
cdef dict _SAN_ERRORS = {
    SAN_INVALID: InvalidMoveError, SAN_MULTI_LEG: InvalidMoveError, SAN_ILLEGAL: IllegalMoveError,
    SAN_AMBIGUOUS: AmbiguousMoveError, SAN_NO_PROMOTION: IllegalMoveError, SAN_NO_MATCH: IllegalMoveError,
}


cdef str _san_message(int code, str san, str fen, int move):
    """python-chess's message for a SAN refused with code (move: san_parse's *out, for
    SAN_NO_MATCH the move find_move sought, its squares named as written: e8c8 (e8 -> a8))."""
    if code != SAN_NO_MATCH:
        return _SAN_MESSAGES[code].format(san=san, fen=fen)
    cdef PyMove sought = san_sought(<PyMove>move)
    return _SAN_MESSAGES[code].format(san=san, fen=fen, uci=_move_interned(sought).uci(),
                                      frm=_SQUARE_NAMES[sought & 63], to=_SQUARE_NAMES[san_written_to(<PyMove>move)])


cdef Move _parse_san(Board board, object san):
    cdef PyMove m = 0
    cdef SanError e
    cdef const char *p
    cdef Py_ssize_t n
    if not isinstance(san, str):
        raise move_error(InvalidMoveError, f"invalid san: {san!r}")
    b = (<str>san).encode("utf-8", "surrogatepass")
    p = b
    n = len(b)
    e = san_parse(&board.pos, p, n, &m)
    if e == SAN_OK:
        return _move_interned(m)
    raise move_error(_SAN_ERRORS[e], _san_message(e, san, board.fen() if e > SAN_MULTI_LEG else "", m))
