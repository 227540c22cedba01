# Reading SAN, with python-chess's rules: overspecified and long forms accepted,
# pawn captures need their file, castling as O-O / 0-0, null moves as --, Z0, 0000, @@@@.

import re

cdef object _SAN_RE = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
cdef frozenset _KINGSIDE = frozenset(["O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"])
cdef frozenset _QUEENSIDE = frozenset(["O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"])


cdef Move _parse_san(Board board, object san):
    cdef PyMove buf[MAX_MOVES]
    cdef int n, f, t
    cdef Bitboard from_mask = 0xFFFFFFFFFFFFFFFF, to_mask
    cdef Position *pos = &board.pos
    if not isinstance(san, str):
        raise move_error(InvalidMoveError, f"invalid san: {san!r}")
    if san in _KINGSIDE or san in _QUEENSIDE:
        n = board_generate_castling(pos, from_mask, from_mask, buf)
        for i in range(n):
            f, t = buf[i] & 63, (buf[i] >> 6) & 63
            if (file_of(t) > file_of(f)) == (san in _KINGSIDE):
                return _move_interned(buf[i])
        raise move_error(IllegalMoveError, f"illegal san: {san!r} in {board.fen()}")
    match = _SAN_RE.match(san)
    if not match:
        if san in ("--", "Z0", "0000", "@@@@"):
            return _move_interned(0)
        if "," in san:
            raise move_error(InvalidMoveError, f"unsupported multi-leg move: {san!r}")
        raise move_error(InvalidMoveError, f"invalid san: {san!r}")
    t = _SQUARE_INDEX[match.group(4)]
    to_mask = ((<Bitboard>1) << t) & ~pos.by_color[pos.side]
    p = match.group(5)
    promotion = _PIECE_SYMBOLS.index(p[-1].lower()) if p else 0
    if match.group(2):
        from_mask &= (<Bitboard>0x0101010101010101) << (ord(match.group(2)) - ord("a"))
    if match.group(3):
        from_mask &= (<Bitboard>0xFF) << (8 * (ord(match.group(3)) - ord("1")))
    if match.group(1):
        from_mask &= pos.by_type[_PIECE_SYMBOLS.index(match.group(1).lower())] & pos.by_color[pos.side]
    elif match.group(2) and match.group(3):
        f = (ord(match.group(3)) - ord("1")) * 8 + ord(match.group(2)) - ord("a")
        move = board.find_move(f, t, promotion or None)
        if (move.promotion or 0) == promotion:
            return move
        raise move_error(IllegalMoveError, f"missing promotion piece type: {san!r} in {board.fen()}")
    else:
        from_mask &= pos.by_type[PAWN_T]
        if not match.group(2):
            from_mask &= (<Bitboard>0x0101010101010101) << file_of(t)
    n = board_generate(pos, from_mask, to_mask, 1, buf)
    found = -1
    for i in range(n):
        if buf[i] >> 12 != promotion:
            continue
        if found >= 0:
            raise move_error(AmbiguousMoveError, f"ambiguous san: {san!r} in {board.fen()}")
        found = buf[i]
    if found < 0:
        raise move_error(IllegalMoveError, f"illegal san: {san!r} in {board.fen()}")
    return _move_interned(found)
