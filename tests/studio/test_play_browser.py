"""The play page in a real browser (Debian's chromium, headless, Playwright): a whole game against a computer
player on hex:4 played with clicks and keys as a person does, ending with the scores that `score` gives the
downloaded transcript; pass-and-play; the designer's "playtest this board"; the page at 390 px and axe-core."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from modlinseq_print.studio import play_hints
from test_studio_browser import (AXE, CHROMIUM, DESKTOP, PHONE, SCREENSHOTS, browser, cell_point,  # noqa: F401
                                 sync_api, expect, missing, new_page, no_sideways_scroll, page, phone,
                                 studio_server, studio_url)

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


SERVED = {}  # the studio this module's pages are served by
# The page's pauses between a computer's tiles and turns (there for a person to follow) cut to 20 ms: the
# same steps in the same order, without seconds of waiting a turn.
QUICK_PAUSES = """(() => { const wait = window.setTimeout;
  window.setTimeout = (callback, ms, ...rest) => wait(callback, Math.min(ms || 0, 20), ...rest); })()"""


@pytest.fixture(scope="module", autouse=True)
def served_here(studio_server):
    SERVED["server"] = studio_server


def game_on_server(page):
    """The server's game behind the page (the studio runs in this process): to choose a legal turn."""
    key = page.evaluate("sessionStorage.getItem('modlinseq-game')")
    return SERVED["server"].app.state.games.get(key).game


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
    page.add_init_script(QUICK_PAUSES)  # the computer's turns shown without the pauses a person needs
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
def test_axe_finds_no_violation_on_the_play_page(browser, studio_url, viewport):
    if not AXE.exists():
        missing("axe-core is not installed (scripts/ensure-tools.sh installs it from npm)")
    tab = new_page(browser, viewport, bypass_csp=True)
    try:
        start_game(tab, studio_url)
        expect(tab.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
        tab.add_script_tag(path=str(AXE))
        results = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]
        assert found == []  # none of any kind, minor ones included
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


# --- the polish of a game site: buttons, the Turns list, computer turns, layout, words, touch -----------------

CLIPPED = """() => [...document.querySelectorAll('select')].filter((s) => s.offsetParent).map((s) => {
  const pen = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(s);
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...s.options].map((o) => pen.measureText(o.text).width));
  const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
  return [s.name, Math.round(widest), Math.round(room)]; }).filter(([, widest, room]) => widest > room)"""
# Watches the Turns list and the message line of a game as it goes: after every change of the list, whether
# its latest turn is in view; every message; every cell highlighted as a computer's fresh turn.
WATCH = """() => {
  window.watched = { turns: [], messages: [], fresh: [] };
  const turns = document.getElementById('turns');
  new MutationObserver(() => requestAnimationFrame(() => {
    const items = turns.querySelectorAll('li');
    if (!items.length) return;
    const last = items[items.length - 1].getBoundingClientRect(), box = turns.getBoundingClientRect();
    watched.turns.push([items.length, last.top >= box.top - 1 && last.bottom <= box.bottom + 1, \
items[items.length - 1].textContent]);
  })).observe(turns, { childList: true });
  new MutationObserver(() => { const t = document.getElementById('message').textContent; \
if (t) watched.messages.push(t); })
    .observe(document.getElementById('message'), { childList: true, characterData: true, subtree: true });
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.classList && n.classList.contains('fresh')) watched.fresh.push(n.dataset.address); })
    .observe(document.getElementById('selection'), { childList: true });
}"""


def test_the_turns_list_follows_a_whole_game_of_computers_told_in_words(page, studio_url):
    """Two computer players play a whole game (more turns than the list shows at once): after every turn the
    latest is in view; each computer turn is said in words and highlighted on the board."""
    page.add_init_script(QUICK_PAUSES)
    page.goto(f"{studio_url}/play")
    page.evaluate("sessionStorage.clear()")
    page.goto(f"{studio_url}/play")
    for field, value in (("board", "hex:4"), ("modulus", "7"), ("copies", "6"), ("wild", "1"), ("hand", "3"),
                         ("shuffle", "11")):  # 22 turns of one to three tiles, a wild one among them
        page.fill(f"input[name={field}]", value)
    page.fill("input[name=name0]", "Ada")
    page.select_option("select[name=kind0]", "greedy")
    page.fill("input[name=name1]", "Bob")
    page.select_option("select[name=kind1]", "greedy")
    page.click("#start")
    page.wait_for_function("() => document.body.dataset.version === '1'")
    page.evaluate(WATCH)
    expect(page.locator("body")).to_have_attribute("data-state", "over", timeout=300_000)
    watched = page.evaluate("window.watched")
    game = game_on_server(page)
    played = [r for r in game.records if r.move is not None]
    assert len(played) > 20  # more than the list's height holds
    assert [count for count, _, _ in watched["turns"]] == list(range(1, len(played) + 1))
    assert all(shown for _, shown, _ in watched["turns"]), [c for c, shown, _ in watched["turns"] if not shown]
    said = [m for k, m in enumerate(watched["messages"]) if " laid " in m and m not in watched["messages"][k - 1:k]]
    assert len(said) == len(played)
    for record, words in zip(played, said):
        assert re.fullmatch(rf"{game.names[record.player]} laid .+: (no points|1 point|{record.points} points)", words)
        for cell, _tile in record.move.tiles:
            assert f"on {game.position.board.address(cell)}" in words
        assert record.notation not in words  # words, not the transcript's notation
    assert {a for r in played for a in (game.position.board.address(c) for c, _ in r.move.tiles)} == \
        set(watched["fresh"])


def test_every_enabled_button_does_something(page, studio_url):
    """Before a game only the buttons that work are enabled; each enabled button changes the page or
    downloads a file, before a game and during one."""
    page.goto(f"{studio_url}/play")
    page.evaluate("sessionStorage.clear()")
    page.goto(f"{studio_url}/play")
    expect(page.locator("#kit option[value=standard]")).to_have_count(1, timeout=30_000)

    def enabled():
        return [b for b in page.locator("button:visible").all() if b.is_enabled()]

    def does_something(button) -> bool:
        page.evaluate("window.pageBefore = document.body.innerHTML")
        downloads = []
        page.once("download", lambda d: downloads.append(d))
        button.click()
        try:  # the page changes, or a download starts, within three seconds
            page.wait_for_function("() => document.body.innerHTML !== window.pageBefore", timeout=3000)
        except sync_api.TimeoutError:
            page.wait_for_timeout(200)  # a download's event comes from the browser process
        return bool(downloads) or page.evaluate("document.body.innerHTML") != page.evaluate("window.pageBefore")

    assert [b.inner_text() for b in enabled()] == ["New game", "Play with friends"]
    for name in ("Transcript", "Diagram SVG", "PDF", "PNG"):
        assert page.get_by_role("button", name=name).is_disabled()
    start_game(page, studio_url)
    expect(page.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
    labels = [b.inner_text() for b in enabled()]
    assert {"Transcript", "Diagram SVG", "PDF", "PNG", "New game", "Play with friends"} <= set(labels)
    for label in labels:
        if label != "Play with friends":  # it leaves the page: last, below
            button = page.locator("button:visible", has_text=label).first
            assert does_something(button), f"the enabled button {label!r} does nothing"
    page.get_by_role("button", name="Play with friends").click()  # a room for the same game: the host's page
    page.wait_for_url(re.compile(r"/room/"), timeout=30_000)


def test_a_tiny_board_is_refused_with_a_reason(page, studio_url):
    page.goto(f"{studio_url}/play")
    page.evaluate("sessionStorage.clear()")
    page.goto(f"{studio_url}/play")
    page.fill("input[name=board]", "hex:0")
    page.click("#start")
    expect(page.locator("#message")).to_contain_text("too small for a game", timeout=30_000)
    expect(page.locator("body")).to_have_attribute("data-state", "setup")
    expect(page.locator("#turn-pill")).to_have_text("no game yet")
    page.errors.remove("Failed to load resource: the server responded with a status of 400 (Bad Request)")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_board_stays_put_as_messages_come_and_go(browser, studio_url, viewport):
    tab = new_page(browser, viewport)
    try:
        start_game(tab, studio_url)
        expect(tab.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
        top = tab.evaluate("() => document.getElementById('board').getBoundingClientRect().top")
        tab.mouse.click(*cell_point(tab, "E3"))  # no tile chosen: a message
        expect(tab.locator("#message")).to_contain_text("Choose a tile")
        assert tab.evaluate("() => document.getElementById('board').getBoundingClientRect().top") == top
        tab.locator("#rack button.tile").first.click()
        tab.mouse.click(*cell_point(tab, "E3"))  # not through A0: a long verdict beside the message
        expect(tab.locator("#verdict")).to_contain_text("not legal", timeout=30_000)
        tab.evaluate("document.getElementById('message').textContent = 'A message long enough to take two lines "
                     "of the status area at any width: it wraps, and the board must not move.'")
        assert tab.evaluate("() => document.getElementById('board').getBoundingClientRect().top") == top
    finally:
        tab.context.close()


@pytest.mark.parametrize("path", ["play", "position", "board", "kit"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_drop_downs_show_all_their_words(browser, studio_url, viewport, path):
    tab = new_page(browser, viewport)
    try:
        tab.goto(f"{studio_url}/{path}")
        tab.wait_for_timeout(500)
        if path == "kit":  # its form is made from the preset's definition
            expect(tab.locator("#state")).to_have_text("valid", timeout=30_000)
        toggle = tab.locator("#panel-toggle")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
            tab.click("#panel-toggle")
        assert tab.evaluate(CLIPPED) == []
    finally:
        tab.context.close()


def test_a_tap_does_not_flash_the_board_and_hints_speak_of_taps(phone, studio_url):
    start_game(phone, studio_url)
    expect(phone.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
    for selector in ("#board", ".canvas", "#rack button.tile"):
        assert phone.evaluate(f"getComputedStyle(document.querySelector('{selector}'))"
                              ".webkitTapHighlightColor") == "rgba(0, 0, 0, 0)", selector
    shown = phone.locator("body").inner_text()
    for word in ("Tab ", "Ctrl+", "click", "Hover", "arrow keys"):
        assert word not in shown, word
    assert "Tap a tile of your hand" in shown


def test_a_desktop_page_keeps_its_keyboard_hints(page, studio_url):
    start_game(page, studio_url)
    expect(page.locator("body")).to_have_attribute("data-state", "person", timeout=60_000)
    shown = page.locator("body").inner_text()
    assert "Ctrl+Enter plays the turn" in shown and "Tap a tile" not in shown


def start_short_game(page, studio_url, lang: str = "en") -> None:
    """A short game on hex:4 against the greedy computer: one tile of each value and a wild tile, hands of 3
    (a fresh page: no game kept in its session)."""
    page.goto(f"{studio_url}/play")
    for field, value in (("board", "hex:4"), ("modulus", "7"), ("copies", "1"), ("wild", "1"), ("hand", "3"),
                         ("shuffle", "6"), ("name0", "Ann"), ("name1", "Robot")):
        page.fill(f"input[name={field}]", value)
    page.select_option("select[name=kind0]", "person")
    page.select_option("select[name=kind1]", "greedy")
    page.select_option("select[name=lang]", lang)
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-state", "person", timeout=30_000)


def hint_twice(page, shot: str | None = None):
    """Ask for a hint, then for the best turn; check what the page shows each time against the server's own
    search (the nudge saved as the picture `shot`, when named). Returns the best turn."""
    game = game_on_server(page)
    best = play_hints.hint_turn(game.position, game.hands[game.current], game.variant.pattern, game.variant.hash_swap)
    board = game.position.board
    expect(page.locator("#hint")).to_have_text("Hint")
    page.click("#hint")
    expect(page.locator("#hint-words")).to_contain_text("Look along the marked cells: a good turn lays")
    nudge = {board.address(c) for c in play_hints.nudge_cells(game.position, best)}
    assert set(page.locator("#marks .hinted").evaluate_all("els => els.map(e => e.dataset.address)")) == nudge
    assert page.locator("text.tile-text.hinted").count() == 0  # a nudge shows no tile
    expect(page.locator("#hint")).to_have_text("Show the best turn")
    if shot:
        page.locator("#hint-words").scroll_into_view_if_needed()
        screenshot(page, shot)
    page.click("#hint")
    expect(page.locator("#hint-words")).to_contain_text("The best turn your hand allows: ")
    expect(page.locator("#hint-words")).to_contain_text(f"for {best.points} point")
    shown = page.locator("text.tile-text.hinted").all_text_contents()
    assert sorted(shown) == sorted(t.label for _, t in best.tiles)
    return best


@pytest.fixture
def open_page(browser):
    """A desktop page whose own rules allow axe-core's script in (bypass_csp); errors fail the test."""
    tab = new_page(browser, DESKTOP, bypass_csp=True)
    yield tab
    tab.context.close()
    assert not tab.errors, tab.errors


def test_a_hint_then_the_review_of_a_short_game(open_page, studio_url):
    page = open_page
    page.add_init_script(QUICK_PAUSES)
    start_short_game(page, studio_url)
    best = hint_twice(page, "play-hint")
    turn = 0
    while page.locator("body").get_attribute("data-state") != "over":
        game = game_on_server(page)
        move = best if turn == 0 else game.best_moves()[0]
        before = len([r for r in game.records if r.move is not None])
        put_down(page, move, turn)
        page.wait_for_function(f"() => document.body.dataset.state === 'over' || (document.body.dataset.state === "
                               f"'person' && document.body.dataset.busy !== '1' && "
                               f"document.querySelectorAll('#turns li').length > {before + 1})", timeout=30_000)
        assert page.locator("#hint-words").is_hidden()  # a new turn, no hint yet
        turn += 1
    expect(page.locator("#turns li").first).to_contain_text("(hint used)")
    expect(page.locator("#review")).to_be_visible()
    with page.context.expect_page() as opened:
        page.click("#review")
    review = opened.value
    review.wait_for_load_state()
    expect(review.locator("h1")).to_have_text("Game review")
    rows = review.locator("table").nth(1).locator("tbody tr")
    assert rows.count() == len(game_on_server(page).transcript().splitlines())
    expect(rows.first.locator("td").last).to_have_text("hint used: best turn")
    ann = review.locator("table").first.locator("tbody tr", has_text="Ann").locator("td")
    assert ann.all_inner_texts()[-1] == "1" and "100%" in ann.all_inner_texts()[3]  # one hint, the best turns
    assert review.evaluate("getComputedStyle(document.querySelector('th')).backgroundColor") == "rgb(232, 239, 233)"
    if AXE.exists():  # no violation of any kind, on a desktop and at a phone's width (its tables scroll)
        review.add_script_tag(path=str(AXE))
        for width in (DESKTOP, PHONE):
            review.set_viewport_size(width)
            found = review.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
            assert [(v["id"], v["impact"]) for v in found] == [], width
    for width, name in ((DESKTOP, "play-review"), (PHONE, "play-review-phone")):  # the pictures in the docs
        review.set_viewport_size(width)
        screenshot(review, name)
    review.close()


def test_a_hint_on_a_phone_in_greek(phone, studio_url):
    start_short_game(phone, studio_url, "el")
    phone.click("#hint")
    expect(phone.locator("#hint-words")).to_contain_text("Κοίτα τα σημειωμένα κελιά")
    phone.click("#hint")
    expect(phone.locator("#hint-words")).to_contain_text("Ο καλύτερος γύρος")
    no_sideways_scroll(phone)
    phone.locator("#hint-words").scroll_into_view_if_needed()
    screenshot(phone, "play-hint-phone")
