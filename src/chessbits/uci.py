"""A UCI engine as a move generator to compare with: start it, send ``go perft N``,
read its divide.

The engine must answer ``go perft N`` as Stockfish does: one line per legal move
(``e2e4: 9771``), then ``Nodes searched: N``. :meth:`UciEngine.divide` is a
divider for :func:`chessbits.compare.find_disagreement`. Anything unexpected (the
engine missing, dying, staying silent, answering garbage) raises
:class:`EngineError` with a one-line message; the process is always ended by
:meth:`UciEngine.quit` (``quit``, then terminate, then kill).

>>> import sys
>>> script = "tests/fake_uci_engine.py"
>>> with UciEngine.popen_uci([sys.executable, script]) as engine:  # doctest: +SKIP
...     engine.id["name"], engine.divide("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2)["e1d1"]
('fake_uci_engine', 5)
"""
import collections
import queue
import re
import shlex
import subprocess
import threading
import time
from typing import Callable, Deque, Dict, List, Optional, Sequence, Union

_MOVE_COUNT = re.compile(r"([a-h][1-8][a-h][1-8][nbrqk]?|[PNBRQK]@[a-h][1-8]):?\s+(\d+)")  # k, @: variants
_NODES_SEARCHED = re.compile(r"Nodes searched:\s*(\d+)")


class EngineError(Exception):
    """The engine is missing, died, timed out or answered something unexpected."""


class UciEngine:
    """A running UCI engine process. Start one with :meth:`popen_uci`; use it as a
    context manager (or call :meth:`quit`) so the process never outlives us."""

    def __init__(self, process: "subprocess.Popen[str]", name: str, timeout: float):
        self.process = process
        self.name = name                 # for messages: the id name once known
        self.id: Dict[str, str] = {}     # from "id name ..." / "id author ..."
        self.variants: List[str] = []    # what its UCI_Variant option lists (Fairy-Stockfish's)
        self.timeout = timeout           # seconds the engine may stay silent
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self._stderr: Deque[Optional[str]] = collections.deque(maxlen=5)
        # Reader threads, so every wait can time out and a dead engine shows as EOF.
        threading.Thread(target=self._pump, args=(process.stdout, self._lines.put), daemon=True).start()
        threading.Thread(target=self._pump, args=(process.stderr, self._stderr.append), daemon=True).start()

    @classmethod
    def popen_uci(cls, command: Union[str, Sequence[str]], *, chess960: bool = False,
                  timeout: float = 30.0, variant: Optional[str] = None) -> "UciEngine":
        """Start the engine (a command line split like a shell's, or an argv list),
        and do the handshake: ``uci``/``uciok``, the Chess960 option, the variant (``UCI_Variant``,
        which the engine must list), ``isready``/``readyok``."""
        try:
            argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as e:
            raise EngineError(f"cannot split the engine command {command!r}: {e}") from None
        if not argv or not argv[0]:
            raise EngineError("empty engine command")
        name = shlex.join(argv)  # until the engine tells its id name
        name = name if len(name) <= 60 else name[:57] + "..."
        try:
            # Our stderr stays ours: the engine's goes to a buffer, quoted when it dies.
            process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, bufsize=1,
                                       encoding="utf-8", errors="replace")
        except FileNotFoundError:
            raise EngineError(f"engine not found: {argv[0]!r} (not a file, nor on PATH)") from None
        except OSError as e:
            raise EngineError(f"cannot start engine {argv[0]!r}: {e.strerror or e}") from None
        engine = cls(process, name, timeout)
        try:
            engine._handshake(chess960, variant)
        except BaseException:
            engine.quit()
            raise
        return engine

    def _handshake(self, chess960: bool, variant: Optional[str] = None) -> None:
        self.send("uci")
        for line in self._until("uciok", "uci"):
            key, _, value = line.partition(" ")
            if key == "id":
                field, _, text = value.partition(" ")
                self.id[field] = text.strip()
            elif line.startswith("option name UCI_Variant "):
                self.variants = [v.strip() for v in line.split(" var ")[1:]]
        self.name = self.id.get("name") or self.name
        if chess960:
            self.send("setoption name UCI_Chess960 value true")
        if variant:
            if variant not in self.variants:
                raise EngineError(f"{self.name} does not play {variant}: its UCI_Variant option "
                                  f"{'does not list it' if self.variants else 'is missing'}")
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        for _ in self._until("readyok", "isready"):
            pass

    def divide(self, fen: str, depth: int,
               progress: Optional[Callable[[str, int], None]] = None) -> Dict[str, int]:
        """The engine's ``go perft depth`` at fen: ``{uci: nodes}`` sorted by UCI;
        ``progress(uci, nodes)`` is called as each line arrives."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        what = f"go perft {depth}"
        counts: Dict[str, int] = {}
        while True:
            line = self._readline(what)
            if not line or line.startswith("info"):
                continue
            total = _NODES_SEARCHED.fullmatch(line)
            if total:
                break
            move = _MOVE_COUNT.fullmatch(line)
            if not move:
                raise EngineError(f"{self.name} answered {what!r} with an unexpected line: {line[:80]!r}")
            if move.group(1) in counts:
                raise EngineError(f"{self.name} listed {move.group(1)} twice in its {what!r} answer")
            counts[move.group(1)] = int(move.group(2))
            if progress:
                progress(move.group(1), counts[move.group(1)])
        if sum(counts.values()) != int(total.group(1)):
            raise EngineError(f"{self.name}'s {what!r} lines add up to {sum(counts.values()):,} "
                              f"but it says Nodes searched: {int(total.group(1)):,}")
        return dict(sorted(counts.items()))

    def send(self, line: str) -> None:
        """Send one command line."""
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            # worded as a failed read is: whether an engine that exits at once dies before
            # or after our first write is a race, and the user should see one message
            raise EngineError(self._death(f"before answering {line.split()[0]!r}")) from None

    def quit(self) -> None:
        """Ask the engine to quit; terminate it after half a second, kill it after another."""
        process = self.process
        if process.poll() is None:
            try:
                process.stdin.write("quit\n")  # type: ignore[union-attr]
                process.stdin.flush()  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass
            for stop, grace in ((None, 0.5), (process.terminate, 0.5), (process.kill, 5.0)):
                if stop:
                    stop()
                try:
                    process.wait(timeout=grace)
                    break
                except subprocess.TimeoutExpired:
                    continue
        try:  # stdout/stderr are left to the reader threads, which end at EOF
            process.stdin.close()  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass

    def __enter__(self) -> "UciEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def _until(self, token: str, command: str) -> List[str]:
        """Lines read up to the line ``token`` (engines print banners first: skipped)."""
        lines: List[str] = []
        while True:
            line = self._readline(command, token)
            if line == token:
                return lines
            lines.append(line)

    def _readline(self, command: str, expected: str = "its answer") -> str:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(f"{self.name} sent nothing for {self.timeout:g} s after "
                              f"{command!r} (expected {expected})") from None
        if line is None:
            self._lines.put(None)  # stays at EOF for later reads
            raise EngineError(self._death(f"before answering {command!r}"))
        return line.strip()

    def _death(self, when: str) -> str:
        """The message for an engine that closed its output: exit status and last stderr line."""
        try:
            status = self.process.wait(timeout=1)
            how = f"exited with status {status}" if status >= 0 else f"was killed by signal {-status}"
        except subprocess.TimeoutExpired:
            how = "closed its output"
        time.sleep(0.05)  # let the stderr reader catch the last words
        last = next((line for line in reversed(list(self._stderr)) if line and line.strip()), "")
        return f"{self.name} {how} {when}" + (f" (its stderr: {last.strip()[:120]})" if last else "")

    @staticmethod
    def _pump(stream, put: Callable[[Optional[str]], None]) -> None:
        try:
            for line in stream:
                put(line)
        except (OSError, ValueError):
            pass
        finally:
            try:
                stream.close()  # at EOF the pipe is done with: no file left for the GC to find
            except (OSError, ValueError):
                pass
        put(None)
