"""Write the README's preview pictures into docs/: pages of the standard kit rendered to PNG."""

from __future__ import annotations

import sys
from pathlib import Path

from modlinseq_print.kit.build import build_kit
from modlinseq_print.kit.preset_loading import load_preset
from modlinseq_print.render.output import write_output
from modlinseq_print.render.scene import Document

DOCS = Path(__file__).resolve().parent.parent / "docs"
DPI = 50.0
#: picture name -> (kit section, page within the section)
PICTURES = {
    "preview-cover.png": (None, 0),
    "preview-reference.png": ("Rules and reference card", 0),
    "preview-board-assembly.png": ("Board", 0),
    "preview-board-page.png": ("Board", 3),
    "preview-tiles.png": ("Tiles", 0),
    "preview-markers.png": ("Modulus markers", 0),
}


def main() -> int:
    """Build the standard kit and write one PNG per picture."""
    kit = build_kit(load_preset("standard"))
    sections = {section.title: section.pages for section in kit.sections}
    for name, (title, index) in PICTURES.items():
        page = kit.document.pages[0] if title is None else sections[title][index]
        written = write_output(Document([page]), DOCS / name, "png", DPI)
        print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
