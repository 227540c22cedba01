"""PGN reading and writing with python-chess's ``chess.pgn`` API, and game databases read into
NumPy arrays (:func:`read_games`, :func:`iter_games`).

Everything here is chessbits' own and needs no python-chess: :func:`read_game` reads in C; the
game tree (:class:`Game`, :class:`ChildNode`, :class:`Headers`) is C-level, its boards and SAN
made in C, its comment annotations (clocks, evals, arrows) found in C; the exporters write their
text in C unless a subclass overrides how they write. The visitors are the plain Python classes
python-chess's are, to subclass as python-chess's users do.

>>> import io
>>> game = read_game(io.StringIO("1. e4 { [%clk 0:03:00] } e5 2. Nf3 *"))
>>> game.next().clock(), game.end().board().fen()
(180.0, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')
>>> print(game.accept(StringExporter(headers=False, comments=False)))
1. e4 e5 2. Nf3 *
"""
from __future__ import annotations

import abc
import dataclasses
import enum
import logging
import re
from typing import Any, Generic, List, Literal, Optional, TypeVar

from . import _core
from ._core import PGN_ROSTER as _ROSTER
from ._core import ChildNode, Game, GameNode, Headers, Mainline
from ._pgnarrays import GameArrays, TruncatedError, iter_games, read_games

__all__ = [
    "GameNode", "ChildNode", "Game", "Headers", "Mainline", "BaseVisitor", "GameBuilder",
    "HeadersBuilder", "BoardBuilder", "SkipVisitor", "StringExporterMixin", "StringExporter",
    "FileExporter", "SkipType", "SKIP", "TimeControl", "TimeControlPart", "TimeControlType",
    "read_game", "read_headers", "skip_game", "parse_time_control", "read_games", "iter_games",
    "read_games_dask", "GameArrays", "TruncatedError", "TAG_ROSTER", "LOGGER",
    "TAG_REGEX", "TAG_NAME_REGEX", "MOVETEXT_REGEX", "SKIP_MOVETEXT_REGEX", "CLOCK_REGEX",
    "EMT_REGEX", "EVAL_REGEX", "ARROWS_REGEX",
]

# python-chess's logger name, so that logging set up for python-chess applies
LOGGER = logging.getLogger("chess.pgn")

# Numeric Annotation Glyphs (https://en.wikipedia.org/wiki/Numeric_Annotation_Glyphs)
NAG_NULL = 0
NAG_GOOD_MOVE = 1                     # !
NAG_MISTAKE = 2                       # ?
NAG_BRILLIANT_MOVE = 3                # !!
NAG_BLUNDER = 4                       # ??
NAG_SPECULATIVE_MOVE = 5              # !?
NAG_DUBIOUS_MOVE = 6                  # ?!
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# The syntax python-chess reads, as its module publishes it. The reader itself is C
# (ext/pgn.c); the annotation patterns are what ext/pgn_annot.c matches by hand in ASCII
# comments, and the setters' and other comments' matching.
_TAG_NAME = r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*"
TAG_REGEX = re.compile(r"^\[(" + _TAG_NAME + r")\s+\"([^\r]*)\"\]\s*$")
TAG_NAME_REGEX = re.compile("^" + _TAG_NAME + r"\Z")
MOVETEXT_REGEX = re.compile(r"""
    (  [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?   # SAN
     | [PNBRQK]?@[a-h][1-8]                                       # a drop
     | -- | Z0 | 0000 | @@@@                                       # null moves
     | O-O(?:-O)? | 0-0(?:-0)?                                    # castling
    )
    | (\{.*)                       # a comment to its end
    | (;.*)                        # a rest-of-line comment
    | (\$[0-9]+)                   # a NAG
    | (\() | (\))                  # a variation opens, closes
    | (\*|1-0|0-1|1/2-1/2)         # a result
    | ([\?!]{1,2})                 # a suffix annotation
    """, re.DOTALL | re.VERBOSE)
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")
_HMS = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _HMS + r"\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _HMS + r"\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(r"""
    (?P<prefix>\s?) \[%eval\s
    (?: \#(?P<mate>[+-]?\d+)                              # mate in N (plies, signed)
      | (?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?))    # pawns
    )
    (?: ,(?P<depth>\d+) )?                                 # search depth
    \] (?P<suffix>\s?)
    """, re.VERBOSE)
_ARROW = r"[RGYB][a-h][1-8](?:[a-h][1-8])?"
ARROWS_REGEX = re.compile(r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>" + _ARROW + r"(?:," + _ARROW +
                          r")*)\](?P<suffix>\s?)")


def _condense_affix(infix: str) -> Any:
    """The replacement of an annotation by infix (python-chess's): the whitespace around it kept
    once; when infix is empty, a space before it keeps the one after, else both go."""
    def replace(match: Any) -> str:
        if infix:
            return match.group("prefix") + infix + match.group("suffix")
        return match.group("prefix") and match.group("suffix")
    return replace


TAG_ROSTER = list(_ROSTER)

GameT = TypeVar("GameT", bound=Game)
HeadersT = TypeVar("HeadersT", bound=Headers)
ResultT = TypeVar("ResultT", covariant=True)
MainlineMapT = TypeVar("MainlineMapT")


class SkipType(enum.Enum):
    """What a visitor returns to skip a game, its moves or a variation."""
    SKIP = None


SKIP = SkipType.SKIP


class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a time control: moves to make (0: the rest of the game) in time seconds,
    with an increment or a delay per move."""
    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A PGN TimeControl tag read by :func:`parse_time_control` (the PGN standard, section
    9.6; hourglass controls not read), with its FIDE class (bullet below 3 minutes)."""
    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def parse_time_control(time_control: str) -> TimeControl:
    """The TimeControl of a tag's value; ValueError for a sudden death before the last part.

    >>> parse_time_control("40/5400+30:1800+30").type
    <TimeControlType.STANDARD: 2>
    """
    tc = TimeControl()
    if not time_control or time_control.startswith("?"):
        return tc
    if time_control.startswith("-"):
        tc.type = TimeControlType.UNLIMITED
        return tc
    for text in time_control.split(":"):
        part = TimeControlPart()
        period, *bonus = text.split("+")
        if bonus:
            if bonus[0].lower().endswith("d"):
                part.delay = float(bonus[0][:-1])
            else:
                part.increment = float(bonus[0])
        moves, *seconds = period.split("/")
        part.moves, part.time = (int(moves), int(seconds[0])) if seconds else (0, int(moves))
        tc.parts.append(part)
    if any(part.moves == 0 for part in tc.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    # FIDE's classes by the time for 60 moves (bullet added below blitz)
    budget = tc.parts[0].time + 60 * tc.parts[0].increment
    tc.type = (TimeControlType.BULLET if budget < 3 * 60 else TimeControlType.BLITZ if budget < 15 * 60
               else TimeControlType.RAPID if budget < 60 * 60 else TimeControlType.STANDARD)
    return tc


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """The base of visitors: :meth:`Game.accept` and :func:`read_game` call these methods in
    PGN order; each does nothing here but :meth:`result`, which subclasses define."""

    def begin_game(self) -> Optional[SkipType]:
        """A game starts (return SKIP to skip it)."""

    def begin_headers(self) -> Optional[Headers]:
        """Its headers start (a reader adds them to the Headers returned, if any)."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag pair."""

    def end_headers(self) -> Optional[SkipType]:
        """The headers end (return SKIP to skip the moves)."""

    def begin_parse_san(self, board: Any, san: str) -> Optional[SkipType]:
        """A reader is about to read a move's SAN (return SKIP to leave it out)."""

    def parse_san(self, board: Any, san: str) -> Any:
        """A reader reads a move's SAN (deprecated in python-chess 1.1: only moves the reader
        recognises reach it)."""
        return board.parse_san(san)

    def visit_move(self, board: Any, move: Any) -> None:
        """A move, with the board before it (restore the board before returning)."""

    def visit_board(self, board: Any) -> None:
        """The starting position, then the position after each move (restore it too)."""

    def visit_comment(self, comment: str) -> None:
        """A comment."""

    def visit_nag(self, nag: int) -> None:
        """A NAG."""

    def begin_variation(self) -> Optional[SkipType]:
        """A variation starts (not the main line; return SKIP to skip it)."""

    def end_variation(self) -> None:
        """A variation ends."""

    def visit_result(self, result: str) -> None:
        """The game's result (the Result header's, when visiting a game)."""

    def end_game(self) -> None:
        """The game ends."""

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visit made."""

    def handle_error(self, error: Exception) -> None:
        """An error met reading (an illegal move...): raised here; builders record it."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a Game (the visitor :func:`read_game` uses by default); ``Game=`` a subclass
    to build those."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        if _core._api_next():  # python-chess's next release: comments as lists
            self.starting_comments: List[str] = []
        else:
            self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: Any) -> None:
        node = self.variation_stack[-1]
        own = self.in_variation or (node.parent is None and node.is_end())
        if _core._api_next():  # a str or a list of them, empty ones dropped
            comments = _core._comment_list(comment)
            if own:
                node.comments = list(filter(None, [*node.comments, *comments]))
            else:
                self.starting_comments = list(filter(None, [*self.starting_comments, *comments]))
        elif own:  # after a move, or before the game's first move: the node's own comment
            node.comment = " ".join(filter(None, [node.comment, comment]))
        else:  # before a variation's first move
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Any, move: Any) -> None:
        self.variation_stack[-1] = self.variation_stack[-1].add_variation(move)
        if _core._api_next():
            self.variation_stack[-1].starting_comments = self.starting_comments
            self.starting_comments = []
        else:
            self.variation_stack[-1].starting_comment = self.starting_comment
            self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error to the ``chess.pgn`` logger and adds it to :data:`Game.errors`
        (override to handle errors otherwise)."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Reads a game's headers only (the visitor of :func:`read_headers`)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Any]):
    """The final position of the main line, its moves on the stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Any) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Any:
        return self.board


class SkipVisitor(BaseVisitor[Literal[True]]):
    """Skips a game (the visitor of :func:`skip_game`)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Literal[True]:
        return True


class StringExporterMixin:
    """PGN text written token by token into lines of at most ``columns`` characters (None:
    one line of movetext); ``headers``, ``comments`` (with NAGs), ``variations`` to leave out.
    Unless a subclass overrides one of these methods, a game's text is written in C."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True,
                 variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f"[{tagname} \"{tagvalue}\"]")

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment: Any) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            if _core._api_next():  # python-chess's next release: { a } { b }, braces dropped
                self.write_token(_core._comment_token(comment))
            else:
                self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("$" + str(nag) + " ")

    def visit_move(self, board: Any, move: Any) -> None:
        if self.variations or not self.variation_depth:
            if board.turn:
                self.write_token(str(board.fullmove_number) + ". ")
            elif self.force_movenumber:
                self.write_token(str(board.fullmove_number) + "... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Exports games as PGN text, the visitor's result (no newline at its end).

    >>> game = Game()
    >>> game.add_line([_core.Move.from_uci("e2e4")], comment="best by test").parent is game
    True
    >>> game.accept(StringExporter(headers=False))
    '1. e4 { best by test } *'
    """

    def result(self) -> str:
        if self.current_line:
            return "\n".join([*self.lines, self.current_line.rstrip()]).rstrip()
        return "\n".join(self.lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Exports games as PGN text into a file opened in text mode, each game followed by an
    empty line; the visitor's result is the number of characters written for the game."""

    def __init__(self, handle: Any, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self) -> None:
        self.written: int = 0
        super().begin_game()  # type: ignore[misc]

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


def read_game(handle: Any, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game from a file opened in text mode (a BOM and leading comments
    skipped; a game ends at an empty line) into a Game, or what ``Visitor()``'s result is;
    None at the end of the file. Errors (illegal moves...) go to ``game.errors`` and the
    ``chess.pgn`` log, as python-chess's.

    >>> import io
    >>> game = read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
    >>> game.end().board().fen()
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
    """
    return _core._pgn_read_game(handle, Visitor)


def read_headers(handle: Any) -> Optional[Headers]:
    """Reads the next game's headers and skips its moves; None at the end of the file.

    >>> import io
    >>> read_headers(io.StringIO('[White "Carlsen"]\\n\\n1. e4 *'))["White"]
    'Carlsen'
    """
    return _core._pgn_read_game(handle, HeadersBuilder)


def skip_game(handle: Any) -> bool:
    """Skips the next game; True if there was one."""
    return bool(read_game(handle, Visitor=SkipVisitor))


def read_games_dask(sources: Any, client: Any, **kwargs: Any) -> Any:
    """:func:`read_games` over many files or Parquet partitions as Dask tasks, one per source
    (the ``chessbits[dask]`` extra): see :func:`chessbits.pgn_dask.read_games_dask`."""
    from .pgn_dask import read_games_dask as run
    return run(sources, client, **kwargs)


def _arrow() -> Any:
    from .svg import Arrow
    return Arrow


def _find_variant(name: str) -> Any:
    from .variant import find_variant
    return find_variant(name)


_core._pgn_register(SKIP=SKIP, StringExporter=StringExporter, FileExporter=FileExporter,
                    GameBuilder=GameBuilder, HeadersBuilder=HeadersBuilder, SkipVisitor=SkipVisitor,
                    CLOCK_REGEX=CLOCK_REGEX, EMT_REGEX=EMT_REGEX, EVAL_REGEX=EVAL_REGEX,
                    ARROWS_REGEX=ARROWS_REGEX, TAG_NAME_REGEX=TAG_NAME_REGEX, condense=_condense_affix,
                    Arrow=_arrow, find_variant=_find_variant)
