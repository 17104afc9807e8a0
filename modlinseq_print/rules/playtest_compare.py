"""Two playtests compared: what changes from design A to design B, each difference with its 95% interval.

The figures compared are taken game by game: the first player's share of the win (1, a share of a tie, or 0)
and lead in points over the other players' average, the game's length in turns, the spread of its final
scores (highest minus lowest) and the points a player scores. When both sides deal from the same stock (the
same tiles, players and hands, so game k is dealt alike on both sides), the games are compared in pairs, deal
by deal, which removes the luck of the deal from the difference; otherwise the two sets of games are compared
as independent samples (Welch's t).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from modlinseq_print.rules.intervals import Interval, paired_interval, welch_interval
from modlinseq_print.rules.playtest import GameSummary


def first_seat_win(game: GameSummary) -> float:
    """The first player's share of the win: 1, 1/k of a k-way tie, or 0."""
    best = max(game.scores)
    return 1 / game.scores.count(best) if game.scores[0] == best else 0.0


def first_seat_lead(game: GameSummary) -> float:
    """The first player's score minus the other players' average."""
    return game.scores[0] - statistics.fmean(game.scores[1:])


def score_spread(game: GameSummary) -> float:
    """The highest final score minus the lowest."""
    return max(game.scores) - min(game.scores)


def points_per_player(game: GameSummary) -> float:
    """The players' average final score."""
    return statistics.fmean(game.scores)


@dataclass(frozen=True)
class Figure:
    """One figure compared: its JSON key, its words in the table, whether it is a share (shown in per cent),
    whether it needs two players or more, and how it is read off a game."""

    key: str
    words: str
    share: bool
    needs_opponents: bool
    of: Callable[[GameSummary], float]


FIGURES = (
    Figure("first_player_wins", "first player's share of wins", True, True, first_seat_win),
    Figure("first_player_lead", "first player's lead (points)", False, True, first_seat_lead),
    Figure("turns", "turns per game", False, False, lambda game: float(game.turns)),
    Figure("score_spread", "score spread (highest - lowest)", False, True, score_spread),
    Figure("points", "points per player", False, False, points_per_player),
)


def same_deals(tiles_a: Sequence[int | None], tiles_b: Sequence[int | None], seats_a: int, seats_b: int,
               hand_a: int, hand_b: int) -> bool:
    """True when game k is dealt alike on both sides: the same stock in the same order (so the same shuffle of
    it for the same `seed`), the same number of players and the same hand size."""
    return list(tiles_a) == list(tiles_b) and seats_a == seats_b and hand_a == hand_b


@dataclass(frozen=True)
class Comparison:
    """The figures of two playtests side by side: paired by deal or not, each figure's interval."""

    games: int
    paired: bool
    figures: tuple[tuple[Figure, Interval], ...]


def compare(a: Sequence[GameSummary], b: Sequence[GameSummary], paired: bool) -> Comparison:
    """Each figure's difference (B minus A) with its 95% interval; `paired`: game k of A and of B were dealt
    alike (then the games must be as many on both sides). A share's interval is kept within -100% and +100%."""
    seats = min(len(a[0].scores), len(b[0].scores))
    rows = []
    for figure in FIGURES:
        if figure.needs_opponents and seats < 2:
            continue
        xs, ys = [figure.of(g) for g in a], [figure.of(g) for g in b]
        interval = paired_interval(xs, ys) if paired else welch_interval(xs, ys)
        if figure.share:  # two shares differ by -100% to +100%, whatever a few games' spread suggests
            interval = replace(interval, low=max(interval.low, -1.0), high=min(interval.high, 1.0))
        rows.append((figure, interval))
    return Comparison(len(a), paired, tuple(rows))


@dataclass(frozen=True)
class LevelMargin:
    """Two computer players compared over the same deals played twice, seats swapped: the lower's and the
    higher's mean points a game and the higher's margin with its paired interval (B is the higher), and the
    higher's share of the games won (a tie counts half)."""

    deals: int
    margin: Interval
    wins: float


def level_margin(lower_first: Sequence[GameSummary], higher_first: Sequence[GameSummary]) -> LevelMargin:
    """The higher level's margin over the lower: game k of `lower_first` (lower in seat 1, higher in seat 2) and
    of `higher_first` (seats swapped) are one deal; each deal's figure is the mean over its two games, so a
    seat's advantage and the luck of the deal cancel, and the interval is paired by deal."""
    if len(lower_first) != len(higher_first) or not lower_first:
        raise ValueError("a level margin needs the same deals played with the seats both ways, at least one")
    lower = [(a.scores[0] + b.scores[1]) / 2 for a, b in zip(lower_first, higher_first)]
    higher = [(a.scores[1] + b.scores[0]) / 2 for a, b in zip(lower_first, higher_first)]
    wins = sum(_share(game.scores, seat) for games, seat in ((lower_first, 1), (higher_first, 0)) for game in games)
    return LevelMargin(len(lower), paired_interval(lower, higher), wins / (2 * len(lower)))


def _share(scores: tuple[int, ...], seat: int) -> float:
    """A seat's share of a game's win: 1, 1/k of a k-way tie, or 0."""
    best = max(scores)
    return 1 / scores.count(best) if scores[seat] == best else 0.0
