"""The magic finder: its numbers must index without destructive collisions."""
import random

import pytest

from chessbits import attacks, magics


def _subsets(mask):
    sub = 0
    while True:
        yield sub
        sub = (sub - mask) & mask
        if sub == 0:
            return


def _mask(piece, sq):
    """Relevant occupancy mask: the lines without sq and without the edge squares they end on."""
    f = attacks.rook if piece == "rook" else attacks.bishop
    full = f(sq, 0)
    mask = 0
    for target in range(64):
        if full >> target & 1 and f(sq, 1 << target) != full:  # not the end of its ray
            mask |= 1 << target
    return mask


def _check(piece, sq, magic, bits):
    f = attacks.rook if piece == "rook" else attacks.bishop
    mask = _mask(piece, sq)
    seen = {}
    for sub in _subsets(mask):
        index = ((sub * magic) & (2**64 - 1)) >> (64 - bits)
        want = f(sq, sub, method="reference")
        assert seen.setdefault(index, want) == want, (piece, sq, hex(magic))


@pytest.mark.parametrize("fixed", [False, True])
def test_found_magics_are_collision_free(fixed):
    result = magics.search(fixed=fixed, seed=12345)
    assert result["tried"] >= 128
    rng = random.Random(0)
    for piece in ("rook", "bishop"):
        for sq, (magic, bits) in enumerate(result[piece]):
            mask = _mask(piece, sq)
            assert bits == ((12 if piece == "rook" else 9) if fixed else bin(mask).count("1"))
        for sq in rng.sample(range(64), 6) + [0, 63]:
            _check(piece, sq, *result[piece][sq])
    if not fixed:
        assert result["entries"] == {"rook": 102400, "bishop": 5248}


def test_seed_zero_rejected():
    with pytest.raises(ValueError, match="seed"):
        attacks.find_magics(False, 0)
