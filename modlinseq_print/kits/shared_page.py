"""Two short pages printed as one: a page drawn in the empty lower part of another (the teacher's reference
under the box's nets), so that a kit with a box needs no extra sheet of paper."""

from __future__ import annotations

from modlinseq_print.render.scene import Embed, Item, Scene, Text, item_box, symbol_boxes

GAP = 8.0  # mm between the host's last line and the guest's first
FOOT = 12.0  # mm kept clear above the host's bottom margin: its scale bar and the kit's page number
HOST_FOOTER = "footer"  # the layer of the host's scale bar, which stays at the foot of the page


def _span(item: Item, boxes) -> tuple[float, float] | None:
    """The top and bottom of an item: a level line of text from its ascenders to its descenders (item_box
    allows for any turn of the text, far too much here), anything else its bounding box."""
    if isinstance(item, Text) and not item.rotate:
        middle = item.size * 0.35 if item.middle else 0.0
        return item.y + middle - item.size * 0.8, item.y + middle + item.size * 0.25
    box = item_box(item, boxes)
    return None if box is None else (box[1], box[3])


def content_span(scene: Scene, skip: tuple[str, ...] = ()) -> tuple[float, float] | None:
    """The top and bottom (mm) of what a scene draws, leaving out the named layers; None for an empty scene."""
    boxes = symbol_boxes(scene)
    spans = [_span(item, boxes) for layer in scene.layers if layer.name not in skip for item in layer.items]
    found = [span for span in spans if span is not None]
    if not found:
        return None
    return min(top for top, _bottom in found), max(bottom for _top, bottom in found)


def share_page(host: Scene, guest: Scene, margin: float) -> Scene | None:
    """The host page with the guest's drawing moved into the room under the host's content (GAP between them,
    FOOT above the bottom `margin` kept clear); None when the guest does not fit there or the pages differ in
    size. The guest keeps its left edge: both pages are set on the same paper."""
    if (host.width, host.height) != (guest.width, guest.height):
        return None
    above, below = content_span(host, (HOST_FOOTER,)), content_span(guest)
    if above is None or below is None:
        return None
    top = above[1] + GAP
    if top + below[1] - below[0] > host.height - margin - FOOT:
        return None
    shared = Scene(host.width, host.height, list(host.layers), dict(host.symbols))
    shared.layer("shared").items.append(Embed(guest, 0.0, round(top - below[0], 3)))
    return shared
