"""A small reader for gettext .po catalogues: msgid, msgid_plural, msgstr[n], msgctxt-free, escapes."""

from __future__ import annotations

import ast
from pathlib import Path

KEYWORDS = ("msgid_plural", "msgid", "msgstr")


def _unquote(text: str, where: str) -> str:
    """The value of one C-style quoted .po string."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    return ast.literal_eval(text)


def parse_po(text: str, where: str = "<po>") -> dict[str, str | tuple[str, ...]]:
    """The messages of a .po text: msgid -> msgstr, or msgid -> (msgstr[0], msgstr[1], ...) for plurals.

    The header (msgid "") maps "" to its text; untranslated (empty) messages are left out; fuzzy is ignored.
    """
    entries: list[dict[str, str]] = []
    current: dict[str, str] = {}
    key = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if key is None:
                raise ValueError(f"{where}:{number}: a continuation line outside a message")
            current[key] += _unquote(line, f"{where}:{number}")
            continue
        word, _, rest = line.partition(" ")
        if word == "msgid" and current.get("msgid") is not None and any(k.startswith("msgstr") for k in current):
            entries.append(current)
            current = {}
        if not (word in KEYWORDS or word.startswith("msgstr[")):
            raise ValueError(f"{where}:{number}: unknown keyword {word!r}")
        key = word
        current[key] = _unquote(rest, f"{where}:{number}")
    if current:
        entries.append(current)
    return dict(_message(entry) for entry in entries if _translated(entry))


def _translated(entry: dict[str, str]) -> bool:
    return any(v for k, v in entry.items() if k.startswith("msgstr")) or entry.get("msgid") == ""


def _message(entry: dict[str, str]) -> tuple[str, str | tuple[str, ...]]:
    if "msgid_plural" in entry:
        forms = sorted((int(k[7:-1]), v) for k, v in entry.items() if k.startswith("msgstr["))
        return entry["msgid"], tuple(v for _, v in forms)
    return entry["msgid"], entry.get("msgstr", "")


def read_po(path: Path) -> dict[str, str | tuple[str, ...]]:
    """The messages of a .po file (UTF-8)."""
    return parse_po(path.read_text(encoding="utf-8"), str(path))
