"""What a Tabletop Simulator export of a preset holds: its board drawn, its pieces' token images, the deck."""

from __future__ import annotations

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.kits.build import board_style, kit_faces, kit_pieces
from modlinseq_print.kits.measures import measure
from modlinseq_print.printables.board import board_scene
from modlinseq_print.services.tts import Export
from modlinseq_print.services.tts_images import board_image, deck_sheet, token_images


def piece_label(piece) -> str:
    """A token's name in the game: its number, # for a wild tile, 'blocker', or 'mod 13' for a marker."""
    if piece.kind == "blocker":
        return "blocker"
    if piece.kind == "marker":
        return f"mod {piece.value}"
    return piece.label


def build_export(preset, signed: bool = False) -> Export:
    """The board, the pieces (kind, label and images of each) and the Mod 13 deck of a preset."""
    drawing = board_scene(parse_board(preset.board.spec), board_style(preset, measure(preset)))
    board, _ = board_image(drawing.scene)
    pieces = kit_pieces(preset)
    tokens = token_images(pieces, kit_faces(preset))
    faces, back = deck_sheet(signed)
    listed = [(piece.kind, piece_label(piece), face, back_name)
              for piece, (face, back_name) in zip(pieces, tokens.faces)]
    return Export(preset.title or "MODLINSEQ", board, (drawing.scene.width, drawing.scene.height), tokens.images,
                  listed, faces, back)
