"""Imported once by the fork server the studio's worker processes are forked from (workers.PRELOAD): it loads
the handler modules and the renderers and draws a tiny board in each format, so every worker starts warm
(fonts registered, the drawing libraries set up) and a job starts at once instead of a second later.
"""

from __future__ import annotations

import sys


def warm_up() -> None:
    """Load the handlers and draw a one-cell board as PDF, PNG and SVG (about a second, once)."""
    from modlinseq_print.studio import board_api, kit_api, pieces3d_api, position_api  # noqa: F401
    from modlinseq_print.studio.exchange import Request

    for fmt in ("pdf", "png", "svg"):
        board_api.download(Request({"board": "hex:1"}, {"format": fmt, "dpi": "30"}))


try:
    warm_up()
except Exception as error:  # noqa: BLE001 - a cold worker still works: it only starts slower
    print(f"studio: the worker processes start cold ({type(error).__name__}: {error})", file=sys.stderr)
