"""PDF/X press files: the preflight passes on every press output at both levels and fails on files made
without --press or with a forbidden colour, transparency or layer added; Ghostscript's tiffsep finds only the
C, M, Y, K and die-line plates; qpdf finds nothing wrong; the same command writes the same bytes."""

import subprocess

import pikepdf
import pytest

from cli_helpers import assert_one_line_error
from tool_helpers import require_tool
from modlinseq_print.cli import main
from modlinseq_print.render.preflight import preflight

COMMANDS = {
    "tiles": ["tiles"],
    "markers": ["markers"],
    "board": ["board", "--dieline-board"],
    "deck": ["mod13", "deck"],
    "kit": ["kit", "standard", "--quiet"],
}
PLATES = {"Cyan", "Magenta", "Yellow", "Black", "CutContour"}


@pytest.fixture(scope="module")
def press_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pdfx")
    paths = {}
    for name, argv in COMMANDS.items():
        for level in ("4", "1a"):
            paths[name, level] = folder / f"{name}-{level}.pdf"
            assert main([*argv, "--press", "--pdfx", level, "-o", str(paths[name, level])]) == 0
        paths[name, None] = folder / f"{name}-plain.pdf"
        plain = [word for word in argv if word != "--dieline-board"]
        assert main([*plain, "-o", str(paths[name, None])]) == 0
    return paths


def failed(report) -> set[str]:
    return {check.name for check in report.checks if not check.passed}


@pytest.mark.parametrize("level", ["4", "1a"])
@pytest.mark.parametrize("name", COMMANDS)
def test_preflight_passes_on_every_press_output(press_files, name, level, cli):
    report = preflight(press_files[name, level], level)
    assert report.passed, [c for c in report.checks if not c.passed]
    assert report.level == {"4": "PDF/X-4", "1a": "PDF/X-1a:2003"}[level]
    result = cli("preflight", press_files[name, level])  # the level the file claims
    assert result.status == 0 and "result: PASS" in result.out and result.out.count("FAIL") == 0


@pytest.mark.parametrize("name", COMMANDS)
def test_preflight_fails_on_files_made_without_press(press_files, name, cli):
    report = preflight(press_files[name, None], "4")
    assert {"identification", "output intent", "page boxes", "CMYK and spot only"} <= failed(report)
    assert not preflight(press_files[name, None], "1a").passed
    result = cli("preflight", press_files[name, None], "--pdfx", "1a")
    assert result.status == 1 and "result: FAIL" in result.out


def edited(source, target, edit):
    """A copy of a press file with `edit(pdf)` applied to it."""
    with pikepdf.open(source) as pdf:
        edit(pdf)
        pdf.save(target)
    return target


def add_to_page(operators: bytes):
    def edit(pdf):
        page = pdf.pages[0]
        page.contents_add(pdf.make_stream(operators), prepend=False)
    return edit


@pytest.mark.parametrize("operators, check", [
    (b"1 0 0 rg 20 20 10 10 re f", "CMYK and spot only"),
    (b"0.5 g 20 20 10 10 re f", None),  # gray prints on the black plate
    (b"/DeviceRGB cs 0 1 0 sc 20 20 10 10 re f", "CMYK and spot only"),
    (b"1 1 1 0.5 k 20 20 10 10 re f", "total ink"),
    (b"/CSDie cs 1 scn 20 20 10 10 re f", "die lines overprint"),
])
def test_preflight_fails_on_a_forbidden_colour_added(press_files, tmp_path, operators, check):
    source = press_files["markers", "4"]
    bad = edited(source, tmp_path / "bad.pdf", add_to_page(operators))
    report = preflight(bad, "4")
    assert failed(report) == ({check} if check else set()), report.checks


def test_preflight_fails_on_rich_black_text_and_a_die_line_without_overprint(press_files, tmp_path):
    with pikepdf.open(press_files["markers", "4"]) as pdf:
        font = next(iter(pdf.pages[0].Resources.Font.keys()))
    text = f"BT 0.5 0.4 0.4 1 k {font} 10 Tf 30 30 Td (x) Tj ET".encode()
    assert failed(preflight(edited(press_files["markers", "4"], tmp_path / "rich.pdf", add_to_page(text)))) == \
        {"no rich black text"}

    def no_overprint(pdf):
        for page in pdf.pages:
            for state in page.Resources.get("/ExtGState", {}).values():
                state.OP = False
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/ExtGState":
                obj.OP = False
    assert failed(preflight(edited(press_files["tiles", "4"], tmp_path / "op.pdf", no_overprint))) == \
        {"die lines overprint"}


def test_preflight_1a_fails_on_transparency_and_layers_that_pdfx_4_allows(press_files, tmp_path):
    def transparent(pdf):
        page = pdf.pages[0]
        page.Resources.ExtGState = page.Resources.get("/ExtGState", pikepdf.Dictionary())
        page.Resources.ExtGState.GSHalf = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5)
        add_to_page(b"q /GSHalf gs 0 0 0 1 k 20 20 10 10 re f Q")(pdf)
    bad = edited(press_files["deck", "1a"], tmp_path / "t.pdf", transparent)
    assert failed(preflight(bad, "1a")) == {"no transparency"}
    assert preflight(bad, "4").checks[-1].name == "transparency"
    layered = press_files["deck", "4"]  # die lines in a layer: fine for X-4, not for X-1a
    assert {"no optional content", "identification"} <= failed(preflight(layered, "1a"))


def test_preflight_fails_on_a_broken_output_intent_and_missing_boxes(press_files, tmp_path):
    def gray_profile(pdf):
        intent = pdf.Root.OutputIntents[0]
        data = bytearray(intent.DestOutputProfile.read_bytes())
        data[16:20] = b"GRAY"
        intent.DestOutputProfile = pdf.make_stream(bytes(data))
    assert failed(preflight(edited(press_files["tiles", "4"], tmp_path / "g.pdf", gray_profile))) == {"output intent"}

    def no_trim(pdf):
        del pdf.pages[-1].obj["/TrimBox"]
    assert failed(preflight(edited(press_files["tiles", "4"], tmp_path / "b.pdf", no_trim))) == {"page boxes"}

    def other_title(pdf):
        pdf.docinfo.Title = "Another"
    assert failed(preflight(edited(press_files["tiles", "4"], tmp_path / "m.pdf", other_title))) == {"metadata"}


@pytest.mark.parametrize("argv, words", [
    (["NOFILE"], ["cannot read"]),
    (["NOTPDF"], ["is not a PDF"]),
    (["GOOD", "--max-ink", "0"], ["--max-ink", "1 to 400"]),
    (["GOOD", "--pdfx", "3"], ["--pdfx"]),
])
def test_bad_preflight_input_is_one_line(press_files, tmp_path, cli, argv, words):
    (tmp_path / "notpdf.pdf").write_text("hello")
    paths = {"NOFILE": tmp_path / "none.pdf", "NOTPDF": tmp_path / "notpdf.pdf", "GOOD": press_files["tiles", "4"]}
    result = cli("preflight", *[str(paths.get(word, word)) for word in argv])
    assert_one_line_error(result, *words, usage=argv[-2:] == ["--pdfx", "3"])


@pytest.mark.parametrize("level", ["4", "1a"])
@pytest.mark.parametrize("name", COMMANDS)
def test_ghostscript_separates_only_the_process_plates_and_the_die_line(press_files, tmp_path, name, level):
    gs = require_tool("gs")
    subprocess.run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dUsePDFX3Profile", "-sDEVICE=tiffsep", "-r10",
                    f"-sOutputFile={tmp_path}/p%03d.tif", str(press_files[name, level])], check=True)
    plates = {path.name.split("(")[1].split(")")[0] for path in tmp_path.glob("p*(*).tif")}
    assert plates == PLATES | ({"Crease"} if name == "kit" else set())  # the kit's box folds on a plate of its own


@pytest.mark.parametrize("level", ["4", "1a"])
@pytest.mark.parametrize("name", COMMANDS)
def test_qpdf_finds_nothing_wrong(press_files, name, level, require_tool):
    result = subprocess.run([require_tool("qpdf"), "--check", str(press_files[name, level])], capture_output=True,
                            text=True)
    assert result.returncode == 0 and "No syntax or stream encoding errors" in result.stdout, result.stdout


def test_pdfx_1a_is_pdf_1_4_without_layers_and_pdfx_4_is_pdf_1_6(press_files):
    for name in COMMANDS:
        assert press_files[name, "1a"].read_bytes()[:8] == b"%PDF-1.4"
        assert press_files[name, "4"].read_bytes()[:8] == b"%PDF-1.6"
        with pikepdf.open(press_files[name, "1a"]) as pdf:
            assert "/OCProperties" not in pdf.Root
            assert pdf.docinfo.GTS_PDFXVersion == "PDF/X-1a:2003"


@pytest.mark.parametrize("name, level", [("kit", "1a"), ("board", "4"), ("deck", "4")])
def test_the_same_command_writes_the_same_bytes_ids_and_xmp_included(press_files, tmp_path, name, level):
    again = tmp_path / "again.pdf"
    assert main([*COMMANDS[name], "--press", "--pdfx", level, "-o", str(again)]) == 0
    assert again.read_bytes() == press_files[name, level].read_bytes()


def test_ids_and_dates_come_from_the_content_and_agree(press_files):
    ids = set()
    for name in COMMANDS:
        with pikepdf.open(press_files[name, "4"]) as pdf:
            meta = pdf.open_metadata()
            ids.add(meta["xmpMM:DocumentID"])
            assert bytes(pdf.trailer.ID[0]) == bytes(pdf.trailer.ID[1])
            assert meta["xmp:CreateDate"] == "2000-01-01T00:00:00+00:00" == meta["xmp:ModifyDate"]
            assert str(pdf.docinfo.CreationDate) == "D:20000101000000+00'00'"
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and meta["dc:title"] == str(pdf.docinfo.Title)
    assert len(ids) == len(COMMANDS)  # a different document, a different ID


def test_a_page_too_large_for_pdfx_1a_is_one_line(cli, tmp_path):
    result = cli("board", "--board", "hex:90", "--paper", "poster", "--press", "--pdfx", "1a",
                 "-o", tmp_path / "out" / "b.pdf")
    assert_one_line_error(result, "--pdfx", "PDF/X-1a:2003", "PDF/X-4", folder=tmp_path / "out")
