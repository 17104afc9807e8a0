"""Player words: what the play page and the position editor show a player says it in words. No engine
abbreviation (MSA, M13-S2-A0), no engine phrase ("install a sequence", "(the primary sequence)", "zero
slope", "naturals", "policy C"), no option key shown bare ("bounce", "tess", "E: ambiguous ok"), no
"frozen", no bare transcript notation for a turn: in the pages' HTML, the strings of their scripts, and every
message their API sends a player over a whole game and a set of faulty positions."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from modlinseq_print.rules.player_words import reason_words, step_words, turn_words

JARGON = [r"\bMSA\b", r"\bM\d+-S\d+-A\d+\b", r"zero slope", r"\binstall", r"primary sequence", r"ambiguous ok",
          r"adjacent pair", r"hash swap", r"bounce/tess", r"^\s*(bounce|tess|bonus-malus)\s*$", r"Modulus note",
          r"\bfrozen\b", r"\b(?:tiles|board|markers|box|aids|exercises)\.[a-z_]+\b", r"bad tile token",
          r"\bpolicy [A-E]\b", r"\bnaturals?\b", r"modular-linear", r"\bwrap (?:none|lines|bounce|tess)\b",
          r"\bplayed \d", r"^[0-9#=]+[A-Z]\d+(?:, [0-9#=]+[A-Z]\d+)*$", r"\bpts\b", r"\b[A-E]: "]


def jargon_in(text: str) -> list[str]:
    return [pattern for pattern in JARGON if re.search(pattern, text)]


class _Shown(HTMLParser):
    """The words a page shows: its text (scripts and styles left out) and its shown attributes."""

    SHOWN = ("title", "aria-label", "placeholder", "alt", "aria-description")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style")
        self.words += [value for name, value in attrs if name in self.SHOWN and value]

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.words.append(data.strip())


def page_words(client, path: str) -> list[str]:
    reader = _Shown()
    reader.feed(client.get(path).body.decode())
    return reader.words


def script_words(client, name: str) -> list[str]:
    """The sentences of a script: its string and template literals holding a space and a letter."""
    source = client.get(f"/static/{name}").body.decode()
    literals = re.findall(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`', source)
    return [text for pair in literals for text in pair if re.search(r"[A-Za-z]+ [A-Za-z]", text)]


@pytest.mark.parametrize("path", ["/play", "/position", "/board", "/kit"])
def test_the_page_shows_no_jargon(client, path):
    found = {text: jargon_in(text) for text in page_words(client, path) if jargon_in(text)}
    assert found == {}


@pytest.mark.parametrize("name", ["play.js", "position.js", "studio.js", "zoom.js", "board.js", "kit.js",
                                  "pieces3d.js"])
def test_the_script_says_no_jargon(client, name):
    found = {text: jargon_in(text) for text in script_words(client, name) if jargon_in(text)}
    assert found == {}


def test_the_kit_form_says_no_jargon(client):
    """The kit builder's form, made from the preset definition: its labels, units and the words of its choices."""
    sections = client.get("/api/kit/schema").json()["sections"]
    shown = [f"{s['title']}" for s in sections] + [text for s in sections for f in s["fields"]
                                                   for text in [f["label"], f["unit"], *f["choice_words"]]]
    found = {text: jargon_in(text) for text in shown if text and jargon_in(text)}
    assert found == {}


def test_the_scan_finds_the_old_words():
    """The patterns catch what players used to meet."""
    for text in ("MSA", "M13-S2-A0", "the first turn must install a sequence through the centre cell A0",
                 "E: ambiguous ok", "A: adjacent pair", "hash swap", "bounce", "Modulus note", "frozen",
                 "tiles.nest", "bad tile token 'xE1'", "Computer played 5H2, 11T16", "5H2, 11T16",
                 "wrap bounce", "zero slope"):
        assert jargon_in(text), text


GAME = {"board": "hex:4", "modulus": 7, "copies": 3, "wild": 2, "hand": 4, "marker": True, "shuffle": 3,
        "hash_swap": True, "players": [{"name": "Ann", "kind": "greedy"}, {"name": "Robot", "kind": "careful"}]}


def test_a_whole_game_speaks_in_words(client):
    """Every message a game sends: the computer players' turns, the Turns list, who sits out, the verdicts of
    faulty turns a person tries, and the refusal of a board too small."""
    said = []
    state = client.post("/api/play/new", {**GAME, "players": [{"name": "Ann", "kind": "person"},
                                                               {"name": "Robot", "kind": "greedy"}]}).json()
    for tiles in ([["E3", "1"]], [["A0", "1"], ["E3", "2"]], [["H1", "1"], ["H2", "1"], ["H4", "1"]]):
        answer = client.post("/api/play/try", {"game": state["game"], "tiles": tiles}).json()
        said.append(answer.get("reason") or answer.get("error") or "")
    state = client.post("/api/play/new", GAME).json()
    while not state["over"]:
        answer = client.post("/api/play/computer", {"game": state["game"]}).json()
        said.append(answer["words"])
        state = answer["state"]
        said += state["events"]
    said += [turn["words"] for turn in state["turns"]]
    said.append(client.post("/api/play/new", {**GAME, "board": "hex:0"}).json()["error"])
    assert len(state["turns"]) > 3
    found = {text: jargon_in(text) for text in said if jargon_in(text)}
    assert found == {}


POSITIONS = [  # faulty and legal positions, each under its wild tile rule
    {"board": "hex:6", "modulus": 19, "transcript": "17A0 ~ 1 ~ 5 ~ 9E4; 3H8, 4H13"},
    {"board": "hex:6", "modulus": 13, "transcript": "1A0 ~ 3 ~ 5 ~ 7E4"},
    {"board": "hex:6", "modulus": 13, "transcript": "1A0 ~ # ~ 5E2", "wild_policy": "C"},
    {"board": "hex:6", "modulus": 13, "transcript": "1A0 ~ # ~ # ~ 7E4", "wild_policy": "A"},
    {"board": "hex:6", "modulus": 13, "transcript": "1A0 ~ # ~ # ~ 7E4", "wild_policy": "B"},
    {"board": "hex:6", "modulus": 13, "transcript": "1A0 ~ # ~ 5E2", "wild_policy": "D"},
    {"board": "hex:6", "modulus": 12, "transcript": "1A0 ~ # ~ 5E2"},
    {"board": "hex:6", "modulus": 13, "transcript": "4A0 ~ 4 ~ 4E2"},
    {"board": "hex:6", "modulus": 13, "cell": "E1", "value": "x"},
    {"board": "hex:6", "modulus": 13, "cell": "E1", "value": "13"},
]


@pytest.mark.parametrize("body", POSITIONS)
def test_the_editor_speaks_in_words(client, body):
    answer = client.post("/api/position/check", body).json()
    if "error" in answer:
        said = [answer["error"]]
    else:
        report = answer["report"]
        said = [p["message"] for p in report["problems"]] + [s["step"] for s in report["sequences"]]
        said += [s["line"] for s in report["sequences"]]
    found = {text: jargon_in(text) for text in said if jargon_in(text)}
    assert found == {}
    assert not [text for text in said if "~" in text]  # a line is told by its cells and tiles


def picture_words(svg: str) -> list[str]:
    """The text nodes of an SVG picture, each whole (its tspans joined)."""
    return [" ".join("".join(node.itertext()).split()) for node in ET.fromstring(svg.encode()).iter()
            if node.tag.rsplit("}", 1)[-1] == "text"]


@pytest.mark.parametrize("body", POSITIONS[:8])
def test_the_editor_s_picture_speaks_in_words(client, body):
    """The board picture the editor shows (its legend of sequences and its verdict lines): no rules notation,
    and each legend row names its line's end cells and tiles."""
    answer = client.post("/api/position/check", {**body, "legend": "all"}).json()
    said = picture_words(answer["svg"])
    assert len(said) > len(answer["cells"])  # the cells' addresses and the legend
    assert any(text.startswith(f"modulus {body['modulus']}, lines ") for text in said), said
    found = {text: jargon_in(text) for text in said if jargon_in(text)}
    assert found == {}
    assert not [text for text in said if " ~ " in text]  # no tilde notation


def test_the_editor_s_picture_legend_reads_each_line(client):
    answer = client.post("/api/position/check", {"board": "hex:6", "modulus": 13, "legend": "all",
                                                 "transcript": "1A0 ~ 3 ~ 5 ~ 7E4"}).json()
    said = picture_words(answer["svg"])
    assert said[said.index("step"):said.index("step") + 4] == ["step", "line", "tiles", "points"]
    assert "step 2" in said and "E4 to A0: 7, 5, 3, 1" in said
    assert "modulus 13, lines stop at the edges: legal" in said


def test_the_command_line_diagram_keeps_the_rules_notation():
    """The position command draws the rules' figures: MSA and tilde notation, as the rules write them."""
    import modlinseq_print as mp

    rows = mp.position("hex:6", 13, "1A0 ~ 3 ~ 5 ~ 7E4").drawing.legend_rows
    assert [row[:4] for row in rows] == [("M13-S2-A0", "7E4 ~ 5 ~ 3 ~ 1A0", "4", "3")]


def test_what_a_cell_holds_is_told_in_the_typists_terms(client):
    error = client.post("/api/position/check", {"board": "hex:6", "cell": "E1", "value": "x"}).json()["error"]
    assert "'x' is not a tile" in error and "xE1" not in error and "0 to 12" in error
    assert "0 to 6" in client.post("/api/position/check", {"modulus": 7, "cell": "E1", "value": "9"}).json()["error"]


def test_player_words():
    assert step_words("M13-S2-A0") == "step 2"
    assert step_words("M13-S0-A4") == "all the same value"
    assert step_words("M12-S2-A0 or M12-S8-A0") == "step 2 or 8"
    assert turn_words([("H2", "5"), ("T16", "11")], [], 6) == "laid 5 on H2 and 11 on T16: 6 points"
    assert turn_words([("A0", "#=4")], [], 0) == "laid a wild tile as 4 on A0: no points"
    assert reason_words("9E4 ~ 5E2 ~ #=1E1 ~ #A0 is not modular-linear modulo 19: it breaks at A0") == \
        "the line E4 to A0 (9, 5, 1, wild) does not keep one step (counting round 19): it breaks at A0"
    assert reason_words("the tiles of a turn must lie in one unbroken straight line (the primary sequence)") == \
        "the tiles of a turn must lie in one unbroken straight line"
