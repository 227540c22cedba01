# FEN text in: python-chess's error messages, word for word, for the checks ext/board.c
# makes in python-chess's order (FenError); chessbits' detail goes in the exception's
# notes (Python 3.11+), so str(error) stays python-chess's. Text that is not ASCII is
# read the way python-chess reads it (str.split() at Unicode whitespace, int() with any
# Unicode digits) before the C parser sees it.

cdef dict _FEN_MESSAGES = {
    FEN_EMPTY: "empty fen",
    FEN_TURN: "expected 'w' or 'b' for turn part of fen: {!r}",
    FEN_CASTLING: "invalid castling part in fen: {!r}",
    FEN_EN_PASSANT: "invalid en passant part in fen: {!r}",
    FEN_HALFMOVE: "invalid half-move clock in fen: {!r}",
    FEN_HALFMOVE_NEGATIVE: "half-move clock cannot be negative: {!r}",
    FEN_HALFMOVE_RANGE: "invalid half-move clock in fen: {!r}",
    FEN_FULLMOVE: "invalid fullmove number in fen: {!r}",
    FEN_FULLMOVE_NEGATIVE: "fullmove number cannot be negative: {!r}",
    FEN_FULLMOVE_RANGE: "invalid fullmove number in fen: {!r}",
    FEN_PARTS: "fen string has more parts than expected: {!r}",
    # these name the board part only, as python-chess's _set_board_fen does
    FEN_BOARD_PARTS: "expected position part of fen, got multiple parts: {!r}",
    FEN_BOARD_ROWS: "expected 8 rows in position part of fen: {!r}",
    FEN_BOARD_CHARACTER: "invalid character in position part of fen: {!r}",
    FEN_BOARD_DIGITS: "two subsequent digits in position part of fen: {!r}",
    FEN_BOARD_TILDE: "'~' not after piece in position part of fen: {!r}",
    FEN_BOARD_COLUMNS: "expected 8 columns per row in position part of fen: {!r}",
}


cdef object _fen_error(FenError code, str fen, str board_part, int where):
    """The ValueError python-chess raises for code, with chessbits' detail as a note."""
    cdef bint on_board = code >= FEN_BOARD_PARTS
    err = ValueError(_FEN_MESSAGES[code].format(board_part if on_board else fen))
    if code == FEN_BOARD_ROWS:
        note = f"the board part has {where} rows"
    elif on_board and where:
        note = f"at rank {where}"
    elif code in (FEN_HALFMOVE_RANGE, FEN_FULLMOVE_RANGE):
        note = "chessbits keeps clocks in 0..4294967295"
    else:
        note = None
    if note is not None and hasattr(err, "add_note"):
        err.add_note(f"chessbits: {note}")
    return err


cdef bytes _fen_bytes(str fen):
    """The FEN as the C parser reads it: ASCII text as it is; other text checked field by
    field as python-chess checks it (raising its errors), clocks written back in ASCII."""
    if fen.isascii():
        return fen.encode("ascii")
    parts = fen.split()
    if not parts:
        raise _fen_error(FEN_EMPTY, fen, "", 0)
    if len(parts) > 1 and parts[1] not in ("w", "b"):
        raise _fen_error(FEN_TURN, fen, "", 0)
    if len(parts) > 2 and not (parts[2].isascii() and board_castling_syntax(parts[2].encode("ascii"), len(parts[2]))):
        raise _fen_error(FEN_CASTLING, fen, "", 0)  # python-chess's castling regex is ASCII
    if len(parts) > 3 and parts[3] != "-" and parts[3] not in _SQUARE_NAMES:
        raise _fen_error(FEN_EN_PASSANT, fen, "", 0)  # both before the clocks, as python-chess checks
    for i, bad, negative in ((4, FEN_HALFMOVE, FEN_HALFMOVE_NEGATIVE), (5, FEN_FULLMOVE, FEN_FULLMOVE_NEGATIVE)):
        if len(parts) > i:  # ASCII or not, in order: the half-move clock's error comes first
            try:
                value = int(parts[i])
            except ValueError:
                raise _fen_error(bad, fen, "", 0) from None
            if value < 0:
                raise _fen_error(negative, fen, "", 0)
            parts[i] = str(value)  # the C parser then checks the range, the parts' count, the board
    return " ".join(parts).encode("utf-8", "surrogatepass")


cdef str _board_part(str fen):
    """The board part python-chess names in a board error of set_fen."""
    parts = fen.split()
    return parts[0] if parts else ""
