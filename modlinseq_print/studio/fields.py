"""Reading the fields of a request body: each with its type checked and a one-line message naming it (as the
page labels it: errors.FieldError, worded by field_words.py)."""

from __future__ import annotations

import math
import re
from typing import overload

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.options import Option
from modlinseq_print.studio.limits import MAX_CELLS

MAX_TEXT = 200  # characters in a one-line field (a title, a length, a board spec)


def text(body: dict, key: str, default: str = "", limit: int = MAX_TEXT) -> str:
    """A string field, at most `limit` characters."""
    value = body.get(key, default)
    if value is None:
        value = default
    if not isinstance(value, str):
        raise FieldError(f"{mention(key)} must be text, got {type(value).__name__}", key)
    if len(value) > limit:
        raise FieldError(f"{mention(key)} is {len(value):,} characters long; at most {limit:,} are accepted", key,
                         limit)
    return value.strip()


def flag(body: dict, key: str, default: bool = False) -> bool:
    """A true/false field (JSON true/false, or the strings a URL carries)."""
    value = body.get(key, default)
    if isinstance(value, str) and value.lower() in ("1", "true", "on", "yes", "0", "false", "off", "no", ""):
        return value.lower() in ("1", "true", "on", "yes")
    if not isinstance(value, bool):
        raise FieldError(f"{mention(key)} must be true or false, got {value!r}", key)
    return value


@overload
def integer(body: dict, key: str, default: int, low: int, high: int) -> int: ...
@overload
def integer(body: dict, key: str, default: None, low: int, high: int) -> int | None: ...
def integer(body: dict, key: str, default: int | None, low: int, high: int) -> int | None:
    """A whole-number field from low to high; empty means the default."""
    value = body.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]{1,9}\s*", value):
        value = int(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise FieldError(f"{mention(key)} must be a whole number, got {value!r}", key)
    if not low <= value <= high:
        raise FieldError(f"{mention(key)} must be from {low} to {high}, got {value}", key, (low, high))
    return value


@overload
def choice(body: dict, key: str, choices: tuple[str, ...], default: str) -> str: ...
@overload
def choice(body: dict, key: str, choices: tuple[str, ...], default: None) -> str | None: ...
def choice(body: dict, key: str, choices: tuple[str, ...], default: str | None) -> str | None:
    """One of a fixed set of words; empty means the default."""
    value = text(body, key, default or "") or default
    if value is not None and value not in choices:
        raise FieldError(f"{mention(key)} must be one of {', '.join(choices)}, got {value!r}", key, choices)
    return value


def field(body: dict, option: Option):
    """An option's field as its definition says (a switch, one of its choices, a whole number in its range or
    text); empty means the option's default."""
    if option.kind == "switch":
        return flag(body, option.name, option.default)
    if option.kind == "choice":
        return choice(body, option.name, option.choices, option.default)
    if option.kind == "whole":
        return integer(body, option.name, option.default, option.low or 0, option.high or 10 ** 9)
    return text(body, option.name, option.default or "") or option.default


def words(body: dict, key: str, limit: int = MAX_CELLS) -> list[str]:
    """A list of short words (addresses): a JSON list, or one string split at commas and spaces."""
    value = body.get(key, [])
    if isinstance(value, str):
        value = [w for w in re.split(r"[\s,]+", value) if w]
    if not isinstance(value, list) or not all(isinstance(w, str) and len(w) <= 20 for w in value):
        raise FieldError(f"{mention(key)} must be a list of addresses", key)
    if len(value) > limit:
        raise FieldError(f"{mention(key)} lists {len(value)} cells; at most {limit} are accepted", key, limit)
    return value


def smallest_hexagon(cells) -> int:
    """The order of the smallest regular hexagon around A0 that holds every cell."""
    from modlinseq_print.geometry.hexgrid import distance

    return max((distance(cell) for cell in cells), default=0)
