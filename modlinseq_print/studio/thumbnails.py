"""Small PNG pictures of a built kit's pages, made when the page asks for one (lazily, as it scrolls).

A board page embeds the whole board clipped to its window; for the picture only the items inside the window
are kept (the renderer's culling), so a page of a 10,000-cell board draws as fast as one of a small board.
"""

from __future__ import annotations

from dataclasses import replace

from modlinseq_print.render.culling import Indexes, culled
from modlinseq_print.render.png_writer import scene_to_png
from modlinseq_print.render.scene import Embed, Layer, Polygon, Scene

THUMB_WIDTH = 180  # pixels: two columns of them fit a phone's width
MAX_EMBEDDED = 3_000  # items of an unclipped embedded drawing drawn in a picture (a cover's board diagram)


def _shapes_only(scene: Scene) -> Scene:
    """The page with a huge unclipped embedded drawing cut down to its shapes alone (a picture this small
    cannot show 10,000 cell labels)."""
    layers = []
    for layer in scene.layers:
        items = []
        for item in layer.items:
            if (isinstance(item, Embed) and item.clip is None
                    and sum(len(part.items) for part in item.scene.layers) > MAX_EMBEDDED):
                shapes = [Layer(part.name, [i for i in part.items if isinstance(i, Polygon)])
                          for part in item.scene.layers]
                item = replace(item, scene=replace(item.scene, layers=shapes))
            items.append(item)
        layers.append(Layer(layer.name, items, layer.label))
    return replace(scene, layers=layers)


def thumbnail(scene: Scene, indexes: Indexes) -> bytes:
    """A page as a PNG THUMB_WIDTH pixels wide; `indexes` keeps the board's index from page to page."""
    dpi = THUMB_WIDTH / (scene.width / 25.4)
    return scene_to_png(_shapes_only(culled(scene, indexes)), dpi)
