"""The 3MF writer: one object per piece, its text a part of its own with its own material and extruder.

The model follows the 3MF core specification (millimetres; base materials with display colours, set per
triangle, so that any 3MF reader sees which faces are which filament). Each object's mesh holds its body's
triangles, then its text's; Metadata/Slic3r_PE_model.config names those two ranges as the parts (volumes)
of the object and gives each its extruder, as PrusaSlicer writes its own projects, so that the slicer
opens each piece as one object of two parts with both filaments already assigned. Output is deterministic:
fixed zip dates and order, numbers written with fixed precision.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from html import escape

import numpy

from modlinseq_print.solids.mesh import joined
from modlinseq_print.solids.pieces import PieceModel

CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
SLIC3RPE = "http://schemas.slic3r.org/3mf/2017/06"
MODEL_PATH = "3D/3dmodel.model"
CONFIG_PATH = "Metadata/Slic3r_PE_model.config"
THUMBNAIL_PATH = "Metadata/thumbnail.png"
MATERIALS_ID = 1
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
 <Default Extension="config" ContentType="text/xml"/>
 <Default Extension="png" ContentType="image/png"/>
</Types>
"""
_MODEL_REL = ('<Relationship Target="/3D/3dmodel.model" Id="rel-1" '
              'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>')
_THUMBNAIL_REL = ('<Relationship Target="/Metadata/thumbnail.png" Id="rel-2" '
                  'Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail"/>')


@dataclass(frozen=True)
class Filament:
    """A filament by its extruder number (from 1), a name and a display colour '#rrggbb'."""

    number: int
    name: str
    colour: str


@dataclass(frozen=True)
class Instance:
    """A piece model placed on the plate: its name, where its origin goes (mm) and its turn about z."""

    model: PieceModel
    name: str
    x: float
    y: float
    turn: int = 0


def _fmt(values: numpy.ndarray) -> list[str]:
    """Numbers with at most 5 decimals and no trailing zeros (0.00001 mm is far below a printer's step)."""
    return [f"{v:.5f}".rstrip("0").rstrip(".") or "0" for v in values.ravel().tolist()]


class _MeshXml:
    """The <mesh> element of each piece model, written once and shared by every copy."""

    def __init__(self, filaments: list[Filament]):
        self.index = {f.number: k for k, f in enumerate(filaments)}
        self.cache: dict[int, tuple[str, list[tuple[int, int, int]]]] = {}

    def of(self, model: PieceModel) -> tuple[str, list[tuple[int, int, int]]]:
        """The mesh XML and the (first triangle, last triangle, filament) range of each part."""
        if id(model) not in self.cache:
            self.cache[id(model)] = self._write(model)
        return self.cache[id(model)]

    def _write(self, model: PieceModel) -> tuple[str, list[tuple[int, int, int]]]:
        mesh = joined(part.mesh for part in model.parts)
        numbers = _fmt(mesh.vertices)
        vertices = "".join(f'<vertex x="{numbers[k]}" y="{numbers[k + 1]}" z="{numbers[k + 2]}"/>'
                           for k in range(0, len(numbers), 3))
        first = self.index[model.parts[0].filament]
        triangles, ranges, start = [], [], 0
        for part in model.parts:
            count, index = len(part.mesh.triangles), self.index[part.filament]
            extra = "" if index == first else f' pid="{MATERIALS_ID}" p1="{index}"'
            rows = mesh.triangles[start:start + count].tolist()
            triangles += [f'<triangle v1="{a}" v2="{b}" v3="{c}"{extra}/>' for a, b, c in rows]
            ranges.append((start, start + count - 1, part.filament))
            start += count
        xml = f"<mesh><vertices>{vertices}</vertices><triangles>{''.join(triangles)}</triangles></mesh>"
        return xml, ranges


def _transform(x: float, y: float, turn: int) -> str:
    """A 3MF transform (row vectors, 3 x 4): turned about z by `turn` degrees (a multiple of 90), then moved
    to (x, y)."""
    cos, sin = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[turn % 360]
    return f"{cos} {sin} 0 {-sin} {cos} 0 0 0 1 {x:.4f} {y:.4f} 0"


def model_xml(instances: list[Instance], filaments: list[Filament], title: str, meshes: _MeshXml) -> str:
    """The 3D model part: materials, one object per instance, one build item each."""
    bases = "".join(f'<base name="{escape(f.name)}" displaycolor="{f.colour.upper()}FF"/>' for f in filaments)
    objects, items = [], []
    for number, instance in enumerate(instances, start=2):
        mesh, _ranges = meshes.of(instance.model)
        index = meshes.index[instance.model.parts[0].filament]
        objects.append(f'<object id="{number}" type="model" name="{escape(instance.name)}" '
                       f'pid="{MATERIALS_ID}" pindex="{index}">{mesh}</object>\n')
        items.append(f'<item objectid="{number}" transform="{_transform(instance.x, instance.y, instance.turn)}" '
                     '/>\n')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xml:lang="en-US" xmlns="{CORE}" '
            f'xmlns:slic3rpe="{SLIC3RPE}">\n<metadata name="Title">{escape(title)}</metadata>\n'
            '<metadata name="Application">modlinseq-print</metadata>\n'
            '<metadata name="slic3rpe:Version3mf">1</metadata>\n'
            f'<resources>\n<basematerials id="{MATERIALS_ID}">{bases}</basematerials>\n{"".join(objects)}'
            f'</resources>\n<build>\n{"".join(items)}</build>\n</model>\n')


def config_xml(instances: list[Instance], meshes: _MeshXml) -> str:
    """PrusaSlicer's model config: each object's name and its parts (triangle ranges) with their extruders."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<config>"]
    for number, instance in enumerate(instances, start=2):
        _mesh, ranges = meshes.of(instance.model)
        lines.append(f' <object id="{number}" instances_count="1">')
        lines.append(f'  <metadata type="object" key="name" value="{escape(instance.name)}"/>')
        lines.append(f'  <metadata type="object" key="extruder" value="{ranges[0][2]}"/>')
        for part, (first, last, filament) in zip(instance.model.parts, ranges):
            lines.append(f'  <volume firstid="{first}" lastid="{last}">')
            lines.append(f'   <metadata type="volume" key="name" value="{escape(part.name)}"/>')
            lines.append('   <metadata type="volume" key="volume_type" value="ModelPart"/>')
            lines.append(f'   <metadata type="volume" key="extruder" value="{filament}"/>')
            lines.append("  </volume>")
        lines.append(" </object>")
    lines.append("</config>")
    return "\n".join(lines) + "\n"


def threemf_bytes(instances: list[Instance], filaments: list[Filament], title: str,
                  thumbnail: bytes | None = None) -> bytes:
    """A 3MF package of the instances (one object each), with an optional PNG thumbnail."""
    meshes = _MeshXml(filaments)
    rels = _MODEL_REL + (_THUMBNAIL_REL if thumbnail else "")
    parts = [("[Content_Types].xml", _CONTENT_TYPES.encode()),
             ("_rels/.rels", (f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.'
                              f'openxmlformats.org/package/2006/relationships">{rels}</Relationships>\n').encode()),
             (MODEL_PATH, model_xml(instances, filaments, title, meshes).encode()),
             (CONFIG_PATH, config_xml(instances, meshes).encode())]
    if thumbnail:
        parts.append((THUMBNAIL_PATH, thumbnail))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts:
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compresslevel=6)
    return buffer.getvalue()
