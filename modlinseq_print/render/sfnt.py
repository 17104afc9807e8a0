"""The few tables of a TrueType file that text layout needs, read with struct: units per em, capital height,
advance widths and the character map.

Measuring text is on the path of every printable with a label, and a short job (a poster, a sheet) would
otherwise spend more on importing and running fontTools than on its drawing; outlines (render/glyphs.py) still
come from fontTools. What this reads is what fontTools reads: tests/render/test_fonts.py compares the two.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

#: The character maps preferred, best first: (platform, encoding), as fontTools' getBestCmap picks them.
CMAP_PREFERENCE = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class SfntError(ValueError):
    """A font file this reader cannot read (a missing table or an unsupported character map)."""


@dataclass(frozen=True)
class Metrics:
    """A font's layout metrics in font units: advance width by glyph id, glyph id by character."""

    units_per_em: int
    cap_height: int
    advances: tuple[int, ...]  # by glyph id (glyphs past the hmtx's long metrics share its last advance)
    cmap: dict[str, int]  # character -> glyph id


def read_metrics(path: Path) -> Metrics:
    """The metrics of a TrueType (or OpenType) file."""
    data = path.read_bytes()
    tables = _table_directory(data)
    units_per_em = struct.unpack_from(">H", data, tables["head"] + 18)[0]
    long_metrics = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
    glyph_count = struct.unpack_from(">H", data, tables["maxp"] + 4)[0]
    advances = _advances(data, tables["hmtx"], long_metrics, glyph_count)
    cap_height = struct.unpack_from(">h", data, tables["OS/2"] + 88)[0]
    return Metrics(units_per_em, cap_height, advances, _best_cmap(data, tables["cmap"]))


def _table_directory(data: bytes) -> dict[str, int]:
    """Each table's offset by tag."""
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for index in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag.decode("latin-1")] = offset
    missing = {"head", "hhea", "maxp", "hmtx", "OS/2", "cmap"} - set(tables)
    if missing:
        raise SfntError(f"the font has no {', '.join(sorted(missing))} table")
    return tables


def _advances(data: bytes, offset: int, long_metrics: int, glyph_count: int) -> tuple[int, ...]:
    """Advance widths by glyph id: the long metrics' advances, the last repeated for the glyphs after them."""
    pairs = struct.unpack_from(f">{2 * long_metrics}H", data, offset)
    advances = pairs[0::2]
    return advances + advances[-1:] * max(0, glyph_count - long_metrics)


def _best_cmap(data: bytes, offset: int) -> dict[str, int]:
    """The preferred Unicode character map (format 4 or 12) as character -> glyph id."""
    count = struct.unpack_from(">H", data, offset + 2)[0]
    subtables: dict[tuple[int, int], int] = {}
    for index in range(count):
        platform, encoding, start = struct.unpack_from(">HHI", data, offset + 4 + 8 * index)
        subtables.setdefault((platform, encoding), offset + start)
    for key in CMAP_PREFERENCE:
        if key in subtables:
            start = subtables[key]
            kind = struct.unpack_from(">H", data, start)[0]
            if kind == 4:
                return _format4(data, start)
            if kind == 12:
                return _format12(data, start)
            raise SfntError(f"unsupported character map format {kind}")
    raise SfntError("the font has no Unicode character map")


def _format4(data: bytes, start: int) -> dict[str, int]:
    """A segment-mapped (format 4) character map, as fontTools decodes it."""
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
    ranges_at = start + 16 + 6 * segments
    range_offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    cmap = {}
    for index in range(segments - 1):  # the last segment only ends the table (at 0xFFFF)
        first, last, delta, range_offset = starts[index], ends[index], deltas[index], range_offsets[index]
        for code in range(first, last + 1):
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * index + range_offset + 2 * (code - first)
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            cmap[chr(code)] = glyph
    return cmap


def _format12(data: bytes, start: int) -> dict[str, int]:
    """A segmented-coverage (format 12) character map."""
    groups = struct.unpack_from(">I", data, start + 12)[0]
    cmap = {}
    for index in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * index)
        for code in range(first, last + 1):
            cmap[chr(code)] = glyph + code - first
    return cmap
