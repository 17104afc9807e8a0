"""The studio's caps, the same for every path into a build (kit, board, position, downloads): cells, pages,
pieces and answer bytes. Each is checked when the request is validated, before any work is done, with one
line saying what to change; the command line has no such caps.
"""

from __future__ import annotations

import math

from modlinseq_print.geometry.boards import MAX_CELLS as MAX_BOARD_CELLS
from modlinseq_print.geometry.boards import Board, parse_board, spec_cell_count
from modlinseq_print.studio.exchange import ApiError

MAX_CELLS = 10_000  # cells of a board (hex:57 has 9,919)
MAX_PAGES = 250  # pages of a kit or a board download (hex:57 at 25 mm tiles on A4 takes about 160)
MAX_PIECES = 3_000  # tiles, wild tiles, blockers and markers of a kit (the standard kit has about 150)
MAX_TILES = MAX_PIECES  # tiles of a position: no more than the largest kit holds
MAX_PIXELS = 600_000_000  # pixels of a PNG download, all pages together (60 A4 pages at 300 dpi)
MAX_ANSWER = 64 * 1024 * 1024  # bytes of one answer


class LimitError(ApiError):
    """A request over one of the studio's caps (400, with the request key at fault)."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message, 400, key)


def studio_board(spec: str, key: str = "board") -> Board:
    """The board a spec names, refused when it names a file or has more than MAX_CELLS cells (counted on the
    board itself, so 'hex:+150' or ' HEX:150 ' is counted like hex:150)."""
    if spec.strip().lower().startswith("file"):
        raise LimitError(f"{key}: the studio takes board files as uploads, not paths: use 'Load board file'", key)
    known = spec_cell_count(spec)  # counted from the spec, before building a board of up to 67,951 cells
    if known is not None and known <= MAX_BOARD_CELLS:  # a larger spec is one the library cannot read: it says so
        check_cells(known, spec, key)
    board = parse_board(spec)  # the library bounds every spec (at most hex:150)
    check_cells(len(board.cells), spec, key)
    return board


def check_cells(count: int, what: str, key: str = "board") -> None:
    """Refuse a board of more than MAX_CELLS cells."""
    if count > MAX_CELLS:
        raise LimitError(f"{key}: {what.strip()} has {count:,} cells; the studio handles at most {MAX_CELLS:,} "
                         "(hex:57 is the largest hexagon): use the command line for larger boards", key)


def check_tiles(count: int) -> None:
    """Refuse a position of more than MAX_TILES tiles."""
    if count > MAX_TILES:
        raise LimitError(f"transcript: the position has {count:,} tiles; the studio judges at most {MAX_TILES:,}: "
                         "use `modlinseq-print check` for larger ones", "transcript")


def check_pages(pages: int, what: str, key: str | None = None) -> None:
    """Refuse a kit or a download of more than MAX_PAGES pages."""
    if pages > MAX_PAGES:
        raise LimitError(f"{what} would print {pages:,} pages; the studio makes at most {MAX_PAGES}: use larger "
                         "paper, smaller tiles or a smaller board, or the command line", key)


def check_pixels(pages: int, width_mm: float, height_mm: float, dpi: int) -> None:
    """Refuse a PNG download of more than MAX_PIXELS pixels in all."""
    pixels = pages * (width_mm / 25.4 * dpi) * (height_mm / 25.4 * dpi)
    if pixels > MAX_PIXELS:
        raise LimitError(f"{pages} PNG pages at {dpi} dpi make {pixels / 1e6:,.0f} million pixels; the studio "
                         f"makes at most {MAX_PIXELS // 1_000_000:,} million: lower the dpi, or download the PDF",
                         "dpi")


def check_answer_size(size: int) -> None:
    """Refuse to send an answer of more than MAX_ANSWER bytes."""
    if size > MAX_ANSWER:
        raise LimitError(f"the answer would be {size / 2**20:,.0f} MB; the studio sends at most "
                         f"{MAX_ANSWER // 2**20} MB: ask for less, or use the command line")


def kit_pieces_count(preset) -> int:
    """How many pieces a kit preset prints, counted without making them."""
    tiles, markers = preset.tiles, preset.markers
    from modlinseq_print.kits.piece_counts import kit_copies, kit_marker_range

    numbers = kit_copies(preset) * (preset.modulus - (1 if tiles.no_zero else 0))
    count = numbers + tiles.wild + tiles.blockers
    if markers.include and markers.copies:
        low, high = kit_marker_range(preset)
        count += markers.copies * (high - low + 1)
    return count


def kit_pages_estimate(preset, board: Board) -> int:
    """At least how many pages a kit preset prints: cover, reference, board pages (and their assembly page),
    piece sheets (with their backs); known before it is built."""
    from modlinseq_print.kits.build import board_style, sheet_options, tile_look
    from modlinseq_print.printables.board_pages import least_pages
    from modlinseq_print.printables.tile_sheets import sheet_slots

    m = preset.measures
    board_pages = least_pages(board, board_style(preset, m).resolved_cell_size(), m.board_sheet)
    slots, _ = sheet_slots(tile_look(preset, m), m.pieces_sheet, sheet_options(preset, m, ""))
    sheets = math.ceil(kit_pieces_count(preset) / max(len(slots), 1))
    sides = 2 if preset.tiles.sheet_layout == "duplex" else 1
    return 2 + board_pages + (1 if board_pages > 1 else 0) + sheets * sides


def check_kit(preset) -> None:
    """Refuse a kit over the caps, naming the key to change: its board's cells, its pieces, its pages."""
    board = studio_board(preset.board.spec, "board.spec")
    pieces = kit_pieces_count(preset)
    if pieces > MAX_PIECES:
        raise LimitError(f"key tiles.copies: the kit would print {pieces:,} pieces; the studio makes at most "
                         f"{MAX_PIECES:,}: fewer copies, wild tiles, blockers or markers", "tiles.copies")
    check_pages(kit_pages_estimate(preset, board), "key board.spec: the kit", "board.spec")
