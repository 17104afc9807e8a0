"""Press-ready PDFs (--press) read back with pikepdf: boxes on every page, nothing in RGB, the die line as a
Separation colour at 0.25 pt that overprints inside an optional-content group; qpdf accepts every file."""

import subprocess

import pikepdf
import pytest

from modlinseq_print.cli import main
from press_helpers import PT_PER_MM, box_mm, die_blocks, has_device_rgb, streams

COMMANDS = {
    "tiles": ["tiles"],
    "markers": ["markers"],
    "board": ["board", "--dieline-board"],
    "deck": ["mod13", "deck", "--backs"],
    "reference": ["mod13", "reference"],
    "kit": ["kit", "standard", "--quiet"],
}
#: Die lines each file must hold: one per tile, marker and card front, one board outline per board page
#: that shows its edge (checked separately), and none for the kit's board.
DIE_COUNTS = {"tiles": 130, "markers": 13, "deck": 52, "reference": 2}


@pytest.fixture(scope="module")
def press_pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("press")
    paths = {}
    for name, argv in COMMANDS.items():
        paths[name] = folder / f"{name}.pdf"
        assert main([*argv, "--press", "-o", str(paths[name])]) == 0
    return paths


@pytest.mark.parametrize("name", COMMANDS)
def test_every_page_has_trim_and_bleed_boxes_inside_a_media_box_with_room_for_marks(press_pdfs, name):
    with pikepdf.open(press_pdfs[name]) as pdf:
        assert len(pdf.pages) >= 1
        for page in pdf.pages:
            media, trim, bleed = (box_mm(page, key) for key in ("/MediaBox", "/TrimBox", "/BleedBox"))
            assert bleed == pytest.approx((trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3), abs=0.01)
            assert media[0] == 0 and media[1] == 0
            slug = trim[0]
            assert slug == pytest.approx(11.0, abs=0.01)  # bleed 3 + 1 mm + a 6 mm crop mark + 1 mm spare
            assert media[2] == pytest.approx(trim[2] + slug, abs=0.01)
            assert media[3] == pytest.approx(trim[3] + slug, abs=0.01)


def test_the_trim_is_the_paper(press_pdfs):
    with pikepdf.open(press_pdfs["tiles"]) as pdf:
        trim = box_mm(pdf.pages[0], "/TrimBox")
        assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx((210.0, 297.0), abs=0.01)


@pytest.mark.parametrize("name", COMMANDS)
def test_no_rgb_anywhere_only_cmyk_and_the_separation(press_pdfs, name):
    with pikepdf.open(press_pdfs[name]) as pdf:
        assert not has_device_rgb(pdf)
        colour_ops = set()
        for _, resources, ops in streams(pdf):
            names = {op for _, op in ops}
            assert not names & {"rg", "RG", "g", "G", "sc", "SC"}, names
            colour_ops |= names & {"k", "K", "cs", "CS", "scn", "SCN"}
            spaces = resources.get("/ColorSpace", {}) if resources is not None else {}
            for space in spaces.values():
                assert space[0] == "/Separation" and space[2] == "/DeviceCMYK"
        assert {"k", "K"} <= colour_ops


@pytest.mark.parametrize("name", COMMANDS)
def test_text_black_is_black_ink_alone(press_pdfs, name):
    with pikepdf.open(press_pdfs[name]) as pdf:
        fills = [tuple(float(v) for v in operands) for _, _, ops in streams(pdf) for operands, op in ops if op == "k"]
        # the deck prints its black suits and text in #111111: 93 % black ink alone
        if name not in ("deck", "reference"):
            assert (0.0, 0.0, 0.0, 1.0) in fills
        for c, m, y, k in fills:  # no rich black: a full black never comes with colour under it
            assert not (k == 1.0 and c + m + y > 0)


@pytest.mark.parametrize("name", COMMANDS)
def test_die_lines_are_the_cutcontour_separation_overprinting_in_an_optional_content_group(press_pdfs, name):
    with pikepdf.open(press_pdfs[name]) as pdf:
        groups = pdf.Root.OCProperties.OCGs
        creases = ["Crease"] if name == "kit" else []  # the kit's box folds
        assert [str(g.Name) for g in groups] == ["CutContour", *creases]
        assert list(pdf.Root.OCProperties.D.ON) == list(groups)
        paths = 0
        for _owner, resources, ops in streams(pdf):
            for block in die_blocks(ops):
                names = [op for _, op in block]
                assert names[:5] == ["q", "gs", "CS", "SCN", "w"]
                state = resources.ExtGState[block[1][0][0]]
                assert state.OP is True
                space = resources.ColorSpace[block[2][0][0]]
                if str(space[1]) == "/Crease" and creases:  # the box's folds: a separation of their own
                    continue
                assert (str(space[0]), str(space[1]), str(space[2])) == ("/Separation", "/CutContour", "/DeviceCMYK")
                assert [float(v) for v in block[3][0]] == [1.0]  # 100 % tint
                assert float(block[4][0][0]) * PT_PER_MM * 1.0 == pytest.approx(0.25, abs=0.001)  # 0.25 pt
                assert set(names[5:]) <= {"d", "m", "l", "h", "S", "Q"}  # stroke only, never filled
                paths += names.count("S")
            bdcs = [operands for operands, op in ops if op == "BDC"]
            for tag, prop in bdcs:
                assert tag == "/OC" and any(resources.Properties[prop] == group for group in groups)
        assert paths > 0
        if name in DIE_COUNTS:
            assert paths == DIE_COUNTS[name]


def test_the_kit_board_has_no_die_line_but_its_pieces_do(press_pdfs):
    with pikepdf.open(press_pdfs["kit"]) as pdf:
        per_page = []
        for page in pdf.pages:
            ops = [(list(a), str(o)) for a, o in pikepdf.parse_content_stream(page)]
            per_page.append(sum(op == "S" for block in die_blocks(ops) for _, op in block))
        assert sum(per_page[:-1]) == 130 + 4 + 13  # tiles, wild tiles and markers of the standard preset
        assert per_page[-1] > 0  # the box's tray and lid, on the last page
        assert per_page[0] == 0  # the cover


@pytest.mark.parametrize("name", COMMANDS)
def test_qpdf_accepts_the_file(press_pdfs, name, require_tool):
    require_tool("qpdf")
    result = subprocess.run(["qpdf", "--check", str(press_pdfs[name])], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No syntax or stream encoding errors" in result.stdout


@pytest.mark.parametrize("name", ["tiles", "board"])
def test_byte_identical_run_to_run(press_pdfs, name, tmp_path):
    again = tmp_path / "again.pdf"
    assert main([*COMMANDS[name], "--press", "-o", str(again)]) == 0
    assert again.read_bytes() == press_pdfs[name].read_bytes()


def test_dieline_name_and_bleed_options(tmp_path):
    out = tmp_path / "cards.pdf"
    assert main(["mod13", "deck", "--press", "--dieline-name", "Dieline", "--press-bleed", "0.125in",
                 "-o", str(out)]) == 0
    with pikepdf.open(out) as pdf:
        assert str(pdf.Root.OCProperties.OCGs[0].Name) == "Dieline"
        trim, bleed = box_mm(pdf.pages[0], "/TrimBox"), box_mm(pdf.pages[0], "/BleedBox")
        assert trim[0] - bleed[0] == pytest.approx(3.175, abs=0.01)
        assert str(pdf.pages[0].Resources.ColorSpace.CSDie[1]) == "/Dieline"


def test_press_mode_spaces_pieces_for_the_die_and_bleeds_them(tmp_path):
    plain, press = tmp_path / "plain.pdf", tmp_path / "press.pdf"
    assert main(["tiles", "-o", str(plain)]) == 0
    assert main(["tiles", "--press", "-o", str(press)]) == 0
    import csv

    def slots(path):
        rows = [r for r in csv.DictReader(open(path.with_name(path.stem + ".manifest.csv")))
                if not r["kind"].startswith("total")]
        return [(float(r["x_mm"]), float(r["y_mm"])) for r in rows if r["sheet"] == "1"]

    plain_slots, press_slots = slots(plain), slots(press)
    assert len(press_slots) <= len(plain_slots)
    nearest = min(abs(a[0] - b[0]) for a in press_slots for b in press_slots if a != b and a[1] == b[1])
    plain_nearest = min(abs(a[0] - b[0]) for a in plain_slots for b in plain_slots if a != b and a[1] == b[1])
    assert nearest >= plain_nearest + 1.0 - 1e-6  # the 2 mm gap grew to 3 mm


def test_without_press_the_pdf_stays_rgb_without_boxes(tmp_path):
    out = tmp_path / "tiles.pdf"
    assert main(["tiles", "-o", str(out)]) == 0
    with pikepdf.open(out) as pdf:
        assert "/TrimBox" not in pdf.pages[0].obj and "/OCProperties" not in pdf.Root
        ops = {op for _, _, stream in streams(pdf) for _, op in stream}
        assert "rg" in ops and not ops & {"k", "K", "BDC"}
