"""Reading a preset: find the file, parse TOML, type-check every key, validate values."""

from __future__ import annotations

import math
import tomllib
import typing
from dataclasses import fields
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.i18n import LANGUAGES
from modlinseq_print.kit.build import board_sheet, board_style, pieces_sheet, sheet_options, text_sheet, tile_look
from modlinseq_print.kit.presets import MAX_KIT_MODULUS, SECTIONS, TEMPLATES, WRAPS, Preset, PresetError
from modlinseq_print.printables.markers import parse_range
from modlinseq_print.printables.tile_sheets import LAYOUTS, SheetOptions, sheet_slots
from modlinseq_print.printables.tiles import CUT_LINES, TileLook
from modlinseq_print.render.paper import ORIENTATIONS, is_poster, parse_paper
from modlinseq_print.render.theme import get_theme
from modlinseq_print.render.tiling import window_size
from modlinseq_print.units import parse_length


def preset_names() -> list[str]:
    """The names of the presets shipped in templates/."""
    return sorted(p.stem for p in TEMPLATES.glob("*.toml"))


def find_preset(name_or_path: str) -> Path:
    """The file for a preset name (templates/NAME.toml) or a path to a .toml file."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise PresetError(f"preset file {path} not found")
        return path
    candidate = TEMPLATES / f"{name_or_path}.toml"
    if not candidate.is_file():
        raise PresetError(f"unknown preset {name_or_path!r}: use one of {', '.join(preset_names())} or a FILE.toml")
    return candidate


_TYPE_NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def _expected_type(annotation: str) -> type:
    """The TOML value type for a dataclass field annotation."""
    return {"int": int, "str": str, "bool": bool, "str | None": str}[annotation]


def _typed(cls, table: dict, where: str, source: Path) -> dict:
    """Check a TOML table against a dataclass: no unknown keys, each value of its field's type."""
    known = {f.name: f for f in fields(cls) if f.name not in ("name", "source") and f.name not in SECTIONS}
    values = {}
    for key, value in table.items():
        if not where and key in SECTIONS:
            continue  # a section table, checked on its own
        if key not in known:
            raise PresetError(f"{source}: unknown key '{where}{key}'; known keys: {', '.join(sorted(known))}")
        wanted = _expected_type(str(known[key].type))
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise PresetError(f"{source}: key {where}{key} must be {_TYPE_NAMES[wanted]}, got {value!r}")
        values[key] = value
    return values


def load_preset(name_or_path: str) -> Preset:
    """Read, type-check and validate a preset by name or path."""
    path = find_preset(name_or_path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise PresetError(f"cannot read preset {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise PresetError(f"{path}: not valid TOML: {error}") from None
    top = _typed(Preset, data, "", path)
    sections = {}
    for name, cls in SECTIONS.items():
        table = data.get(name, {})
        if not isinstance(table, dict):
            raise PresetError(f"{path}: {name} must be a table ([{name}])")
        sections[name] = cls(**_typed(cls, table, f"{name}.", path))
    preset = Preset(**{"name": path.stem, **top, **sections, "source": str(path)})
    validate(preset, path)
    return preset


def validate(preset: Preset, path: Path) -> None:
    """Check the values of a preset, naming the key and file of the first bad one."""
    def fail(key: str, problem: str) -> typing.NoReturn:
        raise PresetError(f"{path}: key {key}: {problem}")

    if not 2 <= preset.modulus <= MAX_KIT_MODULUS:
        fail("modulus", f"must be from 2 to {MAX_KIT_MODULUS}, got {preset.modulus}")
    choices_of = (("board.pattern", preset.board.pattern, PATTERNS), ("board.wrap", preset.board.wrap, WRAPS),
                  ("board.orientation", preset.board.orientation, ORIENTATIONS),
                  ("tiles.cut_lines", preset.tiles.cut_lines, CUT_LINES))
    for key, value, choices in choices_of:
        if value is not None and value not in choices:
            fail(key, f"unknown value {value!r}: use one of {', '.join(choices)}")
    if preset.lang not in LANGUAGES:
        fail("lang", f"unknown language {preset.lang!r}: use one of {', '.join(LANGUAGES)}")
    if preset.tiles.layout is not None and preset.tiles.layout not in LAYOUTS:
        fail("tiles.layout", f"unknown layout {preset.tiles.layout!r}: use one of {', '.join(LAYOUTS)}")
    for key, value in _lengths(preset):
        if value is not None:
            try:
                parse_length(value, key)
            except ModlinseqError as error:
                fail(key, str(error))
    for key, value in (("tiles.copies", preset.tiles.copies), ("tiles.wild", preset.tiles.wild),
                       ("tiles.blockers", preset.tiles.blockers), ("markers.copies", preset.markers.copies),
                       ("exercises.count", preset.exercises.count)):
        if value < 0:
            fail(key, f"must not be negative, got {value}")
    for key, check in _checks(preset):
        try:
            check()
        except ModlinseqError as error:
            fail(key, str(error))


def _lengths(preset: Preset) -> list[tuple[str, str | None]]:
    """Every length key of a preset and its value (None when left to a default)."""
    board, tiles = preset.board, preset.tiles
    return [("margin", preset.margin), ("board.margin", board.margin), ("board.clearance", board.clearance),
            ("board.cell_size", board.cell_size), ("board.overlap", board.overlap), ("tiles.margin", tiles.margin),
            ("tiles.width", tiles.width), ("tiles.gap", tiles.gap), ("tiles.bleed", tiles.bleed),
            ("tiles.safe", tiles.safe), ("tiles.gutter", tiles.gutter)]


def _checks(preset: Preset) -> list[tuple[str, typing.Callable[[], object]]]:
    """The checks that build what a key describes, in the order a reader meets the keys, each with its key."""
    tiles = preset.tiles
    width = parse_length(tiles.width, "tiles.width")
    return [("board.spec", lambda: parse_board(preset.board.spec)),
            ("paper", lambda: _paper(preset.paper)), ("margin", lambda: text_sheet(preset)),
            ("board.paper", lambda: _paper(preset.board.paper)), ("board.margin", lambda: board_sheet(preset)),
            ("board.overlap", lambda: _overlap(preset)),
            ("tiles.paper", lambda: _paper(tiles.paper)), ("tiles.margin", lambda: pieces_sheet(preset)),
            ("theme", lambda: get_theme(preset.theme)), ("tiles.shape", lambda: _shape(preset)),
            ("tiles.width", lambda: TileLook(width=width, shape=tiles.shape)),
            ("tiles.bleed", lambda: TileLook(width=width, shape=tiles.shape, bleed=parse_length(tiles.bleed))),
            ("tiles.safe", lambda: tile_look(preset)),
            ("markers.range", lambda: parse_range(preset.markers.range)),
            ("board.cell_size" if preset.board.cell_size else "tiles.width", lambda: _cell_fits(preset)),
            ("tiles.gap", lambda: SheetOptions(gap=parse_length(tiles.gap))),
            ("tiles.gutter", lambda: _gutter(preset)),
            ("tiles.back_offset", lambda: sheet_options(preset, "")),
            ("tiles.layout" if tiles.sheet_layout == "gutter-fold" else "tiles.width", lambda: _pieces_fit(preset))]


def _paper(paper: str | None) -> None:
    """A kit is printed on sheets: a paper name or size, never poster (None: the kit's paper)."""
    if paper is None:
        return
    if is_poster(paper):
        raise PresetError("a kit is printed on sheets: use a4, letter, a3, tabloid, legal or a size such as 300x200mm")
    parse_paper(paper)


def _overlap(preset: Preset) -> None:
    """The glue overlap between board pages: at most a fifth of the board pages' shorter side."""
    if preset.board.overlap is None:
        return
    overlap, sheet = parse_length(preset.board.overlap), board_sheet(preset)
    most = min(sheet.printable.width, sheet.printable.height) / 5
    if overlap > most:
        raise PresetError(f"an overlap of {overlap:g} mm leaves too little of each {sheet.describe()} page: "
                          f"use at most {most:.0f} mm, e.g. 10mm")


def _gutter(preset: Preset) -> None:
    """A gutter belongs to the gutter-fold layout."""
    if preset.tiles.gutter is not None and preset.tiles.sheet_layout != "gutter-fold":
        raise PresetError(f"a gutter is the space beside the fold of a gutter-fold sheet, and the "
                          f"{preset.tiles.sheet_layout} layout has no fold: set tiles.layout = \"gutter-fold\" "
                          "or drop tiles.gutter")
    if preset.tiles.gutter is not None:
        SheetOptions(layout="gutter-fold", gutter=parse_length(preset.tiles.gutter))


def _shape(preset: Preset) -> None:
    if preset.tiles.shape not in TILE_SHAPES:
        raise PresetError(f"unknown tile shape {preset.tiles.shape!r}: use one of {', '.join(TILE_SHAPES)}")


def _cell_fits(preset: Preset) -> None:
    """The board's cell holds the tile and fits the page area (less the footer) one way or the other."""
    cell = board_style(preset).resolved_cell_size()
    height = cell if parse_board(preset.board.spec).grid == "square" else cell * 2 / math.sqrt(3)
    sheet = board_sheet(preset)
    if not any(cell <= w + 1e-6 and height <= h + 1e-6 for w, h in (window_size(sheet), window_size(sheet.rotated()))):
        raise PresetError(f"a board cell of {cell:.1f} x {height:.1f} mm does not fit a page of {sheet.describe()} "
                          "with its margin: use smaller tiles (tiles.width), larger paper or a smaller margin")


def _pieces_fit(preset: Preset) -> None:
    """At least one tile fits a sheet of the pieces' paper in their layout (beside the fold, for gutter-fold)."""
    sheet_slots(tile_look(preset), pieces_sheet(preset), sheet_options(preset, ""))
