"""Player words: what the studio's play page and position editor say (and the editor's diagram shows), in the
words of a person at the table rather than the engine's.

The rules engine words its reasons for the command line and the printed report, in the rules' own technical
terms ("install", "the primary sequence", "modular-linear", "policy C", "naturals", the MSA notation
M13-S2-A0). A player meeting them on a game page has no rules page open, so the pages send every reason,
problem and sequence through this module: each engine phrase is rewritten as plain words (`reason_words`),
a sequence's MSA becomes its step (`step_words`), and a turn reads as what was laid where (`turn_words`).
The pages define the rules terms they keep (modulus, sequence, wild tile, blocked cell) where they show them.
"""

from __future__ import annotations

import re
from typing import Callable

#: The wild tile rules (rules, page 3, section 7-2) as a player names them; the letters stay the rules' keys.
WILD_RULES = {"A": "two number tiles side by side in its line", "B": "two number tiles in its line",
              "C": "only one value can fit", "D": "say its value", "E": "any value that fits, settled later"}

#: Engine phrases and their player words, applied in order (each a regular expression and its replacement).
_REWRITES: tuple[tuple[str, str | Callable[[re.Match], str]], ...] = (
    (r" \(the primary sequence\)", ""),
    (r"the turn installs no tile: every cell it names already holds that tile",
     "the turn lays no new tile: every cell it names already holds that tile"),
    (r"the first turn must install a sequence through the centre cell A0",
     "the first turn must lay its tiles in a line through the centre cell A0"),
    (r"is not modular-linear modulo (\d+): it breaks at (\w+)",
     r"does not keep one step (counting round \1): it breaks at \2"),
    (r"is not modular-linear modulo (\d+): the wild tiles in it can take no value",
     r"does not keep one step (counting round \1): no value fits its wild tiles"),
    (r"closes into a loop of (\d+) that no step modulo (\d+) fits",
     r"closes into a loop of \1 tiles that no step (counting round \2) fits"),
    (r"policy D writes it down, e\.g\. (#=\d+\w+)",
     r'the wild tile rule "' + WILD_RULES["D"] + r'" needs it written, e.g. \1'),
    (r"policy C needs a unique value", 'the wild tile rule "' + WILD_RULES["C"] + '" needs exactly one'),
    (r"lies in no sequence with two adjacent naturals, as policy A requires",
     'is in no line with two number tiles side by side, as the wild tile rule "' + WILD_RULES["A"] + '" asks'),
    (r"lies in no sequence with two naturals, as policy B requires",
     'is in no line with two number tiles, as the wild tile rule "' + WILD_RULES["B"] + '" asks'),
    (r"\bnot modular-linear\b", "not one step"),
    (r"\bmodular-linear\b", "keeping one step"),
    (r"\bnaturals\b", "number tiles"),
    (r"\bnatural\b", "number tile"),
    (r"\binstalls\b", "lays"),
    (r"\binstalled\b", "laid"),
    (r"\binstall\b", "lay"),
    (r"\bpolicy ([A-E])\b", lambda m: f'the wild tile rule "{WILD_RULES[m.group(1)]}"'),
    (r"\bhash swap\b", "swap of a wild tile"),
    (r"\bprimary sequence\b", "line of the turn"),
    (r"\bfrozen\b", "out of the game"),
)
_COMPILED = tuple((re.compile(pattern), words) for pattern, words in _REWRITES)


_TOKEN = r"(?:#(?:=\d+)?|\d+)[A-Z]+\d+"
_TILDE_RUN = re.compile(rf"{_TOKEN}(?: ~ {_TOKEN})+")
_TILE = re.compile(r"(#(?:=(\d+))?|\d+)([A-Z]+\d+)")


def _line(match: re.Match) -> str:
    """A run of the rules' tilde notation ("9E4 ~ 5E2 ~ 17A0") as "the line E4 to A0 (9, 5, 17)"."""
    tiles = [_TILE.fullmatch(token) for token in match.group(0).split(" ~ ")]
    values = [("wild" if t.group(1) == "#" else t.group(2)) if t.group(1).startswith("#") else t.group(1)
              for t in tiles if t]
    addresses = [t.group(3) for t in tiles if t]
    return f"the line {addresses[0]} to {addresses[-1]} ({', '.join(values)})"


def reason_words(text: str | None) -> str | None:
    """An engine reason or problem in player words (None stays None)."""
    if text is None:
        return None
    text = _TILDE_RUN.sub(_line, text)
    for pattern, words in _COMPILED:
        text = pattern.sub(words, text)
    return text


_MSA = re.compile(r"M(\d+)-S(\d+)-A(\d+)")


def step_words(msa_text: str) -> str:
    """A sequence's MSA (or the engine's note in its place) as its step: "M13-S2-A0" -> "step 2",
    "M13-S0-A4" -> "all the same", alternatives -> "step 2 or 5", "not modular-linear" -> "broken"."""
    if msa_text == "not modular-linear":
        return "no single step: broken"
    if msa_text == "step open":
        return "step not settled yet"
    steps = [int(m.group(2)) for m in _MSA.finditer(msa_text)]
    if not steps:
        return reason_words(msa_text) or ""
    if steps == [0]:
        return "all the same value"
    words = " or ".join(dict.fromkeys(f"{s}" for s in steps))
    return f"step {words}" + (" or more" if msa_text.endswith("...") else "")


def tile_words(label: str) -> str:
    """A tile as a player says it: "5", "a wild tile", "a wild tile as 5"."""
    if label == "#":
        return "a wild tile"
    if label.startswith("#="):
        return f"a wild tile as {label[2:]}"
    return label


def points_words(points: int) -> str:
    return "no points" if points == 0 else f"{points} point{'s' if points != 1 else ''}"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def turn_words(tiles: list[tuple[str, str]], swapped: list[str], points: int) -> str:
    """What a turn did, for the page and the Turns list: "laid 5 on H2 and 11 on T16: 6 points" (tiles as
    [(address, label), ...] in line order, `swapped` the cells whose wild tile went back to the hand)."""
    laid = _listed([f"{tile_words(label)} on {address}" for address, label in tiles]) if tiles else "no tile"
    back = f", taking back the wild tile{'s' if len(swapped) > 1 else ''} from {_listed(swapped)}" if swapped else ""
    return f"laid {laid}{back}: {points_words(points)}"


def line_words(addresses: list[str], labels: list[str]) -> str:
    """A sequence as a player reads it on the board: "T21 to E17: 7, 12, 17, 2" (its end cells and its tiles
    in line order, "wild" for a wild tile)."""
    values = ", ".join("wild" if label == "#" else label for label in labels)
    return f"{addresses[0]} to {addresses[-1]}: {values}" if addresses else values


def shape_words(loop: bool, wrap: bool, bounce: bool) -> str:
    """How a sequence runs, when it is not a plain straight line: "a loop, round the edge"."""
    return ", ".join(words for words, on in (("a loop", loop), ("round the edge", wrap),
                                             ("bounces off the edge", bounce)) if on)

#: What a line does at the board's edge (the position editor's "Board edges"), by wrap mode.
EDGE_WORDS = {"none": "lines stop at the edges", "lines": "lines wrap round the edges",
              "bounce": "lines bounce back at the edges", "tess": "lines go on into the next copy of the board"}
