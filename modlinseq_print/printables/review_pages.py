"""The printed game review: a summary per player, the turning points, a table of every turn, and for each turn
that left points, the turn played beside the best turn its hand allowed (two position diagrams).

A4 portrait, flowed with printables/flow.py, in the language in use (i18n.using). A game that recorded the
hints its players asked for (the studio's play page) shows them: on each turn and as a count per player.
"""

from __future__ import annotations

import dataclasses
import re

from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.printables.position import PositionStyle, diagram_style, position_scene
from modlinseq_print.printables.rules_text import READING_TILE
from modlinseq_print.render.paper import PAPERS
from modlinseq_print.render.scene import Document, Embed, Page, Scene, Text
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.review import GameReview, TurnReview
from modlinseq_print.rules.review_text import accuracy_words, hint_words, turning_point_words
from modlinseq_print.wording import _, plural

MARGIN = 15.0
GAP = 8.0  # mm between the two diagrams of a pair
LABEL = 4.2  # mm, the size of the words above each diagram
TILE_WIDTH = 10.0  # mm: the diagrams are drawn smaller than the position command's, two side by side
TALLEST = 105.0  # mm: a pair is drawn at most this high, so about two fit on a page


def review_style() -> PositionStyle:
    """The look of the review's diagrams: cropped around the tiles, no legend (the captions say the points)."""
    return diagram_style(TILE_WIDTH, crop=True, crop_margin=1, legend="none")


def setting_words(review: GameReview) -> str:
    """The board, the modulus and how many hands are known; then how the turns below are written."""
    start = review.start
    count = len(review.turns)
    shape = board_shape(start.board)
    setting = _("Played on a {shape} with modulus {modulus}; {turns}; the hands are known for {known} of "
                "them.").format(shape=shape, modulus=start.modulus, turns=plural(count, "turn"),
                                known=review.hands_known)
    reading = reading_words(review)
    return f"{setting} {reading}" if reading else setting


def reading_words(review: GameReview) -> str:
    """How a turn is written, told with the game's first natural tile as the rules' "Reading the board" box
    tells it ("9B2 reads: the 9 goes on cell B2"); empty when no natural tile was laid."""
    for turn in review.turns:
        for token in (turn.played or "").split(","):
            found = re.fullmatch(r"\s*([0-9]+)([A-Z]+[0-9]+)\s*", token)
            if found:
                value, cell = found.groups()
                return _(READING_TILE).format(tile=value + cell, value=value, cell=cell)
    return ""


def without_hands_words(review: GameReview) -> str:
    """What a review can tell when the hands are not known."""
    blocked = sum(len(t.blocked_made) for t in review.turns)
    opened = sum(1 for t in review.turns if t.open_lines)
    return _("Without the players' hands the review cannot say which turn was best. It can say what each turn "
             "left on the board: the turns blocked {cells} (cells no tile can ever fill), and {turns} left a line "
             "open that the next player could extend for points.").format(cells=plural(blocked, "cell"),
                                                                          turns=plural(opened, "turn"))


def pair_scene(review: GameReview, turn: TurnReview, style: PositionStyle | None = None) -> Scene:
    """The turn played (its tiles outlined) beside the best turn its hand allowed, each with its points above."""
    style = style or review_style()
    assert turn.best is not None  # a pair is drawn only for a turn whose hand is known
    played = position_scene(analyse(turn.after), dataclasses.replace(style, highlight=frozenset(turn.placed)))
    best_position = turn.before.with_tiles(dict(turn.best_tiles))
    best = position_scene(analyse(best_position),
                          dataclasses.replace(style, highlight=frozenset(c for c, _ in turn.best_tiles)))
    top = LABEL * 1.8
    width = played.scene.width + GAP + best.scene.width
    scene = Scene(round(width, 3), round(top + max(played.scene.height, best.scene.height), 3))
    for x, drawing, words in ((0.0, played, _("Played: {points}").format(points=plural(turn.points, "point"))),
                              (played.scene.width + GAP, best, _("Best: {points}").format(
                                  points=plural(turn.best, "point")))):
        scene.add(Text(round(x + drawing.scene.width / 2, 3), LABEL, words, LABEL, "middle", "Helvetica-Bold"),
                  "labels")
        scene.add(Embed(drawing.scene, round(x, 3), round(top, 3)), "diagrams")
    return scene


def pair_caption(turn: TurnReview) -> str:
    """The words under a pair of diagrams (of a turn whose hand is known)."""
    assert turn.hand is not None and turn.best is not None
    return _("Turn {number}, {player}, hand {hand}: played {played} for {points}; the best turn, {best_turn}, "
             "scores {best} ({left} left). The tiles of each turn are outlined.").format(
        number=turn.number, player=turn.player, hand=turn.hand.text, played=turn.played,
        points=plural(turn.points, "point"), best_turn=turn.best_turn, best=plural(turn.best, "point"),
        left=turn.left) + (" " + _("The player asked for a hint on this turn.") if turn.hint else "")


def _open_words(review: GameReview, turn: TurnReview) -> str:
    address = review.start.board.address
    return "; ".join(_("{tiles}, {ends} for {worth}").format(tiles=plural(line.tiles, "tile"),
                                                           ends="/".join(address(c) for c in line.ends),
                                                           worth=line.worth)
                     for line in turn.open_lines[:2]) + (" ..." if len(turn.open_lines) > 2 else "")


def turn_rows(review: GameReview) -> list[list]:
    """The table of turns: with hands, the best and the points left; without, blocked cells and open lines; and
    the hints asked for, when the game recorded them."""
    address = review.start.board.address
    hints = [_("Hint")] if review.hints_recorded else []
    if review.hands_known:
        rows: list[list] = [[_("Turn"), _("Player"), _("Played"), _("Points"), _("Best"), _("Left")] + hints]
        for t in review.turns:
            rows.append([str(t.number), t.player, t.played, str(t.points), "-" if t.best is None else str(t.best),
                         "-" if t.left is None else str(t.left)] + ([hint_words(t)] if hints else []))
        return rows
    rows = [[_("Turn"), _("Player"), _("Played"), _("Points"), _("Blocked"), _("Lines left open")] + hints]
    for t in review.turns:
        rows.append([str(t.number), t.player, t.played, str(t.points),
                     " ".join(address(c) for c in t.blocked_made) or "-", _open_words(review, t) or "-"]
                    + ([hint_words(t)] if hints else []))
    return rows


def player_rows(review: GameReview) -> list[list]:
    """The table of players: turns, points, accuracy, and the turns with a hint when the game recorded them."""
    hints = [_("Turns with a hint")] if review.hints_recorded else []
    rows: list[list] = [[_("Player"), _("Turns"), _("Points"), _("Accuracy (scored of the best available)")] + hints]
    rows += [[p.name, str(p.turns), str(p.points), accuracy_words(p)] + ([str(p.hints)] if hints else [])
             for p in review.players]
    return rows


def headings() -> dict[str, str]:
    """The review's headings and fixed sentences, translated (shared by the PDF and the HTML page)."""
    return {"title": _("Game review"), "players": _("Players"), "turning": _("Turning points"),
            "most": _("The turns that left the most points on the table:"),
            "all best": _("Every turn whose hand is known scored the most its hand allowed."),
            "turns": _("Every turn"), "continued": _("Every turn (continued)"),
            "pairs": _("The turns that left points: played and best")}


def review_pages(review: GameReview, title: str | None = None) -> list[Scene]:
    """The review's pages."""
    words = headings()
    width, height = PAPERS["a4"]
    flow = Flow(width, height, margin=MARGIN)
    flow.heading(title or words["title"], size=16 * PT)
    flow.paragraph(setting_words(review), size=9.5 * PT)
    flow.heading(words["players"], size=12 * PT)
    flow.table(player_rows(review), size=9 * PT)
    flow.heading(words["turning"], size=12 * PT)
    if not review.hands_known:
        flow.paragraph(without_hands_words(review))
    elif review.turning_points:
        flow.paragraph(words["most"])
        flow.bullets([turning_point_words(review, n) for n in review.turning_points])
    else:
        flow.paragraph(words["all best"])
    flow.heading(words["turns"], size=12 * PT)
    flow.table(turn_rows(review), size=8 * PT, continued=words["continued"])
    missed = [t for t in review.turns if t.left]
    if missed:
        flow.heading(words["pairs"], size=12 * PT)
        style = review_style()
        for turn in missed:
            flow.figure(pair_scene(review, turn, style), pair_caption(turn), size=8.5 * PT, tallest=TALLEST)
            flow.space(3.0)
    return flow.pages


def review_document(review: GameReview, title: str | None = None) -> Document:
    """The review as a document of A4 pages."""
    title = title or _("Game review")
    pages = [Page(scene, bookmark=title if i == 0 else None) for i, scene in enumerate(review_pages(review, title))]
    return Document(pages, title=title)
