"""chessbits.polyglot (keys and book lookups in C) against python-chess's chess.polyglot:
the same keys over random games in both variants, and the same answers from every reader
method on books written here from those games (castling written king-takes-rook as Polyglot
does, promotions, drops, weight-0, illegal and foreign-key entries) and on the Polyglot book
shipped in python-chess's sdist, given chessbits boards, python-chess boards and bare keys."""
import random

import chess
import chess.polyglot
import pytest

import chessbits
import chessbits.polyglot as ours
import pychess_suite

ENTRY = ours.ENTRY_STRUCT


def random_positions(seed, n_games=12, plies=60, chess960=False):
    """(chessbits Board, python-chess Board) pairs along random games, e.p. and castling included."""
    rng = random.Random(seed)
    out = []
    for _ in range(n_games):
        fen = chess.Board.from_chess960_pos(rng.randrange(960)).fen() if chess960 else chess.STARTING_FEN
        theirs = chess.Board(fen, chess960=chess960)
        for _ in range(plies):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            # prefer double pawn pushes beside enemy pawns and castling now and then
            special = [m for m in moves if theirs.is_castling(m) or
                       (theirs.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16)]
            theirs.push(rng.choice(special) if special and rng.random() < 0.4 else rng.choice(moves))
            out.append((chessbits.Board(theirs.fen(), chess960=chess960), theirs.copy(stack=False)))
    return out


def raw_move(move, board):
    """The Polyglot encoding of a move: castling as king takes rook, promotions 1..4."""
    f, t = move.from_square, move.to_square
    if board.is_castling(move) and not board.chess960:
        t = {chess.G1: chess.H1, chess.C1: chess.A1, chess.G8: chess.H8, chess.C8: chess.A8}[t]
    promo = (move.promotion - 1) if move.promotion else 0
    return t | f << 6 | promo << 12


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """A book written here: for positions of random games, their legal moves with random
    weights (some 0), an illegal move, a drop, and keys no position has; sorted by key."""
    rng = random.Random(7)
    entries = []
    pairs = random_positions(1, n_games=6, plies=50)
    for _, theirs in pairs:
        key = chess.polyglot.zobrist_hash(theirs)
        for move in rng.sample(list(theirs.legal_moves), min(6, theirs.legal_moves.count())):
            entries.append(ENTRY.pack(key, raw_move(move, theirs), rng.choice([0, 1, 3, 10, 65535]), rng.getrandbits(32)))
        entries.append(ENTRY.pack(key, chess.A1 | chess.A1 << 6, 4, 0))                  # a1a1: no move
        entries.append(ENTRY.pack(key, chess.E4 | chess.E4 << 6 | 1 << 12, 4, 0))       # a drop
        entries.append(ENTRY.pack(key, chess.H8 | chess.A1 << 6, 7, 0))                  # illegal here
    for _ in range(50):
        entries.append(ENTRY.pack(rng.getrandbits(64), rng.getrandbits(12) | rng.randrange(6) << 12, rng.getrandbits(16), 0))
    entries.sort(key=lambda e: ENTRY.unpack(e)[0])
    path = tmp_path_factory.mktemp("book") / "book.bin"
    path.write_bytes(b"".join(entries))
    return path, pairs


def test_random_array_and_keys_equal_python_chess():
    assert ours.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    for chess960 in (False, True):
        for mine, theirs in random_positions(3 + chess960, chess960=chess960):
            key = chess.polyglot.zobrist_hash(theirs)
            assert ours.zobrist_hash(mine) == key == ours.zobrist_hash(theirs), theirs.fen()
            assert ours.ZobristHasher(ours.POLYGLOT_RANDOM_ARRAY)(mine) == key


def test_custom_hasher_and_parts_as_python_chess():
    rng = random.Random(5)
    array = [rng.getrandbits(64) for _ in range(781)]
    mine_h, theirs_h = ours.ZobristHasher(array), chess.polyglot.ZobristHasher(array)
    for mine, theirs in random_positions(9, n_games=4):
        assert mine_h(mine) == theirs_h(theirs) == mine_h(theirs)
        for part in ("hash_board", "hash_castling", "hash_ep_square", "hash_turn"):
            assert getattr(mine_h, part)(mine) == getattr(theirs_h, part)(theirs), part
        assert ours.zobrist_hash(mine, _hasher=mine_h) == theirs_h(theirs)

    class NoTurn(ours.ZobristHasher):  # a subclass's override is honoured, not bypassed by C
        def hash_turn(self, board):
            return 0
    board = chessbits.Board()
    assert NoTurn(ours.POLYGLOT_RANDOM_ARRAY)(board) == board.zobrist_hash() ^ ours.POLYGLOT_RANDOM_ARRAY[780]


def compare_readers(path, positions):
    with ours.open_reader(path) as mine, chess.polyglot.open_reader(path) as theirs:
        assert len(mine) == len(theirs)
        assert list(mine) == list(theirs)
        assert mine[-1] == theirs[-1] and mine[0] == theirs[0]
        with pytest.raises(IndexError):
            mine[len(mine)]
        for boards in positions:
            mine_b, theirs_b = boards
            key = chess.polyglot.zobrist_hash(theirs_b)
            assert mine.bisect_key_left(key) == theirs.bisect_key_left(key)
            for weight in (0, 1, 5):
                expected = list(theirs.find_all(theirs_b, minimum_weight=weight))
                assert list(mine.find_all(mine_b, minimum_weight=weight)) == expected, theirs_b.fen()
                assert list(mine.find_all(theirs_b, minimum_weight=weight)) == expected
                assert list(mine.find_all(key, minimum_weight=weight)) == list(theirs.find_all(key, minimum_weight=weight))
            excluded = [e.move for e in expected[:2]]
            assert (list(mine.find_all(mine_b, exclude_moves=excluded))
                    == list(theirs.find_all(theirs_b, exclude_moves=excluded)))
            assert mine.get(mine_b) == theirs.get(theirs_b)
            for seed in range(3):
                try:
                    expected_choice = theirs.choice(theirs_b, random=random.Random(seed))
                except IndexError:
                    with pytest.raises(IndexError):
                        mine.choice(mine_b, random=random.Random(seed))
                    continue
                assert mine.choice(mine_b, random=random.Random(seed)) == expected_choice
                assert (mine.weighted_choice(mine_b, random=random.Random(seed))
                        == theirs.weighted_choice(theirs_b, random=random.Random(seed)))
                assert mine.find(mine_b) == theirs.find(theirs_b)
            for entry in list(theirs.find_all(key, minimum_weight=0))[:3]:
                assert (entry in mine) == (entry in theirs)


def test_reader_equals_python_chess_on_a_written_book(book):
    path, pairs = book
    compare_readers(path, pairs + random_positions(11, n_games=2, plies=10))


def test_reader_equals_python_chess_on_pythons_chess_book():
    try:
        data = pychess_suite.fetch_suite() / "data" / "polyglot"
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess's sdist unavailable: {exc}")
    positions = [(chessbits.Board(), chess.Board())]
    for line in (["e4", "e5", "Nf3"], ["d4", "Nf6", "c4", "e6"], ["e4", "c5", "Nf3", "d6", "d4"]):
        mine, theirs = chessbits.Board(), chess.Board()
        for san in line:
            mine.push_san(san)
            theirs.push_san(san)
            positions.append((mine.copy(), theirs.copy()))
    compare_readers(data / "performance.bin", positions)


def test_empty_and_bad_books(tmp_path):
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with ours.open_reader(empty) as book:
        assert len(book) == 0 and list(book.find_all(chessbits.Board())) == []
        assert book.get(chessbits.Board()) is None
        with pytest.raises(IndexError):
            book.find(chessbits.Board())
        with pytest.raises(IndexError):
            book.weighted_choice(chessbits.Board())
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"x" * 17)
    with pytest.raises(IOError, match="invalid file size: ensure .* is a valid polyglot opening book"):
        ours.open_reader(bad)
    book = ours.open_reader(tmp_path / "empty.bin")
    book.close()


def test_moves_are_chessbits_moves(book):
    path, pairs = book
    with ours.open_reader(path) as reader:
        assert all(type(e.move) is chessbits.Move for e in reader)
        assert all(type(e.move) is chessbits.Move for b, _ in pairs[:5] for e in reader.find_all(b, minimum_weight=0))
