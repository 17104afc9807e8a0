"""What each preset key means, for the documentation's key table and the kit builder; the keys themselves,
their types and defaults come from the preset dataclasses (`preset_keys`), so a table made from both
cannot drift. A key without a line here, or a line without its key, fails the tests."""

from __future__ import annotations

import typing
from dataclasses import MISSING, dataclass

from modlinseq_print.kits.preset_keys import preset_fields
from modlinseq_print.kits.presets import SECTIONS, Preset

#: One line per key ("section.key" for the keys of a section), as a user reads it.
KEY_HELP = {
    "title": "title on the cover and the reference card",
    "lang": "language of the printed text: en, de, el, es, fr or ru (a language given to the kit command or the "
            "library overrides it)",
    "modulus": "the modulus, 2 to 99: tiles 0 to modulus-1 and the table of every sequence on the reference card",
    "paper": "paper of the cover, reference card and worksheet: a4, a5, letter, a3, tabloid, legal or WxH "
             "such as 300x200mm",
    "margin": "blank paper edge of the cover, reference card and worksheet",
    "theme": "green (as the rules draw the board) or bw (black and white)",
    "sequence_appendix": "the table of every sequence of the modulus is on the reference card when it fits one "
                         "page (on A4 and Letter: every modulus up to 35, and 37-39, 41, 43); a longer one is left "
                         "out, or with true printed as an appendix at the end of the kit",
    "board.spec": "the board: hex:N, rect:CxR, tess:N, square:CxR or file:PATH "
                  "(a path from the folder the command runs in)",
    "board.pattern": "none, bonus or bonus-malus (unset: the board's own, bonus on tess boards)",
    "board.wrap": "none, lines, bounce or tess: the variation the reference card explains (unset: the board's own)",
    "board.labels": "print each cell's address",
    "board.cell_size": "cell size across flats, e.g. \"30mm\" (unset: the smallest that holds the tile)",
    "board.clearance": "space between a tile and its cell's edges",
    "board.paper": "paper of the board pages, e.g. \"a3\" for fewer, larger pages (unset: the kit's paper)",
    "board.margin": "blank edge of the board pages (home printers print within 5 mm of the edge)",
    "board.overlap": "least glue overlap between board pages, at most a fifth of the page (unset: 10mm)",
    "board.orientation": "board pages portrait, landscape or auto (the one with fewer pages)",
    "tiles.copies": "tiles of each value (unset: sized from the board, about half its cells with the wild tiles, "
                    "at least one of each)",
    "tiles.wild": "wild tiles (#)",
    "tiles.blockers": "red blocker tiles for blocked cells",
    "tiles.width": "tile width in any unit, e.g. \"1in\"",
    "tiles.shape": "pentagon or house",
    "tiles.no_zero": "leave out the 0 tiles (the multiplicative variation)",
    "tiles.backs": "true: duplex backs; false: fronts only (unless layout is given)",
    "tiles.layout": "duplex, gutter-fold or fronts; wins over backs",
    "tiles.back_text": "text on the backs of tiles and markers, sized to fit",
    "tiles.underline": "a bar under the numbers that read as another turned round: \"ambiguous\" (6 and 9, 16 and "
                       "91, 66 and 99...; the default), \"all\" numbers or \"none\"; true and false, as before, mean "
                       "\"ambiguous\" and \"none\"",
    "tiles.paper": "paper of the tile and marker sheets (unset: the kit's paper)",
    "tiles.margin": "blank edge of the tile and marker sheets (unset: the kit's margin)",
    "tiles.gap": "space between cut lines",
    "tiles.bleed": "background printed past the cut line, e.g. \"3mm\" (at most a quarter of the width)",
    "tiles.safe": "how far inside the cut line the number stays (unset: the bleed, at least 1.5 mm)",
    "tiles.cut_lines": "printed cut lines: solid, dashed or none",
    "tiles.crop_marks": "crop marks outside the block of pieces",
    "tiles.nest": "turn every other piece point down to fit more on a sheet",
    "tiles.gutter": "gutter-fold only: space kept clear on each side of the fold (unset: 6mm)",
    "tiles.back_offset": "duplex only: your printer's shift of the backs, \"X,Y\" such as \"1.5mm,-0.5mm\" "
                         "(read it with `calibrate`)",
    "markers.range": "modulus markers, lowest-highest (2 to 999); they share the tile sheets (unset: 8-20, the "
                     "rules' range, or the 13 moduli up to the kit's own above 20, or only its own below 8)",
    "markers.include": "print the markers",
    "markers.copies": "markers of each modulus (0: none)",
    "box.include": "add a box for the tiles and markers (a tray with a lid) after the tile sheets, listed on the "
                   "cover (one page, which the teacher's reference shares when that saves a page); left out when "
                   "the pieces are too many for a box on the kit's paper",
    "box.card": "weight of the card in g/m², 120 to 450: the pieces' thickness and the box's",
    "box.play": "room around the stacked pieces, each way: 1 to 2 mm",
    "aids.reference": "print the teacher's reference after the rules: MSA notation, filling gaps and every "
                      "sequence of the modulus (false: the rules alone)",
    "aids.score_pad": "print a score pad with rows for the rounds that 95% of the kit's simulated games lasted "
                      "(false: none; the turn cards are always printed)",
    "exercises.count": "practice problems on a worksheet with answers (0: no worksheet; at most 500)",
    "exercises.seed": "which set of practice problems: the same number gives the same problems",
}


@dataclass(frozen=True)
class PresetKey:
    """One key of a preset file: its name ("section.key"), TOML type, default (None: unset) and meaning."""

    key: str
    kind: str
    default: object
    help: str | None


_KINDS = {int: "whole number", str: "string", bool: "true or false"}


def _kind(hint: object) -> str:
    options = [t for t in typing.get_args(hint) if t is not type(None)] or [hint]
    return _KINDS.get(options[0], "string")


def preset_keys() -> list[PresetKey]:
    """Every key a preset file may set, top-level keys first, then each section's, in definition order."""
    found = []
    for key, f in preset_fields():
        hints = typing.get_type_hints(SECTIONS.get(key.rpartition(".")[0], Preset))
        default = None if f.default is MISSING else f.default
        found.append(PresetKey(key, _kind(hints[f.name]), default, KEY_HELP.get(key)))
    return found
