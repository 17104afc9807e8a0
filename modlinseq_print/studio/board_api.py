"""The board designer's API: preview, page split, downloads, and board files and presets saved and loaded."""

from __future__ import annotations

import re
import secrets
from functools import lru_cache, partial
from pathlib import PurePath

from modlinseq_print.geometry import addresses

from modlinseq_print.geometry.board_files import board_file_cells
from modlinseq_print.geometry.boards import MAX_CELLS as MAX_FILE_CELLS
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell, hexagon, in_reading_order
from modlinseq_print.inputs import PRESET_LIMIT, load_toml
from modlinseq_print.kits.preset_loading import preset_from_text
from modlinseq_print.options import PAGE_FORMATS, TILE_WIDTH
from modlinseq_print.render.output import render_pages
from modlinseq_print.studio.client_words import names_a_file
from modlinseq_print.studio.design import (Design, design_board, design_document, design_drawing, design_from,
                                           ghost_cells, page_plan)
from modlinseq_print.studio.exchange import ApiError, InWorker, Reply, Request
from modlinseq_print.studio.feature import Feature
from modlinseq_print.studio.screen_svg import screen_svg
from modlinseq_print.studio.fields import FieldError, choice, field, integer, smallest_hexagon, text
from modlinseq_print.studio.limits import check_cells, check_pages, check_pixels, studio_board
from modlinseq_print.studio.shelf import Shelf
from modlinseq_print.studio.uploads import MAX_UPLOAD, content_type, read_upload, toml_text, zip_files
from modlinseq_print.wording import plural


def _round(value: float) -> float:
    return round(value, 2)


@lru_cache(maxsize=1 << 16)
def _name(grid: str, cell: Cell) -> str:
    """A cell's address, computed once: every edit of a design names the same cells again."""
    return addresses.square_address_of(cell) if grid == "square" else addresses.address_of(cell)


def placed_cells(drawing, cells) -> list[list]:
    """[address, x, y] of each cell, for the page to find cells under the pointer and move between them."""
    grid, (ox, oy), centre = drawing.board.grid, drawing.origin, drawing.layout.centre
    return [[_name(grid, c), *(round(v, 2) for v in (centre(c)[0] + ox, centre(c)[1] + oy))] for c in cells]


def preview(request: Request) -> dict:
    """The board as a light SVG for the screen, with every cell's address and centre and the cells that can be
    added."""
    design = design_from(request.body)
    drawing, removed = design_drawing(design)
    board = drawing.board
    point = drawing.centre
    cells = placed_cells(drawing, board.sorted_cells())
    ghosts = placed_cells(drawing, ghost_cells(board, removed))
    some = next(iter(board.cells))
    cx, cy = point(some)
    shape = [[_round(x - cx), _round(y - cy)] for x, y in drawing.corners(some)]
    screen = integer(request.body, "screen_width", None, 100, 20_000)  # pixels the page shows the board at
    return {"svg": screen_svg(drawing.scene, screen), "width": drawing.scene.width,
            "height": drawing.scene.height, "cells": cells, "ghosts": ghosts, "shape": shape,
            "count": len(board.cells), "spec": board.spec}


def pages(request: Request) -> dict:
    """How the board splits over sheets: page windows in board mm, and the page count with the assembly page."""
    design = design_from(request.body)
    drawing, _ = design_drawing(design)
    plan = page_plan(drawing, design)
    if plan is None:
        what = "one poster page" if design.paper == "poster" else f"one {design.paper} sheet, scaled to fit"
        return {"pages": [], "count": 1, "summary": what}
    windows = [{"number": p.number, "x": _round(p.window.x), "y": _round(p.window.y), "w": _round(p.window.width),
                "h": _round(p.window.height), "place": plan.place(p)} for p in plan.pages]
    count = len(windows) + (1 if len(windows) > 1 else 0)
    sheet = plan.sheet.describe()
    summary = (f"1 {sheet} page" if len(windows) == 1 else
               f"{len(windows)} {sheet} pages in {plan.arrangement}, plus an assembly page: {plural(count, 'page')}")
    return {"pages": windows, "count": count, "summary": summary}


def download(request: Request) -> Reply:
    """The board as the board command prints it: a PDF, or an SVG/PNG (a ZIP of them when there are several)."""
    fmt = choice(request.query, "format", PAGE_FORMATS, PAGE_FORMATS[0])
    dpi = integer(request.query, "dpi", 150, 30, 600)
    design = design_from(request.body)
    drawing, _ = design_drawing(design)
    plan = page_plan(drawing, design)
    check_pages(len(plan.pages) + (len(plan.pages) > 1) if plan else 1, "this board")  # before any page is drawn
    document, _ = design_document(drawing, design)
    if fmt == "png":
        check_pixels(len(document.pages), document.pages[0].scene.width, document.pages[0].scene.height, dpi)
    pages = len(document.pages)
    request.progress(f"drawing {plural(pages, 'page')}", 0, pages)
    drawn = iter(range(1, pages + 1))

    def page_done(label: str) -> None:
        done = next(drawn, pages)
        request.progress(f"drawn {done} of {plural(pages, 'page')}", done, pages)

    files = render_pages(document, fmt, dpi, progress=page_done)
    stem = _file_stem(design)
    if len(files) == 1:
        return Reply(files[0], content_type(fmt), f"{stem}.{fmt}")
    names = [(f"{stem}-{n}.{fmt}", data) for n, data in enumerate(files, start=1)]
    return Reply(zip_files(names), content_type("zip"), f"{stem}-{fmt}.zip")


MAX_MADE = 3  # downloads made and kept for the page to fetch (each is taken when fetched)


def _keep_download(downloads: Shelf[Reply], reply: Reply) -> dict:
    """In the server: keep a download made in a worker on the app's shelf of `downloads`, until the page
    fetches it; what the page needs to fetch it."""
    file_id = secrets.token_hex(8)
    downloads.put(file_id, reply)
    return {"id": file_id, "name": reply.filename, "bytes": len(reply.content)}


def make(request: Request) -> InWorker:
    """The download, made in a worker process with its progress reported (drawing page 3 of 12...), then kept
    for the page to fetch (`file`): the page shows the progress and the button waits."""
    fmt = choice(request.query, "format", PAGE_FORMATS, PAGE_FORMATS[0])
    design_board(design_from(request.body))  # a bad value is answered before a worker is asked
    return InWorker(download, request.body, {"format": fmt, "dpi": request.query.get("dpi", "150")},
                    then=partial(_keep_download, request.studio.downloads), form=FORM)


def made_file(request: Request) -> Reply:
    """A download made before, fetched once."""
    reply = request.studio.downloads.take(text(request.query, "id"))
    if reply is None:
        raise ApiError("no such download: make it again (the studio keeps a download until it is fetched)", 404)
    return reply


def _file_stem(design: Design) -> str:
    return "board-" + re.sub(r"[^a-z0-9]+", "-", design.spec.lower()).strip("-") + ("-edited" if design.edited else "")


def mask_text(board: Board) -> str:
    """The board as an ASCII-art mask (the board-file format): '.' a cell, 'A' A0, '@' A0 when not on the board."""
    cells = board.cells | {ORIGIN}
    left = min(2 * c.q + c.r for c in cells)
    lines = []
    for r in range(min(c.r for c in cells), max(c.r for c in cells) + 1):
        row = {2 * c.q + c.r - left: c for c in cells if c.r == r}
        line = "".join(" " if col not in row else ("A" if row[col] == ORIGIN and ORIGIN in board.cells else
                                                   "@" if row[col] == ORIGIN else ".")
                       for col in range(max(row, default=-1) + 1))
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def board_file(request: Request) -> Reply:
    """The designed shape as a board file (an ASCII-art mask) for `--board file:NAME.txt`."""
    design = design_from(request.body)
    board, _, _ = design_board(design)
    if board.grid != "hex":
        raise FieldError("board files hold hex-grid boards; a square board is named square:CxR")
    header = (f"# MODLINSEQ board file: {len(board.cells)} cells, from {design.spec}"
              f"{' with cells removed or added' if design.edited else ''}\n"
              "# use it as --board file:THIS_FILE.txt; '.' is a cell, 'A' is A0 ('@' where A0 would be)\n")
    return Reply((header + mask_text(board)).encode(), content_type("txt"), f"{_file_stem(design)}.txt")


def preset(request: Request) -> Reply:
    """The design's settings as a kit preset (TOML); an edited shape names its board file."""
    design = design_from(request.body)
    design_board(design)  # the design must be valid before it is saved
    style = design.style
    spec = f"file:{_file_stem(design)}.txt" if design.edited else design.spec
    top = {"title": style.title or "MODLINSEQ", "modulus": style.modulus, "paper": design.paper,
           "margin": design.margin, "theme": style.theme}
    tables = {"board": {"spec": spec, "pattern": style.pattern, "labels": style.labels},
              "tiles": {"width": field(request.body, TILE_WIDTH), "shape": style.tile_shape}}
    note = "MODLINSEQ preset saved by the studio's board designer."
    if design.edited:
        note += f"\nThe board is the file {spec[5:]}: save it beside this preset ('Save board file')."
    return Reply(toml_text(top, tables, note).encode(), content_type("toml"), f"{_file_stem(design)}.toml")


def load_board_file(request: Request) -> dict:
    """A board file's cells as a design: the smallest hexagon holding them, less the cells not in the file."""
    contents = text(request.body, "contents", limit=MAX_UPLOAD)
    cells = read_upload(contents, lambda t, name: board_file_cells(t, name, MAX_FILE_CELLS), "the uploaded board file")
    check_cells(len(cells), "the uploaded board file", "contents")
    order = smallest_hexagon(cells)
    spec = f"hex:{order}"
    board = Board(spec, "hex", hexagon(order))
    check_cells(len(board.cells), f"the smallest hexagon holding the uploaded board file ({spec})", "contents")
    removed = in_reading_order(board.cells - cells)
    return {"board": spec, "remove": [board.address(c) for c in removed], "add": [], "count": len(cells)}


def load_preset_file(request: Request) -> dict:
    """A preset's settings for the designer, checked by the kit's own preset reader. A preset whose board is a
    file names the file: the page asks for its upload (the server never opens it)."""
    contents = text(request.body, "contents", limit=PRESET_LIMIT)
    data = load_toml(contents, "the uploaded preset")
    given = data.get("board")
    board: dict = given if isinstance(given, dict) else {}
    spec = str(board.get("spec", "hex:9"))
    needs_file = names_a_file(spec)
    if needs_file:  # its board file is uploaded on its own: check the rest with a stand-in board
        board["spec"] = "hex:9"
        tables = {k: v for k, v in data.items() if isinstance(v, dict)}
        contents = toml_text({k: v for k, v in data.items() if not isinstance(v, dict)}, tables)
    loaded = read_upload(contents, lambda t, name: preset_from_text(t, PurePath(name)), "the uploaded preset")
    settings = {"title": "" if loaded.title == "MODLINSEQ" else loaded.title, "modulus": loaded.modulus,
                "paper": loaded.paper, "margin": loaded.margin, "theme": loaded.theme,
                "pattern": loaded.board.pattern or "", "labels": loaded.board.labels,
                "tile_width": loaded.tiles.width, "tile_shape": loaded.tiles.shape}
    if not needs_file:
        studio_board(loaded.board.spec)
        settings.update(board=loaded.board.spec, remove=[], add=[])
    file_name = re.split(r"[/\\:]", spec.strip())[-1] if needs_file else None
    return {"settings": settings, "board_file": file_name}


FORM = "board.html"  # the page whose labels name the fields in its messages
FEATURE = Feature(
    routes={("POST", "/api/board/preview"): preview, ("POST", "/api/board/pages"): pages,
            ("POST", "/api/board/download"): download, ("POST", "/api/board/board-file"): board_file,
            ("POST", "/api/board/preset"): preset, ("POST", "/api/board/load-board-file"): load_board_file,
            ("POST", "/api/board/load-preset"): load_preset_file, ("POST", "/api/board/make"): make,
            ("GET", "/api/board/file"): made_file},
    form=FORM, heavy=frozenset({"/api/board/download"}),
    budgets={"/api/board/download": 180.0, "/api/board/make": 180.0},
    pages={"/": "board.html", "/board": "board.html"})
