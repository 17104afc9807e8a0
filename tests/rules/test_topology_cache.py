"""A board's line topology is made once per board object, kept on the board and gone with it: no cache of the
process outlives a board or hands one board's topology to another."""

import gc
import weakref

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.chains import topology_of


def test_one_topology_per_board_and_mode():
    board = parse_board("hex:3")
    assert topology_of(board) is topology_of(board)
    assert topology_of(board, "bounce") is not topology_of(board)
    assert topology_of(board, "bounce").wrap == "bounce"
    twin = parse_board("hex:3")
    assert topology_of(twin) is not topology_of(board)
    assert topology_of(twin).board is twin


def test_a_topology_goes_with_its_board():
    board = parse_board("hex:4")
    topology = weakref.ref(topology_of(board))
    gone = weakref.ref(board)
    del board
    gc.collect()
    assert gone() is None and topology() is None


def test_a_new_board_never_gets_a_collected_boards_topology():
    for order in range(1, 16):  # the new board often takes the collected one's memory (and id)
        first = parse_board(f"hex:{order}")
        topology_of(first)
        del first
        gc.collect()
        second = parse_board(f"rect:{order}x2")
        topology = topology_of(second)
        assert topology.board is second
        assert len(topology.board.cells) == order * 2
