"""A shipped kit's title is printed in the kit's language (its cover, rules sheet, box and document title); a
title of the player's own is printed as written."""

from dataclasses import replace

import pytest

from modlinseq_print.i18n import LANGUAGES, using
from modlinseq_print.kits.build import SHIPPED_TITLES, build_kit, printed_title
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.printables.cover import subtitle
from test_plain_words import scene_texts

OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


def test_every_shipped_preset_s_title_is_one_the_catalogues_translate():
    assert sorted(load_preset(name).title for name in preset_names()) == sorted(SHIPPED_TITLES)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_language_translates_every_shipped_title(lang):
    with using(lang):
        printed = [printed_title(title) for title in SHIPPED_TITLES]
    assert all(subtitle(p) != subtitle(t) and p.startswith("MODLINSEQ") for p, t in zip(printed, SHIPPED_TITLES))
    assert len(set(printed)) == len(SHIPPED_TITLES)


def test_a_russian_standard_kit_prints_its_title_in_russian_on_every_page_that_names_it():
    kit = build_kit(replace(load_preset("standard"), lang="ru"))
    texts = ["\n".join(scene_texts(page.scene)) for page in kit.document.pages]
    assert "стандартный набор" in texts[0] and "standard kit" not in "\n".join(texts)
    assert "MODLINSEQ: стандартный набор · модуль 13" in texts[1]
    assert "MODLINSEQ: стандартный набор" in texts[-1]  # the box's labels
    assert kit.document.title == "MODLINSEQ: стандартный набор"


def test_a_title_of_the_player_s_own_is_printed_as_written():
    with using("de"):
        assert printed_title("MODLINSEQ: our club's kit") == "MODLINSEQ: our club's kit"
    assert printed_title("MODLINSEQ: standard kit") == "MODLINSEQ: standard kit"
