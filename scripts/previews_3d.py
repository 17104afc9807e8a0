"""Write the pictures of docs/3d-printing.md into docs/: a tile, a marker and a plate of the standard set as
solids, both racks holding a hand, and the laser rack's cut file (its parts drawn with a visible line)."""

from __future__ import annotations

import re
from pathlib import Path

from modlinseq_print.kits.build import kit_pieces
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.cutfile import CutSpec
from modlinseq_print.printables.rack import RackSize
from modlinseq_print.printables.rack_laser import rack_cut_scenes, rack_parts
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import bounding_box
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.svg_writer import scene_to_svg
from modlinseq_print.solids.files import PrintJob, piece_run
from modlinseq_print.solids.pieces import SolidSpec, solid_look
from modlinseq_print.solids.rack_files import laser_rack_picture, printed_rack_picture

DOCS = Path(__file__).resolve().parent.parent / "docs"


def main() -> None:
    """Write every picture."""
    pieces = kit_pieces(load_preset("standard"))
    look = solid_look(25.0)
    run = piece_run(pieces, look, SolidSpec(), PrintJob())
    (DOCS / "3d-tile.png").write_bytes(run.piece_picture(Piece("number", 7)))
    (DOCS / "3d-marker.png").write_bytes(run.piece_picture(Piece("marker", 13)))
    (DOCS / "3d-plate.png").write_bytes(run.picture(run.plates[0], (900, 700)))
    size = RackSize(25.0, bounding_box(look.outline).height, 3.0, 7)
    (DOCS / "3d-rack.png").write_bytes(printed_rack_picture(size, look))
    parts = rack_parts(size, 3.0)
    (DOCS / "3d-laser-rack.png").write_bytes(laser_rack_picture(size, look, parts, 3.0))
    scenes, placed = rack_cut_scenes(parts, 1, Sheet(345.0, 80.0, 5.0, "bed"), CutSpec(kerf=0.1))
    svg = scene_to_svg(scenes[0]).decode()
    svg = re.sub(r'stroke-width="0\.025"', 'stroke-width="0.4"', svg)  # a hairline is invisible at this scale

    import cairosvg

    cairosvg.svg2png(bytestring=svg.encode(), write_to=str(DOCS / "3d-laser-rack-parts.png"), output_width=1100,
                     background_color="white")
    print(f"wrote 6 pictures into {DOCS} ({len(placed)} laser parts)")


if __name__ == "__main__":
    main()
