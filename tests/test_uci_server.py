"""chessbits uci: the UCI front end, driven by chessbits' own UCI client (the one --compare uses)
and, where Debian's stockfish is installed, answering go perft exactly as Stockfish does."""
import io
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chessbits import Board
from chessbits.bench.variants import find_fairy_stockfish
from chessbits.cli.uci_server import serve
from chessbits.positions import NAMED, PUBLISHED
from chessbits.uci import EngineError, UciEngine

COMMAND = [sys.executable, "-m", "chessbits", "uci"]


def answers(script: str) -> str:
    out = io.StringIO()
    serve(io.StringIO(script), out)
    return out.getvalue()


def test_driven_by_our_uci_client():
    with UciEngine.popen_uci(COMMAND) as engine:
        assert engine.id["name"].startswith("chessbits")
        counts = engine.divide(NAMED["kiwipete"], 3)
    assert sum(counts.values()) == PUBLISHED["kiwipete"][3]
    assert counts == Board(NAMED["kiwipete"]).divide(3)


def test_chess960_option_and_moves():
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"  # 960 #1 of the CPW suite
    script = (f"setoption name UCI_Chess960 value true\nsetoption name Threads value 2\n"
              f"position fen {fen} moves a3a4\ngo perft 2\nquit\n")
    board = Board(fen, chess960=True)
    board.push_uci("a3a4")
    text = answers(script)
    lines = [l for l in text.splitlines() if ": " in l and not l.startswith(("info", "Nodes"))]
    assert [l.split(":")[0] for l in lines] == [m.uci() for m in board.legal_moves]
    assert f"Nodes searched: {board.perft(2)}" in text
    # castling is king-takes-rook in Chess960 mode, king-two-squares without it
    castles = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ngo perft 1\n"
    assert "e1h1: 1" in answers("setoption name UCI_Chess960 value true\n" + castles)
    assert "e1g1: 1" in answers(castles)


def test_startpos_moves_depth_0_and_errors():
    assert "Nodes searched: 1\n" in answers("position startpos moves e2e4 e7e5\ngo perft 0\n")
    text = answers("uci\nisready\nposition startpos moves e2e5\ngo perft x\nsetoption name Threads value 0\n"
                   "go depth 5\nfrobnicate\n")
    assert "uciok" in text and "readyok" in text
    assert "info string position: illegal uci: 'e2e5'" in text
    assert "info string go perft: expected a depth" in text
    assert "info string setoption: no option or bad value: name Threads value 0" in text
    assert "bestmove 0000" in text and "info string Unknown command: 'frobnicate'" in text


STOCKFISH = shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


@pytest.mark.skipif(not STOCKFISH, reason="Debian's stockfish is not installed")
def test_same_answer_as_stockfish():
    rng = random.Random(11)
    for _ in range(12):
        board = Board()
        for _ in range(rng.randrange(30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        script = f"position fen {board.fen()}\ngo perft 3\nquit\n"
        ours = answers(script)
        theirs = subprocess.run([STOCKFISH], input=script, capture_output=True, text=True, timeout=60).stdout
        pick = lambda t: sorted(l for l in t.splitlines() if ": " in l or l.startswith("Nodes"))  # noqa: E731
        assert pick(ours) == pick(theirs), board.fen()


def test_variants_by_uci_variant():
    """UCI_Variant plays python-chess's variants (drops and king promotions in the divide), and
    our UCI client sets it, refusing an engine that does not list the variant."""
    from chessbits.variant import find_variant

    fen = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"
    text = answers(f"setoption name UCI_Variant value crazyhouse\nposition fen {fen} moves Q@c7\ngo perft 2\nd\n")
    game = find_variant("crazyhouse")(fen)
    game.push_uci("Q@c7")
    assert f"Nodes searched: {game.perft(2)}" in text and "c8c7: 5" in text
    assert f"Fen: {game.fen()}" in text
    # startpos is the variant's; ucinewgame keeps the variant
    racing = answers("setoption name UCI_Variant value racingkings\nucinewgame\nposition startpos\ngo perft 2\n")
    assert "Nodes searched: 421" in racing
    with UciEngine.popen_uci(COMMAND, variant="atomic") as engine:
        assert sum(engine.divide(find_variant("atomic").starting_fen, 3).values()) == 8902
    fake = [sys.executable, str(Path(__file__).parent / "fake_uci_engine.py")]
    with pytest.raises(EngineError, match="does not play atomic: its UCI_Variant option is missing"):
        UciEngine.popen_uci(fake, variant="atomic")


FAIRY = find_fairy_stockfish()


@pytest.mark.skipif(not FAIRY, reason="Debian's fairy-stockfish is not installed")
def test_cli_compares_a_variant_with_fairy_stockfish(capsys):
    from chessbits.cli import main

    assert main(["perft", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", "3", "--variant", "crazyhouse", "--compare", FAIRY]) == 0
    assert "The counts agree" in capsys.readouterr().out
