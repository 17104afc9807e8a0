"""The set of pieces a run of solids makes (the `pieces3d` command, the library's pieces3d): each set option as
given, else the preset's, else the default, so that the command and the library choose alike."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.kits.piece_counts import kit_copies, kit_markers
from modlinseq_print.kits.presets import Preset
from modlinseq_print.options import TILE_SHAPE, TILE_WIDTH
from modlinseq_print.printables.pieces import set_with_markers
from modlinseq_print.options_pieces import BLOCKERS, COPIES, MARKER_COPIES, MODULUS, WILD
from modlinseq_print.printables.tiles import Piece


@dataclass(frozen=True)
class ChosenSet:
    """The pieces, the tile width (as given: '25mm', '1in') and shape, and whether the numbers that read as another
    turned round (6 and 9...) are underlined: unless the preset's underline is "none"."""

    pieces: list[Piece]
    width: str
    shape: str
    underline: bool


def _given(value, from_preset, default):
    """An option's value: as given, else the preset's (when there is a preset), else the default."""
    return value if value is not None else default if from_preset is None else from_preset


def chosen_set(preset: Preset | None = None, *, modulus: int | None = None, copies: int | None = None,
               counts: dict[int, int] | None = None, no_zero: bool = False, wild: int | None = None,
               blockers: int | None = None, markers: str | None = None, width: str | None = None,
               shape: str | None = None) -> ChosenSet:
    """The set: number tiles (or per-value `counts`), wild tiles, blockers and the markers of a range such as
    "8-20" (else the preset's markers, with its copies), each option given overriding the preset, else the
    option's definition (options_pieces)."""
    tiles = preset.tiles if preset else None
    marker_copies = MARKER_COPIES.default
    if markers is None and preset and kit_markers(preset):
        markers, marker_copies = kit_markers(preset), preset.markers.copies
    pieces = set_with_markers(_given(modulus, preset.modulus if preset else None, MODULUS.default),
                              _given(copies, kit_copies(preset) if preset else None, COPIES.default),
                              no_zero or bool(tiles and tiles.no_zero), counts,
                              _given(wild, tiles.wild if tiles else None, WILD.default),
                              _given(blockers, tiles.blockers if tiles else None, BLOCKERS.default), markers,
                              marker_copies)
    return ChosenSet(pieces, _given(width, tiles.width if tiles else None, TILE_WIDTH.default),
                     _given(shape, tiles.shape if tiles else None, TILE_SHAPE.default),
                     not tiles or tiles.underline != "none")
