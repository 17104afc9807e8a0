"""The play page's hints and its review of a finished game.

A hint is the best turn the hand of the person to move allows: the first turn `moves --top 1` lists (the
same search, under the same cost budget; among turns tied for the most points, the same one). Asked once, it is a nudge:
the cells of the line the best turn makes (its own cells, the tiles already in its sequence, and a free cell past each
end), without the tiles, and a sentence; asked again on the same turn, the best turn itself, its tiles and its points.
The review is the HTML page the `review` command makes, drawn in a worker process from what the game recorded (its
turns, the hand held before each, the hints asked for), in the language the game was started in.
"""

from __future__ import annotations

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.i18n import using
from modlinseq_print.rules.moves import Hand, Move, generate_turns
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.review import BEST_SHOWN, NUDGE, end_cells
from modlinseq_print.wording import _, plural

__all__ = ["BEST_SHOWN", "NUDGE", "hint_json", "hint_turn", "nudge_cells", "review_page"]


def hint_turn(position: Position, hand: Hand, pattern: str | None, hash_swap: bool) -> Move | None:
    """The turn a hint shows: the first `moves --top 1` lists for the hand on a game's position (None for none).
    A search over the cost budget of `moves` is refused (RulesError) before it starts."""
    found = generate_turns(position, hand, pattern, hash_swap) if hand.size else []
    return found[0] if found else None


def nudge_cells(position: Position, move: Move) -> list[Cell]:
    """Where a good line is: the cells of the best turn's main sequence (tiles already there included) and a
    free cell past each end; for a turn of one lone tile, that cell and the free cells around it."""
    primary = move.primary
    if primary is None:
        cells = [c for c, _t in move.tiles]
        cells += [n for c in list(cells) for n in position.topology.neighbours(c) if n not in position.tiles]
    else:
        chain = primary.chain
        cells = list(chain.cells)
        if not chain.loop:
            cells += [c for c in end_cells(position, chain.cells, chain.steps) if c not in position.tiles]
    return sorted(set(cells), key=lambda c: (c.q, c.r))


def _tile_words(position: Position, move: Move) -> str:
    address = position.board.address
    return ", ".join(_("{value} on {cell}").format(value=t.label if t.declared is None else f"#={t.declared}",
                                                  cell=address(c)) for c, t in move.tiles)


def hint_json(position: Position, move: Move, level: int, lang: str) -> dict:
    """The hint the page shows: at NUDGE the cells of the line and a sentence; at BEST_SHOWN the best turn's
    tiles, cells and points as well."""
    address = position.board.address
    with using(lang):
        if level == NUDGE:
            cells = nudge_cells(position, move)
            words = _("Look along the marked cells: a good turn lays {tiles} there. Ask again for the best "
                      "turn itself.").format(tiles=plural(move.size, "tile"))
            return {"level": level, "cells": [address(c) for c in cells], "words": words}
        words = _("The best turn your hand allows: {tiles}, for {points}.").format(
            tiles=_tile_words(position, move), points=plural(move.points, "point"))
    return {"level": level, "cells": [address(c) for c, _t in move.tiles], "words": words,
            "tiles": [[address(c), t.label if t.declared is None else f"#={t.declared}"] for c, t in move.tiles],
            "points": move.points, "notation": move.notation(position)}


def review_page(request) -> str:
    """The review of a finished game as an HTML page (run in a worker process): the request carries the game's
    rules, its transcript, the hand held before each turn and the hints asked for, all plain data."""
    from modlinseq_print.printables.review_html import review_html
    from modlinseq_print.render.svg_writer import scene_to_svg
    from modlinseq_print.rules.game import Variant
    from modlinseq_print.rules.review import parse_hands, review_game
    from modlinseq_print.rules.transcript import parse_transcript
    from modlinseq_print.studio.limits import studio_board

    body = request.body
    variant = Variant(studio_board(body["board"]), body["modulus"], body["wrap"], policy=body["policy"],
                      marker=body["marker"], pattern=body["pattern"], hash_swap=body["hash_swap"])
    start = variant.start()
    turns = parse_transcript(body["transcript"], start.topology, start.modulus)
    hands = parse_hands("\n".join(body["hands"]), start.modulus) if turns else None
    hints = {int(number): level for number, level in body["hints"].items()}
    with using(body["lang"]):
        review = review_game(turns, start, hands, variant.pattern, body["players"], variant.hash_swap, hints)
        return review_html(review, scene_to_svg, stylesheet=body["stylesheet"])
