"""A preset's lengths in millimetres and its three ready sheets, read once by the preset loader."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, parse_back_offset
from modlinseq_print.render.paper import DEFAULT_OVERLAP, Sheet, make_sheet
from modlinseq_print.units import parse_length

#: Every length key of a preset, in the order a reader meets them.
LENGTH_KEYS = ("margin", "board.margin", "board.clearance", "board.cell_size", "board.overlap", "tiles.margin",
               "tiles.width", "tiles.gap", "tiles.bleed", "tiles.safe", "tiles.gutter", "box.play")


@dataclass(frozen=True)
class Measures:
    """The kit's sheets (text pages, board pages, piece sheets) and its lengths in mm, defaults filled in."""

    text_sheet: Sheet
    board_sheet: Sheet
    pieces_sheet: Sheet
    tile_width: float
    clearance: float
    cell_size: float | None  # None: fitted to the tile with the clearance
    overlap: float
    bleed: float
    safe: float | None  # None: the bleed, at least 1.5 mm
    gap: float
    gutter: float
    back_offset: tuple[float, float]


def preset_value(preset, key: str):
    """The value of a dotted preset key such as 'tiles.width'."""
    value = preset
    for part in key.split("."):
        value = getattr(value, part)
    return value


def length_mm(preset, key: str) -> float | None:
    """A length key in mm (None when left to a default); a bad one raises its own error."""
    value = preset_value(preset, key)
    return None if value is None else parse_length(value, key)


def given(mm: dict[str, float | None], key: str) -> float:
    """A length the preset always has (its dataclass holds a default, never None), in mm."""
    value = mm[key]
    if value is None:
        raise ValueError(f"the preset has no {key}")
    return value


def _now(key: str, make: Callable[[], Sheet]) -> Sheet:
    return make()


def sheets(preset, mm: dict[str, float | None], step=_now) -> tuple[Sheet, Sheet, Sheet]:
    """The text, board and piece sheets: each section's paper and margin, else the kit's; `step(key, make)`
    makes each (the loader's names the key of an error)."""
    def margin(key: str) -> float:
        value = mm[key]
        return given(mm, "margin") if value is None else value

    return (step("margin", lambda: make_sheet(preset.paper, given(mm, "margin"))),
            step("board.margin", lambda: make_sheet(preset.board.paper or preset.paper, margin("board.margin"))),
            step("tiles.margin", lambda: make_sheet(preset.tiles.paper or preset.paper, margin("tiles.margin"))))


def assemble(mm: dict[str, float | None], ready: tuple[Sheet, Sheet, Sheet],
             back_offset: tuple[float, float]) -> Measures:
    """The Measures from lengths already in mm, the three sheets and the back offset."""
    overlap, gutter = mm["board.overlap"], mm["tiles.gutter"]
    return Measures(*ready, tile_width=given(mm, "tiles.width"), clearance=given(mm, "board.clearance"),
                    cell_size=mm["board.cell_size"],
                    overlap=DEFAULT_OVERLAP if overlap is None else overlap,
                    bleed=given(mm, "tiles.bleed"), safe=mm["tiles.safe"], gap=given(mm, "tiles.gap"),
                    gutter=DEFAULT_GUTTER if gutter is None else gutter,
                    back_offset=back_offset)


def measure(preset) -> Measures:
    """The Measures of a preset: the loader's, or (for a preset made in code) read now."""
    if preset.measures is not None:
        return preset.measures
    mm = {key: length_mm(preset, key) for key in LENGTH_KEYS}
    return assemble(mm, sheets(preset, mm), parse_back_offset(preset.tiles.back_offset))
