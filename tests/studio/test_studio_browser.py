"""The studio end to end in a real browser: Debian's chromium, headless, driven by Playwright.

One server and one browser for the module. With MODLINSEQ_STUDIO_SCREENSHOTS=DIR (`make previews` sets it to
docs) the tests also save the screenshots of the pages there, desktop and phone, and record what each shows
in DIR/studio-screenshots.json (test_studio_screenshots.py checks that record against today's studio).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from modlinseq_print.geometry.addresses import address_of, cell_of
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import hexagon, ring
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.position import cropped_board
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.studio.server import StudioServer
from tool_helpers import missing, require_module, run_tool

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
SCREENSHOTS = os.environ.get("MODLINSEQ_STUDIO_SCREENSHOTS")
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FIG_13A = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "
           "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

sync_api = require_module("playwright.sync_api", "test")
if not os.access(CHROMIUM, os.X_OK):
    missing(f"{CHROMIUM} is not installed (as root, `make tools` installs Debian's chromium)")
expect = sync_api.expect
pytestmark = pytest.mark.slow  # a real browser: seconds a test


@pytest.fixture(scope="module")
def studio_server():
    """The studio served on a free port of 127.0.0.1 in a thread, for this module."""
    server = StudioServer("127.0.0.1", 0).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def studio_url(studio_server):
    """The address of the studio served for this module."""
    return f"http://127.0.0.1:{studio_server.port}"


@pytest.fixture(scope="module")
def browser():
    """One headless chromium for the module."""
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


def new_page(browser, viewport=DESKTOP, **options):
    context = browser.new_context(viewport=viewport, accept_downloads=True, **options)
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.on("console", lambda note: tab.errors.append(note.text) if note.type == "error" else None)
    return tab


@pytest.fixture
def page(browser):
    """A fresh desktop page (its own context: downloads accepted); page and console errors fail the test."""
    tab = new_page(browser)
    yield tab
    tab.context.close()
    assert not tab.errors, tab.errors


@pytest.fixture
def phone(browser):
    """A fresh 390 x 844 page, as on a phone."""
    tab = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    yield tab
    tab.context.close()
    assert not tab.errors, tab.errors


def shown_state(page, kind: str) -> dict:
    """What a page shows, as test_studio_screenshots.py checks it against today's studio."""
    query = page.url.split("?", 1)[1] if "?" in page.url else ""
    if kind == "board":
        return {"page": "board", "query": query, "cells": int(page.locator("#count").inner_text().split()[0]),
                "pages": page.locator("#pages-summary").inner_text()}
    if kind == "kit":
        return {"page": "kit", "preset": page.locator("#preset-name").input_value(),
                "pages": page.locator(".thumbs img").count(),
                "summary": page.locator("#summary").inner_text().rsplit(",", 1)[0]}
    return {"page": "position", "query": query, "verdict": page.locator("#verdict").inner_text(),
            "tiles": int(page.locator("#tile-count").inner_text().split()[0]),
            "blocked": page.locator("#blocked span").all_text_contents()}


def screenshot(page, name: str, kind: str) -> None:
    """Save the page as DIR/studio-NAME.png when asked (make previews), and record what it shows beside it."""
    if not SCREENSHOTS:
        return
    state = shown_state(page, kind)
    page.mouse.move(1, 1)  # no hover highlight nor keyboard cursor in the picture
    page.evaluate("document.activeElement && document.activeElement.tagName === 'svg' && document.activeElement.blur()")
    page.evaluate("document.getElementById('hover') && (document.getElementById('hover').style.display = 'none')")
    page.screenshot(path=str(Path(SCREENSHOTS) / f"studio-{name}.png"))
    record = Path(SCREENSHOTS) / "studio-screenshots.json"
    states = json.loads(record.read_text()) if record.exists() else {}
    states[name] = state
    record.write_text(json.dumps(dict(sorted(states.items())), indent=2) + "\n")


def settled(page) -> None:
    """Wait until the page's requests are answered and drawn."""
    page.wait_for_function("() => document.body.dataset.busy === '0'", timeout=30_000)


def cell_point(page, address: str) -> tuple[float, float]:
    """Where a cell is on the screen (the view finds cells by position: there is no element per cell)."""
    return tuple(page.evaluate("""(address) => {
        const [x, y] = view.cells.get(address);
        const p = new DOMPoint(x, y).matrixTransform(view.svg.getScreenCTM());
        return [p.x, p.y]; }""", address))


def click_cell(page, address: str) -> None:
    page.mouse.click(*cell_point(page, address))


def addresses_in_pdf(path: Path) -> set[str]:
    """The cell addresses printed in a PDF, by pdftotext."""
    text = run_tool("pdftotext", path, "-").stdout.decode()
    return set(re.findall(r"\b(?:A0|[BEHMPT][0-9]+)\b", text))


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


# --- board designer ----------------------------------------------------------------------------------------

def test_remove_three_cells_and_download_the_pdf(page, studio_url, require_tool):
    require_tool("pdftotext")
    page.goto(f"{studio_url}/board?board=hex:4")
    expect(page.locator("#count")).to_have_text("61 cells")
    settled(page)
    for address in ("B3", "E5", "M9"):
        click_cell(page, address)
        assert page.evaluate(f"!isOn('{address}')")  # at once
        page.wait_for_function(f"() => shown.ghosts.has('{address}')")  # and in the server's drawing
    expect(page.locator("#count")).to_have_text("58 cells")
    page.wait_for_url(re.compile(r"remove=B3%2CE5%2CM9"))
    settled(page)
    expect(page.locator("#marks polygon")).to_have_count(0)  # the server's drawing has them now
    expect(page.locator("#pages-summary")).to_contain_text("pages")
    with page.expect_download() as download:
        page.click("button[data-format=pdf]")
    pdf = Path(download.value.path())
    assert download.value.suggested_filename == "board-hex-4-edited.pdf"
    assert addresses_in_pdf(pdf) == {address_of(c) for c in hexagon(4)} - {"B3", "E5", "M9"}


def test_the_url_carries_the_design(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:6")
    expect(page.locator("#count")).to_have_text("127 cells")
    page.select_option("select[name=pattern]", "bonus")
    page.fill("input[name=paper]", "letter")
    previews = []
    page.on("request", lambda request: previews.append(1) if request.url.endswith("/api/board/preview") else None)
    page.type("input[name=title]", "Tournament board", delay=15)  # 16 keystrokes, one preview (debounced)
    page.wait_for_url(re.compile("Tournament"))
    settled(page)
    assert len(previews) <= 2, previews
    page.mouse.move(*cell_point(page, "B16"))  # drag along the west edge: B16, B11, B7
    page.mouse.down()
    page.mouse.move(*cell_point(page, "B7"), steps=12)
    page.mouse.up()
    expect(page.locator("#count")).to_have_text("124 cells")
    settled(page)
    click_cell(page, "E22")  # and one added beyond the north edge
    expect(page.locator("#count")).to_have_text("125 cells")
    expect(page).to_have_url(re.compile(r"pattern=bonus.*paper=letter.*remove=B16%2CB11%2CB7&add=E22"))
    settled(page)
    expect(page.locator("#pages-summary")).to_contain_text("plus an assembly page")
    shared, edits = page.url, page.locator("#edits").inner_text()
    summary = page.locator("#pages-summary").inner_text()
    screenshot(page, "board", "board")
    again = page.context.new_page()
    again.goto(shared)
    expect(again.locator("#count")).to_have_text("125 cells")
    assert again.locator("select[name=pattern]").input_value() == "bonus"
    assert again.locator("input[name=title]").input_value() == "Tournament board"
    assert again.locator("#edits").inner_text() == edits
    expect(again.locator("#pages-summary")).to_have_text(summary)
    assert again.evaluate("!isOn('B11') && isOn('E22')")


def test_the_largest_board_is_quick_to_use(page, studio_url):
    """hex:57: hover asks the server nothing, a click shows before the server answers, page numbers never
    overlap (the times are measured by bench/bench_studio.py)."""
    page.goto(f"{studio_url}/board?board=hex:57")
    expect(page.locator("#count")).to_have_text("9919 cells", timeout=30_000)
    settled(page)
    requests = []
    page.on("request", lambda request: requests.append(request.url) if "/api/" in request.url else None)
    for address in ("A0", "B20", "M40", "H55", "T3"):
        page.mouse.move(*cell_point(page, address))
        expect(page.locator("#hover")).to_have_text(address)
    assert requests == []
    page.route("**/api/board/preview", lambda route: None)  # the answer never comes: what shows is the page's own
    click_cell(page, "M40")
    expect(page.locator('#marks polygon.mark-off[data-address="M40"]')).to_have_count(1)
    expect(page.locator("#count")).to_have_text("9918 cells")
    boxes = page.evaluate("[...document.querySelectorAll('#pages text')].map(t => { const b = t.getBBox(); "
                          "return [b.x, b.y, b.x + b.width, b.y + b.height]; })")
    assert len(boxes) > 100
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)


TEN_IN_A_LINE = """([dx, dy, inset]) => {
    // Ten cells one after another along a line of the board (dx, dy in cell widths), all inside the board's frame.
    const frame = document.querySelector('.canvas').getBoundingClientRect();
    const ctm = view.svg.getScreenCTM();
    const screen = (a) => { const [x, y] = view.cells.get(a); const p = new DOMPoint(x, y).matrixTransform(ctm); \
return [p.x, p.y]; };
    const inside = ([x, y]) => x > frame.left + inset && x < frame.right - inset && y > frame.top + inset
        && y < Math.min(frame.bottom, innerHeight) - inset;
    for (const start of shown.cells) {
        const [x, y] = view.cells.get(start);
        const chain = [];
        for (let k = 0; k < 10; k++) {
            const a = view.cellAt(x + k * dx * view.step, y + k * dy * view.step);
            if (!a || !shown.cells.has(a) || !inside(screen(a))) break;
            chain.push(a);
        }
        if (chain.length === 10) return chain.map((a) => [a, ...screen(a)]);
    }
    return null; }"""

WATCH_BOARD = """() => { window.boardPlaces = new Set(); const look = () => {
    const r = view.svg.getBoundingClientRect(); \
boardPlaces.add(`${r.left.toFixed(1)},${r.top.toFixed(1)},${r.width.toFixed(1)}`);
    if (!window.stopWatching) requestAnimationFrame(look); }; look(); }"""


def ten_taps(tab, line, tap) -> None:
    """Ten cells tapped (or clicked) 150 ms apart where they were on the screen before the first; the board
    stays where it was through every recomputation, and exactly those cells are removed."""
    tab.evaluate(WATCH_BOARD)
    for _, x, y in line:
        tap(x, y)
        tab.wait_for_timeout(150)
    settled(tab)
    tab.wait_for_timeout(300)
    tab.evaluate("window.stopWatching = true")
    assert tab.evaluate("[...boardPlaces]").__len__() == 1, tab.evaluate("[...boardPlaces]")
    assert tab.evaluate("removed") == [address for address, _, _ in line]
    expect(tab.locator("#count")).to_have_text(f"{len(hexagon(9)) - 10} cells")


def test_ten_taps_150_ms_apart_on_a_phone_remove_exactly_those_cells(phone, studio_url):
    phone.goto(f"{studio_url}/board?board=hex:9")
    settled(phone)
    sizes = phone.evaluate("[...view.cells.keys()].length && view.step * view.svg.getScreenCTM().a")
    assert sizes >= 44, f"a cell is {sizes:.0f} px wide on a phone"  # a finger's target
    # at 44 px a row of ten is wider than the phone: ten cells of one of the board's slanting lines
    line = phone.evaluate(TEN_IN_A_LINE, [0.5, 3 ** 0.5 / 2, 24])
    assert line, "no ten cells in a line on the screen"
    ten_taps(phone, line, phone.touchscreen.tap)
    screenshot(phone, "board-phone-zoomed", "board")


def test_ten_clicks_150_ms_apart_on_a_row_remove_exactly_those_cells(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:9")
    settled(page)
    line = page.evaluate(TEN_IN_A_LINE, [1, 0, 4])
    ten_taps(page, line, page.mouse.click)


def test_a_finger_that_drags_moves_the_board_and_changes_no_cell(phone, studio_url):
    phone.goto(f"{studio_url}/board?board=hex:9")
    settled(phone)
    before = phone.evaluate("document.getElementById('canvas').scrollLeft")
    phone.evaluate("document.getElementById('zoom-fit').click()")
    expect(phone.locator("#canvas")).not_to_have_class(re.compile("zoomed"))
    x, y = cell_point(phone, "A0")
    phone.touchscreen.tap(x, y)  # cells too small for a finger: the tap zooms in there
    expect(phone.locator("#canvas")).to_have_class(re.compile("zoomed"))
    assert phone.evaluate("removed") == [] and before >= 0


def test_the_zoom_buttons_work_when_enabled_and_a_zoomed_board_is_drawn_again(page, studio_url):
    """At the whole board, zooming out and "Whole board" do nothing and are disabled; zooming in asks for a
    drawing as wide as the board now shows, so the addresses too small before are drawn."""
    page.goto(f"{studio_url}/board?board=hex:9")
    settled(page)
    assert page.locator("#zoom-out").is_disabled() and page.locator("#zoom-fit").is_disabled()
    widths = []
    page.on("request", lambda r: widths.append(json.loads(r.post_data)["screen_width"])
            if r.url.endswith("/api/board/preview") else None)
    with page.expect_response("**/api/board/preview") as answer:
        page.click("#zoom-in")
    drawn = answer.value.json()["svg"]
    assert widths and widths[-1] >= 1.4 * page.evaluate("view.svg.clientWidth / 1.5")
    assert drawn.count("<text") >= len(hexagon(9))  # an address in every cell
    expect(page.locator("#zoom-fit")).to_be_enabled()
    page.click("#zoom-fit")
    expect(page.locator("#zoom-fit")).to_be_disabled()


PAGE_LABELS = """() => [...document.querySelectorAll('#pages text.page-number')].map((label) => ({
    text: label.textContent, px: parseFloat(label.getAttribute('font-size')) * view.svg.getScreenCTM().a }))"""
PAGE_LABEL_PX = 14  # the page's own text size: a page label is never drawn larger


def page_labels_are_the_size_of_text(tab, where: str) -> list[dict]:
    labels = tab.evaluate(PAGE_LABELS)
    assert labels, f"no page label {where}"
    sizes = sorted({round(label["px"], 1) for label in labels})
    assert len(sizes) == 1 and 9 <= sizes[0] <= PAGE_LABEL_PX + 0.05, (where, labels)
    return labels


def test_the_page_labels_stay_the_size_of_text_at_every_zoom(phone, page, studio_url):
    """The printed pages' labels on the board: the same size on a phone before and after zooming in (the zoom
    control and a tap), after showing the whole board, and on a desktop; never larger than the page's text."""
    phone.goto(f"{studio_url}/board?board=hex:9")
    settled(phone)
    page_labels_are_the_size_of_text(phone, "on opening (zoomed to a finger's size)")
    for step, control in (("zoomed in", "#zoom-in"), ("zoomed out", "#zoom-out"), ("whole board", "#zoom-fit")):
        phone.locator(control).tap()
        page_labels_are_the_size_of_text(phone, step)
    x, y = cell_point(phone, "A0")
    phone.touchscreen.tap(x, y)  # cells too small for a finger: the tap zooms in there
    expect(phone.locator("#canvas")).to_have_class(re.compile("zoomed"))
    labels = page_labels_are_the_size_of_text(phone, "after a tap zoomed in")
    assert all(label["text"].startswith("page ") for label in labels), labels  # room for the word when zoomed
    page.goto(f"{studio_url}/board?board=hex:9")
    settled(page)
    page_labels_are_the_size_of_text(page, "on a desktop")


def test_a_long_download_shows_its_progress_and_waits(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:12")
    settled(page)
    with page.expect_download() as download:
        page.click("button[data-format=png]")
        expect(page.locator("#download-progress")).to_be_visible()
        expect(page.locator("button[data-format=png]")).to_be_disabled()
        expect(page.locator("#download-step")).to_contain_text("page")
    assert download.value.suggested_filename.startswith("board-hex-12")
    expect(page.locator("#download-progress")).to_be_hidden()
    expect(page.locator("button[data-format=png]")).to_be_enabled()


# --- kit builder -------------------------------------------------------------------------------------------

def test_build_the_standard_kit(page, studio_url, require_tool):
    page.goto(f"{studio_url}/kit")
    expect(page.locator("#state")).to_have_text("valid")
    assert page.locator("select#preset-name").input_value() == "standard"
    assert page.locator("#fields legend").all_text_contents() == ["Kit", "Board", "Tiles", "Sheets", "Printing",
                                                                "Players' aids", "Exercises", "Language"]
    assert page.locator("#f-tiles-crop_marks").get_attribute("type") == "checkbox"
    assert page.locator("#f-tiles-cut_lines").evaluate("el => el.tagName") == "SELECT"
    expect(page.locator('label[for="f-tiles-width"] code')).to_have_text("tiles.width")
    page.fill('input[name="modulus"]', "1")
    expect(page.locator("#error-modulus")).to_have_text("must be from 2 to 99, got 1")
    assert page.locator('input[name="modulus"]').get_attribute("aria-invalid") == "true"
    page.fill('input[name="modulus"]', "13")
    expect(page.locator("#state")).to_have_text("valid")
    expect(page.locator("#error-modulus")).to_have_text("")
    page.click("#build")
    expect(page.locator("#state")).to_have_text("built", timeout=60_000)
    pages = len(build_kit(load_preset("standard")).document.pages)
    expect(page.locator(".thumbs img")).to_have_count(pages)
    first = page.locator(".thumbs img").first
    expect(first).to_have_attribute("src", re.compile(r"/api/kit/page\?id=\w+&page=1"))
    page.wait_for_function("() => document.querySelector('.thumbs img').naturalWidth === 180", timeout=30_000)
    if SCREENSHOTS:  # every picture drawn, for the docs
        page.wait_for_function("() => [...document.querySelectorAll('.thumbs img')].every(i => i.complete)",
                               timeout=90_000)
    screenshot(page, "kit", "kit")
    with page.expect_download() as download:
        page.click("#download")
    pdf = Path(download.value.path())
    assert download.value.suggested_filename == "kit-standard.pdf"
    info = subprocess.run([require_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Pages:\s+{pages}$", info, re.M)


def test_type_then_click_build_at_once(page, studio_url):
    page.goto(f"{studio_url}/kit")
    expect(page.locator("#state")).to_have_text("valid")
    box = page.locator('input[name="tiles.copies"]')
    box.click()
    box.press("Control+a")
    page.keyboard.type("2")  # and straight on to Build: its check fires when the field loses focus
    page.click("#build")
    expect(page.locator("#state")).to_have_text("built", timeout=60_000)
    preset = load_preset("standard")
    from dataclasses import replace

    expected = build_kit(replace(preset, tiles=replace(preset.tiles, copies=2))).document.pages
    expect(page.locator(".thumbs img")).to_have_count(len(expected))
    assert page.locator("#summary").inner_text().startswith(f"{len(expected)} pages")


def test_a_build_can_be_cancelled(page, studio_url):
    page.goto(f"{studio_url}/kit")
    expect(page.locator("#state")).to_have_text("valid")
    page.fill('input[name="tiles.copies"]', "10")  # left to itself, a hex:57 kit has more pieces than the studio makes
    page.fill('input[name="board.spec"]', "hex:57")
    expect(page.locator("#state")).to_have_text("valid")
    page.route("**/api/kit/build", lambda route: None)  # a build that takes for ever
    page.click("#build")
    expect(page.locator("#cancel")).to_be_visible()
    page.click("#cancel")
    expect(page.locator("#state")).to_have_text("cancelled")
    expect(page.locator("#build")).to_be_enabled()


# --- position editor ---------------------------------------------------------------------------------------

def place(page, address: str, value: str) -> None:
    """Click a cell, type its value and Enter; wait for the server's answer to be drawn."""
    click_cell(page, address)
    page.fill("#pop-value", value)
    page.press("#pop-value", "Enter")
    page.wait_for_function(f"() => document.body.dataset.busy === '0' && tiles['{address}'] === '{value}'")


def test_place_figure_13a_cell_by_cell(page, studio_url):
    start = Position(parse_board("hex:6"), 20, {}, "lines")
    position, _ = build_position(FIG_13A, start)
    tiles = [(address_of(cell), tile.label) for cell, tile in position.tiles.items()]
    page.goto(f"{studio_url}/position")
    expect(page.locator("#verdict")).to_have_text("empty board")
    page.fill("input[name=modulus]", "20")
    page.select_option("select[name=wrap]", "lines")
    expect(page.locator("#tile-count")).to_contain_text("modulus 20, lines wrap round the edges")
    for address, value in tiles:
        place(page, address, value)
    expect(page.locator("#verdict")).to_have_text("legal")
    assert page.locator("#marks polygon.blocked").evaluate_all("els => els.map(e => e.dataset.address)") == ["H4"]
    expect(page.locator("#blocked")).to_have_text("H4")
    expect(page.locator("#tile-count")).to_contain_text(f"{len(tiles)} tiles")
    rows = page.locator("#sequences tr")
    row = rows.filter(has_text="H8 to E6: 3, 4, 5, 6, 7, 8, 9, 10, 11")
    assert row.inner_text().split("\t")[1:] == ["step 1", "9", "28"]
    assert page.locator("#transcript").input_value() == ", ".join(f"{v}{a}" for a, v in tiles)
    click_cell(page, "M2")  # the editor open on a cell, for the picture
    screenshot(page, "position", "position")
    page.keyboard.press("Escape")
    page.click("#undo")
    expect(page.locator("#tile-count")).to_contain_text(f"{len(tiles) - 1} tiles")
    place(page, "H4", "3")  # the blocked cell takes no value
    expect(page.locator("#verdict")).to_have_text("illegal")
    expect(page.locator("#problems")).to_contain_text("H4")


def test_the_editor_says_what_is_wrong_with_what_was_typed_and_judges_no_more(page, studio_url):
    """A letter typed into a cell is named as typed; a board setting the studio cannot draw leaves the verdict
    saying the position is not judged (it said "legal" for the position before)."""
    page.goto(f"{studio_url}/position")
    expect(page.locator("#verdict")).to_have_text("empty board")
    place(page, "A0", "1")
    expect(page.locator("#verdict")).to_have_text("legal")
    click_cell(page, "E1")
    page.fill("#pop-value", "x")
    page.press("#pop-value", "Enter")
    expect(page.locator("#message")).to_contain_text("'x' is not a tile: type a number from 0 to 12")
    assert "xE1" not in page.locator("#message").inner_text() and "token" not in page.locator("#message").inner_text()
    expect(page.locator("#verdict")).to_have_text("not judged: see the message")
    place(page, "E1", "2")
    expect(page.locator("#verdict")).to_have_text("legal")
    page.fill("input[name=board]", "hex:x")
    page.press("input[name=board]", "Tab")
    expect(page.locator("#message")).to_contain_text("hex:x")
    expect(page.locator("#verdict")).to_have_text("not judged: see the message")
    expect(page.locator("#verdict")).to_have_class(re.compile(r"\bbad\b"))
    page.errors[:] = [e for e in page.errors if "status of 400" not in e]


def test_the_wild_tiles_are_told_in_words(page, studio_url):
    """What a wild tile can stand for, by its cell, as a person lists values (no transcript notation)."""
    page.goto(f"{studio_url}/position?board=hex:6&modulus=19&t=17A0,1E1,%23E2,%23H1,3M1")
    settled(page)
    expect(page.locator("#wilds div")).to_have_text(["E2 can be 4", "H1 can be 0, 1, 2, ... or 18"])


def test_the_crop_choice_frames_what_an_export_shows(page, studio_url):
    """Automatic crop by default, as the position command: the editor keeps the whole board (any cell takes a
    tile) and frames the cells an export shows."""
    page.goto(f"{studio_url}/position")
    expect(page.locator("#verdict")).to_have_text("empty board")
    expect(page.locator("select[name=crop]")).to_have_value("auto")
    assert page.locator("select[name=crop] option").evaluate_all("els => els.map(e => e.value)") == [
        "auto", "crop", "whole"]
    place(page, "A0", "1")
    expect(page.locator("#crop-note")).to_have_text("export: 7 of 127 cells, in the dashed frame")
    expect(page.locator("#pages rect.crop-frame")).to_have_count(1)
    far = next(iter(ring(6)))  # on the board's edge, far outside the frame
    place(page, address_of(far), "2")
    near = cropped_board(parse_board("hex:6"), {cell_of("A0"), far}, 1)
    expect(page.locator("#crop-note")).to_have_text(f"export: {len(near.cells)} of 127 cells, in the dashed frame")
    page.select_option("select[name=crop]", "whole")
    expect(page.locator("#crop-note")).to_have_text("")
    expect(page.locator("#pages rect.crop-frame")).to_have_count(0)
    page.select_option("select[name=crop]", "crop")
    expect(page.locator("#pages rect.crop-frame")).to_have_count(1)


# --- keyboard only, phones, accessibility ------------------------------------------------------------------

def tab_to(page, selector: str, presses: int = 60) -> None:
    """Press Tab until the element has the focus (as a keyboard user reaches it)."""
    for _ in range(presses):
        if page.evaluate(f"document.activeElement === document.querySelector({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_keyboard_only_session(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:4")
    expect(page.locator("#count")).to_have_text("61 cells")
    settled(page)
    tab_to(page, "#preview")
    expect(page.locator("#announce")).to_have_text("A0")  # the cursor starts in the middle
    for key in ("Enter", "ArrowRight", "Enter", "ArrowRight", "Enter"):  # remove A0, M1, M2
        page.keyboard.press(key)
    expect(page.locator("#count")).to_have_text("58 cells")
    page.wait_for_url(re.compile(r"remove=A0%2CM1%2CM2"))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#announce")).to_contain_text("M1 (not on the board")

    page.goto(f"{studio_url}/position?board=hex:4")  # figure 2A of the rules, modulus 7
    expect(page.locator("#verdict")).to_have_text("empty board")
    tab_to(page, "input[name=modulus]")
    page.keyboard.press("Control+a")
    page.keyboard.type("7")
    tab_to(page, "#diagram")
    expect(page.locator("#tile-count")).to_contain_text("modulus 7")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    for value, then in (("4", "ArrowRight"), ("6", "ArrowRight"), ("1", "ArrowRight"), ("3", None)):
        page.keyboard.type(value)  # a digit opens the cell's editor with it
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.body.dataset.busy === '0'")
        if then:
            page.keyboard.press(then)
    expect(page.locator("#transcript")).to_have_value("4B2, 6B1, 1A0, 3M1")
    expect(page.locator("#verdict")).to_have_text("legal")
    page.keyboard.press("Delete")  # the cursor is on M1: its tile goes
    expect(page.locator("#transcript")).to_have_value("4B2, 6B1, 1A0")
    page.keyboard.type("5")
    page.keyboard.press("Escape")  # Escape cancels the edit and gives the board the focus back
    assert page.evaluate("document.activeElement.id") == "diagram"
    expect(page.locator("#transcript")).to_have_value("4B2, 6B1, 1A0")


@pytest.mark.parametrize("name, path", [("board", "/board?board=hex:6"), ("kit", "/kit"),
                                        ("position", "/position?board=hex:4&modulus=7&t=4B2,6B1,1A0,3M1")])
def test_every_page_fits_a_phone(phone, studio_url, name, path):
    phone.goto(studio_url + path)
    if name == "kit":
        expect(phone.locator("#state")).to_have_text("valid")
    else:
        settled(phone)
    no_sideways_scroll(phone)
    toggle = phone.locator("#panel-toggle")
    expect(toggle).to_be_visible()
    expect(phone.locator("#panel")).to_be_hidden()  # folded above the board
    if name != "kit":
        width = phone.locator("svg.view").bounding_box()["width"]
        assert width >= 0.9 * PHONE["width"] - 30, width  # the board takes the width
    if name == "kit":
        phone.click("#build")
        expect(phone.locator("#state")).to_have_text("built", timeout=60_000)
        phone.wait_for_function("() => [...document.querySelectorAll('.thumbs img')].slice(0, 4)"
                                ".every(i => i.complete)", timeout=60_000)
    screenshot(phone, f"{name}-phone", name)
    toggle.click()
    expect(phone.locator("#panel")).to_be_visible()
    no_sideways_scroll(phone)


@pytest.mark.parametrize("path", ["/board?board=hex:4", "/kit", "/position?board=hex:4&modulus=7&t=4B2,6B1,1A0,3M1"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_no_violation(browser, studio_url, path, viewport):
    if not AXE.exists():
        missing("axe-core is not installed (scripts/ensure-tools.sh installs it from npm)")
    tab = new_page(browser, viewport, bypass_csp=True)  # axe is injected into the page for the check
    try:
        tab.goto(studio_url + path)
        if path == "/kit":
            expect(tab.locator("#state")).to_have_text("valid")
            tab.click("#build")
            expect(tab.locator("#state")).to_have_text("built", timeout=60_000)
        else:
            settled(tab)
        tab.add_script_tag(path=str(AXE))
        results = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]
        assert found == []  # none of any kind, minor ones included
        tab.evaluate("document.body.append(Object.assign(document.createElement('input'), {type: 'text'}))")
        again = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")  # the checker sees a bad page
        assert "label" in [v["id"] for v in again["violations"]]
    finally:
        tab.context.close()
    assert not tab.errors, tab.errors
