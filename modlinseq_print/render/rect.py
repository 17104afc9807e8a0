"""Rect: an axis-aligned rectangle in millimetres (y downward), the common currency of page layout."""

from __future__ import annotations

from typing import NamedTuple


class Rect(NamedTuple):
    """An axis-aligned rectangle in mm: top-left corner (x, y), y downward (a named tuple: a board makes tens of
    thousands of them, for its cells and labels, and tuples are made and hashed several times faster)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.height

    def contains(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        """True when `other` lies entirely inside this rectangle."""
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)

    def intersects(self, other: "Rect") -> bool:
        """True when the two rectangles share some area."""
        return other.x < self.right and self.x < other.right and other.y < self.bottom and self.y < other.bottom

    def inset(self, amount: float) -> "Rect":
        """This rectangle shrunk by `amount` on every side (grown when negative)."""
        return Rect(self.x + amount, self.y + amount, self.width - 2 * amount, self.height - 2 * amount)

    def moved(self, dx: float, dy: float) -> "Rect":
        """This rectangle translated by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.width, self.height)
