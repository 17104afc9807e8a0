"""Setting up a game: how many players a set of tiles serves and the hand each of them draws.

The rules leave the hand size to the players (rules, page 1, section 3-1). A hand of seven lets a
player usually find three or four tiles that form a sequence; the stock should keep at least half
of the tiles after the deal, so that hands refill for a good part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_HAND = 7
SMALLEST_HAND = 4  # fewer tiles rarely make a sequence worth playing
LARGEST_HAND = 10
MOST_PLAYERS = 6  # the table stops here; more players can play with small hands


@dataclass(frozen=True)
class HandSize:
    """For a number of players: the hand this set suggests and the range of hands it supports."""

    players: int
    hand: int
    smallest: int
    largest: int


def hand_sizes(tiles: int) -> list[HandSize]:
    """The hand sizes for two players and up, as long as every player can hold SMALLEST_HAND tiles and half
    the tiles stay in the stock after the deal (empty when `tiles` is too few even for two players)."""
    sizes = []
    for players in range(2, MOST_PLAYERS + 1):
        largest = min(LARGEST_HAND, tiles // (2 * players))
        if largest < SMALLEST_HAND:
            break
        sizes.append(HandSize(players, min(DEFAULT_HAND, largest), SMALLEST_HAND, largest))
    return sizes
