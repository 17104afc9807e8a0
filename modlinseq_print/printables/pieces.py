"""Every kind of piece on one sheet plan: number tiles, wild tiles and blockers with the modulus markers."""

from __future__ import annotations

from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
from modlinseq_print.printables.tiles import Piece, TileFaces, TileLook, tile_set
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.scene import Item
from modlinseq_print.render.theme import Theme


class PieceFaces:
    """Draws a mixed set of pieces of one look: markers by MarkerFaces (their own colours and lines), every
    other kind by TileFaces. Both share the look, so every piece takes the same slot on a sheet."""

    def __init__(self, look: TileLook, theme: Theme, pieces: list[Piece]):
        self.look = look
        self.theme = theme
        self.pieces = pieces
        self.tiles = TileFaces(look, theme, sorted({p.label for p in pieces if p.kind not in ("blocker", "marker")}))
        moduli = sorted({p.value for p in pieces if p.kind == "marker" and p.value is not None})
        self.markers = MarkerFaces(look, theme, moduli) if moduli else None

    def with_look(self, look: TileLook) -> "PieceFaces":
        """The same pieces drawn with another look (a bleed, no printed cut line)."""
        return PieceFaces(look, self.theme, self.pieces)

    def _faces(self, piece: Piece):
        return self.markers if piece.kind == "marker" and self.markers else self.tiles

    def face(self, piece: Piece, slot: Slot) -> list[Item]:
        """The printed face of any piece at a slot."""
        return self._faces(piece).face(piece, slot)

    def labels(self, piece: Piece, slot: Slot, colour: str | None = None) -> list[Item]:
        """The text of any piece at a slot (for engraving, in `colour`)."""
        return self._faces(piece).labels(piece, slot, colour)

    def back(self, piece: Piece, slot: Slot) -> list[Item]:
        """The back of any piece at its mirrored slot."""
        return self._faces(piece).back(piece, slot)


def with_markers(pieces: list[Piece], markers: str | None, copies: int = 1) -> list[Piece]:
    """The pieces followed by `copies` markers of each modulus of a range such as '8-20' (none when None)."""
    if markers is None:
        return list(pieces)
    low, high = parse_range(markers)
    return list(pieces) + marker_set(low, high, copies)


def set_with_markers(modulus: int, copies: int, no_zero: bool = False, counts: dict[int, int] | None = None,
                     wild: int = 0, blockers: int = 0, markers: str | None = None,
                     marker_copies: int = 1) -> list[Piece]:
    """The tiles of tile_set followed by the markers of a range such as '8-20': markers asked for count, so
    no tiles at all is refused only when no marker is asked for either."""
    tiles = tile_set(modulus, copies, no_zero, counts, wild, blockers,
                     allow_empty=markers is not None and marker_copies > 0)
    return with_markers(tiles, markers, marker_copies)
