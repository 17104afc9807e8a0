"""The position editor's API: judge a position (as `check` does) and draw it (as `position` does).

The page holds only the transcript; the server places or removes a tile, judges the position, and sends back
the canonical transcript, the judgement (legality, blocked cells, sequences with MSA and points, problems)
and the diagram with every cell's centre, so no rule lives in the browser.

A check is light work, bounded up front (at most MAX_CELLS cells and MAX_TILES tiles: a second or two at
worst) with a check point between its steps; an export is drawn in a worker process (HEAVY).
"""

from __future__ import annotations

import re
from dataclasses import replace

from modlinseq_print.errors import AddressError
from modlinseq_print.printables.position import (
    DIAGRAM_TILE_WIDTH,
    PositionDrawing,
    PositionStyle,
    position_document,
    position_scene,
    shown_board,
)
from modlinseq_print.printables.position import diagram_style as diagram_style_of
from modlinseq_print.render.output import render_pages
from modlinseq_print.rules.chains import WRAP_MODES
from modlinseq_print.rules.player_words import line_words, reason_words, step_words
from modlinseq_print.rules.position import Position, analyse
from modlinseq_print.rules.report import analysis_json, sequence_msa, tilde_notation
from modlinseq_print.rules.start import start_position as rules_start_position
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.studio.exchange import Reply, Request
from modlinseq_print.studio.feature import Feature
from modlinseq_print.options import LABELS, THEME, TILE_SHAPE
from modlinseq_print.options_play import CROP_MARGIN, LEGEND, WILD_POLICY
from modlinseq_print.studio.fields import choice, field, flag, integer, text
from modlinseq_print.studio.limits import check_tiles, studio_board
from modlinseq_print.studio.screen_svg import screen_svg
from modlinseq_print.studio.uploads import content_type

MAX_TRANSCRIPT = 100_000  # characters
CROPS = {"auto": None, "crop": True, "whole": False}  # the position command's default, --crop, --no-crop


def start_position(body: dict) -> Position:
    """The empty position (or the modulus marker alone) the request's settings describe, as `check` builds it."""
    spec = text(body, "board", "hex:6") or "hex:6"
    studio_board(spec)  # no file board, at most MAX_CELLS cells
    modulus, marker = integer(body, "modulus", 13, 2, 10_000), flag(body, "marker")
    wrap, diagonals = choice(body, "wrap", WRAP_MODES, None), flag(body, "diagonals")
    return rules_start_position(spec, modulus, wrap, diagonals, field(body, WILD_POLICY), marker)


def edited_position(body: dict) -> Position:
    """The transcript's position, with the requested tile placed (`value`) or taken away (empty value)."""
    start = start_position(body)
    written = text(body, "transcript", "", MAX_TRANSCRIPT)
    position = build_position(written, start)[0] if written else start  # an empty board is no error here
    check_tiles(len(position.tiles))
    cell_name = text(body, "cell", "")
    if not cell_name:
        return position
    cell = position.board.parse_address(cell_name)
    if position.tiles.get(cell, None) is not None and position.tiles[cell].marker:
        raise AddressError(f"{cell_name} holds the modulus marker: untick 'marker' to free it")
    tiles = {c: t for c, t in position.tiles.items() if c != cell}
    value = text(body, "value", "", 20)
    base = Position(position.board, position.modulus, tiles, position.wrap, position.diagonals, position.policy)
    if not value:
        return base
    _check_value(value, cell_name, position.modulus)
    placed, _ = build_position(f"{value}{position.board.address(cell)}", base)
    return placed


_VALUE = re.compile(r"\d{1,6}|#|#=\d{1,6}")


def _check_value(value: str, cell_name: str, modulus: int) -> None:
    """What a person typed into a cell, checked in their terms: a number below the modulus, # or #=N."""
    shown = value if len(value) <= 12 else value[:12] + "..."
    if not _VALUE.fullmatch(value):
        raise AddressError(f"{shown!r} is not a tile: type a number from 0 to {modulus - 1} for {cell_name}, "
                           f"# for a wild tile, or #=5 for a wild tile standing for 5")
    if value == "#":
        return  # a wild tile: its value is worked out from its lines
    number = int(value.removeprefix("#="))
    if number >= modulus:
        raise AddressError(f"{value} is not a tile of modulus {modulus}: the numbers go from 0 to {modulus - 1}")


def transcript(position: Position) -> str:
    """The position as a transcript, tile by tile in the order they were placed (the marker left out)."""
    return ", ".join(position.notation(cell) for cell, tile in position.tiles.items() if not tile.marker)


def crop_choice(body: dict) -> bool | None:
    """The diagram's crop, as the position command's: "auto" (its default: crop when the tiles and the cells
    around them fill at most half the board), "crop" (--crop) or "whole" (--no-crop); true and false are
    "crop" and "whole"."""
    value = body.get("crop")
    if isinstance(value, bool):
        return value
    return CROPS[choice(body, "crop", tuple(CROPS), "auto")]


def diagram_style(body: dict) -> PositionStyle:
    """The diagram's look, from the same options as the position command (its defaults where not given)."""
    return diagram_style_of(DIAGRAM_TILE_WIDTH, crop_choice(body), CROP_MARGIN.default, field(body, LEGEND),
                            text(body, "modulus_note", "") or None, not flag(body, "no_blocked"),
                            theme=field(body, THEME), tile_shape=TILE_SHAPE.default,
                            labels=field(body, LABELS), pattern=None, title=text(body, "title") or None)


def drawing_json(position: Position, drawing, screen: int | None) -> dict:
    """A drawn position for a page: the screen SVG, its size, every cell's centre, a cell's outline about its
    centre, and the tiles by address."""
    board = position.board
    cells = [[board.address(c), *(round(v, 2) for v in drawing.centre(c))] for c in board.sorted_cells()]
    some = next(iter(board.cells))
    cx, cy = drawing.centre(some)
    corners = drawing.board.corners(some)
    ox, oy = drawing.offset
    shape = [[round(x + ox - cx, 2), round(y + oy - cy, 2)] for x, y in corners]
    return {"svg": screen_svg(drawing.scene, screen), "width": drawing.scene.width, "height": drawing.scene.height,
            "cells": cells, "shape": shape, "tiles": {board.address(c): t.label for c, t in position.tiles.items()}}


def check(request: Request) -> dict:
    """Place or remove a tile, judge the position and draw it: the page's one round trip."""
    position = edited_position(request.body)
    request.check()
    analysis = analyse(position)
    request.check()
    style = diagram_style(request.body)
    # the editor shows every cell, its legend in player words (the export keeps the rules' notation)
    drawing = position_scene(analysis, replace(style, crop=False, player_words=True))
    request.check()
    report = analysis_json(analysis)
    for entry, sequence in zip(report["sequences"], analysis.sequences):
        entry["notation"] = tilde_notation(position, sequence)
        entry["msa_text"] = sequence_msa(sequence)
        entry["step"] = step_words(entry["msa_text"])
        entry["line"] = line_words([position.board.address(c) for c in sequence.chain.cells], list(sequence.labels))
    for problem in report["problems"]:
        problem["message"] = reason_words(problem["message"])
    screen = integer(request.body, "screen_width", None, 100, 20_000)  # pixels the page shows the diagram at
    return {"transcript": transcript(position), "report": report, **drawing_json(position, drawing, screen),
            "crop": crop_frame(drawing, position, style)}


def crop_frame(drawing: PositionDrawing, position: Position, style: PositionStyle) -> dict | None:
    """The part of the board the exported diagram shows, framed on the editor's drawing of the whole board:
    {x, y, w, h, cells}; None when the export shows every cell."""
    shown = shown_board(position.board, set(position.tiles), style.crop, style.crop_margin)
    if len(shown.cells) == len(position.board.cells):
        return None
    ox, oy = drawing.offset
    xs, ys = zip(*(point for cell in shown.cells for point in drawing.board.corners(cell)))
    pad = 1.0  # mm around the cells' corners
    return {"x": round(min(xs) + ox - pad, 2), "y": round(min(ys) + oy - pad, 2),
            "w": round(max(xs) - min(xs) + 2 * pad, 2), "h": round(max(ys) - min(ys) + 2 * pad, 2),
            "cells": len(shown.cells)}


def export(request: Request) -> Reply:
    """The diagram as `modlinseq-print position` writes it: SVG, PDF or PNG."""
    fmt = choice(request.query, "format", ("svg", "pdf", "png"), "svg")
    position = edited_position(request.body)
    drawing = position_scene(analyse(position), diagram_style(request.body))
    data = render_pages(position_document(drawing), fmt)[0]
    return Reply(data, content_type(fmt), f"position.{fmt}")


FEATURE = Feature(
    routes={("POST", "/api/position/check"): check, ("POST", "/api/position/export"): export},
    form="position.html", budgets={"/api/position/check": 5.0, "/api/position/export": 20.0},
    heavy=frozenset({"/api/position/export"}), pages={"/position": "position.html"})
