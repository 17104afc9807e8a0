"""The print-and-play kit: its sections, counts, bookmarks, text, presets and errors."""

import json
import math
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from modlinseq_print.cli import main
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.game_length import game_lengths
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.render.scene import Text
from cli_helpers import assert_one_line_error
from tool_helpers import run_tool

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ["Rules", "Turn cards and score pad", "Board", "Tiles and modulus markers", "Box and teacher's reference"]
#: The sections of the standard kit without its box: the teacher's reference stays after the rules.
NO_BOX = ["Rules and reference card", "Turn cards and score pad", "Board", "Tiles and modulus markers"]


def no_box(preset):
    """The preset with its box left out."""
    from dataclasses import replace

    return replace(preset, box=replace(preset.box, include=False), measures=None)


@pytest.fixture(scope="module")
def standard_kit(tmp_path_factory):
    path = tmp_path_factory.mktemp("kit") / "kit-standard.pdf"
    assert main(["kit", "standard", "-o", str(path), "--quiet"]) == 0
    return path, build_kit(load_preset("standard"))


def page_text(path, first, last, layout=True):
    options = ["-layout"] if layout else []
    return run_tool("pdftotext", *options, "-f", first, "-l", last, path, "-", text=True).stdout


def section_pages(kit, title):
    first = 2
    for section in kit.sections:
        if section.title == title:
            return first, first + len(section.pages) - 1
        first += len(section.pages)
    raise KeyError(title)


def test_sections_in_order_with_counts(standard_kit):
    _, kit = standard_kit
    assert [s.title for s in kit.sections] == SECTIONS
    assert kit.counts == {"number": 130, "wild": 4, "blocker": 0, "marker": 13}
    # cover, the rules sheet, the turn cards (four to a sheet, one for each player of the largest count) and the
    # score pad, the board's pages (no assembly page), two duplex sheets, the box with the teacher's reference
    seats = max(length.players for length in game_lengths(load_preset("standard")))
    assert seats == 6  # one sheet of four cards, printed again for five or six players (the sheet says so)
    assert len(kit.document.pages) == 1 + 2 + 1 + 1 + len(kit.plan.pages) + 4 + 1 == 16
    assert kit.document.pages[0].bookmark == "Cover and contents"
    pages = kit.document.pages
    assert all(any(isinstance(i, Text) and i.text == f"page {n} of {len(pages)}" for i in p.scene.items())
               for n, p in enumerate(pages, 1))


def test_every_page_carries_one_page_number_only(standard_kit):
    """Board pages printed 'page 1 of 6' beside the kit's 'page 3 of 12', tile sheets 'sheet 1 of 2'."""
    _, kit = standard_kit
    for page in kit.document.pages:
        texts = [t.text for t in _texts(page.scene)]
        assert sum(bool(re.search(r"\b(page|sheet) \d+ of \d+", t)) for t in texts) == 1, texts


def _texts(scene):
    from modlinseq_print.render.scene import Embed, Use

    for item in scene.items():
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Use):
            yield from (i for i in scene.symbols.get(item.symbol, ()) if isinstance(i, Text))
        elif isinstance(item, Embed) and item.scale >= 1:
            yield from _texts(item.scene)


def test_pdf_passes_qpdf_and_has_a_bookmark_per_section(standard_kit, require_tool):
    require_tool("qpdf")
    path, kit = standard_kit
    subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)
    outline = json.loads(subprocess.run(["qpdf", "--json", "--json-key=outlines", str(path)],
                                        capture_output=True, text=True, check=True).stdout)["outlines"]
    titles = [(o["title"], o["destpageposfrom1"]) for o in outline]
    expected = [("Cover and contents", 1)] + [(t, section_pages(kit, t)[0]) for t in SECTIONS]
    assert titles == expected


def test_text_holds_271_addresses(standard_kit, require_tool):
    require_tool("pdftotext")
    path, kit = standard_kit
    text = page_text(path, *section_pages(kit, "Board"))
    board = parse_board("hex:9")
    found = set(re.findall(r"\b[ABEHMPT]\d+\b", text))
    assert {board.address(c) for c in board.cells} <= found


def test_text_holds_130_tiles_4_wild_and_13_markers_on_two_duplex_sheets(standard_kit, require_tool):
    require_tool("pdftotext")
    path, kit = standard_kit
    first, last = section_pages(kit, "Tiles and modulus markers")
    assert last - first + 1 == 4  # two sheets of card: fronts, backs, fronts, backs
    tokens = Counter()
    for n in (first, first + 2):  # each fronts page is followed by its backs
        tokens.update(line.strip() for line in page_text(path, n, n, layout=False).splitlines())
    # the markers 8-20 share the sheets: 8-12 appear on a tile and on a marker
    assert {v: tokens[str(v)] for v in range(21)} == {v: (10 if v < 13 else 0) + (8 <= v <= 20) for v in range(21)}
    assert tokens["#"] == 4 and tokens["mod"] == 13


def test_markers_share_the_last_tile_sheet_in_their_colour(standard_kit):
    _, kit = standard_kit
    kinds = Counter((p.piece.kind, p.slot.page) for p in kit.placements)
    assert kinds == {("number", 0): len([p for p in kit.placements if p.slot.page == 0]),
                     ("number", 1): 130 - kinds["number", 0], ("wild", 1): 4, ("marker", 1): 13}
    from modlinseq_print.render.scene import Polygon
    from modlinseq_print.render.theme import get_theme

    theme = get_theme("green")
    fronts = kit.document.pages[kit.piece_page + 2].scene  # sheet 2 fronts
    fills = Counter(i.style.fill for i in fronts.layer("tiles").items if isinstance(i, Polygon))
    assert fills[theme.marker_fill] == 13 and fills[theme.wild_fill] == 4


def test_backs_mirror_the_fronts(standard_kit):
    _, kit = standard_kit
    width = kit.document.pages[kit.piece_page].scene.width
    for p in kit.placements:
        assert p.back_page == p.page + 1
        assert p.back.x == pytest.approx(width - p.slot.x) and p.back.y == pytest.approx(p.slot.y)


def test_cover_lists_every_section_with_its_pages(standard_kit, require_tool):
    require_tool("pdftotext")
    path, kit = standard_kit
    cover = page_text(path, 1, 1)
    words = [t.text for t in _texts(kit.document.pages[0].scene)]
    for title in SECTIONS:
        first, last = section_pages(kit, title)
        assert (f"{first}" if first == last else f"{first}-{last}") in words, title
    assert "130 number tiles" in cover and "271 cells" in cover and "4 turn cards and a score pad" in cover
    assert "MODLINSEQ is a game by Dave Barber" in " ".join(cover.split())


def test_the_pdf_names_the_tool_as_author_and_creator(standard_kit):
    import pikepdf

    path, _ = standard_kit
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        assert (str(info["/Author"]), str(info["/Creator"])) == ("modlinseq-print", "modlinseq-print")
        assert str(info["/Title"]) == "MODLINSEQ: standard kit"


def test_cover_shows_the_board_assembly_with_the_kits_page_numbers(standard_kit):
    from modlinseq_print.render.scene import Circle, Embed, Polygon

    _, kit = standard_kit
    items = list(kit.document.pages[0].scene.layer("diagram").items)
    assert sum(isinstance(i, Embed) for i in items) == 1
    frames = [i for i in items if isinstance(i, Polygon) and i.style.stroke == "#c62828"]
    assert len(frames) == len(kit.plan.pages) == len(kit.sections[2].pages)  # no assembly page of its own
    first, last = section_pages(kit, "Board")
    numbers = sorted(int(i.text) for i in items if isinstance(i, Text) and i.text.isdigit())
    assert numbers == list(range(first, last + 1))  # the frames carry the kit's page numbers
    assert sum(isinstance(i, Circle) and i.style.fill == "#ffffff" for i in items) == len(numbers)
    caption = " ".join(i.text for i in kit.document.pages[0].scene.items() if isinstance(i, Text))
    assert f"kit pages {first}-{last};" in caption and f"{len(kit.plan.pages)} pages" in caption


def test_cover_shows_a_legal_game_in_progress(standard_kit):
    from modlinseq_print.render.scene import Embed

    _, kit = standard_kit
    cover = kit.document.pages[0].scene
    [picture] = [i for i in cover.layer("figures").items if isinstance(i, Embed)]
    assert picture.scene.width * picture.scale <= cover.width - 2 * 16.0 + 0.01
    tiles = [i for i in picture.scene.items() if isinstance(i, Embed)][0].scene.layer("tiles").items
    assert len(tiles) >= 20  # a network of tiles, as the cover's caption says
    words = " ".join(i.text for i in cover.items() if isinstance(i, Text))
    assert "A game in progress, modulus 13" in words and f"{len(tiles) - 1} tiles on the board" in words


def test_two_runs_give_identical_bytes(tmp_path, cli):
    one, two = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("kit", "starter", "-o", one, "--quiet").status == 0
    assert cli("kit", "starter", "-o", two, "--quiet").status == 0
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_builds(preset, tmp_path, cli):
    path = tmp_path / f"{preset}.pdf"
    result = cli("kit", preset, "-o", path, "--quiet")
    assert result.status == 0
    assert path.read_bytes().startswith(b"%PDF") and path.stat().st_size > 5000
    assert "wrote" in result.out


def test_worksheet_section_with_exercises(capsys, tmp_path):
    kit = build_kit(load_preset("standard"), exercises=6)
    assert [s.title for s in kit.sections][-2:] == ["Practice problems", "Answers"]


def test_unknown_key_is_a_one_line_error_and_no_file(tmp_path, cli):
    preset = tmp_path / "bad.toml"
    preset.write_text('modulus = 13\n[tiles]\ncolour = "red"\n', encoding="utf-8")
    result = cli("kit", preset, "-o", tmp_path / "kit.pdf")
    assert_one_line_error(result, "unknown key 'tiles.colour'", str(preset), folder=tmp_path, keep=[preset.name])


def test_a_gutter_fold_kit(tmp_path, cli, require_tool):
    require_tool("pdftotext")
    preset = tmp_path / "folded.toml"
    preset.write_text('modulus = 13\n[tiles]\nlayout = "gutter-fold"\nback_text = "BACK"\n', encoding="utf-8")
    path = tmp_path / "kit.pdf"
    assert cli("kit", preset, "-o", path, "--quiet").status == 0
    kit = build_kit(load_preset(str(preset)))
    first, last = section_pages(kit, "Tiles and modulus markers")
    assert last - first + 1 == 4  # 147 pieces, 38 fronts and their backs to a sheet: no backs pages
    tokens = Counter()
    for n in range(first, last + 1):
        tokens.update(w for line in page_text(path, n, n).splitlines() if not re.search("[a-z]", line)
                      for w in line.split())
    assert {v: tokens[str(v)] for v in range(13)} == {v: 10 + (v >= 8) for v in range(13)}  # markers 8-20 too
    assert tokens["#"] == 4 and tokens["BACK"] == 147  # every tile's and every marker's back
    cover = page_text(path, 1, 1, layout=False)
    assert "Fold each sheet along its dashed line" in re.sub(r"\s+", " ", cover)
    assert "flipping on the long edge" not in cover


def test_a_bad_layout_in_a_preset_is_a_one_line_error(tmp_path, cli):
    preset = tmp_path / "bad.toml"
    preset.write_text('[tiles]\nlayout = "sideways"\n', encoding="utf-8")
    result = cli("kit", preset, "-o", tmp_path / "kit.pdf")
    assert_one_line_error(result, "key tiles.layout", "unknown layout 'sideways'", str(preset), folder=tmp_path,
                          keep=[preset.name])


def test_the_tile_sheets_name_the_kit_page_of_their_backs(standard_kit):
    _, kit = standard_kit
    first, last = section_pages(kit, "Tiles and modulus markers")
    words = [" ".join(t.text for t in _texts(kit.document.pages[n - 1].scene)) for n in range(first, last + 1)]
    assert f"fronts; their backs are page {first + 1}" in words[0]
    assert f"the backs of page {first}: print them on its reverse" in words[1]
    assert not any("sheet 1 of" in w for w in words)


def test_the_box_is_one_page_after_the_tiles_and_leaving_it_out_gives_the_reference_its_page(standard_kit):
    _, kit = standard_kit
    without = build_kit(no_box(load_preset("standard")))
    assert [s.title for s in without.sections] == NO_BOX and len(without.document.pages) == 16
    assert len(kit.sections[-1].pages) == 1
    words = " ".join(t.text for t in _texts(kit.sections[-1].pages[0].scene))
    assert "Inside: 51.5 x 49.1 x 15.9 mm, for 147 pieces of 25 mm in 4 stacks of up to 37" in words
    assert "page 16 of 16" in words


@pytest.mark.parametrize("modulus", [24, 36, 50, 99])
def test_the_standard_kit_builds_at_large_moduli(modulus, tmp_path):
    from dataclasses import replace

    from modlinseq_print.kits.piece_counts import kit_copies
    from text_fit_helpers import fit_problems

    preset = replace(no_box(load_preset("standard")), modulus=modulus, measures=None)
    kit = build_kit(preset)
    standard = build_kit(no_box(load_preset("standard")))
    assert len(kit.document.pages) == 1 + sum(len(s.pages) for s in kit.sections)
    tiles = [len(k.sections[SECTIONS.index("Tiles and modulus markers")].pages) for k in (kit, standard)]
    assert tiles[0] <= tiles[1] + 2  # sized from the board: about as many sheets as at modulus 13
    reference = kit.sections[0]
    assert len(reference.pages) == 3  # the rules, and the card without the table when it is longer than a page
    assert all(fit_problems(p.scene, (10, 10, 200, 287)) == [] for p in reference.pages)  # the paper margin
    assert kit.counts["number"] == kit_copies(preset) * modulus < len(parse_board(preset.board.spec).cells)
    documented = re.search(r"\| standard at modulus 24 / 36 / 50 / 99 \| (\d+) / (\d+) / (\d+) / (\d+) \|",
                           (ROOT / "docs" / "kit.md").read_text())
    boxed = build_kit(replace(load_preset("standard"), modulus=modulus, measures=None))  # as `kit` makes it
    assert len(boxed.document.pages) == int(documented[(24, 36, 50, 99).index(modulus) + 1])  # as docs/kit.md says


def _kit_words(kit, section: int) -> str:
    return " ".join(i.text for page in kit.sections[section].pages for i in page.scene.items() if isinstance(i, Text))


@pytest.mark.parametrize("modulus, appendix", [(13, 0), (36, 2), (50, 2), (99, 6)])
def test_a_sequence_table_longer_than_a_page_is_an_appendix_only_when_asked(modulus, appendix):
    from dataclasses import replace

    standard = replace(no_box(load_preset("standard")), modulus=modulus, measures=None)
    without = build_kit(standard)
    asked = build_kit(replace(standard, sequence_appendix=True))
    listed = [sum(bool(re.fullmatch(rf"M{modulus}-S\d+-A\d+", i.text)) for page in kit.document.pages
                  for i in page.scene.items() if isinstance(i, Text)) for kit in (without, asked)]  # table rows
    titles = [s.title for s in asked.sections]
    if not appendix:  # the table fits a page: on the card either way, and no appendix
        assert titles == NO_BOX and listed[0] == listed[1] > 0
        assert len(asked.document.pages) == len(without.document.pages)
        return
    assert [s.title for s in without.sections] == NO_BOX and listed[0] == 0
    assert f"Modulus {modulus} has " in _kit_words(without, 0)  # the card says why the table is not there
    assert titles == NO_BOX + ["Appendix: every sequence"] and len(asked.sections[-1].pages) == appendix
    assert listed[1] == sum(math.gcd(s, modulus) for s in range(1, modulus // 2 + 1))  # every sequence, once
    assert len(asked.document.pages) == len(without.document.pages) + appendix


def test_assembly_frames_stand_out_from_the_board_under_them():
    from modlinseq_print.printables.board import board_scene
    from modlinseq_print.render.pagination_pages import FRAME_COLOURS, _delta_e, frame_colour

    plain = board_scene(parse_board("hex:9")).scene
    tess = board_scene(parse_board("tess:3")).scene  # red pseudocells: a red frame would vanish on them
    assert frame_colour(plain) == "#c62828" and frame_colour(tess) != "#c62828"
    assert min(_delta_e(frame_colour(tess), colour) for colour in ("#e57373", "#7f1d1d", "#3a9a4b", "#ffffff")) >= 40
    assert set(FRAME_COLOURS) >= {frame_colour(plain), frame_colour(tess)}
