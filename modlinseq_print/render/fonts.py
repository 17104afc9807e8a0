"""Vertical metrics of the standard-14 fonts (cap heights, AFM values) and text anchoring, without a backend.

Advance widths live in render/text_metrics.py; this module adds what writers need to place a Text item.
"""

from __future__ import annotations

from modlinseq_print.render.scene import Text
from modlinseq_print.render import text_metrics

#: Cap height in 1/1000 em by font family prefix.
CAP_HEIGHT = {"Helvetica": 718, "Times": 662, "Courier": 562}


def cap_height(font: str) -> float:
    """The height of capitals as a fraction of the font size."""
    for prefix, value in CAP_HEIGHT.items():
        if font.startswith(prefix):
            return value / 1000
    return 0.7


def baseline(item: Text) -> float:
    """The y of a Text item's baseline: its y, or below it by half the cap height when `middle` is set."""
    return item.y + cap_height(item.font) * item.size / 2 if item.middle else item.y


def left_edge(item: Text) -> float:
    """The x where a Text item starts, from its anchor and width."""
    if item.anchor == "start":
        return item.x
    width = text_metrics.text_width(item.text, item.font, item.size)
    return item.x - (width / 2 if item.anchor == "middle" else width)
