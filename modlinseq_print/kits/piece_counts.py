"""How many pieces a kit holds when its preset leaves the counts out: tiles sized from the board, markers
following the modulus.

Number tiles. The rules ask for "equal quantities of all the numbers in use" (rules, page 1, section 1-4) and
give no total. A kit holds about as many tiles, wild tiles included, as half its board's cells, in equal
copies of every value, at least one of each: the standard kit's 134 tiles on its 271 cells, whatever the
modulus. Games played with tiles to spare fill 55 to 75 per cent of a board before every player freezes
(greedy players, modulus 13 and 99), so half the board is a stock a game uses up, and the game lasts about
as long at every modulus: ten copies at modulus 13, one at modulus 99, not the 990 tiles that ten copies
of 99 values would make.

Modulus markers. The rules suggest one marker "for each possible modulus within a practical range" (page 3,
section 8) and a modulus "typically between 8 and 20" (page 1, section 1-4). A kit whose modulus is in that
range prints the markers 8 to 20, as the rules show; a larger modulus prints as many markers (13), ending at
its own modulus (a higher one needs tiles the kit lacks, a lower one is played by setting tiles aside); a
modulus below 8 prints its own marker only. Every kit's markers include its own modulus.
"""

from __future__ import annotations

from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.kits.presets import Preset
from modlinseq_print.printables.markers import parse_range

BOARD_SHARE = 0.5  # the kit's tiles, wild tiles included, as a share of its board's cells
RULES_RANGE = (8, 20)  # the moduli the rules call typical (page 1, section 1-4; page 3, section 8)


def sized_copies(modulus: int, cells: int, wild: int = 0, no_zero: bool = False) -> int:
    """The copies of each value that, with the wild tiles, come nearest to BOARD_SHARE of `cells` (at least 1)."""
    values = max(modulus - (1 if no_zero else 0), 1)
    wanted = cells * BOARD_SHARE - wild
    return max(1, int(wanted / values + 0.5))


def marker_moduli(modulus: int) -> tuple[int, int]:
    """The lowest and highest modulus of the markers a kit of this modulus prints by default."""
    low, high = RULES_RANGE
    if low <= modulus <= high:
        return low, high
    if modulus > high:
        return max(modulus - (high - low), 2), modulus
    return modulus, modulus


def kit_copies(preset: Preset, board: Board | None = None) -> int:
    """The copies of each number tile in the kit: the preset's `tiles.copies`, else sized from its board."""
    tiles = preset.tiles
    if tiles.copies is not None:
        return tiles.copies
    board = board or parse_board(preset.board.spec)
    return sized_copies(preset.modulus, len(board.cells), tiles.wild, tiles.no_zero)


def kit_marker_range(preset: Preset) -> tuple[int, int]:
    """The kit's marker moduli (low, high): the preset's `markers.range`, else those following its modulus."""
    given = preset.markers.range
    return parse_range(given) if given is not None else marker_moduli(preset.modulus)


def kit_markers(preset: Preset) -> str | None:
    """The kit's markers as a range such as '8-20', None when it prints none."""
    markers = preset.markers
    if not (markers.include and markers.copies):
        return None
    low, high = kit_marker_range(preset)
    return f"{low}-{high}"
