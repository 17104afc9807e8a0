"""Benchmark: position diagrams, from a transcript to PDF and SVG bytes, up to a board filled with tiles.

Each case parses the transcript, judges the position (sequences, blocked cells), draws the figure (cropped to
the tiles by default, the whole board with --no-crop) and writes it as PDF and SVG. The largest cases fill
hex:100 (30,301 tiles) and hex:150 (67,951 tiles, the largest board) with one number, so every line of the
board is a sequence: the heaviest legend there is. Prints wall and CPU seconds per stage, the figure's size
in mm, the bytes written and the peak memory (RSS).

    python bench/bench_position.py [ORDER ...]     (default: 9 30 100 150)
"""

from __future__ import annotations

import resource
import sys
import time

from _bench import smallest
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.position import diagram_style, position_document, position_scene
from modlinseq_print.render.output import render_pages
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.start import start_position
from modlinseq_print.rules.transcript import build_position

FIGURE_2A = "4B2, 6B1, 1A0, 3M1"


def filled(order: int) -> str:
    """A transcript covering every cell of hex:ORDER with a 0 (a legal position: every line is constant)."""
    board = parse_board(f"hex:{order}")
    return ", ".join(f"0{board.address(cell)}" for cell in board.sorted_cells())


def timed(function):
    """(wall seconds, CPU seconds, result) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def case(name: str, board: str, modulus: int, transcript: str, crop: bool | None) -> None:
    """Time each stage of one position diagram and print one line."""
    stages = []
    t_parse = timed(lambda: build_position(transcript, start_position(board, modulus))[0])
    position = t_parse[2]
    t_judge = timed(lambda: analyse(position))
    t_draw = timed(lambda: position_scene(t_judge[2], diagram_style(crop=crop)))
    drawing = t_draw[2]
    document = position_document(drawing)
    t_pdf = timed(lambda: render_pages(document, "pdf"))
    t_svg = timed(lambda: render_pages(document, "svg"))
    for label, (wall, cpu, _result) in (("parse", t_parse), ("judge", t_judge), ("draw", t_draw), ("pdf", t_pdf),
                                        ("svg", t_svg)):
        stages.append(f"{label} {wall:.2f}/{cpu:.2f}")
    total_wall = sum(t[0] for t in (t_parse, t_judge, t_draw, t_pdf, t_svg))
    total_cpu = sum(t[1] for t in (t_parse, t_judge, t_draw, t_pdf, t_svg))
    size = sum(map(len, t_pdf[2])), sum(map(len, t_svg[2]))
    print(f"{name:<28} {len(position.tiles):>6} tiles  figure {drawing.scene.width:.0f} x {drawing.scene.height:.0f} "
          f"mm  total {total_wall:.2f} s wall / {total_cpu:.2f} s CPU  ({', '.join(stages)})  "
          f"PDF {size[0] / 1e6:.2f} MB, SVG {size[1] / 1e6:.2f} MB", flush=True)


def main(orders: list[int]) -> None:
    """Figure 2A on hex:9, then each filled board cropped (the default) and whole."""
    print("seconds as wall/CPU; the machine may be shared, so CPU is the steadier figure")
    case("figure 2A on hex:9", "hex:9", 7, FIGURE_2A, None)
    for order in orders:
        if order == 9:
            continue
        transcript = filled(order)
        case(f"hex:{order} filled, default", f"hex:{order}", 13, transcript, None)
        case(f"hex:{order} filled, --crop", f"hex:{order}", 13, transcript, True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or smallest([9, 30, 100, 150]))
