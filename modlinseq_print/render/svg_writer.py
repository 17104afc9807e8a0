"""The SVG writer: a Scene as an SVG in millimetres, written with the standard library alone, compact enough for
30,000-cell boards.

Symbols go into <defs> and are placed with <use>; runs of equally spaced uses of one symbol are drawn
through power-of-two composite symbols; texts of one style share a group, and items on one row share
a translated group, so a cell costs a few dozen bytes. Output is deterministic: ids come from names
and counters, never from memory addresses.

Text is drawn as outlines of the shipped fonts, so the SVG (and the PNG made from it) looks like the PDF
on any machine: each glyph is defined once as a <path> in font units (id `_gN`), once per font size as
a scaled group (id `_N`), and placed with <use>; each text is a group labelled with its text
(`aria-label`), translated to its anchor on the baseline, like a <text x y> element would be.

Elements are light nodes serialised once at the end, attributes in name order, empty elements closed with
"/>" (the bytes svgwrite wrote before it was dropped: the golden files did not change).
"""

from __future__ import annotations

import re
from html import escape
from typing import TypeVar

from modlinseq_print.collector import collector_paused
from modlinseq_print.render.fonts import anchor_shift, baseline, canonical, face, require_glyphs
from modlinseq_print.render.glyphs import glyph_path
from modlinseq_print.render.scene import Circle, Embed, Item, Polygon, Scene, Style, Text, Use

INKSCAPE_NAMESPACE = "http://www.inkscape.org/namespaces/inkscape"
MIN_COMPOSITE_RUN = 4  # runs of at least this many equal uses go through composite symbols
Shape = Polygon | Circle


def fmt(value: float) -> str:
    """A number with at most 3 decimals and no trailing zeros (0.001 mm is far below print precision)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def _style_attributes(style: Style) -> dict[str, str]:
    attributes = {"fill": style.fill or "none", "stroke": style.stroke or "none"}
    if style.stroke:
        attributes["stroke-width"] = fmt(style.stroke_width)
        if style.dash:
            attributes["stroke-dasharray"] = " ".join(fmt(d) for d in style.dash)
    return attributes


_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;",
                                    "\n": "&#10;", "\t": "&#09;"})
SVG_ATTRIBUTES = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
                  "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}


_Child = TypeVar("_Child", "Node", str)


class Node:
    """An SVG element: its tag, its attributes and its children (nodes, or markup written as a string)."""

    __slots__ = ("tag", "attributes", "children")

    def __init__(self, tag: str, **attributes: str):
        self.tag = tag
        self.attributes = {name.replace("_", "-"): value for name, value in attributes.items()}
        self.children: list[Node | str] = []

    def add(self, child: _Child) -> _Child:
        """Append a child and return it."""
        self.children.append(child)
        return child

    def write(self, out: list[str]) -> None:
        """Append the element's markup to `out`."""
        out.append("<" + self.tag)
        for name in sorted(self.attributes):
            out.append(f' {name}="{str(self.attributes[name]).translate(_ATTRIBUTE_ESCAPES)}"')
        if not self.children:
            out.append("/>")
            return
        out.append(">")
        for child in self.children:
            if isinstance(child, str):
                out.append(child)
            else:
                child.write(out)
        out.append(f"</{self.tag}>")


def _use(href: str, **attributes: str) -> Node:
    return Node("use", **{"xlink:href": "#" + href}, **attributes)


def _text_key(item: Text) -> tuple[str]:
    return (item.fill,)  # outlines need no font attributes: texts of one colour share a group


class _SvgBuilder:
    """Serialises scenes into one SVG element, sharing its <defs>."""

    def __init__(self, svg: Node):
        self.svg = svg
        self.defs = svg.add(Node("defs"))
        self.defined: set[str] = set()
        self.scene_ids: dict[int, str] = {}
        self.clip_count = 0
        self.glyph_ids: dict[tuple[str, str], str] = {}  # (face, char) -> id of its path in font units
        self.sized_ids: dict[tuple[str, float, str], str | None] = {}  # (face, size, char) -> scaled id
        # (font, size) -> char -> (the start of its <use, or None for an empty glyph; its advance)
        self.glyph_uses: dict[tuple[str, float], dict[str, tuple[str | None, float]]] = {}

    def symbol_id(self, prefix: str, name: str) -> str:
        clean = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        return prefix + (clean if clean[:1].isalpha() else "s" + clean)

    def write_scene(self, scene: Scene, parent: Node, prefix: str) -> None:
        for name, items in scene.symbols.items():
            group = Node("g", id=self.symbol_id(prefix, name))
            self.write_items(items, group, prefix)
            self.defs.add(group)
            self.defined.add(group.attributes["id"])
        for layer in scene.layers:
            group = Node("g", id=prefix + re.sub(r"[^A-Za-z0-9_.-]", "_", layer.name))
            if layer.label:  # an Inkscape layer, which Inkscape, LightBurn and Glowforge list by label
                group.attributes.update({"inkscape:groupmode": "layer", "inkscape:label": layer.label})
                self.svg.attributes["xmlns:inkscape"] = INKSCAPE_NAMESPACE
            self.write_items(layer.items, group, prefix)
            parent.add(group)

    def write_items(self, items: list[Item], parent: Node, prefix: str) -> None:
        index = 0
        while index < len(items):
            item = items[index]
            end = index + 1
            if isinstance(item, Use):
                uses = _use_row(items, index, item)
                end = index + len(uses)
                self.write_use_row(uses, parent, prefix)
            elif isinstance(item, Text) and not item.rotate:
                texts = _text_run(items, index, item)
                end = index + len(texts)
                self.write_texts(texts, parent)
            elif isinstance(item, (Polygon, Circle)):
                shapes = _shape_run(items, index, item)
                end = index + len(shapes)
                self.write_shapes(shapes, parent)
            elif isinstance(item, Text):
                self.write_rotated_text(item, parent)
            elif isinstance(item, Embed):
                self.write_embed(item, parent)
            else:
                raise TypeError(f"cannot draw {type(item).__name__} in SVG")
            index = end

    def write_shapes(self, shapes: list[Shape], parent: Node) -> None:
        target = parent
        if len(shapes) > 1:
            target = parent.add(Node("g", **_style_attributes(shapes[0].style)))
        for shape in shapes:
            extra = {} if len(shapes) > 1 else _style_attributes(shape.style)
            if isinstance(shape, Circle):
                target.add(Node("circle", cx=fmt(shape.x), cy=fmt(shape.y), r=fmt(shape.radius), **extra))
            else:
                target.add(Node("polygon" if shape.closed else "polyline", points=_points(shape.points), **extra))

    def write_use_row(self, uses: list[Use], parent: Node, prefix: str) -> None:
        target = parent
        if len(uses) > 1:
            target = parent.add(Node("g", transform=f"translate(0 {fmt(uses[0].y)})"))
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

    def write_use_run(self, run: list[Use], dx: float, target: Node, prefix: str, y: str | None) -> None:
        base = self.symbol_id(prefix, run[0].symbol)
        position = 0
        while position < len(run):
            remaining = len(run) - position
            size = 1 if len(run) < MIN_COMPOSITE_RUN else 1 << (remaining.bit_length() - 1)
            href = self.composite(base, dx, size)
            extra = {"x": fmt(run[position].x)}
            if y is not None:
                extra["y"] = y
            target.add(_use(href, **extra))
            position += size

    def composite(self, base: str, dx: float, size: int) -> str:
        """The id of a symbol drawing `size` copies of `base`, `dx` mm apart (defined on first use)."""
        if size == 1:
            return base
        name = f"{base}.{size}x{fmt(dx).replace('-', 'm')}"
        if name not in self.defined:
            half = self.composite(base, dx, size // 2)
            group = Node("g", id=name)
            group.add(_use(half))
            group.add(_use(half, x=fmt(dx * size / 2)))
            self.defs.add(group)
            self.defined.add(name)
        return name

    def glyph(self, font: str, size: float, char: str) -> str | None:
        """The id of a character's outline at a font size (defined on first use); None for an empty glyph."""
        key = (canonical(font), size, char)
        if key not in self.sized_ids:
            path = glyph_path(font, char)
            if not path:
                self.sized_ids[key] = None
                return None
            base = key[0], char
            if base not in self.glyph_ids:
                self.glyph_ids[base] = f"_g{len(self.glyph_ids) + 1}"
                self.defs.add(Node("path", d=path, id=self.glyph_ids[base]))
            sized = self.sized_ids[key] = f"_{len(self.sized_ids) + 1}"
            group = Node("g", id=sized, transform=f"scale({size / face(font).units_per_em:.6g})")
            group.add(_use(self.glyph_ids[base]))
            self.defs.add(group)
        return self.sized_ids[key]

    def text_outline(self, item: Text, transform: str, fill: str | None = None) -> str:
        """The markup of a group drawing the text's glyphs, labelled with the text, its origin at the text's
        anchor (written as a string: 30,000 labels of glyph uses are 4x slower as nodes)."""
        require_glyphs(item.text, item.font)
        uses = self.glyph_uses.setdefault((item.font, item.size), {})
        x = -anchor_shift(item)
        colour = f' fill="{fill}"' if fill else ""
        parts = [f'<g aria-label="{escape(item.text, quote=True)}"{colour} transform="{transform}">']
        for char in item.text:
            if char not in uses:
                glyph = self.glyph(item.font, item.size, char)  # xlink:href: SVG 1.1 readers (cutters) need it
                uses[char] = (glyph and f'<use xlink:href="#{glyph}"', face(item.font).widths[char] * item.size / 1000)
            use, advance = uses[char]
            if use:
                offset = fmt(x)
                parts.append(use + "/>" if offset == "0" else f'{use} x="{offset}"/>')
            x += advance
        parts.append("</g>")
        return "".join(parts)

    def write_texts(self, texts: list[Text], parent: Node) -> None:
        group = parent.add(Node("g", fill=texts[0].fill))
        start = 0
        while start < len(texts):
            line_y = baseline(texts[start])
            end = start + 1
            while end < len(texts) and baseline(texts[end]) == line_y:
                end += 1
            target = group
            if end - start > 2:
                target = group.add(Node("g", transform=f"translate(0 {fmt(line_y)})"))
            for item in texts[start:end]:
                where = fmt(item.x) if target is not group else f"{fmt(item.x)} {fmt(line_y)}"
                target.add(self.text_outline(item, f"translate({where})"))
            start = end

    def write_rotated_text(self, item: Text, parent: Node) -> None:
        transform = (f"rotate({fmt(item.rotate)} {fmt(item.x)} {fmt(item.y)}) "
                     f"translate({fmt(item.x)} {fmt(baseline(item))})")
        parent.add(self.text_outline(item, transform, item.fill))

    def write_embed(self, embed: Embed, parent: Node) -> None:
        key = id(embed.scene)
        if key not in self.scene_ids:
            scene_id = f"scene{len(self.scene_ids) + 1}"
            self.scene_ids[key] = scene_id
            group = Node("g", id=scene_id)
            self.write_scene(embed.scene, group, scene_id + "-")
            self.defs.add(group)
        target = parent
        if embed.clip is not None:
            self.clip_count += 1
            clip_id = f"clip{self.clip_count}"
            clip = Node("clipPath", id=clip_id)
            x, y, w, h = embed.clip
            clip.add(Node("rect", x=fmt(x), y=fmt(y), width=fmt(w), height=fmt(h)))
            self.defs.add(clip)
            target = parent.add(Node("g", clip_path=f"url(#{clip_id})"))
        transform = f"translate({fmt(embed.x)} {fmt(embed.y)})"
        if embed.scale != 1.0:
            transform += f" scale({embed.scale:.6g})"
        target.add(_use(self.scene_ids[key], transform=transform))


def _use_row(items: list[Item], start: int, first: Use) -> list[Use]:
    """The uses from items[start] (which is `first`) on that lie on its row."""
    run = [first]
    for index in range(start + 1, len(items)):  # by index: a slice would copy the rest of a board's items
        item = items[index]
        if not isinstance(item, Use) or item.y != first.y:
            break
        run.append(item)
    return run


def _text_run(items: list[Item], start: int, first: Text) -> list[Text]:
    """The unrotated texts from items[start] (which is `first`) on that share its group (its colour)."""
    key = _text_key(first)
    run = [first]
    for index in range(start + 1, len(items)):  # by index: a slice would copy the rest of a board's items
        item = items[index]
        if not isinstance(item, Text) or item.rotate or _text_key(item) != key:
            break
        run.append(item)
    return run


def _shape_run(items: list[Item], start: int, first: Shape) -> list[Shape]:
    """The polygons and circles from items[start] (which is `first`) on that share its style."""
    run = [first]
    for index in range(start + 1, len(items)):  # by index: a slice would copy the rest of a board's items
        item = items[index]
        if not isinstance(item, (Polygon, Circle)) or item.style != first.style:
            break
        run.append(item)
    return run


def scene_to_svg(scene: Scene) -> bytes:
    """The scene as SVG bytes: width and height in mm with a matching viewBox, layers as groups."""
    width, height = fmt(scene.width), fmt(scene.height)
    svg = Node("svg", width=f"{width}mm", height=f"{height}mm", viewBox=f"0 0 {width} {height}")
    svg.attributes.update(SVG_ATTRIBUTES)
    builder = _SvgBuilder(svg)
    out = ['<?xml version="1.0" encoding="utf-8" ?>\n']
    with collector_paused():  # several objects per item, all alive until written: see modlinseq_print/collector.py
        builder.write_scene(scene, svg, "")
        svg.write(out)
    out.append("\n")
    return "".join(out).encode("utf-8")
