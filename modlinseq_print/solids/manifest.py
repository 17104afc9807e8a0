"""The manifest of a run of 3D pieces: what each plate holds, its files, and how to print it with one or two
filaments (the layer at which a single-extruder printer changes filament for raised text), as CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from modlinseq_print.printables.manifest import manifest_paths, totals
from modlinseq_print.solids.pieces import DARK, LIGHT
from modlinseq_print.solids.plates import Plate, plate_summary

FIELDS = ("plate", "kind", "value", "x_mm", "y_mm", "rotation", "count")


def piece_rows(plates: list[Plate]) -> list[dict]:
    """One row per piece: its plate (from 1), kind, value ('' for wild tiles and blockers), the centre of its
    tile's box on the bed (mm, from the bed's front-left corner) and its turn."""
    return [{"plate": plate.number, "kind": p.piece.kind, "value": "" if p.piece.value is None else p.piece.value,
             "x_mm": p.x, "y_mm": p.y, "rotation": p.turn, "count": 1} for plate in plates for p in plate.placed]


def single_extruder(run, plate: Plate) -> dict:
    """How a printer with one extruder prints the plate: its first filament and, for raised text, the layer
    before which to change to the other one."""
    body = DARK if plate.dark else LIGHT
    other = LIGHT + DARK - body
    has_text = any(p.piece.kind != "blocker" for p in plate.placed)
    style = run.solids.spec.number
    if not has_text:
        return {"filament": body, "change": None, "note": "one filament: these pieces have no text"}
    if style == "raised":
        height, layer = run.change
        return {"filament": body, "change": {"to_filament": other, "before_layer": layer, "at_z_mm": height},
                "note": f"start with filament {body}; change to filament {other} before the layer at "
                        f"Z = {height:.2f} mm (layer {layer} at {run.job.layer:g} mm layers after a "
                        f"{run.job.first_layer:g} mm first layer)"}
    if style == "sunk":
        return {"filament": body, "change": None, "note": "one filament: the text is sunk into the face"}
    return {"filament": body, "change": None,
            "note": "inlaid text shares its layers with the body: print it with two extruders or a "
                    "multi-material unit, or make raised text for a filament change"}


def manifest_data(run, plate_files: dict[int, list[str]], fmt: str) -> dict:
    """The manifest as a JSON-ready dict."""
    look, spec, job = run.solids.look, run.solids.spec, run.job
    outline = run.solids.outline
    return {
        "format": fmt,
        "tile": {"shape": look.shape, "width_mm": look.width,
                 "height_mm": round(max(y for _, y in outline) - min(y for _, y in outline), 4),
                 "thickness_mm": spec.thickness, "bottom_chamfer_mm": spec.chamfer, "top_chamfer_mm": spec.top_chamfer},
        "text": {"style": spec.number, "relief_mm": spec.relief, "thinnest_stroke_mm": round(run.stroke, 3),
                 "nozzle_mm": spec.nozzle, "six_nine_cue": spec.cue},
        "filaments": [{"filament": f.number, "colour": f.colour, "holds": f.name} for f in job.filaments],
        "bed": {"width_mm": job.bed[0], "depth_mm": job.bed[1], "spacing_mm": job.spacing},
        "plates": [{"plate": plate.number, "files": plate_files.get(plate.number, []),
                    "bodies": "dark" if plate.dark else "light", "pieces": len(plate.placed),
                    "holds": plate_summary(plate), "single_extruder": single_extruder(run, plate)}
                   for plate in run.plates],
        "pieces": piece_rows(run.plates),
        "totals": totals([p for plate in run.plates for p in plate.placed]),
        "total": sum(len(plate.placed) for plate in run.plates),
    }


def manifest_csv(run) -> str:
    """The manifest as CSV: a row per piece, then a 'total' row per kind and value."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(piece_rows(run.plates))
    for kind, values in totals([p for plate in run.plates for p in plate.placed]).items():
        for value, count in values.items():
            writer.writerow({"kind": f"total {kind}", "value": value, "count": count})
    return buffer.getvalue()


def manifest_files(path: str | Path, run, written: list[Path], fmt: str) -> list[tuple[Path, bytes]]:
    """The CSV and JSON manifests beside the plates' files (NAME.manifest.csv and NAME.manifest.json)."""
    plate_files: dict[int, list[str]] = {}
    for name in written:
        plate_files.setdefault(_plate_of(name, len(run.plates)), []).append(name.name)
    csv_path, json_path = manifest_paths(path)
    data = manifest_data(run, plate_files, fmt)
    return [(csv_path, manifest_csv(run).encode("utf-8")), (json_path, (json.dumps(data, indent=1) + "\n").encode())]


def _plate_of(path: Path, plates: int) -> int:
    """The plate a written file belongs to: its number suffix (NAME-2.3mf), or 1 for a run of one plate."""
    if plates == 1:
        return 1
    return int(path.stem.rsplit("-", 1)[1])
