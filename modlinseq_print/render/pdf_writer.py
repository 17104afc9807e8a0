"""The PDF writer: a Document as a PDF via reportlab, with symbols as reusable forms and compact streams.

Each page sets one transformation from millimetres (y downward) to PDF units, so every number in a
content stream is in mm with at most 3 decimals. Symbols and embedded scenes become form XObjects drawn
once; runs of uses and of texts move relatively (`cm`, `Td`), which Flate compresses very well.
Text is set in the shipped TrueType fonts (render/fonts.py), embedded as subsets with a ToUnicode map, so
every viewer draws what the layout measured and text extracts as Unicode. Output is byte-identical for
identical input (reportlab invariant mode).
"""

from __future__ import annotations

import io
import math

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from modlinseq_print.render.fonts import anchor_shift, canonical, cap_height, face, require_glyphs
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.scene import Circle, Document, Embed, Item, Page, Polygon, Scene, Style, Text, Use

PT_PER_MM = 72 / 25.4
MAX_PAGE_UNITS = 14400  # the largest page side (in default units of 1/72 in) most readers accept: 200 in
_KAPPA = 0.5522847498  # Bezier control distance for a quarter circle


def fmt(value: float) -> str:
    """A number with at most 3 decimals and no trailing zeros."""
    rounded = round(value, 3)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.3f}".rstrip("0")


def _milli(n: int) -> str:
    """A whole number of micrometres as millimetres, e.g. 28000 -> '28', -1500 -> '-1.5'."""
    if n % 1000 == 0:
        return str(n // 1000)
    whole, part = divmod(abs(n), 1000)
    return f"{'-' if n < 0 else ''}{whole}.{part:03d}".rstrip("0")


def _colour(hex_colour: str) -> str:
    value = hex_colour.lstrip("#")
    return " ".join(fmt(int(value[i:i + 2], 16) / 255) for i in (0, 2, 4))


def _ttf(font: str):
    """The reportlab TTFont for a shipped face (registered once per process under 'modlinseq-NAME')."""
    name = "modlinseq-" + canonical(font)
    if name not in _REGISTERED:
        from reportlab.pdfbase.ttfonts import TTFont

        pdfmetrics.registerFont(TTFont(name, str(face(font).path), asciiReadable=1))  # see _show_text
        _REGISTERED.add(name)
    return pdfmetrics.getFont(name)


_REGISTERED: set[str] = set()


def _show_text(canvas: Canvas, ttf, size: float, text: str, current: int) -> tuple[list[str], int]:
    """Operators showing text in a TrueType font: Tf (when the 256-glyph subset changes) and Tj runs.

    This is what reportlab's PDFTextObject does for TTF text (ttfonts.TTFont.splitString assigns the codes of
    each embedded subset and getSubsetInternalName names it); we reuse it to keep our compact streams.
    Returns the operators and the subset in effect afterwards.
    """
    if text.isascii() and text.isprintable():  # asciiReadable: codes 32-126 are themselves, in subset 0
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        if current == 0:
            return [f"({escaped}) Tj"], 0
        return [f"{ttf.getSubsetInternalName(0, canvas._doc)} {fmt(size)} Tf", f"({escaped}) Tj"], 0
    ops = []
    for subset, codes in ttf.splitString(text, canvas._doc):
        if subset != current:
            ops.append(f"{ttf.getSubsetInternalName(subset, canvas._doc)} {fmt(size)} Tf")
            current = subset
        ops.append(f"({canvas._escape(codes)}) Tj")
    return ops, current


def user_unit(width_mm: float, height_mm: float) -> int:
    """The PDF UserUnit a page needs so that no side exceeds 200 in (1 for ordinary pages)."""
    largest = max(width_mm, height_mm) * PT_PER_MM
    return max(1, math.ceil(largest / MAX_PAGE_UNITS - 1e-9))


def _item_box(item: Item, symbol_box) -> tuple[float, float, float, float] | None:
    """A generous bounding box (x0, y0, x1, y1) of an item, for form BBoxes."""
    if isinstance(item, Polygon):
        pad = item.style.stroke_width if item.style.stroke else 0.0
        xs = [x for x, _ in item.points]
        ys = [y for _, y in item.points]
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    if isinstance(item, Circle):
        reach = item.radius + (item.style.stroke_width if item.style.stroke else 0.0)
        return item.x - reach, item.y - reach, item.x + reach, item.y + reach
    if isinstance(item, Text):
        reach = max(text_width(item.text, item.font, item.size), item.size) + item.size
        return item.x - reach, item.y - reach, item.x + reach, item.y + reach
    if isinstance(item, Use):
        box = symbol_box(item.symbol)
        return None if box is None else (box[0] + item.x, box[1] + item.y, box[2] + item.x, box[3] + item.y)
    if isinstance(item, Embed):
        if item.clip:
            x, y, w, h = item.clip
            return x, y, x + w, y + h
        return item.x, item.y, item.x + item.scene.width * item.scale, item.y + item.scene.height * item.scale
    return None


class _Stream:
    """Operators for one content stream, tracking the graphics state to skip repeated settings."""

    def __init__(self, builder: "_PdfBuilder", scene: Scene):
        self.builder = builder
        self.scene = scene
        self.ops: list[str] = []
        self.state: dict[str, object] = {}
        self.registered: dict[str, str] = {}  # form name -> its Do operator, once listed in the resources

    def flush(self) -> None:
        if self.ops:
            self.builder.canvas.addLiteral("\n".join(self.ops))
            self.ops = []

    def do_form(self, name: str) -> None:
        if name in self.registered:
            self.ops.append(self.registered[name])
            return
        self.flush()
        self.builder.canvas.doForm(name)  # lists the form in this stream's resources
        self.registered[name] = f"/{self.builder.canvas._doc.getXObjectName(name)} Do"

    def set(self, key: str, value, op: str) -> None:
        if self.state.get(key) != value:
            self.state[key] = value
            self.ops.append(op)

    def apply_style(self, style: Style) -> None:
        if style.fill:
            self.set("fill", style.fill, f"{_colour(style.fill)} rg")
        if style.stroke:
            self.set("stroke", style.stroke, f"{_colour(style.stroke)} RG")
            self.set("width", style.stroke_width, f"{fmt(style.stroke_width)} w")
            dash = tuple(style.dash or ())
            self.set("dash", dash, f"[{' '.join(fmt(d) for d in dash)}] 0 d")

    def paint(self, style: Style, closed: bool = True) -> str:
        if style.fill and style.stroke and closed:
            return "B"
        if style.fill and closed:
            return "f"
        return "S" if style.stroke else "n"

    def polygon(self, item: Polygon) -> None:
        self.apply_style(item.style)
        first, *rest = item.points
        path = [f"{fmt(first[0])} {fmt(first[1])} m"] + [f"{fmt(x)} {fmt(y)} l" for x, y in rest]
        self.ops.append(" ".join(path) + (" h " if item.closed else " ") + self.paint(item.style, item.closed))

    def circle(self, item: Circle) -> None:
        self.apply_style(item.style)
        x, y, r = item.x, item.y, item.radius
        k = r * _KAPPA
        quarter = [((x + r, y), (x + r, y + k), (x + k, y + r), (x, y + r)),
                   (None, (x - k, y + r), (x - r, y + k), (x - r, y)),
                   (None, (x - r, y - k), (x - k, y - r), (x, y - r)),
                   (None, (x + k, y - r), (x + r, y - k), (x + r, y))]
        parts = [f"{fmt(x + r)} {fmt(y)} m"]
        for _, c1, c2, end in quarter:
            parts.append(" ".join(f"{fmt(a)} {fmt(b)}" for a, b in (c1, c2, end)) + " c")
        self.ops.append(" ".join(parts) + " h " + self.paint(item.style))

    def uses(self, uses: list[Use]) -> None:
        """A run of uses: one saved state, relative translations, one Do each."""
        self.ops.append("q")
        saved = dict(self.state)
        px = py = 0
        for use in uses:
            x, y = round(use.x * 1000), round(use.y * 1000)  # whole micrometres: exact relative moves
            self.ops.append(f"1 0 0 1 {_milli(x - px)} {_milli(y - py)} cm")
            px, py = x, y
            self.do_form(self.builder.symbol_form(self.scene, use.symbol))
        self.ops.append("Q")
        self.state = saved

    def text_origin(self, item: Text) -> tuple[float, float]:
        shift = anchor_shift(item)
        drop = cap_height(item.font) * item.size / 2 if item.middle else 0.0
        if not item.rotate:
            return item.x - shift, item.y + drop
        angle = math.radians(item.rotate)
        cos, sin = math.cos(angle), math.sin(angle)
        return item.x - shift * cos - drop * sin, item.y - shift * sin + drop * cos

    def texts(self, texts: list[Text]) -> None:
        """Texts sharing font, size and colour in one text object; unrotated ones move with Td."""
        first = texts[0]
        ttf = self.builder.font(first.font)
        self.ops.append(f"BT {_colour(first.fill)} rg")
        self.state["fill"] = first.fill
        px = py = None
        subset = -1
        for item in texts:
            require_glyphs(item.text, item.font)
            x, y = self.text_origin(item)
            x, y = round(x * 1000), round(y * 1000)  # whole micrometres
            if item.rotate or px is None:
                angle = math.radians(item.rotate)
                cos, sin = math.cos(angle), math.sin(angle)
                self.ops.append(f"{fmt(cos)} {fmt(sin)} {fmt(sin)} {fmt(-cos)} {_milli(x)} {_milli(y)} Tm")
                px, py = (None, None) if item.rotate else (x, y)
            else:
                self.ops.append(f"{_milli(x - px)} {_milli(py - y)} Td")
                px, py = x, y
            shown, subset = _show_text(self.builder.canvas, ttf, first.size, item.text, subset)
            self.ops.extend(shown)
        self.ops.append("ET")

    def embed(self, item: Embed) -> None:
        self.ops.append("q")
        saved = dict(self.state)
        if item.clip is not None:
            x, y, w, h = item.clip
            self.ops.append(f"{fmt(x)} {fmt(y)} {fmt(w)} {fmt(h)} re W n")
        scale = f"{item.scale:.6g}"
        self.ops.append(f"{scale} 0 0 {scale} {fmt(item.x)} {fmt(item.y)} cm")
        self.do_form(self.builder.scene_form(item.scene))
        self.ops.append("Q")
        self.state = saved

    def items(self, items: list[Item]) -> None:
        index = 0
        while index < len(items):
            item = items[index]
            end = index + 1
            if isinstance(item, Use):
                while end < len(items) and isinstance(items[end], Use):
                    end += 1
                self.uses(items[index:end])
            elif isinstance(item, Text):
                key = (item.font, item.size, item.fill)
                while end < len(items) and isinstance(items[end], Text) and \
                        (items[end].font, items[end].size, items[end].fill) == key:
                    end += 1
                self.texts(items[index:end])
            elif isinstance(item, Polygon):
                self.polygon(item)
            elif isinstance(item, Circle):
                self.circle(item)
            elif isinstance(item, Embed):
                self.embed(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__} in PDF")
            index = end
        self.flush()


class _PdfBuilder:
    """Owns the canvas and the table of forms (symbols and embedded scenes) shared by all pages."""

    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.symbol_forms: dict[tuple, str] = {}  # (scene id, symbol) -> form name
        self.by_content: dict[tuple, str] = {}  # symbol items -> form name, so equal symbols share a form
        self.scene_forms: dict[int, str] = {}
        self.pending: list[tuple[str, Scene, object]] = []
        self.fonts: dict[str, object] = {}

    def font(self, font: str):
        """The embedded TrueType font drawing texts in `font` (a canonical name or an alias)."""
        if font not in self.fonts:
            self.fonts[font] = _ttf(font)
        return self.fonts[font]

    def symbol_form(self, scene: Scene, symbol: str) -> str:
        key = (id(scene), symbol)
        if key not in self.symbol_forms:
            if symbol not in scene.symbols:
                raise KeyError(f"symbol {symbol!r} is used but not defined in the scene")
            items = scene.symbols[symbol]
            content: tuple = key  # symbols placing other symbols depend on their scene
            if not any(isinstance(item, (Use, Embed)) for item in items):
                content = (tuple(items),)  # equal self-contained symbols share one form
            if content not in self.by_content:
                self.by_content[content] = f"sym{len(self.by_content) + 1}"
                self.pending.append((self.by_content[content], scene, symbol))
            self.symbol_forms[key] = self.by_content[content]
        return self.symbol_forms[key]

    def scene_form(self, scene: Scene) -> str:
        if id(scene) not in self.scene_forms:
            self.scene_forms[id(scene)] = f"scene{len(self.scene_forms) + 1}"
            self.pending.append((self.scene_forms[id(scene)], scene, None))
        return self.scene_forms[id(scene)]

    def symbol_box(self, scene: Scene, symbol: str):
        boxes = [b for b in (_item_box(i, lambda s: self.symbol_box(scene, s)) for i in scene.symbols[symbol]) if b]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def define_pending(self) -> None:
        """Write every form referenced so far (and those they reference) as form XObjects."""
        while self.pending:
            name, scene, symbol = self.pending.pop(0)
            if symbol is None:
                box, items = (0.0, 0.0, scene.width, scene.height), list(scene.items())
            else:
                box = self.symbol_box(scene, symbol) or (0.0, 0.0, 1.0, 1.0)
                items = scene.symbols[symbol]
            self.canvas.beginForm(name, *(float(fmt(v)) for v in (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1)))
            _Stream(self, scene).items(items)
            self.canvas.endForm()

    def page(self, page: Page, number: int) -> None:
        scene = page.scene
        unit = user_unit(scene.width, scene.height)
        scale = PT_PER_MM / unit
        width, height = scene.width * scale, scene.height * scale
        self.canvas.setPageSize((float(fmt(width)), float(fmt(height))))
        if page.bookmark:
            key = f"page{number}"
            self.canvas.bookmarkPage(key)
            self.canvas.addOutlineEntry(page.bookmark, key, level=0)
        self.canvas.addLiteral(f"{scale:.6f} 0 0 {-scale:.6f} 0 {fmt(height)} cm")
        _Stream(self, scene).items(list(scene.items()))
        self.canvas.showPage()
        if unit > 1:
            pdf_page = self.canvas._doc.Pages.pages[-1]
            pdf_page.__NoDefault__ = list(pdf_page.__NoDefault__) + ["UserUnit"]
            pdf_page.UserUnit = unit


def document_to_pdf(document: Document) -> bytes:
    """The document as PDF bytes: one page per Page at its scene's size, bookmarks from Page.bookmark."""
    buffer = io.BytesIO()
    huge = any(user_unit(page.scene.width, page.scene.height) > 1 for page in document.pages)
    canvas = Canvas(buffer, invariant=1, pageCompression=1, pdfVersion=(1, 6) if huge else None,  # UserUnit: 1.6
                    initialFontName=_ttf("sans").fontName)  # not reportlab's default, unembedded Helvetica
    canvas.setTitle(document.title)
    canvas.setCreator("modlinseq-print")
    canvas.setProducer("modlinseq-print (ReportLab)")
    builder = _PdfBuilder(canvas)
    for number, page in enumerate(document.pages, start=1):
        builder.page(page, number)
        builder.define_pending()
    if any(page.bookmark for page in document.pages):
        canvas.showOutline()
    saved_a85 = rl_config.useA85
    rl_config.useA85 = 0  # binary Flate streams: a quarter smaller than ASCII85
    try:
        canvas.save()
    finally:
        rl_config.useA85 = saved_a85
    return buffer.getvalue()
