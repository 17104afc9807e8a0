"""Readable, canonical forms of output files for the golden tests, so that a golden file survives changes
that do not change the picture (attribute order, number formatting, a reportlab patch release):

- SVG: the XML parsed and pretty-printed one element a line, attributes sorted, numbers rounded to 0.01;
- PDF: its structure read with pikepdf: the page count, each page's boxes (in points, rounded), its fonts
  (base names without the subset tag) and its content operators with operands (numbers rounded to 0.01),
  form XObjects included, each once by name.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

_NUMBER = re.compile(r"(?<![#\w.])-?\d+(?:\.\d+)?(?![\w.])")  # not inside a colour (#000) or a name (_g12)
_PATH_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")  # path data: numbers follow command letters (M168 0V-1409)
_SUBSET = re.compile(r"^/?[A-Z]{6}\+")
BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def _round_numbers(text: str, pattern: re.Pattern = _NUMBER) -> str:
    def rounded(match: re.Match) -> str:
        value = round(float(match.group(0)), 2)
        return f"{value:g}" if abs(value) < 1e15 else match.group(0)
    return pattern.sub(rounded, text)


def svg_lines(data: bytes) -> list[str]:
    """An SVG as lines: one element a line, indented by depth, attributes sorted, numbers rounded."""
    lines: list[str] = []

    def walk(element: ElementTree.Element, depth: int) -> None:
        tag = element.tag.split("}")[-1]
        attributes = " ".join(
            f'{name.split("}")[-1]}="{_round_numbers(value, _PATH_NUMBER if name == "d" else _NUMBER)}"'
            for name, value in sorted(element.attrib.items()))
        text = (element.text or "").strip()
        lines.append("  " * depth + f"<{tag}{' ' if attributes else ''}{attributes}>" + (f" {text}" if text else ""))
        for child in element:
            walk(child, depth + 1)

    walk(ElementTree.fromstring(data), 0)
    return lines


def _operand(value) -> str:
    import pikepdf

    if isinstance(value, pikepdf.Array):
        return "[" + " ".join(_operand(v) for v in value) + "]"
    if isinstance(value, pikepdf.String):
        return repr(bytes(value))
    if isinstance(value, pikepdf.Dictionary):
        return "<<" + " ".join(f"{k} {_operand(v)}" for k, v in sorted(value.items())) + ">>"
    return _round_numbers(str(value))


def _content(lines: list[str], owner, indent: str, seen: set[str]) -> None:
    """The content operators of a page or form, then each form XObject it uses (once per name)."""
    import pikepdf

    for instruction in pikepdf.parse_content_stream(owner):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            lines.append(indent + "inline image")
            continue
        operands, operator = instruction
        lines.append(indent + " ".join([*(_operand(o) for o in operands), str(operator)]))
    resources = owner.get("/Resources", {})
    for name, xobject in sorted(resources.get("/XObject", {}).items()):
        if name in seen or xobject.get("/Subtype") != "/Form":
            continue
        seen.add(name)
        lines.append(f"{indent}form {name} bbox {_operand(xobject.get('/BBox'))}")
        _content(lines, xobject, indent + "  ", seen)


def pdf_lines(data: bytes) -> list[str]:
    """A PDF's structure as lines: pages, boxes, fonts and content operators."""
    import io

    import pikepdf

    lines: list[str] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        lines.append(f"pages {len(pdf.pages)}")
        for number, page in enumerate(pdf.pages, start=1):
            lines.append(f"page {number}")
            for box in BOXES:
                if box in page.obj:
                    lines.append(f"  {box[1:]} {_operand(page.obj[box])}")
            if "/UserUnit" in page.obj:
                lines.append(f"  UserUnit {_operand(page.obj['/UserUnit'])}")
            fonts = page.obj.get("/Resources", {}).get("/Font", {})
            for name, font in sorted(fonts.items()):
                lines.append(f"  font {name} {_SUBSET.sub('', str(font.get('/BaseFont', '')))} {font.get('/Subtype')}")
            _content(lines, page.obj, "  ", set())
    return lines
