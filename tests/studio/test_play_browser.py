"""The play page in a real browser (Debian's chromium, headless, Playwright): a whole game against a computer
player on hex:4 played with clicks and keys as a person does, ending with the scores that `score` gives the
downloaded transcript; pass-and-play; the designer's "playtest this board"; the page at 390 px and axe-core."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from modlinseq_print.studio import play_api
from test_studio_browser import (AXE, CHROMIUM, DESKTOP, PHONE, SCREENSHOTS, browser, cell_point,  # noqa: F401
                                 expect, missing, new_page, no_sideways_scroll, page, phone, studio_url)

pytestmark = pytest.mark.slow  # a real browser and whole games: tens of seconds


def screenshot(page, name: str) -> None:
    """Save the page as DIR/NAME.png when asked (`make docs`), without hover or cursor."""
    if SCREENSHOTS:
        page.mouse.move(1, 1)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))


def start_game(page, studio_url, players=(("Ann", "person"), ("Robot", "greedy")), seed=7) -> None:
    page.goto(f"{studio_url}/play")
    page.evaluate("sessionStorage.clear()")
    page.goto(f"{studio_url}/play")
    for field, value in (("board", "hex:4"), ("modulus", "7"), ("copies", "3"), ("wild", "1"), ("hand", "4"),
                         ("shuffle", str(seed))):
        page.fill(f"input[name={field}]", value)
    for i in range(4):
        name, kind = players[i] if i < len(players) else ("", "")
        page.fill(f"input[name=name{i}]", name or f"Player {i + 1}")
        page.select_option(f"select[name=kind{i}]", kind)
    page.click("#start")


def game_on_server(page):
    """The server's game behind the page (the studio runs in this process): to choose a legal turn."""
    key = page.evaluate("sessionStorage.getItem('modlinseq-game')")
    return play_api._GAMES[key].game


def put_down(page, move, turn: int) -> None:
    """A person's turn through the page: tiles chosen from the rack and clicked on the board, or typed on the
    keyboard at the board's cursor; then played with the button or Ctrl+Enter."""
    board = game_on_server(page).position.board
    for k, (cell, tile) in enumerate(move.tiles):
        address, label = board.address(cell), tile.label
        page.wait_for_function("() => document.body.dataset.busy !== '1'")  # the last verdict is in
        if (turn + k) % 2 == 0:  # by mouse: the tile of the rack, then the cell
            page.locator("#rack button.tile:enabled", has_text=label).first.click()
            page.mouse.click(*cell_point(page, address))
        else:  # by keyboard: the cursor onto the cell, the value typed, Enter
            page.mouse.click(*cell_point(page, address))
            page.keyboard.type(label)
            page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_contain_text(f"legal: {move.points} point", timeout=30_000)
    if turn % 2:
        page.keyboard.press("Control+Enter")
    else:
        page.click("#play")


def test_a_whole_game_against_the_computer(page, studio_url, tmp_path, cli):
    start_game(page, studio_url)
    body = page.locator("body")
    turn = 0
    while True:
        page.wait_for_function("() => ['person', 'over'].includes(document.body.dataset.state)"
                               " && document.body.dataset.busy !== '1'", timeout=120_000)
        if body.get_attribute("data-state") == "over":
            break
        game = game_on_server(page)
        assert page.locator("#rack button.tile").count() == game.hands[game.current].size
        moves = game.moves()
        move = max(moves, key=lambda m: (m.points, len(m.tiles)))  # the best, with the most tiles
        before = len(game.records)
        put_down(page, move, turn)
        page.wait_for_function(f"() => document.body.dataset.state !== 'person' || "
                               f"document.querySelectorAll('#turns li').length > {before}", timeout=60_000)
        turn += 1
    assert turn >= 3  # several turns of each player
    expect(page.locator("#turn-pill")).to_contain_text("Game over")
    shown = {}
    for row in page.locator("#scores tr").all():
        cells = row.locator("td").all_inner_texts()
        shown[cells[0].split()[0]] = int(cells[1])
    with page.expect_download() as waiting:
        page.click("#get-transcript")
    path = tmp_path / "game.txt"
    waiting.value.save_as(path)
    text = path.read_text()
    assert "Ann:" in text and "Robot:" in text
    status, out, _ = cli("score", "--board", "hex:4", "-m", "7", "--marker", "--players", "2", "--json", f"@{path}")
    assert status == 0 and json.loads(out)["totals"] == shown
    assert shown == dict(zip(game_on_server(page).names, game_on_server(page).scores))
    no_sideways_scroll(page)
    screenshot(page, "play-page")


def test_pass_and_play_hides_the_next_hand(page, studio_url):
    start_game(page, studio_url, players=(("Ann", "person"), ("Bob", "person")), seed=3)
    expect(page.locator("#cover")).to_be_visible(timeout=30_000)
    expect(page.locator("#cover-text")).to_have_text("Hand the device to Ann.")
    assert page.locator("#rack button").count() == 0  # no tile shows until Ann says it is her
    page.click("#reveal")
    game = game_on_server(page)
    assert page.locator("#rack button.tile").count() == game.hands[0].size
    put_down(page, game.moves()[0], 0)
    expect(page.locator("#cover-text")).to_have_text("Hand the device to Bob.", timeout=30_000)
    assert page.locator("#rack button").count() == 0


def test_the_designer_playtests_its_board(page, studio_url):
    page.goto(f"{studio_url}/board?board=hex:4")
    expect(page.locator("#count")).to_have_text("61 cells", timeout=30_000)
    for field, value in (("play_modulus", "7"), ("play_copies", "3"), ("play_hand", "4"), ("play_games", "2")):
        page.fill(f"input[name={field}]", value)
    page.click("#playtest")
    expect(page.locator("#heat-key")).to_be_visible(timeout=120_000)
    expect(page.locator("#playtest-figures li").first).to_contain_text("2 games")
    assert page.locator("#heat polygon").count() == 61


def test_the_play_page_on_a_phone(phone, studio_url):
    start_game(phone, studio_url)
    expect(phone.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
    no_sideways_scroll(phone)
    screenshot(phone, "play-page-phone")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_no_serious_violation_on_the_play_page(browser, studio_url, viewport):
    if not AXE.exists():
        missing("axe-core is not installed (scripts/ensure-tools.sh installs it from npm)")
    tab = new_page(browser, viewport, bypass_csp=True)
    try:
        start_game(tab, studio_url)
        expect(tab.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
        tab.add_script_tag(path=str(AXE))
        results = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]
                   if v["impact"] in ("serious", "critical")]
        assert serious == []
    finally:
        tab.context.close()
    assert not tab.errors, tab.errors


def test_a_kit_fills_the_game_and_a_change_makes_it_your_own(page, studio_url):
    page.goto(f"{studio_url}/play")
    expect(page.locator("#kit option[value=standard]")).to_have_count(1, timeout=30_000)
    page.select_option("#kit", "standard")
    assert [page.input_value(f"input[name={n}]") for n in ("board", "modulus", "copies", "wild")] == \
        ["hex:9", "13", "10", "4"]
    assert page.is_checked("input[name=marker]") and page.input_value("select[name=wrap]") == "none"
    page.fill("input[name=copies]", "8")
    assert page.input_value("#kit") == ""
