"""A game room in a real browser (Debian's chromium, headless, Playwright): the host makes the room from the
play page's "Play with friends" and starts it; four players, each in a browser context of their own (two
desktops at 1280 px, two phones at 390 px), play a whole game on hex:4 with clicks; one reloads mid-game and
one goes offline and comes back; every context ends with the same turns and scores, which are what `score`
gives the transcript. Then axe-core on the room page, as a seat and as the host."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from modlinseq_print.studio.server import StudioServer
from test_studio_browser import (AXE, CHROMIUM, DESKTOP, PHONE, SCREENSHOTS, browser, cell_point,  # noqa: F401
                                 expect, missing, new_page, no_sideways_scroll, sync_api)

pytestmark = pytest.mark.slow  # a real browser, five contexts and a whole game: tens of seconds
NAMES = ("Ann", "Bob", "Cid", "Dee")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The studio on a free port, its rooms in a file of its own; computer players would play at once."""
    server = StudioServer("127.0.0.1", 0, rooms_file=tmp_path_factory.mktemp("rooms") / "rooms.sqlite3").start()
    server.server.config.app.rooms.computer_pause = 0.05
    yield server
    server.stop()


def hall_of(served):
    return served.server.config.app.rooms


def screenshot(page, name: str) -> None:
    if SCREENSHOTS:
        page.mouse.move(1, 1)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))


def host_a_room(browser, url: str, **options):
    """The host's page: the play page's fields for a short game, four people, "Play with friends", Start."""
    host = new_page(browser, DESKTOP, **options)
    host.goto(f"{url}/play")
    for field, value in (("board", "hex:4"), ("modulus", "7"), ("copies", "3"), ("wild", "1"), ("hand", "4")):
        host.fill(f"input[name={field}]", value)
    for i, name in enumerate(NAMES):
        host.fill(f"input[name=name{i}]", name)
        host.select_option(f"select[name=kind{i}]", "person")
    host.click("#friends")
    expect(host.locator("#invites li")).to_have_count(5, timeout=30_000)  # four seats and the spectators
    links = [host.locator("#invites li input").nth(i).input_value() for i in range(5)]
    assert all("#" in link and link.startswith(url + "/room/") for link in links)
    assert host.locator("#invites li img").count() == 5  # a QR code for each
    return host, links


def wait_version(page, version: int) -> None:
    try:
        page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}", timeout=60_000)
    except sync_api.TimeoutError:
        raise AssertionError(f"version {version} not shown: {page.evaluate('({...document.body.dataset})')}, "
                             f"{page.locator('#connection').inner_text()}, {page.errors}") from None


def play_turn(page, game) -> None:
    """The best turn (most points, then most tiles) put down with clicks: a tile of the rack, then its cell."""
    move = max(game.moves(), key=lambda m: (m.points, len(m.tiles)))
    board = game.position.board
    for cell, tile in move.tiles:
        page.wait_for_function("() => document.body.dataset.busy !== '1'")
        page.locator("#rack button.tile:enabled", has_text=tile.label).first.click()
        page.mouse.click(*cell_point(page, board.address(cell)))
    expect(page.locator("#verdict")).to_contain_text(f"legal: {move.points} point", timeout=30_000)
    page.click("#play")


def shown(page) -> tuple[list, dict]:
    """The turns a page lists (player, tiles) and its scores by name."""
    turns = page.eval_on_selector_all("#turns li", "items => items.map(li => [li.querySelector('b').textContent,"
                                                   " li.dataset.tiles])")
    scores = {}
    for row in page.locator("#scores tr").all():
        cells = row.locator("td").all_inner_texts()
        scores[cells[0].split()[0]] = int(cells[1])
    return turns, scores


def test_four_devices_play_a_whole_game_in_one_room(browser, served, tmp_path, cli):
    url = f"http://127.0.0.1:{served.port}"
    host, links = host_a_room(browser, url)
    screenshot(host, "room-host")
    room_id = links[0].split("/room/")[1].split("#")[0]
    pages = [new_page(browser, DESKTOP) for _ in range(2)] + \
        [new_page(browser, PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    for page, link in zip(pages, links):
        page.goto(link)
        expect(page.locator("#turn-pill")).to_have_text("Waiting for the host to start the game", timeout=30_000)
    host.click("#start")
    room = hall_of(served).room(room_id)
    turns = 0
    offline_at = away = None
    while not room.game.over:
        version = room.version
        for number, page in enumerate(pages):
            if number != away:
                wait_version(page, version)
        if turns == 3:
            pages[1].reload()  # Bob reloads mid-game: back at his seat, his tiles as they were
            wait_version(pages[1], version)
            assert pages[1].locator("#rack button.tile").count() == room.game.hands[1].size
        seat = room.game.current
        if turns == 5:
            offline = (seat + 2) % 4  # neither this turn's player nor the next: offline for two turns
            pages[offline].context.set_offline(True)
            offline_at = (offline, version)
            away = offline
        elif away is not None and (turns == 7 or seat == away):  # two turns later, or its turn
            assert pages[offline_at[0]].evaluate("document.body.dataset.version") == str(offline_at[1])  # behind
            pages[offline_at[0]].context.set_offline(False)  # back: it catches up
            wait_version(pages[offline_at[0]], version)
            away = None
        page = pages[seat]
        expect(page.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
        play_turn(page, room.game)
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}", timeout=60_000)
        turns += 1
    for page in pages:
        page.context.set_offline(False)
        wait_version(page, room.version)
        expect(page.locator("#turn-pill")).to_contain_text("Game over", timeout=30_000)
    assert turns >= 8 and offline_at is not None
    seen = [shown(page) for page in pages]
    assert all(s == seen[0] for s in seen), seen
    transcript = "\n".join(f"{player}: {tiles}" for player, tiles in seen[0][0])
    assert transcript == room.game.transcript()
    (tmp_path / "game.txt").write_text(transcript + "\n")
    status, out, _ = cli("score", "--board", "hex:4", "-m", "7", "--players", "4", "--marker", "--json",
                         f"@{tmp_path / 'game.txt'}")
    assert status == 0 and json.loads(out)["totals"] == seen[0][1] == dict(zip(NAMES, room.game.scores))
    expect(pages[0].locator("#review")).to_be_visible()
    for page in pages:
        no_sideways_scroll(page)
    for page in pages + [host]:
        errors = [e for e in page.errors if "ERR_INTERNET_DISCONNECTED" not in e]  # while offline, as it should
        assert not errors, errors
        page.context.close()


def test_a_seat_mid_turn_at_both_widths(browser, served):
    """The room as a seat sees it with tiles put down (the screenshots), and axe-core on it and the host's."""
    url = f"http://127.0.0.1:{served.port}"
    host, links = host_a_room(browser, url, bypass_csp=True)  # axe-core's script let in
    host.click("#start")
    room = hall_of(served).room(links[0].split("/room/")[1].split("#")[0])
    for viewport, name in ((DESKTOP, "room-seat"), (PHONE, "room-seat-phone")):
        extra = {"is_mobile": True, "has_touch": True} if viewport is PHONE else {}
        extra["bypass_csp"] = True
        page = new_page(browser, viewport, **extra)
        page.goto(links[0])
        expect(page.locator("body")).to_have_attribute("data-state", "person", timeout=30_000)
        move = max(room.game.moves(), key=lambda m: len(m.tiles))
        board = room.game.position.board
        cell, tile = move.tiles[0]
        page.locator("#rack button.tile:enabled", has_text=tile.label).first.click()
        page.mouse.click(*cell_point(page, board.address(cell)))
        expect(page.locator("#verdict")).to_contain_text("legal", timeout=30_000)  # legal or not, and why
        no_sideways_scroll(page)
        screenshot(page, name)
        if AXE.exists():
            for checked in (page, host):
                checked.add_script_tag(path=str(AXE))
                found = checked.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
                assert [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found] == []
        assert not page.errors, page.errors
        page.context.close()
    host.context.close()
