"""DXF writer for cutting files: each cut-file layer's paths as closed polylines in millimetres (ezdxf, optional)."""

from __future__ import annotations

import io

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.scene import Polygon, Scene

CUT_LAYER = "cut"
#: scene layers written to DXF (in this order) and their DXF layer names; text is not written
DXF_LAYERS = {"cut": "CUT", "score": "SCORE", "registration": "REGISTRATION"}


class DxfUnavailable(ModlinseqError):
    """DXF output was asked for but ezdxf is not installed."""


def _ezdxf():
    try:
        import ezdxf  # lazily: an optional extra
    except ImportError:
        raise DxfUnavailable("DXF output needs ezdxf, an optional extra: install it beside the tool (in a checkout: "
                             ".venv/bin/pip install 'ezdxf>=1.1'; with pipx: pipx install '.[dxf]'), or write the "
                             "cut file as SVG") from None
    return ezdxf


def _rgb(colour: str | None) -> tuple[int, int, int]:
    text = (colour or "#ff0000").lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def nearest_aci(ezdxf, rgb: tuple[int, int, int]) -> tuple[int, bool]:
    """The AutoCAD Color Index (1-255) nearest to an RGB colour, and whether it is that colour exactly."""
    if rgb == (0, 0, 0):
        return 7, False  # ACI 7 is drawn black on a white background (white on black)
    table = ezdxf.colors.DXF_DEFAULT_COLORS
    value = ezdxf.colors.rgb2int(rgb)
    if value in table[1:256]:
        return table.index(value, 1), True
    distance = [sum((a - b) ** 2 for a, b in zip(ezdxf.colors.int2rgb(table[i]), rgb)) for i in range(1, 256)]
    return 1 + distance.index(min(distance)), False


def cut_paths(scene: Scene, layer: str = CUT_LAYER) -> list[Polygon]:
    """The polygons of a scene's layer, in drawing order (none when the scene has no such layer)."""
    return [item for item in scene.layer(layer).items if isinstance(item, Polygon)] if any(
        candidate.name == layer for candidate in scene.layers) else []


def scene_to_dxf(scene: Scene) -> bytes:
    """A DXF (R2010, millimetres, y upward as CAD expects, extents set) of the scene's cut, score and
    registration paths: one closed polyline per polygon on a layer of that name whose own colour is the
    AutoCAD index of its stroke (ACI 1 for red; a true colour on the layer too when no index matches),
    entities coloured BYLAYER; deterministic bytes."""
    ezdxf = _ezdxf()
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no timestamps or random GUIDs, from creation on
    try:
        return _build(ezdxf, scene, {name: cut_paths(scene, layer) for layer, name in DXF_LAYERS.items()})
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _add_layer(ezdxf, document, name: str, paths: list[Polygon]) -> None:
    colour = paths[0].style.stroke or paths[0].style.fill if paths else None
    index, exact = nearest_aci(ezdxf, _rgb(colour))
    layer = document.layers.add(name, color=index)
    if not exact:
        layer.rgb = _rgb(colour)


def _build(ezdxf, scene: Scene, layers: dict[str, list[Polygon]]) -> bytes:
    document = ezdxf.new("R2010", units=4)  # 4: millimetres
    document.header["$MEASUREMENT"] = 1  # metric
    modelspace = document.modelspace()
    corners: list[tuple[float, float]] = []
    for name, paths in layers.items():
        if not paths and name != "CUT":
            continue
        _add_layer(ezdxf, document, name, paths)
        for polygon in paths:
            points = [(round(x, 6), round(scene.height - y, 6)) for x, y in polygon.points]
            corners += points
            modelspace.add_lwpolyline(points, close=polygon.closed, dxfattribs={"layer": name})
    if corners:  # ezdxf copies the modelspace's extents and limits into $EXTMIN/$EXTMAX, $LIMMIN/$LIMMAX
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        modelspace.reset_extents((min(xs), min(ys), 0.0), (max(xs), max(ys), 0.0))
    modelspace.reset_limits((0.0, 0.0), (round(scene.width, 6), round(scene.height, 6)))
    for dxftype in sorted(document.entitydb.dxf_types_in_use()):  # ezdxf adds these CLASS entries on saving in
        document.classes.add_class(dxftype)  # set order, which follows string hashing: add them first, sorted
    stream = io.StringIO()
    document.write(stream)
    return document.encode(stream.getvalue())
