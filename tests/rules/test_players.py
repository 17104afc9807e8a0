"""The computer players: each picks one of the legal turns, the same one for the same seed; `careful` keeps its
wild tiles for turns worth them and weighs the best replies of hands dealt from the tiles it cannot see."""

import random
from collections import Counter

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules import players
from modlinseq_print.rules.game import Game, Variant, stock_tiles
from modlinseq_print.rules.moves import generate_turns, play_move
from modlinseq_print.rules.players import AI_PLAYERS, choose
from rules_helpers import counted_strong_turn


def midgame(seed: int, turns: int = 4, board: str = "hex:5") -> Game:
    """A two-player game on hex:5 (or the board given; modulus 7, hands of 5) after a few greedy turns."""
    game = Game(Variant(parse_board(board), 7, marker=True, hand=5), ["A", "B"], seed,
                tiles=stock_tiles(7, 5, 3))
    rng = random.Random(seed)
    for _ in range(turns):
        game.play(choose("greedy", game, rng))
    return game


#: Each level, the strong player with a small budget (its turns in a test take a second, not ten).
QUICK_LEVELS = AI_PLAYERS[:-1] + ("strong:12",)


@pytest.mark.parametrize("kind", QUICK_LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_picks_a_legal_turn_and_the_same_one_for_the_same_seed(kind, seed):
    game = midgame(seed, board="hex:4")  # a smaller board: each level's search costs a fraction
    picked = [choose(kind, game, random.Random(seed)) for _ in range(2)]
    notation = picked[0].notation(game.position)
    assert notation in {m.notation(game.position) for m in game.moves()} and picked[0] is picked[1]
    again = choose(kind, midgame(seed, board="hex:4"), random.Random(seed))
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


def test_careful_weighs_the_best_reply_of_each_dealt_hand():
    """The replies careful counts are the best turns the dealt hands have on the board after each turn it
    weighs (the whole search agrees), the hands come from the tiles it cannot see, and it plays the turn
    worth most."""
    game = midgame(2, 6)
    hands = players.dealt_hands(game, random.Random(5))
    unseen = game.unseen(game.current)
    assert len(hands) == players.REPLIES and all(h.size == game.hands[1 - game.current].size for h in hands)
    for hand in hands:
        held = Counter(hand.naturals) + Counter({None: hand.wild})
        assert not held - unseen
    weighed = sorted(game.moves(), key=lambda m: players.WILD * m.wilds - m.points)[:players.CONSIDERED]
    worth = []
    for move in weighed:
        after = play_move(game.position, move)
        best = [max((t.points for t in generate_turns(after, h, None, False)), default=0) for h in hands]
        assert players.best_reply(game, move, hands) == sum(best) / len(best)
        worth.append(move.points - players.WILD * move.wilds - players.CAUTION * sum(best) / len(best))
    picked = choose("careful", game, random.Random(5))
    assert picked.notation(game.position) in {m.notation(game.position) for m, w in zip(weighed, worth)
                                              if w == max(worth)}


def test_careful_plays_on_alone_when_every_other_player_is_frozen():
    """No one left to reply: careful deals no hand and plays the turn worth most on its own."""
    game = midgame(1, 2)
    game.frozen[1 - game.current] = True
    assert game.following() is None and players.dealt_hands(game, random.Random(1)) == []
    picked = choose("careful", game, random.Random(1))
    worth = [m.points - players.WILD * m.wilds for m in game.moves()]
    assert picked.points - players.WILD * picked.wilds == max(worth)


def _weighed(game):
    return sorted(game.moves(), key=lambda m: players.WILD * m.wilds - m.points)[:players.CONSIDERED]


@pytest.mark.parametrize("seed, hands", [(1, 4), (2, 4), (6, 4), (9, 4), (11, 4), (5, 0), (3, 0)])
def test_careful_leaves_out_only_turns_that_cannot_be_picked(seed, hands):
    """`worths` skips a turn whose own worth (points less wild tiles) is below the best so far, and stops a
    turn's replies once they put it below the best; every turn it keeps has its whole worth, and every turn it
    cuts was worth less than the best, so careful picks from the same tied turns as a search of every reply.
    These positions cut turns both ways: with hands the replies stop early, without any every turn below the
    first is skipped."""
    game = midgame(seed, 6)
    dealt = players.dealt_hands(game, random.Random(seed))[:hands]
    weighed = _weighed(game)
    whole = [m.points - players.WILD * m.wilds - players.best_reply(game, m, dealt) for m in weighed]
    found = players.worths(game, weighed, dealt)
    top = max(whole)
    assert max(found) == top and any(quick != full for quick, full in zip(found, whole))
    for quick, full in zip(found, whole):
        assert quick == full or (quick < top - players.TIE and full < top - players.TIE)


# The levels: beginner, greedy, careful, strong (from the one that thinks least), measured in bench/bench_levels.py.

def small_setup():
    """The measuring kit of bench/bench_levels.py, smaller still: hex:3, modulus 7, three tiles of each value and
    one wild tile, hands of 4 (a game in a fraction of a second)."""
    from modlinseq_print.kits.playtest_setup import playtest_setup

    return playtest_setup("starter", board="hex:3", hand=4, wild=1, copies=3)


def test_the_levels_are_listed_weakest_first_from_one_definition():
    assert AI_PLAYERS == ("beginner", "greedy", "careful", "strong")
    assert tuple(level.name for level in players.LEVELS) == AI_PLAYERS and all(level.words for level in players.LEVELS)


@pytest.mark.parametrize("kind, expected", [("beginner", ("beginner", None)), ("strong", ("strong", 60)),
                                            ("strong:400", ("strong", 400)), ("strong:1", ("strong", 1))])
def test_a_level_is_read_with_its_budget(kind, expected):
    assert players.parse_kind(kind) == expected


@pytest.mark.parametrize("kind, words", [("clever", "unknown computer player 'clever': use beginner, greedy, careful "
                                                    "or strong"),
                                         ("greedy:3", "unknown computer player 'greedy:3'"),
                                         ("strong:0", "1 to 10,000"), ("strong:x", "1 to 10,000"),
                                         ("strong:10001", "1 to 10,000")])
def test_an_unknown_level_or_budget_is_refused_in_one_line(kind, words):
    from modlinseq_print.rules.errors import RulesError

    with pytest.raises(RulesError, match=words):
        players.parse_kind(kind)


@pytest.mark.parametrize("kind", QUICK_LEVELS)
def test_each_level_plays_the_same_games_twice_for_a_seed(kind):
    from modlinseq_print.rules.playtest import game_seed, play_game

    setup, tiles = small_setup()
    for number in range(2):
        seed = game_seed(3, number)
        once, twice = (play_game(setup.variant, (kind, "greedy"), tiles, seed) for _ in range(2))
        assert once.transcript == twice.transcript and once.scores == twice.scores and once.turns > 3


def test_a_beginner_plays_only_legal_turns_and_scores_less_than_greedy():
    """Over six deals played both ways round, every beginner turn is one of the legal turns of its hand, and
    greedy scores more on average (the margin of the paired comparison)."""
    from modlinseq_print.rules.playtest import game_seed, playtest
    from modlinseq_print.rules.playtest_compare import level_margin

    setup, tiles = small_setup()
    for number in range(3):
        game = Game(setup.variant, ["A", "B"], game_seed(5, number), tiles=tiles)
        rng = random.Random(number)
        while not game.over:
            if game.can_play():
                legal = {m.notation(game.position) for m in game.moves()}
                picked = choose("beginner", game, rng)
                assert picked.notation(game.position) in legal
                game.play(picked)
            else:
                game.freeze()
    first = playtest(setup.variant, ("beginner", "greedy"), tiles, 6, 5)
    second = playtest(setup.variant, ("greedy", "beginner"), tiles, 6, 5)
    found = level_margin(first, second)
    assert found.deals == 6 and found.margin.b > found.margin.a and found.margin.difference > 0


def test_a_beginner_plays_the_best_of_the_turns_it_spots():
    game = midgame(2, 4)
    moves = game.moves()
    again = random.Random(8)
    spotted = [again.choice(moves) for _ in range(players.SPOTTED)]
    picked = choose("beginner", game, random.Random(8))
    assert picked.points == max(m.points for m in spotted) and picked in spotted
    assert picked.points < max(m.points for m in moves)  # this sample misses the best turn


@pytest.mark.parametrize("budget", [1, 4, 9, 30, 60])
def test_a_strong_players_budget_bounds_its_work(monkeypatch, budget):
    """Every turn search the strong player makes is counted (the whole list of the hand's turns one, each reply
    and each next turn one): it makes at most `budget` of them, and with a larger budget uses most of it."""
    game = midgame(2, 4)
    picked, work, searches = counted_strong_turn(monkeypatch, game, budget)
    assert work.done == 1 + len(searches) <= budget
    assert picked.notation(game.position) in {m.notation(game.position) for m in game.moves()}
    if budget >= 30:
        assert work.done >= budget // 2


def test_a_strong_player_with_budget_for_one_search_plays_a_turn_scoring_most_wild_tiles_and_all():
    """Seed 3 after two turns: the turn scoring most (28 points) spends the wild tile, and careful keeps it for
    21; the strong player, counting a wild tile kept as nothing, spends it."""
    from modlinseq_print.rules import strong_player

    game = midgame(3, 2)
    picked = strong_player.strong(game, random.Random(1), 1)
    assert (picked.points, picked.wilds) == (28, 1) == (game.moves()[0].points, game.moves()[0].wilds)


def test_a_strong_player_keeps_the_better_half_less_the_turns_that_cannot_catch_up(monkeypatch):
    """Successive halving keeps the better half by worth so far; a turn whose own worth (its points less its wild
    tiles) is below the best worth so far is dropped too, as a reply only counts against a turn."""
    from modlinseq_print.rules import strong_player

    own = [12.0, 11.0, 9.0, 8.0, 3.0, 2.0]
    worth = [5.0, 9.5, 7.0, 2.0, 1.0, 0.0]
    # the better half is 1, 2, 0; 2's own 9 is below 1's worth 9.5 so far, 0's own 12 is not
    assert strong_player.kept(list(range(6)), own, worth) == [0, 1]
    assert strong_player.kept([0, 1, 2, 3], own, [5.0, 9.5, 7.0, 2.0, 0.0, 0.0]) == [1]
    assert strong_player.kept([2, 3, 4], own, [0.0, 0.0, 7.0, 8.0, 1.0, 0.0]) == [2, 3]
    monkeypatch.setattr(strong_player, "FOLLOW", 0.5)  # its own next turn could lift a turn: none is dropped early
    assert strong_player.kept([0, 1, 2, 3, 4, 5], [1.0] * 6, worth) == [0, 1, 2]
