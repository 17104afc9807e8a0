"""What a kit preset means for a game: its board, modulus, tiles and whether the modulus marker stands on A0."""

from __future__ import annotations

from modlinseq_print.geometry.boards import Board
from modlinseq_print.kits.presets import Preset
from modlinseq_print.kits.piece_counts import kit_copies, kit_marker_range


def kit_has_marker(preset: Preset, modulus: int, board: Board) -> bool:
    """True when the kit's modulus marker for `modulus` stands on the board's A0 (a hex board with A0, the
    preset printing markers and its range covering the modulus)."""
    low, high = kit_marker_range(preset)
    return preset.markers.include and low <= modulus <= high and board.has_centre


def game_settings(preset: Preset) -> dict:
    """The preset's game as plain values: board spec, modulus, tiles of each value, wild tiles, no zero
    tiles, wrap, pattern and the modulus marker."""
    from modlinseq_print.geometry.boards import parse_board

    board = parse_board(preset.board.spec)
    return {"board": board.spec, "modulus": preset.modulus, "copies": kit_copies(preset, board),
            "wild": preset.tiles.wild, "no_zero": preset.tiles.no_zero, "wrap": preset.board.wrap or "",
            "pattern": preset.board.pattern or "", "marker": kit_has_marker(preset, preset.modulus, board)}
