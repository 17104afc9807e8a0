"""The front door: a small API over the boards, pieces, kits, position diagrams and the rules engine.

    import modlinseq_print as mp

    mp.board("hex:9", pattern="bonus").save("board.pdf", paper="a4")
    mp.kit("standard").save("kit.pdf")
    mp.tiles(modulus=13, wild=4).save("tiles.pdf", layout="duplex")
    mp.markers("8-20").save("markers.svg")
    mp.position("hex:6", 13, "4B2, 6B1, 1A0").save("position.svg")
    mp.check("hex:9", 13, "4B2, 6B1, 1A0")  # the object `check --json` prints

Each `save` picks the format from the file's extension (.pdf, .svg, .png; .dxf for cut paths of pieces),
writes the same bytes as the matching command, and returns the files written: a PDF holds every page,
SVG and PNG write one file per page (`board-1.svg`, `board-2.svg`, ...). Lengths are strings with a unit
('25mm', '1in') or numbers of millimetres. Bad values raise `modlinseq_print.errors.ModlinseqError`.
`lang` ("en", "de", "fr", "es", "el", "ru") prints the words on the pages in that language, as `--lang`.
`press` (a PressOptions, e.g. PressOptions(pdfx="1a"), or True for the defaults) makes a press-ready PDF/X
file as `--press` does; `preflight(path)` checks one as the `preflight` command does.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.i18n import check_language, using
from modlinseq_print.render.output import format_for, write_output
from modlinseq_print.render.press import PressOptions
from modlinseq_print.units import parse_length

__all__ = ["board", "kit", "tiles", "markers", "position", "check", "preflight", "PressOptions", "ModlinseqError"]


def _mm(value, what: str) -> float | None:
    """A length in mm from '25mm', '1in' or a number (None stays None)."""
    return None if value is None else parse_length(value, what)


def _press(press) -> PressOptions | None:
    """PressOptions from a PressOptions, True (the defaults) or None/False (no press-ready file)."""
    if press is True:
        return PressOptions()
    if press in (None, False) or isinstance(press, PressOptions):
        return press or None
    raise ModlinseqError(f"press must be a PressOptions, True or None, not {type(press).__name__}")


@dataclass
class BoardPrint:
    """A drawn board (`drawing.scene` is the whole board at true size), ready to lay out on paper."""

    drawing: object  # printables.board.BoardDrawing
    lang: str = "en"
    press: PressOptions | None = None

    def save(self, path, paper: str = "a4", margin=None, overlap=None, orientation: str = "auto",
             fit: bool = False, format: str | None = None, dpi: float = 150.0) -> list[Path]:
        """Write the board as the `board` command does: tiled over sheets of `paper` at true size (after an
        assembly page), on one page with paper="poster", or scaled onto one sheet with `fit`."""
        from modlinseq_print.printables.board_pages import board_document

        format_for(path, format)  # a bad name or format fails before the pages are laid out
        with using(self.lang):
            document, _ = board_document(self.drawing, paper, margin, overlap, orientation, fit)
        return write_output(document, path, format, dpi, self.press)


def board(spec: str = "hex:9", pattern: str | None = None, *, theme: str = "green", tile_width="25mm",
          tile_shape: str = "pentagon", clearance="1.5mm", cell_size=None, labels: bool = True, label_size=None,
          centre_dots: bool = False, title: str | None = None, modulus: int | None = None,
          arrows: bool = False, lang: str = "en", press=None, dieline_board: bool = False) -> BoardPrint:
    """A board (hex:N, rect:CxR, tess:N, square:CxR or file:PATH) drawn with the `board` command's options;
    `press` for a press-ready file, `dieline_board` (with press) for a die line round the board."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle, board_scene

    press = _press(press)
    if dieline_board and press is None:
        raise ModlinseqError("dieline_board sets up a press-ready PDF: give press too")
    style = BoardStyle(theme=theme, tile_width=_mm(tile_width, "tile width"), clearance=_mm(clearance, "clearance"),
                       tile_shape=tile_shape, cell_size=_mm(cell_size, "cell size"), labels=labels,
                       label_size=_mm(label_size, "label size"), pattern=pattern, centre_dots=centre_dots,
                       title=title, modulus=modulus, arrows=arrows, die_outline=dieline_board,
                       die_bleed=press.bleed if dieline_board else 0.0)
    with using(lang):
        return BoardPrint(board_scene(parse_board(spec), style), lang, press)


@dataclass
class KitPrint:
    """A built kit: `kit.document` holds its pages, `kit.sections` its parts."""

    kit: object  # kits.build.Kit
    press: PressOptions | None = None

    def save(self, path, format: str | None = None, dpi: float = 150.0) -> list[Path]:
        """Write the kit (a PDF with bookmarks, press-ready when the kit was built with press, or one
        SVG/PNG per page)."""
        return write_output(self.kit.document, path, format, dpi, self.press)


def kit(preset: str = "standard", exercises: int | None = None, seed: int | None = None, progress=None,
        lang: str | None = None, press=None) -> KitPrint:
    """The kit of a preset (a shipped name such as "standard", or a FILE.toml); `exercises` and `seed` set
    its worksheet; `progress`, if given, is called with a label after each build step; `lang` replaces the
    preset's language; `press` builds it press-ready (pieces spaced and bled for the die)."""
    from dataclasses import replace

    from modlinseq_print.kits.build import build_kit, with_exercises
    from modlinseq_print.kits.preset_loading import load_preset

    chosen = with_exercises(load_preset(preset), exercises, seed)
    if lang:
        chosen = replace(chosen, lang=check_language(lang))
    press = _press(press)
    return KitPrint(build_kit(chosen, progress=progress, press=press), press)


@dataclass
class PiecesPrint:
    """A run of pieces (number tiles, wild tiles, blockers, modulus markers) and how their faces look."""

    pieces: list
    faces: object
    title: str
    lang: str = "en"

    def save(self, path, paper: str = "a4", margin="10mm", orientation: str = "portrait", layout: str = "fronts",
             gap="2mm", nest: bool = True, crop_marks: bool = False, gutter=None, back_offset: str = "0,0",
             flip: str = "long", format: str | None = None, dpi: float | None = None, cut_file=None,
             cut_mode: str | None = None, bed: str | None = None, kerf="0mm", per_piece=None,
             per_piece_bleed=None, press=None, cutter: str | None = None) -> list[Path]:
        """Write the sheets and their manifest (NAME.manifest.csv and .json) as the `tiles` command does;
        `cut_file` adds a cutting file (.svg or .dxf), a .dxf `path` writes the cut paths nested on `bed`,
        `cutter` ("silhouette", "cricut", "scanncut", "summa") picks the print-and-cut marks and area,
        `per_piece` a folder of one PNG per distinct face (bleed `per_piece_bleed`, default 1/8 in) for
        print-on-demand services; `press` (a render.press.PressOptions) makes the sheets a press-ready PDF/X."""
        from modlinseq_print.printables.cutfile import CutSpec
        from modlinseq_print.kits.piece_files import piece_files, piece_output
        from modlinseq_print.printables.per_piece import POD_BLEED
        from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, SheetOptions, parse_back_offset

        options = SheetOptions(gap=_mm(gap, "gap"), nest=nest, layout=layout, crop_marks=crop_marks,
                               gutter=DEFAULT_GUTTER if gutter is None else _mm(gutter, "gutter"),
                               back_offset=parse_back_offset(back_offset), title=self.title, flip=flip)
        out = piece_output(str(path), options=options, fmt=format, paper=paper, margin=margin,
                           orientation=orientation, dpi=dpi, cut_file=None if cut_file is None else str(cut_file),
                           cut_mode=cut_mode, cut_spec=CutSpec(kerf=_mm(kerf, "kerf"), gap=options.gap, nest=nest),
                           bed=bed, per_piece=None if per_piece is None else str(per_piece),
                           per_piece_bleed=POD_BLEED if per_piece_bleed is None else _mm(per_piece_bleed, "bleed"),
                           press=_press(press), cutter=cutter)
        with using(self.lang):
            files = piece_files(self.pieces, self.faces, out)
        return write_files_atomic(files)


def _look(width, shape: str, underline: bool, bleed, safe, cut_lines: str, back_text: str):
    """The look of tiles and markers from lengths given as strings or mm."""
    from modlinseq_print.printables.tiles import TileLook

    return TileLook(width=_mm(width, "tile width"), shape=shape, underline=underline, bleed=_mm(bleed, "bleed"),
                    cut_line=cut_lines, back_text=back_text, safe=_mm(safe, "safe zone"))


def tiles(modulus: int = 13, copies: int = 10, *, no_zero: bool = False, wild: int = 0, blockers: int = 0,
          markers: str | None = None, counts=None, underline: bool = False, width="25mm", shape: str = "pentagon",
          theme: str = "green", bleed="0mm", safe=None, cut_lines: str = "solid",
          back_text: str = "", lang: str = "en") -> PiecesPrint:
    """Number tiles 0 to modulus-1 (`copies` of each, or per-value `counts` from a .toml or .csv file), wild
    tiles, blockers and, with `markers` (a range such as "8-20"), modulus markers on the same sheets."""
    from modlinseq_print.printables.pieces import PieceFaces, with_markers
    from modlinseq_print.printables.tiles import read_counts, tile_set
    from modlinseq_print.render.theme import get_theme

    look = _look(width, shape, underline, bleed, safe, cut_lines, back_text)
    per_value = read_counts(str(counts)) if counts is not None else None
    pieces = with_markers(tile_set(modulus, copies, no_zero, per_value, wild, blockers), markers)
    title = "MODLINSEQ tiles and markers" if markers else "MODLINSEQ tiles"
    return PiecesPrint(pieces, PieceFaces(look, get_theme(theme), pieces), title, lang)


def markers(range: str = "8-20", copies: int = 1, *, width="25mm", shape: str = "pentagon", theme: str = "green",
            bleed="0mm", safe=None, cut_lines: str = "solid", back_text: str = "", lang: str = "en") -> PiecesPrint:
    """Modulus markers, `copies` of each modulus of a range such as "8-20", as the `markers` command makes."""
    from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
    from modlinseq_print.render.theme import get_theme

    low, high = parse_range(range)
    look = _look(width, shape, False, bleed, safe, cut_lines, back_text)
    faces = MarkerFaces(look, get_theme(theme), list(builtins.range(low, high + 1)))
    return PiecesPrint(marker_set(low, high, copies), faces, "MODLINSEQ modulus markers", lang)


def preflight(path, pdfx: str | None = None, max_ink: float = 300):
    """Check a PDF against PDF/X-4 or PDF/X-1a ("4" or "1a"; None: the level it claims) as the `preflight`
    command does: a report whose `checks` each have a name, `passed` and a detail, and `passed` overall."""
    from modlinseq_print.render.preflight import preflight as check

    return check(path, pdfx, max_ink)


def _analysis(spec: str, modulus: int, transcript: str, wrap, diagonals, wild_policy, marker):
    """The judged position of a transcript played onto an empty board (or the marker alone on A0)."""
    from modlinseq_print.rules.position import analyse
    from modlinseq_print.rules.start import start_position
    from modlinseq_print.rules.transcript import build_position

    start = start_position(spec, modulus, wrap, diagonals, wild_policy, marker)
    return analyse(build_position(transcript, start)[0])


def check(board: str, modulus: int, transcript: str, *, wrap: str | None = None, diagonals: bool = False,
          wild_policy: str = "E", marker: bool = False) -> dict:
    """Judge a position (a transcript such as "4B2, 6B1, 1A0"): the object `check --json` prints, with its
    sequences, legality ("legal"), blocked cells, wild-tile values and problems."""
    from modlinseq_print.rules.report import analysis_json

    return analysis_json(_analysis(board, modulus, transcript, wrap, diagonals, wild_policy, marker))


@dataclass
class PositionPrint:
    """A judged position (`analysis`) and its diagram (`drawing.scene`), as the `position` command draws it."""

    analysis: object
    drawing: object

    def save(self, path, format: str | None = None, dpi: float = 150.0) -> list[Path]:
        """Write the diagram (one page) as SVG, PDF or PNG."""
        from modlinseq_print.printables.position import position_document

        return write_output(position_document(self.drawing), path, format, dpi)


def position(board: str, modulus: int, transcript: str, *, pattern: str | None = None, wrap: str | None = None,
             diagonals: bool = False, wild_policy: str = "E", marker: bool = False, crop: bool | None = None,
             crop_margin: int = 1, legend: str = "long", modulus_note: str | None = None,
             show_blocked: bool = True, theme: str = "green", tile_width=None, tile_shape: str = "pentagon",
             labels: bool = True, title: str | None = None, lang: str = "en") -> PositionPrint:
    """A position diagram: the board, the tiles, blocked cells in red and a legend of the sequences
    (`tile_width` None: the diagrams' own, smaller than a printed tile). `crop` True draws only the cells
    around the tiles, False the whole board, None (the default) crops when the tiles fill at most half of it."""
    from modlinseq_print.printables.position import DIAGRAM_TILE_WIDTH, diagram_style, position_scene

    width = DIAGRAM_TILE_WIDTH if tile_width is None else _mm(tile_width, "tile width")
    style = diagram_style(width, crop, crop_margin, legend, modulus_note, show_blocked,
                          theme=theme, tile_shape=tile_shape, labels=labels, pattern=pattern, title=title)
    analysis = _analysis(board, modulus, transcript, wrap, diagonals, wild_policy, marker)
    with using(lang):
        return PositionPrint(analysis, position_scene(analysis, style))
