"""Measured boxes of the text on a page, for the tests that check nothing overflows or collides."""

from __future__ import annotations

from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.scene import Embed, Scene, Text, Use
from modlinseq_print.render.text_metrics import text_width

Box = tuple[float, float, float, float]


def text_box(item: Text, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Box:
    """The ink box of a line of text: its measured advance width by anchor, capital height above the baseline."""
    width = text_width(item.text, item.font, item.size)
    left = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
    cap = cap_height(item.font) * item.size
    base = item.y + (cap / 2 if item.middle else 0.0)
    return dx + left * scale, dy + (base - cap) * scale, dx + (left + width) * scale, dy + base * scale


def text_boxes(scene: Scene, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> list[tuple[str, Box]]:
    """(text, box) of every unrotated line of text on a page, through symbols and embedded scenes."""
    found = []
    for layer in scene.layers:
        for item in layer.items:
            found += _boxes(item, scene, dx, dy, scale)
    return found


def _boxes(item, scene: Scene, dx: float, dy: float, scale: float) -> list[tuple[str, Box]]:
    if isinstance(item, Text):
        return [] if item.rotate else [(item.text, text_box(item, dx, dy, scale))]
    if isinstance(item, Use):
        return [b for i in scene.symbols.get(item.symbol, ()) for b in
                _boxes(i, scene, dx + item.x * scale, dy + item.y * scale, scale)]
    if isinstance(item, Embed):
        if item.scale < 1:  # a miniature (the assembly diagram): its own labels sit under the page numbers
            return []
        inner = text_boxes(item.scene, dx + item.x * scale, dy + item.y * scale, scale * item.scale)
        if item.clip:  # only what shows in the window
            x, y, w, h = item.clip
            inner = [(t, b) for t, b in inner if b[0] >= x and b[2] <= x + w and b[1] >= y and b[3] <= y + h]
        return inner
    return []


def overlaps(a: Box, b: Box, slack: float = 0.05) -> bool:
    """Whether two boxes overlap by more than `slack` mm both ways."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def fit_problems(scene: Scene, frame: Box) -> list[str]:
    """Every line of text that leaves the frame or runs into another line: empty when the page is clean."""
    boxes = text_boxes(scene)
    problems = [f"{t!r} leaves the frame" for t, b in boxes
                if b[0] < frame[0] - 0.05 or b[2] > frame[2] + 0.05 or b[1] < frame[1] - 0.05 or b[3] > frame[3] + 0.05]
    ordered = sorted(boxes, key=lambda tb: tb[1][0])
    for i, (text, box) in enumerate(ordered):
        for other, second in ordered[i + 1:]:
            if second[0] >= box[2]:
                break
            if overlaps(box, second):
                problems.append(f"{text!r} runs into {other!r}")
    return problems
