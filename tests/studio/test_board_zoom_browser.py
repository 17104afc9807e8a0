"""Zooming the board with a finger on the Play page and in the position editor (zoom.js, which the board
designer shares), in a real browser at a phone's 390 px with touch: a hex:9 board, whose cells are about 19 px
wide when it is whole, is zoomed until a cell is at least 44 px on the screen; a tap then acts on the very cell
under the finger, a drag moves the board and changes nothing, and the page itself never scrolls."""

from __future__ import annotations

import re

import pytest

from test_play_browser import screenshot
from test_studio_browser import (CHROMIUM, PHONE, browser, cell_point, expect, new_page, phone,  # noqa: F401
                                 settled, studio_server, studio_url)

pytestmark = pytest.mark.slow  # a real browser: seconds a test

FINGER = 44  # the smallest target for a finger, in CSS pixels
CELL_PIXELS = "view.step * view.svg.getScreenCTM().a"  # a cell's width on the screen


def cell_under(tab, x: float, y: float) -> str | None:
    """The address of the cell under a point of the screen, as the page finds it."""
    return tab.evaluate("([x, y]) => view.eventCell({clientX: x, clientY: y})", [x, y])


def page_scroll(tab) -> tuple[float, float]:
    return tuple(tab.evaluate("[window.scrollX, window.scrollY]"))


def zoom_in_by_a_tap(tab, address: str) -> tuple[float, float]:
    """Tap a cell of the whole board: cells are smaller than a finger, so the board zooms in around the tap and
    no cell is acted on; the cell stays under the finger. Returns where the finger was."""
    expect(tab.locator("#canvas")).not_to_have_class(re.compile("zoomed"))
    small = tab.evaluate(CELL_PIXELS)
    assert small < 25, f"a cell of the whole board is {small:.1f} px"  # too small for a finger: the case in point
    x, y = cell_point(tab, address)
    before = page_scroll(tab)
    tab.touchscreen.tap(x, y)
    expect(tab.locator("#canvas")).to_have_class(re.compile("zoomed"))
    tab.wait_for_timeout(100)
    assert tab.evaluate(CELL_PIXELS) >= FINGER
    assert cell_under(tab, x, y) == address  # the tapped cell is still under the finger
    assert page_scroll(tab) == before  # the page did not move
    return x, y


def in_sight(tab, address: str) -> tuple[float, float]:
    """Where a cell is on the screen, which must be inside the board's frame (to be tapped)."""
    x, y = cell_point(tab, address)
    frame = tab.locator("#canvas").bounding_box()
    assert frame["x"] < x < frame["x"] + frame["width"] and frame["y"] < y < frame["y"] + frame["height"], (x, y, frame)
    return x, y


def finger_box(tab, selector: str) -> dict:
    """The bounding box of a cell's mark on the screen, which must take a finger."""
    box = tab.locator(selector).bounding_box()
    assert box and box["width"] >= FINGER and box["height"] >= FINGER, box
    return box


def drag(tab, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger pressed at start, moved in steps to end and lifted (Chromium's touch input, through CDP)."""
    session = tab.context.new_cdp_session(tab)
    steps = 8
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        tab.wait_for_timeout(16)
    for _ in range(4):  # held still before it lifts: no fling
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": end[0], "y": end[1]}]})
        tab.wait_for_timeout(50)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tab.wait_for_timeout(300)


def drag_moves_the_board_only(tab, at: tuple[float, float], changed) -> None:
    """A finger that drags on the zoomed board scrolls its frame, not the page, and changes nothing."""
    before = tab.evaluate("[document.getElementById('canvas').scrollLeft, document.getElementById('canvas').scrollTop]")
    page_before = page_scroll(tab)
    dx = -120 if at[0] > PHONE["width"] / 2 else 120  # towards the middle: the cell stays in sight
    drag(tab, at, (at[0] + dx, at[1] + 40))
    after = tab.evaluate("[document.getElementById('canvas').scrollLeft, document.getElementById('canvas').scrollTop]")
    moved = before[0] - after[0]
    assert moved * dx > 0 and abs(moved) > 60, (before, after)  # the board moved with the finger
    assert page_scroll(tab) == page_before
    assert not changed(), "a drag acted on a cell"


def test_the_play_board_zooms_to_a_finger_and_a_tap_puts_the_tile_on_that_cell(phone, studio_url):
    phone.goto(f"{studio_url}/play")
    phone.evaluate("sessionStorage.clear()")
    phone.goto(f"{studio_url}/play")
    phone.fill("input[name=board]", "hex:9")
    phone.fill("input[name=shuffle]", "3")
    phone.select_option("select[name=kind1]", "greedy")
    phone.click("#start")
    expect(phone.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
    phone.locator("#rack button.tile").first.tap()
    target = "B3"
    x, y = zoom_in_by_a_tap(phone, target)
    assert phone.evaluate("placed.length") == 0  # the zooming tap put nothing down
    drag_moves_the_board_only(phone, (x, y), lambda: phone.evaluate("placed.length") > 0)
    x, y = in_sight(phone, target)  # where the cell is now that the board moved
    phone.touchscreen.tap(x, y)
    expect(phone.locator(f"#selection polygon[data-address='{target}']")).to_have_count(1)
    assert phone.evaluate("placed.map((p) => p.address)") == [target]
    finger_box(phone, f"#selection polygon[data-address='{target}']")
    screenshot(phone, "play-page-phone-zoomed")  # the picture in the docs (make previews)


def test_the_position_editor_zooms_to_a_finger_and_a_tap_opens_that_cell(phone, studio_url):
    phone.goto(f"{studio_url}/position?board=hex:9&modulus=13")
    phone.wait_for_function("() => Number(document.body.dataset.version) >= 1 && view.cells.size > 0")
    target = "H8"
    x, y = zoom_in_by_a_tap(phone, target)
    assert phone.evaluate("selected") is None  # the zooming tap opened no cell
    drag_moves_the_board_only(phone, (x, y), lambda: phone.evaluate("selected") is not None)
    x, y = in_sight(phone, target)
    phone.touchscreen.tap(x, y)
    expect(phone.locator("#pop")).to_be_visible()
    assert phone.evaluate("selected") == target
    expect(phone.locator("#pop-cell")).to_have_text(f"Value for cell {target}")
    cell = finger_box(phone, f"#selection polygon.selected[data-address='{target}']")
    pop = phone.locator("#pop").bounding_box()  # the value box beside the cell, in the scrolled frame
    assert abs(pop["y"] - cell["y"]) < 12, (pop, cell)
    phone.keyboard.type("7")
    phone.keyboard.press("Enter")
    phone.wait_for_function(f"() => String(tiles['{target}']) === '7'", timeout=10_000)
