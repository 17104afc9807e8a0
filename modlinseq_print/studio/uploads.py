"""Uploaded contents read by the library's own parsers, and files written for download.

The client sends contents, never a path: they are parsed as text by the same functions the command line
uses on a file's text, so a bad file gets the command line's message, naming the upload.
"""

from __future__ import annotations

import json
import zipfile
from io import BytesIO
from typing import Callable, TypeVar

from modlinseq_print.errors import FieldError, ModlinseqError

T = TypeVar("T")
MAX_UPLOAD = 512 * 1024  # characters in an uploaded board file or preset
PLACEHOLDER = "UPLOAD"  # the name the parsers see, replaced by what the user knows in messages


def read_upload(contents: str, parse: Callable[[str, str], T], shown_as: str, name: str = PLACEHOLDER) -> T:
    """Parse uploaded text with a library parser taking (text, name); errors name `shown_as` instead."""
    if len(contents) > MAX_UPLOAD:
        raise ModlinseqError(f"{shown_as} is {len(contents):,} characters; at most {MAX_UPLOAD:,} are accepted")
    def shown(message: str) -> str:
        for named in (f"board file {name}", f"preset {name}", name):
            message = message.replace(named, shown_as)
        return message

    try:
        return parse(contents, name)
    except FieldError as error:  # its fields kept, to be named as the page labels them
        raise error.edited(shown) from None
    except ModlinseqError as error:
        raise type(error)(shown(str(error))) from None


def toml_value(value) -> str:
    """A TOML literal for a bool, an int or a string (TOML basic strings take JSON's escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def toml_text(top: dict, tables: dict[str, dict], header: str = "") -> str:
    """A TOML document: top-level keys, then one [table] per section; None values are left out."""
    lines = [f"# {line}" for line in header.splitlines()]
    lines += [f"{key} = {toml_value(value)}" for key, value in top.items() if value is not None]
    for name, table in tables.items():
        entries = [f"{key} = {toml_value(value)}" for key, value in table.items() if value is not None]
        if entries:
            lines += ["", f"[{name}]", *entries]
    return "\n".join(lines) + "\n"


def zip_files(files: list[tuple[str, bytes]]) -> bytes:
    """A deterministic ZIP archive of named files (fixed dates, sorted as given)."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def content_type(fmt: str) -> str:
    """The MIME type of an output format."""
    return {"pdf": "application/pdf", "svg": "image/svg+xml", "png": "image/png", "zip": "application/zip",
            "toml": "application/toml", "txt": "text/plain; charset=utf-8"}[fmt]
