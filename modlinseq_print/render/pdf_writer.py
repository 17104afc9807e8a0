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
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from modlinseq_print.errors import mention
from modlinseq_print.render import reportlab_adapter as rl
from modlinseq_print.collector import collector_paused
from modlinseq_print.render.fonts import anchor_shift, cap_height, require_glyphs
from modlinseq_print.render.pdf_text import PlainTexts, fmt, milli, show_text, ttf_font
from modlinseq_print.render.pdfx import CREASE_COLOUR_SPACE, CREASE_LAYER, DIE_COLOUR_SPACE, DIE_LAYER, DIE_STATE
from modlinseq_print.render.press import CREASE_DASH, DIE_LINE_PT, MARK_PT, PressError, PressOptions, bleed_items
from modlinseq_print.render.scene import (Box, Circle, Document, Embed, Item, Page, Polygon, Scene, Style, Text,
                                          Use, has_cuts, item_box)

PT_PER_MM = 72 / 25.4
MAX_PAGE_UNITS = 14400  # the largest page side (in default units of 1/72 in) most readers accept: 200 in
_KAPPA = 0.5522847498  # Bezier control distance for a quarter circle


def _colour(hex_colour: str) -> str:
    value = hex_colour.lstrip("#")
    return " ".join(fmt(int(value[i:i + 2], 16) / 255) for i in (0, 2, 4))


def colour_op(hex_colour: str, stroke: bool, press: PressOptions | None) -> str:
    """The operator setting a fill (or stroke) colour: RGB, or DeviceCMYK in a press-ready file."""
    if press is None:
        return f"{_colour(hex_colour)} {'RG' if stroke else 'rg'}"
    from modlinseq_print.render.theme import process_colour

    return f"{' '.join(fmt(v) for v in process_colour(hex_colour))} {'K' if stroke else 'k'}"



def user_unit(width_mm: float, height_mm: float) -> int:
    """The PDF UserUnit a page needs so that no side exceeds 200 in (1 for ordinary pages)."""
    largest = max(width_mm, height_mm) * PT_PER_MM
    return max(1, math.ceil(largest / MAX_PAGE_UNITS - 1e-9))


class _Stream:
    """Operators for one content stream, tracking the graphics state to skip repeated settings."""

    def __init__(self, builder: "_PdfBuilder", scene: Scene, scale: float = 1.0):
        self.builder = builder
        self.scene = scene
        self.scale = scale  # the stream's units per page millimetre: a die line keeps its width at any scale
        self.ops: list[str] = []
        self.state: dict[str, object] = {}
        self.registered: dict[str, str] = {}  # form name -> its Do operator, once listed in the resources
        self.dies: list[str] = []  # die-line paths, drawn together at the end of the stream (press only)
        self.creases: list[str] = []  # crease (fold) lines, likewise

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
        self.registered[name] = f"/{rl.form_resource_name(self.builder.canvas, name)} Do"

    def set(self, key: str, value, op: str) -> None:
        if self.state.get(key) != value:
            self.state[key] = value
            self.ops.append(op)

    def apply_style(self, style: Style) -> None:
        if style.fill:
            self.set("fill", style.fill, colour_op(style.fill, False, self.builder.press))
        if style.stroke:
            self.set("stroke", style.stroke, colour_op(style.stroke, True, self.builder.press))
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
        first, *rest = item.points
        path = " ".join([f"{fmt(first[0])} {fmt(first[1])} m"] + [f"{fmt(x)} {fmt(y)} l" for x, y in rest])
        if (item.style.die or item.style.crease) and self.builder.press is not None:
            (self.dies if item.style.die else self.creases).append(path + (" h S" if item.closed else " S"))
            if not (item.style.fill or item.style.stroke):
                return
        self.apply_style(item.style)
        self.ops.append(path + (" h " if item.closed else " ") + self.paint(item.style, item.closed))

    def die_lines(self) -> None:
        """The stream's die lines, then its crease lines (dashed): each kind in its spot colour at full tint,
        overprinting, in its optional-content group when the PDF/X level allows layers (render/pdfx.py lists
        these resources)."""
        press = self.builder.press
        if press is None:  # only a press-ready file collects die and crease lines
            return
        width = f"{DIE_LINE_PT / PT_PER_MM / self.scale:.5f}"
        for paths, colour, layer, dash in ((self.dies, DIE_COLOUR_SPACE, DIE_LAYER, ""),
                                           (self.creases, CREASE_COLOUR_SPACE, CREASE_LAYER,
                                            " ".join(fmt(d) for d in CREASE_DASH))):
            if paths:
                lines = [f"q /{DIE_STATE} gs /{colour} CS 1 SCN {width} w [{dash}] 0 d", *paths, "Q"]
                if press.level.layers:
                    lines = [f"/OC /{layer} BDC", *lines, "EMC"]
                self.ops += lines

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

    def uses(self, items: list[Item], start: int) -> int:
        """The run of uses from items[start] on: one saved state, relative translations, one Do each; returns
        where the run ends."""
        self.ops.append("q")
        saved = dict(self.state)
        px = py = 0
        placed: dict[tuple, str] = {}  # (move, symbol) -> its operators, made once: a board repeats a few
        end = len(items)
        for index in range(start, end):
            use = items[index]
            if not isinstance(use, Use):
                end = index
                break
            x, y = round(use.x * 1000), round(use.y * 1000)  # whole micrometres: exact relative moves
            key = (x - px, y - py, use.symbol)
            px, py = x, y
            ops = placed.get(key)
            if ops is None:
                move = f"1 0 0 1 {milli(key[0])} {milli(key[1])} cm"
                name = self.builder.symbol_form(self.scene, use.symbol, self.scale)
                if name not in self.registered:
                    self.ops.append(move)
                    self.do_form(name)  # flushes: self.ops is a new list afterwards
                    continue
                ops = placed[key] = f"{move}\n{self.registered[name]}"
            self.ops.append(ops)
        self.ops.append("Q")
        self.state = saved
        return end

    def text_origin(self, item: Text) -> tuple[float, float]:
        shift = anchor_shift(item)
        drop = cap_height(item.font) * item.size / 2 if item.middle else 0.0
        if not item.rotate:
            return item.x - shift, item.y + drop
        angle = math.radians(item.rotate)
        cos, sin = math.cos(angle), math.sin(angle)
        return item.x - shift * cos - drop * sin, item.y - shift * sin + drop * cos

    def texts(self, first: Text, items: list[Item], start: int) -> int:
        """The run of texts from items[start] (which is `first`) on that share font, size and colour, in one text
        object; unrotated ones move with Td, and stretches of printable ASCII take PlainTexts' fast path. Returns
        where the run ends."""
        self.ops.append(f"BT {colour_op(first.fill, False, self.builder.press)}")
        self.state["fill"] = first.fill
        position, subset = self.text(first, None, -1)
        plain = PlainTexts(first)
        index = start + 1
        while True:
            if subset == 0 and position is not None:
                index, position = plain.stretch(items, index, position, self.ops)
            if index == len(items):
                break
            item = items[index]
            if not plain.same_run(item):
                break
            position, subset = self.text(item, position, subset)
            index += 1
        self.ops.append("ET")
        return index

    def text(self, item: Text, position: tuple[int, int] | None, subset: int) -> tuple[tuple[int, int] | None, int]:
        """One text of a text object by the general path: a move (Td from `position`, the last origin in whole
        micrometres, else Tm) and its text; returns its origin (None when rotated) and the subset in effect."""
        require_glyphs(item.text, item.font)
        x, y = self.text_origin(item)
        x, y = round(x * 1000), round(y * 1000)  # whole micrometres
        if item.rotate or position is None:
            angle = math.radians(item.rotate)
            cos, sin = math.cos(angle), math.sin(angle)
            self.ops.append(f"{fmt(cos)} {fmt(sin)} {fmt(sin)} {fmt(-cos)} {milli(x)} {milli(y)} Tm")
        else:
            self.ops.append(f"{milli(x - position[0])} {milli(position[1] - y)} Td")
        shown, subset = show_text(self.builder.canvas, self.builder.font(item.font), item.size, item.text, subset)
        self.ops.extend(shown)
        return (None if item.rotate else (x, y)), subset

    def embed(self, item: Embed) -> None:
        self.ops.append("q")
        saved = dict(self.state)
        if item.clip is not None:
            x, y, w, h = item.clip
            self.ops.append(f"{fmt(x)} {fmt(y)} {fmt(w)} {fmt(h)} re W n")
        scale = f"{item.scale:.6g}"
        self.ops.append(f"{scale} 0 0 {scale} {fmt(item.x)} {fmt(item.y)} cm")
        self.do_form(self.builder.scene_form(item.scene, self.scale * item.scale))
        self.ops.append("Q")
        self.state = saved

    def items(self, items: list[Item]) -> None:
        index = 0
        while index < len(items):
            item = items[index]
            if isinstance(item, Use):
                index = self.uses(items, index)
                continue
            if isinstance(item, Text):
                index = self.texts(item, items, index)
                continue
            if isinstance(item, Polygon):
                self.polygon(item)
            elif isinstance(item, Circle):
                self.circle(item)
            elif isinstance(item, Embed):
                self.embed(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__} in PDF")
            index += 1
        self.die_lines()
        self.flush()


class _PdfBuilder:
    """Owns the canvas and the table of forms (symbols and embedded scenes) shared by all pages."""

    def __init__(self, canvas: Canvas, press: PressOptions | None = None):
        self.canvas = canvas
        self.press = press
        self.symbol_forms: dict[tuple, str] = {}  # (scene id, symbol) -> form name
        self.by_content: dict[tuple, str] = {}  # symbol items -> form name, so equal symbols share a form
        self.scene_forms: dict[tuple[int, float], str] = {}  # (scene id, form_scale) -> form name
        self.cut_scenes: dict[int, bool] = {}  # scene id -> whether it draws die or crease lines
        self.pending: list[tuple[str, Scene, str | None, float]] = []  # (form, scene, symbol or None, scale)
        self.fonts: dict[str, object] = {}

    def font(self, font: str):
        """The embedded TrueType font drawing texts in `font` (a canonical name or an alias)."""
        if font not in self.fonts:
            self.fonts[font] = ttf_font(font)
        return self.fonts[font]

    def form_scale(self, scene: Scene, scale: float) -> float:
        """The scale a form of the scene is drawn for: its page millimetres per unit where it carries die or
        crease lines of a press-ready file (their width is fixed on paper), else 1 (one form serves every scale)."""
        if self.press is None or scale == 1.0:
            return 1.0
        if id(scene) not in self.cut_scenes:
            self.cut_scenes[id(scene)] = has_cuts(scene)
        return scale if self.cut_scenes[id(scene)] else 1.0

    def symbol_form(self, scene: Scene, symbol: str, scale: float = 1.0) -> str:
        scale = self.form_scale(scene, scale)
        key = (id(scene), symbol, scale)
        if key not in self.symbol_forms:
            if symbol not in scene.symbols:
                raise KeyError(f"symbol {symbol!r} is used but not defined in the scene")
            items = scene.symbols[symbol]
            content: tuple = key  # symbols placing other symbols depend on their scene
            if not any(isinstance(item, (Use, Embed)) for item in items):
                content = (tuple(items), scale)  # equal self-contained symbols share one form
            if content not in self.by_content:
                self.by_content[content] = f"sym{len(self.by_content) + 1}"
                self.pending.append((self.by_content[content], scene, symbol, scale))
            self.symbol_forms[key] = self.by_content[content]
        return self.symbol_forms[key]

    def scene_form(self, scene: Scene, scale: float = 1.0) -> str:
        key = (id(scene), self.form_scale(scene, scale))
        if key not in self.scene_forms:
            self.scene_forms[key] = f"scene{len(self.scene_forms) + 1}"
            self.pending.append((self.scene_forms[key], scene, None, key[1]))
        return self.scene_forms[key]

    def symbol_box(self, scene: Scene, symbol: str) -> Box | None:
        boxes = [b for b in (item_box(i, lambda s: self.symbol_box(scene, s)) for i in scene.symbols[symbol]) if b]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def define_pending(self) -> None:
        """Write every form referenced so far (and those they reference) as form XObjects."""
        while self.pending:
            name, scene, symbol, scale = self.pending.pop(0)
            if symbol is None:
                box, items = (0.0, 0.0, scene.width, scene.height), list(scene.items())
            else:
                box = self.symbol_box(scene, symbol) or (0.0, 0.0, 1.0, 1.0)
                items = scene.symbols[symbol]
            self.canvas.beginForm(name, *(float(fmt(v)) for v in (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1)))
            _Stream(self, scene, scale).items(items)
            rl.end_form(self.canvas, name)

    def set_press_boxes(self, press: PressOptions, scene: Scene, scale: float) -> None:
        """TrimBox (the scene) and BleedBox (grown by the bleed) of the next page, in PDF units."""
        slug, bleed = press.slug, press.bleed
        trim = (slug, slug, slug + scene.width, slug + scene.height)
        self.canvas.setTrimBox(tuple(float(fmt(v * scale)) for v in trim))
        grown = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
        self.canvas.setBleedBox(tuple(float(fmt(v * scale)) for v in grown))

    def crop_marks(self, press: PressOptions, scene: Scene) -> None:
        """Crop marks at the trim corners, outside the bleed, in process black."""
        lines = [f"{fmt(x0)} {fmt(y0)} m {fmt(x1)} {fmt(y1)} l S"
                 for (x0, y0), (x1, y1) in press.crop_marks(scene.width, scene.height)]
        self.canvas.addLiteral("\n".join([f"q 0 0 0 1 K {MARK_PT / PT_PER_MM:.5f} w [] 0 d", *lines, "Q"]))

    def page(self, page: Page, number: int) -> None:
        scene, press = page.scene, self.press
        slug = press.slug if press else 0.0
        media_w, media_h = scene.width + 2 * slug, scene.height + 2 * slug
        unit = user_unit(media_w, media_h)
        scale = PT_PER_MM / unit
        width, height = media_w * scale, media_h * scale
        self.canvas.setPageSize((float(fmt(width)), float(fmt(height))))
        if press:
            self.set_press_boxes(press, scene, scale)
        if page.bookmark:
            key = f"page{number}"
            self.canvas.bookmarkPage(key)
            self.canvas.addOutlineEntry(page.bookmark, key, level=0)
        if press:
            self.canvas.addLiteral(f"{scale:.6f} 0 0 {-scale:.6f} {fmt(slug * scale)} {fmt(height - slug * scale)} cm")
            items = bleed_items(list(scene.items()), scene.width, scene.height, press.bleed)
        else:
            self.canvas.addLiteral(f"{scale:.6f} 0 0 {-scale:.6f} 0 {fmt(height)} cm")
            items = list(scene.items())
        stream = _Stream(self, scene)
        stream.items(items)
        if press and press.print_marks:
            self.crop_marks(press, scene)
        self.canvas.showPage()
        if unit > 1:
            rl.set_user_unit(rl.last_page(self.canvas), unit)


def document_to_pdf(document: Document, press: PressOptions | None = None,
                    progress: Callable[[str], None] | None = None) -> bytes:
    """The document as PDF bytes: one page per Page at its scene's size, bookmarks from Page.bookmark;
    with `press`, a press-ready PDF/X file (CMYK, TrimBox and BleedBox, crop marks, die lines as a spot colour,
    an output intent; see render/pdfx.py).
    `progress`, when given, is called with a label after each page."""
    buffer = io.BytesIO()
    slug = 2 * press.slug if press is not None else 0.0
    huge = any(user_unit(page.scene.width + slug, page.scene.height + slug) > 1 for page in document.pages)
    if huge and press is not None and press.level.pdf_version < (1, 6):
        side = max(max(page.scene.width, page.scene.height) for page in document.pages) + slug
        raise PressError(f"{press.level.name} is PDF {'.'.join(map(str, press.level.pdf_version))}, whose pages "
                         f"are at most {MAX_PAGE_UNITS / 72:g} in ({MAX_PAGE_UNITS / PT_PER_MM:.0f} mm) a side, and "
                         f"this page is {side:.0f} mm: use {mention('press.pdfx', '4')} (PDF/X-4) or smaller "
                         f"{mention('paper')}", "press.pdfx",
                         MAX_PAGE_UNITS / PT_PER_MM)
    version = press.level.pdf_version if press else (1, 6) if huge else None  # UserUnit: 1.6; layers: 1.5
    canvas = Canvas(buffer, invariant=1, pageCompression=1, pdfVersion=version,
                    enforceColorSpace="sep_cmyk" if press else None,  # reportlab's own RGB check, besides ours
                    initialFontName=ttf_font("sans").fontName)  # not reportlab's default, unembedded Helvetica
    canvas.setTitle(document.title)
    canvas.setCreator("modlinseq-print")
    canvas.setAuthor("modlinseq-print")
    canvas.setProducer("modlinseq-print (ReportLab)")
    builder = _PdfBuilder(canvas, press)
    with collector_paused():  # a large board's operators and reportlab's objects: see modlinseq_print/collector.py
        for number, page in enumerate(document.pages, start=1):
            builder.page(page, number)
            builder.define_pending()
            if progress:
                progress(f"page {number}")
    if any(page.bookmark for page in document.pages):
        canvas.showOutline()
    with rl.binary_streams():  # binary Flate streams: a quarter smaller than ASCII85
        canvas.save()
    if press is None:
        return buffer.getvalue()
    from modlinseq_print.render.pdfx import press_ready

    return press_ready(buffer.getvalue(), press)
