"""Every documented paper size works for every printable that takes one (its pages that size, their text inside
the margins and clear of each other), down to each printable's documented least paper, in every language;
below it (and where a named size genuinely cannot hold the content: the Mod 13 tuck box on A5), one line
names the smallest paper that works."""

from pathlib import Path

import pikepdf
import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.i18n import using
from modlinseq_print.kits.build import FLOW_INSET
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.paper import PAPERS
from modlinseq_print.rules.exercises import make_worksheet
from text_fit_helpers import fit_problems

LANGUAGES = ("en", "de", "el", "es", "fr", "ru")
PRINTABLES = {
    "worksheet": ["worksheet", "--exercises", "8"],
    "reference": ["reference"],
    "mod13 reference": ["mod13", "reference"],
    "mod13 deck": ["mod13", "deck"],
    "mod13 box": ["mod13", "box"],
    "coprimality sheets": ["coprimality", "sheet"],
    "calibrate": ["calibrate"],
    "tiles": ["tiles", "--copies", "1"],
    "markers": ["markers"],
    "board": ["board", "--board", "hex:4"],
}


def page_sizes(path) -> set[tuple[float, float]]:
    """The (short, long) side of every page of a PDF, in mm."""
    with pikepdf.open(path) as pdf:
        return {tuple(sorted(round(float(v) * 25.4 / 72, 0) for v in (box[2] - box[0], box[3] - box[1])))
                for box in (page.mediabox for page in pdf.pages)}


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("printable", sorted(PRINTABLES))
def test_every_named_paper_works_for_every_printable(printable, paper, cli, tmp_path):
    out = tmp_path / "out.pdf"
    result = cli(*PRINTABLES[printable], "--paper", paper, "-o", out)
    if (printable, paper) == ("mod13 box", "a5"):  # its net is 190 x 171 mm: no way round on A5's 128 x 190 mm
        assert_one_line_error(result, "letter is the smallest that holds them", folder=tmp_path)
        return
    assert result.status == 0, result.err
    assert page_sizes(out) == {tuple(sorted(round(v, 0) for v in PAPERS[paper]))}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_named_paper_works_for_a_kit_and_its_box(paper, cli, tmp_path):
    preset = tmp_path / "kit.toml"
    preset.write_text(f'title = "A kit"\npaper = "{paper}"\n[exercises]\ncount = 6\n[box]\ninclude = true\n',
                      encoding="utf-8")
    assert cli("kit", preset, "--quiet", "-o", tmp_path / "kit.pdf").status == 0
    assert cli("box", preset, "-o", tmp_path / "box.pdf").status == 0
    short_long = tuple(sorted(round(v, 0) for v in PAPERS[paper]))
    assert page_sizes(tmp_path / "kit.pdf") == page_sizes(tmp_path / "box.pdf") == {short_long}


@pytest.mark.parametrize("args, least, below, words", [
    (["worksheet"], "105x148mm", "104x148mm", "needs at least A6 (105 x 148 mm)"),
    (["reference"], "105x148mm", "105x147mm", "needs at least A6 (105 x 148 mm)"),
    (["calibrate"], "148x210mm", "148x209mm", "needs at least A5 (148 x 210 mm)"),
    (["mod13", "reference"], "125x168mm", "124x168mm", "needs at least A5 (148 x 210 mm)"),
    (["coprimality", "sheet"], "a5", "105x148mm", "a5 is the smallest that holds it"),
], ids=["worksheet", "reference", "calibrate", "mod13 reference", "coprimality"])
def test_the_least_paper_works_and_smaller_is_refused_naming_it(args, least, below, words, cli, tmp_path):
    assert cli(*args, "--paper", least, "-o", tmp_path / "least.pdf").status == 0
    assert_one_line_error(cli(*args, "--paper", below, "-o", tmp_path / "below.pdf"), words, folder=tmp_path,
                          keep=["least.pdf"])


def test_margins_count_against_the_least_paper(cli, tmp_path):
    assert_one_line_error(cli("worksheet", "--paper", "a5", "--margin", "40mm", "-o", tmp_path / "w.pdf"),
                          "needs at least A6 (105 x 148 mm) with 10 mm margins", folder=tmp_path)


def test_a_kit_smaller_than_a5_is_refused_naming_a5(cli, tmp_path):
    preset = tmp_path / "kit.toml"
    preset.write_text('paper = "147x210mm"\n', encoding="utf-8")
    assert_one_line_error(cli("kit", preset, "--quiet", "-o", tmp_path / "kit.pdf"), "key paper",
                          "needs at least A5 (148 x 210 mm)", folder=tmp_path, keep=["kit.toml"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_text_printables_fit_a6_in_every_language(lang):
    width, height, margin = 105.0, 148.0, 10.0
    frame = (margin, margin, width - margin, height - margin)
    with using(lang):
        for modulus in (2, 13, 99):
            for scene in reference_pages(ReferenceSpec(modulus), width, height, margin + FLOW_INSET):
                assert fit_problems(scene, frame) == [], (modulus, fit_problems(scene, frame)[:3])
        problems = make_worksheet(24, 1, 13)
        questions, answers = worksheet_pages(problems, width, height, 1, margin + FLOW_INSET, 13)
        for scene in questions + answers:
            assert fit_problems(scene, frame) == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kit_on_a5_in_every_language_keeps_its_text_apart(lang):
    from modlinseq_print.kits.build import build_kit
    from modlinseq_print.kits.preset_loading import preset_from_text

    preset = preset_from_text(f'paper = "a5"\nlang = "{lang}"\n[exercises]\ncount = 8\n[box]\ninclude = true\n',
                              Path("a5.toml"))
    kit = build_kit(preset)
    for number, page in enumerate(kit.document.pages, 1):
        scene = page.scene
        assert fit_problems(scene, (0, 0, scene.width, scene.height)) == [], (number, page.label)


def a6_documents(printable: str):
    """The pages of a printable on A6 paper with the commands' margins."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle, board_scene
    from modlinseq_print.printables.board_pages import board_document
    from modlinseq_print.printables.mod13 import DeckOptions, deck_document
    from modlinseq_print.printables.pieces import PieceFaces
    from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
    from modlinseq_print.printables.tiles import TileLook, tile_set
    from modlinseq_print.render.paper import make_sheet
    from modlinseq_print.render.theme import get_theme

    if printable == "tiles":
        pieces = tile_set(13, 1, False, None, 2, 0)
        faces = PieceFaces(TileLook(), get_theme("green"), pieces)
        return build_sheets(pieces, faces, make_sheet("105x148mm"),
                            SheetOptions(layout="duplex", title="MODLINSEQ tiles")).document.pages
    if printable == "deck":
        return deck_document(make_sheet("105x148mm", 5.0), DeckOptions(backs=True)).pages
    drawing = board_scene(parse_board("hex:4" if printable == "board" else "hex:9"), BoardStyle(arrows=True))
    return board_document(drawing, "105x148mm", fit=printable == "board fitted")[0].pages


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("printable", ["tiles", "deck", "board", "board fitted"])
def test_pages_of_pieces_and_boards_fit_a6_in_every_language(printable, lang):
    """Their footers (the 50 mm scale bar and the caption beside it) stay on the page and clear of each other."""
    with using(lang):
        pages = a6_documents(printable)
    for number, page in enumerate(pages, 1):
        scene = page.scene
        assert fit_problems(scene, (0, 0, scene.width, scene.height)) == [], (number, page.label)
