"""The strong computer player: careful's look at the next player's reply, on many more guesses of the tiles it
cannot see, and the game's end played out once the stock is empty.

It weighs the WIDE turns scoring most: a wild tile spent counts nothing against a turn (careful counts it 10
points: kept to the game's end, as it often is on a small board, a wild tile scores nothing). Each guess of
the unseen tiles (a deal) gives the next player a hand (and the player the tiles it would draw); on a deal, a
turn is worth its points less the next player's best reply there (CAUTION of it), plus FOLLOW of the best turn
the player then has with the tiles it kept and drew (0 by default: that term did not make it stronger, and it
doubles the searches a deal). Every turn is judged on the same deals, so their differences are not the luck of
the deals.

The deals are spent by successive halving: each round deals BATCH more (twice as many as the round before),
judges every turn still in the running on them, and keeps the better half (by the mean over all its deals),
less any turn whose points are already below the best turn's worth so far (a reply only counts against a
turn, so it cannot catch up: careful drops such turns too), until one turn is left or the budget is spent.

With the stock empty and one other player, the tiles it cannot see are that player's hand, so every deal would
be the same: instead each of the ENDGAME_WIDE turns scoring most is played out to the game's end, both players
then playing a turn scoring most, and the turn whose play-out leaves it furthest ahead is played.

The budget counts turn searches (the list of every turn of the hand counts one, each reply, next turn and turn
of a play-out one), never time: the same game, shuffle and budget give the same turns on any machine, however
loaded. Ties go to a seeded choice.
"""

from __future__ import annotations

import math
import random

from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Hand, Move, play_move
from modlinseq_print.rules.player_search import best_turns

#: Turn searches a turn, by default, and at most.
BUDGET = 60
MAX_BUDGET = 10_000
#: How many of the turns scoring most it weighs.
WIDE = 6
#: Deals of the first round (each round deals twice as many as the one before).
BATCH = 4
#: How much of the next player's best reply counts against a turn, and of its own next turn for it.
CAUTION = 1.0
FOLLOW = 0.0
#: With the stock empty, how many of the turns scoring most it plays out to the game's end.
ENDGAME_WIDE = 8
TIE = 1e-9


class Work:
    """Turn searches counted against a budget: `left` to spend, `done` spent."""

    def __init__(self, budget: int):
        self.left, self.done = budget, 0

    def best(self, game: Game, position, hand: Hand) -> Move | None:
        """One search (counted): the first of the turns scoring most that `hand` has on `position` (an empty
        hand has none, found without a search)."""
        if not hand.size:
            return None
        self.left -= 1
        self.done += 1
        found = best_turns(position, hand, game.variant)
        return found[0] if found else None


def strong(game: Game, rng: random.Random, budget: int, work: Work | None = None) -> Move:
    """The strong player's turn, spending at most `budget` turn searches (`work`, if given, counts them)."""
    work = work or Work(budget)
    work.left = budget - 1
    work.done += 1  # the list of every turn of the hand
    if game.stock_size == 0 and len(game.names) == 2:
        return endgame(game, rng, work)
    weighed = game.moves()[:WIDE]  # most points first
    own = [float(m.points) for m in weighed]
    totals, dealt = [0.0] * len(weighed), 0
    alive = list(range(len(weighed)))
    size = BATCH
    while len(alive) > 1 and game.following() is not None:
        batch = min(size, work.left // (searches() * len(alive)))
        if batch < 1:
            break
        deals = [deal(game, rng) for _ in range(batch)]
        for i in alive:
            totals[i] += sum(judge(game, weighed[i], d, work) for d in deals)
        dealt += batch
        alive = kept(alive, own, [own[i] + totals[i] / dealt for i in range(len(own))])
        size *= 2
    worth = [own[i] + totals[i] / dealt if dealt else own[i] for i in alive]
    top = max(worth)
    return rng.choice([weighed[i] for i, w in zip(alive, worth) if w >= top - TIE])


def endgame(game: Game, rng: random.Random, work: Work) -> Move:
    """The stock empty and one other player: the tiles it cannot see are that player's hand, so each turn
    scoring most is played out to the game's end, each player then playing a turn scoring most; the turn whose
    play-out ends with it furthest ahead is played (a play-out is started only if the budget can finish it)."""
    other = Hand.of(game.unseen(game.current).elements())
    mine = game.hands[game.current]
    moves = game.moves()[:ENDGAME_WIDE]
    worth: list[float] = []
    for move in moves:
        hands = [mine.after(move), other]
        if work.left < hands[0].size + other.size + 2:  # a tile or more a turn, and a search to find each frozen
            break
        worth.append(playout(game, move, hands, work))
    if not worth:
        return rng.choice([m for m in moves if m.points == moves[0].points])
    top = max(worth)
    return rng.choice([m for m, w in zip(moves, worth) if w >= top - TIE])


def playout(game: Game, move: Move, hands: list[Hand], work: Work) -> float:
    """The player's lead gained from `move` to the game's end, both players (hands: the player's, the other's)
    then playing a turn scoring most, one search each (and one to find a player has none: frozen)."""
    position = play_move(game.position, move)
    frozen = [False, game.frozen[1 - game.current]]
    lead, seat = float(move.points), 1
    while not all(frozen) and work.left > 0:  # the budget can run out only where turns swap wild tiles back
        if not frozen[seat]:
            found = work.best(game, position, hands[seat])
            if found is None:
                frozen[seat] = True
            else:
                lead += found.points if seat == 0 else -found.points
                position = play_move(position, found)
                hands[seat] = hands[seat].after(found)
        seat = 1 - seat
    return lead


def kept(alive: list[int], own: list[float], worth: list[float]) -> list[int]:
    """The better half of the turns still in the running (by their worth so far), less any whose points (`own`)
    are below the best worth so far: the next player's reply counts only against a turn, so without FOLLOW such a
    turn cannot catch up."""
    ranked = sorted(alive, key=lambda i: -worth[i])[:math.ceil(len(alive) / 2)]
    top = worth[ranked[0]]
    return sorted(i for i in ranked if FOLLOW or own[i] >= top - TIE)


def searches() -> int:
    """The turn searches judging one turn on one deal costs: the reply, and the own next turn if it counts."""
    return 2 if FOLLOW else 1


def deal(game: Game, rng: random.Random) -> tuple[Hand, list[int | None]]:
    """A guess of the unseen tiles: the next player's hand, and the tiles the player draws next (in order)."""
    seat = game.following()
    pool = list(game.unseen(game.current).elements())
    size = 0 if seat is None else min(game.hands[seat].size, len(pool))
    drawn = rng.sample(pool, min(len(pool), size + game.variant.hand))
    return Hand.of(drawn[:size]), drawn[size:size + game.stock_size]


def judge(game: Game, move: Move, guess: tuple[Hand, list[int | None]], work: Work) -> float:
    """What a turn adds to its own worth on one deal: less CAUTION of the next player's best reply (one
    search), plus FOLLOW of the player's own next turn after that reply, when FOLLOW counts (one search more)."""
    reply_hand, draws = guess
    after = play_move(game.position, move)
    reply = work.best(game, after, reply_hand)
    worth = -CAUTION * (reply.points if reply else 0)
    if not FOLLOW:
        return worth
    if reply is not None:
        after = play_move(after, reply)
    kept = game.hands[game.current].after(move)
    wanted = draws[:max(game.variant.hand - kept.size, 0)]
    mine = Hand(tuple(sorted(kept.naturals + tuple(v for v in wanted if v is not None))),
                kept.wild + wanted.count(None))
    following = work.best(game, after, mine)
    return worth + FOLLOW * (following.points if following else 0)
