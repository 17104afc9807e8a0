"""The docs' studio screenshots cannot go stale: what each showed when it was taken (docs/studio-screenshots.json,
written by the browser tests under `make previews`) must be what the studio shows today for the same input."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
RECORD = DOCS / "studio-screenshots.json"
STATES = json.loads(RECORD.read_text()) if RECORD.exists() else {}


def test_every_screenshot_has_its_record_and_every_record_its_screenshot():
    pictures = {path.stem.removeprefix("studio-") for path in DOCS.glob("studio-*.png")}
    assert pictures == set(STATES), "run `make previews` to take the screenshots and record them again"
    assert {"board", "kit", "position", "board-phone", "kit-phone", "position-phone"} <= set(STATES)


def as_body(query: str) -> dict:
    """A page's address as the request its page sends: lists of cells split at commas."""
    body = dict(parse_qsl(query))
    for key in ("remove", "add"):
        if key in body:
            body[key] = body[key].split(",")
    if "t" in body:
        body["transcript"] = body.pop("t")
    return body


def today(client, state: dict) -> dict:
    """What the studio shows today for the recorded input, in the record's terms."""
    if state["page"] == "board":
        body = as_body(state["query"])
        return {**state, "cells": client.post("/api/board/preview", body).json()["count"],
                "pages": client.post("/api/board/pages", body).json()["summary"]}
    if state["page"] == "kit":
        values = client.get(f"/api/kit/preset?name={state['preset']}").json()["values"]
        built = client.post("/api/kit/build", {"name": state["preset"], "values": values}).json()
        return {**state, "pages": built["pages"], "summary": built["summary"].rsplit(",", 1)[0]}
    answer = client.post("/api/position/check", as_body(state["query"])).json()
    verdict = "empty board" if not answer["tiles"] else "legal" if answer["report"]["legal"] else "illegal"
    return {**state, "verdict": verdict, "tiles": len(answer["tiles"]), "blocked": answer["report"]["blocked"]}


@pytest.mark.parametrize("name", sorted(STATES))
def test_the_screenshot_shows_what_the_studio_shows_today(client, name):
    assert today(client, STATES[name]) == STATES[name], "the screenshot is stale: run `make previews`"


@pytest.mark.parametrize("name, change", [("board", {"cells": 1}), ("kit", {"pages": 1}), ("position", {"tiles": 1})])
def test_a_stale_record_is_caught(client, name, change):
    stale = {key: value + change.get(key, 0) if key in change else value for key, value in STATES[name].items()}
    assert today(client, stale) != stale
