"""The players' aids of every kit: turn cards for its largest player count, a score pad with rows for the
rounds of the kit's own simulated games, the [aids] keys, and the simulation that sizes them."""

import math
import re
from dataclasses import replace

import pytest

from modlinseq_print.i18n import LANGUAGES, using
from modlinseq_print.kits.build import aids_section, build_kit, kit_pieces, reference_spec
from modlinseq_print.kits.game_length import GAMES, SHUFFLE, game_lengths
from modlinseq_print.kits.measures import measure
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.kits.presets import AidsSection
from modlinseq_print.printables.player_aids import AGAIN, SHEET_CARDS
from modlinseq_print.wording import plural
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.render.scene import Embed, Text
from modlinseq_print.wording import _

ALL_LANGUAGES = sorted({"en", *LANGUAGES})


def _texts(scene):
    for item in scene.items():
        if isinstance(item, Text):
            yield item.text
        elif isinstance(item, Embed):
            yield from _texts(item.scene)


def _aids(name, lang="en"):
    preset = replace(load_preset(name), lang=lang)
    with using(lang):
        lengths = game_lengths(preset)
        section = aids_section(preset, measure(preset).text_sheet, reference_spec(preset, parse_board(
            preset.board.spec)), lengths)
        heading = _("Your turn: MODLINSEQ, modulus {modulus}").format(modulus=preset.modulus)
        pad = _("Score pad")
    return preset, lengths, section, heading, pad


def _pad_rounds(pages, pad):
    """The round numbers written down the pad's first column, over all its pages, and its players' headers."""
    rounds, players = [], set()
    for page in pages:
        texts = list(_texts(page.scene))
        if pad not in texts:
            continue
        rounds += [int(t) for t in texts if t.isdigit()]
        players |= {t for t in texts if re.search(r"\d", t) and not t.isdigit() and len(t) < 20}
    return rounds, players


@pytest.mark.parametrize("name", preset_names())
def test_the_pad_has_rows_for_95_percent_of_the_kits_simulated_games(name):
    _preset, lengths, section, _heading, pad = _aids(name)
    rounds, _players = _pad_rounds(section.pages, pad)
    assert lengths and all(length.games >= GAMES for length in lengths)
    for length in lengths:  # the 95th percentile, nearest rank, worked out here from the games' rounds
        p95 = sorted(length.rounds)[math.ceil(0.95 * len(length.rounds)) - 1]
        assert max(rounds) >= p95, (name, length.players)
        assert sum(r <= max(rounds) for r in length.rounds) >= 0.95 * length.games
    assert sorted(set(rounds)) == list(range(1, max(rounds) + 1))  # every round a row, none skipped


@pytest.mark.parametrize("name", preset_names())
@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_every_kit_in_every_language_has_a_turn_card_per_player_and_a_score_pad(name, lang):
    preset, lengths, section, heading, pad = _aids(name, lang)
    seats = max(length.players for length in lengths)
    cards = [item for page in section.pages for item in page.scene.items() if isinstance(item, Embed)]
    assert len(cards) == min(seats, SHEET_CARDS) and seats >= 2  # a sheet of four, printed again for more
    if seats > SHEET_CARDS:
        with using(lang):
            again = _(AGAIN).format(players=plural(seats, "player"), times=-(-seats // SHEET_CARDS))
        assert again in _texts(section.pages[0].scene)
    assert all(heading in _texts(card.scene) for card in cards)
    assert lang == "en" or not heading.startswith("Your turn")  # translated
    pad_pages = [p for p in section.pages if pad in _texts(p.scene)]
    assert pad_pages
    headers = [t for t in _texts(pad_pages[0].scene) if t == _player(lang, seats)]
    assert headers  # a column for the kit's largest player count


def _player(lang, number):
    with using(lang):
        return _("player {number}").format(number=number)


def _own_rounds(name, players, games):
    """The rounds of the first `games` games of a kit at a player count, played here by `simulate`'s machinery
    (greedy players, the hand the rules sheet suggests, the kit's shuffle), sorted; and the kit's stock."""
    from modlinseq_print.kits.playtest_setup import playtest_setup
    from modlinseq_print.rules.playtest import playtest
    from modlinseq_print.rules.setup import hand_sizes

    stock = sum(p.kind in ("number", "wild") for p in kit_pieces(load_preset(name)))
    hand = {size.players: size.hand for size in hand_sizes(stock)}[players]
    setup, tiles = playtest_setup(name, players=players, hand=hand, games=games, seed=SHUFFLE)
    played = playtest(setup.variant, setup.kinds, tiles, games, SHUFFLE)
    return sorted(-(-g.turns // players) for g in played), len(tiles)


def _p95(rounds):
    """The nearest-rank 95th percentile."""
    return sorted(rounds)[math.ceil(0.95 * len(rounds)) - 1]


STARTER_SAMPLE = 10  # of the 40 games measured at each player count: the first ten, a few seconds in all


def test_the_pad_covers_the_95th_percentile_of_the_kits_own_games_played_again():
    """The games that sized the starter kit's pad, the first ten at each count played again here: its player
    counts are those its stock serves, the games played here are among those measured, and the pad has rows for
    the 95th percentile at every count (scripts/measure_game_lengths.py plays them all again)."""
    from modlinseq_print.rules.game import MAX_PLAYERS
    from modlinseq_print.rules.setup import hand_sizes

    _preset, lengths, section, _heading, pad = _aids("starter")
    rows = max(_pad_rounds(section.pages, pad)[0])
    for length in lengths:
        rounds, stock = _own_rounds("starter", length.players, STARTER_SAMPLE)
        measured = list(length.rounds)
        for r in rounds:
            measured.remove(r)  # each game played here is one of the games measured
        assert length.games == len(length.rounds) == 40
        assert rows >= _p95(length.rounds), length.players
    served = [size.players for size in hand_sizes(stock) if size.players <= MAX_PLAYERS]
    assert [length.players for length in lengths] == served
    assert game_lengths(load_preset("starter")) == lengths  # the same figures every time


SAMPLE = 1  # games of the standard kit played again at each player count: a few seconds each


def test_the_standard_pad_covers_its_own_games_two_to_six_players():
    """The standard kit seats 2 to 6 (its stock deals every hand); the first games of each count, played here,
    are among those measured, and the pad has rows for them and for the 95th percentile of all measured."""
    from modlinseq_print.rules.game import MAX_PLAYERS

    _preset, lengths, section, _heading, pad = _aids("standard")
    rows = max(_pad_rounds(section.pages, pad)[0])
    assert [length.players for length in lengths] == list(range(2, MAX_PLAYERS + 1))
    for length in lengths:
        rounds, _stock = _own_rounds("standard", length.players, SAMPLE)
        measured = list(length.rounds)
        for r in rounds:
            measured.remove(r)  # each game played here is one of the games measured
        assert rows >= max(rounds) and rows >= _p95(length.rounds), length.players


@pytest.mark.parametrize("reference, score_pad", [(True, True), (False, True), (True, False), (False, False)])
def test_the_aids_keys_leave_out_the_teachers_reference_and_the_score_pad(reference, score_pad):
    preset = load_preset("starter")
    kit = build_kit(replace(preset, aids=AidsSection(reference=reference, score_pad=score_pad)))
    words = [t for page in kit.document.pages for t in _texts(page.scene)]
    assert any(w.startswith("Teacher's reference") for w in words) == reference
    assert ("Score pad" in words) == score_pad
    assert sum(w == "Your turn: MODLINSEQ, modulus 7" for w in words) == 4  # the cards stay
    titles = [s.title for s in kit.sections]
    assert titles[0] == ("Rules and reference card" if reference else "Rules")


def test_the_aids_keys_are_read_from_a_preset_file(tmp_path):
    path = tmp_path / "kit.toml"
    path.write_text('modulus = 7\n[board]\nspec = "hex:6"\n[aids]\nreference = false\nscore_pad = false\n',
                    encoding="utf-8")
    assert load_preset(str(path)).aids == AidsSection(reference=False, score_pad=False)
    assert load_preset("standard").aids == AidsSection(reference=True, score_pad=True)


def test_the_cover_gives_player_counts_and_playing_time():
    kit = build_kit(load_preset("starter"))
    cover = " ".join(_texts(kit.document.pages[0].scene))
    lengths = game_lengths(load_preset("starter"))
    for length in lengths:
        assert f"{length.players} players: {length.minutes[0]} to {length.minutes[1]} minutes" in cover


def _measured(presets) -> list:
    """The presets whose games are not in the table scripts/measure_game_lengths.py wrote."""
    from modlinseq_print.kits import game_length

    table = game_length.measured_ahead()
    assert all(length.games >= game_length.GAMES for lengths in table.values() for length in lengths)
    return [(p.title, p.modulus) for p in presets if game_length.game_of(p).key not in table]


def test_every_shipped_preset_s_games_were_measured_ahead():
    """A kit of a shipped preset reads its game lengths from the table scripts/measure_game_lengths.py wrote
    (playing them takes minutes); the starter kit's are played again above."""
    assert _measured([load_preset(name) for name in preset_names()]) == []


@pytest.mark.parametrize("name", preset_names())
def test_every_shipped_preset_s_games_were_measured_from_40_games_at_every_count_its_stock_serves(name):
    """The pad's 95th percentile is that of MEASURED_GAMES games (not of the longest of a few), at every player
    count the rules sheet's table of hands lists, so that the cover's player count agrees with that table."""
    from modlinseq_print.kits import game_length
    from modlinseq_print.rules.game import MAX_PLAYERS
    from modlinseq_print.rules.setup import hand_sizes

    preset = load_preset(name)
    lengths = game_length.measured_ahead()[game_length.game_of(preset).key]
    stock = sum(p.kind in ("number", "wild") for p in kit_pieces(preset))
    assert [length.players for length in lengths] == [s.players for s in hand_sizes(stock) if s.players <= MAX_PLAYERS]
    assert all(length.games == game_length.MEASURED_GAMES for length in lengths)


@pytest.mark.parametrize("modulus", [24, 36, 50, 99])
def test_the_standard_kit_at_larger_moduli_was_measured_ahead(modulus):
    """The documentation and the tests build the standard kit at these moduli: measured, they build in seconds
    and print measured figures, not estimates."""
    assert _measured([replace(load_preset("standard"), modulus=modulus, measures=None)]) == []


def test_an_estimate_covers_every_game_measured_ahead_and_stays_within_twice_its_rounds():
    """A game not measured ahead is estimated from its tiles (a kit build would otherwise play for a minute): for
    every game measured ahead, the estimate at each player count has at least the rounds of its 95th
    percentile, and not more than twice as many; its longest time is near the longest game's or beyond."""
    from modlinseq_print.kits.game_length import KitGame, estimate_lengths, measured_ahead

    for key, measured in measured_ahead().items():
        estimated = {length.players: length for length in estimate_lengths(KitGame(*key[:5]))}
        for length in measured:
            guess = estimated[length.players]
            assert length.rounds_p95 <= guess.rounds_p95 <= 2 * length.rounds_p95, (key, length.players)
            assert guess.estimated and guess.turns[1] >= max(length.turns) * 0.9, (key, length.players)


def test_a_kit_of_a_game_not_measured_ahead_says_its_figures_are_estimated(tmp_path):
    from modlinseq_print.kits.build import build_kit
    from modlinseq_print.kits.game_length import game_lengths

    preset = tmp_path / "two.toml"
    preset.write_text('modulus = 11\n[tiles]\ncopies = 3\n', encoding="utf-8")
    loaded = load_preset(str(preset))
    assert all(length.estimated for length in game_lengths(loaded))
    kit = build_kit(loaded)
    words = " ".join(t.text for page in kit.document.pages for t in page.scene.items() if hasattr(t, "text"))
    assert "if every turn lays only two tiles" in words and "Playing time, estimated from the tiles" in words


@pytest.mark.parametrize("rounds, pages, tight", [(20, 1, False), (30, 1, False), (39, 1, True), (41, 1, True),
                                                  (44, 2, False), (80, 3, False)])
def test_a_pad_fits_one_page_with_rows_of_6_mm_at_least_or_shares_its_rounds_evenly(rounds, pages, tight):
    """A4: a pad a little long for 7 mm rows takes one page with tighter rows (never under 6 mm, a narrow-ruled
    line); a longer one shares its rounds evenly between its pages, so that no page holds a few leftover rows."""
    from types import SimpleNamespace

    from modlinseq_print.printables.player_aids import score_pad_pages
    from modlinseq_print.render.scene import Polygon

    made = score_pad_pages(210, 297, 10, 6, rounds, ["How its size was chosen."])
    assert len(made) == pages
    counts = [len(_pad_rounds([SimpleNamespace(scene=page)], "Score pad")[0]) for page in made]
    assert sum(counts) == rounds and max(counts) - min(counts) <= 1
    for page in made:
        lines = [p.points for p in page.items() if isinstance(p, Polygon) and len(p.points) == 2]
        rules = sorted({round(a[1], 3) for a, b in lines if a[1] == b[1]})  # the table's horizontals
        step = min(b - a for a, b in zip(rules, rules[1:]))
        assert (6.0 <= step < 6.99) if tight else abs(step - 7.0) < 0.01
        assert max(y for points in lines for _x, y in points) <= 297 - 10
