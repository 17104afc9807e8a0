"""Kit presets: TOML files read into frozen dataclasses, every key checked, errors naming key and file."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from modlinseq_print.errors import FieldError, Words, preset_word
from modlinseq_print.kits.measures import Measures
from modlinseq_print.options import (
    BOARD_SPEC, CELL_SIZE, CLEARANCE, LABELS, LANG, ORIENTATION, PAPER, PATTERN, THEME, TILE_SHAPE, TILE_WIDTH,
)
from modlinseq_print.options_pieces import (
    BACK_OFFSET, CROP_MARKS, CUT_LINES, GAP, GUTTER, LAYOUT, MARGIN, MARKER_COPIES, MODULUS, SAFE, UNDERLINE,
)

# The presets and example board files ship inside the package (package data), so an installed wheel finds
# them; templates/ in the checkout is the user-facing copy (tests/kit/test_presets.py keeps the two identical).
# The package is installed as files (fonts are read by path too), so the resource folder is a real Path.
TEMPLATES = Path(str(resources.files("modlinseq_print") / "presets"))
WRAPS = ("none", "lines", "bounce", "tess")
MAX_KIT_MODULUS = 99  # the reference card lists every sequence: keep the table printable


class PresetError(FieldError):
    """A preset file that is missing, unreadable, or has an unknown key or a bad value (its field: the key at
    fault, if any; its fields are preset keys, worded as such but in the studio's kit form)."""

    library_names = False

    def __init__(self, message: str, field: str | None = None, limit: object = None, words: Words = preset_word):
        super().__init__(message, field, limit, words)


@dataclass(frozen=True)
class BoardSection:
    """The [board] table: which board, its pattern, wrap rule and look."""

    spec: str = BOARD_SPEC.default
    pattern: str | None = PATTERN.default  # None: the board's own default
    wrap: str | None = None  # None: the board's own default
    labels: bool = LABELS.default
    cell_size: str | None = CELL_SIZE.default  # None: fitted to the tile with the clearance
    clearance: str = CLEARANCE.default
    paper: str | None = None  # None: the kit's paper
    margin: str = "6mm"  # board pages: most home printers print within 5 mm of the edge (as `board`)
    overlap: str | None = None  # glue overlap between board pages; None: the board command's default
    orientation: str = ORIENTATION.default  # "auto", "portrait" or "landscape"


@dataclass(frozen=True)
class TilesSection:
    """The [tiles] table: the number tiles, wild tiles and blockers, and the sheets they share with the markers."""

    copies: int | None = None  # of each value; None: sized from the board (kits/piece_counts.py)
    wild: int = 4
    blockers: int = 0
    width: str = TILE_WIDTH.default
    shape: str = TILE_SHAPE.default
    no_zero: bool = False
    backs: bool = True  # duplex backs, unless layout says otherwise
    layout: str | None = LAYOUT.default  # "fronts", "duplex" or "gutter-fold"; None: duplex with backs, else fronts
    back_text: str = "MODLINSEQ"
    underline: str = UNDERLINE.default  # "ambiguous": a bar under 6, 9, 16, 91...; "all" or "none"
    paper: str | None = None  # the tile and marker sheets' paper; None: the kit's paper
    margin: str | None = None  # None: the kit's margin
    gap: str = GAP.default  # between cut lines
    bleed: str = "0mm"  # background printed past the cut line
    safe: str | None = SAFE.default  # the number's distance inside the cut line; None: the bleed, at least 1.5 mm
    cut_lines: str = CUT_LINES.default  # "solid", "dashed" or "none"
    crop_marks: bool = CROP_MARKS.default
    nest: bool = True  # alternate tiles point down to fit more
    gutter: str | None = GUTTER.default  # gutter-fold: space beside the fold; None: the default
    back_offset: str = BACK_OFFSET.default  # duplex: the printer's shift of the backs, X,Y

    @property
    def sheet_layout(self) -> str:
        """The layout of the tile and marker sheets: `layout` when given, else duplex with backs, else fronts."""
        return self.layout or ("duplex" if self.backs else "fronts")


@dataclass(frozen=True)
class MarkersSection:
    """The [markers] table: modulus markers for a range of moduli."""

    range: str | None = None  # "8-20"; None: following the kit's modulus (kits/piece_counts.py)
    include: bool = True
    copies: int = MARKER_COPIES.default  # markers of each modulus


@dataclass(frozen=True)
class ExercisesSection:
    """The [exercises] table: a worksheet of practice problems (count 0 for none)."""

    count: int = 0
    seed: int = 1


@dataclass(frozen=True)
class BoxSection:
    """The [box] table: a box to keep the tiles and markers in (a tray with a lid), printed after them."""

    include: bool = False
    card: int = 300  # g/m² of the card the tiles and the box are printed on: sets their thickness
    play: str = "1.5mm"  # room around the stacked pieces, each way


@dataclass(frozen=True)
class AidsSection:
    """The [aids] table: the players' turn cards are always printed; the teacher's reference and the score pad
    may be left out."""

    reference: bool = True  # the teacher's reference (MSA notation, filling gaps, every sequence) after the rules
    score_pad: bool = True  # a score pad sized from the kit's simulated games


@dataclass(frozen=True)
class Preset:
    """A whole kit: modulus, paper, theme and the six sections."""

    name: str
    title: str = "MODLINSEQ"
    lang: str = LANG.default  # the language of the printed text
    modulus: int = MODULUS.default
    paper: str = PAPER.default
    margin: str = MARGIN.default
    theme: str = THEME.default
    sequence_appendix: bool = False  # the table of every sequence, when longer than a page: an appendix, or left out
    board: BoardSection = BoardSection()
    tiles: TilesSection = TilesSection()
    markers: MarkersSection = MarkersSection()
    exercises: ExercisesSection = ExercisesSection()
    box: BoxSection = BoxSection()
    aids: AidsSection = AidsSection()
    source: str = ""
    #: Lengths in mm and the ready sheets, set by the loader; a preset changed with replace() in its lengths
    #: or papers must drop them (measures=None) to have them read again.
    measures: Measures | None = field(default=None, compare=False, repr=False)


NOT_KEYS = ("name", "source", "measures")  # Preset fields that no preset file sets
SECTIONS = {"board": BoardSection, "tiles": TilesSection, "markers": MarkersSection, "exercises": ExercisesSection,
            "box": BoxSection, "aids": AidsSection}
