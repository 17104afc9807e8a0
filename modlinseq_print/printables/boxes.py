"""Boxes folded from card: the flat nets (cut outline, fold lines, glue areas, printed faces) of a two-part box
with a lid for the tiles and markers, and of a tuck box for a deck of cards, sized from what they hold.

A net is drawn in millimetres with its own origin; the inner size it folds to is stated with it, so the
sheets can report it and the tests can check it against the pieces. Card has a thickness: a wall folds up
outside the base's fold line, and a glued tab lies inside the wall it is glued to, so a net is cut larger
than the inner size by those thicknesses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from modlinseq_print.errors import ModlinseqError

Point = tuple[float, float]
CALIPER_PER_GSM = 0.0013  # mm of thickness per g/m² of card: 300 g/m² is about 0.39 mm
DEFAULT_CARD = 300  # g/m²: card stock that makes tiles and boxes that last
CARD_RANGE = (120, 450)  # g/m² a home printer feeds
DEFAULT_PLAY = 1.5  # mm between the pieces and the walls, each way
PLAY_RANGE = (1.0, 2.0)  # mm: less and the pieces stick, more and they rattle
TAB_TAPER = 2.0  # mm: glue tabs and dust flaps narrow this much at their ends so they clear the folds
GLUE_SHARE = 0.85  # a glue tab's width as a share of the wall it glues to (at most GLUE_TAB)
GLUE_TAB = 15.0
LID_GAP = 0.5  # mm between the tray's outer walls and the lid's inner walls
THUMB_RADIUS = 10.0  # mm: the notch in a tuck box's front to pull the cards out


class BoxError(ModlinseqError):
    """A box that cannot be made: a thickness or play out of range, or a net larger than the paper."""


def card_thickness(grams: float) -> float:
    """The thickness (mm) of one layer of card of this weight (g/m²)."""
    if not CARD_RANGE[0] <= grams <= CARD_RANGE[1]:
        raise BoxError(f"a card of {grams:g} g/m² is out of range: use {CARD_RANGE[0]} to {CARD_RANGE[1]} g/m² "
                       f"(card stock for tiles is usually 250-300)")
    return grams * CALIPER_PER_GSM


def check_play(play: float) -> float:
    """The play around the pieces (mm), if in PLAY_RANGE."""
    if not PLAY_RANGE[0] <= play <= PLAY_RANGE[1]:
        raise BoxError(f"a play of {play:g} mm is out of range: use {PLAY_RANGE[0]:g} to {PLAY_RANGE[1]:g} mm, "
                       f"e.g. {DEFAULT_PLAY:g}mm")
    return play


@dataclass
class Net:
    """A box part laid flat: its cut outline (closed), its fold lines, the glue areas, the faces where text is
    printed (rectangles as x, y, width, height with the text's rotation), and the inner size it folds to."""

    name: str
    outline: list[Point]
    folds: list[tuple[Point, Point]]
    glue: list[list[Point]] = field(default_factory=list)
    faces: list[tuple[tuple[float, float, float, float], float]] = field(default_factory=list)
    inner: tuple[float, float, float] = (0.0, 0.0, 0.0)  # length, width, depth (mm)

    @property
    def size(self) -> tuple[float, float]:
        """The width and height of the net's bounding box."""
        xs, ys = [x for x, _ in self.outline], [y for _, y in self.outline]
        return max(xs) - min(xs), max(ys) - min(ys)

    def turned(self) -> "Net":
        """The net turned a quarter turn (clockwise on the page, y growing downward)."""
        def turn(points):
            return [(-y, x) for x, y in points]

        return Net(self.name, turn(self.outline), [tuple(turn(list(fold))) for fold in self.folds],
                   [turn(area) for area in self.glue],
                   [((-y - h, x, h, w), rotation + 90.0) for (x, y, w, h), rotation in self.faces], self.inner)

    def moved(self, dx: float, dy: float) -> "Net":
        """The net shifted so that its bounding box starts at (dx, dy)."""
        x0 = min(x for x, _ in self.outline)
        y0 = min(y for _, y in self.outline)

        def shift(points):
            return [(round(x - x0 + dx, 4), round(y - y0 + dy, 4)) for x, y in points]

        return Net(self.name, shift(self.outline), [tuple(shift(list(fold))) for fold in self.folds],
                   [shift(area) for area in self.glue],
                   [((x - x0 + dx, y - y0 + dy, w, h), turn) for (x, y, w, h), turn in self.faces], self.inner)


def tray_net(name: str, length: float, width: float, depth: float, card: float) -> Net:
    """An open box (tray or lid) of the given inner size: a base, four walls, and glue tabs on the ends of the
    long walls that fold inside the short walls. The base is cut larger than the inner size by the tabs'
    card inside the short walls and by half a thickness at each fold."""
    base_l, base_w = length + 3 * card, width + card
    tab = min(GLUE_TAB, base_w / 2 - TAB_TAPER)
    h, g = depth, min(TAB_TAPER, depth / 4)
    L, W = base_l, base_w
    outline = [
        (0, -h), (L, -h),  # the far long wall
        (L + tab, -h + g), (L + tab, -g), (L, 0),  # its right tab
        (L + h, 0), (L + h, W), (L, W),  # the right short wall
        (L + tab, W + g), (L + tab, W + h - g), (L, W + h),  # the near long wall's right tab
        (0, W + h),  # the near long wall
        (-tab, W + h - g), (-tab, W + g), (0, W),  # its left tab
        (-h, W), (-h, 0), (0, 0),  # the left short wall
        (-tab, -g), (-tab, -h + g),  # the far long wall's left tab
    ]
    folds = [((0, 0), (L, 0)), ((L, 0), (L, W)), ((0, W), (L, W)), ((0, 0), (0, W)),
             ((0, -h), (0, 0)), ((L, -h), (L, 0)), ((0, W), (0, W + h)), ((L, W), (L, W + h))]
    glue = [[(L, -h), (L + tab, -h + g), (L + tab, -g), (L, 0)],
            [(L, W), (L + tab, W + g), (L + tab, W + h - g), (L, W + h)],
            [(0, W + h), (-tab, W + h - g), (-tab, W + g), (0, W)],
            [(0, 0), (-tab, -g), (-tab, -h + g), (0, -h)]]
    faces: list[tuple[tuple[float, float, float, float], float]] = [  # the walls read upright
        ((0, 0, L, W), 0.0), ((0, -h, L, h), 0.0), ((0, W, L, h), 180.0)]
    return Net(name, [(float(x), float(y)) for x, y in outline], folds, glue, faces, (length, width, depth))


@dataclass(frozen=True)
class Stacks:
    """How pieces lie in a box: `columns` x `rows` stacks of at most `per_stack` pieces, each piece
    `piece` = (width, height, thickness) mm; the box's inner size adds the play."""

    count: int
    columns: int
    rows: int
    piece: tuple[float, float, float]
    play: float

    @property
    def per_stack(self) -> int:
        """The pieces in the tallest stack."""
        return math.ceil(self.count / (self.columns * self.rows))

    @property
    def stacked(self) -> tuple[float, float, float]:
        """The length, width and height the stacked pieces take."""
        w, h, t = self.piece
        return self.columns * w, self.rows * h, self.per_stack * t

    @property
    def inner(self) -> tuple[float, float, float]:
        """The box's inner length, width and depth: the stacks plus the play."""
        length, width, depth = self.stacked
        return round(length + self.play, 3), round(width + self.play, 3), round(depth + self.play, 3)


def piece_stacks(count: int, piece: tuple[float, float, float], play: float, fits, larger=lambda: None) -> Stacks:
    """The arrangement of stacks whose box uses the least card (its outer surface) among those whose nets
    `fits` (a function of a Stacks) accepts; a BoxError when none does, naming the paper `larger()` finds."""
    options = [Stacks(count, columns, rows, piece, play) for columns in range(1, 7) for rows in range(1, 7)
               if columns * rows <= count]
    options = [s for s in options if s.per_stack * piece[2] >= 5.0 or s.columns * s.rows == 1]  # no flat trays
    options.sort(key=lambda s: (_surface(s.inner), s.columns, s.rows))
    for stacks in options:
        if fits(stacks):
            return stacks
    paper = larger()
    raise BoxError(f"no box for {count} pieces of {piece[0]:g} mm fits the paper: use larger paper"
                   + (f" ({paper} is the smallest that holds it)" if paper else ""))


def _surface(inner: tuple[float, float, float]) -> float:
    length, width, depth = inner
    return length * width + 2 * depth * (length + width)


def tile_box(stacks: Stacks, card: float) -> tuple[Net, Net]:
    """The tray holding the stacks and the lid that slides over it (as deep as two thirds of the tray, at least
    12 mm)."""
    length, width, depth = stacks.inner
    tray = tray_net("tray", length, width, depth, card)
    outer_l, outer_w = length + 4 * card, width + 2 * card  # the base's size and half a card outside each fold
    lid_depth = min(depth, max(12.0, round(depth * 2 / 3, 1)))
    lid = tray_net("lid", outer_l + 2 * LID_GAP, outer_w + 2 * LID_GAP, lid_depth, card)
    return tray, lid


def tuck_box(width: float, height: float, depth: float, card: float) -> Net:
    """A tuck box of the given inner size (a deck's width, height and thickness plus play): front, sides,
    back and a glue flap in a row; a tuck flap closing each end (the top on the back, the bottom on the
    front), dust flaps on the sides, and a thumb notch in the front's top edge."""
    W, H, D = width + card, height + card, depth + 2 * card  # half a card at each fold; the glue flap inside
    glue = min(max(D * GLUE_SHARE, 8.0), GLUE_TAB)
    tuck = min(max(D * 0.8, 10.0), 20.0)
    g = TAB_TAPER
    xs = [0.0, D, D + W, 2 * D + W, 2 * D + 2 * W]  # left side | front | right side | back | glue flap
    top, bottom = 0.0, H
    dust = D * 0.85
    outline: list[Point] = []
    # the top edge, left to right: left dust flap, front (notched), right dust flap, back's closing panel and tuck
    outline += [(xs[0], top), (xs[0] + g, top - dust), (xs[1] - g, top - dust), (xs[1], top)]
    outline += _notch(xs[1], xs[2], top)
    outline += [(xs[2] + g, top - dust), (xs[3] - g, top - dust), (xs[3], top)]
    outline += [(xs[3], top - D), (xs[3] + g, top - D - tuck), (xs[4] - g, top - D - tuck), (xs[4], top - D)]
    outline += [(xs[4], top), (xs[4] + glue, top + g), (xs[4] + glue, bottom - g), (xs[4], bottom)]
    # the bottom edge, right to left: back, right dust flap, front's closing panel and tuck, left dust flap
    outline += [(xs[3], bottom)]
    outline += [(xs[3] - g, bottom + dust), (xs[2] + g, bottom + dust), (xs[2], bottom)]
    outline += [(xs[2], bottom + D), (xs[2] - g, bottom + D + tuck), (xs[1] + g, bottom + D + tuck),
                (xs[1], bottom + D)]
    outline += [(xs[1], bottom), (xs[1] - g, bottom + dust), (xs[0] + g, bottom + dust), (xs[0], bottom)]
    folds = [((x, top), (x, bottom)) for x in xs[1:]]
    folds += [((xs[0], top), (xs[1], top)), ((xs[2], top), (xs[3], top)), ((xs[3], top), (xs[4], top)),
              ((xs[3], top - D), (xs[4], top - D)), ((xs[0], bottom), (xs[1], bottom)),
              ((xs[1], bottom), (xs[2], bottom)), ((xs[2], bottom), (xs[3], bottom)),
              ((xs[1], bottom + D), (xs[2], bottom + D))]
    glue_area = [[(xs[4], top), (xs[4] + glue, top + g), (xs[4] + glue, bottom - g), (xs[4], bottom)]]
    faces = [((xs[1], top + THUMB_RADIUS, W, H - THUMB_RADIUS), 0.0), ((xs[3], top, W, H), 0.0),
             ((xs[0], top, D, H), -90.0), ((xs[2], top, D, H), -90.0)]
    inner = (round(W - card, 3), round(H - card, 3), round(D - 2 * card, 3))
    return Net("tuck box", outline, folds, glue_area, faces, inner)


def _notch(left: float, right: float, y: float, steps: int = 12) -> list[Point]:
    """The front's top edge with a half-round thumb notch in its middle, from left to right."""
    cx, r = (left + right) / 2, min(THUMB_RADIUS, (right - left) / 4)
    arc = [(cx - r * math.cos(math.pi * k / steps), y + r * math.sin(math.pi * k / steps)) for k in range(steps + 1)]
    return [(round(x, 4), round(yy, 4)) for x, yy in arc] + [(right, y)]
