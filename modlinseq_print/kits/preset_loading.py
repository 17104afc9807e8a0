"""Reading a preset: find the file, parse TOML, type-check every key, validate values."""

from __future__ import annotations

import functools
import math
import typing
from dataclasses import fields, replace
from pathlib import Path, PurePath

from modlinseq_print.errors import ModlinseqError, mention
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.i18n import LANGUAGES, check_language
from modlinseq_print.inputs import PRESET_LIMIT, excerpt, load_toml, read_text_input, refuse_file_reads, short_path
from modlinseq_print.kits.build import KIT_ADVICE, board_style, sheet_options, tile_look, with_exercises
from modlinseq_print.kits.measures import LENGTH_KEYS, Measures, assemble, length_mm, preset_value, sheets
from modlinseq_print.kits.preset_keys import preset_error
from modlinseq_print.kits.presets import MAX_KIT_MODULUS, NOT_KEYS, SECTIONS, TEMPLATES, WRAPS, Preset, PresetError
from modlinseq_print.printables.board_pages import check_page_count, least_pages
from modlinseq_print.printables.boxes import card_thickness, check_play
from modlinseq_print.printables.markers import parse_range
from modlinseq_print.printables.tile_sheets import LAYOUTS, SheetOptions, parse_back_offset, sheet_slots
from modlinseq_print.printables.tiles import CUT_LINES, UNDERLINES, TileLook
from modlinseq_print.render.paper import A5_LEAST, ORIENTATIONS, check_room, is_poster, parse_paper
from modlinseq_print.render.theme import get_theme
from modlinseq_print.render.pagination import window_size
from modlinseq_print.rules.chains import check_topology
from modlinseq_print.rules.exercises import check_exercise_count, check_seed
from modlinseq_print.units import parse_length


def preset_names() -> list[str]:
    """The names of the presets shipped in the package (modlinseq_print/presets/, copied in templates/)."""
    return sorted(p.stem for p in TEMPLATES.glob("*.toml"))


def _is(path: Path, test: str) -> bool:
    """path.exists() or path.is_file(), False for a name the file system refuses (one too long)."""
    try:
        return getattr(path, test)()
    except OSError:
        return False


def find_preset(name_or_path: str) -> Path:
    """The file for a preset name (a shipped NAME.toml) or a path to a .toml file."""
    refuse_file_reads("preset", PresetError)
    path = Path(name_or_path)
    if path.suffix == ".toml" or _is(path, "exists"):
        if not _is(path, "is_file"):
            raise PresetError(f"preset file {short_path(path)} not found")
        return path
    candidate = TEMPLATES / f"{name_or_path}.toml"
    if not _is(candidate, "is_file"):
        raise PresetError(f"unknown preset {excerpt(name_or_path)}: "
                          f"use one of {', '.join(preset_names())} or a FILE.toml")
    return candidate


_TYPE_NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def _expected_type(hint: object) -> type:
    """The TOML value type for a dataclass field's type hint (an optional field takes its one other type)."""
    options = [t for t in typing.get_args(hint) if t is not type(None)] or [hint]
    if len(options) != 1 or options[0] not in _TYPE_NAMES:
        raise TypeError(f"preset fields hold int, str or bool, optionally None; not {hint}")
    return options[0]


def _typed(cls, table: dict, where: str, source: PurePath) -> dict:
    """Check a TOML table against a dataclass: no unknown keys, each value of its field's type."""
    hints = typing.get_type_hints(cls)
    known = {f.name: hints[f.name] for f in fields(cls) if f.name not in NOT_KEYS and f.name not in SECTIONS}
    values = {}
    for key, value in table.items():
        if not where and key in SECTIONS:
            continue  # a section table, checked on its own
        if key not in known:
            raise PresetError(f"{source}: unknown key {excerpt(where + key)}; known keys: {', '.join(sorted(known))}")
        wanted = _expected_type(known[key])
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise PresetError(f"{source}: key {mention(where + key)} must be {_TYPE_NAMES[wanted]}, got "
                              f"{excerpt(value)}", f"{where}{key}")
        values[key] = value
    return values


def load_preset(name_or_path: str) -> Preset:
    """Read, type-check and validate a preset by name or path; it carries its lengths in mm and its sheets."""
    path = find_preset(name_or_path)
    return preset_from_text(read_text_input(path, "preset", PRESET_LIMIT, PresetError), path)


def preset_from_text(text: str, path: PurePath) -> Preset:
    """Type-check and validate a preset's TOML text; `path` gives its name (the stem) and names it in messages."""
    data = load_toml(text, f"preset {path}", PresetError)
    top = _typed(Preset, data, "", path)
    sections = {}
    for name, cls in SECTIONS.items():
        table = data.get(name, {})
        if not isinstance(table, dict):
            raise PresetError(f"{path}: {name} must be a table ([{name}])")
        if name == "tiles" and isinstance(table.get("underline"), bool):  # true and false, as before version words
            table = {**table, "underline": "ambiguous" if table["underline"] else "none"}
        sections[name] = cls(**_typed(cls, table, f"{name}.", path))
    preset = Preset(**{"name": path.stem, **top, **sections, "source": str(path)})
    return replace(preset, measures=validate(preset, path))


def validate(preset: Preset, path: PurePath) -> Measures:
    """Check the values of a preset, naming the key and file of the first bad one; its Measures, read once."""
    def keyed(key: str, check: typing.Callable[[], object]):
        try:
            return check()
        except ModlinseqError as error:
            raise preset_error(error, str(path), key) from None

    def fail(key: str, problem: str) -> typing.NoReturn:
        raise PresetError(f"{path}: key {mention(key)}: {problem}", key)

    if not 2 <= preset.modulus <= MAX_KIT_MODULUS:
        fail("modulus", f"must be from 2 to {MAX_KIT_MODULUS}, got {preset.modulus}")
    for key, value, choices in _choices(preset):
        if value is not None and value not in choices:
            what = "layout" if key == "tiles.layout" else "value"
            fail(key, f"unknown {what} {excerpt(value)}: use one of {', '.join(choices)}")
    if preset.lang not in LANGUAGES:
        fail("lang", f"unknown language {excerpt(preset.lang)}: use one of {', '.join(LANGUAGES)}")
    mm = {key: keyed(key, functools.partial(length_mm, preset, key)) for key in LENGTH_KEYS}
    for key, count in (("tiles.copies", preset.tiles.copies), ("tiles.wild", preset.tiles.wild),
                       ("tiles.blockers", preset.tiles.blockers), ("markers.copies", preset.markers.copies),
                       ("exercises.count", preset.exercises.count)):
        if count is not None and count < 0:
            fail(key, f"must not be negative, got {count}")
    keyed("exercises.count", lambda: check_exercise_count(preset.exercises.count))
    keyed("exercises.seed", lambda: check_seed(preset.exercises.seed))
    board = keyed("board.spec", lambda: parse_board(preset.board.spec))
    keyed("board.wrap", lambda: check_topology(board, preset.board.wrap))
    for key in ("paper", "board.paper", "tiles.paper"):
        keyed(key, functools.partial(_paper, preset_value(preset, key)))
    ready = sheets(preset, mm, keyed)
    m = assemble(mm, ready, keyed("tiles.back_offset", lambda: parse_back_offset(preset.tiles.back_offset)))
    for key, check in _checks(preset, m, board):
        keyed(key, check)
    return m


def _choices(preset: Preset) -> tuple[tuple[str, str | None, tuple[str, ...]], ...]:
    """Every key that takes one of a few words: its value and the words."""
    return (("board.pattern", preset.board.pattern, PATTERNS), ("board.wrap", preset.board.wrap, WRAPS),
            ("board.orientation", preset.board.orientation, ORIENTATIONS),
            ("tiles.cut_lines", preset.tiles.cut_lines, CUT_LINES), ("tiles.layout", preset.tiles.layout, LAYOUTS),
            ("tiles.underline", preset.tiles.underline, UNDERLINES))


def _checks(preset: Preset, m: Measures, board) -> list[tuple[str, typing.Callable[[], object]]]:
    """The checks that build what a key describes, in the order a reader meets the keys, each with its key."""
    tiles = preset.tiles
    text = m.text_sheet
    return [("paper", lambda: check_room(text.width, text.height, text.margin, A5_LEAST, "a kit")),
            ("board.overlap", lambda: _overlap(preset, m)),
            ("theme", lambda: get_theme(preset.theme)), ("tiles.shape", lambda: _shape(preset)),
            ("tiles.width", lambda: TileLook(width=m.tile_width, shape=tiles.shape)),
            ("tiles.bleed", lambda: TileLook(width=m.tile_width, shape=tiles.shape, bleed=m.bleed)),
            ("tiles.safe", lambda: tile_look(preset, m)),
            ("markers.range", lambda: preset.markers.range is None or parse_range(preset.markers.range)),
            ("board.cell_size" if preset.board.cell_size else "tiles.width", lambda: _cell_fits(preset, m, board)),
            ("board.paper", lambda: _board_pages(preset, m, board)),
            ("tiles.gap", lambda: SheetOptions(gap=m.gap)),
            ("tiles.gutter", lambda: _gutter(preset, m)),
            ("tiles.back_offset", lambda: sheet_options(preset, m, "")),
            ("tiles.layout" if tiles.sheet_layout == "gutter-fold" else "tiles.width",
             lambda: sheet_slots(tile_look(preset, m), m.pieces_sheet, sheet_options(preset, m, ""))),
            ("box.card", lambda: card_thickness(preset.box.card)),
            ("box.play", lambda: check_play(parse_length(preset.box.play, "box.play")))]


def _board_pages(preset: Preset, m: Measures, board) -> int:
    """The board's pages may not be more than the board command prints (known before it is drawn)."""
    least = least_pages(board, board_style(preset, m).resolved_cell_size(), m.board_sheet)
    return check_page_count(preset.board.spec, m.board_sheet.name, least, least=True, advice=KIT_ADVICE)


def _paper(paper: str | None) -> None:
    """A kit is printed on sheets: a paper name or size, never poster (None: the kit's paper)."""
    if paper is None:
        return
    if is_poster(paper):
        raise PresetError("a kit is printed on sheets: "
                          "use a4, a5, letter, a3, tabloid, legal or a size such as 300x200mm")
    parse_paper(paper)


def _overlap(preset: Preset, m: Measures) -> None:
    """The glue overlap between board pages: at most a fifth of the board pages' shorter side."""
    if preset.board.overlap is None:
        return
    sheet = m.board_sheet
    most = min(sheet.printable.width, sheet.printable.height) / 5
    if m.overlap > most:
        raise PresetError(f"an overlap of {m.overlap:g} mm leaves too little of each {sheet.describe()} page: "
                          f"use at most {most:.0f} mm, e.g. 10mm")


def _gutter(preset: Preset, m: Measures) -> None:
    """A gutter belongs to the gutter-fold layout."""
    if preset.tiles.gutter is not None and preset.tiles.sheet_layout != "gutter-fold":
        raise PresetError(f"a gutter is the space beside the fold of a gutter-fold sheet, and the "
                          f"{preset.tiles.sheet_layout} layout has no fold: use "
                          f"{mention('tiles.layout', 'gutter-fold')} or drop {mention('tiles.gutter')}", "tiles.gutter")
    if preset.tiles.gutter is not None:
        SheetOptions(layout="gutter-fold", gutter=m.gutter)


def _shape(preset: Preset) -> None:
    if preset.tiles.shape not in TILE_SHAPES:
        raise PresetError(f"unknown tile shape {excerpt(preset.tiles.shape)}: use one of {', '.join(TILE_SHAPES)}")


def _cell_fits(preset: Preset, m: Measures, board) -> None:
    """The board's cell holds the tile and fits the page area (less the footer) one way or the other."""
    cell = board_style(preset, m).resolved_cell_size()
    height = cell if board.grid == "square" else cell * 2 / math.sqrt(3)
    sheet = m.board_sheet
    if not any(cell <= w + 1e-6 and height <= h + 1e-6 for w, h in (window_size(sheet), window_size(sheet.rotated()))):
        raise PresetError(f"a board cell of {cell:.1f} x {height:.1f} mm does not fit a page of {sheet.describe()} "
                          f"with its margin: use smaller tiles ({mention('tiles.width')}), larger "
                          f"{mention('board.paper')} or a smaller {mention('board.margin')}")


def chosen_preset(name: str, exercises: int | None = None, number: int | None = None,
                  lang: str | None = None) -> Preset:
    """The preset a kit is built from: a shipped name or a FILE.toml, its worksheet's problem count and problem
    set, and its language replaced where given (None keeps the preset's own)."""
    chosen = with_exercises(load_preset(name), exercises, number)
    return replace(chosen, lang=check_language(lang)) if lang else chosen
