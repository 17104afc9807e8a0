"""The studio's state belongs to its app: two apps in one process share no game, kit, download or worker; an
app's shutdown (its lifespan) ends its worker processes and threads; features are declared as data."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from modlinseq_print.studio import app as studio_app
from modlinseq_print.studio.app import FEATURES, StudioApp
from modlinseq_print.studio.feature import Feature
from modlinseq_print.studio.shelf import Shelf
from studio_client import Client, assert_one_line_error

GAME = {"board": "hex:4", "modulus": 7, "copies": 3, "wild": 1, "hand": 4, "shuffle": 5,
        "players": [{"name": "Ann", "kind": "person"}, {"name": "Robot", "kind": "greedy"}]}


@pytest.fixture(scope="module")
def two():
    """Two studio apps in this process, each with its client."""
    first, second = StudioApp("127.0.0.1", 8000), StudioApp("127.0.0.1", 8000)
    yield Client(first), Client(second)
    first.close()
    second.close()


def test_two_apps_share_no_game(two):
    a, b = two
    game = a.post("/api/play/new", GAME).json()["game"]
    assert a.post("/api/play/state", {"game": game}).json()["game"] == game
    assert_one_line_error(b.post("/api/play/state", {"game": game}), 404, "no longer on the server")
    assert game in a.app.state.games and game not in b.app.state.games
    assert a.app.state is not b.app.state and a.app.state.pool is not b.app.state.pool


def test_two_apps_share_no_kit_and_no_download(two):
    a, b = two
    values = a.get("/api/kit/preset?name=starter").json()["values"]
    kit = a.post("/api/kit/build", {"name": "starter", "values": values}).json()
    assert kit["ok"] and a.get(f"/api/kit/download?id={kit['id']}").body.startswith(b"%PDF")
    assert_one_line_error(b.get(f"/api/kit/download?id={kit['id']}"), 404, "no such kit")
    assert_one_line_error(b.get(f"/api/kit/page?id={kit['id']}&page=1"), 404, "no such kit")
    made = a.post("/api/board/make?format=svg", {"board": "hex:2"}).json()
    assert_one_line_error(b.get(f"/api/board/file?id={made['id']}"), 404, "no such download")
    assert a.get(f"/api/board/file?id={made['id']}").body.startswith(b"<?xml")
    worker_a, worker_b = ({w.pid for w in client.app.state.pool.workers} for client in two)
    assert worker_a and not worker_a & worker_b  # each app's heavy work ran in its own processes


def test_the_lifespan_closes_the_worker_processes_and_the_threads():
    app = StudioApp("127.0.0.1", 8000)
    with TestClient(app, base_url="http://127.0.0.1:8000") as http:  # runs the lifespan: startup, then shutdown
        assert http.post("/api/board/download?format=svg", json={"board": "hex:1"}).status_code == 200
        pids = {worker.pid for worker in app.state.pool.workers}
        assert pids
    assert app.state.pool.closed and app.state.light.executor._shutdown
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(Path(f"/proc/{pid}").exists() for pid in pids)
    assert not app.state.pool.workers or all(worker.lost for worker in app.state.pool.workers)


def test_no_thread_pool_or_worker_is_made_at_import():
    import subprocess
    import sys

    code = ("import threading, modlinseq_print.studio.app, modlinseq_print.studio.server; "
            "print(sorted(t.name for t in threading.enumerate()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['MainThread']"


def test_a_shelf_keeps_the_most_recently_used():
    shelf: Shelf[int] = Shelf(2)
    shelf.put("a", 1)
    shelf.put("b", 2)
    assert shelf.get("a") == 1  # now the most recently used
    shelf.put("c", 3)
    assert "b" not in shelf and shelf.get("a") == 1 and shelf.peek("c") == 3 and len(shelf) == 2
    assert shelf.take("a") == 1 and shelf.take("a") is None and len(shelf) == 1


def test_features_are_declarations_the_app_serves():
    app = StudioApp("127.0.0.1", 8000)
    for feature in FEATURES:
        assert isinstance(feature, Feature)
        with pytest.raises(dataclasses.FrozenInstanceError):
            feature.form = "other.html"  # type: ignore[misc]
        with pytest.raises(TypeError):
            feature.routes[("GET", "/api/new")] = lambda request: {}  # type: ignore[index]
        for (method, path), handler in feature.routes.items():
            assert app.routes[(method, path)] is handler and app.forms[path] == feature.form
        assert feature.heavy <= app.heavy and feature.patient <= app.patient
        assert all(app.budgets[path] == seconds for path, seconds in feature.budgets.items())
    served = {route.path for route in app.app.routes}
    assert {"/", "/board", "/kit", "/position", "/play"} <= served
    with pytest.raises(ValueError, match="does not route"):
        Feature(routes={("GET", "/api/x"): lambda request: {}}, heavy=frozenset({"/api/y"}))


def test_a_feature_added_is_served_and_none_left_out_is():
    def hello(request):
        return {"hello": request.query.get("name", "")}

    extra = Feature(routes={("GET", "/api/hello"): hello}, pages={"/hello": "board.html"})
    app = StudioApp("127.0.0.1", 8000, features=(extra,))
    client = Client(app)
    assert client.get("/api/hello?name=Ann").json() == {"hello": "Ann"}
    assert client.get("/hello").status == 200
    assert_one_line_error(client.post("/api/board/preview", {}), 404, "no such page")
    assert_one_line_error(client.get("/board"), 404)


def test_every_answer_carries_the_security_headers(client):
    for answer in (client.get("/board"), client.get("/static/studio.css"), client.post("/api/board/preview", {}),
                   client.get("/nothing"), client.get("/board", host="evil.example:8000"),
                   client.post("/api/board/preview", {"board": "hex:1"}, headers={"accept": "application/x-ndjson"})):
        for name, value in studio_app.SecurityHeaders(None).headers:
            assert answer.headers[name.decode()] == value.decode(), (name, answer.status)  # once: not repeated
