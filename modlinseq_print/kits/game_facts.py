"""The line a game box carries (players, age, playing time) and the kit's components, read from the kit itself:
the player counts and minutes from its simulated games (game_length.py), the counts from its pieces and pages."""

from __future__ import annotations

from modlinseq_print.kits.game_length import GameLength
from modlinseq_print.printables.player_aids import SHEET_CARDS
from modlinseq_print.wording import _, plural

AGE = 10  # a stated choice: players add and subtract modulo the modulus in their heads
FACTS = "{players} · ages {age}+ · {low}-{high} minutes"


def player_range(lengths: list[GameLength]) -> str:
    """'2-4 players' (or '2 players') from the player counts the kit's simulated games were played at."""
    counts = sorted(length.players for length in lengths)
    if counts[0] == counts[-1]:
        return plural(counts[0], "player")
    return _("{low}-{high} players").format(low=counts[0], high=counts[-1])


def facts_line(lengths: list[GameLength]) -> str:
    """'2-4 players · ages 10+ · 25-35 minutes', or '' for a kit without simulated games."""
    if not lengths:
        return ""
    low = min(length.minutes[0] for length in lengths)
    high = max(length.minutes[1] for length in lengths)
    return _(FACTS).format(players=player_range(lengths), age=AGE, low=low, high=high)


def section_component(name: str, pages: int, counts: dict[str, int], seats: int, score_pad: bool,
                      board: str) -> str:
    """What a kit section holds, in words, by its English name: the pieces counted, the board's pages."""
    if name == "Turn cards and score pad":
        cards = plural(min(seats, SHEET_CARDS), "turn card")
        return _("{cards} and a score pad").format(cards=cards) if score_pad else cards
    if name == "Board":
        glued = _("one page") if pages == 1 else _("{pages} to glue together").format(pages=plural(pages, "page"))
        return _("Board ({board}): {pages}").format(board=board, pages=glued)
    if name.startswith("Tiles"):
        kinds = (("number", "number tile"), ("wild", "wild tile"), ("blocker", "blocker"),
                 ("marker", "modulus marker"))
        return ", ".join(plural(counts[k], word) for k, word in kinds if counts.get(k))
    if name == "Box":
        return _("Box: a tray and a lid for the pieces")
    if name == "Box and teacher's reference":
        return _("Box (a tray and a lid) and the teacher's reference")
    return _(name)
