"""Remake the fonts shipped in modlinseq_print/fonts/: Liberation 2 subset to Latin, Greek and Cyrillic.

Source: Debian's fonts-liberation2 (Liberation Sans, Mono and Serif 2.x, SIL OFL 1.1). Get the TTFs with
`apt-get install fonts-liberation2` (or `apt-get download fonts-liberation2 && dpkg-deb -x *.deb DIR`) and run
    python scripts/subset_fonts.py [DIR with the LiberationSans-Regular.ttf ...]
The subsets keep every glyph the fonts have in the Unicode blocks below, drop hinting, and are renamed
"Modlinseq Sans/Mono/Serif": the OFL reserves the name "Liberation" for unmodified fonts.
Output is deterministic (fixed head.modified), so remaking them changes no bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = Path("/usr/share/fonts/truetype/liberation2")
TARGET = Path(__file__).resolve().parent.parent / "modlinseq_print" / "fonts"
#: shipped file stem -> (Liberation file stem, family, style)
FACES = {
    "ModlinseqSans-Regular": ("LiberationSans-Regular", "Modlinseq Sans", "Regular"),
    "ModlinseqSans-Bold": ("LiberationSans-Bold", "Modlinseq Sans", "Bold"),
    "ModlinseqSans-Italic": ("LiberationSans-Italic", "Modlinseq Sans", "Italic"),
    "ModlinseqMono-Regular": ("LiberationMono-Regular", "Modlinseq Mono", "Regular"),
    "ModlinseqMono-Bold": ("LiberationMono-Bold", "Modlinseq Mono", "Bold"),
    "ModlinseqSerif-Regular": ("LiberationSerif-Regular", "Modlinseq Serif", "Regular"),
    "ModlinseqSerif-Bold": ("LiberationSerif-Bold", "Modlinseq Serif", "Bold"),
}
#: Unicode blocks kept: Basic Latin, Latin-1, Latin Extended-A and -B, IPA-free spacing modifiers, Greek,
#: Cyrillic, general punctuation, super/subscripts, currency, letterlike, number forms, arrows, math
#: operators, misc technical, box/geometric shapes.
BLOCKS = [(0x20, 0x7E), (0xA0, 0x24F), (0x2B0, 0x2FF), (0x370, 0x3FF), (0x400, 0x52F), (0x1E00, 0x1EFF),
          (0x2000, 0x206F), (0x2070, 0x209F), (0x20A0, 0x20CF), (0x2100, 0x218F), (0x2190, 0x21FF),
          (0x2200, 0x22FF), (0x2300, 0x23FF), (0x2500, 0x25FF), (0xFB00, 0xFB06)]
FIXED_TIME = 0x7C259DC0  # 2014-01-01 in seconds since 1904: head.created/modified, for identical bytes


def subset_face(source: Path, target: Path, family: str, style: str) -> None:
    """Write the subset of one face, renamed to `family`."""
    options = subset.Options()
    options.hinting = False
    options.layout_features = []  # no kerning or ligatures: the writers place glyphs by advance width
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]  # keep copyright, trademark and licence
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.drop_tables += ["FFTM", "DSIG"]
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[code for low, high in BLOCKS for code in range(low, high + 1)])
    subsetter.subset(font)
    rename(font, family, style)
    font["head"].created = font["head"].modified = FIXED_TIME
    font.save(target)


def rename(font: TTFont, family: str, style: str) -> None:
    """Give the subset its own names (the OFL reserves "Liberation" for the original)."""
    full = f"{family} {style}" if style != "Regular" else family
    names = {1: family, 2: style, 3: f"{family.replace(' ', '')}-{style};subset of Liberation 2", 4: full,
             6: f"{family.replace(' ', '')}-{style}"}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17, 21, 22):
            table.removeNames(nameID=record.nameID)
    for name_id, value in names.items():
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)


def main(argv: list[str]) -> int:
    """Subset every face from the directory in argv (default: the Debian install path)."""
    source_dir = Path(argv[1]) if len(argv) > 1 else SOURCE
    TARGET.mkdir(parents=True, exist_ok=True)
    for stem, (source, family, style) in FACES.items():
        path = source_dir / f"{source}.ttf"
        if not path.exists():
            print(f"missing {path}: install fonts-liberation2 or pass the directory holding it", file=sys.stderr)
            return 2
        subset_face(path, TARGET / f"{stem}.ttf", family, style)
        print(f"{stem}.ttf  {(TARGET / f'{stem}.ttf').stat().st_size:>7} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
