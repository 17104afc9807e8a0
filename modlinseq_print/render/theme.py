"""Colour themes shared by every printable: the seeds' green board with yellow tiles, and black-and-white."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.errors import ModlinseqError


@dataclass(frozen=True)
class Theme:
    """Colours ('#rrggbb') and line widths (mm) for boards, tiles and diagrams."""

    name: str
    board_fill: str          # plain cells
    cell_stroke: str         # cell outlines
    bonus_fill: str          # bonus (and malus) cells
    mark: str                # '+' / '-' marks, labels on bonus cells
    label: str               # cell addresses
    pseudo_fill: str         # tess pseudocells
    pseudo_mark: str         # the X and pseudo-address on pseudocells
    tile_fill: str           # number tiles
    tile_stroke: str
    tile_text: str
    wild_fill: str           # wild tiles
    marker_fill: str         # modulus markers, contrasting with number tiles
    marker_text: str
    blocked_fill: str        # blocked cells and blocker tiles
    background: str | None = None
    cell_stroke_width: float = 0.35


THEMES = {
    "green": Theme(
        name="green", board_fill="#3a9a4b", cell_stroke="#1f5e2a", bonus_fill="#ffffff", mark="#1f5e2a",
        label="#e8f5e9", pseudo_fill="#e57373", pseudo_mark="#7f1d1d", tile_fill="#ffd54f",
        tile_stroke="#8d6e00", tile_text="#000000", wild_fill="#fff3c4", marker_fill="#1e3a8a",
        marker_text="#ffffff", blocked_fill="#d32f2f",
    ),
    "bw": Theme(
        name="bw", board_fill="#ffffff", cell_stroke="#000000", bonus_fill="#ffffff", mark="#000000",
        label="#000000", pseudo_fill="#ffffff", pseudo_mark="#000000", tile_fill="#ffffff",
        tile_stroke="#000000", tile_text="#000000", wild_fill="#ffffff", marker_fill="#000000",
        marker_text="#ffffff", blocked_fill="#808080",
    ),
}


def get_theme(name: str) -> Theme:
    """The theme with this name, or a one-line error listing the choices."""
    try:
        return THEMES[name]
    except KeyError:
        raise ModlinseqError(f"unknown theme {name!r}: use one of {', '.join(THEMES)}") from None
