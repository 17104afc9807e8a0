"""Reading the tile sheets the CLI writes: SVG items with their resolved styles, cut outlines, the words
pdftotext finds in a PDF, and a sheet's manifest (shared by the tests of tiles, markers and cut files)."""

import csv
import math
import re
import subprocess
import xml.etree.ElementTree as ET

MM_PER_PT = 25.4 / 72
SVG = "{http://www.w3.org/2000/svg}"
INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "font-size", "transform")


def text_anchor(transform):
    """The anchor (x, baseline y) of an outlined text from its group's last translate (y nan when on a row)."""
    values = [float(v) for v in re.findall(r"translate\(([^)]*)\)", transform)[-1].split()]
    return values[0], values[1] if len(values) > 1 else math.nan


def svg_items(path):
    """Every polygon and text of an SVG: its layer (top group id), points or text, and resolved styles."""
    root = ET.parse(path).getroot()
    found = []

    def walk(element, layer, style):
        style = dict(style)
        style.update({k: element.get(k) for k in INHERITED if element.get(k) is not None})
        tag = element.tag.replace(SVG, "")
        if tag == "polygon":
            points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
            found.append({"tag": "polygon", "layer": layer, "points": points, **style})
        elif tag == "g" and element.get("aria-label") is not None:  # a text drawn as outlines
            x, y = text_anchor(element.get("transform"))
            found.append({"tag": "text", "layer": layer, "text": element.get("aria-label"), "x": x, "y": y, **style})
            return
        for child in element:
            walk(child, layer or element.get("id"), style)

    for child in root:
        walk(child, child.get("id"), {})
    return root, found


def cut_outlines(items, layer="tiles"):
    """The stroked tile outlines of a layer (the printed cut lines)."""
    return [i["points"] for i in items if i["tag"] == "polygon" and i["layer"] == layer
            and i.get("stroke") not in (None, "none") and len(i["points"]) == 5]


def pdf_words(path):
    """(page from 1, text, centre x mm, centre y mm) of every word pdftotext finds."""
    xhtml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", xhtml))
    words = []
    for number, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page"), start=1):
        for word in page.iter("{http://www.w3.org/1999/xhtml}word"):
            x = (float(word.get("xMin")) + float(word.get("xMax"))) / 2 * MM_PER_PT
            y = (float(word.get("yMin")) + float(word.get("yMax"))) / 2 * MM_PER_PT
            words.append((number, word.text, x, y))
    return words


def manifest(path):
    rows = list(csv.DictReader(open(path.with_name(path.stem + ".manifest.csv"))))
    return [r for r in rows if not r["kind"].startswith("total")]
