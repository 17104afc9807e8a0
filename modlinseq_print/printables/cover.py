"""The kit's cover: title art drawn from the game, the players, age and playing time, a game in progress, what
the kit holds with its page numbers, how to make it, and where each board page goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from modlinseq_print.errors import mention
from modlinseq_print.printables.flow import PT, SHADE, Flow, FlowError
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Embed, Item, Polygon, Scene, picture
from modlinseq_print.wording import _

BOARD_STEP = ("Board: trim each page along its dashed edges; lay the pages in number order, each over the pages "
              "already laid (they overlap by at least {overlap:g} mm), so the half targets meet, and glue. The "
              "diagram shows where each page goes.")
GUIDE = [
    "Print at 100 % (\"actual size\"; never \"fit to page\"). Every board page and tile sheet carries a 50 mm "
    "scale bar: measure it before you cut anything.",
    "Card stock (160-300 g/m²) makes tiles that last; print the board on plain paper and glue it to card.",
    BOARD_STEP.format(overlap=10),
    "Tiles and markers: print each fronts page, then put the sheet back in the printer and print the backs "
    "page that follows it on the reverse, flipping on the long edge. Cut along the tile outlines.",
    "Keep the modulus marker of the agreed modulus on A0; it counts as 0.",
]
CREDIT = "MODLINSEQ is a game by Dave Barber. This print-and-play kit was made with modlinseq-print."
TITLE = 24 * PT
SUBTITLE = 16 * PT
FACTS = 13 * PT
PICTURE_HEIGHT = 80.0  # mm: the height the game in progress is drawn at least (when it is that tall)...
#: The cover on small paper (A5), in the order tried until it fits its page: the game in progress drawn
#: smaller, the text set smaller (a share of its size), the game left out.
SMALLER = [(60.0, 1.0), (40.0, 1.0), (40.0, 0.9), (40.0, 0.8), (None, 0.9), (None, 0.8)]
LESS_GAME = (70.0, 60.0)  # mm: the game drawn smaller, in turn, to leave the assembly diagram its room
GROWTH = 0.6  # the share of the room left under the text that the picture takes (the assembly diagram the rest)
DIAGRAM_LEAST = 35.0  # mm: a smaller assembly diagram is left out (its caption still gives the pages)
ART_SHARE = 0.2  # the title art is at most this share of the page's height


@dataclass
class Front:
    """What the cover says above the game: the title art (a Scene, or None for a plain title), the line of
    players, age and playing time, and the small print under it."""

    art: Scene | None = None
    facts: str = ""
    note: str = ""


def subtitle(title: str) -> str:
    """The title under the art, which spells the game's name already: 'standard kit' of 'MODLINSEQ: standard kit'
    (a title of other words stays whole)."""
    if title.upper().startswith("MODLINSEQ"):
        return title[len("MODLINSEQ"):].lstrip(" :-–—·")
    return title


def _front(flow: Flow, title: str, front: Front, small: float) -> None:
    """The title (as art when there is art), the facts line on a tinted band, and its small print."""
    if front.art is None:
        flow.heading(title, size=TITLE)
    else:
        scale = min(flow.column_width / front.art.width, ART_SHARE * flow.page_height / front.art.height)
        x = flow.x + (flow.column_width - front.art.width * scale) / 2
        flow.scene.add(Embed(picture(front.art), round(x, 3), round(flow.y, 3), round(scale, 6)), "art")
        flow.y += front.art.height * scale + 2.0
        if subtitle(title):
            flow.heading(subtitle(title), size=SUBTITLE * small)
    if front.facts:
        top = flow.y
        flow.y += 1.2
        flow.paragraph(front.facts, size=FACTS * small, font="Helvetica-Bold", indent=2.0)
        band = (flow.x, top), (flow.x + flow.column_width, top), (flow.x + flow.column_width, flow.y - 0.6), \
            (flow.x, flow.y - 0.6)
        flow.scene.layer("band").items.append(Polygon(tuple(band), SHADE))
        flow.scene.layers.insert(0, flow.scene.layers.pop(-1))  # the band under the text
        flow.y += 0.8
    if front.note:
        flow.paragraph(front.note, size=8 * PT * small)


def cover_page(width: float, height: float, margin: float, *, title: str, summary: str,
               contents: list[tuple[str, int, int]], guide: list[str] | None = None,
               picture: tuple[Scene, str] | None = None,
               assembly: tuple[str, Callable[[Rect], list[Item]]] | None = None, front: Front | None = None) -> Scene:
    """The cover scene.

    `contents` holds (what a section holds, first page, page count); `guide` (translated) replaces the GUIDE
    steps; `picture` is a drawing of a game in progress and its caption; `assembly` is the board's assembly
    caption and a function drawing its diagram into a rectangle (mm); `front` the title art and facts line. The
    picture takes PICTURE_HEIGHT, and more when the text under it leaves room.
    """
    front = front or Front()

    def lay(tallest: float | None, small: float = 1.0) -> tuple[Flow, float, bool]:
        flow = Flow(width, height, margin=margin)
        _front(flow, title, front, small)
        if summary:
            flow.paragraph(summary, size=11 * PT * small)
        if picture is not None and tallest is not None:
            flow.figure(picture[0], picture[1], size=8 * PT * small, tallest=tallest)
        flow.set_columns(2, gap=1.0)
        flow.heading(_("What the kit holds"), size=13 * PT)
        rows = [[_("section"), _("pages")]]
        for name, first, count in contents:
            rows.append([name, f"{first}" if count == 1 else f"{first}-{first + count - 1}"])
        flow.table(rows, widths=[flow.column_width - 21.0, 21.0], size=9 * PT * small)
        flow.heading(_("How to make the kit"), size=13 * PT)
        flow.bullets(guide or [_(step) for step in GUIDE], size=8.5 * PT * small)
        flow.paragraph(_(CREDIT), size=8 * PT * small)
        room = height - margin - flow.y if len(flow.pages) == 1 and flow.column == 0 else 0.0
        drawn = assembly is None or _assembly(flow, *assembly)
        return flow, room, drawn

    flow, room, drawn = lay(PICTURE_HEIGHT)
    if picture is not None and room > 10.0:
        flow, _room, drawn = lay(PICTURE_HEIGHT + GROWTH * room)
    for tallest in LESS_GAME:  # the board's assembly diagram rather than a larger game
        if drawn or picture is None:
            break
        flow, _room, drawn = lay(tallest)
    for least, small in SMALLER:  # small paper: a smaller game, then smaller text, then the text alone
        if len(flow.pages) == 1:
            break
        flow, _room, _drawn = lay(least, small)
    if len(flow.pages) > 1:
        raise FlowError(f"the cover's text runs past its {width:g} x {height:g} mm page: use larger {mention('paper')} "
                        f"or a shorter {mention('title')}", "title")
    return flow.pages[0]


def _assembly(flow: Flow, caption: str, draw: Callable[[Rect], list[Item]]) -> bool:
    """The board's assembly diagram in the right-hand column, down to the bottom margin; False when there was
    no room for it (its caption alone)."""
    if flow.column == 0:
        flow.next_column()
    flow.heading(_("Board assembly"), size=13 * PT)
    flow.paragraph(caption, size=8.5 * PT)
    room = Rect(flow.x, flow.y + 2.0, flow.column_width, flow.page_height - flow.margin - flow.y - 4.0)
    if room.height < DIAGRAM_LEAST:
        return False
    flow.scene.layer("diagram").items.extend(draw(room))
    return True
