"""Duplex calibration: a front page of target lines and a back page of rulers that, printed duplex and held
against the light, show how far the printer shifts the back side, in x and y, to 0.5 mm.

The rulers sit where the front's lines land on the back for the chosen flip edge (the same mapping the
duplex backs use), graduated in the back page's own coordinates: the tick a front line falls on is the
value to give as the back offset (X,Y) to move the backs onto their fronts. How to give it is the caller's
line (a command line names its option).
"""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.render.imposition import FLIPS, Slot, mirror_slot
from modlinseq_print.render.marks import scale_bar
from modlinseq_print.render.paper import A5_LEAST, Sheet, check_room
from modlinseq_print.render.scene import Document, Item, Page, Polygon, Scene, Style, Text

RANGE = 10.0  # mm read either way
STEP = 0.5  # mm between ticks
TARGET_HALF = 14.0  # mm: half the length of a front target line
TARGET_STYLE = Style(stroke="#000000", stroke_width=0.3)
TICK_STYLE = Style(stroke="#000000", stroke_width=0.1)
TEXT = 3.0
LABEL = 1.8


@dataclass(frozen=True)
class Targets:
    """Where the front's two target lines cross their rulers: the vertical line (read on the x ruler) at
    `x_point`, the horizontal line (read on the y ruler) at `y_point`, in front-page coordinates."""

    x_point: tuple[float, float]
    y_point: tuple[float, float]


def targets(sheet: Sheet) -> Targets:
    """The target points: left of centre and above for x, right of centre and below for y, so that the
    two rulers and their labels never meet on either flip."""
    return Targets((sheet.width * 0.38, sheet.height * 0.36), (sheet.width * 0.62, sheet.height * 0.62))


def back_point(point: tuple[float, float], sheet: Sheet, flip: str) -> tuple[float, float]:
    """Where a front point lands on the back page of a duplex sheet flipped on `flip` (no offset)."""
    slot = mirror_slot(Slot(0, point[0], point[1], 0), sheet.width, (0.0, 0.0), flip, sheet.height)
    return slot.x, slot.y


def _line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Polygon:
    return Polygon(((x1, y1), (x2, y2)), style, closed=False)


def _ticks() -> list[tuple[float, float, str]]:
    """(value, length, label) of every tick: long and labelled every 5 mm, medium every mm, short between."""
    count = int(round(RANGE / STEP))
    ticks = []
    for k in range(-count, count + 1):
        value = k * STEP
        whole, five = k % 2 == 0, k % 10 == 0
        ticks.append((value, 6.0 if five else 4.5 if whole else 3.0, f"{value:+g}" if five and value else
                      "0" if value == 0 else ""))
    return ticks


def x_ruler(x: float, y: float) -> list[Item]:
    """A horizontal ruler of vertical ticks for reading x: the tick for value v at x + v, centred on y."""
    items: list[Item] = []
    for value, length, label in _ticks():
        items.append(_line(x + value, y - length / 2, x + value, y + length / 2, TICK_STYLE))
        if label:
            items.append(Text(x + value, y + 5.5, label, LABEL))
    items.append(Text(x, y - 5.0, "x offset (mm)", TEXT))
    return items


def y_ruler(x: float, y: float) -> list[Item]:
    """A vertical ruler of horizontal ticks for reading y: the tick for value v at y + v, centred on x."""
    items: list[Item] = []
    for value, length, label in _ticks():
        items.append(_line(x - length / 2, y + value, x + length / 2, y + value, TICK_STYLE))
        if label:
            items.append(Text(x + 4.0, y + value, label, LABEL, anchor="start", middle=True))
    items.append(Text(x, y - RANGE - 3.0, "y offset (mm)", TEXT))
    return items


def _text_block(x: float, y: float, lines: list[str], size: float = TEXT) -> list[Item]:
    return [Text(x, y + i * size * 1.5, line, size, anchor="start") for i, line in enumerate(lines)]


def front_scene(sheet: Sheet, flip: str) -> Scene:
    """The front: a vertical and a horizontal target line and what to do with the sheet."""
    scene = Scene(sheet.width, sheet.height)
    points = targets(sheet)
    (xx, xy), (yx, yy) = points.x_point, points.y_point
    scene.layer("targets").items.extend([_line(xx, xy - TARGET_HALF, xx, xy + TARGET_HALF, TARGET_STYLE),
                                         _line(yx - TARGET_HALF, yy, yx + TARGET_HALF, yy, TARGET_STYLE)])
    area = sheet.printable
    scene.layer("text").items.extend(_text_block(area.x, area.y + 5, [
        "Duplex calibration: FRONT",
        f"Print both pages on one sheet, two-sided, flipping on the {flip} edge, at actual size (100 %).",
        "Then turn to the back and hold the sheet against a window or a lamp.",
        "Check the scale: the bar below must measure 50 mm.",
    ]))
    scene.layer("text").items.extend(scale_bar(area.x, area.y + 30, 50.0, label="50 mm", text_size=TEXT))
    return scene


def offset_advice(flip: str) -> str:
    """The back page's line on where the offset goes, for any front end: the back offset X,Y, the flip edge."""
    return (f"Give them as the back offset X,Y of the tile sheets, flipped on the {flip} edge, or set "
            "back_offset = \"Xmm,Ymm\" in a preset.")


def back_scene(sheet: Sheet, flip: str, advice: str | None = None) -> Scene:
    """The back: an x ruler and a y ruler where the front's lines land, and how to read them; `advice` says
    where the offset goes (default: offset_advice)."""
    scene = Scene(sheet.width, sheet.height)
    points = targets(sheet)
    scene.layer("rulers").items.extend(x_ruler(*back_point(points.x_point, sheet, flip))
                                       + y_ruler(*back_point(points.y_point, sheet, flip)))
    area = sheet.printable
    scene.layer("text").items.extend(_text_block(area.x, area.bottom - 6 * TEXT * 1.5, [
        f"Duplex calibration: BACK (flipped on the {flip} edge)",
        "Against the light, read the tick each line from the front falls on (ticks every 0.5 mm).",
        "The vertical line gives X on the x ruler, the horizontal line gives Y on the y ruler.",
        advice or offset_advice(flip),
        "0,0: your printer needs no correction. Beyond the rulers (10 mm), check the flip edge.",
    ]))
    return scene


def calibration_document(sheet: Sheet, flip: str = "long", advice: str | None = None) -> Document:
    """The two-page calibration document (front, back) for a sheet and flip edge; `advice` is the back's line
    on where the offset goes (default: offset_advice)."""
    if flip not in FLIPS:
        raise ValueError(f"unknown flip edge {flip!r}")
    check_room(sheet.width, sheet.height, sheet.margin, A5_LEAST, "the calibration sheet")
    return Document([Page(front_scene(sheet, flip), bookmark="Duplex calibration", label="front"),
                     Page(back_scene(sheet, flip, advice), label="back")], title="Duplex calibration")
