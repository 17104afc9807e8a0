"""The one-page playtest report: the setup, the key figures, two charts and a heat map drawn on the board.

The charts are histograms of the final scores (every seat) and of the game lengths; the heat map colours
each cell of the board by the share of games in which it was filled, from white (never) to dark green
(every game). A4 portrait, in millimetres, as every printable.
"""

from __future__ import annotations

import math

from modlinseq_print.geometry.hexgrid import in_reading_order
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.render.paper import PAPERS
from modlinseq_print.render.scene import Document, Page, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import wrap_text
from modlinseq_print.rules.playtest import Findings, GameSummary, Spread
from modlinseq_print.rules.playtest_text import Setup

MARGIN = 14.0
INK = "#1a1a1a"
GREY = "#777777"
BAR = "#3f7d4e"
COLD, HOT = (255, 255, 255), (23, 84, 36)


def _text(scene: Scene, x: float, y: float, words: str, size: float = 3.4, anchor: str = "start",
          font: str = "Helvetica", fill: str = INK) -> None:
    scene.add(Text(round(x, 3), round(y, 3), words, size, anchor, font, fill), "text")


def _figures(found: Findings, setup: Setup) -> list[tuple[str, str]]:
    """The key figures as (label, value) lines."""
    def mean_sd(spread: Spread, digits: int = 1) -> str:
        return f"{spread.mean:.{digits}f} (sd {spread.sd:.{digits}f}, {spread.least:g} to {spread.most:g})"

    rows = [("turns per game", mean_sd(found.turns))]
    for seat, spread in enumerate(found.scores):
        won = f"; wins {100 * found.wins[seat]:.0f}%" if found.seats > 1 else ""
        rows.append((f"score, seat {seat + 1} ({setup.kinds[seat]})", mean_sd(spread) + won))
    if found.seats > 1:
        rows.append(("winner's lead", mean_sd(found.margin)))
    rows += [("cells filled", f"{100 * found.filled.mean:.1f}% of {found.cells}"),
             ("blocked cells at the end", mean_sd(found.blocked)),
             ("tiles left in the stock", mean_sd(found.stock)),
             ("longest sequence", f"{found.longest.mean:.1f} tiles (most {found.longest.most:g})")]
    # no computing time here: the same playtest writes the same file (the terminal and the JSON give the time)
    return rows


def _histogram(scene: Scene, x: float, y: float, width: float, height: float, values: list[float], title: str,
               unit: str) -> None:
    """Bars of how many games fall in each of about a dozen equal ranges, with the ranges' ends labelled."""
    _text(scene, x, y - 3, title, 3.6, font="Helvetica-Bold")
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / 12))
    bins = [0] * (int((high - low) // step) + 1)
    for v in values:
        bins[int((v - low) // step)] += 1
    most = max(bins)
    base = y + height
    scene.add(Polygon(((x, y), (x, base), (x + width, base)), Style(stroke=GREY, stroke_width=0.25), False), "charts")
    slot = width / len(bins)
    for i, count in enumerate(bins):
        top = base - (height - 4) * count / most
        left = x + i * slot + slot * 0.1
        scene.add(Polygon(((left, base), (left, top), (left + slot * 0.8, top), (left + slot * 0.8, base)),
                          Style(fill=BAR, stroke=None)), "charts")
    for i in range(0, len(bins) + 1, max(1, len(bins) // 4)):
        _text(scene, x + i * slot, base + 3.6, f"{low + i * step:g}", 2.6, "middle", fill=GREY)
    _text(scene, x + width, base + 7.2, unit, 2.6, "end", fill=GREY)
    _text(scene, x - 1.2, y + 3, f"{most}", 2.6, "end", fill=GREY)
    _text(scene, x - 1.2, base, "0", 2.6, "end", fill=GREY)


def _shade(share: float) -> str:
    return "#" + "".join(f"{round(c + (h - c) * share):02x}" for c, h in zip(COLD, HOT))


def _heat_map(scene: Scene, setup: Setup, found: Findings, x: float, y: float, width: float, height: float) -> None:
    """The board, each cell coloured by the share of games that filled it, with a key."""
    board = setup.variant.board
    drawing = board_scene(board, BoardStyle(theme="bw", labels=False, padding=0.0))
    scale = min(width / drawing.scene.width, (height - 10) / drawing.scene.height)
    dx = x + (width - drawing.scene.width * scale) / 2
    for cell in in_reading_order(board.cells):
        points = tuple((round(dx + px * scale, 3), round(y + py * scale, 3)) for px, py in drawing.corners(cell))
        scene.add(Polygon(points, Style(fill=_shade(found.heat.get(cell, 0.0)), stroke=GREY,
                                        stroke_width=0.12)), "heat")
    key_y = y + drawing.scene.height * scale + 5
    for i in range(11):
        left = x + width / 2 - 33 + i * 6
        scene.add(Polygon(((left, key_y), (left + 6, key_y), (left + 6, key_y + 3), (left, key_y + 3)),
                          Style(fill=_shade(i / 10), stroke=GREY, stroke_width=0.12)), "heat")
    _text(scene, x + width / 2 - 35, key_y + 2.6, "never", 2.8, "end", fill=GREY)
    _text(scene, x + width / 2 + 35, key_y + 2.6, "every game", 2.8, fill=GREY)


#: The report's paper.
REPORT_PAPER = "a4"


def check_report_resolution(dpi: float) -> None:
    """Refuse, before any game is played, a dpi at which the report's page cannot be a PNG (render.resolution)."""
    from modlinseq_print.render.resolution import check_resolution

    check_resolution(Scene(*PAPERS[REPORT_PAPER]), dpi)


def report_scene(setup: Setup, found: Findings, games: list[GameSummary]) -> Scene:
    """The report page."""
    width, height = PAPERS[REPORT_PAPER]
    scene = Scene(width, height)
    inner = width - 2 * MARGIN
    _text(scene, MARGIN, MARGIN + 6, f"MODLINSEQ playtest: {found.games} games", 7.0, font="Helvetica-Bold")
    y = MARGIN + 13
    for line in wrap_text(setup.describe(), inner, "Helvetica", 3.3):
        _text(scene, MARGIN, y, line, 3.3, fill=GREY)
        y += 4.6
    y += 3
    for label, value in _figures(found, setup):
        _text(scene, MARGIN, y, label, 3.4)
        _text(scene, MARGIN + 62, y, value, 3.4)
        y += 5.0
    y += 10
    chart_width = (inner - 16) / 2
    _histogram(scene, MARGIN + 6, y, chart_width - 6, 38, [s for g in games for s in g.scores],
               "Final scores (every seat)", "points")
    _histogram(scene, MARGIN + chart_width + 16, y, chart_width - 6, 38, [g.turns for g in games],
               "Game length", "turns")
    y += 38 + 16
    _text(scene, MARGIN, y, "How often each cell was filled", 3.6, font="Helvetica-Bold")
    _heat_map(scene, setup, found, MARGIN, y + 4, inner, height - MARGIN - y - 4)
    return scene


def report_document(setup: Setup, found: Findings, games: list[GameSummary]) -> Document:
    """The report as a one-page document."""
    return Document([Page(report_scene(setup, found, games), bookmark="Playtest")], title="MODLINSEQ playtest")
