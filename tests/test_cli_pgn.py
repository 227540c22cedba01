"""``chessbits pgn``: counts, errors as file:line, statistics, JSON lines and Parquet exports,
checked against chessbits.pgn.read_games and python-chess."""
import io
import json
import math

import chess.pgn
import pytest

import chessbits.pgn as cpgn
from chessbits.cli import main

GAMES = ('[Event "a"]\n[Result "1-0"]\n[ECO "C20"]\n[Termination "Normal"]\n\n'
         '1. e4 { [%clk 0:03:00] } e5 { [%eval 0.2] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
         '[Event "b"]\n\n1. d4 d5 2. Ke3 Nf6 *\n\n'
         '1. c4 1/2-1/2\n')


@pytest.fixture
def pgn_file(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(GAMES, encoding="utf-8")
    return path


def test_counts_and_errors(pgn_file, capsys):
    assert main(["pgn", str(pgn_file)]) == 1  # a game has an error
    out, err = capsys.readouterr()
    counts = {line.rsplit(None, 1)[0].strip(): line.rsplit(None, 1)[1] for line in out.splitlines()[1:5]}
    assert counts == {"files": "1", "games": "3", "plies": "10", "games with errors": "1"}
    error = chess.pgn.read_game(io.StringIO(GAMES.split("\n\n", 2)[2])).errors[0]
    assert f"{pgn_file}:10: {error}" in err


def test_stats(pgn_file, capsys):
    main(["pgn", str(pgn_file), "--stats"])
    out = capsys.readouterr().out
    for word in ("1-0", "1/2-1/2", "Normal", "C20"):
        assert word in out


def test_jsonl_is_read_games(pgn_file, tmp_path):
    out = tmp_path / "games.jsonl"
    main(["pgn", str(pgn_file), "--jsonl", str(out)])
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    games = cpgn.read_games(pgn_file)
    assert len(rows) == len(games) == 3
    assert rows[0]["moves"] == ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    assert rows[0]["clocks"][:2] == [180.0, None] and math.isclose(rows[0]["evals"][1], 0.2, rel_tol=1e-6)
    assert rows[1]["errors"].startswith("line 10: illegal san: 'Ke3'")
    assert rows[2]["headers"]["Result"] == "1/2-1/2" and rows[2]["result"] == "1/2-1/2"


def test_parquet(pgn_file, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "games.parquet"
    main(["pgn", str(pgn_file), "--parquet", str(out)])
    table = pq.read_table(out)
    games = cpgn.read_games(pgn_file)
    assert table.num_rows == 3
    assert table.column("moves").to_pylist() == [games.game_moves(i).tolist() for i in range(3)]
    assert table.column("tag_Event").to_pylist() == ["a", "b", "?"]


def test_missing_file(capsys):
    assert main(["pgn", "/no/such/file.pgn"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_bench_pgn_runs_with_the_tree_work_table(tmp_path, capsys):
    """``chessbits bench pgn`` on a small corpus: every tree work row (read, clocks and evals,
    end FEN, str(game), the exporter without comments, read_headers, the walk game by game and
    over the games held in a list) produced the same outputs on python-chess and chessbits.
    Timings are not looked at."""
    from chessbits.bench.pgn import main as bench_pgn
    from test_pgn_differential import ANNOTATED, corpus_text
    corpus = tmp_path / "corpus.pgn"
    corpus.write_text(ANNOTATED + "\n" + "\n".join(corpus_text(seed) for seed in range(12) if seed % 3 != 2),
                      encoding="utf-8")
    assert bench_pgn(["--corpus", str(corpus), "--tree-games", "8", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("| tree work on the first 8 games"):]
    rows = [line for line in table.splitlines()[2:] if line.startswith("|")]
    assert len(rows) == 8 and all(line.split("|")[-2].strip() == "yes" for line in rows), table
