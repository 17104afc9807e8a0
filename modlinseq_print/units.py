"""Physical lengths: parse `25mm`, `2.5cm`, `1in`, `72pt` into millimetres, once, at the edge."""

from __future__ import annotations

import math
import re

from modlinseq_print.errors import UnitError
from modlinseq_print.inputs import MAX_DECIMAL_CHARS, excerpt, finite

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
MM_PER_PT = MM_PER_UNIT["pt"]
_LENGTH = re.compile(r"^\s*([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)


def parse_length(text: str | float, what: str = "length", allow_negative: bool = False,
                 field: str | None = None) -> float:
    """Millimetres for a length like '25mm', '1in', '72pt' or a bare number (mm); errors name `what` (and carry
    `field`, the value's field, when given)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        value = math.inf if isinstance(text, int) and abs(text) > 10 ** 300 else float(text)
    else:
        match = _LENGTH.match(str(text)) if len(str(text)) <= MAX_DECIMAL_CHARS else None
        if not match:
            raise UnitError(f"bad {what} {excerpt(text)}: give a number with a unit mm, cm, in or pt, "
                            "e.g. 25mm or 1in", field)
        value = float(match.group(1)) * MM_PER_UNIT[(match.group(2) or "mm").lower()]
    finite(value, f"the {what}", lambda message: UnitError(message, field))
    if value < 0 and not allow_negative:
        raise UnitError(f"bad {what} {excerpt(text)}: it must not be negative", field, 0)
    return value


def parse_size(text: str, what: str = "size", field: str | None = None) -> tuple[float, float]:
    """Millimetres for a width-by-height size like '300x200mm', '11x17in' or '300mmx200mm' (errors carry `field`)."""
    match = re.fullmatch(r"\s*([0-9.]+)\s*([a-z]*)\s*[x×]\s*([0-9.]+)\s*([a-z]*)\s*", text, re.IGNORECASE)
    if not match or len(text) > 2 * MAX_DECIMAL_CHARS:
        raise UnitError(f"bad {what} {excerpt(text)}: give width x height with a unit, e.g. 300x200mm or 11x17in",
                        field)
    unit = match.group(4) or match.group(2) or "mm"
    width = parse_length(match.group(1) + (match.group(2) or unit), what, field=field)
    height = parse_length(match.group(3) + unit, what, field=field)
    if width <= 0 or height <= 0:
        raise UnitError(f"bad {what} {excerpt(text)}: width and height must be positive", field)
    return width, height
