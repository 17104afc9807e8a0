"""The turn search's parts as values: the wild-tile policies and their behaviour, the first-turn rule, the turn
data's read-only fields, the walks a topology keeps, and the two entries of the search."""

from __future__ import annotations

import json

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell
from modlinseq_print.rules.chains import topology_of
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.moves import Hand, best_of, best_turns, generate_turns
from modlinseq_print.rules.position import Position, through_centre
from modlinseq_print.rules.start import start_position
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.rules.walks import board_walks
from modlinseq_print.rules.wilds import WILD_POLICIES, WildPolicy


def test_the_policies_are_their_letters_with_their_behaviour():
    assert WILD_POLICIES == ("A", "B", "C", "D", "E")
    assert [p for p in WildPolicy if p.supported] == [WildPolicy.A, WildPolicy.B]
    assert [p for p in WildPolicy if p.adjacent] == [WildPolicy.A]
    assert [p for p in WildPolicy if p.unique] == [WildPolicy.C]
    assert [p for p in WildPolicy if p.declares] == [WildPolicy.D]
    assert [p for p in WildPolicy if p.prime_only] == [WildPolicy.B]
    assert [p.support for p in WildPolicy] == ["two adjacent naturals", "two naturals", "", "", ""]
    assert WildPolicy.parse("C") is WildPolicy.C and WildPolicy.parse(WildPolicy.D) is WildPolicy.D
    assert json.dumps({"policy": WildPolicy.B}) == '{"policy": "B"}' and f"policy {WildPolicy.A}" == "policy A"


@pytest.mark.parametrize("text", ["F", "a", "", "AB"])
def test_an_unknown_policy_is_refused_in_one_line(text):
    with pytest.raises(RulesError, match="unknown wild-tile policy .*: use one of A, B, C, D, E"):
        WildPolicy.parse(text)
    with pytest.raises(RulesError, match="unknown wild-tile policy"):
        Position(parse_board("hex:2"), 7, {}, policy=text)


def test_a_position_reads_its_policy_letter_once():
    position = Position(parse_board("hex:2"), 7, {}, policy="A")
    assert position.policy is WildPolicy.A and position.with_tiles({}).policy is WildPolicy.A
    with pytest.raises(RulesError, match="policy B needs a prime modulus"):
        Position(parse_board("hex:2"), 8, {}, policy="B")


def test_the_centre_and_the_first_turn_rule():
    hex3, square = parse_board("hex:3"), parse_board("square:5x5")
    assert hex3.has_centre and not square.has_centre
    empty = Position(hex3, 7, {})
    assert empty.first_turn and empty.centre_rule
    assert not Position(square, 7, {}).centre_rule  # a square board's first turn goes anywhere
    later = build_position("1A0", empty)[0]
    assert not later.first_turn and not later.centre_rule
    e1 = hex3.parse_address("E1")
    assert through_centre({ORIGIN, e1}, [], marker=False)
    assert not through_centre({e1}, [{ORIGIN, e1}], marker=False)  # without the marker A0 gets a tile
    assert through_centre({e1}, [{ORIGIN, e1}], marker=True) and not through_centre({e1}, [{e1}], marker=True)


def test_a_turn_is_read_only():
    turn = generate_turns(start_position("hex:2", 7), Hand((1, 2)))[0]
    for name in ("points", "swapped"):
        with pytest.raises(AttributeError):
            setattr(turn, name, 0)
    with pytest.raises(AttributeError):
        turn.extra = 1  # slots: no new field either


def test_the_walks_are_kept_on_the_topology():
    board = parse_board("hex:3")
    topology = topology_of(board)
    assert topology.walks is topology.walks is topology_of(board).walks
    assert topology.walks == board_walks(topology)  # what it keeps is what a fresh tracing finds
    assert len(topology.walks) == 3 * 7  # hex:3 has 7 lines on each of its three slopes
    assert all(isinstance(c, Cell) for walk in topology.walks for c in walk.cells)


def test_best_turns_are_the_best_of_every_turn():
    position = build_position("4B2, 6B1, 1A0, 3M1", start_position("hex:3", 7))[0]
    hand = Hand((0, 2, 5, 5, 6))
    every = generate_turns(position, hand)
    best = best_turns(position, hand)
    assert best and [t.tiles for t in best] == [t.tiles for t in best_of(every)]
    assert len(every) > len(best) and all(t.points == every[0].points for t in best)
