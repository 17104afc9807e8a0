"""A light SVG of a scene for the screen: what the designer and the position editor show while one edits.

The print writer (render/svg_writer.py) keeps every cell a <use> of a symbol and every letter a glyph, which
files need and browsers draw slowly (a 10,000-cell board takes seconds). Here every shape of one style, a
symbol's copies included, becomes one <path>, text is the browser's own, and text too small to read at the
size the page shows the drawing is left out (the page names each cell on hover). The picture is otherwise
the printed one: the same shapes, colours and places.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from modlinseq_print.render.scene import Circle, Embed, Polygon, Scene, Style, Text, Use

FONTS = {"Helvetica": "Helvetica, Arial, sans-serif", "Courier": "'DejaVu Sans Mono', Courier, monospace",
         "Times": "'Times New Roman', serif"}
MIN_TEXT_PX = 4.0  # text drawn smaller than this on the screen is left out


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def _style_key(style: Style, closed: bool) -> tuple:
    return style.fill if closed else None, style.stroke, round(style.stroke_width, 3), style.dash


@lru_cache(maxsize=4096)
def _relative(item: Polygon | Circle) -> tuple[float, float, str]:
    """A shape as its first point and the rest of its path in relative moves: a symbol's copies share it."""
    if isinstance(item, Circle):
        r = _num(item.radius)
        return item.x - item.radius, item.y, f"a{r} {r} 0 1 0 {_num(2 * item.radius)} 0a{r} {r} 0 1 0 " \
                                             f"{_num(-2 * item.radius)} 0Z"
    (x0, y0), rest = item.points[0], item.points[1:]
    steps, (px, py) = [], (x0, y0)
    for x, y in rest:
        steps.append(f"{_num(x - px)} {_num(y - py)}")
        px, py = px + float(_num(x - px)), py + float(_num(y - py))  # no rounding drift along the outline
    return x0, y0, ("l" + " ".join(steps) if steps else "") + ("Z" if item.closed else "")


class _Layer:
    """The shapes of one layer by style (one path each, in the order styles first appear), then its texts."""

    def __init__(self) -> None:
        self.paths: dict[tuple, list[str]] = defaultdict(list)
        self.texts: list[str] = []

    def shape(self, item: Polygon | Circle, dx: float, dy: float) -> None:
        x, y, tail = _relative(item)
        self.paths[_style_key(item.style, not isinstance(item, Polygon) or item.closed)].append(
            f"M{_num(x + dx)} {_num(y + dy)}{tail}")

    def text(self, item: Text, dx: float, dy: float) -> None:
        family, _, weight = item.font.partition("-")
        y = item.y + dy + (item.size * 0.36 if item.middle else 0.0)
        attrs = (f'x="{_num(item.x + dx)}" y="{_num(y)}" font-size="{_num(item.size)}" fill="{item.fill}" '
                 f'text-anchor="{item.anchor}" font-family={quoteattr(FONTS.get(family, FONTS["Helvetica"]))}')
        if "Bold" in weight:
            attrs += ' font-weight="bold"'
        if item.rotate:
            attrs += f' transform="rotate({_num(item.rotate)} {_num(item.x + dx)} {_num(y)})"'
        self.texts.append(f"<text {attrs}>{escape(item.text)}</text>")

    def svg(self) -> str:
        parts = []
        for (fill, stroke, width, dash), paths in self.paths.items():
            attrs = f'fill="{fill or "none"}"'
            if stroke:
                attrs += f' stroke="{stroke}" stroke-width="{_num(width)}" stroke-linejoin="round"'
                if dash:
                    attrs += f' stroke-dasharray="{" ".join(_num(d) for d in dash)}"'
            parts.append(f'<path {attrs} d="{"".join(paths)}"/>')
        return "".join(parts + self.texts)


class _Writer:
    def __init__(self, px_per_mm: float | None) -> None:
        self.px_per_mm = px_per_mm
        self.clips: list[str] = []

    def readable(self, text: Text, scale: float) -> bool:
        return self.px_per_mm is None or text.size * scale * self.px_per_mm >= MIN_TEXT_PX

    def items(self, items, symbols, layer: _Layer, parts: list[str], scale: float, dx=0.0, dy=0.0) -> None:
        for item in items:
            if isinstance(item, (Polygon, Circle)):
                layer.shape(item, dx, dy)
            elif isinstance(item, Text):
                if self.readable(item, scale):
                    layer.text(item, dx, dy)
            elif isinstance(item, Use):
                self.items(symbols.get(item.symbol, ()), symbols, layer, parts, scale, dx + item.x, dy + item.y)
            elif isinstance(item, Embed):
                parts.append(self.embed(item, scale, dx, dy))

    def embed(self, item: Embed, scale: float, dx: float, dy: float) -> str:
        inner = self.scene_body(item.scene, scale * item.scale)
        group = f'<g transform="translate({_num(item.x + dx)} {_num(item.y + dy)}) scale({item.scale:g})">{inner}</g>'
        if item.clip is None:
            return group
        x, y, w, h = item.clip
        self.clips.append(f'<clipPath id="c{len(self.clips)}"><rect x="{_num(x + dx)}" y="{_num(y + dy)}" '
                          f'width="{_num(w)}" height="{_num(h)}"/></clipPath>')
        return f'<g clip-path="url(#c{len(self.clips) - 1})">{group}</g>'

    def scene_body(self, scene: Scene, scale: float) -> str:
        out = []
        for source in scene.layers:
            layer, embeds = _Layer(), []  # type: tuple[_Layer, list[str]]
            self.items(source.items, scene.symbols, layer, embeds, scale)
            out.append(f"<g>{layer.svg()}{''.join(embeds)}</g>")
        return "".join(out)


def screen_svg(scene: Scene, screen_width_px: float | None = None) -> str:
    """The scene as a light SVG; with the width in pixels the page shows it at, unreadable text is left out."""
    writer = _Writer(screen_width_px / scene.width if screen_width_px else None)
    body = writer.scene_body(scene, 1.0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(scene.width)} {_num(scene.height)}" '
            f'width="{_num(scene.width)}mm" height="{_num(scene.height)}mm"><defs>{"".join(writer.clips)}</defs>'
            f'{body}</svg>')
