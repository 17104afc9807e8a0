"""The kit's cover: title, what the kit holds, contents with page numbers, and how to print and assemble it."""

from __future__ import annotations

from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.render.scene import Scene
from modlinseq_print.wording import _

BOARD_STEP = ("Board: trim each page along its dashed edges; lay the pages in number order, row by row, each over "
              "the pages already laid (they overlap by at least {overlap:g} mm), so the half targets meet, and glue. "
              "The diagram below shows where each page goes.")
GUIDE = [
    "Print at 100 % (\"actual size\"; never \"fit to page\"). Every board page and tile sheet carries a 50 mm "
    "scale bar: measure it before you cut anything.",
    "Card stock (160-300 g/m2) makes tiles that last; print the board on plain paper and glue it to card.",
    BOARD_STEP.format(overlap=10),
    "Tiles and markers: print each fronts page, then put the sheet back in the printer and print the backs "
    "page that follows it on the reverse, flipping on the long edge. Cut along the tile outlines.",
    "Keep the modulus marker of the agreed modulus on A0; it counts as 0.",
]
CREDIT = "MODLINSEQ is a game by Dave Barber. This print-and-play kit was made with modlinseq-print."


def cover_page(width: float, height: float, margin: float, title: str, summary: str,
               contents: list[tuple[str, int, int]], guide: list[str] | None = None) -> tuple[Scene, float]:
    """The cover scene, and the y (mm) where the free space for the assembly diagram begins.

    `contents` holds (section title, first page, page count); `guide` (translated) replaces the GUIDE steps.
    """
    flow = Flow(width, height, margin=margin)
    flow.heading(title, size=22 * PT)
    flow.paragraph(summary, size=11 * PT)
    flow.paragraph(_(CREDIT), size=8.5 * PT)
    flow.heading(_("Contents"), size=13 * PT)
    rows = [[_("section"), _("pages")]]
    for name, first, count in contents:
        rows.append([name, f"{first}" if count == 1 else f"{first}-{first + count - 1}"])
    flow.table(rows, widths=[70.0, 25.0], size=10 * PT)
    flow.heading(_("How to make the kit"), size=13 * PT)
    flow.bullets(guide or GUIDE, size=9.5 * PT)
    return flow.scene, flow.y
