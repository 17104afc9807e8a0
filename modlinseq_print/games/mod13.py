"""Mod 13: card values, the eight operations and a referee that finds every operation making a card legal."""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import prod
from typing import Callable, Sequence

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt

MODULUS = 13
#: The longest discard pile the referee judges (a pile of one game holds at most the deck's 52 cards; the
#: check is linear and judges this many in about two seconds).
MAX_CARDS = 100_000
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": 1, "J": 11, "Q": 12, "K": 13}
#: The worked game of the Mod 13 write-up: the first two cards, then each card with the phrase shouted.
WORKED_EXAMPLE = (
    (3, None), (7, None), (10, "sum"), (4, "sum"), (1, "product"), (2, "sum of last 3"), (7, "inverse"),
    (2, "inverse"), (2, "product of last 3"), (4, "product"), (6, "AP"), (8, "AP"), (1, "sum"), (5, "GP"),
    (12, "GP"), (4, "sum"), (7, "QP"), (10, "sum of last 3"),
)


class CardError(ModlinseqError):
    """A card value that is not a rank from 1 (ace) to 13 (king)."""


def inverse_mod(value: int) -> int | None:
    """The multiplicative inverse of value modulo 13, or None for 0 (a king)."""
    value %= MODULUS
    return pow(value, -1, MODULUS) if value else None


def _geometric(a: int, b: int) -> int | None:
    inv = inverse_mod(a)
    return None if inv is None else b * b * inv % MODULUS


@dataclass(frozen=True)
class Operation:
    """One allowed operation: the phrase to shout, how many top cards it uses, a formula and its rule.

    Formulas name the card played x and the top cards a, b, c with c on top (b, c for two cards)."""

    phrase: str
    uses: int
    formula: str
    next_value: Callable[[Sequence[int]], int | None]  # from the last `uses` cards (oldest first), mod 13


OPERATIONS = (
    Operation("sum", 2, "x = b + c", lambda c: (c[0] + c[1]) % MODULUS),
    Operation("product", 2, "x = b × c", lambda c: c[0] * c[1] % MODULUS),
    Operation("sum of last 3", 3, "x = a + b + c", lambda c: sum(c) % MODULUS),
    Operation("product of last 3", 3, "x = a × b × c", lambda c: c[0] * c[1] * c[2] % MODULUS),
    Operation("inverse", 1, "x × c = 1", lambda c: inverse_mod(c[0])),
    Operation("AP", 2, "x = c + d, d = c - b", lambda c: (2 * c[1] - c[0]) % MODULUS),
    Operation("GP", 2, "x = c × r, r = c / b", lambda c: _geometric(c[0], c[1])),
    Operation("QP", 3, "x = a - 3b + 3c", lambda c: (c[0] - 3 * c[1] + 3 * c[2]) % MODULUS),
)
PHRASES = tuple(op.phrase for op in OPERATIONS)


def parse_card(text: str | int) -> int:
    """A card value 1-13 from a number or a rank letter (A, J, Q, K)."""
    token = str(text).strip().upper()
    value = RANK_NAMES.get(token)
    if value is None:
        value = int(token) if re.fullmatch(r"[0-9]{1,3}", token) else 0
    if not 1 <= value <= MODULUS:
        raise CardError(f"bad card {excerpt(text)}: give a value from 1 (ace) to 13 (king), or A, J, Q, K")
    return value


def ap_limit(a: int, b: int) -> int:
    """How many APs in a row the common difference b - a allows: its absolute value, min(d, 13 - d)."""
    d = (b - a) % MODULUS
    return min(d, MODULUS - d)


def is_proper_qp(a: int, b: int, c: int) -> bool:
    """True when a, b, c continue as a quadratic progression that is not an arithmetic one."""
    return (a - 2 * b + c) % MODULUS != 0


def arithmetic_matches(pile: Sequence[int], card: int) -> tuple[str, ...]:
    """Phrases of the operations whose result on the top of `pile` is congruent to `card` (no AP limit)."""
    found = []
    for op in OPERATIONS:
        if len(pile) < op.uses:
            continue
        last = [value % MODULUS for value in pile[-op.uses:]]
        if op.phrase == "QP" and not is_proper_qp(*last):
            continue
        if op.next_value(last) == card % MODULUS:
            found.append(op.phrase)
    return tuple(found)


@dataclass(frozen=True)
class CardCheck:
    """The verdict on one card played: the operations that make it legal, and a note when AP was refused."""

    card: int
    legal: bool
    operations: tuple[str, ...]
    note: str | None = None

    def as_json(self) -> dict:
        """The card as a JSON object (as the mod13 check command prints it)."""
        return {"card": self.card, "legal": self.legal, "operations": list(self.operations)}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def signed_value(value: int) -> int:
    """The residue from -6 to 6 (the tips' 'a queen is -1, a jack -2, a 10 -3')."""
    value %= MODULUS
    return value - MODULUS if value > MODULUS // 2 else value


def _reduced(raw: int, card: int) -> str:
    return f"{raw}" if raw == card else f"{raw} = {card % MODULUS}"


def explain(phrase: str, last: Sequence[int], card: int) -> str:
    """The arithmetic behind one legal play, e.g. '10 × 4 = 40 = 1' for a product (mod 13 throughout)."""
    c = last[-1]
    if phrase in ("sum", "sum of last 3", "product", "product of last 3"):
        used = last[-3:] if phrase.endswith("3") else last[-2:]
        adding = phrase.startswith("sum")
        raw = sum(used) if adding else prod(used)
        return (" + " if adding else " × ").join(str(v) for v in used) + " = " + _reduced(raw, card)
    if phrase == "inverse":
        return f"{c} × {card} = {_reduced(c * card, 1)}"
    if phrase == "AP":
        d = signed_value(c - last[-2])
        return f"{c} {'-' if d < 0 else '+'} {abs(d)} = {_reduced(c + d, card)}, d = {d}"
    if phrase == "GP":
        inverse = inverse_mod(last[-2])
        assert inverse is not None  # a GP's terms are units
        r = (c * inverse) % MODULUS
        return f"{c} × {r} = {_reduced(c * r, card)}, r = {c}/{last[-2]} = {r}"
    a, b = last[-3], last[-2]
    return f"{a} - {3 * b} + {3 * c} = {_reduced(a - 3 * b + 3 * c, card)}"


def check_sequence(cards: Sequence[int]) -> list[CardCheck]:
    """Judge every card after the first two of one discard pile.

    AP runs are counted on the cards themselves: every card that continues the progression of the
    two below it counts, whatever was shouted (the write-up's 2, 5, 8, 11, 1 allows no more although 8 is
    also the inverse of 5). The cards are judged as one pile, an illegal card left in place.
    """
    if len(cards) < 2:
        raise CardError("give at least the two cards that start the discard pile")
    if len(cards) > MAX_CARDS:
        raise CardError(f"{len(cards):,} cards are more than the {MAX_CARDS:,} a discard pile may hold here: "
                        "check a shorter pile")
    values = [parse_card(card) for card in cards]
    checks: list[CardCheck] = []
    ap_run = 0
    window = max(op.uses for op in OPERATIONS)  # no operation looks deeper: linear in the number of cards
    for index in range(2, len(values)):
        pile, card = values[max(0, index - window):index], values[index]
        found = list(arithmetic_matches(pile, card))
        note = None
        if "AP" in found:
            limit = ap_limit(pile[-2], pile[-1])
            if ap_run + 1 > limit:
                found.remove("AP")
                note = (f"AP would be the {_ordinal(ap_run + 1)} in a row; a common difference of "
                        f"±{limit} allows {limit}" if limit else "AP with a common difference of 0 is never allowed")
        checks.append(CardCheck(card, bool(found), tuple(found), note))
        continues_ap = card % MODULUS == (2 * pile[-1] - pile[-2]) % MODULUS
        ap_run = ap_run + 1 if continues_ap else 0
    return checks
