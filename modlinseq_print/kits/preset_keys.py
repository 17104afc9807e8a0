"""A kit preset's words for the fields errors name: each field as the preset key that sets it (board.paper)."""

from __future__ import annotations

from dataclasses import Field, fields
from functools import cache

from modlinseq_print.errors import FieldError, ModlinseqError, mention
from modlinseq_print.kits.presets import NOT_KEYS, SECTIONS, Preset, PresetError

#: The preset key of each field the key being checked does not have in its own table.
PRESET_KEYS = {
    "board": "board.spec", "cell_size": "board.cell_size", "clearance": "board.clearance", "labels": "board.labels",
    "pattern": "board.pattern", "wrap": "board.wrap", "overlap": "board.overlap", "orientation": "board.orientation",
    "tile_width": "tiles.width", "tile_shape": "tiles.shape", "cut_lines": "tiles.cut_lines", "bleed": "tiles.bleed",
    "safe": "tiles.safe", "copies": "tiles.copies", "wild": "tiles.wild", "blockers": "tiles.blockers",
    "gap": "tiles.gap", "gutter": "tiles.gutter", "back_offset": "tiles.back_offset", "layout": "tiles.layout",
    "range": "markers.range", "exercises": "exercises.count", "seed": "exercises.seed", "card": "box.card",
    "play": "box.play",
}


def preset_fields() -> list[tuple[str, Field]]:
    """Every key a preset file sets, with its dataclass field, in the definition's order."""
    keys = [(f.name, f) for f in fields(Preset) if f.name not in NOT_KEYS and f.name not in SECTIONS]
    for name, cls in SECTIONS.items():
        keys += [(f"{name}.{f.name}", f) for f in fields(cls) if f.name not in NOT_KEYS]
    return keys


@cache
def _keys() -> frozenset[str]:
    return frozenset(key for key, _ in preset_fields())


def preset_key(field: str, checking: str = "") -> str:
    """The preset key of a field, looked for first in the table of the key being checked (`margin` while
    board.paper is checked is board.margin); a dotted name is a key already."""
    section = checking.partition(".")[0] if "." in checking else ""
    if "." in field:
        return field
    if section and f"{section}.{field}" in _keys():
        return f"{section}.{field}"
    return PRESET_KEYS.get(field, field)


def preset_error(error: ModlinseqError, source: str, key: str | None = None) -> PresetError:
    """The error as a preset's: 'SOURCE: key KEY: ...', its fields named as preset keys; `key` is the key being
    checked (default: the error's own field's key)."""
    if isinstance(error, FieldError):
        key = key or (preset_key(error.field) if error.field else None)
        detail, limit = error.renamed(lambda name: preset_key(name, key or "")), error.limit
    else:
        detail, limit = str(error), None
    return PresetError(f"{source}: key {mention(key)}: {detail}" if key else f"{source}: {detail}", key, limit)
