"""Pages cut down to what shows on them, for the formats that write one file per page (SVG, PNG).

A tiled board page embeds the whole board clipped to its window: a PDF stores the board once and shows it
through each page's window, but an SVG or PNG page would carry (and draw) every cell of the board. Here each
clipped embedded drawing keeps only the items that meet its clip, found through one SceneIndex of the drawing
that all the pages share; what is kept draws exactly as before, since what is left out lies outside the clip.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from modlinseq_print.render.scene import Embed, Item, Layer, Scene, SceneIndex

#: Embedded drawings with fewer items are kept whole: indexing them costs more than drawing them.
MIN_CULLED_ITEMS = 200


class Indexes:
    """The SceneIndex of each clipped embedded drawing, made on first need and kept from page to page."""

    def __init__(self) -> None:
        self._by_scene: dict[int, tuple[Scene, SceneIndex]] = {}

    def of(self, scene: Scene) -> SceneIndex:
        """The index of a drawing (held with it, so that its id cannot be reused while the index is kept)."""
        found = self._by_scene.get(id(scene))
        if found is None or found[0] is not scene:
            found = self._by_scene[id(scene)] = (scene, SceneIndex(scene))
        return found[1]


def _window(item: Embed, indexes: Indexes) -> Embed:
    """The embedded drawing cut down to the items that meet its clip (the drawing itself when it has none)."""
    if item.clip is None:
        return item
    cx, cy, cw, ch = item.clip
    shown = indexes.of(item.scene).window((cx - item.x) / item.scale, (cy - item.y) / item.scale,
                                          cw / item.scale, ch / item.scale)
    return replace(item, scene=shown)


def culled(scene: Scene, indexes: Indexes) -> Scene:
    """The page with each clipped embedded drawing (of at least MIN_CULLED_ITEMS items) cut down to its window;
    the page itself when it has none. `indexes` keeps the drawings' indexes from page to page."""
    def wanted(item: Item) -> TypeGuard[Embed]:
        return (isinstance(item, Embed) and item.clip is not None
                and sum(len(layer.items) for layer in item.scene.layers) >= MIN_CULLED_ITEMS)

    if not any(wanted(item) for item in scene.items()):
        return scene
    layers = [Layer(layer.name, [_window(item, indexes) if wanted(item) else item for item in layer.items],
                    layer.label) for layer in scene.layers]
    return replace(scene, layers=layers)
