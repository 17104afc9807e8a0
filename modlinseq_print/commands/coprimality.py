"""`coprimality`: the Convoluted Coprimality Game referee (check) and its game sheets."""

from __future__ import annotations

import argparse
import json

from modlinseq_print.commands.common import add_lang_argument, add_page_arguments, write_document
from modlinseq_print.games.coprimality import CoprimalityError, Grid
from modlinseq_print.games.coprimality_record import GameState, parse_record, replay
from modlinseq_print.geometry.addresses import column_letters
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.i18n import using
from modlinseq_print.commands.numbers import POSITIVE, WHOLE
from modlinseq_print.inputs import TEXT_LIMIT, read_text_input
from modlinseq_print.printables.coprimality import GameSheetSpec, choose_square, game_sheets, grids_per_page
from modlinseq_print.render.output import format_for
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.units import parse_length


def register(sub: argparse._SubParsersAction) -> None:
    """Add the coprimality command and its subcommands."""
    parser = sub.add_parser("coprimality", help="the Convoluted Coprimality Game: check a game record, print sheets")
    actions = parser.add_subparsers(dest="coprimality_command", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser("check", help="replay a game record under the rules: eliminations, restarts, winner")
    check.add_argument("game", metavar="GAME", help="the game record file ('-' for standard input)")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(run=run_check)
    sheet = actions.add_parser("sheet", help="game sheets: n x n grids, the placement rules and the turn table")
    sheet.add_argument("--size", type=WHOLE, default=12, metavar="N", help="grid size n, at least 12 (default 12)")
    sheet.add_argument("--square", default=None,
                       help="square size, any unit, e.g. 7mm or 0.25in (default 7mm, smaller if a grid needs it)")
    sheet.add_argument("--pages", type=POSITIVE, default=1, help="pages to print (default 1)")
    add_page_arguments(sheet, "output/coprimality-sheets.pdf", "10mm")
    add_lang_argument(sheet)
    sheet.set_defaults(run=run_sheet)


def run_sheet(args: argparse.Namespace) -> int:
    """Print game sheets."""
    format_for(args.output, args.format)
    paper = make_sheet(args.paper, args.margin)
    square = parse_length(args.square, "square size") if args.square is not None else None
    spec = GameSheetSpec(args.size, square, args.pages)
    with using(args.lang):
        document = game_sheets(paper, spec)
    count = grids_per_page(paper, spec)
    return write_document(document, args, f"{count} grid{'s' if count > 1 else ''} of {spec.size} x {spec.size} "
                                          f"squares of {choose_square(paper, spec):g} mm on each of "
                                          f"{len(document.pages)} {paper.describe()} page(s)")


def read_record_text(name: str) -> str:
    """The text of a record file, or of standard input for '-'."""
    return read_text_input(name, "game record", TEXT_LIMIT, CoprimalityError)


def grid_rows(grid: Grid) -> list[list[int | None]]:
    """The grid as rows from the top, each a list of numbers (None for an empty square)."""
    return [[grid.numbers.get(Cell(q, r)) for q in range(grid.size)] for r in range(grid.size)]


def grid_text(grid: Grid) -> list[str]:
    """The grid drawn in text: column letters on top, row numbers on the left, '.' for empty squares."""
    width = max(3, len(str(grid.size * grid.size)) + 1)
    lines = ["   " + "".join(f"{column_letters(q):>{width}}" for q in range(grid.size))]
    for r, row in enumerate(grid_rows(grid)):
        lines.append(f"{r + 1:>3}" + "".join(f"{'.' if n is None else n:>{width}}" for n in row))
    return lines


def state_json(state: GameState) -> dict:
    """The replayed game as one JSON object."""
    playing = not state.winner and not state.violation
    return {
        "size": state.size, "players": list(state.players), "remaining": list(state.alive),
        "winner": state.winner, "legal": state.violation is None, "violation": state.violation,
        "events": [event.as_json() for event in state.events], "grid_number": state.grid_count,
        "to_move": {"player": state.to_move, "turn": state.turn, "number": state.grid.next_number(),
                    "last": state.turn_last, "squares": state.legal_next()} if playing else None,
        "grid": grid_rows(state.grid),
    }


def state_lines(state: GameState) -> list[str]:
    """A readable report: events, then the winner, the rule broken or whose move it is, then the grid."""
    lines = [f"{state.size} x {state.size} grid; players in order: {', '.join(state.players)}"]
    lines += [f"line {event.line}: {event.detail}" for event in state.events]
    if state.violation:
        lines.append(f"ILLEGAL: {state.violation}")
    elif state.winner:
        lines.append(f"winner: {state.winner}")
    else:
        squares = ", ".join(state.legal_next())
        lines.append(f"in play on grid {state.grid_count}: turn {state.turn}, {state.to_move} to place "
                     f"{state.grid.next_number()} (the turn runs to {state.turn_last}) in {squares}; "
                     f"players left: {', '.join(state.alive)}")
    return lines + [""] + grid_text(state.grid)


def run_check(args: argparse.Namespace) -> int:
    """Replay the record; exit status 1 when it breaks a rule."""
    state = replay(parse_record(read_record_text(args.game)))
    print(json.dumps(state_json(state)) if args.json else "\n".join(state_lines(state)))
    return 1 if state.violation else 0
