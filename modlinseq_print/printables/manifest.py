"""Manifests (bills of materials) beside every sheet: each piece, its page, front and back positions, and totals."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

from modlinseq_print.fileio import write_files_atomic

FIELDS = ("kind", "value", "sheet", "page", "x_mm", "y_mm", "rotation", "count", "back_page", "back_x_mm", "back_y_mm")


def manifest_rows(placements) -> list[dict]:
    """One row per placed piece: kind, value ('' for wild tiles and blockers), sheet and page (from 1),
    the tile's centre in mm on the page (y downward), its rotation, a count of 1, and the page and
    centre of its back ('' when it has none)."""
    return [{"kind": p.piece.kind, "value": "" if p.piece.value is None else p.piece.value,
             "sheet": p.slot.page + 1, "page": p.page + 1, "x_mm": round(p.slot.x, 3), "y_mm": round(p.slot.y, 3),
             "rotation": p.slot.rotation, "count": 1, **_back_fields(p)} for p in placements]


def _back_fields(placement) -> dict:
    """The page (from 1) and centre of a piece's back, or '' for each when it has none."""
    back = placement.back
    if back is None:
        return {"back_page": "", "back_x_mm": "", "back_y_mm": ""}
    return {"back_page": placement.back_page + 1, "back_x_mm": round(back.x, 3), "back_y_mm": round(back.y, 3)}


def totals(placements) -> dict[str, dict[str, int]]:
    """Counts per kind and value, values in numeric order: {'number': {'0': 10, ...}, 'wild': {'': 2}}."""
    counts = Counter((p.piece.kind, p.piece.value) for p in placements)
    result: dict[str, dict[str, int]] = {}
    for (kind, value) in sorted(counts, key=lambda key: (key[0], -1 if key[1] is None else key[1])):
        result.setdefault(kind, {})["" if value is None else str(value)] = counts[kind, value]
    return result


def manifest_csv(placements) -> str:
    """The manifest as CSV: a row per piece, then a 'total' row per kind and value (its count in `count`)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(manifest_rows(placements))
    for kind, values in totals(placements).items():
        for value, count in values.items():
            writer.writerow({"kind": f"total {kind}", "value": value, "count": count})
    return buffer.getvalue()


def manifest_json(placements, sheet_name: str, extra: dict | None = None) -> str:
    """The manifest as JSON: the sheet's file name, pieces, totals per kind and value, and the grand total."""
    pages = max((p.page + 1 for p in placements), default=0)
    data = {"sheet": sheet_name, "pieces": manifest_rows(placements), "totals": totals(placements),
            "total": len(placements), "sheets": max((p.slot.page + 1 for p in placements), default=0),
            "pages_used": pages}
    data.update(extra or {})
    return json.dumps(data, indent=1) + "\n"


def manifest_paths(sheet_path: str | Path, cut: bool = False) -> tuple[Path, Path]:
    """Where the manifest of a sheet goes: NAME.manifest.csv and NAME.manifest.json beside it; a cut
    file's manifest is NAME.cut.manifest.csv and .json, so that sheets reg.pdf with the cut file reg.svg keep both."""
    path = Path(sheet_path)
    stem = path.with_suffix("") if path.suffix else path
    name = stem.name + (".cut" if cut else "")
    return stem.with_name(name + ".manifest.csv"), stem.with_name(name + ".manifest.json")


def manifest_files(sheet_path: str | Path, placements, extra: dict | None = None,
                   cut: bool = False) -> list[tuple[Path, bytes]]:
    """The CSV and JSON manifests of a sheet (or, with `cut`, of a cut file) as (path, bytes), to write with it."""
    csv_path, json_path = manifest_paths(sheet_path, cut)
    return [(csv_path, manifest_csv(placements).encode("utf-8")),
            (json_path, manifest_json(placements, Path(sheet_path).name, extra).encode("utf-8"))]


def write_manifest(sheet_path: str | Path, placements, extra: dict | None = None) -> list[Path]:
    """Write the CSV and JSON manifests beside a sheet; return their paths."""
    return write_files_atomic(manifest_files(sheet_path, placements, extra))
