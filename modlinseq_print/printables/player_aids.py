"""The players' aids of a kit: a turn card for each player and a score pad sized from the kit's own games.

A turn card is a quarter of the kit's sheet (95 x 136 mm on A4: it lies beside a player's tiles and leaves
room on the table), four to a sheet with cut lines between them (fewer on paper too small, as A5), as many as
the kit's largest player count: a turn, the legal lines, the scoring table, blocked cells and the end, in the
rules sheet's own words (rules, page 1, sections 2 and 3). The score pad has a pair of columns (points,
running total) for each player and a row for each round, flowing over as many pages as the rounds need.
"""

from __future__ import annotations

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables import reference_text as card_words
from modlinseq_print.printables import rules_text as words
from modlinseq_print.printables.flow import PT, SHADE, Flow
from modlinseq_print.printables.rules_sheet import ReferenceSpec, scoring_rows
from modlinseq_print.render.scene import Embed, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import shrunk_to, text_width, wrap_text
from modlinseq_print.wording import _, plural

GRIDS = ((2, 2), (1, 2), (1, 1))  # cards across and down a sheet: four, or fewer on small paper
CARD_MARGIN = 4.5  # mm of white inside a card's cut line
FOOT = 5.0  # mm kept clear under the cards for the kit's page number
SHEET_CARDS = 4  # a sheet of four cards is printed once; more players print it again (the sheet says so)
AGAIN = "For {players}, print this page {times} times."
CARD_SIZES = (7.5 * PT, 7.0 * PT, 6.5 * PT, 6.0 * PT)  # the body, tried largest first until it fits a card
CUT = Style(stroke="#9e9e9e", stroke_width=0.2, dash=(2.0, 1.5))
GRID = Style(stroke="#9e9e9e", stroke_width=0.2)
FRAME = Style(stroke="#555555", stroke_width=0.35)
GAP = 6.0  # mm between two games' tables on one page
ROW = 7.0  # mm: a row of the score pad, roomy for a three-figure score
TIGHT_ROW = 6.0  # mm: the least a row may shrink to so that a pad fits one page (narrow-ruled paper's line)
LABEL = 7.5 * PT
NOTE = 6.5 * PT


def card_scene(spec: ReferenceSpec, width: float, height: float) -> Scene:
    """One turn card of `width` x `height` mm, its body set in the largest of CARD_SIZES that fits."""
    for size in CARD_SIZES:
        flow = Flow(width, height, margin=CARD_MARGIN, columns=1)
        flow.heading(_("Your turn: MODLINSEQ, modulus {modulus}").format(modulus=spec.modulus), size=size * 1.4)
        flow.heading(_("A turn"), size=size * 1.2)
        flow.bullets([_(step) for step in words.TURN], size=size)
        flow.heading(_("Legal lines"), size=size * 1.2)
        flow.paragraph(_(card_words.RULE), size=size)
        flow.heading(_("Scoring"), size=size * 1.2)
        flow.table(scoring_rows(), widths=[14, 14, 14, 14], size=size)
        flow.heading(_("Blocked cells"), size=size * 1.2)
        flow.paragraph(_(words.BLOCKED) + (_(words.BLOCKED_BLOCKERS) if spec.blockers else ""), size=size)
        flow.heading(_("Frozen players and the end"), size=size * 1.2)
        for paragraph in words.END:
            flow.paragraph(_(paragraph), size=size)
        if len(flow.pages) == 1:
            return flow.pages[0]
    raise ModlinseqError(f"a turn card of {width:.0f} x {height:.0f} mm cannot hold its text: use larger paper")


def turn_card_pages(spec: ReferenceSpec, width: float, height: float, margin: float, count: int) -> list[Scene]:
    """`count` turn cards, four to a page of `width` x `height` mm (two or one on paper too small for a
    quarter page to hold a card), inside the margin and above the page number's FOOT, with cut lines. At most
    SHEET_CARDS cards, whatever the paper: for more players each page says how often to print it."""
    for across, down in GRIDS:
        card_w, card_h = (width - 2 * margin) / across, (height - 2 * margin - FOOT) / down
        try:
            card = card_scene(spec, card_w, card_h)
        except ModlinseqError:
            if (across, down) == GRIDS[-1]:
                raise
            continue
        break
    pages: list[Scene] = []
    per_page = across * down
    again = count > SHEET_CARDS
    needed, count = count, min(count, SHEET_CARDS)
    for first in range(0, count, per_page):
        page = Scene(width, height)
        layer = page.layer("text")
        for k in range(min(per_page, count - first)):
            x, y = margin + (k % across) * card_w, margin + (k // across) * card_h
            layer.items.append(Embed(card, x, y))
            layer.items.append(Polygon(((x, y), (x + card_w, y), (x + card_w, y + card_h), (x, y + card_h)), CUT))
        if again:
            words = _(AGAIN).format(players=plural(needed, "player"), times=-(-needed // SHEET_CARDS))
            layer.items.append(Text(margin, height - margin - FOOT + 3.5, words, 3.0, anchor="start"))
        pages.append(page)
    return pages


def score_pad_pages(width: float, height: float, margin: float, players: int, rounds: int,
                    note: list[str]) -> list[Scene]:
    """A score pad: a title and the `note` lines (how its size was chosen), then a table with a pair of columns
    (points, running total) for each of `players` players and a row for each of `rounds` rounds. Rows shrink
    (to TIGHT_ROW at least) so that the pad fits one page; a longer pad shares its rounds evenly between its
    pages. When one game's table leaves room, the page holds the tables of more games."""
    usable = width - 2 * margin
    first = max(12.0, text_width(_("round"), "Helvetica-Bold", LABEL) + 3.0)
    pair = (usable - first) / players
    room = height - margin - _pad_top(Scene(width, height).layer("text"), margin, usable, note)
    row = min(ROW, room / (rounds + 2)) if room / (rounds + 2) >= TIGHT_ROW else ROW
    fit = max(1, int(room / row + 1e-9) - 2)  # two header rows
    pages_needed = max(1, -(-rounds // fit))
    per_page = max(1, -(-rounds // pages_needed))  # the rounds shared evenly: no page of a few leftover rows
    pages: list[Scene] = []
    for done in range(0, max(rounds, 1), per_page):
        page = Scene(width, height)
        layer = page.layer("text")
        y = _pad_top(layer, margin, usable, note)
        take = min(per_page, rounds - done)
        _grid(layer, margin, y, first, pair, players, range(done + 1, done + take + 1), row)
        y += row * (take + 2) + GAP
        while rounds == take and y + row * (rounds + 2) <= height - margin:
            _grid(layer, margin, y, first, pair, players, range(1, rounds + 1), row)  # another game on a short pad
            y += row * (rounds + 2) + GAP
        pages.append(page)
    return pages


def _pad_top(layer, margin: float, usable: float, note: list[str]) -> float:
    """The pad's title and its note lines, drawn on `layer`; the height where its table starts."""
    y = margin + 15 * PT
    layer.items.append(Text(margin, y, _("Score pad"), 14 * PT, anchor="start", font="Helvetica-Bold"))
    y += 3.0
    for line in note:
        for part in wrap_text(line, usable, "Helvetica", NOTE):
            y += NOTE * 1.35
            layer.items.append(Text(margin, y, part, NOTE, anchor="start"))
    return y + 3.0


def _grid(layer, x0: float, y0: float, first: float, pair: float, players: int, numbers: range,
          row: float = ROW) -> None:
    """The pad's table: two header rows (the players, then points and total), a row for each round number,
    each `row` mm high."""
    width = first + pair * players
    rows = len(numbers) + 2
    bottom = y0 + row * rows
    layer.items.append(Polygon(((x0, y0), (x0 + width, y0), (x0 + width, y0 + 2 * row), (x0, y0 + 2 * row)),
                               SHADE))
    for k in range(rows + 1):
        y = y0 + row * k
        style = FRAME if k in (0, 2, rows) else GRID
        start = x0 + first if k == 1 else x0
        layer.items.append(Polygon(((start, y), (x0 + width, y)), style, closed=False))
    for p in range(players + 1):
        x = x0 + first + pair * p
        layer.items.append(Polygon(((x, y0), (x, bottom)), FRAME, closed=False))
        if p < players:
            layer.items.append(Polygon(((x + pair / 2, y0 + row), (x + pair / 2, bottom)), GRID, closed=False))
    layer.items.append(Polygon(((x0, y0), (x0, bottom)), FRAME, closed=False))
    base = row * 0.65
    layer.items.append(Text(x0 + 1.2, y0 + row + base, _("round"), LABEL, anchor="start", font="Helvetica-Bold"))
    for p in range(players):
        x = x0 + first + pair * p
        name = _("player {number}").format(number=p + 1)
        size = shrunk_to(name, "Helvetica-Bold", LABEL, pair - 2.4)  # narrow columns: six players on small paper
        layer.items.append(Text(x + 1.2, y0 + base, name, size, anchor="start", font="Helvetica-Bold"))
        for word, left in ((_("points"), x), (_("total"), x + pair / 2)):
            size = shrunk_to(word, "Helvetica", LABEL, pair / 2 - 2.4)
            layer.items.append(Text(left + 1.2, y0 + row + base, word, size, anchor="start"))
    for k, number in enumerate(numbers):
        layer.items.append(Text(x0 + 1.2, y0 + row * (k + 2) + base, str(number), LABEL, anchor="start"))
