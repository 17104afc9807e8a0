"""Every line of text of every printable, in every language, stays inside its page's printable area and
clear of every other line (German and Russian run 20-35 % longer than English)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from modlinseq_print.printables.board_names import board_shape

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.i18n import LANGUAGES, MISSING, _, using
from modlinseq_print.kits.build import build_kit
from modlinseq_print.rules.exercises import KINDS, make_worksheet
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.board import board_scene
from modlinseq_print.printables.coprimality import GameSheetSpec, game_sheets
from modlinseq_print.printables.mod13 import (CARD_HEIGHT, CARD_WIDTH, MARK_GAP, PAD, REFERENCE_HEIGHT,
                                             REFERENCE_WIDTH, DeckOptions, card_items, deck_document, example_card,
                                             operations_card)
from modlinseq_print.printables.position import PositionStyle, position_scene
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.pagination_pages import fit_document, paginated_document
from rules_helpers import judge
from text_fit_helpers import fit_problems


def _clean(pages, margin: float) -> list[str]:
    """The fit problems of pages whose printable area is `margin` in from the paper edge (one or per page)."""
    margins = margin if isinstance(margin, list) else [margin] * len(pages)
    return [f"page {n}: {p}" for n, (scene, m) in enumerate(zip(pages, margins), 1)
            for p in fit_problems(scene, (m, m, scene.width - m, scene.height - m))]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["standard", "starter"])
def test_every_kit_page_holds_its_text(lang, name):
    preset = load_preset(name)
    if name == "standard":  # a small board keeps the test quick; the text is the same
        preset = replace(preset, board=replace(preset.board, spec="hex:4"))
    kit = build_kit(replace(preset, lang=lang), exercises=4 if name == "starter" else None)
    margins = [kit.sections[0].margin] + [s.margin for s in kit.sections for _page in s.pages]
    assert _clean([p.scene for p in kit.document.pages], margins) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_board_pages_assembly_and_fitted_board_hold_their_text(lang):
    sheet = make_sheet("a4", "10mm")
    drawing = board_scene(parse_board("hex:6"))
    with using(lang):
        title = _("MODLINSEQ board ({shape})").format(shape=board_shape(parse_board("hex:6")))
        tiled, _plan = paginated_document(drawing.scene, sheet, title)
        fitted, _scale = fit_document(drawing.scene, sheet, title)
    pages = [p.scene for p in tiled.pages + fitted.pages]
    assert _clean(pages, 10.0) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variation", [("lines", "bonus-malus", 4), ("bounce", "bonus", 0), ("tess", "none", 0)])
def test_every_reference_variation_holds_its_text(lang, variation):
    wrap, pattern, wild = variation
    with using(lang):
        pages = reference_pages(ReferenceSpec(13, wrap, pattern, wild), 210.0, 297.0, 16.0)
    assert _clean(pages, 10.0) == []



@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_worksheet_kind_and_its_answers_hold_their_text(lang):
    problems = make_worksheet(24, 1, 13)
    assert {p.kind for p in problems} == set(KINDS)
    with using(lang):
        questions, answers = worksheet_pages(problems, 210.0, 297.0, 1, 16.0)
    assert _clean(questions + answers, 10.0) == []


FIGURE = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "  # seed figure 13A, a wild tile
          "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11; #M1")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_position_legend_holds_its_text(lang):
    analysis = judge("hex:6", 20, FIGURE, wrap="lines")
    with using(lang):
        scene = position_scene(analysis, PositionStyle(legend="all")).scene
    assert _clean([scene], 0.0) == []


@pytest.fixture(scope="module")
def played_game():
    """A game on hex:4, Ann playing the best turn and Robot the one scoring least: its start, transcript and
    the hand held before each turn."""
    from modlinseq_print.rules.game import Game, Variant, stock_tiles
    from modlinseq_print.rules.review import parse_hands
    from modlinseq_print.rules.transcript import parse_transcript

    variant = Variant(parse_board("hex:4"), 13, None, marker=True, hand=5)
    game = Game(variant, ["Ann", "Robot"], 3, tiles=stock_tiles(13, 1, 2))
    hands: list[str] = []
    while not game.over:
        held = f"{game.names[game.current]}: {game.hands[game.current].text}"
        record = game.take_turn(lambda g: g.moves()[-1] if g.current else g.best_moves()[0])
        hands += [held] if record.move is not None else []
    start = variant.start()
    return start, parse_transcript(game.transcript(), start.topology, 13), parse_hands("\n".join(hands), 13)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_review_with_hints_holds_its_text(lang, played_game):
    from modlinseq_print.printables.review_pages import MARGIN, review_pages
    from modlinseq_print.rules.review import review_game

    start, turns, hands = played_game
    with using(lang):
        review = review_game(turns, start, hands, hints={1: 2, 3: 1})
        pages = review_pages(review)
        unknown = review_pages(review_game(turns, start, None, hints={}))
    assert review.players[0].hints == 2 and any(t.left for t in review.turns)  # hints, and pairs drawn
    assert _clean(pages + unknown, MARGIN) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_coprimality_sheets_hold_their_text(lang):
    with using(lang):
        document = game_sheets(make_sheet("a4", "10mm"), GameSheetSpec(12, None, 1))
    assert _clean([p.scene for p in document.pages], 10.0) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mod13_reference_cards_hold_their_text_inside_the_card(lang):
    for make in (operations_card, example_card):
        scene = Scene(REFERENCE_WIDTH, REFERENCE_HEIGHT)
        with using(lang):
            for item in make(0.0, 0.0):
                scene.add(item, "cards")
        assert fit_problems(scene, (PAD, 0.0, REFERENCE_WIDTH - PAD, REFERENCE_HEIGHT)) == [], make.__name__


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mod13_cards_and_deck_captions_hold_their_text(lang):
    scene = Scene(CARD_WIDTH, CARD_HEIGHT)
    with using(lang):
        for item in card_items(scene, "Q", "hearts", 0.0, 0.0, signed=True):  # the longest face: 'or -1'
            scene.add(item, "cards")
        deck = deck_document(make_sheet("a4", "5mm"), DeckOptions(signed=True, backs=True))
    assert fit_problems(scene, (1.0, 1.0, CARD_WIDTH - 1.0, CARD_HEIGHT - 1.0)) == []
    captions = [i for p in deck.pages for layer in p.scene.layers for i in layer.items
                if getattr(i, "rotate", 0) == 90 and i.text != "50 mm"]
    assert len(captions) == len(deck.pages)  # one beside the first row of every fronts and backs page
    room = CARD_HEIGHT - 2 * (MARK_GAP + 5.0)  # along the first row, clear of its crop marks
    assert all(text_width(c.text, c.font, c.size) <= room + 0.01 and c.size >= 2.0 for c in captions)


def test_no_printed_string_is_missing_from_a_catalogue():
    """The tests above asked every catalogue for every string they print: none was missing."""
    assert sorted(MISSING) == []
