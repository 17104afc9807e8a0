"""Game records of the Convoluted Coprimality Game: parse one, replay it under the rules, report the state."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from modlinseq_print.errors import AddressError
from modlinseq_print.games.coprimality import (CoprimalityError, Grid, check_size, conflicts, legal_squares,
                                               placement_error, turn_of)
from modlinseq_print.geometry.addresses import square_address_of, square_cell_of
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import excerpt, parse_int

_TURN_LINE = re.compile(r"^(\S+)\s+([^\s:]+)\s*:(.*)$")


@dataclass(frozen=True)
class TurnLine:
    """One line of a record: turn k, the player, and the squares of that player's numbers in order."""

    line: int
    turn: int
    player: str
    squares: tuple[Cell, ...]


@dataclass(frozen=True)
class GameRecord:
    """A parsed record: grid size, players in their order of play, and the turn lines."""

    size: int
    players: tuple[str, ...]
    turns: tuple[TurnLine, ...]


def _fail(line: int, message: str) -> CoprimalityError:
    return CoprimalityError(f"game record line {line}: {message}")


def _parse_header(number: int, words: list[str], header: dict) -> None:
    keyword = words[0].lower()
    if keyword in header:
        raise _fail(number, f"'{keyword}' is given twice; give it once at the top")
    if keyword == "size":
        if len(words) != 2 or not re.fullmatch(r"[0-9]+", words[1]):
            raise _fail(number, "write the grid size as 'size N', e.g. 'size 12'")
        try:
            header["size"] = check_size(parse_int(words[1], "the grid size", CoprimalityError))
        except CoprimalityError as error:
            raise _fail(number, str(error)) from None
    else:
        names = words[1:]
        if len(names) < 2 or len(set(names)) != len(names):
            raise _fail(number, "list two or more different player names in order, e.g. 'players Ann Bob'")
        header["players"] = tuple(names)


def _parse_turn(number: int, text: str, players: tuple[str, ...]) -> TurnLine:
    match = _TURN_LINE.match(text)
    if not match:
        raise _fail(number, f"expected 'K PLAYER: SQUARE ...' (e.g. '1 Ann: a1 b1'), found {excerpt(text)}")
    turn, player, squares = match.group(1), match.group(2), match.group(3).split()
    if not re.fullmatch(r"[0-9]{1,18}", turn) or int(turn) < 1:
        raise _fail(number, f"the turn number {excerpt(turn)} must be a whole number from 1")
    if player not in players:
        raise _fail(number, f"unknown player {excerpt(player)}: the players are {', '.join(players)}")
    if not squares:
        raise _fail(number, "give the squares of the numbers placed, e.g. '1 Ann: a1 b1'")
    try:
        cells = tuple(square_cell_of(square) for square in squares)
    except AddressError as error:
        raise _fail(number, str(error)) from None
    return TurnLine(number, int(turn), player, cells)


def parse_record(text: str) -> GameRecord:
    """Parse a record: 'size N', 'players A B ...', then lines 'K PLAYER: SQUARE ...'; '#' starts a comment."""
    header: dict = {}
    turns: list[TurnLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0].lower() in ("size", "players") and ":" not in line:
            if turns:
                raise _fail(number, f"'{words[0]}' must come before the first turn")
            _parse_header(number, words, header)
            continue
        if "players" not in header or "size" not in header:
            raise _fail(number, "start the record with 'size N' and 'players A B ...' lines")
        turns.append(_parse_turn(number, line, header["players"]))
    if "players" not in header or "size" not in header:
        raise CoprimalityError("game record: give 'size N' and 'players A B ...' lines, then one line per turn")
    return GameRecord(header["size"], header["players"], tuple(turns))


@dataclass(frozen=True)
class Event:
    """Something that changed the game: an elimination, a restart on a new grid, or the win."""

    kind: str  # eliminated | restart | win
    line: int
    player: str | None
    number: int
    detail: str

    def as_json(self) -> dict:
        """The event as a JSON object."""
        return {"kind": self.kind, "line": self.line, "player": self.player, "number": self.number,
                "detail": self.detail}


@dataclass
class GameState:
    """The replayed game: the current grid and turn, who is left, what happened, and the first rule broken."""

    size: int
    players: tuple[str, ...]
    alive: list[str]
    grid: Grid
    grid_count: int = 1
    turn: int = 1
    turn_last: int = 2
    to_move: str = ""
    events: list[Event] = field(default_factory=list)
    winner: str | None = None
    violation: str | None = None

    def next_after(self, player: str) -> str:
        """The next player still in the game after `player` in the order of play."""
        start = self.players.index(player)
        for step in range(1, len(self.players) + 1):
            candidate = self.players[(start + step) % len(self.players)]
            if candidate in self.alive:
                return candidate
        raise AssertionError("no player left")

    def new_grid(self) -> None:
        """Start again on an empty grid: j = 1, k = 1, the first remaining player in the order to move."""
        self.grid = Grid(self.size)
        self.turn, self.turn_last = 1, 2
        self.to_move = next(p for p in self.players if p in self.alive)

    def legal_next(self) -> list[str]:
        """The squares where the next number may go."""
        return [square_address_of(c) for c in legal_squares(self.grid, self.grid.next_number())]


def _eliminate(state: GameState, line: TurnLine, number: int, cell: Cell, bad: list) -> str:
    """Take the player to move out of the game; declare the winner when one player is left."""
    player = state.to_move
    shared = ", ".join(f"{n} in {square_address_of(c)}" for c, n in bad)
    state.alive.remove(player)
    state.events.append(Event("eliminated", line.line, player, number,
                              f"{player} placed {number} in {square_address_of(cell)} next to {shared} "
                              f"(not coprime): {player} is eliminated"))
    if len(state.alive) == 1:
        state.winner = state.alive[0]
        state.events.append(Event("win", line.line, state.winner, number, f"{state.winner} is the last player left"))
        return "the game is over"
    return f"{player} was eliminated at {number}"


def _place(state: GameState, line: TurnLine, cell: Cell) -> str | None:
    """Place the next number for the player to move; return why the turn line ends here, if it does."""
    number = state.grid.next_number()
    error = placement_error(state.grid, number, cell)
    if error:
        state.violation = f"line {line.line}: {number} cannot go in {square_address_of(cell)}: {error}"
        return None
    state.grid.place(number, cell)
    player, reason = state.to_move, None
    bad = conflicts(state.grid, number, cell)
    if bad:
        reason = _eliminate(state, line, number, cell, bad)
        if state.winner:
            return reason
    if number == state.turn_last:
        reason = reason or f"turn {state.turn} ends at {number}"
        state.turn, state.turn_last = state.turn + 1, turn_of(number + 1)[2]
    if reason:
        state.to_move = state.next_after(player)
    if state.grid.is_full() or not legal_squares(state.grid, number + 1):
        reason = "the grid is full" if state.grid.is_full() else f"{number + 1} has no square left"
        state.events.append(Event("restart", line.line, None, number, f"{reason}: a new grid starts at 1"))
        state.grid_count += 1
        state.new_grid()
    return reason


def replay(record: GameRecord) -> GameState:
    """Replay a record under the rules; stops at the first line that breaks one (state.violation)."""
    state = GameState(record.size, record.players, list(record.players), Grid(record.size))
    state.new_grid()
    for index, line in enumerate(record.turns):
        if state.winner:
            state.violation = f"line {line.line}: the game was over: {state.winner} had won"
            break
        if (line.turn, line.player) != (state.turn, state.to_move):
            state.violation = (f"line {line.line}: expected turn {state.turn} by {state.to_move} (numbers "
                               f"{state.grid.next_number()} to {state.turn_last}), "
                               f"found turn {line.turn} by {line.player}")
            break
        reason = None
        for _position, cell in enumerate(line.squares):
            if reason:
                state.violation = (f"line {line.line}: {reason}; {square_address_of(cell)} and the squares after "
                                   "it belong on a new line")
                return state
            reason = _place(state, line, cell)
            if state.violation:
                return state
        if reason is None and index + 1 < len(record.turns):
            state.violation = (f"line {line.line}: turn {state.turn} by {line.player} stops at "
                               f"{state.grid.next_number() - 1} but runs to {state.turn_last}")
            break
    return state
