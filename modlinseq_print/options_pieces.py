"""The settings of a run of pieces (tiles, wild tiles, blockers, modulus markers), each defined once, as
options.py defines the board's: `PIECES` (which pieces), `LOOK` (how their faces look) and `PIECE_SHEETS`
(the sheets they are laid on and the cut file beside them). The `tiles` and `markers` commands, `mp.tiles`,
`mp.markers` and `PiecesPrint.save`, and the preset's [tiles] table take their defaults and choices from here.
"""

from __future__ import annotations

from modlinseq_print.options import PAPER, Group, Option
from modlinseq_print.printables.cutters import cutters
from modlinseq_print.printables.markers import DEFAULT_RANGE
from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, LAYOUTS
from modlinseq_print.printables.tiles import CUT_LINES as CUT_LINE_STYLES
from modlinseq_print.printables.tiles import DEFAULT_COPIES, DEFAULT_MODULUS, UNDERLINES
from modlinseq_print.render.imposition import FLIPS
from modlinseq_print.render.paper import DEFAULT_MARGIN

# --- which pieces ---------------------------------------------------------------------------------------------

MODULUS: Option[int] = Option(name="modulus", kind="whole", default=DEFAULT_MODULUS, help="values 0 to m-1",
                              label="Modulus")
COPIES: Option[int] = Option(name="copies", kind="whole", default=DEFAULT_COPIES, low=0, help="tiles of each value",
                             label="Copies of each number")
WILD: Option[int] = Option(name="wild", kind="whole", default=0, low=0, help="wild tiles showing #",
                           label="Wild tiles")
BLOCKERS: Option[int] = Option(name="blockers", kind="whole", default=0, low=0, help="red tiles for blocked cells",
                               label="Blockers")
UNDERLINE: Option[str] = Option(name="underline", kind="choice", default="ambiguous", choices=UNDERLINES,
                                help="a bar under the numbers that read as another turned round, 6 and 9, 16 and "
                                     "91... (ambiguous, the default), under every number (all) or none",
                                default_words="", label="Underline numbers that read as another upside down")
MARKERS: Option[str | None] = Option(name="markers", kind="text", default=None, placeholder="RANGE",
                                     help="also modulus markers, one per modulus of a range such as 8-20, on the "
                                          "same sheets", label="Marker moduli")
RANGE: Option[str] = Option(name="range", kind="text", default=DEFAULT_RANGE, help="lowest-highest modulus",
                            label="Marker moduli")
MARKER_COPIES: Option[int] = Option(name="copies", kind="whole", default=1, low=0, help="markers of each modulus",
                                    label="Markers of each modulus")

PIECES = Group("pieces", (MODULUS, COPIES, WILD, BLOCKERS, UNDERLINE, MARKERS))

# --- how their faces look ---------------------------------------------------------------------------------------

BLEED: Option[str | None] = Option(name="bleed", kind="length", default=None, unit="mm",
                                   help="background printed past the cut line, e.g. 3mm",
                                   default_words="0 on sheets, 1/8in on per-piece images", label="Bleed")
SAFE: Option[str | None] = Option(name="safe", kind="length", default=None, unit="mm",
                                  help="keep the number this far inside the cut", default_words="bleed, >= 1.5mm",
                                  label="Safe distance inside the cut")
CUT_LINES: Option[str] = Option(name="cut_lines", kind="choice", default="solid", choices=CUT_LINE_STYLES,
                                help="printed cut lines", label="Cut lines")
BACK_TEXT: Option[str] = Option(name="back_text", kind="text", default="", help="short text on every back",
                                default_words="plain", label="Text on the backs")

LOOK = Group("look", (BLEED, SAFE, CUT_LINES, BACK_TEXT))

# --- the sheets they are laid on, and the cut file ---------------------------------------------------------------

MARGIN: Option[str] = Option(name="margin", kind="length", default=f"{DEFAULT_MARGIN:g}mm", unit="mm",
                             help="unprintable margin", label="Margin")
SHEET_ORIENTATION: Option[str] = Option(name="orientation", kind="choice", default="portrait",
                                        choices=("portrait", "landscape"), help="sheet orientation",
                                        label="Orientation")
LAYOUT: Option[str | None] = Option(name="layout", kind="choice", default=None, choices=LAYOUTS,
                                    help="fronts (default): fronts only; duplex: a mirrored backs page after each "
                                         "fronts page; gutter-fold: fronts and their backs on one sheet, mirrored "
                                         "across a fold line", label="Tile sheet layout", default_words="")
GAP: Option[str] = Option(name="gap", kind="length", default="2mm", unit="mm", help="space between cut lines",
                          label="Gap between tiles")
CROP_MARKS: Option[bool] = Option(name="crop_marks", kind="switch", default=False, help="crop marks outside the tiles",
                                  label="Crop marks")
GUTTER: Option[str | None] = Option(name="gutter", kind="length", default=None, unit="mm",
                                    help="gutter-fold: space kept clear on each side of the fold",
                                    default_words=f"{DEFAULT_GUTTER:g}mm", label="Gutter beside the fold")
BACK_OFFSET: Option[str] = Option(name="back_offset", kind="text", default="0,0", placeholder="X,Y",
                                  help="duplex: shift of the backs, e.g. 1.5mm,-0.5mm, or -1mm,0",
                                  default_words="", label="Backs' shift (X,Y)")
FLIP: Option[str] = Option(name="flip", kind="choice", default="long", choices=FLIPS,
                           help="duplex: the edge the printer flips the sheet on, long (default) or short",
                           default_words="", label="Flip edge")
CUT_MODE: Option[str | None] = Option(name="cut_mode", kind="choice", default=None, choices=("print", "bed"),
                                      help="print: the cut file matches the printed sheets, with registration marks "
                                           "(default with a printed sheet); bed: pieces nested on the bed for blank "
                                           "material (default with a bed size or a DXF output)", label="Cut mode")
CUTTER: Option[str | None] = Option(name="cutter", kind="choice", default=None, choices=tuple(cutters()),
                                    help="print-and-cut: the cutter whose marks and area the sheets follow (default "
                                         "silhouette; cricut takes PNG or SVG sheets, summa a press-ready PDF)",
                                    label="Cutter")
KERF: Option[str] = Option(name="kerf", kind="length", default="0mm", unit="mm",
                           help="laser kerf: cut paths grow by half of it", label="Kerf")

PIECE_SHEETS = Group("piece sheets", (PAPER, MARGIN, SHEET_ORIENTATION, LAYOUT, GAP, CROP_MARKS, GUTTER, BACK_OFFSET,
                                      FLIP, CUT_MODE, CUTTER, KERF))

MARKER_SET = Group("markers", (RANGE, MARKER_COPIES))
GROUPS = (PIECES, MARKER_SET, LOOK, PIECE_SHEETS)
