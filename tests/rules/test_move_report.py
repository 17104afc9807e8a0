"""The reports of `moves` (rules/move_report.py) against a plain making of them: on seeded random positions of
every layout, policy and option (test_moves.py's), the JSON text is the bytes json.dumps writes for the object
made turn by turn from the position after each turn, and the list names the same MSAs."""

import importlib
import json
import random
from pathlib import Path

import pytest

from modlinseq_print.rules.move_report import moves_json, moves_json_text, moves_text
from modlinseq_print.rules.moves import generate_turns, play_move
from modlinseq_print.rules.sequences import msa_options
from modlinseq_print.wording import plural

from test_moves import random_case


def plain_msa(after, sequence):
    options = msa_options([after.tiles[c].known for c in sequence.chain.cells], after.modulus, sequence.chain.loop,
                          limit=2)
    return options[0] if len(options) == 1 else None


def plain_json(position, hand, turns):
    address = position.board.address
    made = []
    for move in turns:
        after = play_move(position, move)
        made.append({"turn": move.notation(position), "cells": [address(c) for c, _ in move.tiles],
                     "values": [t.value if t.value is not None else "#" for _, t in move.tiles],
                     "swapped": [address(c) for c in move.swapped], "points": move.points,
                     "sequences": [{"cells": [address(c) for c in s.chain.cells], "tiles": s.tiles,
                                    "primary": s.primary, "bonus": s.bonus, "points": s.points,
                                    "msa": plain_msa(after, s)} for s in move.sequences]})
    return {"board": position.board.spec, "modulus": position.modulus, "wrap": position.wrap, "hand": hand.text,
            "count": len(turns), "turns": made}


@pytest.mark.parametrize("seed", range(12))
def test_the_json_is_the_plain_objects_bytes(seed):
    rng = random.Random(seed)
    for _ in range(4):
        position, hand, pattern, hash_swap = random_case(rng)
        turns = generate_turns(position, hand, pattern, hash_swap)
        expected = plain_json(position, hand, turns)
        assert moves_json_text(position, hand, turns, 0) == json.dumps(expected)
        assert moves_json(position, hand, turns, 2) == dict(expected, turns=expected["turns"][:2])


@pytest.mark.parametrize("seed", range(6))
def test_the_list_names_each_turns_msa(seed):
    rng = random.Random(100 + seed)
    for _ in range(4):
        position, hand, pattern, hash_swap = random_case(rng)
        turns = generate_turns(position, hand, pattern, hash_swap)
        lines = moves_text(position, hand, turns, 0).splitlines()[1:]
        assert len(lines) == len(turns)
        for line, move in zip(lines, turns):
            assert f"{plural(move.points, 'point'):>10}  {move.notation(position)}" in line
            if move.primary is not None:
                msa = plain_msa(play_move(position, move), move.primary) or "step open"
                assert f"  ({msa}, {plural(move.primary.tiles, 'tile')}" in line


def _first_difference(made: str, expected: str) -> str:
    """Where two long texts part (pytest's own diff of megabytes would drown the answer)."""
    at = next((i for i, (a, b) in enumerate(zip(made, expected)) if a != b), min(len(made), len(expected)))
    return (f"at byte {at} of {len(made)} (expected {len(expected)}): "
            f"{made[at - 60:at + 60]!r} / {expected[at - 60:at + 60]!r}")


#: The benchmark's first-turn boards, made smaller here (the same shapes, wraps, diagonals and hands; about a
#: tenth of the turns of square:12x12): the report's shortcuts (the cached chains, layouts and MSAs) are taken
#: on every turn after the first of any board, so the bench's sizes would cost seconds and prove no more.
SMALLER_BOARDS = {"square:9x9": "square:6x6", "square:12x12": "square:6x6", "hex:9": "hex:6"}


@pytest.mark.slow
def test_the_benchmarks_json_is_the_plain_objects_bytes(monkeypatch):
    """Every case of bench/bench_moves.py (mid-game positions of the standard kit, a hand with two wild tiles,
    first turns on tori and on a hexagon, their boards smaller): the JSON is byte for byte what json.dumps writes
    for the objects made turn by turn."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "bench"))
    bench = importlib.import_module("bench_moves")
    start = bench.start_position
    monkeypatch.setattr(bench, "start_position", lambda board, *rest: start(SMALLER_BOARDS[board], *rest))
    cases = bench.cases()
    assert len(cases) == 9
    assert sum(position.board.spec in SMALLER_BOARDS.values() for _, position, *_ in cases) == 3
    for name, position, hand, pattern, hash_swap in cases:
        turns = generate_turns(position, hand, pattern, hash_swap)
        made, expected = moves_json_text(position, hand, turns, 0), json.dumps(plain_json(position, hand, turns))
        assert made == expected, f"{name}: {_first_difference(made, expected)}"
