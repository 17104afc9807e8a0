"""The kit builder's 3D part: shaded pictures drawn on the server, zips of the 3D plates and racks made from the
kit form, one-line errors, no file read from a request; and, in a browser, the pictures and a download."""

from __future__ import annotations

import io
import json
import os
import zipfile

import pytest

from solids_helpers import mesh_objects, png_pixels, read_3mf
from studio_client import DirectClient, assert_one_line_error
from tool_helpers import require_module
from test_studio_safety import assert_never_told, sentinel  # noqa: F401 (the sentinel fixture)


@pytest.fixture(scope="module")
def standard(client):
    """The standard preset's form values, as the kit builder loads them."""
    return client.get("/api/kit/preset?name=standard").json()["values"]


def body(values, **extra):
    return {"name": "standard", "values": values, **extra}


def test_the_options_name_every_choice(client):
    options = client.get("/api/pieces3d/options").json()
    assert options["styles"] == ["flat", "standing"] and options["numbers"] == ["raised", "sunk", "inlay"]
    assert set(options["downloads"]) == {"pieces-3mf", "pieces-stl", "rack-3mf", "rack-stl", "rack-svg", "rack-dxf"}


@pytest.mark.parametrize("view, colours", [("tile", ("yellow", "dark")), ("marker", ("dark", "yellow")),
                                           ("plate", ("yellow", "grey")), ("rack", ("yellow", "grey")),
                                           ("laser-rack", ("yellow", "wood"))])
def test_each_picture_shows_its_pieces(client, standard, view, colours):
    answer = client.post("/api/pieces3d/picture", body(standard, view=view))
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    pixels = png_pixels(answer.body).reshape(-1, 3).astype(int)
    r, g, b = pixels[:, 0], pixels[:, 1], pixels[:, 2]
    found = {"yellow": (r > 150) & (g > 110) & (b < 110) & (r - b > 80),
             "dark": pixels.max(axis=1) < 60,
             "grey": (abs(r - b) < 30) & (b > 80) & (b < 200) & (abs(r - g) < 30),
             "wood": (r > 150) & (g > 110) & (b > 70) & (b < 160) & (r - b > 40)}
    for colour in colours:
        assert found[colour].mean() > 0.01, (view, colour)


def test_the_pieces_download_is_the_commands_files(client, standard):
    answer = client.post("/api/pieces3d/download", body(standard, kind="pieces-3mf", solid={"number": "inlay"}))
    assert answer.status == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="standard-pieces-3mf.zip"'
    archive = zipfile.ZipFile(io.BytesIO(answer.body))
    assert archive.namelist() == ["standard-pieces-1.3mf", "standard-pieces-2.3mf", "standard-pieces-3.3mf",
                                  "standard-pieces.manifest.csv", "standard-pieces.manifest.json"]
    manifest = json.loads(archive.read("standard-pieces.manifest.json"))
    assert manifest["total"] == 147 and manifest["text"]["style"] == "inlay"



def test_a_downloaded_plate_reads_back(client, standard, tmp_path):
    answer = client.post("/api/pieces3d/download", body(standard, kind="pieces-3mf", solid={"style": "standing"}))
    plate = tmp_path / "plate.3mf"
    plate.write_bytes(zipfile.ZipFile(io.BytesIO(answer.body)).read("standard-pieces-3.3mf"))
    model, warnings = read_3mf(plate)
    assert warnings == [] and len(mesh_objects(model)) == 13  # the markers' plate
    assert max(v.Coordinates[2] for o in mesh_objects(model) for v in o.GetVertices()) == pytest.approx(9.6, abs=1e-4)


@pytest.mark.parametrize("kind, names", [
    ("pieces-stl", 8), ("rack-3mf", ["standard-rack.3mf"]), ("rack-stl", ["standard-rack.stl"]),
    ("rack-svg", ["standard-laser-rack.svg"]), ("rack-dxf", ["standard-laser-rack.dxf"]),
])
def test_every_download_kind(client, standard, kind, names):
    answer = client.post("/api/pieces3d/download", body(standard, kind=kind, solid={"hand": 5, "material": "4mm"}))
    assert answer.status == 200, answer.body[:200]
    listed = zipfile.ZipFile(io.BytesIO(answer.body)).namelist()
    assert (len(listed) == names) if isinstance(names, int) else (listed == names)


@pytest.mark.parametrize("request_body, status, words", [
    ({"view": "photo"}, 400, "view must be one of"),
    ({"kind": "obj"}, 400, "kind must be one of"),
    ({"solid": {"style": "domino"}}, 400, '"Tiles" must be one of'),
    ({"solid": {"hand": 31}}, 400, '"Rack for" must be from 1 to 30'),
    ({"solid": {"material": "12mm"}, "view": "laser-rack"}, 400, "12 mm thick is out of range"),
    ({"solid": {"material": "abc"}}, 400, "bad material thickness"),
    ({"solid": "flat"}, 400, "solid must be an object"),
])
def test_bad_choices_are_one_line_errors(client, standard, request_body, status, words):
    path = "/api/pieces3d/download" if "kind" in request_body else "/api/pieces3d/picture"
    assert_one_line_error(client.post(path, body(standard, **request_body)), status, words)


def test_the_kits_own_problems_are_named_by_key(client, standard):
    answer = client.post("/api/pieces3d/picture", body({**standard, "tiles.width": "12mm", "tiles.wild": 2},
                                                       view="plate"))
    assert_one_line_error(answer, 400, "at a tile width of 12 mm", "under the 0.4 mm nozzle")
    answer = client.post("/api/pieces3d/picture", body({**standard, "markers.include": False}, view="marker"))
    assert_one_line_error(answer, 400, "no modulus markers")


@pytest.mark.parametrize("path", ["/api/pieces3d/picture", "/api/pieces3d/download"])
def test_the_3d_endpoints_never_read_a_named_file(client, standard, sentinel, path):  # noqa: F811
    direct = DirectClient(client.app)  # the same app, 76 requests without the test client's threads each
    try:
        assert_never_told(direct, "POST", path, lambda name: (body(standard, solid={"material": name}), ""),
                          sentinel)
        assert_never_told(direct, "POST", path, lambda name: (body({**standard, "board.spec": name}), ""), sentinel)
    finally:
        direct.close()


@pytest.mark.slow  # a real browser
def test_the_kit_page_shows_the_pieces_in_3d_and_downloads_a_rack(tmp_path):
    sync_api = require_module("playwright.sync_api", "test")
    from test_studio_browser import CHROMIUM, LAUNCH_ARGS  # a skip (a failure in CI) without chromium

    from modlinseq_print.studio.server import StudioServer

    server = StudioServer("127.0.0.1", 0).start()
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True).new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"http://127.0.0.1:{server.port}/kit")
            sync_api.expect(page.locator("#state")).to_have_text("valid", timeout=30_000)
            code = page.locator("#fields code.key").first  # preset keys only when asked, under Advanced
            assert code.count() and not code.is_visible()
            page.locator("details.terms summary", has_text="Advanced").click()
            page.check("#show-keys")
            assert code.is_visible()
            page.select_option("#solid-number", "inlay")
            page.click("#solid-show")
            page.wait_for_selector("#solid-thumbs .drawing-now")  # a placeholder while a picture draws
            for _ in range(8):  # never an image without its picture (a broken-image icon)
                assert page.evaluate("[...document.querySelectorAll('#solid-thumbs img')]"
                                     ".filter((img) => !(img.complete && img.naturalWidth)).length") == 0
                page.wait_for_timeout(250)
            sync_api.expect(page.locator("#solid-state")).to_have_text("drawn", timeout=120_000)
            images = page.locator("#solid-thumbs img")
            assert images.count() == 5
            for k in range(5):
                assert images.nth(k).evaluate("img => img.complete && img.naturalWidth") == 640
            if os.environ.get("MODLINSEQ_STUDIO_SCREENSHOTS"):  # make previews: the picture in docs/3d-printing.md
                page.locator("#solid-show").scroll_into_view_if_needed()
                page.screenshot(path=os.path.join(os.environ["MODLINSEQ_STUDIO_SCREENSHOTS"], "3d-studio-kit.png"))
                page.set_viewport_size({"width": 390, "height": 844})  # and at a phone's width
                page.locator("#solid-pictures").scroll_into_view_if_needed()
                page.screenshot(path=os.path.join(os.environ["MODLINSEQ_STUDIO_SCREENSHOTS"],
                                                  "3d-studio-kit-phone.png"))
                page.set_viewport_size({"width": 1280, "height": 800})
            with page.expect_download(timeout=60_000) as caught:
                page.click("#solid-downloads button[data-kind=rack-dxf]")
            assert caught.value.suggested_filename == "standard-laser-rack-dxf.zip"
            target = tmp_path / "rack.zip"
            caught.value.save_as(target)
            assert zipfile.ZipFile(target).namelist() == ["standard-laser-rack.dxf"]
            assert not errors, errors
            browser.close()
    finally:
        server.stop()


def test_the_rack_holds_a_hand_of_the_kits_own_tiles(client, monkeypatch):
    """The modulus 7 starter's racks show tiles 0 to 6 (they showed modulus 13's 10, 11 and 12)."""
    from modlinseq_print.solids import rack_files
    from modlinseq_print.solids.rack import hand_values
    from modlinseq_print.studio import pieces3d_api
    from modlinseq_print.studio.exchange import Request

    shown = []

    def spy(size, look, corner, values=None):
        shown.append(hand_values(values, size.hand))
        return []

    monkeypatch.setattr(rack_files, "tiles_in_rack", spy)
    starter = client.get("/api/kit/preset?name=starter").json()["values"]
    for view in ("rack", "laser-rack"):
        pieces3d_api.picture(Request({"name": "starter", "values": starter, "view": view}, {}))
    assert len(shown) == 2 and all(hand and set(hand) <= set(range(7)) and len(set(hand)) == len(hand)
                                   for hand in shown), shown
    assert hand_values(None, 7) == [3, 10, 4, 11, 5, 12, 6]  # the docs' pictures: modulus 13
