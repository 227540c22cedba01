"""The tables of python-chess's sdist checked against the rules of the game by
Tablebase.check (ext/syzygy_check.c): every legal position of every 3-piece table, a sample of
every 4-piece table (all of them with --runslow), no position breaking a rule; and the check
finds the positions of a table whose values were changed."""
from collections import Counter
from math import factorial, prod

import pytest

import chessbits
from chessbits import syzygy

from test_syzygy_tables import names, tables  # noqa: F401  (the fixture)

SANITIZED = chessbits.build_info()["sanitized"]


def check_all(tables, pieces, every):
    with syzygy.open_tablebase(str(tables)) as tablebase:
        for name in names(tables):
            if len(name) - 1 == pieces:
                found = tablebase.check(name, every=every, threads=2)
                assert found.failures == 0, (name, found)
                # most candidates are legal; same pieces (KRRvK) swapped are the same position, counted once
                same = prod(factorial(k) for side in name.split("v") for k in Counter(side).values())
                assert found.positions > 2 * 64 ** pieces // (4 * every * same), (name, found)


def test_every_three_piece_position(tables):
    check_all(tables, 3, 31 if SANITIZED else 1)


def test_four_piece_positions_sampled(tables):
    check_all(tables, 4, 49999 if SANITIZED else 4999)


@pytest.mark.slow
def test_every_four_piece_position(tables):
    check_all(tables, 4, 1)


def test_the_check_finds_changed_values(tables, tmp_path):
    """KRvK's WDL blocks with some bytes changed (its header kept): the check names a position
    whose WDL breaks a rule, and the first it names does."""
    for suffix in (".rtbw", ".rtbz"):
        (tmp_path / f"KRvK{suffix}").write_bytes((tables / f"KRvK{suffix}").read_bytes())
    data = bytearray((tables / "KRvK.rtbw").read_bytes())
    for at in range(len(data) // 2, len(data) - 8, 7):
        data[at] ^= 0x5A
    (tmp_path / "KRvK.rtbw").write_bytes(bytes(data))
    with syzygy.open_tablebase(str(tmp_path)) as tablebase:
        try:
            found = tablebase.check("KRvK", every=5, threads=2)
        except (OSError, KeyError) as error:  # (a block that no longer decodes)
            pytest.skip(f"the changed table does not decode: {error}")
        assert found.failures > 0 and found.rule is not None
        board = chessbits.Board(found.first)
        assert board.is_valid()


def test_the_check_names_a_missing_table(tables, tmp_path):
    for suffix in (".rtbw", ".rtbz"):
        (tmp_path / f"KQvKR{suffix}").write_bytes((tables / f"KQvKR{suffix}").read_bytes())
    with syzygy.open_tablebase(str(tmp_path)) as tablebase:
        with pytest.raises(syzygy.MissingTableError, match=r"check\('KQvKR'\) needs a table its moves lead to"):
            tablebase.check("KQvKR", every=1001)
        with pytest.raises(ValueError, match="every must be at least 1"):
            tablebase.check("KQvKR", every=0)
