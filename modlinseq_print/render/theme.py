"""Colour themes shared by every printable: the green board with yellow tiles of the rules' figures,
and black-and-white."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import excerpt


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
    start_mark: str          # the ring on A0, where the first sequence passes and the modulus marker sits
    background: str | None = None
    cell_stroke_width: float = 0.35


THEMES = {
    "green": Theme(
        name="green", board_fill="#3a9a4b", cell_stroke="#1f5e2a", bonus_fill="#ffffff", mark="#1f5e2a",
        label="#e8f5e9", pseudo_fill="#e57373", pseudo_mark="#7f1d1d", tile_fill="#ffd54f",
        tile_stroke="#8d6e00", tile_text="#000000", wild_fill="#fff3c4", marker_fill="#1e3a8a",
        marker_text="#ffffff", blocked_fill="#d32f2f", start_mark="#1e3a8a",
    ),
    "bw": Theme(
        name="bw", board_fill="#ffffff", cell_stroke="#000000", bonus_fill="#ffffff", mark="#000000",
        label="#000000", pseudo_fill="#ffffff", pseudo_mark="#000000", tile_fill="#ffffff",
        tile_stroke="#000000", tile_text="#000000", wild_fill="#ffffff", marker_fill="#000000",
        marker_text="#ffffff", blocked_fill="#808080", start_mark="#000000",
    ),
}


#: Process colour (C, M, Y, K in per cent) of every chromatic colour the printables use, for press-ready PDFs.
#: Neutral greys need no entry: they print on the black plate alone (see `process_colour`).
CMYK: dict[str, tuple[int, int, int, int]] = {
    "#3a9a4b": (75, 0, 85, 10),    # green board
    "#1f5e2a": (85, 20, 95, 50),   # dark green cell strokes and marks
    "#e8f5e9": (8, 0, 8, 0),       # pale green addresses
    "#e8efe9": (8, 2, 8, 0),
    "#e57373": (0, 60, 45, 0),     # pseudocells
    "#7f1d1d": (15, 95, 90, 45),   # pseudocell marks
    "#ffd54f": (0, 15, 75, 0),     # number tiles
    "#8d6e00": (20, 35, 100, 35),  # tile strokes
    "#fff3c4": (0, 4, 28, 0),      # wild tiles
    "#1e3a8a": (100, 80, 0, 20),   # modulus markers, card backs
    "#d32f2f": (0, 90, 80, 10),    # blocked cells and blockers
    "#c62828": (0, 95, 85, 15),    # red card suits
    "#e8eef8": (8, 4, 0, 0),       # reference card headers
    "#ff0000": (0, 100, 100, 0),
}


class ColourError(FieldError):
    """A colour that has no process (CMYK) value, so a press-ready file cannot be written."""


def process_colour(colour: str) -> tuple[float, float, float, float]:
    """A '#rrggbb' colour as C, M, Y, K from 0 to 1: greys on the black plate alone (text black is
    0/0/0/1, not a rich black), chromatic colours from CMYK; a one-line error for any other colour."""
    value = colour.lower()
    red, green, blue = (int(value[i:i + 2], 16) for i in (1, 3, 5))
    if red == green == blue:
        return 0.0, 0.0, 0.0, round(1 - red / 255, 4)
    if value not in CMYK:
        raise ColourError(f"colour {colour} has no CMYK value, so a press-ready file ({mention('press')}) would write "
                          "it as RGB: add it to CMYK in modlinseq_print/render/theme.py", "press")
    c, m, y, k = CMYK[value]
    return c / 100, m / 100, y / 100, k / 100


def get_theme(name: str) -> Theme:
    """The theme with this name, or a one-line error listing the choices."""
    try:
        return THEMES[name]
    except KeyError:
        raise FieldError(f"unknown theme {excerpt(name)}: use one of {', '.join(THEMES)}", "theme",
                         tuple(THEMES)) from None
