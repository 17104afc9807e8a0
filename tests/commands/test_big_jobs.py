"""Big valid jobs bounded before they start: a run's PNG images (a per-piece folder, a punchout bundle's slugs)
have at most MAX_RUN_PIXELS in all; more is refused at once, in one line, saying what fits, nothing written.
(Their times are in bench/bench_bigjobs.py, not here.)"""

from __future__ import annotations

import struct

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.printables.mod13 import CARD_HEIGHT, CARD_WIDTH, deck_cards
from modlinseq_print.printables.per_piece import POD_BLEED, check_run, image_frame
from modlinseq_print.render.resolution import MAX_RUN_PIXELS, PngError, over_run

DECK_IMAGES = len(deck_cards()) + 1  # the faces and one back


def test_a_2400_dpi_deck_folder_is_refused_with_the_dpi_that_fits(cli, tmp_path):
    result = cli("mod13", "deck", "--per-piece", tmp_path / "cards", "--dpi", "2400", "-o", tmp_path / "deck.pdf")
    assert_one_line_error(result, "53 images at 2400 dpi of 6,553 x 8,915 pixels", "300 million pixels",
                          "use --dpi 746 or less", folder=tmp_path)


def test_the_dpi_the_refusal_gives_is_the_largest_that_fits():
    def frame(dpi):
        return image_frame((CARD_WIDTH, CARD_HEIGHT), POD_BLEED, dpi)

    assert not over_run(DECK_IMAGES, frame(746).pixels)
    assert over_run(DECK_IMAGES, frame(747).pixels)
    check_run(DECK_IMAGES, frame(746))
    with pytest.raises(PngError, match="dpi=746 or less") as refused:
        check_run(DECK_IMAGES, frame(747))
    assert refused.value.field == "dpi" and refused.value.limit == 746


def test_a_deck_folder_within_the_budget_is_written_at_its_pixels(cli, tmp_path):
    result = cli("mod13", "deck", "--per-piece", tmp_path / "cards", "--dpi", "100", "-o", tmp_path / "deck.pdf")
    assert result.status == 0, result
    png = (tmp_path / "cards" / "card-A-spades.png").read_bytes()
    frame = image_frame((CARD_WIDTH, CARD_HEIGHT), POD_BLEED, 100)
    assert struct.unpack(">II", png[16:24]) == frame.pixels == (273, 371)
    assert len(list((tmp_path / "cards").glob("*.png"))) == DECK_IMAGES


def test_99900_tiles_for_a_punchout_bundle_are_refused_before_the_layout(cli, tmp_path, monkeypatch):
    from modlinseq_print.services import punchout

    laid_out = []
    real = punchout.slug_pages
    monkeypatch.setattr(punchout, "slug_pages", lambda product, pieces, *rest: laid_out.append(len(pieces)) or
                        real(product, pieces, *rest))
    result = cli("tiles", "--modulus", "999", "--copies", "100", "--service", "thegamecrafter",
                 "-o", tmp_path / "tiles.pdf")
    assert_one_line_error(result, "99,900 pieces fill about 1,561 slugs", "3,122 images of 2,475 x 3,150 pixels",
                          "at most 19 slugs (about 1,216 pieces this size)", "fewer copies", folder=tmp_path)
    assert max(laid_out) < 99_900


def test_the_slug_estimate_is_the_slugs_the_layout_fills():
    from modlinseq_print.printables.pieces import PieceFaces, set_with_markers
    from modlinseq_print.printables.tiles import TileLook
    from modlinseq_print.render.theme import get_theme
    from modlinseq_print.services.punchout import slug_pages, slugs_needed
    from modlinseq_print.services.specs import get_service

    product = get_service("thegamecrafter").product("pieces")
    pieces = set_with_markers(20, 40, False, None, 0, 0, None)
    faces = PieceFaces(TileLook(), get_theme("green"), pieces)
    slugs, per_slug = slugs_needed(product, pieces, faces, "t")
    assert slugs == len(slug_pages(product, pieces, faces, "t").document.pages) // 2 == 13
    assert per_slug == 64


@pytest.mark.parametrize("copies, refused", [(93, False), (94, True)])  # 1,209 and 1,222 pieces: 19 and 20 slugs
def test_a_bundle_of_nineteen_slugs_is_made_and_twenty_refused(copies, refused):
    from modlinseq_print.printables.pieces import PieceFaces, set_with_markers
    from modlinseq_print.printables.tiles import TileLook
    from modlinseq_print.render.theme import get_theme
    from modlinseq_print.services.punchout import check_slugs
    from modlinseq_print.services.specs import ServiceError, get_service

    product = get_service("thegamecrafter").product("pieces")
    assert 38 * product.pixels[0] * product.pixels[1] <= MAX_RUN_PIXELS < 40 * product.pixels[0] * product.pixels[1]
    pieces = set_with_markers(13, copies, False, None, 0, 0, None)
    faces = PieceFaces(TileLook(), get_theme("green"), pieces)
    if refused:
        with pytest.raises(ServiceError, match="1,222 pieces fill about 20 slugs"):
            check_slugs(product, pieces, faces, "t")
    else:
        check_slugs(product, pieces, faces, "t")
