"""The kit's cover: title art and a game picture that are art only, players, age and playing time from the kit's
own simulated games, and a table of what the kit holds counted from its pieces, in every language; the box key."""

from dataclasses import replace

import pytest

from modlinseq_print.i18n import LANGUAGES, using
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.game_facts import AGE
from modlinseq_print.kits.game_length import game_lengths
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.player_aids import SHEET_CARDS
from modlinseq_print.printables.cover_art import sequence_values, title_art
from modlinseq_print.render.scene import Embed, Text, has_cuts
from modlinseq_print.render.theme import get_theme
from modlinseq_print.wording import plural


def _words(scene) -> str:
    """Every line of text a scene prints (embedded scenes too), joined by spaces."""
    found = []
    for item in scene.items():
        if isinstance(item, Text):
            found.append(item.text)
        elif isinstance(item, Embed):
            found.append(_words(item.scene))
    return " ".join(found)


def _with(preset, **box):
    return replace(preset, box=replace(preset.box, **box), measures=None)


@pytest.fixture(scope="module")
def odd_preset():
    """The standard kit with counts no constant of the code holds: 7 copies, 3 wild tiles, markers 9-14."""
    preset = load_preset("standard")
    return replace(preset, tiles=replace(preset.tiles, copies=7, wild=3),
                   markers=replace(preset.markers, range="9-14"), measures=None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cover_lists_what_the_kit_really_holds_in_every_language(odd_preset, lang):
    kit = build_kit(replace(odd_preset, lang=lang))
    cover = " ".join(_words(kit.document.pages[0].scene).split())
    seats = max(length.players for length in game_lengths(odd_preset))
    board_pages = len(kit.plan.pages)
    with using(lang):
        expected = [plural(kit.counts["number"], "number tile"), plural(kit.counts["wild"], "wild tile"),
                    plural(kit.counts["marker"], "modulus marker"), plural(min(seats, SHEET_CARDS), "turn card"),
                    plural(board_pages, "page")]
    assert kit.counts == {"number": 7 * 13, "wild": 3, "blocker": 0, "marker": 6}  # read from the pieces made
    for words in expected:
        assert words in cover, (lang, words)
    first = 2 + sum(len(s.pages) for s in kit.sections[:-1])
    assert f"{first}" in cover.split()  # the box's page in the table and in the box's step


def test_the_cover_and_the_rules_give_players_age_and_playing_time_from_the_simulated_games():
    preset = load_preset("standard")
    kit = build_kit(preset)
    lengths = game_lengths(preset)
    low = min(length.minutes[0] for length in lengths)
    high = max(length.minutes[1] for length in lengths)
    players = f"{min(g.players for g in lengths)}-{max(g.players for g in lengths)} players"
    line = f"{players} · ages {AGE}+ · {low}-{high} minutes"
    assert line in _words(kit.document.pages[0].scene)
    assert line in _words(kit.document.pages[1].scene)  # the first page of the rules
    assert "40 seconds a turn" in _words(kit.document.pages[0].scene)


def test_the_box_key_adds_the_box_and_lists_it_and_the_standard_kit_stays_within_16_pages():
    preset = load_preset("standard")
    assert preset.box.include and load_preset("standard-letter").box.include
    on, off = build_kit(preset), build_kit(_with(preset, include=False))
    assert len(on.document.pages) <= 16 and len(off.document.pages) <= 16
    cover_on, cover_off = _words(on.document.pages[0].scene), _words(off.document.pages[0].scene)
    assert "a tray and a lid" in cover_on and "a tray and a lid" not in cover_off
    assert "Box: print page 16 on card" in cover_on and "Box:" not in cover_off
    last = on.document.pages[-1].scene
    assert "Box for the tiles and markers" in _words(last) and "Teacher's reference" in _words(last)
    assert [s.name for s in on.sections][-1] == "Box and teacher's reference"
    assert "Teacher's reference" in _words(off.document.pages[3].scene)  # after the rules, on its own page
    assert not any("Box for the tiles" in _words(page.scene) for page in off.document.pages)


def test_a_box_without_the_teachers_reference_is_a_page_of_its_own():
    preset = load_preset("standard")
    kit = build_kit(replace(preset, aids=replace(preset.aids, reference=False), measures=None))
    assert [s.name for s in kit.sections][-1] == "Box" and len(kit.sections[-1].pages) == 1
    assert "Teacher's reference" not in " ".join(_words(p.scene) for p in kit.document.pages)


def test_the_cover_art_and_the_game_picture_carry_no_cut_or_fold():
    from modlinseq_print.render.press import PressOptions

    kit = build_kit(load_preset("standard"), press=PressOptions())
    cover = kit.document.pages[0].scene
    art = [item for item in cover.layer("art").items if isinstance(item, Embed)]
    figures = [item for item in cover.layer("figures").items if isinstance(item, Embed)]
    assert len(art) == 1 and len(figures) == 1  # the title art and the game in progress
    assert not has_cuts(cover)
    assert has_cuts(kit.document.pages[-1].scene)  # the box's nets are die lines, the page they share is not


def test_the_title_art_spells_the_name_on_tiles_over_a_sequence_of_the_modulus():
    art = title_art(180.0, 13, get_theme("green"))
    texts = [item.text for item in art.items() if isinstance(item, Text)]
    assert "".join(texts[:9]) == "MODLINSEQ"
    assert texts[9:] == [str(v) for v in sequence_values(13, 8)] == ["0", "3", "6", "9", "12", "2", "5", "8"]
    assert sequence_values(12, 6) == [0, 5, 10, 3, 8, 1]  # a step that reaches every value: 5 for 12
    assert not has_cuts(art)
