"""The two printable boxes: a tray with a lid for a kit's tiles and markers, and a tuck box for the Mod 13
deck, each sized from what it holds and laid out on one page in the output mode asked for."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.geometry.layout import tile_shape
from modlinseq_print.printables.box_pages import BoxPart, box_page, net_area, place_parts
from modlinseq_print.printables.cutters import Cutter
from modlinseq_print.printables.boxes import (BoxError, Stacks, card_thickness, check_play, piece_stacks, tile_box,
                                              tuck_box)
from modlinseq_print.render.paper import Sheet, smallest_paper
from modlinseq_print.render.scene import Scene
from modlinseq_print.wording import _, plural

DECK_CARD = (63.0, 88.0)  # mm: the Mod 13 deck's poker-size cards
DECK_CARDS = 52
MOST_PIECES = 5000
TRAY_STEPS = [
    "Cut out the tray and the lid along their solid lines.",
    "Crease every dashed line first: press along a ruler with an empty ballpoint pen or the back of a knife.",
    "Fold the four walls of the tray up, printed side out. Fold each grey tab in and glue it inside the short "
    "wall it meets; hold it until the glue sets.",
    "Make the lid the same way. It slides over the tray: put the stacked pieces in the tray and close it.",
]
TUCK_STEPS = [
    "Cut out the box along its solid lines, the thumb notch too.",
    "Crease every dashed line first: press along a ruler with an empty ballpoint pen or the back of a knife.",
    "Fold along the creases, printed side out, and glue the grey flap inside the side panel it meets.",
    "Fold the bottom's dust flaps in and tuck the bottom flap in. Put the deck in, then close the top the same way.",
]


@dataclass
class BoxSet:
    """A box's page, its parts where they lie on the page, and the inner size it was made for."""

    scene: Scene
    parts: list[BoxPart]
    inner: tuple[float, float, float]
    holds: str  # what it holds, in words


def piece_size(width: float, shape: str, grams: float, layers: int = 1) -> tuple[float, float, float]:
    """A tile's width, height (point up) and thickness: `layers` of card of `grams` g/m² (two for tiles folded
    and glued from a gutter-fold sheet)."""
    points = tile_shape(width, shape)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return round(max(xs) - min(xs), 3), round(max(ys) - min(ys), 3), round(layers * card_thickness(grams), 4)


def pieces_box(count: int, piece: tuple[float, float, float], grams: float, play: float, sheet: Sheet, mode: str,
               title: str, cutter: Cutter | None = None) -> BoxSet:
    """The tray and lid for `count` pieces of the given size (width, height, thickness), stacked flat, with
    `play` mm around the stacks, folded from card of `grams` g/m², on one page (`cutter`: print-and-cut's)."""
    if not 1 <= count <= MOST_PIECES:
        raise BoxError(f"a box for {count} pieces: give 1 to {MOST_PIECES}")
    check_play(play)
    card = card_thickness(grams)
    heading = _("Box for the tiles and markers")
    holds = plural(count, "piece")

    def notes(stacks: Stacks) -> list[str]:
        length, width, depth = stacks.inner
        return [_("Inside: {length} x {width} x {depth} mm, for {pieces} of {piece} mm in {stacks} of up to "
                  "{most}, with {play} mm to spare; card of {grams} g/m².").format(
            length=f"{length:.1f}", width=f"{width:.1f}", depth=f"{depth:.1f}", pieces=holds,
            piece=f"{piece[0]:g}", stacks=plural(stacks.columns * stacks.rows, "stack"), most=stacks.per_stack,
            play=f"{play:g}", grams=f"{grams:g}")]

    def parts(stacks: Stacks) -> list[BoxPart]:
        tray, lid = tile_box(stacks, card)
        return [BoxPart(tray, {1: [title], 2: [title]}), BoxPart(lid, {0: [title, holds]})]

    def fits(stacks: Stacks, on: Sheet = sheet) -> bool:
        return place_parts(parts(stacks), net_area(on, mode, heading, notes(stacks), cutter)) is not None

    def larger() -> str | None:  # the smallest paper on which some arrangement fits
        def holds(on: Sheet) -> bool:
            try:
                return bool(piece_stacks(count, piece, play, lambda stacks: fits(stacks, on)))
            except BoxError:
                return False
        return smallest_paper(holds, sheet.margin)

    stacks = piece_stacks(count, piece, play, fits, larger)
    scene, placed = box_page(parts(stacks), sheet, heading, notes(stacks), mode, [_(step) for step in TRAY_STEPS],
                             cutter)
    return BoxSet(scene, placed, stacks.inner, holds)


def deck_box(cards: int, grams: float, play: float, sheet: Sheet, mode: str, title: str = "Mod 13",
             deck_grams: float | None = None, cutter: Cutter | None = None) -> BoxSet:
    """The tuck box for a deck of `cards` poker-size cards printed on card of `deck_grams` g/m² (the box's own
    card by default), with `play` mm to spare each way, folded from card of `grams` g/m²."""
    if not 1 <= cards <= 200:
        raise BoxError(f"a tuck box for {cards} cards: give 1 to 200")
    check_play(play)
    card = card_thickness(grams)
    thickness = cards * card_thickness(grams if deck_grams is None else deck_grams)  # 0 is a weight, and refused
    width, height = DECK_CARD
    net = tuck_box(width + play, height + play, thickness + play, card)
    holds = plural(cards, "card")
    heading = _("Tuck box for the Mod 13 deck")
    inner = net.inner
    note = _("Inside: {width} x {height} x {depth} mm, for {cards} of {card_width} x {card_height} mm, {play} mm "
             "to spare; card of {grams} g/m².").format(width=f"{inner[0]:.1f}", height=f"{inner[1]:.1f}",
                                                       depth=f"{inner[2]:.1f}", cards=holds, card_width=f"{width:g}",
                                                       card_height=f"{height:g}", play=f"{play:g}", grams=f"{grams:g}")
    part = BoxPart(net, {0: [title, holds], 1: [title], 2: [title], 3: [title]})
    scene, placed = box_page([part], sheet, heading, [note], mode, [_(step) for step in TUCK_STEPS], cutter)
    return BoxSet(scene, placed, inner, holds)
