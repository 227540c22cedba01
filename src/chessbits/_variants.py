"""python-chess's variants by name, played in C: each variant's names and starting position
(as python-chess's variant classes have them), variant FENs read as python-chess reads them
(crazyhouse's ``[pockets]``, three-check's ``3+3`` or lichess's ``+0+0``), and
:class:`chessbits._core.VariantGame` set up from a FEN. No python-chess needed.

>>> game("atomic").perft(2)
400
>>> game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1").pockets
('q', 'n')
"""
from typing import Dict, NamedTuple, Optional, Tuple

from . import _core

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class VariantInfo(NamedTuple):
    """A variant as python-chess names it: ``uci_variant``, ``aliases``, ``starting_fen``."""
    uci_variant: str
    aliases: Tuple[str, ...]
    starting_fen: str


VARIANTS: Dict[str, VariantInfo] = {v.uci_variant: v for v in (
    VariantInfo("chess", ("Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"), STARTING_FEN),
    VariantInfo("suicide", ("Suicide", "Suicide chess"), STARTING_FEN),
    VariantInfo("giveaway", ("Giveaway", "Giveaway chess", "Give away", "Give away chess"), STARTING_FEN),
    VariantInfo("antichess", ("Antichess", "Anti chess", "Anti"), STARTING_FEN.replace("KQkq", "-")),
    VariantInfo("atomic", ("Atomic", "Atom", "Atomic chess"), STARTING_FEN),
    VariantInfo("kingofthehill", ("King of the Hill", "KOTH", "kingOfTheHill"), STARTING_FEN),
    VariantInfo("racingkings", ("Racing Kings", "Racing", "Race", "racingkings"),
                "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"),
    VariantInfo("horde", ("Horde", "Horde chess"),
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"),
    VariantInfo("3check", ("Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check",
                           "3check"), STARTING_FEN.replace("- 0 1", "- 3+3 0 1")),
    VariantInfo("crazyhouse", ("Crazyhouse", "Crazy House", "House", "ZH"),
                STARTING_FEN.replace("RNBQKBNR w", "RNBQKBNR[] w")),
)}
assert tuple(VARIANTS) == _core.VARIANT_NAMES, "the C core's variants (ext/variant.h) in another order"


def find(name: str) -> VariantInfo:
    """The variant one of whose aliases is name, case-insensitively (python-chess's
    find_variant); ValueError otherwise.

    >>> find("KOTH").uci_variant
    'kingofthehill'
    """
    for variant in VARIANTS.values():
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")


def split_fen(variant: str, fen: str) -> Tuple[str, Tuple[int, int], Tuple[str, str]]:
    """(the FEN without the variant's parts, remaining checks (white, black), pockets
    (white, black)) as python-chess's ThreeCheckBoard and CrazyhouseBoard.set_fen read them.

    >>> split_fen("3check", "4k3/8/8/8/8/8/8/4K2R w K - 1+2 0 1")
    ('4k3/8/8/8/8/8/8/4K2R w K - 0 1', (1, 2), ('', ''))
    """
    checks, pockets = (3, 3), ("", "")
    if variant == "3check":
        parts = fen.split()
        try:
            if len(parts) >= 7 and parts[6][0] == "+":
                w, b = parts.pop(6)[1:].split("+", 1)
                checks = (3 - int(w), 3 - int(b))
            elif len(parts) >= 5 and "+" in parts[4]:
                w, b = parts.pop(4).split("+", 1)
                checks = (int(w), int(b))
        except ValueError:
            raise ValueError(f"invalid check part in three-check fen: {fen!r}") from None
        fen = " ".join(parts)
    elif variant == "crazyhouse":
        position, info = fen.split(None, 1)
        if position.endswith("]"):
            if position.count("/") != 7:
                raise ValueError(f"expected 8 rows in position part of zh fen: {fen!r}")
            position = position[:-1].replace("[", "/", 1)
        pocket = ""
        if position.count("/") == 8:
            position, pocket = position.rsplit("/", 1)
        bad = [c for c in pocket if c.lower() not in "pnbrqk"]
        if bad:
            raise ValueError(f"invalid pocket piece {bad[0]!r} in zh fen: {fen!r}")
        pockets = ("".join(c.lower() for c in pocket if c.isupper()), "".join(c for c in pocket if not c.isupper()))
        fen = f"{position} {info}"
    return fen, checks, pockets


def game(variant: str, fen: Optional[str] = None, chess960: bool = False) -> "_core.VariantGame":
    """A VariantGame of the variant named (any alias) from fen (its starting position if None).

    >>> game("horde").legal_moves[0].uci()
    'g5g6'
    """
    info = find(variant)
    board_fen, checks, pockets = split_fen(info.uci_variant, fen or info.starting_fen)
    return _core.VariantGame(_core.Board(board_fen, chess960=chess960), info.uci_variant, checks, pockets)

