"""Reading our SVGs back: every symbol placement and text with its absolute position in mm."""

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
_TRANSFORM = re.compile(r"(translate|scale)\(([^)]*)\)")


def _apply(transform, matrix):
    """Compose an SVG transform attribute (translate/scale only) onto (tx, ty, s)."""
    tx, ty, s = matrix
    for name, args in _TRANSFORM.findall(transform or ""):
        values = [float(v) for v in args.replace(",", " ").split()]
        if name == "translate":
            dx, dy = values[0], values[1] if len(values) > 1 else 0.0
            tx, ty = tx + s * dx, ty + s * dy
        else:
            s *= values[0]
    return tx, ty, s


def flatten(svg_bytes, base_symbols):
    """Placements (symbol, x, y) of the named base symbols, and texts (text, x, y), resolving <use> chains."""
    root = ET.fromstring(svg_bytes)
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    placements, texts = [], []

    def walk(element, matrix, in_defs):
        tag = element.tag.replace(SVG, "")
        if tag == "defs" and not in_defs:
            return
        matrix = _apply(element.get("transform"), matrix)
        if tag == "g" and element.get("aria-label") is not None:  # a text drawn as outlines, at its anchor
            texts.append((element.get("aria-label"), matrix[0], matrix[1]))
            return
        if tag == "use":
            tx, ty, s = matrix
            x, y = float(element.get("x", 0)), float(element.get("y", 0))
            target = element.get(XLINK)[1:]
            inner = (tx + s * x, ty + s * y, s)
            if target in base_symbols:
                placements.append((target, inner[0], inner[1]))
            else:
                walk(by_id[target], inner, True)
            return
        for child in element:
            walk(child, matrix, in_defs)

    walk(root, (0.0, 0.0, 1.0), False)
    return placements, texts


def symbol_points(svg_bytes, symbol):
    """The points of the first polygon of a symbol defined in <defs>."""
    root = ET.fromstring(svg_bytes)
    group = next(el for el in root.iter() if el.get("id") == symbol)
    polygon = next(el for el in group.iter() if el.tag == SVG + "polygon")
    return [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]


def mm_size(svg_bytes):
    """(width, height) in mm from the root attributes, and the viewBox numbers."""
    root = ET.fromstring(svg_bytes)
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm"), (width, height)
    return (float(width[:-2]), float(height[:-2])), tuple(float(v) for v in root.get("viewBox").split())
