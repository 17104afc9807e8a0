"""The play page offers every level of computer player, weakest first, from their one definition
(rules.players.AI_PLAYERS), and the API plays each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from modlinseq_print.rules.players import AI_PLAYERS, LEVELS

STATIC = Path(__file__).parents[2] / "modlinseq_print" / "studio" / "static"


def test_every_seat_offers_a_person_and_every_level_weakest_first():
    page = (STATIC / "play.html").read_text()
    seats = re.findall(r'<select name="kind(\d)"[^>]*>(.*?)</select>', page)
    assert [int(n) for n, _ in seats] == list(range(6))
    for _, options in seats:
        values = [v for v in re.findall(r'<option value="([^"]*)"', options) if v]
        assert values == ["person", *AI_PLAYERS]
    designer = re.search(r'<select name="play_ai">(.*?)</select>', (STATIC / "board.html").read_text()).group(1)
    assert re.findall(r'<option value="([^"]*)"', designer) == list(AI_PLAYERS)


def test_the_page_says_what_each_level_does_in_its_own_words():
    """The seats' levels are explained beside them, each in the words of its definition, weakest first."""
    page = (STATIC / "play.html").read_text()
    block = re.search(r"<summary>The computer players</summary><dl>(.*?)</dl>", page, re.S).group(1)
    told = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", block)
    assert told == [(level.name, level.words[0].upper() + level.words[1:] + ".") for level in LEVELS]


@pytest.mark.parametrize("kind", ["beginner", "strong"])
def test_the_computer_plays_a_turn_at_each_new_level(client, kind):
    game = {"board": "hex:3", "modulus": 7, "copies": 3, "wild": 1, "hand": 4, "marker": False, "shuffle": 5,
            "players": [{"name": "Robot", "kind": kind}, {"name": "Ann", "kind": "person"}]}
    state = client.post("/api/play/new", game).json()
    assert state["players"][0]["kind"] == kind and state["current"] == 0
    answer = client.post("/api/play/computer", {"game": state["game"]}).json()
    assert answer["player"] == "Robot" and answer["tiles"] and answer["state"]["current"] == 1
    assert answer["state"]["players"][0]["score"] == answer["points"]
