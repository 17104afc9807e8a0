"""How long the kit's game lasts, measured by playing it: games between computer players,
shuffled the same way each time.

For every player count the kit's stock serves (the rules sheet's table of hands, rules/setup.py: two to six
players), games of the kit's own board, modulus, tiles, wrap, pattern and modulus
marker are played by `greedy` computer players with the hand the rules sheet suggests, the stock shuffled by SHUFFLE, so
a kit always prints the same figures. A game's rounds are its turns divided among the players, rounded up;
the playing time allows SECONDS_PER_TURN for each turn.

The figures of the shipped presets' games (and of the standard kit at the larger moduli the documentation
shows) are measured once, ahead of time, by scripts/measure_game_lengths.py into data/game_lengths.toml:
MEASURED_GAMES games at each player count, enough for a 95th percentile that is not simply the longest game
(the nearest rank of 40 games is the 38th: two games may run longer). A kit reads them; any other game is not played
when its kit is built (that would take a minute): its lengths are estimated from its tiles (estimate_lengths),
and its pad and playing time say so. A test plays the first games of a measured game again and compares, and
checks that the estimate covers every measured game. Nothing is written at run time; the figures are kept for
the rest of the process, keyed by the game they measure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from modlinseq_print.kits.presets import Preset

MEASURED = Path(__file__).resolve().parent.parent / "data" / "game_lengths.toml"

GAMES = 6  # games play_lengths plays at each player count unless told otherwise (a quick replay in the tests)
MEASURED_GAMES = 40  # games played ahead of time for each player count (scripts/measure_game_lengths.py)
SHUFFLE = 1  # the number the playtest shuffles the first game's stock by
SECONDS_PER_TURN = 40  # a stated assumption: people think longer than the computer players
SHARE = 0.95  # the share of simulated games the score pad has rows for


@dataclass(frozen=True)
class KitGame:
    """What a kit's game lengths depend on: its board, modulus, tiles of each value, wild tiles, whether 0 is
    left out, wrap, pattern and modulus marker (the kit's settings, rules and tiles, without its look)."""

    board: str
    modulus: int
    copies: int
    wild: int
    no_zero: bool
    wrap: str | None = None
    pattern: str | None = None
    marker: bool = False

    @property
    def key(self) -> tuple:
        """The game as the table of games measured ahead keys it (with the shuffle; each entry says how many
        games it played)."""
        return (self.board, self.modulus, self.copies, self.wild, self.no_zero, self.wrap or "",
                self.pattern or "", self.marker, SHUFFLE)


@dataclass(frozen=True)
class GameLength:
    """The simulated games of one player count: the rounds of each game (sorted), the turns of each game."""

    players: int
    rounds: tuple[int, ...]
    turns: tuple[int, ...]
    estimated: bool = False  # figures estimated from the tiles (estimate_lengths), not games played

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.rounds)

    @property
    def rounds_p95(self) -> int:
        """The rounds that SHARE of the games ended within (the nearest-rank percentile)."""
        return self.rounds[max(0, math.ceil(SHARE * self.games) - 1)]

    def within(self, rounds: int) -> int:
        """How many of the games ended within `rounds` rounds."""
        return sum(r <= rounds for r in self.rounds)

    @property
    def minutes(self) -> tuple[int, int]:
        """The playing time of the shortest and longest game, in whole minutes (SECONDS_PER_TURN a turn)."""
        return (round(min(self.turns) * SECONDS_PER_TURN / 60), round(max(self.turns) * SECONDS_PER_TURN / 60))


def game_of(preset: Preset) -> KitGame:
    """The kit's game, as the settings its length depends on."""
    from modlinseq_print.kits.game_settings import game_settings

    s = game_settings(preset)
    return KitGame(s["board"], s["modulus"], s["copies"], s["wild"], s["no_zero"], s["wrap"] or None,
                   s["pattern"] or None, s["marker"])


def game_lengths(preset: Preset) -> list[GameLength]:
    """The simulated game lengths of the kit at each player count it serves, fewest players first."""
    return list(_measured(game_of(preset)))


@lru_cache(maxsize=32)
def _measured(game: KitGame) -> tuple[GameLength, ...]:
    known = measured_ahead().get(game.key)
    return known if known is not None else estimate_lengths(game)


#: Tiles a turn lays, the fewest and the most on average over the games measured ahead (2.1 to 3.6); an
#: estimate counts turns of FEWEST tiles for the pad's rows and the longest time, of MOST for the shortest.
FEWEST, MOST = 2.0, 3.6


def estimate_lengths(game: KitGame) -> tuple[GameLength, ...]:
    """Game lengths estimated without playing (a game not measured ahead: playing its games would take a minute):
    at each player count the stock serves, the turns it takes to lay the tiles the game can use (the stock, at
    most the board's cells) at MOST to FEWEST tiles a turn; the rounds, those turns shared among the players."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.rules.game import MAX_PLAYERS, stock_tiles
    from modlinseq_print.rules.setup import hand_sizes

    tiles = len(stock_tiles(game.modulus, game.copies, game.wild, game.no_zero))
    laid = min(tiles, len(parse_board(game.board).cells))
    turns = (max(1, math.ceil(laid / MOST)), max(1, math.ceil(laid / FEWEST)))
    return tuple(GameLength(size.players, (math.ceil(turns[1] / size.players),), turns, estimated=True)
                 for size in hand_sizes(tiles) if size.players <= MAX_PLAYERS)


@lru_cache(maxsize=1)
def measured_ahead() -> dict[tuple, tuple[GameLength, ...]]:
    """The table of games measured ahead of time (data/game_lengths.toml), by the game's `KitGame.key`."""
    import tomllib

    with open(MEASURED, "rb") as handle:
        entries = tomllib.load(handle).get("game", [])
    return {(e["board"], e["modulus"], e["copies"], e["wild"], e["no_zero"], e["wrap"], e["pattern"], e["marker"],
             e["shuffle"]):
            tuple(GameLength(players, tuple(rounds), tuple(turns))
                  for players, rounds, turns in zip(e["players"], e["rounds"], e["turns"]))
            for e in entries}


def play_lengths(game: KitGame, games: int = GAMES, jobs: int = 1) -> tuple[GameLength, ...]:
    """The game lengths found by playing `games` games (shuffled by SHUFFLE, in `jobs` processes) at each player
    count the stock serves."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.rules.game import MAX_PLAYERS, Variant, stock_tiles
    from modlinseq_print.rules.playtest import playtest
    from modlinseq_print.rules.setup import hand_sizes

    tiles = stock_tiles(game.modulus, game.copies, game.wild, game.no_zero)
    spec = parse_board(game.board)
    found = []
    for size in hand_sizes(len(tiles)):
        if size.players > MAX_PLAYERS:
            break
        variant = Variant(spec, game.modulus, game.wrap, marker=game.marker, pattern=game.pattern, hand=size.hand)
        played = playtest(variant, ("greedy",) * size.players, tiles, games, SHUFFLE, jobs)
        rounds = sorted(-(-g.turns // size.players) for g in played)
        found.append(GameLength(size.players, tuple(rounds), tuple(sorted(g.turns for g in played))))
    return tuple(found)


def pad_rounds(lengths: list[GameLength]) -> int:
    """The rounds a score pad needs: the most of every player count's 95th percentile."""
    return max((length.rounds_p95 for length in lengths), default=0)


PAD_NOTE = ("Rows for {rounds} rounds: {within} of {games} simulated games of this kit with {players} ended "
            "within {rounds} rounds.")
TIMING = ("Playing time, from {games} games of this kit played by the computer for each number of players, at "
          "{seconds} seconds a turn: {counts}.")
COUNT = "{players}: {low} to {high} minutes, up to {rounds}"
PAD_ESTIMATE = ("Rows for {rounds} rounds: enough for {players} if every turn lays only two tiles (the computer's "
                "games of the shipped kits laid two to three and a half a turn).")
TIMING_ESTIMATE = ("Playing time, estimated from the tiles a game can lay, at two to three and a half tiles and "
                   "{seconds} seconds a turn: {counts}.")


def timing_line(lengths: list[GameLength]) -> str:
    """One sentence of the kit's player counts, their playing time and rounds, and how they were measured."""
    from modlinseq_print.wording import _, plural

    counts = "; ".join(_(COUNT).format(players=plural(length.players, "player"), low=length.minutes[0],
                                       high=length.minutes[1], rounds=plural(length.rounds_p95, "round"))
                       for length in lengths)
    if any(length.estimated for length in lengths):
        return _(TIMING_ESTIMATE).format(seconds=SECONDS_PER_TURN, counts=counts)
    games = min((length.games for length in lengths), default=GAMES)
    return _(TIMING).format(games=games, seconds=SECONDS_PER_TURN, counts=counts)


def pad_note(lengths: list[GameLength]) -> list[str]:
    """The score pad's small print: how many rounds its rows hold and why, then the playing times."""
    from modlinseq_print.wording import _, plural

    if not lengths:
        return []
    rounds = pad_rounds(lengths)
    setting = next(length for length in lengths if length.rounds_p95 == rounds)
    if setting.estimated:
        return [_(PAD_ESTIMATE).format(rounds=rounds, players=plural(setting.players, "player")),
                timing_line(lengths)]
    return [_(PAD_NOTE).format(rounds=rounds, within=setting.within(rounds), games=setting.games,
                               players=plural(setting.players, "player")), timing_line(lengths)]
