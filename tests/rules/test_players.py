"""The computer players: each picks one of the legal turns, the same one for the same seed, and `careful`
keeps its wild tiles for turns worth them."""

import random

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules import players
from modlinseq_print.rules.game import Game, Variant, stock_tiles
from modlinseq_print.rules.players import AI_PLAYERS, choose


def midgame(seed: int, turns: int = 4) -> Game:
    """A two-player game on hex:5 (modulus 7, hands of 5) after a few greedy turns."""
    game = Game(Variant(parse_board("hex:5"), 7, marker=True, hand=5), ["A", "B"], seed,
                tiles=stock_tiles(7, 5, 3))
    rng = random.Random(seed)
    for _ in range(turns):
        game.play(choose("greedy", game, rng))
    return game


@pytest.mark.parametrize("kind", AI_PLAYERS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_picks_a_legal_turn_and_the_same_one_for_the_same_seed(kind, seed):
    game = midgame(seed)
    picked = [choose(kind, game, random.Random(seed)) for _ in range(2)]
    notation = picked[0].notation(game.position)
    assert notation in {m.notation(game.position) for m in game.moves()} and picked[0] is picked[1]
    again = choose(kind, midgame(seed), random.Random(seed))
    assert again.notation(game.position) == picked[0].notation(game.position)


def test_careful_keeps_a_wild_tile_that_would_gain_little(monkeypatch):
    """Seed 3 after two turns: greedy spends the wild tile on 28 points; careful (its caution off, so only the
    wild tile's worth counts) keeps it and plays a natural turn of 21, since 28 less a wild tile's worth is less."""
    monkeypatch.setattr(players, "CAUTION", 0.0)
    game = midgame(3, 2)
    greedy, careful = (choose(kind, game, random.Random(3)) for kind in ("greedy", "careful"))
    assert (greedy.points, greedy.wilds) == (28, 1) and (careful.points, careful.wilds) == (21, 0)
    worth = [m.points - players.WILD * m.wilds for m in game.moves()]
    assert careful.points - players.WILD * careful.wilds == max(worth)
