"""A game review: each turn of a transcript beside the best turn the player's hand allowed, and what that tells.

For every turn: what it scored and, when the player's hand is known (a hands file: `parse_hands`), the best
turn that hand allowed on the position before it (the `best_turns` search, as `moves` lists them), and the
points left (best less scored). Known or not, each turn also tells the cells it blocked (no tile can ever go
there) and the lines it left open: sequences it formed or extended with a free end the next player may extend.
The summary gives each player's points, best available and accuracy (scored / best), and the turning points:
the turns that left the most points. A game played on the studio's play page also records the hints each
turn's player asked for (a nudge, or the best turn itself), and the review shows them.

The hands file holds one line per turn of the transcript, in order: the hand held before the turn, tiles as
a hand is written for the turn search ('3,5,5,8,11,#,0'), optionally after the player's name and a colon ('Ann: 3,5,#');
'-' for a turn whose hand is not known. Blank lines and `//` comments are skipped.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.moves import Hand, Move, best_turns, parse_hand
from modlinseq_print.rules.position import Position, Tile, analyse
from modlinseq_print.rules.sequences import points as sequence_points
from modlinseq_print.rules.transcript import Turn
from modlinseq_print.rules.turns import TurnResult, play_turn

TURNING_POINTS = 3  # the turns that left the most points, listed in the summary
NUDGE, BEST_SHOWN = 1, 2  # the hints a turn's player asked for: a nudge, then the best turn itself
_NAMED = re.compile(r"^\s*([^\s:,#0-9-][^:,#]*?)\s*:(.*)$")


def parse_hands(text: str, m: int) -> list[tuple[str | None, Hand | None]]:
    """The hands of a hands file, one per turn: (player named or None, hand or None for '-')."""
    hands: list[tuple[str | None, Hand | None]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("//", 1)[0].strip()
        if not line:
            continue
        match = _NAMED.match(line)
        name, body = (match.group(1).strip(), match.group(2).strip()) if match else (None, line)
        if body == "-":
            hands.append((name, None))
            continue
        try:
            hands.append((name, parse_hand(body, m)))
        except RulesError as error:
            raise RulesError(f"hands file, line {number}: {error}") from None
    if not hands:
        raise RulesError("the hands file holds no hand: write one line per turn, like 3,5,5,8,11,#,0")
    return hands


@dataclass(frozen=True)
class OpenLine:
    """A sequence a turn formed or extended that the next player may extend: its tiles, the free cells at its
    ends, and what one more tile on it would score."""

    tiles: int
    ends: tuple[Cell, ...]
    worth: int


@dataclass(frozen=True)
class TurnReview:
    """One turn reviewed: who, the turn as written, its points and cells; with the hand known, the best turn it
    allowed (points, notation and tiles); the cells it blocked and the lines it left open."""

    number: int
    player: str
    played: str
    points: int
    placed: tuple[Cell, ...]
    before: Position
    after: Position
    hand: Hand | None
    best: int | None
    best_turn: str | None
    best_tiles: tuple[tuple[Cell, Tile], ...]
    blocked_made: tuple[Cell, ...]
    open_lines: tuple[OpenLine, ...]
    hint: int = 0  # the hints asked for on this turn: 0 none, NUDGE, BEST_SHOWN

    @property
    def left(self) -> int | None:
        """Points left on the table: the best turn's less this turn's (None when the hand is not known)."""
        return None if self.best is None else self.best - self.points


@dataclass(frozen=True)
class PlayerReview:
    """A player's game: turns, points, and over the turns whose hands are known, the best available."""

    name: str
    turns: int
    points: int
    known: int  # turns whose hand is known
    scored_known: int  # points scored on those turns
    best: int  # the best available on those turns
    hints: int = 0  # turns on which the player asked for a hint

    @property
    def accuracy(self) -> float | None:
        """Points scored / best available over the turns whose hands are known (None without any, or when
        no turn could score)."""
        return self.scored_known / self.best if self.known and self.best else None


@dataclass(frozen=True)
class GameReview:
    """A reviewed game: its turns, its players in order of first turn, and the turning points."""

    start: Position
    turns: tuple[TurnReview, ...]
    players: tuple[PlayerReview, ...]
    turning_points: tuple[int, ...]  # turn numbers, most points left first
    hints_recorded: bool = False  # whether the game recorded the hints asked for (a game of the play page)

    @property
    def hands_known(self) -> int:
        """How many turns have a known hand."""
        return sum(1 for t in self.turns if t.hand is not None)


def _used(before: Position, after: Position, result: TurnResult) -> tuple[Counter, int]:
    """The natural tiles a turn took from the hand, and its wild tiles less those it swapped back."""
    naturals = Counter(after.tiles[c].value for c in (*result.placed, *result.swapped) if not after.tiles[c].wild)
    wilds = sum(1 for c in result.placed if after.tiles[c].wild) - len(result.swapped)
    return naturals, wilds


def _check_hand(number: int, hand: Hand, naturals: Counter, wilds: int) -> None:
    held = Counter(hand.naturals)
    missing = naturals - held
    if missing or wilds > hand.wild:
        what = f"a {min(missing)}" if missing else "a wild tile"
        raise RulesError(f"turn {number} plays {what} that its hand ({hand.text}) does not hold: check that the "
                         "hands file has one line per turn, in the transcript's order")


def end_cells(position: Position, cells: tuple[Cell, ...], steps: tuple[Cell, ...]) -> list[Cell]:
    """The cells just past both ends of a chain (those on the board)."""
    topo = position.topology
    ends = []
    for cell, arriving in ((cells[-1], steps[-1]), (cells[0], -steps[0])):
        direction = topo.leave(cell, arriving)
        nxt = None if direction is None else topo.next_cell(cell, direction)
        if nxt is not None and nxt not in ends:
            ends.append(nxt)
    return ends


def _open_lines(after: Position, result: TurnResult, blocked: set[Cell]) -> tuple[OpenLine, ...]:
    """The sequences the turn formed or extended with a free, unblocked cell past an end, where one more tile
    would score."""
    found = []
    for scored in result.sequences:
        chain = scored.report.chain
        if chain.loop:
            continue
        ends = tuple(c for c in end_cells(after, chain.cells, chain.steps)
                     if c not in after.tiles and c not in blocked)
        if ends and sequence_points(scored.report.tiles + 1):
            found.append(OpenLine(scored.report.tiles, ends, sequence_points(scored.report.tiles + 1)))
    return tuple(sorted(found, key=lambda o: (-o.worth, -o.tiles, [(c.q, c.r) for c in o.ends])))


def best_turn(position: Position, hand: Hand, pattern: str | None, hash_swap: bool) -> Move | None:
    """The best turn a hand allows on a position (the first of the turns scoring most), None for none."""
    if not hand.size:
        return None
    found = best_turns(position, hand, pattern, hash_swap)
    return found[0] if found else None


def review_game(turns: list[Turn], start: Position, hands: list[tuple[str | None, Hand | None]] | None = None,
                pattern: str | None = None, players: int = 2, hash_swap: bool = False,
                hints: dict[int, int] | None = None) -> GameReview:
    """Review a transcript's turns played from `start`; an illegal turn or hands that do not fit are refused.
    `hints`, when the game recorded them, gives the hint asked for on a turn (by turn number: NUDGE or
    BEST_SHOWN; turns not named asked for none)."""
    if hands is not None and len(hands) != len(turns):
        raise RulesError(f"the hands file gives {len(hands)} hands for {len(turns)} turns: write one line per "
                         "turn ('-' for a hand not known)")
    marks = board_pattern(start.board, pattern)
    marker = any(t.marker for t in start.tiles.values())
    position, blocked = start, set(analyse(start).blocked)
    reviewed = []
    for i, turn in enumerate(turns):
        number = i + 1
        player = turn.player or f"player {i % players + 1}"
        result, after = play_turn(position, turn, number, player, marks, hash_swap, marker)
        if not result.legal:
            raise RulesError(f"turn {number} ({excerpt(turn.text)}) is not legal: {result.reason}")
        named, hand = hands[i] if hands is not None else (None, None)
        if named is not None and turn.player is not None and named != turn.player:
            raise RulesError(f"the hands file gives turn {number}'s hand to {excerpt(named)}, but {excerpt(player)} "
                             "plays it: write one line per turn, in the transcript's order")
        best = None
        if hand is not None:
            _check_hand(number, hand, *_used(position, after, result))
            best = best_turn(position, hand, pattern, hash_swap)
        now_blocked = set(analyse(after).blocked)
        reviewed.append(TurnReview(
            number, player, turn.text, result.points, result.placed, position, after, hand,
            None if hand is None else (best.points if best else 0),
            None if best is None else best.notation(position), () if best is None else best.tiles,
            tuple(c for c in sorted(now_blocked - blocked, key=lambda c: (c.q, c.r))),
            _open_lines(after, result, now_blocked), (hints or {}).get(number, 0)))
        position, blocked = after, now_blocked
    return GameReview(start, tuple(reviewed), _players(reviewed), _turning_points(reviewed), hints is not None)


def _players(turns: list[TurnReview]) -> tuple[PlayerReview, ...]:
    names = list(dict.fromkeys(t.player for t in turns))
    found = []
    for name in names:
        own = [t for t in turns if t.player == name]
        known = [t for t in own if t.best is not None]
        found.append(PlayerReview(name, len(own), sum(t.points for t in own), len(known),
                                  sum(t.points for t in known), sum(t.best or 0 for t in known),
                                  sum(1 for t in own if t.hint)))
    return tuple(found)


def _turning_points(turns: list[TurnReview]) -> tuple[int, ...]:
    left = [t for t in turns if t.left]
    left.sort(key=lambda t: (-(t.left or 0), t.number))
    return tuple(t.number for t in left[:TURNING_POINTS])
