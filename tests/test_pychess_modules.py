"""python-chess's other modules given a chessbits Board give what they give with their
own: chess.pgn, chess.svg, chess.polyglot (keys and an opening book), chess.syzygy
(tables shipped in python-chess's sdist, fetched as tests/pychess_suite.py fetches it),
chess.engine (with Stockfish, where installed)."""
import shutil

import chess
import chess.engine
import chess.pgn
import chess.polyglot
import chess.svg
import chess.syzygy
import pytest

import pychess_suite
from chessbits import Board
from chessbits.positions import NAMED

GAME = ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3", "Be6"]
FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    NAMED["pos3"],
]


def both(fen=chess.STARTING_FEN, moves=()):
    ours, theirs = Board(fen), chess.Board(fen)
    for san in moves:
        ours.push_san(san)
        theirs.push_san(san)
    return ours, theirs


@pytest.fixture(scope="module")
def data():
    try:
        return pychess_suite.fetch_suite() / "data"
    except pychess_suite.SuiteUnavailable as exc:
        pytest.skip(f"python-chess's sdist unavailable: {exc}")


def test_pgn_game_from_board():
    ours, theirs = both(moves=GAME)
    assert str(chess.pgn.Game.from_board(ours)) == str(chess.pgn.Game.from_board(theirs))


def test_svg_board():
    for fen in FENS:
        ours, theirs = both(fen)
        assert chess.svg.board(ours) == chess.svg.board(theirs)
        assert ours._repr_svg_() == theirs._repr_svg_()


def test_polyglot_zobrist_hash():
    ours, theirs = both(moves=GAME)
    while True:
        assert chess.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs) == ours.zobrist_hash()
        if not ours.move_stack:
            break
        ours.pop()
        theirs.pop()


def test_polyglot_book(data):
    with chess.polyglot.open_reader(data / "polyglot" / "performance.bin") as book:
        for moves in ([], ["e4"], ["e4", "e5", "Nf3"], ["d4", "Nf6"]):
            ours, theirs = both(moves=moves)
            found = [(e.move, e.weight, e.learn) for e in book.find_all(ours)]
            assert found == [(e.move, e.weight, e.learn) for e in book.find_all(theirs)]
            assert found or moves


def test_syzygy_probes(data):
    with chess.syzygy.open_tablebase(str(data / "syzygy" / "regular")) as tables:
        for fen in ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "8/8/8/5k2/8/8/3QK3/8 b - - 0 1",
                    "8/8/4k3/8/2R5/8/8/4K3 w - - 0 1", "7k/8/6K1/8/8/8/8/1r6 w - - 0 1"]:
            ours, theirs = both(fen)
            assert tables.probe_wdl(ours) == tables.probe_wdl(theirs), fen
            assert tables.probe_dtz(ours) == tables.probe_dtz(theirs), fen


@pytest.mark.skipif(not (shutil.which("stockfish") or shutil.which("/usr/games/stockfish")),
                    reason="Stockfish is not installed")
def test_engine_analyse_and_play():
    """One fresh single-threaded engine per board, the same commands: the same answers."""
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    results = []
    for board in both(moves=GAME[:6]):
        with chess.engine.SimpleEngine.popen_uci(path) as engine:
            engine.configure({"Threads": 1, "Hash": 16})
            limit = chess.engine.Limit(depth=8)
            info = engine.analyse(board, limit)
            played = engine.play(board, limit).move
            results.append((info["score"], [m.uci() for m in info["pv"]], played.uci(), board.fen()))
    assert results[0] == results[1]
