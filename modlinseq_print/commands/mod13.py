"""`mod13`: the Mod 13 referee (check), and its printable deck and reference card."""

from __future__ import annotations

import argparse
import json

from modlinseq_print.games.mod13 import CardCheck, check_sequence, parse_card


def register(sub: argparse._SubParsersAction) -> None:
    """Add the mod13 command and its subcommands."""
    parser = sub.add_parser("mod13", help="Mod 13, the card game: check a discard pile, print a deck or a reference card")
    actions = parser.add_subparsers(dest="mod13_command", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser("check", help="every operation that makes each card legal")
    check.add_argument("cards", nargs="+", metavar="CARD",
                       help="the discard pile from the bottom: values 1-13 (or A, J, Q, K); the first two start it")
    check.add_argument("--json", action="store_true", help="print a JSON list, one object per card after the first two")
    check.set_defaults(run=run_check)


def check_lines(cards: list[int], checks: list[CardCheck]) -> list[str]:
    """The pile, one card a line, each with the phrases that make it legal or why it is not."""
    lines = [f"{cards[0]:>2}  first card", f"{cards[1]:>2}  second card"]
    for check in checks:
        if check.legal:
            text = ", ".join(check.operations)
        else:
            text = "ILLEGAL: no operation gives it"
        if check.note:
            text += f" ({check.note})"
        lines.append(f"{check.card:>2}  {text}")
    illegal = sum(not c.legal for c in checks)
    lines.append(f"{illegal} of {len(checks)} cards illegal" if illegal
                 else f"all {len(checks)} cards after the first two are legal")
    return lines


def run_check(args: argparse.Namespace) -> int:
    """Judge the cards; exit status 1 when one of them is illegal."""
    cards = [parse_card(card) for card in args.cards]
    checks = check_sequence(cards)
    if args.json:
        print(json.dumps([check.as_json() for check in checks]))
    else:
        print("\n".join(check_lines(cards, checks)))
    return 0 if all(check.legal for check in checks) else 1
