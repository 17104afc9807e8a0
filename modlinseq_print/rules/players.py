"""Computer players: `greedy` takes a highest-scoring turn; `careful` also weighs what a turn leaves the next
player.

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

from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Hand, Move, best_turns, play_move

AI_PLAYERS = ("greedy", "careful")
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
    if kind == "greedy":
        return rng.choice(game.best_moves())
    weighed = sorted(game.moves(), key=lambda m: WILD * m.wilds - m.points)[:CONSIDERED]
    worth = worths(game, weighed, dealt_hands(game, rng))
    top = max(worth)
    return rng.choice([m for m, w in zip(weighed, worth) if w >= top - TIE])


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
        hands.append(Hand(tuple(sorted(v for v in drawn if v is not None)), drawn.count(None)))
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
        found = best_turns(after, hand, variant.pattern, variant.hash_swap)
        total += found[0].points if found else 0
        if total / len(hands) > enough:
            break
    return total / len(hands)
