"""Box nets on paper: the page that prints them (cut lines solid, fold lines dashed, glue tabs grey, the
faces lettered), the same as a press-ready die line and crease, or as a print-and-cut sheet with its cut file."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from modlinseq_print.printables.boxes import BoxError, Net
from modlinseq_print.printables.cutfile import CUT_LAYER, SCORE_LAYER, DEFAULT_CUT_SPEC, CutSpec, cut_scene
from modlinseq_print.printables.cutters import Cutter, cut_sheet, get_cutter, pieces_sheet, registration_marks
from modlinseq_print.printables.print_and_cut import REGISTRATION_LAYER
from modlinseq_print.render.marks import folio_room, scale_bar
from modlinseq_print.render.paper import Sheet, smallest_paper
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import CREASE_LINE, DIE_LINE, Item, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import text_width, wrap_text
from modlinseq_print.wording import _

MODES = ("plain", "press", "print-and-cut")
CUT = Style(stroke="#000000", stroke_width=0.3, die=True)  # printed and, press-ready, the die line as well
FOLD = Style(stroke="#555555", stroke_width=0.3, dash=(3.0, 2.0), crease=True)
GLUE = Style(fill="#e0e0e0", stroke=None)
NET_GAP = 6.0  # mm between two nets on a page
HEAD = 4.2  # mm: the page's heading
NOTE = 2.9  # mm: its notes
FACE_TEXT = 7.0  # mm: the largest lettering on a face
HOW_TO = ("Cut along the solid lines and fold along the dashed ones, printed side out. Glue each grey tab "
          "inside the wall it meets.")
STEPS_HEAD = "How to fold it"
STEP_SIZE = 3.2  # mm


@dataclass
class BoxPart:
    """A net with the lines of text printed on some of its faces (by face index)."""

    net: Net
    labels: dict[int, list[str]] = field(default_factory=dict)


def place_parts(parts: list[BoxPart], area: Rect) -> list[BoxPart] | None:
    """The parts moved (turned where that helps) into the area in rows, left to right; None if they do not
    all fit."""
    placed, x, y, row = [], area.x, area.y, 0.0
    for part in parts:
        options = [part.net, part.net.turned()]
        fitting = [net for net in options if net.size[0] <= area.width + 1e-6 and net.size[1] <= area.height + 1e-6]
        if not fitting:
            return None
        net = next((n for n in fitting if x + n.size[0] <= area.right + 1e-6), None)
        if net is None:  # a new row
            x, y, row = area.x, y + row + NET_GAP, 0.0
            net = min(fitting, key=lambda n: n.size[1])
        if y + net.size[1] > area.bottom + 1e-6:
            return None
        placed.append(BoxPart(net.moved(x, y), part.labels))
        x, row = x + net.size[0] + NET_GAP, max(row, net.size[1])
    return placed


def _header(scene: Scene, area: Rect, title: str, notes: list[str]) -> float:
    """The page's heading and notes at the top of the area; returns where the nets may begin (mm)."""
    layer = scene.layer("text")
    y = area.y + HEAD
    layer.items.append(Text(area.x, y, title, HEAD, anchor="start", font="Helvetica-Bold"))
    y += 2.0
    for note in notes:
        for line in wrap_text(note, area.width, "Helvetica", NOTE):
            y += NOTE * 1.4
            layer.items.append(Text(area.x, y, line, NOTE, anchor="start"))
    return y + 4.0


def page_sheets(sheet: Sheet, mode: str, cutter: Cutter | None = None) -> tuple[Sheet, Sheet]:
    """The page a box prints on and the sheet whose printable area holds its nets: the paper itself, or for
    print-and-cut the cutter's page and the area inside its registration marks' band."""
    if mode != "print-and-cut":
        return sheet, sheet
    cutter = cutter or get_cutter(None)
    return cut_sheet(cutter, sheet), pieces_sheet(cutter, sheet)


def net_area(sheet: Sheet, mode: str, title: str, notes: list[str], cutter: Cutter | None = None) -> Rect:
    """Where a page's nets go: the printable area (inside the registration marks' band for print-and-cut)
    below the heading, how to make the box and the notes, and above the scale bar."""
    page, inner = page_sheets(sheet, mode, cutter)
    area = inner.printable
    top = _header(Scene(page.width, page.height), area, title, [_(HOW_TO)] + notes)
    return Rect(area.x, top, area.width, area.bottom - top - 8.0)


def box_page(parts: list[BoxPart], sheet: Sheet, title: str, notes: list[str], mode: str = "plain",
             steps: list[str] | None = None, cutter: Cutter | None = None) -> tuple[Scene, list[BoxPart]]:
    """One page of box nets and the parts where they lie on it: plain (cut lines solid, folds dashed), press
    (the same lines as die line and crease spot colours, not printed) or print-and-cut (the `cutter`'s
    registration marks, the folds printed, the outlines left to the cutter). `steps` (translated) are
    numbered under the nets when they leave room."""
    if mode not in MODES:
        raise BoxError(f"unknown box output {mode!r}: use one of {', '.join(MODES)}")
    page, inner = page_sheets(sheet, mode, cutter)
    scene = Scene(page.width, page.height)
    area = inner.printable
    _header(scene, area, title, [_(HOW_TO)] + notes)
    placed = place_parts(parts, net_area(sheet, mode, title, notes, cutter))
    if placed is None:
        least = smallest_paper(lambda s: place_parts(parts, net_area(s, mode, title, notes, cutter)) is not None,
                               sheet.margin)
        raise BoxError(f"the box's nets do not fit a {sheet.width:g} x {sheet.height:g} mm page: use larger paper"
                       + (f" ({least} is the smallest that holds them)" if least else ""))
    for part in placed:
        scene.layer("box").items.extend(net_items(part, mode))
    if steps:
        below = max(max(y for _, y in part.net.outline) for part in placed) + NET_GAP
        scene.layer("text").items.extend(_steps(steps, Rect(area.x, below, area.width, area.bottom - 10.0 - below)))
    scene.layer("footer").items.extend(scale_bar(area.x, area.bottom - 3.0, 50.0,  # clear of a kit's folio
                                                 room=area.width - 52.0 - folio_room()))
    if mode == "print-and-cut":
        scene.layer(REGISTRATION_LAYER).items.extend(registration_marks(cutter or get_cutter(None), page))
    return scene, placed


def _steps(steps: list[str], room: Rect) -> list[Item]:
    """The numbered folding steps in the room, or nothing when they do not all fit."""
    items: list[Item] = []
    y = room.y + STEP_SIZE * 1.4
    items.append(Text(room.x, y, _(STEPS_HEAD), STEP_SIZE * 1.2, anchor="start", font="Helvetica-Bold"))
    for number, step in enumerate(steps, 1):
        lines = wrap_text(step, room.width - 6.0, "Helvetica", STEP_SIZE)
        y += STEP_SIZE * 1.9
        items.append(Text(room.x, y, f"{number}.", STEP_SIZE, anchor="start", font="Helvetica-Bold"))
        for k, line in enumerate(lines):
            items.append(Text(room.x + 6.0, y + k * STEP_SIZE * 1.4, line, STEP_SIZE, anchor="start"))
        y += (len(lines) - 1) * STEP_SIZE * 1.4
    return items if y <= room.bottom else []


def net_items(part: BoxPart, mode: str) -> list[Item]:
    """A net's glue areas, lettering, fold lines and cut outline."""
    net = part.net
    cut = DIE_LINE if mode == "press" else (Style(stroke="#000000", stroke_width=0.3) if mode == "print-and-cut"
                                           else CUT)
    fold = CREASE_LINE if mode == "press" else FOLD
    items: list[Item] = [Polygon(tuple(area), GLUE) for area in net.glue]
    for index, lines in part.labels.items():
        items += face_text(net.faces[index], lines)
    items += [Polygon((a, b), fold, closed=False) for a, b in net.folds]
    if mode != "print-and-cut":  # the cutter cuts those: nothing printed to miss
        items.append(Polygon(tuple(net.outline), cut))
    return items


def face_text(face: tuple[tuple[float, float, float, float], float], lines: list[str]) -> list[Item]:
    """Lines of text centred on a face and turned with it, the first large, each no wider than the face."""
    (x, y, w, h), rotation = face
    across, along = (h, w) if rotation % 180 else (w, h)
    sizes = [min(FACE_TEXT if i == 0 else FACE_TEXT * 0.45,
                 0.85 * across / max(text_width(line, "Helvetica-Bold"), 1e-6)) for i, line in enumerate(lines)]
    total = sum(size * 1.5 for size in sizes)
    if total > along * 0.9:
        sizes = [size * along * 0.9 / total for size in sizes]
        total = along * 0.9
    angle = math.radians(rotation)
    down = (-math.sin(angle), math.cos(angle))  # the direction from one line to the next
    cx, cy = x + w / 2, y + h / 2
    items: list[Item] = []
    offset = -total / 2
    for line, size in zip(lines, sizes):
        middle = offset + size * 0.75
        offset += size * 1.5
        items.append(Text(round(cx + down[0] * middle, 3), round(cy + down[1] * middle, 3), line, size,
                          font="Helvetica-Bold", middle=True, rotate=rotation % 360))
    return items


def box_cut_file(parts: list[BoxPart], sheet: Sheet, spec: CutSpec = DEFAULT_CUT_SPEC,
                 cutter: Cutter | None = None) -> Scene:
    """The print-and-cut file of a page: the nets' outlines on the cut layer, their folds on the score layer
    (to score, or to leave to the hand), the cutter's registration marks, all where the printed page has them."""
    cutter = cutter or get_cutter(None)
    page = cut_sheet(cutter, sheet)
    scene = cut_scene(page.width, page.height)
    cut = Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline)
    score = Style(fill=None, stroke=spec.score_colour, stroke_width=spec.hairline)
    marks = registration_marks(cutter, page)
    if marks:
        layer = scene.layer(REGISTRATION_LAYER)
        layer.label = "Registration"
        layer.items.extend(marks)
    for part in parts:
        scene.layer(CUT_LAYER).items.append(Polygon(tuple(part.net.outline), cut))
        scene.layer(SCORE_LAYER).items.extend(Polygon((a, b), score, closed=False) for a, b in part.net.folds)
    return scene
