"""Computer players by level, from the one that thinks least (LEVELS, the one list every front end offers):
`beginner` plays the best of a few turns it spots at random; `greedy` takes a highest-scoring turn; `careful`
also weighs what a turn leaves the next player; `strong` (rules/strong_player.py) looks ahead as careful does, on
many more guesses of the unseen tiles (the same guesses for every turn), counts a wild tile kept as nothing, and
plays the game's end out once the stock is empty, within a work budget counted in turn searches.

A beginner picks SPOTTED of the legal turns at random (the same turn may come twice) and plays the one scoring
most: it never misses a turn its sample holds, but it sees only part of the hand's chances, as a person new to
the game does.

A sequence of n tiles is worth (n-1)(n-2)/2 to whoever extends it, so a long line left open is a gift to the
next player. `careful` looks one turn ahead. It weighs the CONSIDERED turns scoring most (a wild tile spent
counting WILD points less): it plays each on a copy of the board and finds the best reply there of REPLIES
hands dealt at random from the tiles it cannot see (the stock and the other hands; as many tiles as the next
player holds; the same hands for every turn it weighs). A turn is worth its points, less the replies' mean
best points (CAUTION of them), less WILD for each wild tile it spends (a wild tile spent on a small turn is
lost to a big one). The replies come from the search for the best turns only, so a careful turn takes a few
dozen quick searches, fewer when the first replies to a turn already put it below the best (`worths`).

Both break ties by a seeded choice, and `careful` deals its hands from the same seeded generator, so a game
is the same whenever its shuffles are seeded alike (bench/bench_play.py reports careful's margin over greedy).
"""

from __future__ import annotations

import math
import random

from dataclasses import dataclass

from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Hand, Move, play_move
from modlinseq_print.rules.player_search import best_turns


@dataclass(frozen=True)
class Level:
    """A computer player's level: its name (as a playtest and the play page take it) and what it does, in
    player words."""

    name: str
    words: str


LEVELS = (
    Level("beginner", "looks at a few of the turns its tiles allow and plays the best of those: a fair opponent "
                      "for someone new to the game"),
    Level("greedy", "always plays a turn that scores the most points right now"),
    Level("careful", "scores well, but keeps its wild tiles for big turns and avoids leaving long lines open "
                     "for the next player"),
    Level("strong", "looks ahead as careful does, with many more guesses at the tiles it cannot see; it spends "
                    "its wild tiles freely, and once the stock is empty it plays the rest of the game out in "
                    "its head"),
)
AI_PLAYERS = tuple(level.name for level in LEVELS)
#: How many turns, picked at random among the legal ones, a beginner looks at.
SPOTTED = 3
#: How many of the turns scoring most `careful` weighs.
CONSIDERED = 6
#: How many hands `careful` deals the next player to find the replies a turn leaves.
REPLIES = 4
#: How much of the next player's mean best reply `careful` counts against a turn.
CAUTION = 1.0
#: What `careful` counts a wild tile kept in hand worth.
WILD = 10.0
#: Turns worth within this of the best are tied.
TIE = 1e-9


def choose(kind: str, game: Game, rng: random.Random) -> Move:
    """The turn a computer player of this kind plays (the game's player to move must have one)."""
    name, budget = parse_kind(kind)
    if name == "greedy":
        return rng.choice(game.best_moves())
    if name == "beginner":
        return beginner(game, rng)
    if budget is not None:  # only the strong player has one
        from modlinseq_print.rules.strong_player import strong

        return strong(game, rng, budget)
    weighed = sorted(game.moves(), key=lambda m: WILD * m.wilds - m.points)[:CONSIDERED]
    worth = worths(game, weighed, dealt_hands(game, rng))
    top = max(worth)
    return rng.choice([m for m, w in zip(weighed, worth) if w >= top - TIE])


def parse_kind(kind: str) -> tuple[str, int | None]:
    """A computer player's level and, for `strong`, its work budget: "strong:400" is 400 turn searches a turn
    ("strong" alone the default); anything else is refused in one line."""
    from modlinseq_print.rules.strong_player import BUDGET, MAX_BUDGET

    name, colon, given = kind.partition(":")
    if name not in AI_PLAYERS or (colon and name != "strong"):
        raise RulesError(f"unknown computer player {kind!r}: use {', '.join(AI_PLAYERS[:-1])} or {AI_PLAYERS[-1]}")
    if not colon:
        return name, BUDGET if name == "strong" else None
    if not given.isdigit() or not 1 <= int(given) <= MAX_BUDGET:
        raise RulesError(f"{kind!r}: a strong player's thinking is a whole number of searches a turn, "
                         f"1 to {MAX_BUDGET:,} (e.g. strong:400)")
    return name, int(given)


def beginner(game: Game, rng: random.Random) -> Move:
    """A beginner's turn: the best of SPOTTED legal turns picked at random (ties: the first picked)."""
    moves = game.moves()
    return max((rng.choice(moves) for _ in range(SPOTTED)), key=lambda m: m.points)


def worths(game: Game, weighed: list[Move], hands: list[Hand]) -> list[float]:
    """What each weighed turn (its own worth, points less wild tiles, never rising) is worth to `careful`.

    A reply scores 0 or more, so a turn is worth at most its own worth: once that is below the best found so
    far, neither it nor any turn after it can be picked, and it is not searched (worth -inf). A turn whose
    first replies already put it below the best stops there, worth less than the best."""
    worth: list[float] = []
    top = -math.inf
    for move in weighed:
        own = move.points - WILD * move.wilds
        if own < top - TIE:
            worth.append(-math.inf)
            continue
        value = own - CAUTION * best_reply(game, move, hands, (own - top + TIE) / CAUTION if CAUTION else math.inf)
        worth.append(value)
        top = max(top, value)
    return worth


def dealt_hands(game: Game, rng: random.Random) -> list[Hand]:
    """REPLIES hands for the next player, dealt from the tiles the player to move cannot see."""
    seat = game.following()
    pool = list(game.unseen(game.current).elements())
    size = 0 if seat is None else min(game.hands[seat].size, len(pool))
    hands = []
    for _ in range(REPLIES if size else 0):
        drawn = rng.sample(pool, size)
        hands.append(Hand.of(drawn))
    return hands


def best_reply(game: Game, move: Move, hands: list[Hand], enough: float = math.inf) -> float:
    """The mean points of the best turn each hand could play once `move` is played (0 without hands). Once the
    replies found put the mean above `enough` whatever the others score, it stops: the mean so far counting the
    others as 0, which is above `enough` and at most the whole mean."""
    if not hands:
        return 0.0
    after = play_move(game.position, move)
    variant = game.variant
    total = 0
    for hand in hands:
        found = best_turns(after, hand, variant)
        total += found[0].points if found else 0
        if total / len(hands) > enough:
            break
    return total / len(hands)
