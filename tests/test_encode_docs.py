"""docs/encode.md's examples run as written (the network and the training step are the reader's:
small stand-ins are given here), and its figures are what docs/figures/encode_figures.py draws."""
import pathlib
import random
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
np = pytest.importorskip("numpy")


def blocks():
    text = (ROOT / "docs" / "encode.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def write_games(path, rng, games, plies, rated=False):
    """A .pgn.zst of random games (python-chess's): their lengths drawn from range(*plies),
    a random result each, WhiteElo and BlackElo if rated."""
    import chess
    import chess.pgn
    zstandard = pytest.importorskip("zstandard")
    texts = []
    for _ in range(games):
        game, board = chess.pgn.Game(), chess.Board()
        if rated:
            game.headers["WhiteElo"], game.headers["BlackElo"] = str(rng.randrange(1500, 2300)), str(rng.randrange(1500, 2300))
        node = game
        for _ in range(rng.randrange(*plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            node = node.add_variation(rng.choice(moves))
            board.push(node.move)
        game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        texts.append(str(game))
    path.write_bytes(zstandard.ZstdCompressor().compress("\n\n".join(texts).encode()))


def test_first_example():
    exec(compile(blocks()[0], "docs/encode.md", "exec"), {})


def test_training_example(tmp_path, monkeypatch):
    code = next(b for b in blocks() if "iter_games" in b)
    assert len(code.strip().splitlines()) <= 20
    name = re.search(r'iter_games\("([^"]+)"', code).group(1)
    monkeypatch.chdir(tmp_path)
    write_games(tmp_path / name, random.Random(5), 30, (10, 60))
    seen = []

    def train_step(x, legal, y_policy, y_value):
        assert x.shape[1:] == (112, 8, 8) and x.dtype == np.float16 and legal.shape[1] == 1858
        assert legal[np.arange(len(y_policy)), y_policy].all()
        assert set(np.unique(y_value)) <= {0.0, 0.5, 1.0}
        seen.append(len(x))

    exec(compile(code, "docs/encode.md", "exec"), {"train_step": train_step})
    assert sum(seen) > 0


def test_stream_example(tmp_path, monkeypatch, capsys):
    """The stream example trains a stand-in model on a small .pgn.zst of rated games."""
    code = next(b for b in blocks() if "encode.stream(" in b)
    assert len(code.strip().splitlines()) <= 20
    name = re.search(r'stream\("([^"]+)"', code).group(1)
    monkeypatch.chdir(tmp_path)
    write_games(tmp_path / name, random.Random(8), 60, (5, 80), rated=True)
    seen = []

    class Model:
        def train_step(self, planes, mask, move, value):
            assert planes.shape[1:] == (112, 8, 8) and planes.dtype == np.uint8 and mask.shape[1] == 1858
            assert mask[np.arange(len(move)), move].all() and set(np.unique(value)) <= {0.0, 0.5, 1.0}
            seen.append(len(move))
            return float(len(move))

    exec(compile(code, "docs/encode.md", "exec"), {"model": Model()})
    assert sum(seen) > 0 and capsys.readouterr().out.startswith("step 0: loss ")


def test_batch_example():
    code = next(b for b in blocks() if "BoardBatch" in b)
    rng = np.random.default_rng(0)

    def model(x):
        return rng.random((len(x), 1858))

    def pick(policy, counts, indices):
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        out = np.full(len(counts), -1, np.int16)
        for i, (s, c) in enumerate(zip(starts, counts)):
            if c:
                legal = indices[s:s + c]
                out[i] = legal[np.argmax(policy[i, legal])]
        return out

    code = code.replace("1024", "16")  # a smaller batch: the same loop
    scope = {"model": model, "pick": pick}
    exec(compile("import chessbits.encode as encode\n" + code, "docs/encode.md", "exec"), scope)
    assert not np.isnan(scope["results"]).any() and (scope["terminations"] > 0).all()


def test_figures_are_current():
    sys.path.insert(0, str(ROOT / "docs" / "figures"))
    import encode_figures
    for name, svg in encode_figures.figures().items():
        assert (ROOT / "docs" / "figures" / name).read_text() == svg, f"{name}: run docs/figures/encode_figures.py"
