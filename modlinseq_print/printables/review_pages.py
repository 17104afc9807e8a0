"""The printed game review: a summary per player, the turning points, a table of every turn, and for each turn
that left points, the turn played beside the best turn its hand allowed (two position diagrams).

A4 portrait, flowed with printables/flow.py. The words are English only for now (no catalogue entries yet).
"""

from __future__ import annotations

import dataclasses

from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.printables.position import PositionStyle, diagram_style, position_scene
from modlinseq_print.render.paper import PAPERS
from modlinseq_print.render.scene import Document, Embed, Page, Scene, Text
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.review import GameReview, TurnReview
from modlinseq_print.rules.review_text import accuracy_words, turning_point_words
from modlinseq_print.wording import plural

MARGIN = 15.0
GAP = 8.0  # mm between the two diagrams of a pair
LABEL = 4.2  # mm, the size of the words above each diagram
TILE_WIDTH = 10.0  # mm: the diagrams are drawn smaller than the position command's, two side by side
TALLEST = 105.0  # mm: a pair is drawn at most this high, so about two fit on a page


def review_style() -> PositionStyle:
    """The look of the review's diagrams: cropped around the tiles, no legend (the captions say the points)."""
    return diagram_style(TILE_WIDTH, crop=True, crop_margin=1, legend="none")


def setting_words(review: GameReview) -> str:
    """One line: the board, the modulus, and how many hands are known."""
    start = review.start
    count = len(review.turns)
    shape = board_shape(start.board)
    return (f"Played on a {shape} with modulus {start.modulus}; {plural(count, 'turn')}; "
            f"the hands are known for {review.hands_known} of them.")


def without_hands_words(review: GameReview) -> str:
    """What a review can tell when the hands are not known."""
    blocked = sum(len(t.blocked_made) for t in review.turns)
    opened = sum(1 for t in review.turns if t.open_lines)
    return (f"Without the players' hands the review cannot say which turn was best. It can say what each turn "
            f"left on the board: the turns blocked {plural(blocked, 'cell')} (cells no tile can ever fill), and "
            f"{plural(opened, 'turn')} left a line open that the next player could extend for points.")


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
    for x, drawing, words in ((0.0, played, f"Played: {plural(turn.points, 'point')}"),
                              (played.scene.width + GAP, best, f"Best: {plural(turn.best, 'point')}")):
        scene.add(Text(round(x + drawing.scene.width / 2, 3), LABEL, words, LABEL, "middle", "Helvetica-Bold"),
                  "labels")
        scene.add(Embed(drawing.scene, round(x, 3), round(top, 3)), "diagrams")
    return scene


def pair_caption(turn: TurnReview) -> str:
    """The words under a pair of diagrams (of a turn whose hand is known)."""
    assert turn.hand is not None and turn.best is not None
    return (f"Turn {turn.number}, {turn.player}, hand {turn.hand.text}: played {turn.played} for "
            f"{plural(turn.points, 'point')}; the best turn, {turn.best_turn}, scores {plural(turn.best, 'point')} "
            f"({turn.left} left). The tiles of each turn are outlined.")


def _open_words(review: GameReview, turn: TurnReview) -> str:
    address = review.start.board.address
    return "; ".join(f"{line.tiles} tiles, {'/'.join(address(c) for c in line.ends)} for {line.worth}"
                     for line in turn.open_lines[:2]) + (" ..." if len(turn.open_lines) > 2 else "")


def turn_rows(review: GameReview) -> list[list]:
    """The table of turns: with hands, the best and the points left; without, blocked cells and open lines."""
    address = review.start.board.address
    if review.hands_known:
        rows: list[list] = [["Turn", "Player", "Played", "Points", "Best", "Left"]]
        for t in review.turns:
            rows.append([str(t.number), t.player, t.played, str(t.points), "-" if t.best is None else str(t.best),
                         "-" if t.left is None else str(t.left)])
        return rows
    rows = [["Turn", "Player", "Played", "Points", "Blocked", "Lines left open"]]
    for t in review.turns:
        rows.append([str(t.number), t.player, t.played, str(t.points),
                     " ".join(address(c) for c in t.blocked_made) or "-", _open_words(review, t) or "-"])
    return rows


def review_pages(review: GameReview, title: str = "Game review") -> list[Scene]:
    """The review's pages."""
    width, height = PAPERS["a4"]
    flow = Flow(width, height, margin=MARGIN)
    flow.heading(title, size=16 * PT)
    flow.paragraph(setting_words(review), size=9.5 * PT)
    flow.heading("Players", size=12 * PT)
    rows = [["Player", "Turns", "Points", "Accuracy (scored of the best available)"]]
    rows += [[p.name, str(p.turns), str(p.points), accuracy_words(p)] for p in review.players]
    flow.table(rows, size=9 * PT)
    flow.heading("Turning points", size=12 * PT)
    if not review.hands_known:
        flow.paragraph(without_hands_words(review))
    elif review.turning_points:
        flow.paragraph("The turns that left the most points on the table:")
        flow.bullets([turning_point_words(review, n) for n in review.turning_points])
    else:
        flow.paragraph("Every turn whose hand is known scored the most its hand allowed.")
    flow.heading("Every turn", size=12 * PT)
    flow.table(turn_rows(review), size=8 * PT, continued="Every turn (continued)")
    missed = [t for t in review.turns if t.left]
    if missed:
        flow.heading("The turns that left points: played and best", size=12 * PT)
        style = review_style()
        for turn in missed:
            flow.figure(pair_scene(review, turn, style), pair_caption(turn), size=8.5 * PT, tallest=TALLEST)
            flow.space(3.0)
    return flow.pages


def review_document(review: GameReview, title: str = "Game review") -> Document:
    """The review as a document of A4 pages."""
    return Document([Page(scene, bookmark=title if i == 0 else None) for i, scene in enumerate(review_pages(review, title))],
                    title=title)
