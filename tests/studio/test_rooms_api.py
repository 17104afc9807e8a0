"""Game rooms through their open protocol (in-process, Starlette's TestClient): every endpoint and every event
shows a seat's own hand alone and a spectator none; a new app on the same SQLite file resumes a game where it
was; secrets, caps, rate limits and the host's controls."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time

import pytest
from starlette.testclient import TestClient

from modlinseq_print.studio import rooms_api, rooms_hall
from modlinseq_print.studio.app import StudioApp
from modlinseq_print.studio.rooms import LIVE

HOST = "127.0.0.1:8000"
SMALL = {"board": "hex:4", "modulus": 7, "copies": 3, "wild": 1, "hand": 4}


@pytest.fixture
def client():
    """Make clients of new apps on a rooms file: each in a `with` block (one event loop for all its requests, as
    a server has, so that computer players play on between requests), closed at the end of the test."""
    with contextlib.ExitStack() as stack:
        yield lambda path: stack.enter_context(TestClient(StudioApp("127.0.0.1", 8000, rooms_file=path),
                                                          base_url=f"http://{HOST}"))


def auth(secret: str) -> dict:
    return {"Authorization": f"Bearer {secret}"}


def new_room(http: TestClient, seats=("person", "person", "person"), **settings) -> dict:
    answer = http.post("/api/rooms", json={**SMALL, **settings, "seats": list(seats)})
    assert answer.status_code == 200, answer.text
    return answer.json()


def start(http: TestClient, made: dict) -> None:
    answer = http.post(f"/api/rooms/{made['room']}/control", json={"action": "start"},
                       headers=auth(made["host"]["secret"]))
    assert answer.status_code == 200 and answer.json()["status"] == "playing", answer.text


def game_of(http: TestClient, made: dict):
    return http.app.rooms.room(made["room"]).game


def best_turn(game) -> str:
    """The turn the player to move plays in these tests: the best, written as a transcript writes it."""
    return max(game.moves(), key=lambda m: (m.points, len(m.tiles))).notation(game.position)


def hands_in(answer) -> list:
    """Every value under a key naming a hand anywhere in an answer (a seat's view has one: "hand")."""
    found = []
    if isinstance(answer, dict):
        for key, value in answer.items():
            if "hand" in key.lower():
                found.append(value)
            found += hands_in(value)
    elif isinstance(answer, list):
        for value in answer:
            found += hands_in(value)
    return found


def hand_words(hand) -> list[str]:
    return [str(v) for v in hand.naturals] + ["#"] * hand.wild


def check_secrecy(answer, game, seat: int | None) -> None:
    """The answer holds the hand of `seat` alone (None: no hand at all)."""
    hands = hands_in(answer)
    if seat is None:
        assert all(h is None for h in hands), hands
    else:
        assert hands == [hand_words(game.hands[seat])], (hands, seat)


def settled(http: TestClient, made: dict):
    """The room once its computer players have played (they play at once in these tests)."""
    hall = http.app.rooms
    room = hall.room(made["room"])
    for _ in range(3000):
        if made["room"] not in hall.thinking and not rooms_api.RoomRoutes.computer_to_move(room):
            return room
        time.sleep(0.01)
    raise AssertionError("the computer players did not play")


def drain(http: TestClient, made: dict, viewers, sockets) -> int:
    """Read each device's events up to the room's present version, checking that each shows its own hand
    alone: that seat's hand has as many tiles as the seat holds then, and the last is the hand it holds now."""
    room = settled(http, made)
    count = 0
    for (_, seat), socket in zip(viewers, sockets):
        while True:
            message = socket.receive_json()
            count += 1
            state = message["state"]
            if state["version"] == room.version:
                check_secrecy(message, room.game, seat if room.status in LIVE else None)
                break
            hands = hands_in(message)
            assert hands == [None] if seat is None else len(hands[0]) == state["players"][seat]["tiles"], hands
    return count


def test_creating_a_room_answers_secrets_and_links(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    made = new_room(http, ("person", "greedy"))
    secrets = [s["secret"] for s in made["seats"]] + [made["spectator"]["secret"], made["host"]["secret"]]
    assert len(set(secrets)) == 4 and all(len(s) >= 32 for s in secrets)
    assert made["seats"][0]["link"] == f"http://{HOST}/room/{made['room']}#{secrets[0]}"
    assert [s["kind"] for s in made["seats"]] == ["person", "greedy"]
    assert http.get(f"/room/{made['room']}").status_code == 200


def test_a_missing_or_wrong_secret_is_refused_and_no_room_opens_another(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    one, other = new_room(http), new_room(http)
    path = f"/api/rooms/{one['room']}/state"
    assert http.get(path).status_code == 401
    assert http.get(path, headers=auth("not-a-secret")).status_code == 401
    assert http.get(path, headers={"Authorization": one["seats"][0]["secret"]}).status_code == 401  # no Bearer
    for secret in [s["secret"] for s in other["seats"]] + [other["spectator"]["secret"], other["host"]["secret"]]:
        for method, end in (("GET", "state"), ("POST", "turn"), ("POST", "control"), ("GET", "transcript")):
            answer = http.request(method, f"/api/rooms/{one['room']}/{end}", headers=auth(secret),
                                  json={"turn": "1A0", "action": "end"} if method == "POST" else None)
            assert answer.status_code == 401, (end, answer.text)
    assert http.get(path, headers=auth(one["seats"][0]["secret"])).json()["status"] == "waiting"


def test_every_endpoint_and_event_shows_a_seat_its_own_hand_alone(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    made = new_room(http, ("person", "person", "greedy"))
    room = made["room"]
    viewers = [(s["secret"], n) for n, s in enumerate(made["seats"])] + [(made["spectator"]["secret"], None),
                                                                          (made["host"]["secret"], None)]
    host = made["host"]["secret"]
    http.app.rooms.computer_pause = 0
    sockets = []
    for secret, _ in viewers:
        socket = http.websocket_connect(f"/api/rooms/{room}/events", headers={"host": HOST}).__enter__()
        socket.send_json({"secret": secret, "drawing": True})
        sockets.append(socket)
    game = game_of(http, made)
    for (_, seat), socket in zip(viewers, sockets):
        check_secrecy(socket.receive_json(), game, seat)  # the state sent on connecting
    check_secrecy(http.get(f"/api/rooms/{room}/invitations", headers=auth(host)).json(), game, None)
    for secret, seat in viewers[:2]:
        answer = http.post(f"/api/rooms/{room}/name", json={"name": f"Seat {'AB'[seat]}"}, headers=auth(secret))
        check_secrecy(answer.json(), game_of(http, made), seat)
    start(http, made)
    turns = events = 0
    while not game_of(http, made).over:
        game = game_of(http, made)
        for secret, seat in viewers:
            check_secrecy(http.get(f"/api/rooms/{room}/state?drawing=1", headers=auth(secret)).json(), game, seat)
        words = best_turn(game)
        secret = made["seats"][game.current]["secret"]
        verdict = http.post(f"/api/rooms/{room}/try", json={"turn": words}, headers=auth(secret)).json()
        assert verdict["legal"] and not hands_in(verdict)
        mover = game.current
        answer = http.post(f"/api/rooms/{room}/turn", json={"turn": words}, headers=auth(secret)).json()
        # whether the game is over is read from the answer: the computer player may end it right after
        check_secrecy(answer, game_of(http, made), mover if answer["status"] in LIVE else None)
        turns += 1
        events += drain(http, made, viewers, sockets)  # every change reaches every device, each its own
    assert turns >= 3 and events >= 5 * len(viewers)
    transcript = http.get(f"/api/rooms/{room}/transcript", headers=auth(viewers[0][0])).text
    assert "Seat A:" in transcript and transcript.splitlines()[2:] == game_of(http, made).transcript().splitlines()
    for socket in sockets:
        socket.__exit__(None, None, None)


def test_a_new_app_on_the_same_file_resumes_the_game_where_it_was(client, tmp_path, cli):
    path = tmp_path / "rooms.sqlite3"
    first = client(path)
    first.app.rooms.computer_pause = 0
    made = new_room(first, ("person", "person"))
    start(first, made)
    secrets = [s["secret"] for s in made["seats"]]
    for _ in range(3):
        game = game_of(first, made)
        answer = first.post(f"/api/rooms/{made['room']}/turn", json={"turn": best_turn(game)},
                            headers=auth(secrets[game.current]))
        assert answer.status_code == 200, answer.text
    before = [first.get(f"/api/rooms/{made['room']}/state", headers=auth(s)).json() for s in secrets]
    first.app.rooms.close()
    second = client(path)  # a new server: nothing in memory, the rooms read back from the file
    after = [second.get(f"/api/rooms/{made['room']}/state", headers=auth(s)).json() for s in secrets]
    assert after == before and before[0]["version"] == 4 and len(before[0]["turns"]) == 3
    assert before[0]["hand"] != before[1]["hand"] or before[0]["hand"] is not None
    while not game_of(second, made).over:  # and the game plays on to its end
        game = game_of(second, made)
        answer = second.post(f"/api/rooms/{made['room']}/turn", json={"turn": best_turn(game)},
                             headers=auth(secrets[game.current]))
        assert answer.status_code == 200, answer.text
    end = second.get(f"/api/rooms/{made['room']}/state", headers=auth(secrets[0])).json()
    assert end["status"] == "over" and end["hand"] is None and end["review"].startswith("/rooms/review/")
    assert [t["tiles"] for t in end["turns"][:3]] == [t["tiles"] for t in before[0]["turns"]]
    (tmp_path / "game.txt").write_text(end["transcript"] + "\n")
    status, out, _ = cli("score", "--board", "hex:4", "-m", "7", "--players", "2", "--json",
                         f"@{tmp_path / 'game.txt'}")
    assert status == 0 and json.loads(out)["totals"] == {p["name"]: p["score"] for p in end["players"]}
    review = second.get(end["review"])
    assert review.status_code == 200 and "<html" in review.text.lower()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT COUNT(*) FROM turns").fetchone()[0] == len(end["turns"])


def test_a_computer_seat_plays_on_after_a_restart(client, tmp_path):
    path = tmp_path / "rooms.sqlite3"
    first = client(path)
    first.app.rooms.computer_pause = 3600  # the computer does not play before the restart
    made = new_room(first, ("person", "greedy"))
    start(first, made)
    game = game_of(first, made)
    first.post(f"/api/rooms/{made['room']}/turn", json={"turn": best_turn(game)},
               headers=auth(made["seats"][0]["secret"]))
    first.app.rooms.close()
    second = client(path)
    second.app.rooms.computer_pause = 0
    with second.websocket_connect(f"/api/rooms/{made['room']}/events", headers={"host": HOST}) as socket:
        socket.send_json({"secret": made["spectator"]["secret"]})
        states = [socket.receive_json()["state"], socket.receive_json()["state"]]
    assert [len(s["turns"]) for s in states] == [1, 2] and states[1]["turns"][1]["player"] == "Computer 2"


def test_the_host_starts_pauses_resumes_and_ends(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    made = new_room(http, ("person", "person"))
    room, seat = made["room"], auth(made["seats"][0]["secret"])
    words = best_turn(game_of(http, made))
    answer = http.post(f"/api/rooms/{room}/turn", json={"turn": words}, headers=seat)
    assert answer.status_code == 409 and "has not started" in answer.json()["error"]
    assert http.post(f"/api/rooms/{room}/control", json={"action": "start"}, headers=seat).status_code == 403
    start(http, made)
    control = lambda action: http.post(f"/api/rooms/{room}/control", json={"action": action},  # noqa: E731
                                       headers=auth(made["host"]["secret"]))
    assert control("pause").json()["status"] == "paused"
    assert http.post(f"/api/rooms/{room}/turn", json={"turn": words}, headers=seat).status_code == 409
    assert control("resume").json()["status"] == "playing"
    other = http.post(f"/api/rooms/{room}/turn", json={"turn": words}, headers=auth(made["seats"][1]["secret"]))
    assert other.status_code == 409 and "not your turn" in other.json()["error"]
    bad = http.post(f"/api/rooms/{room}/turn", json={"turn": "1B3"}, headers=seat)
    assert bad.status_code == 400 and "not a legal turn" in bad.json()["error"]
    assert http.post(f"/api/rooms/{room}/turn", json={"turn": words}, headers=seat).status_code == 200
    ended = control("end").json()
    assert ended["status"] == "ended" and ended["review"] and control("start").status_code == 409


@pytest.mark.parametrize("seats", [["person"], ["person"] * 7, ["person", "robot"], "person"])
def test_two_to_six_seats_of_known_kinds(client, tmp_path, seats):
    http = client(tmp_path / "rooms.sqlite3")
    answer = http.post("/api/rooms", json={**SMALL, "seats": seats})
    assert answer.status_code == 400 and "seat" in answer.json()["error"]


def test_caps_on_sizes_rooms_and_rates(client, tmp_path, monkeypatch):
    http = client(tmp_path / "rooms.sqlite3")
    huge = http.post("/api/rooms", content=b'{"seats": ["' + b"x" * rooms_api.MAX_MESSAGE + b'"]}',
                     headers={"content-type": "application/json"})
    assert huge.status_code == 413
    assert http.post("/api/rooms", json={**SMALL, "board": "hex:20", "seats": ["person"] * 2}).status_code == 400
    http.app.rooms.max_live = 2
    new_room(http), new_room(http)
    full = http.post("/api/rooms", json={**SMALL, "seats": ["person", "person"]})
    assert full.status_code == 503 and "at once" in full.json()["error"]
    http.app.rooms.max_live = 100
    monkeypatch.setattr(rooms_hall, "CREATE_BURST", 3)
    monkeypatch.setattr(rooms_hall, "CREATE_RATE", 1e-6)  # no token comes back while the test runs, however slow
    http.app.rooms.buckets.clear()
    answers = [http.post("/api/rooms", json={**SMALL, "seats": ["person", "person"]}).status_code for _ in range(5)]
    assert answers[:3] == [200] * 3 and answers[3:] == [429, 429]
    http.app.rooms.burst, http.app.rooms.rate = 5, 1e-6
    room = http.app.rooms.rooms[next(iter(http.app.rooms.rooms))]
    codes = [http.get(f"/api/rooms/{room.id}/state", headers=auth(room.spectator)).status_code for _ in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    assert http.get(f"/api/rooms/{room.id}/state", headers=auth(room.host)).status_code == 200  # its own bucket


def test_a_socket_without_the_room_secret_learns_nothing(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    made, other = new_room(http), new_room(http)
    with http.websocket_connect(f"/api/rooms/{made['room']}/events", headers={"host": HOST}) as socket:
        socket.send_json({"secret": other["seats"][0]["secret"]})
        message = socket.receive_json()
    assert message == {"type": "error", "status": 401,
                       "error": "this link's secret does not open this room: ask the host for your link"}
    with http.websocket_connect(f"/api/rooms/{made['room']}/events", headers={"host": HOST}) as socket:
        socket.send_text("x" * (rooms_api.MAX_MESSAGE + 1))
        assert socket.receive_json()["status"] == 413


def test_a_long_poll_waits_for_the_next_change(client, tmp_path):
    http = client(tmp_path / "rooms.sqlite3")
    made = new_room(http, ("person", "person"))
    start(http, made)
    seat = auth(made["seats"][1]["secret"])
    version = http.get(f"/api/rooms/{made['room']}/state", headers=seat).json()["version"]
    stale = http.get(f"/api/rooms/{made['room']}/state?since={version - 1}", headers=seat).json()
    assert stale["version"] == version  # behind: answered at once
    import threading

    game = game_of(http, made)
    words = best_turn(game)
    timer = threading.Timer(0.3, lambda: http.post(f"/api/rooms/{made['room']}/turn", json={"turn": words},
                                                   headers=auth(made["seats"][0]["secret"])))
    timer.start()
    waited = http.get(f"/api/rooms/{made['room']}/state?since={version}", headers=seat).json()
    timer.join()
    assert waited["version"] == version + 1 and waited["turns"][0]["tiles"] == words


@pytest.mark.parametrize("headers", [{"host": HOST, "origin": "http://evil.example"}, {"host": "evil.example"}])
def test_a_socket_from_another_site_or_host_is_closed_before_it_opens(client, tmp_path, headers):
    """Another site's page (its Origin) or another host name (DNS rebinding) gets no room socket: closed with
    1008, policy violation, before anything is said."""
    from starlette.websockets import WebSocketDisconnect

    http = client(tmp_path / "rooms.sqlite3")
    made = new_room(http)
    with pytest.raises(WebSocketDisconnect) as refused:
        with http.websocket_connect(f"/api/rooms/{made['room']}/events", headers=headers):
            pass
    assert refused.value.code == 1008


def test_the_studio_command_loads_what_a_room_s_first_turns_need_before_it_serves():
    """The rules engine and what it loads on first use (numpy, for wild tiles) are loaded, and set aside from
    the cycle collector, when the studio command starts: their first import in a room made every room wait."""
    import subprocess
    import sys

    probe = ("import gc, sys; from modlinseq_print.studio.server import set_code_aside; "
             "assert 'numpy' not in sys.modules; set_code_aside(); "
             "print(sorted(m for m in ('numpy', 'modlinseq_print.rules.turn_search', 'modlinseq_print.studio.rooms') "
             "if m in sys.modules), gc.get_freeze_count() > 10000)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("] ")[1].strip() == "True"
    assert "['modlinseq_print.rules.turn_search', 'modlinseq_print.studio.rooms', 'numpy']" in done.stdout
