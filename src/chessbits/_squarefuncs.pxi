# The square helpers engines call in their inner loops, compiled: python-chess's
# semantics (any int; a SquareSet where python-chess's arithmetic gives one), at the
# cost of a C call instead of a Python frame. squares.py re-exports them.


def square(file_index, rank_index):
    """The square at a file and rank index (0..7). ``square(4, 3) == E4``."""
    if type(file_index) is int and type(rank_index) is int and 0 <= file_index < 8 and 0 <= rank_index < 8:
        return <long>rank_index * 8 + <long>file_index
    return rank_index * 8 + file_index


def square_file(sq):
    """The file index (0..7) of a square. ``square_file(E4) == 4``."""
    if type(sq) is int and 0 <= sq < 64:
        return <long>sq & 7
    return sq & 7


def square_rank(sq):
    """The rank index (0..7) of a square. ``square_rank(E4) == 3``."""
    if type(sq) is int and 0 <= sq < 64:
        return <long>sq >> 3
    return sq >> 3


def square_mirror(sq):
    """The square flipped top to bottom. ``square_mirror(E2) == E7``."""
    if type(sq) is int and 0 <= sq < 64:
        return <long>sq ^ 0x38
    return sq ^ 0x38
