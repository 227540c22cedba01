"""install_as_chess(), python -m chessbits.run, and python-chess's submodules as chessbits
modules (loaded on first use). Each case runs in a child process: installing changes
sys.modules for the rest of the process."""
import subprocess
import sys
import textwrap

import pytest

import chessbits
from chessbits import _pychess


def run_python(code, *args, cwd=None):
    proc = subprocess.run([sys.executable, *args, "-c", textwrap.dedent(code)] if code is not None
                          else [sys.executable, *args], capture_output=True, text=True, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_install_as_chess_gives_chessbits_and_its_modules():
    out = run_python("""
        import sys, chessbits
        chessbits.install_as_chess()
        import chess, chess.pgn, chess.engine, chess.svg, chess.syzygy, chess.gaviota, chess.variant
        from chess import polyglot
        import chess.polyglot
        assert chess is chessbits and polyglot is chessbits.polyglot and chess.pgn is chessbits.pgn
        for name in ("pgn", "engine", "svg", "syzygy", "gaviota", "variant", "polyglot"):
            assert sys.modules["chess." + name] is getattr(chessbits, name), name
            assert getattr(chessbits, name).__spec__.name == "chessbits." + name
        game = chess.pgn.Game.from_board(chess.Board())
        assert type(game.board()) is chessbits.Board
        try:
            import chess.nosuchmodule
        except ModuleNotFoundError as e:
            print(e)
    """)
    assert out.strip() == "No module named 'chess.nosuchmodule'"


def test_install_after_python_chess_warns_and_replaces():
    out = run_python("""
        import warnings, chess, chess.pgn, chessbits
        first, first_pgn = chess, chess.pgn
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            chessbits.install_as_chess()
        print(w[0].category.__name__, w[0].message)
        import chess as again, chess.pgn as pgn
        assert again is chessbits and pgn is chessbits.pgn
        chessbits.install_as_chess()  # a second call changes nothing, says nothing
        chessbits.uninstall_as_chess()
        import chess as real
        assert real is not chessbits and real.Board is not chessbits.Board
        import sys
        assert sys.modules["chess"] is first and sys.modules["chess.pgn"] is first_pgn  # put back, not reloaded
    """)
    assert out.startswith("RuntimeWarning install_as_chess(): python-chess was imported before (chess, chess.")


def test_import_chessbits_loads_no_submodule_until_asked():
    run_python("""
        import sys, chessbits
        names = ("pgn", "polyglot", "engine", "svg", "syzygy", "gaviota", "variant")
        assert not any("chessbits." + n in sys.modules for n in names), sorted(sys.modules)
        assert "chess" not in sys.modules
        assert chessbits.polyglot.zobrist_hash(chessbits.Board()) == 0x463B96181691FC9C
        assert "chessbits.polyglot" in sys.modules and "chess" not in sys.modules
        assert "pgn" in dir(chessbits)
    """)


def test_run_script_as_python_would(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent("""
        import sys, chess, chess.polyglot
        import helper
        print(chess.__name__, __name__, sys.argv[1:], helper.VALUE)
        print(hex(chess.polyglot.zobrist_hash(chess.Board())))
        sys.exit(int(sys.argv[1]))
    """))
    (tmp_path / "helper.py").write_text("VALUE = 'found beside the script'\n")
    proc = subprocess.run([sys.executable, "-m", "chessbits.run", str(script), "3", "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout.splitlines() == ["chessbits __main__ ['3', 'x'] found beside the script",
                                        "0x463b96181691fc9c"]


def test_run_module(tmp_path):
    (tmp_path / "prog2.py").write_text("import sys, chess\nprint(chess.Board().fen(), sys.argv)\n")
    out = run_python(None, "-m", "chessbits.run", "-m", "prog2", "a", cwd=tmp_path)
    assert out.split() == ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1",
                           f"['{tmp_path / 'prog2.py'}',", "'a']"]


def test_run_usage_and_missing_script(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "chessbits.run"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.startswith("usage: python -m chessbits.run")
    proc = subprocess.run([sys.executable, "-m", "chessbits.run", str(tmp_path / "nope.py")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "can't open file" in proc.stderr


def test_borrowed_modules_need_python_chess(monkeypatch):
    """Without python-chess on sys.path, the borrowed modules say which extra to install."""
    import importlib.machinery
    monkeypatch.setattr(importlib.machinery.PathFinder, "find_spec", classmethod(lambda cls, *a, **k: None))
    with pytest.raises(ImportError, match=r"pip install 'chessbits\[pychess\]'"):
        _pychess.package_dir()


def test_borrowed_module_objects_are_chessbits_objects():
    import io

    import chessbits.pgn
    import chessbits.svg
    game = chessbits.pgn.read_game(io.StringIO("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"))
    board = game.end().board()
    assert type(board) is chessbits.Board and board.is_checkmate()
    assert all(type(m) is chessbits.Move for m in game.mainline_moves())
    assert type(board.outcome().termination) is chessbits.Termination
    assert chessbits.pgn.LOGGER.name == "chess.pgn"  # python-chess's logger names, for its users' logging set-up
    assert chessbits.svg.board(board).startswith("<svg")


def test_variant_boards_use_chessbits_values():
    import chessbits.variant
    board = chessbits.variant.find_variant("atomic")()
    move = board.push_san("e4")
    assert type(move) is chessbits.Move
    assert chessbits.variant.find_variant("chess") is chessbits.Board
    with pytest.raises(chessbits.IllegalMoveError):
        board.push_san("e4")
    assert type(chessbits.variant.CrazyhouseBoard().piece_at(0)) is chessbits.Piece
