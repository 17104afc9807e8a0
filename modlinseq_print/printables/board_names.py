"""A board's shape in a player's words for printed pages ("hexagon of order 9"), never its spec ("hex:9").

The words are the rules': the order of an overall-hexagonal board is the number of cells to the left of A0
(the rules, page 1, section 1-2), a board truncated "as nearly rectangular as possible" (figure 1C), and the
tess-n boards of page 6 (section 14).
"""

from __future__ import annotations

import re

from modlinseq_print.geometry.boards import Board
from modlinseq_print.wording import _

_SPEC = re.compile(r"\s*(hex|rect|tess|square|file):\s*(?:([0-9]+)(?:[xX×]([0-9]+))?)?.*", re.I | re.S)


def board_shape(board: Board) -> str:
    """The board's shape in the rules' words, translated: "hexagon of order 9", "near-rectangle of 11 × 9
    cells", "tess-3", "square grid of 8 × 8 cells", or "custom shape" for a board drawn in a file."""
    match = _SPEC.fullmatch(board.spec)
    kind = match.group(1).lower() if match else "file"
    a, b = (match.group(2), match.group(3)) if match else (None, None)
    if kind == "hex" and a:
        return _("hexagon of order {order}").format(order=int(a))
    if kind == "tess" and a:
        return _("tess-{order}").format(order=int(a))
    if kind == "rect" and a and b:
        return _("near-rectangle of {columns} × {rows} cells").format(columns=int(a), rows=int(b))
    if kind == "square" and a and b:
        return _("square grid of {columns} × {rows} cells").format(columns=int(a), rows=int(b))
    return _("custom shape")
