"""A rack for a hand of tiles, sized from the tile: its length from the hand, its slot from the thickness.

Tiles stand in a row on a ledge, leaning back against a backrest, their faces towards their owner, as
word-game racks hold them. The ledge rises towards the front by the lean angle, so a tile slides back into
the corner and stays. Coordinates of the profile: y from the front (0) to the back, z up from the table.
The printed rack (solids/rack.py) and the laser-cut one (printables/rack_laser.py) share these sizes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from modlinseq_print.errors import FieldError

DEFAULT_HAND = 7
MAX_HAND = 30
MAX_COPIES = 20  # racks in one run, one per player
LEAN = 15.0  # degrees the tiles lean back from upright
TILE_GAP = 2.0  # mm between neighbouring tiles
END_ROOM = 6.0  # mm beyond the first and last tile
CLEARANCE = 1.0  # mm of play around a tile's thickness
BACK_SHARE = 0.6  # the backrest's height, as a share of the tile's height


class RackError(FieldError):
    """A rack that cannot be made: a bad hand size, material or bed (its field: the one at fault, if any)."""


def check_hand(hand: int) -> int:
    """The hand size, or a one-line RackError."""
    if not 1 <= hand <= MAX_HAND:
        raise RackError(f"a rack for {hand} tiles is out of range: give a hand of 1 to {MAX_HAND} tiles, e.g. 7",
                        "hand", MAX_HAND)
    return hand


def check_copies(copies: int) -> int:
    """The number of racks, or a one-line RackError."""
    if not 1 <= copies <= MAX_COPIES:
        raise RackError(f"{copies} racks is out of range: make 1 to {MAX_COPIES} (one per player)")
    return copies


@dataclass(frozen=True)
class RackSize:
    """A rack for `hand` tiles of the given width, height and thickness (mm)."""

    tile_width: float
    tile_height: float
    thickness: float
    hand: int = DEFAULT_HAND

    def __post_init__(self) -> None:
        check_hand(self.hand)

    @classmethod
    def for_tiles(cls, look, thickness: float, hand: int = DEFAULT_HAND) -> "RackSize":
        """The rack for a hand of tiles of a look (printables.tiles.TileLook: width and outline) and thickness."""
        from modlinseq_print.render.imposition import bounding_box

        return cls(look.width, bounding_box(look.outline).height, thickness, hand)

    @property
    def length(self) -> float:
        """The inside length along the row of tiles."""
        return self.hand * (self.tile_width + TILE_GAP) - TILE_GAP + 2 * END_ROOM

    @property
    def slot(self) -> float:
        """The width of the slot a tile stands in."""
        return self.thickness + CLEARANCE

    @property
    def ledge(self) -> float:
        """The depth of the ledge a tile stands on: its slot and room for a finger."""
        return max(12.0, self.slot + 8.0)

    @property
    def back_height(self) -> float:
        """The height of the backrest along its face."""
        return max(8.0, BACK_SHARE * self.tile_height)

    @property
    def up(self) -> tuple[float, float]:
        """The direction of the backrest, up and leaning back: (y, z)."""
        lean = math.radians(LEAN)
        return math.sin(lean), math.cos(lean)

    @property
    def forward(self) -> tuple[float, float]:
        """The direction of the ledge from the corner to the front, rising by the lean: (y, z)."""
        lean = math.radians(LEAN)
        return -math.cos(lean), math.sin(lean)
