"""The strong player's end of the game: with the stock empty, the tiles it cannot see are the other player's
hand, and it plays each turn scoring most out to the end."""

import random

import pytest

from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.rules import strong_player
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Hand, best_turns, play_move
from modlinseq_print.rules.players import choose
from modlinseq_print.rules.playtest import game_seed
from rules_helpers import counted_strong_turn


def stock_emptied(number: int) -> Game:
    """A game of the benchmark's board (hex:3, modulus 7, 22 tiles, hands of 4) played by greedy players until
    the stock is empty."""
    setup, tiles = playtest_setup("starter", board="hex:3", hand=4, wild=1, copies=3)
    game = Game(setup.variant, ["A", "B"], game_seed(7, number), tiles=tiles)
    rng = random.Random(number)
    while game.stock_size:
        game.take_turn(lambda g: choose("greedy", g, rng))
    assert game.can_play()
    return game


def played_out(game: Game, move) -> int:
    """The player's lead gained from `move` to the end, both players then playing their first turn scoring most
    (the other player's real hand: what the strong player works out from the tiles it cannot see)."""
    variant = game.variant
    position = play_move(game.position, move)
    hands = [game.hands[game.current].after(move), game.hands[1 - game.current]]
    frozen, seat, lead = [False, False], 1, move.points
    while not all(frozen):
        found = best_turns(position, hands[seat], variant.pattern, variant.hash_swap) if hands[seat].size else []
        if not found or frozen[seat]:
            frozen[seat] = True
        else:
            lead += found[0].points if seat == 0 else -found[0].points
            position, hands[seat] = play_move(position, found[0]), hands[seat].after(found[0])
        seat = 1 - seat
    return lead


@pytest.mark.parametrize("number", [0, 2, 4])
def test_with_the_stock_empty_the_strong_player_plays_the_turn_whose_end_leaves_it_furthest_ahead(number):
    """In these three positions that is not a turn scoring most: careful's judgement would score more now."""
    game = stock_emptied(number)
    weighed = game.moves()[:strong_player.ENDGAME_WIDE]
    leads = [played_out(game, m) for m in weighed]
    picked = strong_player.strong(game, random.Random(1), 200)
    assert picked in weighed and played_out(game, picked) == max(leads)
    assert picked.points < weighed[0].points


def test_the_strong_player_does_not_look_at_the_other_hand():
    """It reads the other player's tiles off the tiles it cannot see: the same turn if the hand is hidden."""
    game = stock_emptied(0)
    picked = strong_player.strong(game, random.Random(1), 200)
    game.hands[1 - game.current] = Hand()
    assert strong_player.strong(game, random.Random(1), 200) is picked


@pytest.mark.parametrize("budget", [1, 5, 12, 60])
def test_the_end_of_the_game_is_played_out_within_the_budget(monkeypatch, budget):
    """Each search of a play-out is counted, a play-out is started only if the budget can finish it, and with
    no budget for one the strong player plays a turn scoring most."""
    game = stock_emptied(2)
    picked, work, searches = counted_strong_turn(monkeypatch, game, budget)
    assert work.done == 1 + len(searches) <= budget
    if budget == 1:
        assert not searches and picked.points == game.moves()[0].points
    again = strong_player.strong(game, random.Random(1), budget)
    assert again is picked
