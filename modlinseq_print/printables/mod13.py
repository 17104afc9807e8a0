"""Mod 13 printables: a 52-card poker-size deck (optional duplex backs) and the operations reference card,
in the language in use (the shouted phrases too; AP, GP, QP and the arithmetic read alike everywhere)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from modlinseq_print.games.mod13 import MODULUS, OPERATIONS, RANKS, WORKED_EXAMPLE, explain, signed_value
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.imposition import Slot, mirror_slot, place_rectangles
from modlinseq_print.render.marks import crop_marks, scale_bar
from modlinseq_print.render.paper import A6_SHEET, LeastPaper, Sheet, check_room
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Circle, Document, Item, Page, Polygon, Scene, Style, Text, Use
from modlinseq_print.printables.flow import FlowError
from modlinseq_print.render.text_metrics import shrunk_to, text_width, wrap_text
from modlinseq_print.wording import _, capitals

CARD_WIDTH, CARD_HEIGHT = 63.0, 88.0  # poker size
SUITS = ("spades", "hearts", "diamonds", "clubs")
RED, BLACK, GREY = "#c62828", "#111111", "#666666"
CUT_STYLE = Style(stroke="#9e9e9e", stroke_width=0.2, die=True)  # the card's cut line (a die line when press-ready)
BACK_FILL = "#1e3a8a"
MARK_GAP = 1.0  # mm between a card edge and its crop mark
BAND_TEXT = 2.5  # mm: scale bar label and caption in the side bands
SMALLEST_TEXT = 0.8  # a line set smaller than this share of its size to fit its room is an error instead
WORD_PHRASES = ("sum", "product", "sum of last 3", "product of last 3", "inverse")  # AP, GP, QP stay as they are


@dataclass(frozen=True)
class DeckOptions:
    """What the deck shows and how it is printed."""

    signed: bool = False  # also show the tips' value from -6 to -1 (a queen is -1)
    backs: bool = False  # a mirrored backs page after each fronts page (long-edge duplex)
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    gap: float = 0.0  # mm between cards (0: neighbours share a cut)
    bleed: float = 0.0  # mm the backs' colour runs past the cut


def suit_colour(suit: str) -> str:
    """Red for hearts and diamonds, black for spades and clubs."""
    return RED if suit in ("hearts", "diamonds") else BLACK


def shout(phrase: str) -> str:
    """The phrase a player shouts, in the language in use (the abbreviations AP, GP and QP stay as they are)."""
    return _(phrase) if phrase in WORD_PHRASES else phrase


def fitted_size(text: str, font: str, size: float, room: float) -> float:
    """`size`, or the smaller size at which `text` fits `room` mm; a FlowError below SMALLEST_TEXT of `size`."""
    fitted = shrunk_to(text, font, size, room)
    if fitted < size * SMALLEST_TEXT:
        raise FlowError(f"the Mod 13 text {text[:40]!r} does not fit its {room:.0f} mm: use a shorter translation")
    return fitted


def _heart(scale: float, flip: bool = False, steps: int = 72) -> list[tuple[float, float]]:
    """The classic heart curve, `scale` mm wide, around the origin (point down; point up when flipped)."""
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) - 2.5
        points.append((x * scale / 32, (-y if flip else y) * scale / 32))
    return points


def suit_items(suit: str, size: float) -> list[Item]:
    """A suit drawn as filled vector shapes, about `size` mm tall, centred on the origin (point up)."""
    fill = Style(fill=suit_colour(suit), stroke=None)
    if suit == "diamonds":
        return [Polygon(((0, -size / 2), (size * 0.38, 0), (0, size / 2), (-size * 0.38, 0)), fill)]
    if suit == "hearts":
        return [Polygon(tuple(_heart(size * 1.04)), fill)]
    stem = Polygon(((0, size * 0.05), (size * 0.2, size / 2), (-size * 0.2, size / 2)), fill)
    if suit == "spades":
        body = [(x, y - size * 0.09) for x, y in _heart(size * 0.92, flip=True)]
        return [Polygon(tuple(body), fill), stem]
    r = size * 0.21
    return [Circle(0, -size / 2 + r, r, fill), Circle(-size * 0.22, size * 0.04, r, fill),
            Circle(size * 0.22, size * 0.04, r, fill),
            Polygon(((0, -size / 2 + r), (-size * 0.22, size * 0.04), (0, size * 0.22), (size * 0.22, size * 0.04)),
                    fill),
            stem]


def _turned(items: list[Item]) -> list[Item]:
    """Items turned by a half turn about the origin."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Polygon):
            out.append(Polygon(tuple((-x, -y) for x, y in item.points), item.style, item.closed))
        elif isinstance(item, Circle):
            out.append(Circle(-item.x, -item.y, item.radius, item.style))
    return out


def suit_use(scene: Scene, suit: str, size: float, x: float, y: float, upside_down: bool = False) -> Use:
    """A Use of the suit symbol of this size (defined on first use), centred on (x, y)."""
    name = f"{suit}-{size:g}" + ("-down" if upside_down else "")
    if name not in scene.symbols:
        items = suit_items(suit, size)
        scene.define(name, _turned(items) if upside_down else items)
    return Use(name, x, y)


def card_items(scene: Scene, rank: str, suit: str, x: float, y: float, signed: bool) -> list[Item]:
    """The face of one card with its top-left corner at (x, y): rank and suit in two corners, a large
    suit, and the card's value mod 13 (with the -6..-1 value when `signed`)."""
    colour = suit_colour(suit)
    value = RANKS.index(rank) + 1
    right, bottom = x + CARD_WIDTH, y + CARD_HEIGHT
    items: list[Item] = [Polygon(((x, y), (right, y), (right, bottom), (x, bottom)), CUT_STYLE)]
    index_x, index_size = 7.5, 6.5
    items += [Text(x + index_x, y + 11.0, rank, index_size, font="Helvetica-Bold", fill=colour),
              suit_use(scene, suit, 4.5, x + index_x, y + 16.0),
              Text(right - index_x, bottom - 11.0, rank, index_size, font="Helvetica-Bold", fill=colour, rotate=180),
              suit_use(scene, suit, 4.5, right - index_x, bottom - 16.0, upside_down=True)]
    items.append(suit_use(scene, suit, 20.0, x + CARD_WIDTH / 2, y + 30.0))
    residue = value % MODULUS
    items.append(Text(x + CARD_WIDTH / 2, y + 60.0, str(residue), 13.0, font="Helvetica-Bold", fill=BLACK))
    caption = "13 = 0 mod 13" if residue == 0 else "mod 13"
    items.append(Text(x + CARD_WIDTH / 2, y + 65.5, caption, 3.0, fill=GREY))
    if signed and residue > MODULUS // 2:
        alternative = _("or {value}").format(value=signed_value(residue))
        items.append(Text(x + CARD_WIDTH / 2, y + 72.0, alternative, 4.5, font="Helvetica-Bold", fill=GREY))
    return items


def back_items(x: float, y: float, bleed: float = 0.0) -> list[Item]:
    """The back of a card with its top-left corner at (x, y): a dark field (running `bleed` mm past the
    cut) with a ring of 13 dots."""
    right, bottom = x + CARD_WIDTH, y + CARD_HEIGHT
    cx, cy = x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2
    x0, y0, x1, y1 = x - bleed, y - bleed, right + bleed, bottom + bleed
    items: list[Item] = [Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(fill=BACK_FILL, stroke=None))]
    inner = 4.0
    items.append(Polygon(((x + inner, y + inner), (right - inner, y + inner), (right - inner, bottom - inner),
                          (x + inner, bottom - inner)), Style(stroke="#ffffff", stroke_width=0.5)))
    for k in range(MODULUS):
        angle = 2 * math.pi * k / MODULUS
        items.append(Circle(cx + 18 * math.sin(angle), cy - 18 * math.cos(angle), 1.6,
                            Style(fill="#ffffff", stroke=None)))
    items.append(Text(cx, cy, "MOD 13", 6.0, font="Helvetica-Bold", fill="#ffffff", middle=True))
    return items


def deck_cards() -> list[tuple[str, str]]:
    """The 52 cards as (rank, suit), suit by suit from the ace to the king."""
    return [(rank, suit) for suit in SUITS for rank in RANKS]


def _clipped(marks: list[Polygon], area: Rect) -> list[Polygon]:
    """Crop marks cut back to the printable area; remnants shorter than 1 mm are dropped."""
    kept = []
    for mark in marks:
        (x1, y1), (x2, y2) = mark.points
        x1, x2 = (min(max(v, area.x), area.right) for v in (x1, x2))
        y1, y2 = (min(max(v, area.y), area.bottom) for v in (y1, y2))
        if math.hypot(x2 - x1, y2 - y1) >= 1.0:
            kept.append(Polygon(((x1, y1), (x2, y2)), mark.style, closed=False))
    return kept


def _quarter_turned(items: list[Item], x: float, y: float) -> list[Item]:
    """Items turned a quarter turn clockwise about the origin, then moved so the origin lands on (x, y)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Polygon):
            out.append(Polygon(tuple((x - py, y + px) for px, py in item.points), item.style, item.closed))
        elif isinstance(item, Text):
            out.append(Text(x - item.y, y + item.x, item.text, item.size, item.anchor, item.font, item.fill,
                            item.middle, item.rotate + 90))
    return out


def _card_boxes(slots: list[Slot]) -> list[Rect]:
    return [Rect(s.x - CARD_WIDTH / 2, s.y - CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT) for s in slots]


def _marks_and_bands(scene: Scene, boxes: list[Rect], area: Rect, caption: str, marks: bool) -> None:
    """Crop marks inside the printable area, a vertical 50 mm scale bar in the left band and the
    caption in the right band, both beside the first row, clear of the row cuts."""
    if marks:
        for mark in _clipped(crop_marks(boxes, gap=MARK_GAP), area):
            scene.add(mark, "marks")
    left, right, top = min(b.x for b in boxes), max(b.right for b in boxes), min(b.y for b in boxes)
    if left - area.x >= 4.0:
        bar = scale_bar(0, 0, 50.0, label="50 mm", text_size=BAND_TEXT)
        for item in _quarter_turned(bar, (left + area.x) / 2 + 1.0, top + 14.0):
            scene.add(item, "marks")
    if area.right - right >= 4.0:  # along the first row, between its crop marks
        size = fitted_size(caption, "Helvetica", BAND_TEXT, CARD_HEIGHT - 2 * (MARK_GAP + 5.0))
        scene.add(Text((right + area.right) / 2, top + CARD_HEIGHT / 2, caption, size, fill=GREY, middle=True,
                       rotate=90), "marks")


def deck_document(sheet: Sheet, options: DeckOptions = DeckOptions()) -> Document:
    """The 52 cards, as many to a page as fit (nine on A4 or Letter), each fronts page followed by its
    mirrored backs page when options.backs."""
    check_room(sheet.width, sheet.height, sheet.margin, A6_SHEET, "the Mod 13 deck")
    cards = deck_cards()
    area = sheet.printable
    pages: list[Page] = []
    dealt = iter(cards)
    sheets = place_rectangles(len(cards), CARD_WIDTH, CARD_HEIGHT, area, gap=options.gap, what="card")
    for number, slots in enumerate(sheets, start=1):
        front = Scene(sheet.width, sheet.height)
        for slot, (rank, suit) in zip(slots, dealt):
            for item in card_items(front, rank, suit, slot.x - CARD_WIDTH / 2, slot.y - CARD_HEIGHT / 2,
                                   options.signed):
                front.add(item, "cards")
        caption = _("Mod 13 deck, sheet {number} of {total}: cards {width} x {height} mm").format(
            number=number, total=len(sheets), width=f"{CARD_WIDTH:g}", height=f"{CARD_HEIGHT:g}")
        _marks_and_bands(front, _card_boxes(slots), area, caption, options.crop_marks)
        pages.append(Page(front, bookmark=_("Mod 13 deck") if number == 1 else None, label=f"fronts {number}"))
        if options.backs:
            backs = [mirror_slot(slot, sheet.width, options.back_offset) for slot in slots]
            back = Scene(sheet.width, sheet.height)
            for box in _card_boxes(backs):
                for item in back_items(box.x, box.y, options.bleed):
                    back.add(item, "cards")
            _marks_and_bands(back, _card_boxes(backs), area,
                             _("backs of sheet {number}: print duplex, flip on the long edge").format(number=number),
                             options.crop_marks)
            pages.append(Page(back, label=f"backs {number}"))
    return Document(pages, title=_("Mod 13 deck"))


REFERENCE_WIDTH, REFERENCE_HEIGHT = 148.0, 105.0  # A6 landscape
PAD = 6.0


def _text(x: float, y: float, text: str, size: float, bold: bool = False, fill: str = BLACK) -> Text:
    return Text(x, y, text, size, anchor="start", font="Helvetica-Bold" if bold else "Helvetica", fill=fill)


def worked_plays() -> list[tuple[int, str, str, str]]:
    """The worked game after its first two cards: (card, phrase, the cards it uses, the arithmetic)."""
    cards = [card for card, _phrase in WORKED_EXAMPLE]
    uses = {op.phrase: op.uses for op in OPERATIONS}
    plays: list[tuple[int, str, str, str]] = []
    for index in range(2, len(cards)):
        card, phrase = WORKED_EXAMPLE[index]
        if phrase is None:  # only the first two cards are played without one
            raise ValueError(f"card {index + 1} of the worked game has no phrase")
        used = ", ".join(str(v) for v in cards[index - uses[phrase]:index])
        plays.append((card, phrase, used, explain(phrase, cards[:index], card)))
    return plays


def _card_frame(x: float, y: float, title: str, subtitle: str) -> list[Item]:
    """The card's cut line and its header band: the title, and below it the subtitle (each set smaller if need be)."""
    right, bottom, room = x + REFERENCE_WIDTH, y + REFERENCE_HEIGHT, REFERENCE_WIDTH - 2 * PAD
    return [Polygon(((x, y), (right, y), (right, y + 15.5), (x, y + 15.5)), Style(fill="#e8eef8", stroke=None)),
            Polygon(((x, y), (right, y), (right, bottom), (x, bottom)), CUT_STYLE),
            _text(x + PAD, y + 8.5, title, fitted_size(title, "Helvetica-Bold", 5.0, room), bold=True),
            _text(x + PAD, y + 13.2, subtitle, fitted_size(subtitle, "Helvetica", 2.7, room), fill=GREY)]


NOTES = ("AP: at most |d| APs in a row, |d| the smaller of d and 13 - d: after 2, 5 come 8, 11, 1, then no more.",
         "QP only when proper: a - 2b + c is not 0, so an AP cannot pass for a QP. A king has no inverse.",
         "Values: A = 1, J = 11, Q = 12 (think -1), K = 13 = 0. Shout the phrase as you play the card.")
NOTE_SIZE, NOTE_LEAD = 2.55, 3.6  # mm: the notes under the operations, and the distance between their lines
ROW_HEIGHT, TIGHTEST_ROW = 7.4, 6.4  # mm: a row of the operations table, and the least it may take to make room


def _notes(x: float, y: float) -> tuple[list[Item], float]:
    """The operations card's notes, wrapped and set from the card's foot upward, and the top of their ink."""
    lines = [line for note in NOTES for line in wrap_text(_(note), REFERENCE_WIDTH - 2 * PAD, "Helvetica", NOTE_SIZE)]
    last = y + REFERENCE_HEIGHT - 3.8
    baselines = [last - NOTE_LEAD * (len(lines) - 1 - k) for k in range(len(lines))]
    ink_top = baselines[0] - cap_height("Helvetica") * NOTE_SIZE
    return [_text(x + PAD, base, line, NOTE_SIZE) for line, base in zip(lines, baselines)], ink_top


def _row_height(top: float, notes_top: float) -> float:
    """The operations table's row height: ROW_HEIGHT, or less when the notes need the room (a FlowError below
    TIGHTEST_ROW)."""
    height = min(ROW_HEIGHT, (notes_top - 1.0 - top - 2.2) / len(OPERATIONS))
    if height < TIGHTEST_ROW:
        raise FlowError("the Mod 13 operations card cannot hold its table and its notes: use shorter notes")
    return height


def _operation_columns(x: float) -> tuple[float, float, float]:
    """Where the phrase, formula and example columns start: each as wide as its widest entry, and a gap."""
    phrase = max(text_width(f"'{shout(op.phrase)}'", "Helvetica-Bold", 3.4) for op in OPERATIONS) + 3.0
    formula = max(text_width(op.formula, "Helvetica", 3.2) for op in OPERATIONS) + 3.0
    return x + PAD, x + PAD + phrase, x + PAD + phrase + formula


def operations_card(x: float, y: float) -> list[Item]:
    """The eight operations, grouped by the cards they use: phrase to shout, formula,
    an example from the worked game."""
    items = _card_frame(x, y, _("Mod 13: the eight operations"),
                        _("x is the card you play; a, b, c are the top cards of the pile, c on top. All mod 13."))
    first: dict[str, tuple[int, str, str]] = {}
    for card, phrase, used, arithmetic in worked_plays():
        first.setdefault(phrase, (card, used, arithmetic))
    columns = _operation_columns(x)
    room = x + REFERENCE_WIDTH - PAD - columns[2]
    top = y + 21.5
    widths = (columns[1] - columns[0], columns[2] - columns[1], room)
    for column, width, heading in zip(columns, widths, (_("shout"), _("formula"), _("example from the worked game"))):
        heading = capitals(heading)
        items.append(_text(column, top, heading, fitted_size(heading, "Helvetica-Bold", 2.3, width), bold=True,
                           fill=GREY))
    notes, notes_top = _notes(x, y)
    row_height = _row_height(top, notes_top)
    for row, op in enumerate(sorted(OPERATIONS, key=lambda o: o.uses)):
        base = top + 2.0 + row_height * (row + 1) - 2.6
        if row % 2 == 0:
            items.append(Polygon(((x + 2, base - 4.6), (x + REFERENCE_WIDTH - 2, base - 4.6),
                                  (x + REFERENCE_WIDTH - 2, base + 2.8), (x + 2, base + 2.8)),
                                 Style(fill="#f3f3f3", stroke=None)))
        card, used, arithmetic = first[op.phrase]
        play = _("on {cards}, play {card}").format(cards=used, card=card)
        items += [_text(columns[0], base, f"'{shout(op.phrase)}'", 3.4, bold=True),
                  _text(columns[1], base, op.formula, 3.2),
                  _text(columns[2], base - 1.4, play, fitted_size(play, "Helvetica-Bold", 2.7, room), bold=True),
                  _text(columns[2], base + 1.8, arithmetic, fitted_size(arithmetic, "Helvetica", 2.7, room), fill=GREY)]
    return items + notes


def example_card(x: float, y: float) -> list[Item]:
    """The worked game of the Mod 13 write-up: 3 and 7 turned up, then sixteen cards
    with their phrases and arithmetic."""
    items = _card_frame(x, y, _("Mod 13: a worked example"),
                        _("3 and 7 are turned up. Each card played, the phrase shouted, and why (all mod 13):"))
    plays = worked_plays()
    half = (len(plays) + 1) // 2
    column_width = REFERENCE_WIDTH / 2 - 2.0
    for k, (card, phrase, _used, arithmetic) in enumerate(plays):
        column_x = x + PAD + column_width * (k // half)
        room = (x + REFERENCE_WIDTH - PAD if k >= half else column_x + column_width - 2.0) - (column_x + 7.5)
        base = y + 23.0 + 8.2 * (k % half)
        said = f"'{shout(phrase)}'"
        items += [Text(column_x + 5.0, base, str(card), 4.2, anchor="end", font="Helvetica-Bold"),
                  _text(column_x + 7.5, base, said, fitted_size(said, "Helvetica-Bold", 3.2, room), bold=True),
                  _text(column_x + 7.5, base + 3.3, arithmetic, 2.7, fill=GREY)]
    check = _("Mod 13 and this game are described on damjan.vukcevic.net (2015).")
    items.append(_text(x + PAD, y + REFERENCE_HEIGHT - 4.5, check,
                       fitted_size(check, "Helvetica", 2.5, REFERENCE_WIDTH - 2 * PAD), fill=GREY))
    return items


#: The reference card is A6 landscape: paper whose printable area holds 105 x 148 mm either way round.
CARD_LEAST = LeastPaper(REFERENCE_HEIGHT, REFERENCE_WIDTH, "A5 (148 x 210 mm)")


def _holds_card(area: Rect) -> bool:
    return REFERENCE_WIDTH <= area.width + 1e-6 and REFERENCE_HEIGHT <= area.height + 1e-6


def reference_document(sheet: Sheet, marks: bool = True) -> Document:
    """The operations card and the worked-example card (A6 landscape each), with crop marks; on paper whose
    printable area holds them only the other way round (A5), on landscape pages."""
    check_room(sheet.width, sheet.height, sheet.margin, CARD_LEAST, "the Mod 13 reference card")
    if not _holds_card(sheet.printable) and _holds_card(sheet.rotated().printable):
        sheet = sheet.rotated()
    area = sheet.printable
    makers = (operations_card, example_card)
    sheets = place_rectangles(len(makers), REFERENCE_WIDTH, REFERENCE_HEIGHT, area, gap=14.0,
                              what="reference card")
    pages: list[Page] = []
    cards = iter(makers)
    for slots in sheets:
        scene = Scene(sheet.width, sheet.height)
        boxes = [Rect(s.x - REFERENCE_WIDTH / 2, s.y - REFERENCE_HEIGHT / 2, REFERENCE_WIDTH, REFERENCE_HEIGHT)
                 for s in slots]
        for box, make in zip(boxes, cards):
            for item in make(box.x, box.y):
                scene.add(item, "cards")
        if marks:
            for mark in _clipped(crop_marks(boxes), area):
                scene.add(mark, "marks")
        pages.append(Page(scene, bookmark=_("Mod 13 reference") if not pages else None))
    return Document(pages, title=_("Mod 13 reference"))
