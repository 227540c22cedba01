"""EPD operations (``bm Nf3; id "x";``) read and written as python-chess does: strings,
integers, finite floats, moves in SAN, move lists for ``am``/``bm``, a variation for ``pv``.

>>> from chessbits import Board
>>> board = Board()
>>> board.set_epd('4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13; id "x";')
{'fmvn': 17, 'hmvc': 13, 'id': 'x'}
>>> board.fen()
'4k3/8/8/8/8/8/8/4K3 b - - 13 17'
"""
import math
from typing import Any, Callable, Dict, List, Mapping

_SPACE = (" ", "\t", "\r", "\n")
_MOVE_LISTS = ("pv", "am", "bm")


def _check_opcode(opcode: str) -> None:
    if not opcode:
        raise ValueError("empty string is not a valid epd opcode")
    if opcode == "-":
        raise ValueError("dash (-) is not a valid epd opcode")
    if not opcode[0].isalpha():
        raise ValueError(f"expected epd opcode to start with a letter, got: {opcode!r}")
    for bad in _SPACE:
        if bad in opcode:
            raise ValueError(f"invalid character {bad!r} in epd opcode: {opcode!r}")


def _escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r")
            .replace("\n", "\\n").replace('"', '\\"'))


def epd_operations(board: Any, operations: Mapping[str, Any]) -> str:
    """The operations written after an EPD's four parts (moves as SAN in board)."""
    from . import Move
    out: List[str] = []
    for opcode, operand in operations.items():
        _check_opcode(opcode)
        if operand is None:
            out.append(f"{opcode};")
        elif isinstance(operand, Move) or (hasattr(operand, "from_square") and hasattr(operand, "promotion")):
            out.append(f"{opcode} {board.san(operand)};")
        elif isinstance(operand, int):
            out.append(f"{opcode} {operand};")
        elif isinstance(operand, float):
            if not math.isfinite(operand):
                raise ValueError(f"expected numeric epd operand to be finite, got: {operand}")
            out.append(f"{opcode} {operand};")
        elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
            position = board.copy(stack=False)
            out.append(" ".join([opcode] + [position.san_and_push(m) for m in operand]) + ";")
        elif opcode in ("am", "bm") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
            out.append(" ".join([opcode] + sorted(board.san(m) for m in operand)) + ";")
        else:
            out.append(f'{opcode} "{_escape(str(operand))}";')
    return " ".join(out)


def parse_epd_operations(text: str, make_board: Callable[[], Any]) -> Dict[str, Any]:
    """The operations of an EPD's fifth part; moves are parsed on make_board()."""
    ops: Dict[str, Any] = {}
    state, opcode, operand = "opcode", "", ""
    position = None
    for ch in list(text) + [None]:
        if state == "opcode":
            if ch in _SPACE:
                if opcode == "-":
                    opcode = ""
                elif opcode:
                    _check_opcode(opcode)
                    state = "after_opcode"
            elif ch is None or ch == ";":
                if opcode == "-":
                    opcode = ""
                elif opcode:
                    ops[opcode] = [] if opcode in _MOVE_LISTS else None
                    opcode = ""
            else:
                opcode += ch
        elif state == "after_opcode":
            if ch in _SPACE:
                continue
            if ch == '"':
                state = "string"
            elif ch is None or ch == ";":
                if opcode:
                    ops[opcode] = [] if opcode in _MOVE_LISTS else None
                    opcode = ""
                state = "opcode"
            else:
                operand = ch
                state = "numeric" if ch in "+-.0123456789" else "san"
        elif state == "numeric":
            if ch is None or ch == ";":
                if "." in operand or "e" in operand or "E" in operand:
                    value = float(operand)
                    if not math.isfinite(value):
                        raise ValueError(f"invalid numeric operand for epd operation {opcode!r}: {operand!r}")
                    ops[opcode] = value
                else:
                    ops[opcode] = int(operand)
                state, opcode, operand = "opcode", "", ""
            else:
                operand += ch
        elif state == "string":
            if ch is None or ch == '"':
                ops[opcode] = operand
                state, opcode, operand = "opcode", "", ""
            elif ch == "\\":
                state = "escape"
            else:
                operand += ch
        elif state == "escape":
            if ch is None:
                ops[opcode] = operand
                state, opcode, operand = "opcode", "", ""
            else:
                operand += {"r": "\r", "n": "\n", "t": "\t"}.get(ch, ch)
                state = "string"
        else:  # san
            if ch is None or ch == ";":
                if position is None:
                    position = make_board()
                if opcode == "pv":
                    line = []
                    for token in operand.split():
                        move = position.parse_xboard(token)
                        line.append(move)
                        position.push(move)
                    for _ in line:
                        position.pop()
                    ops[opcode] = line
                elif opcode in ("am", "bm"):
                    ops[opcode] = [position.parse_xboard(token) for token in operand.split()]
                else:
                    ops[opcode] = position.parse_xboard(operand)
                state, opcode, operand = "opcode", "", ""
            else:
                operand += ch
    return ops


def set_epd(board: Any, epd: str) -> Dict[str, Any]:
    """Set board from an EPD (hmvc and fmvn set the clocks) and return its operations."""
    parts = epd.strip().rstrip(";").split(None, 4)
    if len(parts) <= 4:
        board.set_fen(epd)
        return {}
    ops = parse_epd_operations(parts.pop(), lambda: type(board)(" ".join(parts) + " 0 1"))
    parts.append(str(ops["hmvc"]) if "hmvc" in ops else "0")
    parts.append(str(ops["fmvn"]) if "fmvn" in ops else "1")
    board.set_fen(" ".join(parts))
    return ops
