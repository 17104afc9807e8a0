"""Games from the stock to the end: dealing, turns, frozen players, seeded computer players, and the transcript,
which `score` replays to the same totals."""

import random

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.game import MAX_PLAYERS, Game, Variant, stock_tiles
from modlinseq_print.rules.players import AI_PLAYERS, choose
from modlinseq_print.rules.playtest import play_out
from modlinseq_print.rules.transcript import parse_transcript
from modlinseq_print.rules.turns import play


def played(variant, kinds, seed, tiles):
    return play_out(Game(variant, [f"P{i + 1}" for i in range(len(kinds))], seed, tiles=tiles), kinds,
                    random.Random(seed))


def test_the_stock_is_the_set():
    tiles = stock_tiles(7, 3, wild=2)
    assert len(tiles) == 23 and tiles.count(None) == 2 and tiles.count(0) == 3
    assert 0 not in stock_tiles(7, 3, no_zero=True) and stock_tiles(5, 1, counts={2: 4}).count(2) == 4


def test_a_stock_too_big_or_below_zero_is_refused_before_its_tiles_are_made():
    with pytest.raises(RulesError, match="a stock of 1,300,000,000 tiles: a game takes at most 10,000"):
        stock_tiles(13, 10 ** 8)  # refused from the counts: making the list first would take gigabytes
    with pytest.raises(RulesError, match="a stock of 1,000,000,021 tiles"):
        stock_tiles(7, 3, wild=10 ** 9)
    for copies, wild, counts in ((-1, 0, None), (2, -1, None), (2, 0, {3: -2})):
        with pytest.raises(RulesError, match="a count of tiles is 0 or more"):
            stock_tiles(7, copies, wild, counts=counts)


def test_hands_are_dealt_from_a_seeded_shuffle():
    variant = Variant(parse_board("hex:4"), 7, hand=5)
    a = Game(variant, ["Ann", "Bob"], 11, tiles=stock_tiles(7, 3, 1))
    b = Game(variant, ["Ann", "Bob"], 11, tiles=stock_tiles(7, 3, 1))
    c = Game(variant, ["Ann", "Bob"], 12, tiles=stock_tiles(7, 3, 1))
    assert [h.size for h in a.hands] == [5, 5] and a.stock_size == 22 - 10
    assert a.hands == b.hands and a.stock == b.stock and (a.hands, a.stock) != (c.hands, c.stock)


@pytest.mark.parametrize("players, hand, tiles, words", [
    (0, 7, 30, "1 to 6"), (MAX_PLAYERS + 1, 2, 30, "1 to 6"), (2, 0, 30, "hands hold 1 to 12"),
    (2, 13, 30, "hands hold 1 to 12"), (4, 7, 27, "cannot fill 4 hands of 7"), (6, 7, 41, "cannot fill 6 hands of 7"),
])
def test_bad_games_are_refused(players, hand, tiles, words):
    variant = Variant(parse_board("hex:4"), 7, hand=hand)
    with pytest.raises(RulesError, match=words):
        Game(variant, [f"P{i}" for i in range(players)], 1, tiles=[1] * tiles)


@pytest.mark.parametrize("kinds", [("greedy", "greedy"), ("careful", "greedy"), ("greedy", "careful", "greedy")])
def test_a_whole_game_scores_as_score_replays_it(kinds):
    variant = Variant(parse_board("hex:4"), 7, marker=True, hand=5)
    game = played(variant, kinds, 3, stock_tiles(7, 4, 2))
    assert game.over and all(game.frozen)
    start = variant.start()
    replay = play(parse_transcript(game.transcript(), start.topology, 7), start, players=len(kinds))
    assert replay.illegal is None
    assert replay.totals == {name: score for name, score in zip(game.names, game.scores) if name in replay.totals}
    assert sum(r.move is None for r in game.records) == len(kinds)  # each froze once, at the end
    assert len(game.position.tiles) - 1 == sum(len(r.move.tiles) for r in game.records if r.move) \
        and 1 + len(stock_tiles(7, 4, 2)) - game.stock_size - sum(h.size for h in game.hands) \
        == len(game.position.tiles)


def test_a_game_is_the_same_given_its_seed():
    variant = Variant(parse_board("hex:4"), 7, hand=5)
    assert played(variant, AI_PLAYERS, 5, stock_tiles(7, 3, 1)).transcript() == \
        played(variant, AI_PLAYERS, 5, stock_tiles(7, 3, 1)).transcript()


def test_greedy_takes_a_best_turn_and_a_frozen_player_must_have_none():
    variant = Variant(parse_board("hex:4"), 7, hand=5)
    game = Game(variant, ["A", "B"], 2, tiles=stock_tiles(7, 3, 0))
    best = max(m.points for m in game.moves())
    assert choose("greedy", game, random.Random(1)).points == best
    with pytest.raises(RulesError, match="can still play"):
        game.freeze()


def test_take_turn_plays_the_chosen_turn_and_freezes_a_stuck_player():
    variant = Variant(parse_board("hex:1"), 5, hand=1)
    game = Game(variant, ["A", "B"], 4, tiles=[0, 1, 2, 3, 4, 0, 1])
    first = game.take_turn(lambda to_move: to_move.moves()[-1])
    assert first.move is not None and first.move == game.records[0].move
    while not game.over:
        stuck = not game.can_play()
        record = game.take_turn(lambda to_move: to_move.moves()[0])
        assert (record.move is None) == stuck
    assert any(record.move is None for record in game.records)
