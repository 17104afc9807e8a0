"""Benchmark the rules engine: a random legal position of 2,000 tiles on hex:30, judged with its blocked cells."""

from __future__ import annotations

import json
import random
import sys
import time
import tracemalloc

from _bench import sized
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.position import Position, Tile, allowed_values, analyse
from modlinseq_print.rules.report import analysis_json

TILES = sized(2000, 100)
MODULUS = 13
TARGET_SECONDS = 0.5


def random_legal_position(seed: int = 7, tiles: int = TILES, wrap: str = "none") -> Position:
    """Grow a legal network from A0: each tile abuts the network and takes a value the engine allows,
    mostly the value of one global progression and sometimes another allowed one, so blocked cells appear."""
    rng = random.Random(seed)
    board = parse_board("hex:30")
    position = Position(board, MODULUS, {}, wrap)
    a, b = rng.randrange(1, MODULUS), rng.randrange(1, MODULUS)
    frontier = [board.parse_address("A0")]
    seen = set(frontier)
    while frontier and len(position.tiles) < tiles:
        cell = frontier.pop(rng.randrange(len(frontier)))
        allowed = allowed_values(position, cell)
        if not allowed:
            continue
        linear = (a * cell.q + b * cell.r) % MODULUS
        value = linear if linear in allowed and rng.random() < 0.9 else rng.choice(allowed)
        position.tiles[cell] = Tile(value)
        for n in position.topology.neighbours(cell):
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    return position


def main() -> int:
    """Time the judgement of the position and report seconds, peak memory and JSON bytes."""
    started = time.perf_counter()
    position = random_legal_position()
    built = time.perf_counter() - started
    position = Position(position.board, position.modulus, dict(position.tiles), position.wrap)
    tracemalloc.start()
    started = time.perf_counter()
    analysis = analyse(position)
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    started = time.perf_counter()
    analysis = analyse(position)
    untraced = time.perf_counter() - started
    data = json.dumps(analysis_json(analysis)).encode()
    print(f"position: {len(position.tiles)} tiles on hex:30 (modulus {MODULUS}), built in {built:.2f} s")
    print(f"judged: {len(analysis.sequences)} sequences, {len(analysis.blocked)} blocked cells, "
          f"legal={analysis.legal}")
    print(f"seconds: {untraced:.3f} (target < {TARGET_SECONDS}), {seconds:.3f} under tracemalloc")
    print(f"peak memory: {peak / 1e6:.1f} MB; check JSON: {len(data)} bytes")
    return 0 if analysis.legal and len(position.tiles) == TILES else 1


if __name__ == "__main__":
    sys.exit(main())
