"""The studio's API against the WSGI app in-process: every endpoint, bad input, the Host check and the caps."""

from __future__ import annotations

import io
import json
import re
import subprocess
import tomllib
import zipfile
from dataclasses import fields

import pytest

from modlinseq_print.geometry.addresses import address_of, cell_of
from modlinseq_print.geometry.board_files import read_board_file
from modlinseq_print.geometry.hexgrid import distance, hexagon, neighbours, ring
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import NOT_KEYS, load_preset
from modlinseq_print.kits.presets import SECTIONS, Preset
from modlinseq_print.studio import app
from modlinseq_print.studio.kit_form import GROUPS, preset_keys
from modlinseq_print.studio.limits import MAX_CELLS
from studio_client import assert_one_line_error

FIG_13A = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "
           "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11")
RULES_13A = {"board": "hex:6", "modulus": 20, "wrap": "lines"}


# --- pages, static files and the guards -------------------------------------------------------------------

@pytest.mark.parametrize("path, title", [("/", "Board designer"), ("/board", "Board designer"),
                                         ("/kit", "Kit builder"), ("/position", "Position editor")])
def test_pages_are_served_with_their_title(client, path, title):
    answer = client.get(path)
    assert answer.status == 200 and answer.headers["content-type"].startswith("text/html")
    assert f"<title>{title}" in answer.body.decode()


def test_static_files_ship_in_the_package_and_nothing_else_is_served(client):
    page = client.get("/board").body.decode()
    for name in re.findall(r'/static/([\w.]+)', page):
        assert client.get(f"/static/{name}").status == 200, name
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")  # no CDN
    assert client.get("/static/board.js").headers["content-type"].startswith("text/javascript")
    for path in ("/static/../server.py", "/static/..%2Fserver.py", "/static/%2E%2E%2Fapp.py", "/static/studio.css%00"):
        assert_one_line_error(client.get(path), 404, "no such")
    assert_one_line_error(client.get("/static/nothing.js"), 404)


@pytest.mark.parametrize("host", ["evil.example:8000", "127.0.0.1:9999", "", "localhost.evil.example:8000"])
def test_a_foreign_host_header_is_refused(client, host):
    assert_one_line_error(client.get("/board", host=host), 403, "refused")
    assert_one_line_error(client.post("/api/board/preview", {}, host=host), 403)


def test_localhost_is_the_same_host_and_a_foreign_origin_is_refused(client):
    assert client.get("/board", host="localhost:8000").status == 200
    ok = client.post("/api/board/preview", {"board": "hex:1"}, headers={"origin": "http://127.0.0.1:8000"})
    assert ok.status == 200
    bad = client.post("/api/board/preview", {"board": "hex:1"}, headers={"origin": "http://evil.example"})
    assert_one_line_error(bad, 403, "origin")


def test_request_body_rules(client):
    assert_one_line_error(client.post("/api/board/preview", raw=b"board=hex:3", content_type="text/plain"), 415, "JSON")
    assert_one_line_error(client.post("/api/board/preview", raw=b"{not json"), 400, "not valid JSON")
    assert_one_line_error(client.post("/api/board/preview", raw=b"[1, 2]"), 400, "JSON object")
    huge = client.post("/api/board/preview", raw=b'{"board": "' + b"x" * app.MAX_BODY + b'"}')
    assert_one_line_error(huge, 413, "over the limit")


def test_unknown_paths_and_methods(client):
    assert_one_line_error(client.get("/api/nothing"), 404, "no such page")
    assert_one_line_error(client.get("/api/board/preview"), 405, "GET is not allowed")


def test_an_unexpected_exception_is_one_json_line_not_a_traceback(client, monkeypatch, capsys):
    def broken(request):
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(client.app.routes, ("POST", "/api/board/preview"), broken)
    assert_one_line_error(client.post("/api/board/preview", {}), 500, "internal error", "bug")
    assert "ZeroDivisionError" in capsys.readouterr().err


# --- board designer ----------------------------------------------------------------------------------------

def test_preview_lists_every_cell_and_the_cells_that_can_be_added(client):
    data = client.post("/api/board/preview", {"board": "hex:9", "remove": ["B3", "E2"], "add": ["M46"]}).json()
    names = {c[0] for c in data["cells"]}
    assert len(names) == data["count"] == 271 - 2 + 1
    assert {"B3", "E2"} <= {g[0] for g in data["ghosts"]} and not {"B3", "E2"} & names
    m46 = cell_of("M46")
    outside = {address_of(n) for n in neighbours(m46) if distance(n) == 11}
    assert "M46" in names and outside
    assert {g[0] for g in data["ghosts"]} == {"B3", "E2"} | {address_of(c) for c in ring(10) if c != m46} | outside
    assert data["svg"].startswith("<?xml") or data["svg"].startswith("<svg")
    assert len(data["shape"]) == 6


def test_removing_cells_never_moves_or_renames_the_others(client):
    whole = {c[0]: c[1:] for c in client.post("/api/board/preview", {"board": "hex:5"}).json()["cells"]}
    cut_design = {"board": "hex:5", "remove": "E2 M3"}
    cut = {c[0]: c[1:] for c in client.post("/api/board/preview", cut_design).json()["cells"]}
    assert set(whole) - set(cut) == {"E2", "M3"}
    assert all(whole[name] == cut[name] for name in cut)


@pytest.mark.parametrize("body, words", [
    ({"board": "hex:100"}, ("30,301 cells", f"{MAX_CELLS:,}")),
    ({"board": "file:/etc/passwd"}, ("reads no file",)),
    ({"board": "hex:4", "remove": ["O3"]}, ("O3",)),
    ({"board": "hex:4", "remove": ["B500"]}, ("B500", "not on hex:4")),
    ({"board": "hex:4", "add": ["A0"]}, ("already on",)),
    ({"board": "hex:0", "remove": ["A0"]}, ("keep at least one",)),
    ({"board": "hex:4", "tile_width": "-3mm"}, ("tile width",)),
    ({"board": "hex:4", "pattern": "stripes"}, ('"Pattern" must be one of',)),
    ({"board": "hex:4", "labels": "maybe"}, ('"addresses" must be true or false',)),
    ({"board": "hex:4", "remove": ["B1"] * (MAX_CELLS + 1)}, ("at most",)),
])
def test_bad_designs_get_one_line(client, body, words):
    assert_one_line_error(client.post("/api/board/preview", body), 400, *words)


def test_page_split_matches_the_board_command(client):
    from modlinseq_print.studio.design import design_document, design_drawing, design_from

    body = {"board": "hex:9", "paper": "letter", "remove": ["B3"]}
    data = client.post("/api/board/pages", body).json()
    design = design_from(body)
    drawing, _ = design_drawing(design)
    document, _ = design_document(drawing, design)
    assert data["count"] == len(document.pages) == len(data["pages"]) + 1 == 7
    assert [p["number"] for p in data["pages"]] == list(range(1, 7))
    assert all(max(p["w"], p["h"]) < 280 and min(p["w"], p["h"]) < 216 for p in data["pages"])  # a letter sheet
    poster = client.post("/api/board/pages", {"board": "hex:9", "paper": "poster"}).json()
    assert poster == {"pages": [], "count": 1, "summary": "one poster page"}


def test_download_pdf_lacks_the_removed_addresses(client, require_tool):
    answer = client.post("/api/board/download?format=pdf", {"board": "hex:3", "paper": "poster", "remove": "B3 E5 P1"})
    assert answer.headers["content-type"] == "application/pdf" and answer.body.startswith(b"%PDF")
    assert answer.headers["content-disposition"] == 'attachment; filename="board-hex-3-edited.pdf"'
    text = subprocess.run([require_tool("pdftotext"), "-", "-"], input=answer.body, capture_output=True).stdout.decode()
    found = set(re.findall(r"\b(?:A0|[BEHMPT][0-9]+)\b", text))
    assert found == {address_of(c) for c in hexagon(3)} - {"B3", "E5", "P1"}


@pytest.mark.slow
def test_download_svg_and_png_one_file_or_a_zip_of_pages(client):
    one = client.post("/api/board/download?format=svg", {"board": "hex:2", "paper": "poster"})
    assert one.headers["content-type"] == "image/svg+xml" and b'width="' in one.body[:400]
    many = client.post("/api/board/download?format=png&dpi=30", {"board": "hex:9"})
    assert many.headers["content-type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(many.body)).namelist()
    assert names == [f"board-hex-9-{n}.png" for n in range(1, 8)]
    assert client.post("/api/board/download?format=png&dpi=30", {"board": "hex:9"}).body == many.body  # deterministic
    assert_one_line_error(client.post("/api/board/download?format=gif", {}), 400, "format must be one of")


def test_board_file_round_trip(client, tmp_path):
    design = {"board": "hex:3", "remove": ["B3", "A0"], "add": ["M7"]}
    text = client.post("/api/board/board-file", design).body.decode()
    (tmp_path / "b.txt").write_text(text)
    cells = read_board_file(tmp_path / "b.txt")
    assert {address_of(c) for c in cells} == {address_of(c) for c in hexagon(3)} - {"B3", "A0"} | {"M7"}
    loaded = client.post("/api/board/load-board-file", {"contents": text}).json()
    assert loaded["board"] == "hex:4" and loaded["count"] == len(cells)
    again = client.post("/api/board/preview", {"board": loaded["board"], "remove": loaded["remove"]}).json()
    assert {c[0] for c in again["cells"]} == {address_of(c) for c in cells}
    bad = client.post("/api/board/load-board-file", {"contents": "B3 O2"})
    assert "the uploaded board file" in assert_one_line_error(bad, 400, "O2")


def test_uploads_are_capped(client):
    huge = "B1 " * 200_000
    assert_one_line_error(client.post("/api/board/load-board-file", {"contents": huge}), 400, "at most 524,288")
    assert_one_line_error(client.post("/api/board/load-preset", {"contents": "#" * 600_000}), 400, "at most")


def test_preset_round_trip_and_its_board_file(client):
    design = {"board": "rect:7x5", "pattern": "bonus", "theme": "bw", "paper": "letter", "tile_width": "1in",
              "modulus": "11", "title": "Class set"}
    text = client.post("/api/board/preset", design).body.decode()
    data = tomllib.loads(text)
    assert data["board"] == {"spec": "rect:7x5", "pattern": "bonus", "labels": True}
    assert data["tiles"]["width"] == "1in" and data["modulus"] == 11
    loaded = client.post("/api/board/load-preset", {"contents": text}).json()
    assert loaded["board_file"] is None
    keys = ("board", "pattern", "theme", "paper", "tile_width", "modulus", "title")
    assert {k: loaded["settings"][k] for k in keys} == {**design, "modulus": 11}
    edited = client.post("/api/board/preset", {"board": "hex:3", "remove": ["B1"]}).body.decode()
    assert tomllib.loads(edited)["board"]["spec"] == "file:board-hex-3-edited.txt"
    assert client.post("/api/board/load-preset", {"contents": edited}).json()["board_file"] == "board-hex-3-edited.txt"
    bad = client.post("/api/board/load-preset", {"contents": "modulus = 1\n"})
    assert_one_line_error(bad, 400, "the uploaded preset", 'key "Modulus": must be from 2 to 99')


# --- kit builder -------------------------------------------------------------------------------------------

def test_the_form_is_generated_from_the_preset_definition(client):
    data = client.get("/api/kit/schema").json()
    keys = [f["key"] for s in data["sections"] for f in s["fields"]]
    expected = [f.name for f in fields(Preset) if f.name not in NOT_KEYS and f.name not in SECTIONS]
    for name, cls in SECTIONS.items():
        expected += [f"{name}.{f.name}" for f in fields(cls)]
    assert sorted(keys) == sorted(expected) and len(keys) == len(set(keys))
    assert [s["title"] for s in data["sections"]] == list(GROUPS)  # every key has its heading
    assert "standard" in data["presets"]
    by_key = {f["key"]: f for s in data["sections"] for f in s["fields"]}
    assert by_key["theme"]["choices"] == ["green", "bw"] and by_key["lang"]["choices"][0] == "en"
    assert by_key["tiles.cut_lines"]["choices"] == ["solid", "dashed", "none"]
    assert by_key["tiles.crop_marks"]["type"] == "bool" and by_key["tiles.width"]["unit"].startswith("length")
    assert by_key["board.spec"]["label"] == "Board" and "letter" in by_key["tiles.paper"]["suggestions"]
    # the words a choice shows: the preset file's value only where it is a word a person uses
    assert by_key["board.wrap"]["choice_words"] == ["lines stop", "lines wrap round", "lines bounce back",
                                                    "lines go on (tiled board)"]
    assert by_key["lang"]["choice_words"][:2] == ["English", "Deutsch"]
    assert by_key["theme"]["choice_words"][1] == "black & white"
    shown = {w for f in by_key.values() for w in f.get("choice_words", [])}
    assert not shown & {"bw", "bounce", "tess", "bonus-malus", "gutter-fold", "auto", "ambiguous", "en"}, shown
    assert all(len(f["choice_words"]) == len(f["choices"]) for f in by_key.values())


def test_a_new_preset_key_still_gets_a_field(monkeypatch):
    from modlinseq_print.studio import kit_form

    monkeypatch.setattr(kit_form, "GROUPS", {k: v for k, v in GROUPS.items() if k != "Exercises"})
    sections = kit_form.form_sections()
    assert sections[-1]["title"] == "More settings"
    assert [f["key"] for f in sections[-1]["fields"]] == ["exercises.count", "exercises.seed"]
    assert len(preset_keys()) == sum(len(s["fields"]) for s in sections)


def test_preset_values_and_validation_messages_name_the_key(client):
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    assert values["modulus"] == 13 and values["board.spec"] == "hex:9"
    assert client.post("/api/kit/validate", {"values": values}).json() == {"ok": True}
    bad = client.post("/api/kit/validate", {"values": {**values, "modulus": "1"}}).json()
    assert bad == {"ok": False, "key": "modulus", "error": "must be from 2 to 99, got 1"}
    typo = client.post("/api/kit/validate", {"values": {**values, "tiles.copies": "ten"}}).json()
    assert typo["key"] == "tiles.copies" and "whole number" in typo["error"]
    unknown = client.post("/api/kit/validate", {"values": {**values, "tiles.colour": "red"}}).json()
    assert unknown["key"] == "tiles.colour" and "unknown key" in unknown["error"]
    assert_one_line_error(client.get("/api/kit/preset?name=../../etc/passwd"), 400, "reads no file")
    assert_one_line_error(client.get("/api/kit/preset?name=etc-passwd"), 400, "unknown preset")


def test_page_captions_say_each_word_once():
    from modlinseq_print.studio.kit_api import _caption

    assert _caption("practice problems", "problems 1") == "practice problems 1"
    assert _caption("rules and reference card", "reference 2") == "rules and reference card 2"
    assert _caption("board", "page 3") == "board page 3"
    assert _caption("answers", "") == "answers"
    from modlinseq_print.studio.kit_api import page_captions

    captions = page_captions(build_kit(load_preset("standard")))  # each of a section's pages named by its part
    assert captions[3:5] == ["turn cards", "score pad"] and captions[-1] == "box and teacher's reference"


def test_build_and_download_the_standard_kit(client):
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    data = client.post("/api/kit/build", {"name": "standard", "values": values}).json()
    expected = build_kit(load_preset("standard")).document
    assert data["ok"] and data["pages"] == len(expected.pages) == len(data["labels"])
    assert data["labels"][0] == "cover" and data["labels"][1].startswith("rules")
    assert not [c for c in data["labels"] if re.search(r"\b(\w+)\b.*\b\1\b", c)]  # no caption says a word twice
    pdf = client.get(f"/api/kit/download?id={data['id']}")
    assert pdf.body.startswith(b"%PDF") and len(pdf.body) == data["bytes"]
    assert pdf.headers["content-disposition"] == 'attachment; filename="kit-standard.pdf"'
    picture = client.get(f"/api/kit/page?id={data['id']}&page={data['pages']}")
    assert picture.headers["content-type"] == "image/png" and picture.body.startswith(b"\x89PNG")
    width = int.from_bytes(picture.body[16:20], "big")
    assert width == 180 and len(picture.body) < 60_000
    assert client.get(f"/api/kit/page?id={data['id']}&page={data['pages']}").body == picture.body  # kept
    assert_one_line_error(client.get(f"/api/kit/page?id={data['id']}&page={data['pages'] + 1}"), 400, "page")
    assert_one_line_error(client.get("/api/kit/download?id=nope"), 404, "build it again")
    failed = client.post("/api/kit/build", {"name": "standard", "values": {**values, "board.spec": "hex:x"}}).json()
    assert failed["ok"] is False and failed["key"] == "board.spec"


def test_a_kit_build_streams_its_progress(client):
    values = client.get("/api/kit/preset?name=starter").json()["values"]
    answer = client.post("/api/kit/build", {"name": "starter", "values": values},
                         headers={"accept": "application/x-ndjson"})
    lines = [json.loads(line) for line in answer.body.decode().splitlines()]
    steps = [line for line in lines if "progress" in line]
    assert len(steps) >= 6 and all(0 < s["done"] <= s["total"] for s in steps)
    assert [s["done"] for s in steps] == sorted(s["done"] for s in steps)
    assert lines[-1]["result"]["ok"] and lines[-1]["result"]["pages"] == len(lines[-1]["result"]["labels"])
    bad = client.post("/api/kit/build", {"values": {**values, "modulus": "1"}},
                      headers={"accept": "application/x-ndjson"})
    assert json.loads(bad.body.decode().splitlines()[-1])["result"]["key"] == "modulus"


def test_preset_file_from_the_form_loads_as_the_same_preset(client, tmp_path):
    values = client.get("/api/kit/preset?name=starter").json()["values"]
    text = client.post("/api/kit/preset-file", {"name": "starter", "values": values}).body.decode()
    (tmp_path / "starter.toml").write_text(text)
    mine, shipped = load_preset(str(tmp_path / "starter.toml")), load_preset("starter")
    assert (mine.modulus, mine.board, mine.tiles, mine.markers, mine.exercises) == \
        (shipped.modulus, shipped.board, shipped.tiles, shipped.markers, shipped.exercises)


# --- position editor ---------------------------------------------------------------------------------------

def test_check_figure_13a(client):
    data = client.post("/api/position/check", {**RULES_13A, "transcript": FIG_13A}).json()
    report = data["report"]
    assert report["legal"] and report["blocked"] == ["H4"]
    nine = next(s for s in report["sequences"] if s["tiles"] == 9)
    assert (nine["msa"], nine["points"]) == ("M20-S1-A0", 28)
    assert nine["notation"] == "3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6"
    assert len(data["cells"]) == 127 and len(data["tiles"]) == len(data["transcript"].split(", "))


def test_placing_and_taking_tiles_back(client):
    start = client.post("/api/position/check", {**RULES_13A, "transcript": "3H8, 4H13"}).json()
    placed = client.post("/api/position/check", {**RULES_13A, "transcript": start["transcript"],
                                                 "cell": "H19", "value": "5"}).json()
    assert placed["transcript"] == "3H8, 4H13, 5H19" and placed["report"]["legal"]
    wrong = client.post("/api/position/check", {**RULES_13A, "transcript": placed["transcript"],
                                                "cell": "H19", "value": "9"}).json()
    assert not wrong["report"]["legal"] and wrong["transcript"] == "3H8, 4H13, 9H19"
    assert any("H19" in p["message"] for p in wrong["report"]["problems"])
    gone = client.post("/api/position/check", {**RULES_13A, "transcript": wrong["transcript"],
                                               "cell": "h19", "value": ""}).json()
    assert gone["transcript"] == "3H8, 4H13"
    wild = client.post("/api/position/check", {**RULES_13A, "transcript": "3H8", "cell": "H13", "value": "#"}).json()
    assert wild["tiles"]["H13"] == "#"


def test_the_modulus_marker_stays_out_of_the_transcript(client):
    data = client.post("/api/position/check", {"board": "hex:3", "modulus": 7, "marker": True,
                                               "transcript": "1M1"}).json()
    assert data["transcript"] == "1M1" and data["tiles"]["A0"] == "0"
    assert_one_line_error(client.post("/api/position/check", {"board": "hex:3", "modulus": 7, "marker": True,
                                                              "cell": "A0", "value": "3"}), 400, "marker")


@pytest.mark.parametrize("body, words", [
    ({"modulus": 1}, ('"Modulus" must be from 2',)),
    ({"modulus": 13, "transcript": "20A0"}, ("not below the modulus",)),
    ({"modulus": 13, "transcript": "1A0", "cell": "Z9", "value": "2"}, ("Z9",)),
    ({"modulus": 13, "wrap": "spiral"}, ('"Board edges" must be one of',)),
    ({"modulus": 13, "board": "hex:100"}, ("at most",)),
    ({"modulus": 13, "transcript": 5}, ("transcript must be text",)),
])
def test_bad_positions_get_one_line(client, body, words):
    assert_one_line_error(client.post("/api/position/check", body), 400, *words)


@pytest.mark.parametrize("fmt, magic", [("svg", b"<"), ("pdf", b"%PDF"), ("png", b"\x89PNG")])
def test_export_the_diagram_as_position_draws_it(client, fmt, magic, tmp_path):
    from modlinseq_print.cli import main

    body = {**RULES_13A, "transcript": FIG_13A, "modulus_note": "auto"}
    answer = client.post(f"/api/position/export?format={fmt}", body)
    assert answer.body.startswith(magic) and answer.headers["content-disposition"].endswith(f'position.{fmt}"')
    if fmt == "svg":
        out = tmp_path / "fig.svg"
        assert main(["position", "--board", "hex:6", "-m", "20", "--wrap", "lines", "--modulus-note",
                     "-o", str(out), FIG_13A]) == 0
        assert answer.body == out.read_bytes()


@pytest.mark.parametrize("crop, option", [("auto", []), ("crop", ["--crop"]), ("whole", ["--no-crop"])])
@pytest.mark.parametrize("transcript", ["3H8, 4H13", FIG_13A])
def test_the_crop_choices_are_the_position_commands(client, crop, option, transcript, tmp_path):
    """Automatic (the command's default: crop when the tiles and the cells around them fill at most half the
    board), around the tiles (--crop) or the whole board (--no-crop): exported exactly as the command draws them,
    and framed on the editor's board, which shows every cell."""
    from modlinseq_print.cli import main
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.position import cropped_board

    body = {**RULES_13A, "transcript": transcript, "crop": crop}
    out = tmp_path / "position.svg"
    assert main(["position", "--board", "hex:6", "-m", "20", "--wrap", "lines", *option, "-o", str(out),
                 transcript]) == 0
    assert client.post("/api/position/export?format=svg", body).body == out.read_bytes()
    data = client.post("/api/position/check", body).json()
    assert len(data["cells"]) == 127
    tiles = {cell_of(address) for address in data["tiles"]}
    near = len(cropped_board(parse_board("hex:6"), tiles, 1).cells)
    few = near * 2 <= 127  # two tiles and their neighbours: far less than half of the board
    assert few == (transcript == "3H8, 4H13")
    framed = crop == "crop" or (crop == "auto" and few)
    assert (data["crop"] or {}).get("cells") == (near if framed else None)
    if framed:
        centres = {address: (x, y) for address, x, y in data["cells"]}
        frame = data["crop"]
        inside = {a for a, (x, y) in centres.items()
                  if frame["x"] <= x <= frame["x"] + frame["w"] and frame["y"] <= y <= frame["y"] + frame["h"]}
        assert {address_of(c) for c in tiles} <= inside and len(inside) >= near


def test_the_crop_choice_is_checked(client):
    assert_one_line_error(client.post("/api/position/check", {"crop": "half"}), 400,
                          "\"Crop\" must be one of auto, crop, whole")
    default = client.post("/api/position/check", {"transcript": "1A0"}).json()
    assert default["crop"]["cells"] == 7 and default == client.post("/api/position/check",
                                                                     {"transcript": "1A0", "crop": "auto"}).json()


# --- the command and the real server -------------------------------------------------------------------------

def test_studio_command_options(cli):
    from modlinseq_print.commands.studio import is_loopback

    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    result = cli("studio", "--port", "70000", "--no-browser")
    assert result.status == 2 and "give 0 to 65535" in result.err


def test_a_download_made_with_progress_is_fetched_once(client):
    """The designer's downloads show their progress: made in a worker with a line per page drawn, then kept
    for the page to fetch, once; the same file as the plain download."""
    body = {"board": "hex:9", "paper": "a5"}
    answer = client.post("/api/board/make?format=svg", body, headers={"accept": "application/x-ndjson"})
    lines = [json.loads(line) for line in answer.body.decode().splitlines()]
    steps = [line["progress"] for line in lines if "progress" in line]
    pages = lines[-1]["result"]
    assert steps[0].startswith("drawing ") and steps[-1].startswith(f"drawn {lines[-2]['total']} of ")
    fetched = client.get(f"/api/board/file?id={pages['id']}")
    assert fetched.status == 200 and len(fetched.body) == pages["bytes"]
    assert fetched.headers["content-disposition"] == f'attachment; filename="{pages["name"]}"'
    assert fetched.body == client.post("/api/board/download?format=svg", body).body
    assert_one_line_error(client.get(f"/api/board/file?id={pages['id']}"), 404, "make it again")
    assert_one_line_error(client.post("/api/board/make?format=pdf", {"board": "hex:x"}), 400)
