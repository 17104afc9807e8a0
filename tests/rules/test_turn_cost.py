"""The estimate that bounds a search for every legal turn before it starts (rules/turn_cost.py): it follows the
turns the search really tries on free boards, refuses what would take minutes, and lets the large cases below its
budget run (bench/bench_turn_cost.py measures it against whole searches)."""

import time

import pytest

from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.moves import best_turns, generate_turns, parse_hand
from modlinseq_print.rules.start import start_position
from modlinseq_print.rules.turn_cost import MAX_BYTES, MAX_SECONDS, search_cost
from modlinseq_print.rules.turn_search import TurnSearch

WILD12 = ",".join(["#"] * 12)


@pytest.mark.parametrize("board, wrap, diagonals, hand", [
    ("square:8x8", "lines", True, "#,#,#,#,#"),
    ("square:6x6", "lines", False, "0,1,2,3,4,5,6,7"),
    ("square:7x7", "lines", True, "1,2,3,#"),
    ("hex:6", None, False, "1,2,4,5,7,8,10"),
    ("hex:9", None, False, "1,2,3,4,5,6,#"),
])
def test_the_estimate_follows_the_turns_tried_on_a_free_board(board, wrap, diagonals, hand):
    position = start_position(board, 13, wrap, diagonals)
    held = parse_hand(hand, 13)
    estimated = sum(search_cost(position, held).turns)
    found = len(TurnSearch(position, held, None, False).every())
    assert found / 2.5 <= estimated <= found * 2.5, (estimated, found)


@pytest.mark.parametrize("board, wrap, hand, tiles", [
    ("square:250x250", "lines", WILD12, "3,000,000 turns"),
    ("square:20x20", "lines", "0,1,2,3,4,5,6,7,8,9,10,11", "1,286,400 turns"),
    ("hex:9", None, "0,1,2,3,4,5,#,#,#,#,#,#", "413,829 turns"),
])
def test_a_search_past_the_budget_is_refused_before_it_starts(board, wrap, hand, tiles):
    position = start_position(board, 13, wrap, wrap is not None)
    started = time.process_time()
    with pytest.raises(RulesError) as refused:
        generate_turns(position, parse_hand(hand, 13))
    assert time.process_time() - started < 1
    assert tiles in str(refused.value) and "a smaller board" in str(refused.value)


def test_a_large_search_below_the_budget_runs():
    position = start_position("square:10x10", 13, "lines", True)
    hand = parse_hand("1,2,3,4,5,6,7", 13)
    cost = search_cost(position, hand)
    assert 0.5 < cost.seconds < MAX_SECONDS and cost.bytes < MAX_BYTES
    assert len(generate_turns(position, hand)) > 30_000


def test_a_position_with_tiles_costs_what_its_network_allows():
    """Only the cells beside the network start stretches: one tile on the hostile board is a small search."""
    from modlinseq_print.rules.transcript import build_position

    start = start_position("square:250x250", 13, "lines", True)
    position = build_position("5C3", start)[0]
    cost = search_cost(position, parse_hand(WILD12, 13))
    assert cost.starts == 9 * 4 and not cost.over


def _counted_search(position, hand):
    """The turns a whole search finds, and how many stretches it sets up (what their turns share)."""
    search = TurnSearch(position, hand, None, False)
    made = []
    setup = search._stretch
    search._stretch = lambda *args: made.append(args) or setup(*args)
    return search.every(), len(made)


@pytest.mark.parametrize("hand", ["5", "#", "5,5", "1,#", "1,2,3"])
def test_the_estimate_follows_the_stretches_set_up_and_the_turns_found_on_an_empty_torus(hand):
    """On an empty square board nearly every turn lies on a stretch of its own, and a turn of one tile is found
    on each of its lines but set up and listed once: the estimate counts both, and the board's lines."""
    position = start_position("square:12x12", 13, "lines", True)
    held = parse_hand(hand, 13)
    cost = search_cost(position, held, listed=0)
    found, stretches = _counted_search(position, held)
    assert cost.line_cells == 144 * 4
    assert stretches / 1.5 <= cost.stretches <= stretches * 1.5, (cost.stretches, stretches)
    assert len(found) / 1.5 <= cost.listed <= len(found) * 2.5, (cost.listed, len(found))


def test_the_largest_empty_torus_runs_a_one_tile_hand_and_refuses_two():
    """square:250x250 with wrapped lines and diagonals: one tile is 62,500 turns (about 14 s of CPU measured in
    bench/bench_turn_cost.py), two are 312,500 on as many stretches (34 s): refused before they start."""
    position = start_position("square:250x250", 13, "lines", True)
    started = time.process_time()
    with pytest.raises(RulesError, match="would try about 500,000 turns"):
        generate_turns(position, parse_hand("5,5", 13))
    assert time.process_time() - started < 1
    one = search_cost(position, parse_hand("5", 13))
    assert not one.over and one.line_cells == 250_000 and one.stretches == 62_500


def test_listing_every_turn_counts_in_the_estimate():
    """Listing a turn of two tiles traces its sequences (a turn of one is quick): 72,000 listed turns on a
    120x120 torus take longer than their search, and the refusal says to list fewer."""
    position = start_position("square:120x120", 13, "lines", True)
    hand = parse_hand("5,5", 13)
    assert search_cost(position, hand, listed=0).listed == 72_000
    assert search_cost(position, hand, listed=10).listed == 10
    assert not search_cost(position, hand).over
    with pytest.raises(RulesError) as refused:
        generate_turns(position, hand, listed=0)
    assert "listing 72,000 of them" in str(refused.value) and "list fewer turns (top=10) or use a smaller hand" in \
        str(refused.value)
    one = start_position("square:250x250", 13, "lines", True)
    assert not search_cost(one, parse_hand("5", 13), listed=0).over  # 62,500 turns of one tile: 1.5 s to list


def test_a_search_the_estimate_let_start_is_stopped_past_its_cpu_backstop(monkeypatch):
    """The estimate is low for some hands of wild and natural tiles beside a small network (6.5 s said for a
    search of 70 s on hex:9 after one tile): the search stops itself past MAX_RUN_SECONDS of CPU."""
    from modlinseq_print.rules import turn_cost
    from modlinseq_print.rules.transcript import build_position

    position = build_position("5A0", start_position("hex:9", 13))[0]
    hand = parse_hand("#,1,2,3,4,5,6", 13)
    assert not search_cost(position, hand).over
    full = len(generate_turns(position, hand))
    monkeypatch.setattr(turn_cost, "MAX_RUN_SECONDS", 0.0)
    started = time.process_time()
    with pytest.raises(RulesError, match="hand of 7 tiles, 1 of them wild on hex:9 was stopped after 0 s: use "
                                         "fewer wild tiles, a smaller hand, a smaller board"):
        generate_turns(position, hand)
    assert time.process_time() - started < 1 and full > 2048
    # the searches of a game (only the best turns, on a board whose lines do not wrap) are not stopped
    assert best_turns(position, hand)


def test_a_hand_of_wild_and_natural_tiles_after_the_first_tile_is_refused_before_it_starts():
    """Beside a network of a tile or three nearly every stretch is free: the search tries what a free board
    would (this one found 240,975 turns in 70 s of CPU, where the mid-game share estimated 6.5 s)."""
    from modlinseq_print.rules.transcript import build_position

    position = build_position("5A0", start_position("hex:9", 13))[0]
    started = time.process_time()
    with pytest.raises(RulesError, match="hand of 12 tiles, 2 of them wild on hex:9 would try about 119,238 turns"):
        generate_turns(position, parse_hand("#,#,1,2,3,4,5,6,7,8,9,10", 13))
    assert time.process_time() - started < 1
    cost = search_cost(position, parse_hand("#,#,1,2,3,4,5,6", 13))  # measured: 13,767 turns found in 4.8 s
    assert 4.8 <= cost.seconds < MAX_SECONDS and sum(cost.turns) >= 13_767
