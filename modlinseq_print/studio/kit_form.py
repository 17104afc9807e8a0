"""The kit builder's form, generated from the preset definition (the preset dataclasses): every key, grouped
under headings a person reads, with a label, its key, its unit and, for closed choices, the choices.

A key the tables below do not know still gets a field (under "More settings", labelled by its name): the form
follows the preset definition when a key is added.
"""

from __future__ import annotations

from dataclasses import MISSING

from modlinseq_print.kits.preset_keys import preset_fields as preset_keys  # every key, in order
from modlinseq_print.kits.presets import WRAPS
from modlinseq_print.options import LANG, ORIENTATION, PATTERN, THEME, TILE_SHAPE
from modlinseq_print.options_pieces import CUT_LINES, LAYOUT, UNDERLINE
from modlinseq_print.render.paper import PAPERS, POSTER

LENGTH = "length: mm, cm, in or pt, e.g. 25mm"
#: The headings, in order, and each key's label and unit (or hint).
GROUPS: dict[str, dict[str, tuple[str, str]]] = {
    "Kit": {"title": ("Title on the cover", ""), "modulus": ("Modulus", "2 to 99"),
            "theme": ("Colour theme", ""),
            "sequence_appendix": ("Every sequence as an appendix", "when the table is longer than a page")},
    "Board": {"board.spec": ("Board", "hex:N, rect:CxR, tess:N or square:CxR"),
              "board.pattern": ("Bonus pattern", ""), "board.wrap": ("Wrap-around", ""),
              "board.labels": ("Print cell addresses", ""), "board.cell_size": ("Cell size", LENGTH),
              "board.clearance": ("Room around a tile", LENGTH)},
    "Tiles": {"tiles.copies": ("Copies of each number", "empty: about half the board's cells in all"),
              "tiles.wild": ("Wild tiles", "tiles"),
              "tiles.blockers": ("Blockers", "tiles"), "tiles.width": ("Tile width", LENGTH),
              "tiles.shape": ("Tile shape", ""), "tiles.no_zero": ("Leave out the 0 tiles", ""),
              "tiles.underline": ("Underline numbers that read as another upside down", "6 and 9, 16 and 91..."),
              "tiles.back_text": ("Text on the backs", ""),
              "markers.include": ("Print modulus markers", ""),
              "markers.range": ("Marker moduli", "e.g. 8-20; empty: following the modulus"),
              "markers.copies": ("Markers of each modulus", "markers"),
              "box.include": ("Add a box for the tiles and markers", ""),
              "box.card": ("Card weight of tiles and box", "g/m², 120 to 450"),
              "box.play": ("Room in the box", LENGTH)},
    "Sheets": {"paper": ("Paper", "a4, letter, a3... or a size such as 300x200mm"), "margin": ("Margin", LENGTH),
               "board.paper": ("Board pages' paper", "empty: the kit's paper"),
               "board.margin": ("Board pages' margin", LENGTH), "board.overlap": ("Glue overlap", LENGTH),
               "board.orientation": ("Board pages' orientation", ""),
               "tiles.paper": ("Tile sheets' paper", "empty: the kit's paper"),
               "tiles.margin": ("Tile sheets' margin", LENGTH), "tiles.layout": ("Tile sheet layout", ""),
               "tiles.backs": ("Print tile backs", ""), "tiles.gap": ("Gap between tiles", LENGTH),
               "tiles.nest": ("Nest tiles (alternate up and down)", ""),
               "tiles.gutter": ("Gutter beside the fold", LENGTH)},
    "Printing": {"tiles.bleed": ("Bleed", LENGTH), "tiles.safe": ("Safe distance inside the cut", LENGTH),
                 "tiles.cut_lines": ("Cut lines", ""), "tiles.crop_marks": ("Crop marks", ""),
                 "tiles.back_offset": ("Backs' shift (X,Y)", "lengths, e.g. 1.5mm,-0.5mm")},
    "Players' aids": {"aids.reference": ("Teacher's reference (the modulus's mathematics)", ""),
                      "aids.score_pad": ("Score pad sized from simulated games", "")},
    "Exercises": {"exercises.count": ("Practice problems", "0 for none"),
                  "exercises.seed": ("Problem set number", "the same number gives the same problems")},
    "Language": {"lang": ("Language of the printed text", "")},
}
CHOICES = {"theme": THEME.choices, "board.pattern": PATTERN.choices, "board.wrap": WRAPS,
           "tiles.shape": TILE_SHAPE.choices, "tiles.layout": LAYOUT.choices, "board.orientation": ORIENTATION.choices,
           "tiles.cut_lines": CUT_LINES.choices, "tiles.underline": UNDERLINE.choices, "lang": LANG.choices}
# What a closed choice's values say on the form (the value itself is what the preset file holds); a value
# not listed shows as it is.
CHOICE_WORDS = {"theme": {"bw": "black & white"},
                "board.pattern": {"bonus": "bonus cells", "bonus-malus": "bonus and penalty cells"},
                "board.wrap": {"none": "lines stop", "lines": "lines wrap round", "bounce": "lines bounce back",
                               "tess": "lines go on (tiled board)"},
                "board.orientation": {"auto": "fewest pages"},
                "tiles.layout": {"fronts": "fronts only", "duplex": "fronts and backs, two-sided",
                                 "gutter-fold": "fronts and backs, folded"},
                "tiles.underline": {"ambiguous": "those only", "all": "every number"},
                "lang": {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "el": "Ελληνικά",
                         "ru": "Русский"}}
SUGGESTIONS = {key: tuple(name for name in PAPERS if name != POSTER) for key in ("paper", "board.paper", "tiles.paper")}
OTHERS = "More settings"


def _kind(annotation) -> str:
    name = str(annotation).replace("typing.", "")
    return {"int": "int", "str": "str", "bool": "bool", "str | None": "optional-str",
            "int | None": "optional-int"}.get(name, "str")


def _field(key: str, f, label: str, unit: str) -> dict:
    return {"key": key, "label": label, "unit": unit, "type": _kind(f.type),
            "default": f.default if f.default is not MISSING else None,
            "choices": list(CHOICES.get(key, ())), "suggestions": list(SUGGESTIONS.get(key, ())),
            "choice_words": [CHOICE_WORDS.get(key, {}).get(c, c) for c in CHOICES.get(key, ())]}


def form_sections() -> list[dict]:
    """The form: headings in order, each with its fields (key, label, unit, type, default, choices and the words
    each choice shows)."""
    known = dict(preset_keys())
    sections = [{"title": title, "fields": [_field(key, known[key], *keys[key]) for key in keys if key in known]}
                for title, keys in GROUPS.items()]
    listed = {key for keys in GROUPS.values() for key in keys}
    others = [_field(key, f, key.rpartition(".")[2].replace("_", " ").capitalize(), "")
              for key, f in known.items() if key not in listed]
    return [s for s in sections + [{"title": OTHERS, "fields": others}] if s["fields"]]
