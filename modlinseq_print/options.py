"""The settings a person chooses, each defined once: its name, kind, default, unit, range, choices, help and label.

The command line's options (commands/spec_flags.py), the library's keyword defaults (api.py) and the studio's
fields and their defaults (studio/) are all made from these definitions, so that a default or a list of
choices is written in one place. An option's `name` is the library's keyword and the studio's field; the
command line derives its flag from it. Options are grouped by what a request makes: `BOARD` (which board),
`STYLE` (how it is drawn), `SHEETS` (the paper its pages are laid on), `SOLIDS` (pieces for 3D printers) and
`RACK` (racks for a hand of tiles), `PIECES` and `PIECE_SHEETS` (tiles and markers and the sheets they are
printed on: options_pieces.py), `PRESS` (a press-ready PDF), `KIT`, `PLAY` and `DIAGRAM` (games, reviews and
position diagrams: options_play.py); and the output formats of each kind of file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from modlinseq_print.geometry.layout import DEFAULT_CLEARANCE, DEFAULT_TILE_WIDTH, MAX_TILE_MODULUS, TILE_SHAPES
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.i18n import LANGUAGES
from modlinseq_print.render.output import FORMATS
from modlinseq_print.render.output_intents import OUTPUT_INTENTS
from modlinseq_print.render.paper import DEFAULT_OVERLAP, ORIENTATIONS
from modlinseq_print.render.press import (
    DEFAULT_BLEED, DEFAULT_DIE_SPACING, DEFAULT_DIELINE, MAX_DIELINE_NAME, PDFX_LEVELS, PressOptions,
)
from modlinseq_print.render.theme import THEMES
from modlinseq_print.printables.rack import DEFAULT_HAND, MAX_COPIES, MAX_HAND
from modlinseq_print.units import parse_length

if TYPE_CHECKING:
    from modlinseq_print.printables.board import BoardStyle

T = TypeVar("T")
#: The kinds of value: free text, a length with a unit ('25mm', '1in'), one of `choices`, a switch (on or
#: off), a whole number (from `low` to `high` where given) and a number (a decimal).
KINDS = ("text", "length", "choice", "switch", "whole", "number")


@dataclass(frozen=True, kw_only=True)
class Option(Generic[T]):
    """One setting: `name` (the library's keyword, the studio's field), its kind, default, choices or range,
    the unit it is given in, a phrase saying what it does (`help`), the words for its default where they are not
    the value itself (`default_words`; blank where `help` says it), the label a form shows it under, and the word that
    stands for its value in a usage line (`placeholder`, e.g. SPEC), and `noun`, what messages about its value call it
    where its name alone would not say it."""

    name: str
    kind: str
    default: T
    help: str
    label: str
    unit: str = ""
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    default_words: str | None = None
    placeholder: str | None = None
    noun: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS or (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"option {self.name}: kind {self.kind!r} with choices {self.choices!r}")

    @property
    def what(self) -> str:
        """The option in a message about its value: its `noun`, else its name in words ('tile width')."""
        return self.noun or self.name.replace("_", " ")

    @property
    def shown_default(self) -> str | None:
        """The default as help texts give it: '25mm', 'on', ': ' and the option's own words, or None for an
        option that is simply left out (no value, or a switch that is off)."""
        if self.default_words is not None:  # blank: the help itself says it
            return f": {self.default_words}" if self.default_words else None
        if self.kind == "switch":
            return " on" if self.default else None
        return None if self.default is None else f" {self.default}"

    def value(self, given: object) -> object:
        """The library's value for what a person gave: a length in mm, the default for nothing (None or
        blank text), anything else as given (each layer checks its own range)."""
        if given is None or (isinstance(given, str) and not given.strip()):
            given = self.default
        if self.kind == "length" and given is not None:
            return parse_length(given, self.what)  # type: ignore[arg-type]
        return given


@dataclass(frozen=True)
class Group:
    """The options of one kind of request, in the order forms and help texts list them."""

    name: str
    options: tuple[Option, ...]

    def __getitem__(self, name: str) -> Option:
        return next(option for option in self.options if option.name == name)

    def values(self, given: Mapping[str, object]) -> dict[str, object]:
        """Each option's library value from `given` (by name; a missing one takes its default)."""
        return {option.name: option.value(given.get(option.name)) for option in self.options}


# --- board and style --------------------------------------------------------------------------------------

BOARD_SPECS = "hex:N, rect:CxR, tess:N, square:CxR or file:PATH"
BOARD_SPEC: Option[str] = Option(name="board", kind="text", default="hex:9", help=BOARD_SPECS, label="Start from",
                                 placeholder="SPEC")
PATTERN: Option[str | None] = Option(name="pattern", kind="choice", default=None, choices=PATTERNS,
                                     help="cell pattern", default_words="none; tess boards: bonus", label="Pattern")
THEME: Option[str] = Option(name="theme", kind="choice", default="green", choices=tuple(THEMES),
                            help="green (like the rule pages) or bw line art", label="Theme")
TILE_WIDTH: Option[str] = Option(name="tile_width", kind="length", default=f"{DEFAULT_TILE_WIDTH:g}mm",
                                 unit="mm", help="tile width, any unit", label="Tile width")
TILE_SHAPE: Option[str] = Option(name="tile_shape", kind="choice", default="pentagon", choices=TILE_SHAPES,
                                 help="tile shape", label="Tile shape")
CLEARANCE: Option[str] = Option(name="clearance", kind="length", default=f"{DEFAULT_CLEARANCE:g}mm", unit="mm",
                                help="space between a tile and its cell's edges", label="Room around a tile")
CELL_SIZE: Option[str | None] = Option(name="cell_size", kind="length", default=None, unit="mm",
                                       help="cell size across flats", label="Cell size",
                                       default_words="the smallest that holds the tile, 28mm")
LABELS: Option[bool] = Option(name="labels", kind="switch", default=True, help="print each cell's address",
                              label="Addresses")
LABEL_SIZE: Option[str | None] = Option(name="label_size", kind="length", default=None, unit="mm",
                                        help="address height, any unit", default_words="fits under a tile",
                                        label="Address height")
CENTRE_DOTS: Option[bool] = Option(name="centre_dots", kind="switch", default=False,
                                   help="a small dot at each cell centre", label="Centre dots")
TITLE: Option[str | None] = Option(name="title", kind="text", default=None, help="a title printed above the board",
                                   label="Title")
MODULUS_NOTE: Option[int | None] = Option(name="modulus", kind="whole", default=None, low=2, high=MAX_TILE_MODULUS,
                                          help="print a note of the modulus, e.g. 13", label="Modulus to print")
ARROWS: Option[bool] = Option(name="arrows", kind="switch", default=False,
                              help="arrows at the edges showing the direction of addition for each slope",
                              label="Arrows")

BOARD = Group("board", (BOARD_SPEC, PATTERN))
STYLE = Group("style", (THEME, TILE_WIDTH, TILE_SHAPE, CLEARANCE, CELL_SIZE, LABELS, LABEL_SIZE, PATTERN,
                        CENTRE_DOTS, TITLE, MODULUS_NOTE, ARROWS))


def board_style(given: Mapping[str, object], *, die_outline: bool = False, die_bleed: float = 0.0) -> BoardStyle:
    """The board's look from what a person gave (by option name, as text or numbers; a missing option takes its
    default), the one way every front end makes it; `die_outline` and `die_bleed` are set by the press options."""
    from modlinseq_print.printables.board import BoardStyle

    values = STYLE.values(given)
    return BoardStyle(**values, die_outline=die_outline, die_bleed=die_bleed)  # type: ignore[arg-type]


# --- the sheets a board is laid on ------------------------------------------------------------------------

ORIENTATION: Option[str] = Option(name="orientation", kind="choice", default="auto", choices=ORIENTATIONS,
                                  help="auto picks portrait, landscape or rows of either, whichever needs fewer pages",
                                  label="Orientation")
OVERLAP: Option[str] = Option(name="overlap", kind="length", default=f"{DEFAULT_OVERLAP:g}mm", unit="mm",
                              help="least overlap (glue margin) between tiled pages", label="Overlap")
FIT: Option[bool] = Option(name="fit", kind="switch", default=False,
                           help="scale the board onto one sheet and print the scale", label="scale to one sheet")

SHEETS = Group("sheets", (ORIENTATION, OVERLAP, FIT))


# --- pieces as solids for 3D printers -----------------------------------------------------------------------

#: The tiles' thickness in mm by their style: flat tiles for a rack, standing tiles like dominoes.
PIECE_THICKNESS = {"flat": 3.0, "standing": 9.0}
PIECE_STYLE: Option[str] = Option(name="style", kind="choice", default="flat", choices=tuple(PIECE_THICKNESS),
                                  help="the tiles: flat, {flat:g}mm thick, for a rack, or standing, {standing:g}mm, "
                                       "like dominoes".format(**PIECE_THICKNESS), label="Tiles")
THICKNESS: Option[str | None] = Option(name="thickness", kind="length", default=None, unit="mm",
                                       help="tile thickness, 1mm to 40mm", default_words="by the style",
                                       label="Thickness")
NUMBER: Option[str] = Option(name="number", kind="choice", default="raised", choices=("raised", "sunk", "inlay"),
                             help="text raised on the face, sunk into it, or inlaid flush as a second part",
                             label="Numbers")
RELIEF: Option[str] = Option(name="relief", kind="length", default="0.6mm", unit="mm",
                             help="height of raised text or depth of sunk or inlaid text, 0.4mm to 5mm",
                             label="Relief")
CHAMFER: Option[str | None] = Option(name="chamfer", kind="length", default=None, unit="mm",
                                     help="chamfer of the bottom edges, against the first layer's flare, 0 to 1.5mm "
                                          "and at most a third of the thickness", label="Bottom chamfer",
                                     default_words="0.4mm, a third of the thickness on tiles under 1.2mm")
TOP_CHAMFER: Option[str] = Option(name="top_chamfer", kind="length", default="0mm", unit="mm",
                                  help="chamfer of the top edges", label="Top chamfer")
NOZZLE: Option[str] = Option(name="nozzle", kind="length", default="0.4mm", unit="mm",
                             help="nozzle width: no stroke of the text may be thinner", label="Nozzle",
                             noun="nozzle width")

SOLIDS = Group("solids", (PIECE_STYLE, THICKNESS, NUMBER, RELIEF, CHAMFER, TOP_CHAMFER, NOZZLE))


# --- racks for a hand of tiles ------------------------------------------------------------------------------

HAND: Option[int] = Option(name="hand", kind="whole", default=DEFAULT_HAND, low=1, high=MAX_HAND,
                           help="tiles in a hand", label="Tiles in a hand")
RACKS: Option[int] = Option(name="copies", kind="whole", default=1, low=1, high=MAX_COPIES,
                            help=f"racks, one per player, at most {MAX_COPIES}", label="Racks")

RACK = Group("rack", (HAND, RACKS))


# --- what every front end shares -----------------------------------------------------------------------------

LANG: Option[str] = Option(name="lang", kind="choice", default="en", choices=LANGUAGES, placeholder="LANG",
                           help=f"language of the printed text: {', '.join(LANGUAGES)}", label="Language")
PAPER: Option[str] = Option(name="paper", kind="text", default="a4",
                            help="a4, a5, letter, a3, tabloid, legal or WxH, e.g. 300x200mm", label="Paper")
DPI: Option[float] = Option(name="dpi", kind="number", default=150.0, help="PNG resolution in dots per inch",
                            label="Resolution")


# --- a press-ready PDF ---------------------------------------------------------------------------------------

PRESS: Option[bool] = Option(name="press", kind="switch", default=False, label="Press-ready PDF",
                             help="a press-ready PDF/X file: CMYK only, an output intent, TrimBox and BleedBox, crop "
                                  "marks, die lines as a spot colour")
PRESS_BLEED: Option[str | None] = Option(name="press_bleed", kind="length", default=None, unit="mm",
                                         placeholder="LENGTH", help="bleed past the trim of every page",
                                         default_words=f"{DEFAULT_BLEED:g}mm", label="Press bleed")
DIELINE_NAME: Option[str | None] = Option(name="dieline_name", kind="text", default=None, placeholder="NAME",
                                          help=f"spot colour (and layer) name of the die lines, up to "
                                               f"{MAX_DIELINE_NAME} printable ASCII characters",
                                          default_words=DEFAULT_DIELINE, label="Die line name")
DIE_SPACING: Option[str | None] = Option(name="die_spacing", kind="length", default=None, unit="mm",
                                         placeholder="LENGTH", help="least space between die-cut pieces",
                                         default_words=f"{DEFAULT_DIE_SPACING:g}mm", label="Die spacing")
PDFX: Option[str | None] = Option(name="pdfx", kind="choice", default=None, choices=tuple(PDFX_LEVELS),
                                  help="PDF/X level: 4 (PDF/X-4, the default) or 1a (PDF/X-1a:2003: PDF 1.4, no "
                                       "layers)", label="PDF/X level")
OUTPUT_INTENT: Option[str | None] = Option(name="output_intent", kind="choice", default=None,
                                           choices=tuple(OUTPUT_INTENTS), label="Printing condition",
                                           help="the printing condition the file is prepared for, with its profile "
                                                "embedded: fogra39 (coated offset, ISO 12647-2; the default) or swop "
                                                "(SWOP web offset on grade 5 coated paper, CGATS TR 005)")
DIELINE_BOARD: Option[bool] = Option(name="dieline_board", kind="switch", default=False,
                                     help="a die line around the board's outline", label="Die line round the board")

PRESS_GROUP = Group("press", (PRESS, PRESS_BLEED, DIELINE_NAME, DIE_SPACING, PDFX, OUTPUT_INTENT))
#: PressOptions' field for each press option that sets one.
_PRESS_FIELDS = {"press_bleed": "bleed", "dieline_name": "dieline_name", "die_spacing": "die_spacing",
                 "pdfx": "pdfx", "output_intent": "output_intent"}


def press_options(given: Mapping[str, object]) -> PressOptions:
    """The press options from what a person gave (by option name; a missing or empty one takes PressOptions'
    own default), lengths read once: the one way the command line and the library make them."""
    values = {field: PRESS_GROUP[name].value(given.get(name)) for name, field in _PRESS_FIELDS.items()}
    given_values = {field: value for field, value in values.items() if value is not None}
    return PressOptions(**given_values)  # type: ignore[arg-type]


# --- a kit ---------------------------------------------------------------------------------------------------

PRESET: Option[str] = Option(name="preset", kind="text", default="standard", placeholder="PRESET",
                             help="a preset name or a FILE.toml", label="Preset")
EXERCISES: Option[int | None] = Option(name="exercises", kind="whole", default=None, low=0, placeholder="N",
                                       help="add a worksheet of N practice problems with answers",
                                       default_words="the preset's count", label="Practice problems")
WORKSHEET_SEED: Option[int | None] = Option(name="seed", kind="whole", default=None, label="Problem set number",
                                            help="the worksheet's problem set: the same number always gives the same "
                                                 "problems", default_words="the preset's")
KIT_LANG: Option[str | None] = Option(name="lang", kind="choice", default=None, choices=LANGUAGES, placeholder="LANG",
                                      help=f"language of the printed text: {', '.join(LANGUAGES)}",
                                      default_words="the preset's, en unless it says", label="Language")

KIT = Group("kit", (PRESET, EXERCISES, WORKSHEET_SEED, KIT_LANG))

SHARED = Group("shared", (LANG, PAPER, DPI))
GROUPS = (BOARD, STYLE, SHEETS, SOLIDS, RACK, PRESS_GROUP, Group("board press", (DIELINE_BOARD,)), KIT, SHARED)

# --- the formats of each kind of file, by extension ---------------------------------------------------------

PAGE_FORMATS = FORMATS  # pages: a PDF of them all, or an SVG or PNG a page
PIECE_FORMATS = PAGE_FORMATS + ("dxf",)  # pieces' sheets, or their cut paths alone
SOLID_FORMATS = ("3mf", "stl")  # pieces as solids: a 3MF a plate, or an STL a plate and filament
RACK_FORMATS = SOLID_FORMATS + ("svg", "dxf")  # racks: to 3D-print, or to laser-cut
REVIEW_FORMATS = ("pdf", "html", "json")  # a reviewed game: to print, to read on screen, or its figures
