"""The physical resolution of a PNG: a pHYs chunk, so that the image prints at its size (standard library only)."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: its length, kind, data and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_dpi(png: bytes) -> tuple[float, float] | None:
    """The resolution a PNG declares in its pHYs chunk, in dots per inch, or None when it declares none."""
    position = len(SIGNATURE)
    while position + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        if kind == b"pHYs":
            x, y, unit = struct.unpack(">IIB", png[position + 8:position + 17])
            return (x * 0.0254, y * 0.0254) if unit == 1 else None
        if kind == b"IDAT":
            return None  # pHYs must come before the image data
        position += 12 + length
    return None


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk (pixels per metre) declaring `dpi`, right after its header, replacing any."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    header_end = len(SIGNATURE) + 25  # IHDR: 4 length + 4 type + 13 data + 4 CRC
    per_metre = round(dpi / 0.0254)
    parts, position = [png[:header_end], chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))], header_end
    while position < len(png):  # copy every chunk but an existing pHYs
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        if kind != b"pHYs":
            parts.append(png[position:position + 12 + length])
        position += 12 + length
    return b"".join(parts)
