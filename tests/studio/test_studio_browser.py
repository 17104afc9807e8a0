"""The studio end to end in a real browser: Debian's chromium, headless, driven by Playwright.

One server and one browser for the module. With MODLINSEQ_STUDIO_SCREENSHOTS=DIR (`make docs` sets it to
docs) the tests also save a screenshot of each page there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from modlinseq_print.geometry.addresses import address_of
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import hexagon
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.studio.server import make_server
from tool_helpers import missing, require_module

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
SCREENSHOTS = os.environ.get("MODLINSEQ_STUDIO_SCREENSHOTS")
FIG_13A = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "
           "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11")

sync_api = require_module("playwright.sync_api", "test")
if not os.access(CHROMIUM, os.X_OK):
    missing(f"{CHROMIUM} is not installed (as root, `make tools` installs Debian's chromium)")
expect = sync_api.expect
pytestmark = pytest.mark.slow  # a real browser: seconds a test


@pytest.fixture(scope="module")
def studio_url():
    """The studio served on a free port of 127.0.0.1 in a thread, for this module."""
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    """One headless chromium for the module."""
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page (its own context: downloads accepted), closed after the test; page errors fail the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


def screenshot(page, name: str) -> None:
    """Save the page as docs/studio-NAME.png when asked (make docs)."""
    if SCREENSHOTS:
        page.mouse.move(1, 1)  # no hover highlight in the picture
        hover = page.locator("#hover")
        if hover.count():
            hover.evaluate("el => el.style.display = 'none'")
        page.screenshot(path=str(Path(SCREENSHOTS) / f"studio-{name}.png"))


def addresses_in_pdf(path: Path) -> set[str]:
    """The cell addresses printed in a PDF, by pdftotext."""
    text = subprocess.run([shutil.which("pdftotext"), str(path), "-"], capture_output=True, check=True).stdout.decode()
    return set(re.findall(r"\b(?:A0|[BEHMPT][0-9]+)\b", text))


def test_remove_three_cells_and_download_the_pdf(page, studio_url, require_tool):
    require_tool("pdftotext")
    page.goto(f"{studio_url}/board?board=hex:4")
    expect(page.locator("#count")).to_have_text("61 cells")
    for address in ("B3", "E5", "M9"):
        page.click(f'polygon.hit[data-address="{address}"]')
        expect(page.locator(f'polygon.ghost[data-address="{address}"]')).to_have_count(1)
    expect(page.locator("#count")).to_have_text("58 cells")
    expect(page.locator("#pages-summary")).to_contain_text("pages")
    with page.expect_download() as download:
        page.click("button[data-format=pdf]")
    pdf = Path(download.value.path())
    assert download.value.suggested_filename == "board-hex-4-edited.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert addresses_in_pdf(pdf) == {address_of(c) for c in hexagon(4)} - {"B3", "E5", "M9"}


def test_the_url_carries_the_design(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:6")
    expect(page.locator("#count")).to_have_text("127 cells")
    page.select_option("select[name=pattern]", "bonus")
    page.fill("input[name=paper]", "letter")
    previews = []
    page.on("request", lambda request: previews.append(1) if request.url.endswith("/api/board/preview") else None)
    page.type("input[name=title]", "Tournament board", delay=15)  # 16 keystrokes, one preview (debounced)
    expect(page.locator('svg.view [aria-label="Tournament board"]')).to_have_count(1)
    assert len(previews) <= 2, previews
    box = page.locator('polygon.hit[data-address="B16"]').bounding_box()  # drag along the west edge: B16, B11, B7
    end = page.locator('polygon.hit[data-address="B7"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()
    expect(page.locator("#count")).to_have_text("124 cells")
    page.click('polygon.ghost[data-address="E22"]')  # and one added beyond the north edge
    expect(page.locator("#count")).to_have_text("125 cells")
    expect(page).to_have_url(re.compile(r"pattern=bonus.*paper=letter.*remove=B16%2CB11%2CB7&add=E22"))
    expect(page.locator("#pages-summary")).to_contain_text("plus an assembly page")
    shared = page.url
    edits = page.locator("#edits").inner_text()
    summary = page.locator("#pages-summary").inner_text()
    screenshot(page, "board")
    again = page.context.new_page()
    again.goto(shared)
    expect(again.locator("#count")).to_have_text("125 cells")
    assert again.locator("select[name=pattern]").input_value() == "bonus"
    assert again.locator("input[name=title]").input_value() == "Tournament board"
    assert again.locator("#edits").inner_text() == edits
    expect(again.locator("#pages-summary")).to_have_text(summary)
    assert again.locator('polygon.ghost[data-address="B11"]').count() == 1
    assert again.locator('polygon.hit[data-address="E22"]').count() == 1


def test_build_the_standard_kit(page, studio_url, require_tool):
    page.goto(f"{studio_url}/kit")
    expect(page.locator("#state")).to_have_text("valid")
    assert page.locator("select#preset-name").input_value() == "standard"
    page.fill('input[name="modulus"]', "1")
    expect(page.locator("#error-modulus")).to_have_text("key modulus: must be from 2 to 99, got 1")
    page.fill('input[name="modulus"]', "13")
    expect(page.locator("#state")).to_have_text("valid")
    expect(page.locator("#error-modulus")).to_have_text("")
    page.click("#build")
    expect(page.locator("#state")).to_have_text("built", timeout=60_000)
    pages = len(build_kit(load_preset("standard")).document.pages)
    expect(page.locator(".thumbs img")).to_have_count(pages)
    page.locator(".thumbs img").last.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0); document.querySelector('section.stage').scrollTo(0, 0)")
    screenshot(page, "kit")
    with page.expect_download() as download:
        page.click("#download")
    pdf = Path(download.value.path())
    assert download.value.suggested_filename == "kit-standard.pdf"
    info = subprocess.run([require_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Pages:\s+{pages}$", info, re.M)


def place(page, address: str, value: str) -> None:
    """Click a cell, type its value and Enter; wait for the server's answer to be drawn."""
    page.click(f'polygon.hit[data-address="{address}"]')
    page.fill("#pop-value", value)
    page.press("#pop-value", "Enter")
    page.wait_for_function(f"""document.body.dataset.busy === '0' &&
        document.querySelector('polygon.hit[data-address="{address}"]').dataset.tile === '{value}'""")


def test_place_figure_13a_cell_by_cell(page, studio_url):
    start = Position(parse_board("hex:6"), 20, {}, "lines")
    position, _ = build_position(FIG_13A, start)
    tiles = [(address_of(cell), tile.label) for cell, tile in position.tiles.items()]
    page.goto(f"{studio_url}/position")
    expect(page.locator("#verdict")).to_have_text("empty board")
    page.fill("input[name=modulus]", "20")
    page.select_option("select[name=wrap]", "lines")
    expect(page.locator("#tile-count")).to_contain_text("modulus 20, wrap lines")
    for address, value in tiles:
        place(page, address, value)
    expect(page.locator("#verdict")).to_have_text("legal")
    assert page.locator("polygon.hit.blocked").evaluate_all("els => els.map(e => e.dataset.address)") == ["H4"]
    expect(page.locator("#blocked")).to_have_text("H4")
    expect(page.locator("#tile-count")).to_contain_text(f"{len(tiles)} tiles")
    rows = page.locator("#sequences tr")
    assert rows.filter(has_text="3H8 ~ 4 ~ 5H19").inner_text().split("\t")[1:] == ["M20-S1-A0", "9", "28"]
    assert page.locator("#transcript").input_value() == ", ".join(f"{v}{a}" for a, v in tiles)
    page.click('polygon.hit[data-address="M2"]')  # the editor open on a cell, for the picture
    screenshot(page, "position")
    page.keyboard.press("Escape")
    page.click("#undo")
    expect(page.locator("#tile-count")).to_contain_text(f"{len(tiles) - 1} tiles")
    place(page, "H4", "3")  # the blocked cell takes no value
    expect(page.locator("#verdict")).to_have_text("illegal")
    expect(page.locator("#problems")).to_contain_text("H4")
