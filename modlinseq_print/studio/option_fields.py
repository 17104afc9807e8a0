"""The studio pages' controls set from the option definitions (modlinseq_print/options.py): when a page is read,
each control named after an option gets the option's default (a text's value, a box ticked or not, a list's
chosen entry) and a number field its range, so that the page holds no copy of them."""

from __future__ import annotations

import re
from functools import partial
from html import escape

from modlinseq_print.options import BOARD_SPEC, FIT, ORIENTATION, OVERLAP, STYLE, Option

#: The options each page shows, by the page's file.
PAGE_OPTIONS: dict[str, tuple[Option, ...]] = {"board.html": (BOARD_SPEC, *STYLE.options, ORIENTATION, OVERLAP, FIT)}
_SET = re.compile(r'\s(?:value|checked|min|max)(?:="[^"]*")?(?=[\s>])')
_SELECTED = re.compile(r'\sselected(?:="[^"]*")?(?=[\s>])')


def _control(name: str) -> re.Pattern:
    """A control named `name`: an input's tag, or a list (select) with its entries up to its closing tag."""
    named = rf'\bname="{re.escape(name)}"[^>]*>'
    return re.compile(rf'<(input)\b[^>]*{named}|<(select)\b[^>]*{named}.*?</select>', re.DOTALL)


def _attributes(option: Option, tag: str) -> str:
    """The attributes an input gets from its option: its value (or tick) and a number's range."""
    if option.kind == "switch":
        return " checked" if option.default else ""
    found = "" if option.default is None else f' value="{escape(str(option.default))}"'
    if option.kind == "whole" and 'type="number"' in tag:
        found += "".join(f' {name}="{limit}"' for name, limit in (("min", option.low), ("max", option.high))
                         if limit is not None)
    return found


def _set(match: re.Match, option: Option) -> str:
    """The control with the option's default (and range) in place of any it had."""
    whole = match.group(0)
    if match.group(1):
        tag = _SET.sub("", whole)
        return tag[:-1].rstrip() + _attributes(option, tag) + ">"
    chosen = f'<option value="{escape(str(option.default or ""))}"'
    return _SELECTED.sub("", whole).replace(chosen + ">", chosen + " selected>", 1)


def with_defaults(page: str, html: str) -> str:
    """The page's HTML with the controls of its options set to their definitions (other pages as they are)."""
    for option in PAGE_OPTIONS.get(page, ()):
        html = _control(option.name).sub(partial(_set, option=option), html, count=1)
    return html
