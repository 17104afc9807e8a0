"""The SVG writer: a Scene as an SVG in millimetres, via svgwrite, compact enough for 30,000-cell boards.

Symbols go into <defs> and are placed with <use>; runs of equally spaced uses of one symbol are drawn
through power-of-two composite symbols; texts of one style share a group, and items on one row share
a translated group, so a cell costs a few dozen bytes. Output is deterministic: ids come from names
and counters, never from memory addresses.
"""

from __future__ import annotations

import re

import svgwrite

from modlinseq_print.render.fonts import baseline
from modlinseq_print.render.scene import Circle, Embed, Item, Polygon, Scene, Style, Text, Use

INKSCAPE_NAMESPACE = "http://www.inkscape.org/namespaces/inkscape"
MIN_COMPOSITE_RUN = 4  # runs of at least this many equal uses go through composite symbols
_FAMILIES = {"Helvetica": "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif",
             "Times": "Times, 'Times New Roman', serif", "Courier": "Courier, 'Courier New', monospace"}


def fmt(value: float) -> str:
    """A number with at most 3 decimals and no trailing zeros (0.001 mm is far below print precision)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points) -> list[tuple[str, str]]:
    return [(fmt(x), fmt(y)) for x, y in points]


def _style_attributes(style: Style) -> dict[str, str]:
    attributes = {"fill": style.fill or "none", "stroke": style.stroke or "none"}
    if style.stroke:
        attributes["stroke-width"] = fmt(style.stroke_width)
        if style.dash:
            attributes["stroke-dasharray"] = " ".join(fmt(d) for d in style.dash)
    return attributes


def _font_attributes(font: str) -> dict[str, str]:
    family = next((v for k, v in _FAMILIES.items() if font.startswith(k)), "sans-serif")
    attributes = {"font-family": family}
    if "Bold" in font:
        attributes["font-weight"] = "bold"
    if "Oblique" in font or "Italic" in font:
        attributes["font-style"] = "italic"
    return attributes


def _text_key(item: Text) -> tuple:
    return (item.font, item.size, item.anchor, item.fill, item.middle)


class _SvgBuilder:
    """Serialises scenes into one svgwrite drawing, sharing its <defs>."""

    def __init__(self, drawing: svgwrite.Drawing):
        self.drawing = drawing
        self.defs = drawing.defs
        self.defined: set[str] = set()
        self.scene_ids: dict[int, str] = {}
        self.clip_count = 0

    def symbol_id(self, prefix: str, name: str) -> str:
        clean = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        return prefix + (clean if clean[:1].isalpha() else "s" + clean)

    def write_scene(self, scene: Scene, parent, prefix: str) -> None:
        for name, items in scene.symbols.items():
            group = self.drawing.g(id=self.symbol_id(prefix, name))
            self.write_items(items, group, prefix)
            self.defs.add(group)
            self.defined.add(group["id"])
        for layer in scene.layers:
            group = self.drawing.g(id=prefix + re.sub(r"[^A-Za-z0-9_.-]", "_", layer.name))
            if layer.label:  # an Inkscape layer, which Inkscape, LightBurn and Glowforge list by label
                group.attribs.update({"inkscape:groupmode": "layer", "inkscape:label": layer.label})
                self.drawing.attribs["xmlns:inkscape"] = INKSCAPE_NAMESPACE
            self.write_items(layer.items, group, prefix)
            parent.add(group)

    def write_items(self, items: list[Item], parent, prefix: str) -> None:
        index = 0
        while index < len(items):
            item = items[index]
            end = index + 1
            if isinstance(item, Use):
                while end < len(items) and isinstance(items[end], Use) and items[end].y == item.y:
                    end += 1
                self.write_use_row(items[index:end], parent, prefix)
            elif isinstance(item, Text) and not item.rotate:
                key = _text_key(item)
                while (end < len(items) and isinstance(items[end], Text) and not items[end].rotate
                       and _text_key(items[end]) == key):
                    end += 1
                self.write_texts(items[index:end], parent)
            elif isinstance(item, (Polygon, Circle)):
                while end < len(items) and isinstance(items[end], (Polygon, Circle)) and items[end].style == item.style:
                    end += 1
                self.write_shapes(items[index:end], parent)
            elif isinstance(item, Text):
                self.write_rotated_text(item, parent)
            elif isinstance(item, Embed):
                self.write_embed(item, parent)
            else:
                raise TypeError(f"cannot draw {type(item).__name__} in SVG")
            index = end

    def write_shapes(self, shapes: list, parent) -> None:
        target = parent
        if len(shapes) > 1:
            target = parent.add(self.drawing.g(**_style_attributes(shapes[0].style)))
        for shape in shapes:
            extra = {} if len(shapes) > 1 else _style_attributes(shape.style)
            if isinstance(shape, Circle):
                target.add(self.drawing.circle(center=(fmt(shape.x), fmt(shape.y)), r=fmt(shape.radius), **extra))
            elif shape.closed:
                target.add(self.drawing.polygon(points=_points(shape.points), **extra))
            else:
                target.add(self.drawing.polyline(points=_points(shape.points), **extra))

    def write_use_row(self, uses: list[Use], parent, prefix: str) -> None:
        target = parent
        if len(uses) > 1:
            target = parent.add(self.drawing.g(transform=f"translate(0 {fmt(uses[0].y)})"))
        y = None if len(uses) > 1 else fmt(uses[0].y)
        start = 0
        while start < len(uses):
            end = start + 1
            dx = uses[end].x - uses[start].x if end < len(uses) else 0.0
            while (end < len(uses) and uses[end].symbol == uses[start].symbol
                   and abs(uses[end].x - uses[end - 1].x - dx) < 1e-6):
                end += 1
            self.write_use_run(uses[start:end], dx, target, prefix, y)
            start = end

    def write_use_run(self, run: list[Use], dx: float, target, prefix: str, y: str | None) -> None:
        base = self.symbol_id(prefix, run[0].symbol)
        position = 0
        while position < len(run):
            remaining = len(run) - position
            size = 1 if len(run) < MIN_COMPOSITE_RUN else 1 << (remaining.bit_length() - 1)
            href = self.composite(base, dx, size)
            extra = {"x": fmt(run[position].x)}
            if y is not None:
                extra["y"] = y
            target.add(self.drawing.use("#" + href, **extra))
            position += size

    def composite(self, base: str, dx: float, size: int) -> str:
        """The id of a symbol drawing `size` copies of `base`, `dx` mm apart (defined on first use)."""
        if size == 1:
            return base
        name = f"{base}.{size}x{fmt(dx).replace('-', 'm')}"
        if name not in self.defined:
            half = self.composite(base, dx, size // 2)
            group = self.drawing.g(id=name)
            group.add(self.drawing.use("#" + half))
            group.add(self.drawing.use("#" + half, x=fmt(dx * size / 2)))
            self.defs.add(group)
            self.defined.add(name)
        return name

    def write_texts(self, texts: list[Text], parent) -> None:
        first = texts[0]
        attributes = _font_attributes(first.font)
        attributes.update({"font-size": fmt(first.size), "fill": first.fill})
        if first.anchor != "start":
            attributes["text-anchor"] = first.anchor
        group = parent.add(self.drawing.g(**attributes))
        start = 0
        while start < len(texts):
            line_y = baseline(texts[start])
            end = start + 1
            while end < len(texts) and baseline(texts[end]) == line_y:
                end += 1
            target = group
            if end - start > 2:
                target = group.add(self.drawing.g(transform=f"translate(0 {fmt(line_y)})"))
            for item in texts[start:end]:
                element = self.drawing.text(item.text)
                element.attribs["x"] = fmt(item.x)
                if target is group:
                    element.attribs["y"] = fmt(line_y)
                target.add(element)
            start = end

    def write_rotated_text(self, item: Text, parent) -> None:
        attributes = _font_attributes(item.font)
        attributes.update({"font-size": fmt(item.size), "fill": item.fill})
        if item.anchor != "start":
            attributes["text-anchor"] = item.anchor
        element = self.drawing.text(item.text, **attributes)
        element.attribs.update({"x": fmt(item.x), "y": fmt(baseline(item)),
                                "transform": f"rotate({fmt(item.rotate)} {fmt(item.x)} {fmt(item.y)})"})
        parent.add(element)

    def write_embed(self, embed: Embed, parent) -> None:
        key = id(embed.scene)
        if key not in self.scene_ids:
            scene_id = f"scene{len(self.scene_ids) + 1}"
            self.scene_ids[key] = scene_id
            group = self.drawing.g(id=scene_id)
            self.write_scene(embed.scene, group, scene_id + "-")
            self.defs.add(group)
        target = parent
        if embed.clip is not None:
            self.clip_count += 1
            clip_id = f"clip{self.clip_count}"
            clip = self.drawing.clipPath(id=clip_id)
            x, y, w, h = embed.clip
            clip.add(self.drawing.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h))))
            self.defs.add(clip)
            target = parent.add(self.drawing.g(clip_path=f"url(#{clip_id})"))
        transform = f"translate({fmt(embed.x)} {fmt(embed.y)})"
        if embed.scale != 1.0:
            transform += f" scale({embed.scale:.6g})"
        target.add(self.drawing.use("#" + self.scene_ids[key], transform=transform))


def scene_to_svg(scene: Scene) -> bytes:
    """The scene as SVG bytes: width and height in mm with a matching viewBox, layers as groups."""
    width, height = fmt(scene.width), fmt(scene.height)
    drawing = svgwrite.Drawing(size=(f"{width}mm", f"{height}mm"), viewBox=f"0 0 {width} {height}",
                               profile="full", debug=False)
    _SvgBuilder(drawing).write_scene(scene, drawing, "")
    body = drawing.tostring().replace(" />", "/>")  # ElementTree escapes '>' in text and attributes
    return ('<?xml version="1.0" encoding="utf-8" ?>\n' + body + "\n").encode("utf-8")
