"""DXF writer for cutting files: the cut paths of a scene as closed polylines in millimetres (ezdxf, optional)."""

from __future__ import annotations

import io

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.scene import Polygon, Scene

CUT_LAYER = "cut"


class DxfUnavailable(ModlinseqError):
    """DXF output was asked for but ezdxf is not installed."""


def _ezdxf():
    try:
        import ezdxf  # lazily: an optional extra
    except ImportError:
        raise DxfUnavailable("DXF output needs ezdxf, an optional extra: install it with "
                             "pip install 'modlinseq-print[dxf]' (or write the cut file as SVG)") from None
    return ezdxf


def _rgb(colour: str | None) -> tuple[int, int, int]:
    text = (colour or "#ff0000").lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def cut_paths(scene: Scene, layer: str = CUT_LAYER) -> list[Polygon]:
    """The polygons of a scene's cut layer, in drawing order."""
    return [item for item in scene.layer(layer).items if isinstance(item, Polygon)] if any(
        candidate.name == layer for candidate in scene.layers) else []


def scene_to_dxf(scene: Scene, layer: str = CUT_LAYER) -> bytes:
    """A DXF (R2010, millimetres, y upward as CAD expects) of the scene's cut paths only: one closed
    polyline per polygon on layer CUT, coloured as its stroke; deterministic bytes."""
    ezdxf = _ezdxf()
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no timestamps or random GUIDs, from creation on
    try:
        return _build(ezdxf, scene, cut_paths(scene, layer))
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _build(ezdxf, scene: Scene, paths: list[Polygon]) -> bytes:
    document = ezdxf.new("R2010", units=4)  # 4: millimetres
    document.header["$MEASUREMENT"] = 1  # metric
    colour = _rgb(paths[0].style.stroke if paths else None)
    document.layers.add("CUT", true_color=ezdxf.colors.rgb2int(colour))
    modelspace = document.modelspace()
    for polygon in paths:
        points = [(round(x, 6), round(scene.height - y, 6)) for x, y in polygon.points]
        modelspace.add_lwpolyline(points, close=polygon.closed, dxfattribs={
            "layer": "CUT", "true_color": ezdxf.colors.rgb2int(_rgb(polygon.style.stroke))})
    stream = io.StringIO()
    document.write(stream)
    return document.encode(stream.getvalue())
