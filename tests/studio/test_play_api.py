"""The play page's API: a whole game of a person against a computer player through the endpoints, the
transcript scoring the same with `score`, pass-and-play hiding hands, the designer's playtest, bad requests."""

from __future__ import annotations

import json

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.moves import Hand, generate_turns
from modlinseq_print.rules.position import Position, Tile, analyse, marker_tile
from studio_client import assert_one_line_error

GAME = {"board": "hex:4", "modulus": 7, "copies": 3, "wild": 1, "hand": 4, "marker": False, "shuffle": 5,
        "players": [{"name": "Ann", "kind": "person"}, {"name": "Robot", "kind": "greedy"}]}


def position_of(state) -> Position:
    """The position a state shows, rebuilt from its tiles (for the test to find legal turns itself)."""
    board = parse_board(state["board"])
    tiles = {}
    for address, label in state["tiles"].items():
        cell = board.parse_address(address)
        tiles[cell] = Tile(None) if label == "#" else Tile(int(label))
    if state["board"] == "hex:4" and GAME.get("marker"):
        tiles.update([marker_tile()])
    return Position(board, state["modulus"], tiles)


def diagram_here(client, key: str, fmt: str) -> bytes:
    """The game's diagram drawn in this process from the server's own position."""
    from modlinseq_print.printables.position import diagram_style, position_document, position_scene
    from modlinseq_print.render.output import render_pages
    game = client.app.state.games.get(key).game
    drawing = position_scene(analyse(game.position), diagram_style(pattern=game.variant.pattern))
    return render_pages(position_document(drawing, "MODLINSEQ game"), fmt)[0]


def a_legal_turn(state) -> list[list[str]]:
    hand = state["hand"]
    turns = generate_turns(position_of(state), Hand(tuple(sorted(int(v) for v in hand if v != "#")), hand.count("#")))
    board = parse_board(state["board"])
    return [[board.address(c), t.label] for c, t in turns[0].tiles]


def test_a_whole_game_against_the_computer_scores_as_score_does(client, cli, tmp_path):
    state = client.post("/api/play/new", GAME).json()
    assert state["shuffle"] == 5 and state["current"] == 0 and len(state["hand"]) == 4 and state["stock"] == 22 - 8
    assert state["players"][1]["kind"] == "greedy" and state["svg"].startswith("<svg") and state["cells"]
    key = {"game": state["game"]}
    wrong = client.post("/api/play/try", {**key, "tiles": [["E4", state["hand"][0]]]}).json()
    assert wrong["legal"] is False and "A0" in wrong["reason"]
    while not state["over"]:
        if state["current"] == 0:
            tiles = a_legal_turn(state)
            verdict = client.post("/api/play/try", {**key, "tiles": tiles}).json()
            assert verdict["legal"], verdict
            before = state["players"][0]["score"]
            state = client.post("/api/play/commit", {**key, "tiles": tiles}).json()
            assert state["players"][0]["score"] == before + verdict["points"]
        else:
            assert state["hand"] is None  # a computer's hand is never sent
            answer = client.post("/api/play/computer", key).json()
            assert answer["player"] == "Robot" and answer["tiles"]
            state = answer["state"]
    assert all(p["frozen"] for p in state["players"]) and any(p["winner"] for p in state["players"])
    download = client.post("/api/play/transcript", key)
    text = download.body.decode()
    assert download.headers["content-disposition"].endswith('filename="game.txt"')
    assert "// modlinseq-print score --board hex:4 -m 7 --players 2 @game.txt" in text
    (tmp_path / "game.txt").write_text(text)
    status, out, _ = cli("score", "--board", "hex:4", "-m", "7", "--players", "2", "--json",
                         f"@{tmp_path / 'game.txt'}")
    assert status == 0
    assert json.loads(out)["totals"] == {p["name"]: p["score"] for p in state["players"] if p["name"] in text}
    svg = client.post("/api/play/diagram?format=svg", key)
    assert svg.status == 200 and b"<svg" in svg.body[:200]
    assert svg.body == diagram_here(client, state["game"], "svg")  # the worker drew the game's very position
    pdf = client.post("/api/play/diagram?format=pdf", key)
    assert pdf.status == 200 and pdf.body.startswith(b"%PDF") and pdf.headers["content-type"] == "application/pdf"


def test_pass_and_play_sends_only_the_hand_of_the_person_to_move(client):
    body = {**GAME, "players": [{"name": "Ann", "kind": "person"}, {"name": "Bob", "kind": "person"}]}
    state = client.post("/api/play/new", body).json()
    first = state["hand"]
    state = client.post("/api/play/commit", {"game": state["game"], "tiles": a_legal_turn(state)}).json()
    assert state["current"] == 1 and len(state["hand"]) == 4 and state["players"][0]["tiles"] == 4
    assert all(set(p) == {"name", "kind", "score", "frozen", "tiles", "winner"} for p in state["players"])
    assert first is not None and json.dumps(state).count('"hand"') == 1


def test_tiles_not_in_the_hand_are_refused(client):
    state = client.post("/api/play/new", GAME).json()
    missing = next(str(v) for v in range(7) if str(v) not in state["hand"])
    verdict = client.post("/api/play/try", {"game": state["game"], "tiles": [["A0", missing]]}).json()
    assert verdict["legal"] is False and "your hand does not hold" in verdict["reason"]
    assert_one_line_error(client.post("/api/play/commit", {"game": state["game"], "tiles": [["A0", missing]]}),
                          400, "not a legal turn")


@pytest.mark.parametrize("change, words", [
    ({"players": [{"name": f"P{i}"} for i in range(7)]}, "1 to 6 players"),
    ({"players": [{"name": "Ann"}, {"name": "Ann"}]}, "each name once"),
    ({"players": [{"name": "4you"}]}, "use letters"),
    ({"players": [{"name": "Ann", "kind": "oracle"}]}, "kind must be one of"),
    ({"hand": 13}, '"Hand" must be from 1 to 12'),  # named by the play page's label
    ({"board": "hex:x"}, '"Board": can\'t read \'hex:x\' as a board'),
    ({"copies": 1, "wild": 0, "hand": 4, "players": [{"name": "A"}, {"name": "B"}]}, "cannot fill 2 hands of 4"),
    ({"board": "file:x.txt"}, "reads no file"),
    ({"board": "square:4x4"}, None),
])
def test_bad_games_are_one_line(client, change, words):
    answer = client.post("/api/play/new", {**GAME, **change})
    if words is None:  # square boards have no A0: their first turn goes anywhere
        assert answer.status == 200
    else:
        assert_one_line_error(answer, 400, words)


def test_gone_games_and_wrong_turns(client):
    assert_one_line_error(client.post("/api/play/state", {"game": "nosuchgame"}), 404, "no longer on the server")
    state = client.post("/api/play/new", GAME).json()
    assert_one_line_error(client.post("/api/play/computer", {"game": state["game"]}), 409, "not a computer")
    assert_one_line_error(client.post("/api/play/try", {"game": state["game"], "tiles": "A0"}), 400, "tiles")


def test_the_designers_playtest_shades_the_designed_cells(client):
    answer = client.post("/api/play/playtest", {"board": "hex:4", "remove": ["B4", "E4"], "modulus": 7,
                                                "copies": 3, "wild": 0, "hand": 4, "games": 2}).json()
    assert answer["games"] == 2 and 0 < answer["filled"] <= 1 and len(answer["scores"]) == 2
    assert "A0" in answer["heat"] and "B4" not in answer["heat"] and all(0 < v <= 1 for v in answer["heat"].values())


def test_the_shipped_kits_fill_a_game(client):
    kits = client.get("/api/play/kits").json()["kits"]
    assert kits["standard"] == {"board": "hex:9", "modulus": 13, "copies": 10, "wild": 4, "no_zero": False,
                                "wrap": "none", "pattern": "none", "marker": True}
    assert kits["tess-3"]["board"] == "tess:3" and kits["tess-3"]["modulus"] == 20
    state = client.post("/api/play/new", {**kits["starter"], "shuffle": 2, "hand": 5}).json()
    assert state["board"] == kits["starter"]["board"] and state["modulus"] == kits["starter"]["modulus"]
    dealt = sum(p["tiles"] for p in state["players"]) + state["stock"]
    expected = kits["starter"]["copies"] * (kits["starter"]["modulus"] - kits["starter"]["no_zero"])
    assert dealt == expected + kits["starter"]["wild"]
