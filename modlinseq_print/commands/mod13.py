"""`mod13`: the Mod 13 referee (check), and its printable deck and reference card."""

from __future__ import annotations

import argparse
import json

from modlinseq_print.commands.box import register_mod13 as register_box
from modlinseq_print.commands.common import add_lang_argument, add_page_arguments, removed_note, write_document
from modlinseq_print.commands.service_option import add_service_argument, write_service_bundle
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.kits.piece_files import SHEET_DPI, image_files
from modlinseq_print.printables.tile_sheets import parse_back_offset
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.games.mod13 import CardCheck, check_sequence, explain, parse_card
from modlinseq_print.i18n import using
from modlinseq_print.printables.mod13 import CARD_HEIGHT, CARD_WIDTH, DeckOptions, deck_document, reference_document
from modlinseq_print.printables.per_piece import POD_BLEED, POD_DPI, card_images, image_frame
from modlinseq_print.render.output import format_for, page_files, render_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.units import parse_length


def register(sub: argparse._SubParsersAction) -> None:
    """Add the mod13 command and its subcommands."""
    parser = sub.add_parser("mod13", help="Mod 13, the card game: check a discard pile, print a deck, a reference card "
                                          "or a tuck box")
    actions = parser.add_subparsers(dest="mod13_command", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser("check", help="every operation that makes each card legal")
    check.add_argument("cards", nargs="+", metavar="CARD",
                       help="the discard pile from the bottom: values 1-13 (or A, J, Q, K); the first two start it")
    check.add_argument("--json", action="store_true", help="print a JSON list, one object per card after the first two")
    check.set_defaults(run=run_check)
    deck = actions.add_parser("deck", help="a printable 52-card poker-size deck (63 x 88 mm), nine to a page")
    add_page_arguments(deck, "output/mod13-deck.pdf", "5mm")
    deck.add_argument("--signed", action="store_true",
                      help="also print the tips' value from -6 to -1 (a queen is -1, a jack -2, a 10 -3, ...)")
    deck.add_argument("--backs", action="store_true", help="a mirrored backs page after each fronts page (duplex)")
    deck.add_argument("--back-offset", default="0,0", metavar="X,Y",
                      help="shift of the backs, e.g. 1.5mm,-0.5mm, or -1mm,0")
    deck.add_argument("--no-crop-marks", action="store_true", help="leave out the crop marks")
    deck.add_argument("--per-piece", metavar="DIR", help="also write one PNG per card and one for the back, trim "
                      "plus bleed (default 300 dpi), and a CSV of quantities, for print-on-demand services")
    deck.add_argument("--bleed", default=None, help="--per-piece: bleed around each card (default 1/8in)")
    add_press_arguments(deck)
    add_service_argument(deck)
    add_lang_argument(deck)
    deck.set_defaults(run=run_deck, dpi=None)
    reference = actions.add_parser("reference", help="reference cards: the eight operations and a worked example")
    add_page_arguments(reference, "output/mod13-reference.pdf", "10mm")
    reference.add_argument("--no-crop-marks", action="store_true", help="leave out the crop marks")
    add_press_arguments(reference, bleed_alias=True)
    add_lang_argument(reference)
    reference.set_defaults(run=run_reference)
    register_box(actions)


def run_deck(args: argparse.Namespace) -> int:
    """Print the deck (or, with --service, write the service's bundle of it)."""
    format_for(args.output, args.format)
    if args.service:
        return write_service_bundle(args, "cards", lambda service, product, folder: deck_bundle(
            args, service, product, folder))
    sheet = make_sheet(args.paper, args.margin)
    press = press_from_args(args)
    options = DeckOptions(signed=args.signed, backs=args.backs, back_offset=parse_back_offset(args.back_offset),
                          crop_marks=not args.no_crop_marks, gap=press.die_spacing if press else 0.0,
                          bleed=press.die_spacing / 2 if press else 0.0)
    with using(args.lang):  # the printed words; the report below stays English
        document = deck_document(sheet, options)
        images = deck_images(args)
    kind = "fronts and backs pages" if args.backs else "pages"
    summary = f"52 cards of 63 x 88 mm on {len(document.pages)} {sheet.describe()} {kind}"
    args.dpi = SHEET_DPI if args.dpi is None else args.dpi
    if not images:
        return write_document(document, args, summary)
    fmt = format_for(args.output, args.format)
    pages = render_pages(document, fmt, args.dpi, press)
    written = write_files_atomic(page_files(args.output, pages, fmt) + images)
    print(f"wrote {written[0]} ... {written[-1]}: {summary}, "
          f"and {len(images) - 1} per-card images{removed_note(written)}")
    return 0


def deck_bundle(args: argparse.Namespace, service, product, folder) -> list:
    """The deck as the service's product takes it, with its README, in the folder and a ZIP."""
    from modlinseq_print.services.bundles import bundle, card_files

    with using(args.lang):
        return bundle(folder, service, product, "MODLINSEQ Mod 13 deck", card_files(product, args.signed))


def deck_images(args: argparse.Namespace) -> list:
    """The per-piece card images and their CSV, when --per-piece asks for them (rendered before anything is written)."""
    if args.bleed is not None and not args.per_piece:
        raise ModlinseqError("--bleed sizes the --per-piece images: add --per-piece DIR or drop --bleed")
    if not args.per_piece:
        return []
    bleed = POD_BLEED if args.bleed is None else parse_length(args.bleed, "bleed")
    if bleed > 10:
        raise ModlinseqError(f"a bleed of {bleed:g} mm is more than a card needs: use 0 to 10 mm, e.g. 3mm or 1/8in")
    frame = image_frame((CARD_WIDTH, CARD_HEIGHT), bleed, POD_DPI if args.dpi is None else args.dpi)
    return image_files(card_images(args.signed, frame), args.per_piece, frame)


def run_reference(args: argparse.Namespace) -> int:
    """Print the reference cards."""
    format_for(args.output, args.format)
    sheet = make_sheet(args.paper, args.margin)
    with using(args.lang):
        document = reference_document(sheet, marks=not args.no_crop_marks)
    return write_document(document, args, f"two 148 x 105 mm reference cards on {sheet.describe()}")


def check_lines(cards: list[int], checks: list[CardCheck]) -> list[str]:
    """The pile, one card a line, each with the phrases that make it legal or why it is not."""
    lines = [f"{cards[0]:>2}  first card", f"{cards[1]:>2}  second card"]
    for index, check in enumerate(checks, start=2):
        if check.legal:
            below = cards[max(0, index - 3):index]  # no operation looks deeper: linear in the number of cards
            text = ", ".join(f"{phrase} ({explain(phrase, below, check.card)})" for phrase in check.operations)
        else:
            text = "ILLEGAL: no operation gives it"
        if check.note:
            text += f" ({check.note})"
        lines.append(f"{check.card:>2}  {text}")
    illegal = sum(not c.legal for c in checks)
    lines.append(f"{illegal} of {len(checks)} cards illegal" if illegal
                 else "the card after the first two is legal" if len(checks) == 1
                 else f"all {len(checks)} cards after the first two are legal")
    return lines


def run_check(args: argparse.Namespace) -> int:
    """Judge the cards; exit status 1 when one of them is illegal."""
    checks = check_sequence(args.cards)  # refuses an overlong pile before anything else
    cards = [parse_card(card) for card in args.cards]
    if args.json:
        print(json.dumps([check.as_json() for check in checks]))
    else:
        print("\n".join(check_lines(cards, checks)))
    return 0 if all(check.legal for check in checks) else 1
