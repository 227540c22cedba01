"""chessbits.syzygy's calls python-chess does not have, against python-chess's single probes:
probe_wdl_many/probe_dtz_many over Boards, bitboard arrays, a GameArrays (replayed and read
from its position arrays) and a BoardBatch, on one and two threads, with their errors and
defaults; root_moves; the C interface (chessbits_syzygy.h) called through ctypes, which
releases the GIL, from many threads at once on one Tablebase."""
import ctypes
import io
import os
import random
import shutil
import subprocess
import threading

import pytest

import chessbits
from chessbits import syzygy

np = pytest.importorskip("numpy")
chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
import chess.syzygy  # noqa: E402

from test_syzygy import random_board  # noqa: E402
from test_syzygy_tables import names, tables  # noqa: E402,F401  (the fixture)


def boards_of(tables, per_table, seed):
    rng = random.Random(seed)
    return [random_board(rng, name) for name in names(tables) for _ in range(per_table)]


def bitboards(boards):
    bits = np.array([[b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings, b.occupied_co[True],
                      b.occupied_co[False]] for b in boards], np.uint64)
    return bits, dict(turns=np.array([b.turn for b in boards]),
                      ep_squares=np.array([-1 if b.ep_square is None else b.ep_square for b in boards], np.int8),
                      halfmove_clocks=np.array([b.halfmove_clock for b in boards], np.uint32))


@pytest.mark.parametrize("threads", [1, 2])
def test_many_equal_one_by_one_python_chess(tables, threads):
    theirs_boards = boards_of(tables, 12, threads)
    ours_boards = [chessbits.Board(b.fen()) for b in theirs_boards]
    bits, columns = bitboards(theirs_boards)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        wdl = [theirs.probe_wdl(b) for b in theirs_boards]
        dtz = [theirs.probe_dtz(b) for b in theirs_boards]
        for given in (ours_boards, theirs_boards):
            got = ours.probe_wdl_many(given, threads=threads)
            assert got.dtype == np.int8 and got.tolist() == wdl
            got = ours.probe_dtz_many(given, threads=threads)
            assert got.dtype == np.int16 and got.tolist() == dtz
        assert ours.probe_wdl_many(bits, threads=threads, **columns).tolist() == wdl
        assert ours.probe_dtz_many(bits, threads=threads, **columns).tolist() == dtz
        one = ours.probe_wdl_many(ours_boards[0])
        assert (type(one).__name__, int(one)) == ("int8", wdl[0])


def test_games_and_batches(tables):
    """The position before each move of endgames played out (GameArrays, both ways of reading
    it) and each game of a BoardBatch, against python-chess."""
    rng = random.Random(7)
    starts = [random_board(rng, name) for name in ("KQvKR", "KRPvK", "KPvKP", "KBNvK") for _ in range(5)]
    starts = [b for b in starts if not b.is_game_over()]
    text = []
    for board in starts:
        game = chess.pgn.Game.from_board(board)
        node, play = game, board.copy()
        for _ in range(rng.randint(1, 12)):
            moves = list(play.legal_moves)
            if not moves or play.is_game_over():
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            play.push(move)
        text.append(str(game))
    pgn = "\n\n".join(text).encode()
    expected = []
    for game_text in text:
        game = chess.pgn.read_game(io.StringIO(game_text))
        play = game.board()
        for move in game.mainline_moves():
            expected.append(play.copy())
            play.push(move)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        want_wdl = [theirs.probe_wdl(b) for b in expected]
        want_dtz = [theirs.probe_dtz(b) for b in expected]
        for positions in (False, True):
            games = chessbits.pgn.read_games(pgn, positions=positions)
            assert len(games.moves) == len(expected)
            assert ours.probe_wdl_many(games, threads=2).tolist() == want_wdl
            assert ours.probe_dtz_many(games).tolist() == want_dtz
        batch = chessbits.encode.BoardBatch(fen=[b.fen() for b in starts])
        assert ours.probe_wdl_many(batch).tolist() == [theirs.probe_wdl(b) for b in starts]


def test_many_errors_and_default(tables):
    board = chessbits.Board("8/8/8/8/8/2k5/8/K6Q w - - 0 1")
    five = chessbits.Board("8/8/8/8/3qq3/2k5/8/K6Q w - - 0 1")  # KQvKQQ: not in the sdist
    castles = chessbits.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    with syzygy.open_tablebase(str(tables)) as ours:
        with pytest.raises(syzygy.MissingTableError, match=r"did not find wdl table KQvKQQ \(position 1\)"):
            ours.probe_wdl_many([board, five])
        with pytest.raises(KeyError, match=r"castling rights: .* \(position 2\)"):
            ours.probe_wdl_many([board, board, castles])
        assert ours.probe_wdl_many([board, five, castles], default=-9).tolist() == [2, -9, -9]
        bits, columns = bitboards([chess.Board(board.fen())])
        bits[0, 0] = bits[0, 5]  # the kings are pawns too
        with pytest.raises(ValueError, match="position 0 is not a board"):
            ours.probe_wdl_many(bits, **columns)
        with pytest.raises(ValueError, match="position 0 is not a board"):
            ours.probe_wdl_many(bits, default=0, **columns)  # (not a KeyError: never a default)
        with pytest.raises(TypeError, match="turns="):
            ours.probe_wdl_many(bits)
        assert ours.probe_wdl_many([]).tolist() == []


def test_root_moves_against_python_chess(tables):
    """Each move's WDL and DTZ from python-chess's probes of the position after it; the best
    move's DTZ python-chess's DTZ of the root (or one less: a table rounds); ranks in order."""
    rng = random.Random(21)
    with syzygy.open_tablebase(str(tables)) as ours, chess.syzygy.open_tablebase(str(tables)) as theirs:
        for name in names(tables):
            for _ in range(4):
                board = random_board(rng, name)
                root = ours.root_moves(chessbits.Board(board.fen()))
                assert sorted(m.move.uci() for m in root) == sorted(m.uci() for m in board.legal_moves)
                for m in root:
                    move = chess.Move.from_uci(m.move.uci())
                    zeroing = board.is_zeroing(move)
                    board.push(move)
                    wdl, dtz = -theirs.probe_wdl(board), -theirs.probe_dtz(board)
                    mate = board.is_checkmate()
                    board.pop()
                    assert m.wdl == wdl
                    assert m.dtz == (1 if mate else syzygy.dtz_before_zeroing(wdl) if zeroing else
                                     dtz + (dtz > 0) - (dtz < 0))
                    assert (m.rank > 0) == (wdl > 0) and (m.rank < 0) == (wdl < 0)
                assert [m.rank for m in root] == sorted((m.rank for m in root), reverse=True)
                if root and root[0].wdl > 0:
                    assert theirs.probe_dtz(board) - root[0].dtz in (0, 1)
                    assert root[0].wdl == theirs.probe_wdl(board)


class Api(ctypes.Structure):
    probe = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64), ctypes.c_int,
                             ctypes.c_int, ctypes.c_uint, ctypes.POINTER(ctypes.c_int))
    _fields_ = [("abi", ctypes.c_int), ("probe_wdl", probe), ("probe_dtz", probe)]


def api_of(handle):
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return Api.from_address(get(handle.api, b"chessbits.syzygy.api"))


def test_c_interface_from_many_threads(tables):
    """The capsule's functions, called through ctypes (the GIL released) on 4 threads at once,
    give python-chess's answers; the header's ABI number and error codes are the capsule's."""
    header = (syzygy.get_include() + "/chessbits_syzygy.h")
    text = open(header).read()
    assert "#define CHESSBITS_SYZYGY_ABI 1" in text and "CHESSBITS_SZ_MISSING = -11" in text
    theirs_boards = boards_of(tables, 6, 4)
    with chess.syzygy.open_tablebase(str(tables)) as theirs:
        want = [(theirs.probe_wdl(b), theirs.probe_dtz(b)) for b in theirs_boards]
    failures = []
    with syzygy.open_tablebase(str(tables), max_fds=4) as ours, ours.native() as handle:
        api = api_of(handle)
        assert api.abi == 1

        def run(seed):
            order = list(range(len(theirs_boards)))
            random.Random(seed).shuffle(order)
            for i in order:
                b = theirs_boards[i]
                bits = (ctypes.c_uint64 * 8)(b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings,
                                             b.occupied_co[True], b.occupied_co[False])
                ep = -1 if b.ep_square is None else b.ep_square
                wdl, dtz = ctypes.c_int(), ctypes.c_int()
                rc = (api.probe_wdl(handle.tables, bits, b.turn, ep, b.halfmove_clock, ctypes.byref(wdl)),
                      api.probe_dtz(handle.tables, bits, b.turn, ep, b.halfmove_clock, ctypes.byref(dtz)))
                if rc != (0, 0) or (wdl.value, dtz.value) != want[i]:
                    failures.append((b.fen(), rc, wdl.value, dtz.value, want[i]))

        threads = [threading.Thread(target=run, args=(seed,)) for seed in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        bits = (ctypes.c_uint64 * 8)(0, 0, 0, 0, 0xC000, 0x81, 0x4001, 0x8080)  # KQvKQ: not in the sdist
        value = ctypes.c_int()
        assert api.probe_wdl(handle.tables, bits, 1, -1, 0, ctypes.byref(value)) == -11
        bits[0] = 1  # a pawn under the white king
        assert api.probe_wdl(handle.tables, bits, 1, -1, 0, ctypes.byref(value)) == -14
    assert failures == []
    assert len(ours._maps) == 0  # (closed)


def test_bulk_probes_beside_single_probes_on_other_threads(tables):
    """Bulk probes (threads of their own) while other Python threads probe one by one and the
    table files come and go under max_fds=3: every answer right."""
    theirs_boards = boards_of(tables, 4, 9)
    ours_boards = [chessbits.Board(b.fen()) for b in theirs_boards]
    with chess.syzygy.open_tablebase(str(tables)) as theirs:
        want = [theirs.probe_wdl(b) for b in theirs_boards]
    wrong = []
    with syzygy.open_tablebase(str(tables), max_fds=3) as ours:
        def bulk():
            for _ in range(3):
                if ours.probe_wdl_many(ours_boards, threads=2).tolist() != want:
                    wrong.append("bulk")

        def single(seed):
            rng = random.Random(seed)
            for _ in range(300):
                i = rng.randrange(len(ours_boards))
                if ours.probe_wdl(ours_boards[i]) != want[i]:
                    wrong.append(i)

        threads = [threading.Thread(target=bulk)] + [threading.Thread(target=single, args=(s,)) for s in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(ours._maps) <= 3
    assert wrong == []


def rss_kb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/status") or chessbits.build_info()["sanitized"],
                    reason="reads Linux's /proc; 10^7 probes take minutes under the sanitizers")
def test_rss_flat_over_ten_million_probes(tables):
    """10^7 WDL probes in bulk (and 10^5 one by one) on one Tablebase with max_fds=8 (tables
    mapped and unmapped as they go): the resident memory after them within 4 MB of before."""
    theirs_boards = boards_of(tables, 100, 1)
    bits, columns = bitboards(theirs_boards)
    ours_boards = [chessbits.Board(b.fen()) for b in theirs_boards]
    with syzygy.open_tablebase(str(tables), max_fds=8) as ours:
        want = ours.probe_wdl_many(bits, threads=2, **columns)
        for board in ours_boards:
            ours.probe_dtz(board)
        before, done = rss_kb(), 0
        while done < 10_000_000:
            assert (ours.probe_wdl_many(bits, threads=2, **columns) == want).all()
            done += len(bits)
        for _ in range(100_000 // len(ours_boards) + 1):
            for board in ours_boards:
                ours.probe_wdl(board)
        grown = rss_kb() - before
    assert grown < 4096, f"RSS grew {grown} kB over {done:,} probes"


def test_close_inside_native_is_refused(tables):
    with syzygy.open_tablebase(str(tables)) as ours:
        with ours.native():
            with pytest.raises(RuntimeError, match="inside a native"):
                ours.close()
            with pytest.raises(RuntimeError, match="inside a native"):
                ours.add_directory(str(tables))
        assert ours.probe_wdl(chessbits.Board("8/8/8/8/8/2k5/8/K6Q w - - 0 1")) == 2


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler on PATH")
def test_the_c_probe_benchmark_builds_and_agrees(tables, tmp_path):
    """benchmarks/syzygy_probe_c.c (the probe in C alone, as Fathom's benchmark measures it)
    builds with the command its header gives and finds python-chess's WDL for every position
    of the pos.txt `chessbits bench syzygy` writes."""
    from chessbits.bench.syzygy import fathom_input, positions
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.exists(f"{root}/src/chessbits/include/chessbits_syzygy.h"):  # (ext/syzygy.h includes it)
        pytest.skip("needs the source tree's src/ (CI's wheel stage removes it to test the installed wheel)")
    exe = str(tmp_path / "syzygy_probe_c")
    subprocess.run([shutil.which("cc") or shutil.which("gcc"), "-O0", "-std=gnu11", "-Wall", "-Werror",  # (-O0: quick)
                    f"-I{root}/ext", f"{root}/benchmarks/syzygy_probe_c.c", f"{root}/ext/polyglot.c", "-o", exe,
                    "-lm", "-lpthread"], check=True)
    boards = positions(tables, 3)
    with chess.syzygy.open_tablebase(str(tables)) as theirs:
        fathom_input(str(tmp_path), boards, [theirs.probe_wdl(chess.Board(b.fen())) for b in boards])
    out = subprocess.run([exe, str(tables)], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0 and f"{len(boards)} positions, 0 disagree" in out.stdout, out.stdout + out.stderr
