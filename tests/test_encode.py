"""chessbits.encode's own promises, checked against python-chess: the simple planes against a
loop over python-chess's pieces, AlphaZero's 119 planes against a re-statement of the paper's
table over python-chess boards, every index read back to its move, the dtypes and compact form
against float32, threads and out= against one thread, BoardBatch against python-chess games."""
import math
import pathlib
import random
import sys

import chess
import pytest

import chessbits
import chessbits.encode as encode
from chessbits.pgn import read_games

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "golden"))
import encode_games  # noqa: E402

np = pytest.importorskip("numpy")
POLICIES = ["lc0", "alphazero", "maia2", "searchless"]


@pytest.fixture(scope="module")
def pairs():
    """(python-chess Board, chessbits Board) for every position of the fixture games, each with
    its game's moves."""
    out = []
    for start, moves in encode_games.load():
        ours = chessbits.Board(start.fen(), chess960=start.chess960)
        theirs = start.copy()
        out.append((theirs.copy(), ours.copy()))
        for m in moves:
            theirs.push(m)
            ours.push(chessbits.Move.from_uci(m.uci()))
            out.append((theirs.copy(), ours.copy()))
    return out


def simple_reference(board, perspective):
    """The simple layout by python-chess's pieces, as its documentation words it."""
    x = np.zeros((12, 8, 8), np.float32)
    flip = perspective and board.turn == chess.BLACK
    first = board.turn if flip else chess.WHITE
    for k, color in enumerate([first, not first]):
        for pt in range(1, 7):
            for s in board.pieces(pt, color):
                s = chess.square_mirror(s) if flip else s
                x[6 * k + pt - 1, s // 8, s % 8] = 1
    return x


@pytest.mark.parametrize("perspective", [False, True])
def test_simple_planes(pairs, perspective):
    got = encode.planes([b for _, b in pairs], perspective=perspective)
    for i, (board, _) in enumerate(pairs):
        assert np.array_equal(got[i], simple_reference(board, perspective)), (i, board.fen())


def test_bitboards(pairs):
    got = encode.bitboards([b for _, b in pairs])
    for i, (board, _) in enumerate(pairs):
        want = [int(board.pieces(pt, c)) for c in (chess.WHITE, chess.BLACK) for pt in range(1, 7)]
        assert got[i].tolist() == want


def lc0_repetitions(history):
    """Earlier occurrences of each position of a python-chess game, counted as lc0 counts them:
    the latest equal position 4, 6, ... plies back while the clocks say the moves were reversible."""
    def same(a, b):
        return (a.board_fen() == b.board_fen() and a.turn == b.turn and a.castling_rights == b.castling_rights
                and a.ep_square == b.ep_square)  # positions here carry lc0's ep as their ep_square
    reps = []
    for n, last in enumerate(history):
        count = 0
        if last.halfmove_clock >= 4:
            for i in range(n - 4, -1, -2):
                if same(history[i], last):
                    count = 1 + reps[i]
                    break
                if history[i].halfmove_clock < 2:
                    break
        reps.append(count)
    return reps


def alphazero_reference(game_boards, reps):
    """AlphaZero's 119 planes of the last of game_boards (python-chess boards of one game, oldest
    first) by the paper's table S1, as chessbits documents the choices."""
    cur = game_boards[-1]
    x = np.zeros((119, 8, 8), np.float32)
    me = cur.turn
    for t in range(8):
        k = len(game_boards) - 1 - t
        if k < 0:
            break
        b = game_boards[k]
        for side, color in enumerate([me, not me]):
            for pt in range(1, 7):
                for s in b.pieces(pt, color):
                    s = chess.square_mirror(s) if me == chess.BLACK else s
                    x[14 * t + 6 * side + pt - 1, s // 8, s % 8] = 1
        x[14 * t + 12] = reps[k] >= 1
        x[14 * t + 13] = reps[k] >= 2
    x[112] = me == chess.WHITE
    x[113] = cur.fullmove_number
    for k, (color, king_side) in enumerate([(me, True), (me, False), (not me, True), (not me, False)]):
        has = cur.has_kingside_castling_rights(color) if king_side else cur.has_queenside_castling_rights(color)
        x[114 + k] = has
    x[118] = cur.halfmove_clock
    return x


def lc0_ep_boards(start, moves):
    """python-chess boards of a game whose ep_square is lc0's flag: after a double push next to an
    enemy pawn (the legal square at the start)."""
    board = start.copy()
    out = []
    first = True
    for m in [None] + moves:
        if m is not None:
            pushed = board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16
            board.push(m)
        snapshot = board.copy(stack=False)
        if first:
            snapshot.ep_square = board.ep_square if board.has_legal_en_passant() else None
        elif pushed:
            ep = board.ep_square
            pawns = board.pieces(chess.PAWN, board.turn)
            snapshot.ep_square = ep if any(abs(chess.square_file(p) - chess.square_file(ep)) == 1
                                           and chess.square_rank(p) == chess.square_rank(m.to_square)
                                           for p in pawns) else None
        else:
            snapshot.ep_square = None
        out.append(snapshot)
        first = False
    return out


def test_alphazero_planes(pairs):
    got = encode.planes([b for _, b in pairs], "alphazero")
    i = 0
    for start, moves in encode_games.load():
        history = lc0_ep_boards(start, moves)
        reps = lc0_repetitions(history)
        real = pairs[i: i + len(history)]
        for k in range(len(history)):
            game_boards = [p for p, _ in real[:k + 1]]
            want = alphazero_reference(game_boards, reps)
            assert np.array_equal(got[i + k], want), (i + k, real[k][0].fen())
        i += len(history)
    assert i == len(pairs)
    assert max(max(lc0_repetitions(lc0_ep_boards(s, m))) for s, m in encode_games.load()) >= 2


@pytest.mark.parametrize("layout", POLICIES)
def test_indices_read_back(pairs, layout):
    """index_move(move_index(m)) is m for every legal move (the ones the family can index)."""
    size = encode.policy_size(layout)
    for _, board in pairs[::7]:
        seen = set()
        for move in board.legal_moves:
            try:
                k = encode.move_index(move, board, layout)
            except ValueError:
                assert layout == "maia2" and board.chess960 and board.is_castling(move)
                continue
            assert 0 <= k < size and k not in seen
            seen.add(k)
            assert encode.index_move(k, board, layout) == move


def test_index_move_refuses_other_indices():
    board = chessbits.Board()
    with pytest.raises(chessbits.IllegalMoveError):
        encode.index_move(0, board, "lc0")  # a1b1: no such legal move
    assert encode.move_index(chessbits.Move.from_uci("a1h8"), board, "lc0") == 22  # a move's shape: any board
    with pytest.raises(ValueError, match="no policy index for a1b4"):
        encode.move_index(chessbits.Move.from_uci("a1b4"), board, "lc0")
    with pytest.raises(ValueError, match="unknown policy layout"):
        encode.policy_size("simple")


@pytest.mark.parametrize("layout,options", [("simple", {}), ("lc0", {}), ("lc0", {"format": "canonical_v2"}),
                                            ("alphazero", {}), ("maia2", {})])
def test_dtypes_and_compact(pairs, layout, options):
    boards = [b for _, b in pairs[::3]]
    full = encode.planes(boards, layout, **options)
    for dtype in ("float16", "bool") + (("uint8",) if options.get("format") != "canonical_v2" else ()):
        got = encode.planes(boards, layout, dtype=dtype, **options)
        want = np.minimum(full, 255).astype(dtype) if dtype == "uint8" else full.astype(dtype)
        assert np.array_equal(got, want), dtype
    masks, values = encode.planes(boards, layout, compact=True, **options)
    bits = np.unpackbits(masks.view(np.uint8), bitorder="little").reshape(masks.shape + (8, 8))
    assert np.array_equal(bits * values[:, :, None, None], full)


def test_threads_and_out(pairs):
    boards = [b for _, b in pairs]
    one = encode.planes(boards, "lc0")
    out = np.full_like(one, 7)
    assert encode.planes(boards, "lc0", out=out, threads=3) is out
    assert np.array_equal(out, one)
    counts, indices = encode.legal_mask(boards, "alphazero", sparse=True)
    counts2, indices2 = encode.legal_mask(boards, "alphazero", sparse=True, threads=2)
    assert np.array_equal(counts, counts2) and np.array_equal(indices, indices2)
    with pytest.raises(ValueError, match="out must be"):
        encode.planes(boards, "lc0", out=np.empty((len(boards), 112, 8, 8), np.float16))


def test_option_errors():
    board = chessbits.Board()
    with pytest.raises(ValueError, match="unknown layout 'lc1'"):
        encode.planes(board, "lc1")
    with pytest.raises(ValueError, match="unknown dtype"):
        encode.planes(board, dtype="int64")
    with pytest.raises(ValueError, match="fractional"):
        encode.planes(board, "lc0", dtype="uint8", format="canonical_hectoplies")
    with pytest.raises(ValueError, match="history_fill"):
        encode.planes(board, "lc0", history_fill="sometimes")
    with pytest.raises(TypeError):
        encode.planes([chess.Board()])
    with pytest.raises(ValueError, match="threads"):
        encode.planes(board, threads=0)


def test_tokens_refuse_letters_the_tokenizer_lacks():
    board = chessbits.Board("r1r1k3/8/8/8/8/8/8/R1R1K3 w Cc - 0 1", chess960=True)
    assert board.fen().split()[2] == "Cc"  # X-FEN: the inner rook by its file
    with pytest.raises(ValueError, match="cannot be tokenized"):
        encode.tokens(board)
    board = chessbits.Board("4k3/8/8/8/8/8/8/4K3 w - - 1000 600")
    with pytest.raises(ValueError, match="position 0"):
        encode.tokens([board])


def test_dataset_from_games():
    text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 1/2-1/2\n"
    games = read_games(text.encode())
    data = encode.dataset(games, "lc0")
    assert data.planes.shape == (8, 112, 8, 8) and data.legal.shape == (8, 1858)
    assert data.game.tolist() == [0] * 6 + [1] * 2
    assert data.result.tolist() == [1, 0, 1, 0, 1, 0, 0.5, 0.5]
    assert np.array_equal(data.played, encode.move_indices(games, "lc0"))
    assert all(data.legal[i, data.played[i]] for i in range(8))
    boards = []
    for g in range(len(games)):
        fen = games.headers["FEN"][g]
        board = chessbits.Board(fen) if fen else chessbits.Board()
        for move in games.mainline_moves(g):
            boards.append(board.copy())
            board.push(move)
    assert np.array_equal(data.planes, encode.planes(boards, "lc0"))


def test_batch_fivefold_repetition():
    """Shuffles to a fivefold repetition end a BoardBatch game on the ply python-chess's does,
    also where the repetitions' first position follows a double push whose en-passant capture
    is pinned (lc0, whose repetition count the batch consults first, tells that one apart)."""
    fens = [chess.STARTING_FEN, "3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1"]
    plays = [["g1f3", "g8f6", "f3g1", "f6g8"] * 5, ["e2e4"] + ["d8c8", "e1f1", "c8d8", "f1e1"] * 5]
    batch = encode.BoardBatch(fen=fens)
    ref = [chess.Board(fen) for fen in fens]
    for ply in range(max(map(len, plays))):
        moves = [chessbits.Move.from_uci(play[ply]) if ply < len(play) and not board.is_game_over() else None
                 for play, board in zip(plays, ref)]
        batch.push(moves=moves)
        for i, (move, board) in enumerate(zip(moves, ref)):
            if move is not None:
                board.push(chess.Move.from_uci(move.uci()))
            outcome = board.outcome()
            assert batch.terminations[i] == (outcome.termination.value if outcome else 0), (i, ply)
    assert [board.outcome().termination for board in ref] == [chess.Termination.FIVEFOLD_REPETITION] * 2


def test_batch_against_python_chess():
    """Random games in a BoardBatch and in python-chess side by side: the same legal moves, the
    same outcomes after every move, the same positions; resets start again."""
    rng = random.Random(7)
    fens = [chess.STARTING_FEN, "4k3/8/8/8/8/8/8/4K2R w K - 95 80", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"]
    for claim in (False, True):
        batch = encode.BoardBatch(fen=fens * 4, claim_draw=claim)
        ref = [chess.Board(f) for f in fens * 4]
        for step in range(160):
            counts, indices = batch.legal_mask("lc0", sparse=True)
            starts = np.concatenate([[0], np.cumsum(counts)])
            picks = []
            for i, board in enumerate(ref):
                want = sorted(encode.move_index(m, chessbits.Board(board.fen()), "lc0") for m in board.legal_moves) \
                    if board.outcome(claim_draw=claim) is None else None
                if want is None:
                    assert batch.finished[i]
                    picks.append(-1)
                    continue
                assert indices[starts[i]:starts[i + 1]].tolist() == want
                picks.append(rng.choice(want))
            batch.push(indices=picks, layout="lc0")
            for i, board in enumerate(ref):
                if picks[i] >= 0:
                    board.push(_move_of(picks[i], board))
                outcome = board.outcome(claim_draw=claim)
                assert batch.terminations[i] == (outcome.termination.value if outcome else 0)
                assert batch.board(i).fen() == board.fen()
                result = batch.results[i]
                assert (math.isnan(result) and outcome is None) or result == {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[
                    outcome.result()]
            finished = batch.finished
            assert finished.dtype == np.bool_ and finished.flags.writeable
            assert finished.tolist() == [board.outcome(claim_draw=claim) is not None for board in ref]
            if finished.all():
                break
        assert batch.finished.any()
        boards = [batch.board(i) for i in range(len(batch))]
        assert np.array_equal(batch.planes("lc0"), encode.planes(boards, "lc0"))
        batch.reset(batch.finished)
        assert not batch.finished[:1].any() or batch.plies[0] == 0
        batch.reset()
        assert batch.plies.tolist() == [0] * len(batch)
    with pytest.raises(chessbits.IllegalMoveError):
        encode.BoardBatch(1).push(moves=[chessbits.Move.from_uci("e2e5")])


def test_batch_long_games():
    """Games longer than a BoardBatch keeps positions for (its states a ring of 256, its
    encoders' history slid back to 161 positions at 384): the outcomes python-chess gives after
    every move, the planes Boards of the same games encode (their history walked on their own
    move stacks), the games' moves from their start."""
    rng = np.random.default_rng(6)  # (its longest game 664 plies; four kinds of ending)
    n = 16
    batch = encode.BoardBatch(n)
    ref = [chess.Board() for _ in range(n)]
    ours = [chessbits.Board() for _ in range(n)]
    options = [("lc0", {}), ("lc0", {"format": "canonical_v2"}), ("alphazero", {})]
    counts, indices = batch.legal_mask("lc0", sparse=True)
    for step in range(10_000):
        live = (counts > 0) & ~batch.finished
        if not live.any():
            break
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        pick = np.full(n, -1, np.int16)
        pick[live] = indices[starts[live] + (rng.random(int(live.sum())) * counts[live]).astype(np.int64)]
        for i in np.flatnonzero(live):
            move = _move_of(int(pick[i]), ref[i])
            ref[i].push(move)
            ours[i].push(chessbits.Move.from_uci(move.uci()))
        counts, indices = batch.step(pick, "lc0", sparse=True)
        outcomes = [board.outcome() for board in ref]
        assert batch.terminations.tolist() == [o.termination.value if o else 0 for o in outcomes], step
        if step % 16 == 0 or not (counts > 0).any():
            for layout, fmt in options:
                assert np.array_equal(batch.planes(layout, **fmt), encode.planes(ours, layout, **fmt)), (step, fmt)
    assert batch.finished.all() and max(batch.plies) > 600  # (past a second slide)
    assert {o.termination for o in outcomes} >= {chess.Termination.SEVENTYFIVE_MOVES,
                                                   chess.Termination.INSUFFICIENT_MATERIAL}
    for i in (int(np.argmax(batch.plies)), 0):
        assert batch.board(i).move_stack == ours[i].move_stack


def test_batch_repetition_far_back():
    """A position repeated 126 plies later (the kings on cycles of 7 and 9 squares), the second
    time just after the history slid: the repetition still counts, in the planes and the
    outcome, as in python-chess and in a Board's own history."""
    fen = "4k3/p1p5/8/8/8/8/3PP3/K7 w - - 0 1"
    white = ["a1", "a2", "a3", "b3", "c2", "c1", "b1"]
    black = ["e8", "f8", "g8", "h8", "h7", "h6", "g6", "f6", "e7"]
    pawns = [("d2d3", "a7a6"), ("e2e3", "c7c6"), ("d3d4", "a6a5"), ("e3e4", "c6c5")]
    moves = []
    for w, b in pawns:
        moves += [w, b]
        for t in range(63):
            moves += [white[t % 7] + white[(t + 1) % 7], black[t % 9] + black[(t + 1) % 9]]
    batch = encode.BoardBatch(fen=fen)
    ref, ours = chess.Board(fen), chessbits.Board(fen)
    for ply, uci in enumerate(moves, 1):
        batch.push(moves=[chessbits.Move.from_uci(uci)])
        ref.push_uci(uci)
        ours.push_uci(uci)
        outcome = ref.outcome()
        assert batch.terminations[0] == (outcome.termination.value if outcome else 0), ply
        if ply % 64 == 0 or 380 <= ply <= 392:
            for layout, fmt in [("lc0", {}), ("lc0", {"format": "canonical_v2"}), ("alphazero", {})]:
                assert np.array_equal(batch.planes(layout, **fmt), encode.planes([ours], layout, **fmt)), (ply, fmt)
    assert ref.is_repetition(2) and not ref.is_repetition(3) and batch.plies[0] == len(moves) == 512


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_step_as_push_then_mask(threads):
    """step() on threads plays and finds the next moves as push() then legal_mask() do; games
    that wait give the masks their Boards give, in any layout asked, as do subsets naming a game
    in several rows; a bad index names the first game without that move, and nothing is played."""
    rng = np.random.default_rng(threads)
    stepped, pushed = encode.BoardBatch(9), encode.BoardBatch(9)
    counts, indices = pushed.legal_mask("lc0", sparse=True)
    for _ in range(60):
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        live = (counts > 0) & ~pushed.finished
        pick = np.full(9, -1, np.int16)
        pick[live] = indices[starts[live] + (rng.random(int(live.sum())) * counts[live]).astype(np.int64)]
        counts, indices = stepped.step(pick, "lc0", sparse=True, threads=threads)
        pushed.push(indices=pick, layout="lc0")
        expected = pushed.legal_mask("lc0", sparse=True)
        assert np.array_equal(counts, expected[0]) and np.array_equal(indices, expected[1])
    assert [stepped.board(i).fen() for i in range(9)] == [pushed.board(i).fen() for i in range(9)]
    # games that wait (-1) give their kept sparse masks, in whichever layout is asked next
    boards = [stepped.board(i) for i in range(9)]
    idle = np.full(9, -1, np.int16)
    for layout, fmt in [("lc0", {}), ("lc0", {}), ("alphazero", {}), ("lc0", {"format": "canonical_v2"}),
                        ("lc0", {"format": "canonical_v2"}), ("lc0", {})]:
        got = stepped.step(idle, layout, sparse=True, threads=threads, **fmt)
        want = encode.legal_mask(boards, layout, sparse=True, **fmt)  # (from Boards: no kept masks)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1]), (layout, fmt)
    rows = [4, 4, 0, 4, 8, 8, 4, 0]  # (a game named in several rows, on both threads)
    for layout, fmt in [("lc0", {"format": "canonical_v2"}), ("alphazero", {}), ("lc0", {})]:
        got = encode.legal_mask(stepped.subset(rows), layout, sparse=True, threads=threads, **fmt)
        want = encode.legal_mask([boards[i] for i in rows], layout, sparse=True, **fmt)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1]), (layout, fmt)
    before = [stepped.board(i).fen() for i in range(9)]
    bad = np.full(9, -1, np.int16)
    bad[[3, 7]] = 1857  # (lc0's last index, an underpromotion: no game here has one)
    with pytest.raises(chessbits.IllegalMoveError, match="board 3"):
        stepped.step(bad, "lc0", sparse=True, threads=threads)
    assert [stepped.board(i).fen() for i in range(9)] == before


def _move_of(index, board):
    """python-chess's legal move of board with lc0 index `index`."""
    for m in board.legal_moves:
        if encode.move_index(chessbits.Move.from_uci(m.uci()), chessbits.Board(board.fen(), chess960=board.chess960),
                             "lc0") == index:
            return m
    raise AssertionError(index)


def test_batch_construction():
    assert len(encode.BoardBatch()) == 1 and len(encode.BoardBatch(3)) == 3
    batch = encode.BoardBatch(fen=[chess.STARTING_FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])
    assert batch.terminations.tolist() == [0, 3]  # two bare kings: insufficient material
    with pytest.raises(ValueError, match="2 FENs"):
        encode.BoardBatch(3, fen=[chess.STARTING_FEN] * 2)
    with pytest.raises(ValueError):
        encode.BoardBatch(2, fen="8/8/8/8 w - - 0 1 x")
    with pytest.raises(ValueError, match="at least 0"):
        encode.BoardBatch(-1)
    batch = encode.BoardBatch(2)
    batch.push(moves=[chessbits.Move.from_uci("e2e4"), None])
    assert batch.plies.tolist() == [1, 0] and batch.board(0).move_stack == [chessbits.Move.from_uci("e2e4")]


# The dense writers (planes from their compact form, masks from bits and back) on one code path:
# a digest of their bytes for random games, planes in every dtype, masks through a stream.
_DENSE_DIGEST = """
import hashlib, random, chessbits
from chessbits import encode
rng, boards, text = random.Random(5), [], []
for g in range(12):
    board = chessbits.Board()
    for _ in range(rng.randrange(1, 90)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        boards.append(board.copy())
    text.append(chessbits.Board().variation_san(board.move_stack) + " *")
digest = hashlib.sha256()
for layout in ("lc0", "alphazero"):
    for dtype in ("bool", "uint8", "float16", "float32"):
        digest.update(encode.planes(boards, layout, dtype=dtype).tobytes())
for batch in encode.stream("\\n\\n".join(text).encode(), "alphazero", batch_size=64, shuffle_buffer=100, seed=1,
                           dtype="float16", threads=2):
    digest.update(batch["planes"].tobytes() + batch["mask"].tobytes())
print(digest.hexdigest())
"""


@pytest.mark.parametrize("cpu", ["v3", "baseline"])
def test_dense_writers_each_code_path(cpu):
    """Planes written out dense from their compact form, and a stream's masks unpacked from bits
    (packed from the encoder's bools), give the same bytes on the x86-64-v3 and portable paths
    as on this CPU's own (x86-64-v4's where it has AVX-512)."""
    import os
    import subprocess
    run = [sys.executable, "-c", _DENSE_DIGEST]
    native = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    capped = subprocess.run(run, capture_output=True, text=True, check=True,
                            env=dict(os.environ, CHESSBITS_CPU=cpu)).stdout
    assert native == capped and len(native.strip()) == 64


def test_sparse_masks_ascending_at_every_count_of_moves():
    """The sparse indices come out ascending, each once, at every count of legal moves: one to
    a block of 16 keys, several blocks, past the 64 the compare ranking takes (218, the most a
    position has), for Boards and for a BoardBatch's games."""
    rng = random.Random(5)
    by_count = {}
    for _ in range(60):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 120:
            by_count.setdefault(board.legal_moves.count(), board.fen())
            board.push(rng.choice(list(board.legal_moves)))
    fens = sorted(by_count.values(), key=lambda f: chess.Board(f).legal_moves.count())
    fens += ["R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1"]
    counts_seen = {chess.Board(f).legal_moves.count() for f in fens}
    for low, high in ((1, 16), (17, 32), (33, 48), (49, 64), (65, 218)):  # (every number of blocks, and past them)
        assert any(low <= c <= high for c in counts_seen), (low, high, sorted(counts_seen))
    assert {1, 16, 32, 218} <= counts_seen
    boards = [chessbits.Board(f) for f in fens]
    batch = encode.BoardBatch(fen=fens)
    for layout in ("lc0", "alphazero", "maia2", "searchless"):
        want = [sorted({encode.move_index(m, b, layout) for m in b.legal_moves}) for b in boards]
        for counts, indices in (encode.legal_mask(boards, layout, sparse=True), batch.legal_mask(layout, sparse=True)):
            starts = np.concatenate([[0], np.cumsum(counts)])
            assert [indices[starts[i]:starts[i + 1]].tolist() for i in range(len(fens))] == want, layout
