"""Reading press-ready PDFs with pikepdf: every content stream (pages and the forms they draw), its
operators with their operands, and the boxes of each page in millimetres."""

from __future__ import annotations

import pikepdf

PT_PER_MM = 72 / 25.4


def box_mm(page: pikepdf.Page, name: str) -> tuple[float, ...]:
    """A page box (MediaBox, TrimBox, BleedBox) in mm."""
    return tuple(float(v) / PT_PER_MM for v in page.obj[name])


def streams(pdf: pikepdf.Pdf):
    """Every content stream once: (owner, resources, its operators as (operands, operator name)),
    for each page and, depth first, each form XObject it draws."""
    seen: set[tuple[int, int]] = set()

    def visit(owner, resources):
        ops = [(list(operands), str(op)) for operands, op in pikepdf.parse_content_stream(owner)]
        yield owner, resources, ops
        for form in (resources.get("/XObject", {}) if resources is not None else {}).values():
            if form.objgen not in seen and form.get("/Subtype") == "/Form":
                seen.add(form.objgen)
                yield from visit(form, form.get("/Resources"))

    for page in pdf.pages:
        yield from visit(page, page.obj.get("/Resources"))


def die_blocks(ops) -> list[list[tuple[list, str]]]:
    """The operators of each optional-content block (BDC ... EMC) in one stream."""
    blocks, current = [], None
    for operands, op in ops:
        if op == "BDC":
            current = []
        elif op == "EMC" and current is not None:
            blocks.append(current)
            current = None
        elif current is not None:
            current.append((operands, op))
    return blocks


def has_device_rgb(pdf: pikepdf.Pdf) -> bool:
    """True when any object of the file names DeviceRGB (colour spaces, images, output intents)."""
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Name) and obj == "/DeviceRGB":
            return True
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Array, pikepdf.Stream)) and "/DeviceRGB" in repr(obj):
            return True
    return False
