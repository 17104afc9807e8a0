"""The play page's hints and review: a nudge then the best turn (the one `moves --top 1` finds on that position
and hand), hints refused when there is no turn of the asker's, the hints recorded and shown in the review of the
finished game, which agrees with the `review` command on the same transcript and hands; in another language."""

from __future__ import annotations

import html
import json
import re

import pytest

from modlinseq_print.studio import play_hints
from studio_client import assert_one_line_error

GAME = {"board": "hex:4", "modulus": 7, "copies": 3, "wild": 1, "hand": 4, "marker": False, "shuffle": 5,
        "players": [{"name": "Ann", "kind": "person"}, {"name": "Robot", "kind": "greedy"}]}


def moves_top_1(cli, tmp_path, client, state) -> dict:
    """The best turn `moves --top 1 --json` lists for the hand of the person to move on the game's position."""
    (tmp_path / "game.txt").write_text(client.post("/api/play/transcript", {"game": state["game"]}).body.decode())
    played = [f"@{tmp_path / 'game.txt'}"] if state["turns"] else []  # the empty board: no transcript
    status, out, err = cli("moves", "--board", state["board"], "-m", str(state["modulus"]), "--hand",
                           ",".join(state["hand"]), "--top", "1", "--json", *played)
    assert status == 0, err
    return json.loads(out)["turns"][0]


def play_on(client, state) -> dict:
    """The computer's turns until a person is to move (or the game is over)."""
    while not state["over"] and state["hand"] is None:
        state = client.post("/api/play/computer", {"game": state["game"]}).json()["state"]
    return state


def test_a_hint_nudges_then_gives_the_best_turn_that_moves_top_1_finds(client, cli, tmp_path):
    state = client.post("/api/play/new", GAME).json()
    key = {"game": state["game"]}
    first = client.post("/api/play/hint", {**key, "seat": 0}).json()
    state = client.post("/api/play/commit", {**key, "tiles": client.post("/api/play/hint", key).json()["tiles"]}).json()
    assert first["level"] == 1 and state["turns"][0]["hint"] == 2
    state = play_on(client, state)
    best = moves_top_1(cli, tmp_path, client, state)
    nudge = client.post("/api/play/hint", {**key, "seat": 0}).json()
    assert nudge["level"] == 1 and "tiles" not in nudge and "points" not in nudge and nudge["turn"] == 3
    assert re.fullmatch(r"Look along the marked cells: a good turn lays \d tiles? there\. Ask again for the best "
                        r"turn itself\.", nudge["words"])
    assert client.post("/api/play/state", key).json()["hint"] == 1
    shown = client.post("/api/play/hint", {**key, "seat": 0}).json()
    assert shown["level"] == 2 and shown["points"] == best["points"] and shown["turn"] == 3
    assert shown["notation"] == best["turn"]  # the very turn moves --top 1 lists first
    assert set(shown["cells"]) <= set(nudge["cells"]) and len(nudge["cells"]) > len(shown["cells"])
    free_around = set(nudge["cells"]) - set(shown["cells"]) - set(state["tiles"])
    assert 1 <= len(free_around) <= 2  # the line's tiles on the board, and a free cell past each end
    assert shown["words"].startswith("The best turn your hand allows: ") and f"{best['points']} point" in shown["words"]
    before = state["players"][0]["score"]
    state = client.post("/api/play/commit", {**key, "tiles": shown["tiles"]}).json()
    assert state["players"][0]["score"] == before + best["points"] and state["turns"][2]["hint"] == 2


def test_hints_are_refused_without_a_turn_of_the_asker(client):
    assert_one_line_error(client.post("/api/play/hint", {"game": "nosuchgame"}), 404, "no longer on the server")
    robot_first = {**GAME, "players": GAME["players"][::-1]}
    state = client.post("/api/play/new", robot_first).json()
    assert_one_line_error(client.post("/api/play/hint", {"game": state["game"]}), 409, "not your turn",
                          "Robot is to play")
    state = client.post("/api/play/new", GAME).json()
    assert_one_line_error(client.post("/api/play/hint", {"game": state["game"], "seat": 1}), 409, "not your turn")
    assert_one_line_error(client.post("/api/play/hint", {"game": state["game"], "seat": 9}), 400, "seat")
    alone = client.post("/api/play/new", {**GAME, "players": [{"name": "Robot", "kind": "greedy"}]}).json()
    assert play_on(client, alone)["over"]
    assert_one_line_error(client.post("/api/play/hint", {"game": alone["game"]}), 409, "the game is over")
    assert client.app.state.games.get(alone["game"]).hints == {}  # a refused hint is not recorded


def whole_game(client, body: dict, hinted: dict[int, int]) -> dict:
    """A game to its end, the person playing the best turn and asking for hints on the turns of `hinted`
    (turn number -> 1 nudge, 2 the best turn too)."""
    state = client.post("/api/play/new", body).json()
    key = {"game": state["game"]}
    while not state["over"]:
        state = play_on(client, state)
        if state["over"]:
            break
        number = len(state["turns"]) + 1
        for _ in range(hinted.get(number, 0)):
            client.post("/api/play/hint", key)
        best = play_hints.hint_turn(*_game_now(client, state["game"]))
        board = client.app.state.games.get(state["game"]).game.position.board
        state = client.post("/api/play/commit", {**key, "tiles": [[board.address(c), t.label]
                                                                  for c, t in best.tiles]}).json()
    return state


def _game_now(client, key: str):
    game = client.app.state.games.get(key).game
    return game.position, game.hands[game.current], game.variant.pattern, game.variant.hash_swap


def table_rows(page: str) -> list[list[str]]:
    """The cells of every row of the page's tables (head rows left out)."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page)
    return [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows if "<td" in row]


def test_the_review_of_a_finished_game_shows_the_hints_and_agrees_with_the_review_command(client, cli, tmp_path):
    state = client.post("/api/play/new", GAME).json()
    assert_one_line_error(client.get(f"/api/play/review?game={state['game']}"), 409, "finish the game first")
    state = whole_game(client, GAME, {1: 2, 3: 1})
    key = state["game"]
    answer = client.get(f"/api/play/review?game={key}")
    assert answer.status == 200 and answer.headers["content-type"] == "text/html; charset=utf-8"
    assert "content-disposition" not in answer.headers  # shown in the browser, not downloaded
    page = answer.body.decode()
    assert '<link rel="stylesheet" href="/api/play/review.css">' in page and "<style>" not in page
    rows = table_rows(page)
    players = {r[0]: r for r in rows if len(r) == 5}
    assert players["Ann"][4] == "2" and players["Robot"][4] == "0"
    turns = [r for r in rows if len(r) == 7]
    assert [r[6] for r in turns[:4]] == ["hint used: best turn", "-", "hint used", "-"]
    assert len(turns) == len(state["turns"]) and all(r[6] == "-" for r in turns[4:])
    # the same game reviewed by the command, from the transcript and the hands the game recorded
    (tmp_path / "game.txt").write_text(client.post("/api/play/transcript", {"game": key}).body.decode())
    (tmp_path / "hands.txt").write_text("\n".join(client.app.state.games.get(key).hands) + "\n")
    status, _, _ = cli("review", "--board", "hex:4", "-m", "7", f"@{tmp_path / 'game.txt'}", "--hands",
                       str(tmp_path / "hands.txt"), "-o", str(tmp_path / "review.json"))
    assert status == 0
    reviewed = json.loads((tmp_path / "review.json").read_text())["turns"]
    assert [(r[0], r[2], r[3], r[4]) for r in turns] == [(str(t["turn"]), t["played"], str(t["points"]),
                                                          str(t["best"])) for t in reviewed]
    assert all(t["points"] == t["best"] for t in reviewed if t["player"] == "Ann")  # Ann played the best turns
    assert client.get(f"/api/play/review?game={key}").body == answer.body  # kept with the game
    style = client.get("/api/play/review.css")
    assert style.headers["content-type"] == "text/css; charset=utf-8" and b"border-collapse" in style.body


@pytest.mark.parametrize("lang, title, used", [("de", "Spielbericht", "Tipp genutzt"),
                                               ("ru", "Разбор партии", "была подсказка")])
def test_hints_and_review_speak_the_language_of_the_game(client, lang, title, used):
    state = client.post("/api/play/new", {**GAME, "lang": lang}).json()
    nudge = client.post("/api/play/hint", {"game": state["game"]}).json()
    assert nudge["words"].startswith({"de": "Schau dir", "ru": "Посмотрите"}[lang])
    state = whole_game(client, {**GAME, "lang": lang}, {1: 1})
    page = client.get(f"/api/play/review?game={state['game']}").body.decode()
    assert f'<html lang="{lang}">' in page and f"<h1>{title}</h1>" in page and f"<td>{used}</td>" in page


def test_an_unknown_language_is_refused(client):
    assert_one_line_error(client.post("/api/play/new", {**GAME, "lang": "xx"}), 400, "\"Hints and review in\"",
                          "en, de, fr")


def test_every_turn_of_a_game_the_best_turn_shown_is_the_one_moves_top_1_lists(client, cli, tmp_path):
    body = {**GAME, "shuffle": 11, "players": [{"name": "Ann", "kind": "person"},
                                               {"name": "Bob", "kind": "person"}]}
    state = client.post("/api/play/new", body).json()
    key = {"game": state["game"]}
    checked = 0
    while not state["over"]:
        best = moves_top_1(cli, tmp_path, client, state)
        client.post("/api/play/hint", key)
        shown = client.post("/api/play/hint", key).json()
        assert (shown["notation"], shown["points"]) == (best["turn"], best["points"])
        state = client.post("/api/play/commit", {**key, "tiles": shown["tiles"]}).json()
        checked += 1
    assert checked >= 4 and sum(p["score"] for p in state["players"]) > 0
