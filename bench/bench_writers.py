"""Benchmark: the SVG and PDF writers on the hex:100 poster against a hand-written bound of each.

The board (30,301 cells, each a symbol use and an address label) is built once; then each writer turns the
poster document into bytes, best of a few runs. The bounds take the same scene and write the same picture
with nothing but string formatting: the SVG bound emits the cell uses and the labels' glyph uses straight
into one string; the PDF bound is a minimal reportlab canvas loop (one form for each cell symbol, one
relative `cm ... Do` per cell, one text object of relative `Td`/`Tj` per label). The ratio writer / bound is the
writers' overhead (goals: SVG <= 3x, PDF <= 1.5x). Prints seconds, output bytes and the peak memory (RSS).

    python bench/bench_writers.py [ORDER]     (default 100)
"""

from __future__ import annotations

import gc
import io
import resource
import sys
import time

from _bench import sized
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle
from modlinseq_print.render.fonts import face
from modlinseq_print.render.scene import Polygon

RUNS = sized(3, 1)
MARGIN = 10.0


def best(function) -> tuple[float, bytes]:
    """The fastest of RUNS calls (collecting garbage before each) and what it returned."""
    times, data = [], b""
    for _ in range(RUNS):
        gc.collect()
        start = time.perf_counter()
        data = function()
        times.append(time.perf_counter() - start)
    return min(times), data


def f3(value: float) -> str:
    """A number with at most 3 decimals, as both writers print them."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class PlainBoard:
    """The board as the bounds see it: cell symbols, and (symbol, x, y) per cell and (text, x, y) per label,
    computed straight from the model (layout centres, addresses, pattern) with no scene items."""

    def __init__(self, board, style: BoardStyle):
        from modlinseq_print.geometry.layout import layout_for
        from modlinseq_print.geometry.patterns import board_pattern
        from modlinseq_print.printables.board import _define_symbols, _label_placement
        from modlinseq_print.render.scene import Scene
        from modlinseq_print.render.theme import get_theme

        layout = layout_for(board.grid, style.resolved_cell_size())
        symbols = Scene(0, 0)
        _define_symbols(symbols, layout, style, get_theme(style.theme))
        self.symbols = symbols.symbols
        marks = board_pattern(board, style.pattern)
        (dx, dy), self.size, _ = _label_placement(layout, style, "M00")
        cells = sorted(board.cells, key=lambda c: (c.r, c.q))
        centres = [layout.centre(c) for c in cells]
        left = min(x for x, _ in centres) - layout.cell_size / 2 - style.padding
        top = min(y for _, y in centres) - layout.cell_size / 3 ** 0.5 - style.padding
        self.width = max(x for x, _ in centres) - left + layout.cell_size / 2 + style.padding
        self.height = max(y for _, y in centres) - top + layout.cell_size / 3 ** 0.5 + style.padding
        self.uses = [(marks.get(c, "cell"), x - left, y - top) for c, (x, y) in zip(cells, centres)]
        widths = face("Helvetica").widths
        self.labels = []
        for cell, (x, y) in zip(cells, centres):
            text = board.address(cell)
            shift = sum(widths[ch] for ch in text) * self.size / 2000
            self.labels.append((text, x - left + dx - shift, y - top + dy))


def svg_bound(board, glyphs: dict[str, str]) -> bytes:
    """The poster as SVG by string formatting alone: the cell symbols' polygons, one <use> per cell and one
    group of glyph <use>s per label (glyph outlines as <path>s in font units, scaled once)."""
    out = [f'<?xml version="1.0" encoding="utf-8" ?>\n<svg xmlns="http://www.w3.org/2000/svg" '
           f'xmlns:xlink="http://www.w3.org/1999/xlink" width="{f3(board.width + 2 * MARGIN)}mm" '
           f'height="{f3(board.height + 2 * MARGIN)}mm"><defs>']
    for name, items in board.symbols.items():
        out.append(f'<g id="{name}">')
        for poly in items:
            if isinstance(poly, Polygon):
                points = " ".join(f"{f3(x)},{f3(y)}" for x, y in poly.points)
                out.append(f'<polygon points="{points}" fill="{poly.style.fill or "none"}" '
                           f'stroke="{poly.style.stroke or "none"}"/>')
        out.append("</g>")
    out.extend(glyphs.values())
    out.append(f'</defs><g transform="translate({f3(MARGIN)} {f3(MARGIN)})">')
    for symbol, x, y in board.uses:
        out.append(f'<use xlink:href="#{symbol}" x="{f3(x)}" y="{f3(y)}"/>')
    widths = face("Helvetica").widths
    drop = face("Helvetica").cap_height * board.size / 2
    for text, x, y in board.labels:
        out.append(f'<g aria-label="{text}" transform="translate({f3(x)} {f3(y + drop)})">')
        offset = 0.0
        for char in text:
            out.append(f'<use xlink:href="#_{char}" x="{f3(offset)}"/>')
            offset += widths[char] * board.size / 1000
        out.append("</g>")
    out.append("</g></svg>\n")
    return "".join(out).encode("utf-8")


def pdf_bound(board) -> bytes:
    """The poster as PDF by a minimal canvas loop: a form per cell symbol, a relative `cm`/`Do` per cell, `Td`/`Tj`
    per label in the embedded sans face (its first subset: labels are ASCII), compressed, binary streams."""
    from reportlab.pdfgen.canvas import Canvas

    from modlinseq_print.render import reportlab_adapter as rl
    from modlinseq_print.render.pdf_text import ttf_font
    from modlinseq_print.render.pdf_writer import PT_PER_MM, user_unit

    buffer = io.BytesIO()
    width, height = board.width + 2 * MARGIN, board.height + 2 * MARGIN
    scale = PT_PER_MM / user_unit(width, height)
    canvas = Canvas(buffer, invariant=1, pageCompression=1, pagesize=(width * scale, height * scale))
    for name, items in board.symbols.items():
        canvas.beginForm(name, -20, -20, 20, 20)
        for poly in items:
            if isinstance(poly, Polygon):
                path = " ".join(f"{f3(x)} {f3(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(poly.points))
                canvas.addLiteral(f"{path} h {'B' if poly.style.fill else 'S'}")
        canvas.endForm()
    ops = [f"{scale:.6f} 0 0 {-scale:.6f} {f3(MARGIN * scale)} {f3(height * scale - MARGIN * scale)} cm", "q"]
    names, px, py = {}, 0.0, 0.0
    for symbol, x, y in board.uses:  # relative moves, as the writer makes them: they compress well
        if symbol not in names:
            canvas.doForm(symbol)
            names[symbol] = rl.form_resource_name(canvas, symbol)
        ops.append(f"1 0 0 1 {f3(x - px)} {f3(y - py)} cm /{names[symbol]} Do")
        px, py = x, y
    ops.append("Q")
    drop = face("Helvetica").cap_height * board.size / 2
    text, px, py = board.labels[0]
    ops.append(f"BT {rl.subset_font_name(ttf_font('sans'), canvas, 0)} {f3(board.size)} Tf "
               f"1 0 0 -1 {f3(px)} {f3(py + drop)} Tm")
    for text, x, y in board.labels:
        ops.append(f"{f3(x - px)} {f3(py - y)} Td ({text}) Tj")
        px, py = x, y
    ops.append("ET")
    canvas.addLiteral("\n".join(ops))
    canvas.showPage()
    with rl.binary_streams():
        canvas.save()
    return buffer.getvalue()


def main(order: int) -> None:
    from modlinseq_print.printables.board import board_scene
    from modlinseq_print.render.pagination_pages import poster_document
    from modlinseq_print.render.pdf_writer import document_to_pdf
    from modlinseq_print.render.svg_writer import scene_to_svg

    board, style = parse_board(f"hex:{order}"), BoardStyle(pattern="bonus")
    glyphs = {c: f'<path id="_{c}" d="M0 0h1"/>' for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}

    def document():
        return poster_document(board_scene(board, style).scene, MARGIN, f"hex:{order}")

    print(f"hex:{order} poster, {len(board)} cells: the path from the parsed board to the bytes, best of {RUNS}")
    rows = [("SVG", lambda: scene_to_svg(document().pages[0].scene),
             lambda: svg_bound(PlainBoard(board, style), glyphs)),
            ("PDF", lambda: document_to_pdf(document()), lambda: pdf_bound(PlainBoard(board, style)))]
    for name, writer, bound in rows:
        (seconds, data), (bound_seconds, bound_data) = best(writer), best(bound)
        print(f"{name}: scene+writer {seconds:.3f} s ({len(data):,} bytes), bound {bound_seconds:.3f} s "
              f"({len(bound_data):,} bytes), ratio {seconds / bound_seconds:.2f}x")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else sized(100, 3))
