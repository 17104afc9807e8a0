"""Benchmark wild tiles: the position request and `check` with one wild tile at moduli 13, 1,000 and 10,000,
with 60 wild tiles, and `check` with many wild tiles on the largest boards.

Each case runs in a fresh process with a time limit, so the engine before the congruence solver can be timed
too (`PYTHONPATH=OLD_SOURCE python bench/bench_wilds.py`): a case past the limit prints '> LIMIT s'.
Figures: the judgement (`analyse`, the engine's part of the studio's position request), the whole position
request (judged and drawn, in-process, no network) where the studio's handler is importable, and the whole
`check` command as a process (interpreter start-up included). Targets: one wild tile at modulus 10,000
<= 50 ms, 60 wild tiles <= 1 s. `python bench/bench_wilds.py [WORD] [--limit SECONDS]` runs the cases whose
name holds WORD.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from _bench import smallest

LIMIT = 120.0


def linear_tiles(spec: str, radius: int, m: int, seed: int) -> dict[str, str]:
    """Tiles on every cell within `radius` of A0, valued by one linear function of the cell (so every line of
    them is modular-linear): addresses to values."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.geometry.hexgrid import distance

    rng = random.Random(seed)
    board = parse_board(spec)
    a, b, c = rng.randrange(1, m), rng.randrange(1, m), rng.randrange(m)
    cells = sorted((cell for cell in board.cells if distance(cell) <= radius), key=lambda x: (distance(x), x))
    return {board.address(cell): str((a * cell.q + b * cell.r + c) % m) for cell in cells}


def grown_tiles(spec: str, count: int, m: int, seed: int) -> dict[str, str]:
    """A mid-game position: `count` tiles grown from A0, each abutting the network with a value the rules allow
    (mostly one progression, sometimes another allowed value, so some cells end up blocked)."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.rules.position import Position, Tile, allowed_values

    rng = random.Random(seed)
    board = parse_board(spec)
    position = Position(board, m, {})
    a, b = rng.randrange(1, m), rng.randrange(1, m)
    frontier = [board.parse_address("A0")]
    seen = set(frontier)
    while frontier and len(position.tiles) < count:
        cell = frontier.pop(rng.randrange(len(frontier)))
        allowed = allowed_values(position, cell)
        if not allowed:
            continue
        linear = (a * cell.q + b * cell.r) % m
        position.tiles[cell] = Tile(linear if linear in allowed and rng.random() < 0.9 else rng.choice(allowed))
        for n in position.topology.neighbours(cell):
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    return {board.address(cell): tile.label for cell, tile in position.tiles.items()}


def with_wilds(tiles: dict[str, str], count: int, seed: int, cluster: bool = False) -> str:
    """The transcript of the tiles with `count` of them made wild: at random, or the first ones (nearest A0)."""
    names = list(tiles)
    chosen = set(names[:count] if cluster else random.Random(seed).sample(names, count))
    return ", ".join(("#" if name in chosen else value) + name for name, value in tiles.items())


def open_wild(m: int, seed: int) -> Callable[[], str]:
    """A mid-game position with one wild tile added where its value is least settled: on the empty cell beside
    the network that allows the most values (as a player lays a wild tile to keep options open)."""
    def make() -> str:
        from modlinseq_print.geometry.boards import parse_board
        from modlinseq_print.rules.position import Position, Tile, allowed_values

        tiles = grown_tiles("hex:9", 60, m, seed)
        board = parse_board("hex:9")
        position = Position(board, m, {board.parse_address(a): Tile(int(v)) for a, v in tiles.items()})
        frontier = {n for c in position.tiles for n in position.topology.neighbours(c)} - position.tiles.keys()
        cell = max(sorted(frontier), key=lambda c: len(allowed_values(position, c)))
        return ", ".join(f"{v}{a}" for a, v in tiles.items()) + f", #{board.address(cell)}"
    return make


def only_wild(spec: str, count: int) -> str:
    """A transcript of `count` wild tiles alone on the cells nearest A0: every line of them wild only."""
    return ", ".join("#" + name for name in list(linear_tiles(spec, 40, 13, 0))[:count])


def mid_game(m: int, tiles: int, wild: int, seed: int) -> Callable[[], str]:
    """A mid-game position on hex:9 with some of its tiles wild."""
    return lambda: with_wilds(grown_tiles("hex:9", tiles, m, seed), wild, seed)


def region(spec: str, m: int, wild: int, seed: int, cluster: bool = False) -> Callable[[], str]:
    """The 4,921 cells within 40 of A0 filled, `wild` of them wild (at random, or the nearest A0)."""
    return lambda: with_wilds(linear_tiles(spec, 40, m, seed), wild, seed, cluster)


#: name -> (board, modulus, how the transcript is made, wrap)
CASES: dict[str, tuple[str, int, Callable[[], str], str | None]] = {
    "one wild, modulus 13": ("hex:9", 13, mid_game(13, 60, 1, 1), None),
    "one wild, modulus 1,000": ("hex:9", 1000, mid_game(1000, 60, 1, 1), None),
    "one wild, modulus 10,000": ("hex:9", 10000, mid_game(10000, 60, 1, 1), None),
    "one open wild, modulus 13": ("hex:9", 13, open_wild(13, 1), None),
    "one open wild, modulus 1,000": ("hex:9", 1000, open_wild(1000, 1), None),
    "one open wild, modulus 4,000": ("hex:9", 4000, open_wild(4000, 1), None),
    "one open wild, modulus 10,000": ("hex:9", 10000, open_wild(10000, 1), None),
    "60 wild of 150 tiles, modulus 13": ("hex:9", 13, mid_game(13, 150, 60, 2), None),
    "60 wild of 150 tiles, modulus 1,000": ("hex:9", 1000, mid_game(1000, 150, 60, 2), None),
    "60 wild of 150 tiles, modulus 10,000": ("hex:9", 10000, mid_game(10000, 150, 60, 2), None),
    "60 wild tiles alone, modulus 10,000": ("hex:9", 10000, lambda: only_wild("hex:9", 60), None),
    "hex:150, 4,921 tiles, 1,000 wild": ("hex:150", 13, region("hex:150", 13, 1000, 4), None),
    "hex:150, 4,921 tiles, 1,000 wild, m 9,240": ("hex:150", 9240, region("hex:150", 9240, 1000, 5), None),
    "hex:150, 1,000 wild in a cluster, m 9,240": ("hex:150", 9240, region("hex:150", 9240, 1000, 6, True), None),
    "hex:150, 1,000 wild tiles alone, m 9,240": ("hex:150", 9240, lambda: only_wild("hex:150", 1000), None),
    "tess:55, 4,921 tiles, 1,000 wild": ("tess:55", 13, region("tess:55", 13, 1000, 7), "tess"),
    "hex:150, 1,001 wild (refused)": ("hex:150", 13, region("hex:150", 13, 1001, 8), None),
}


def child(name: str, folder: str) -> None:
    """Run one case in this process: print the judgement's and the position request's seconds as JSON."""
    import numpy  # noqa: F401 (loaded before the clock starts, as in a running studio)

    from modlinseq_print.errors import ModlinseqError
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.rules.position import Position, analyse
    from modlinseq_print.rules.transcript import build_position

    spec, m, make, wrap = CASES[name]
    text = make()
    Path(folder, "transcript.txt").write_text(text)
    result: dict = {"tiles": text.count(",") + 1, "wild": text.count("#")}
    try:
        position, _ = build_position(text, Position(parse_board(spec), m, {}, wrap))
    except ModlinseqError as error:
        print(json.dumps({**result, "refused": str(error)}))
        return
    wall, cpu = time.perf_counter(), time.process_time()
    analysis = analyse(position)
    result.update(judged=time.perf_counter() - wall, judged_cpu=time.process_time() - cpu, legal=analysis.legal,
                  blocked=len(analysis.blocked))
    if len(position.tiles) <= 500:
        result["request"] = request_seconds(spec, m, text)
    print(json.dumps(result))


def request_seconds(spec: str, m: int, text: str) -> float | None:
    """The studio's position request (judge and draw) handled in-process, or None without the handler."""
    try:
        from modlinseq_print.studio import position_api
        try:
            from modlinseq_print.studio.exchange import Request
        except ImportError:  # the studio before its handlers moved to exchange.py
            from modlinseq_print.studio.server import Request
    except ImportError:
        return None
    start = time.perf_counter()
    position_api.check(Request({"board": spec, "modulus": m, "transcript": text}, {}))
    return time.perf_counter() - start


def run(argv: list[str], limit: float, folder: str) -> tuple[float | None, float | None, str]:
    """Wall and CPU seconds of a child process and its output (None, None past the limit)."""
    with open(Path(folder, "out.txt"), "wb") as out:
        start = time.perf_counter()
        child_process = subprocess.Popen(argv, cwd=folder, stdout=out, stderr=subprocess.STDOUT)
        deadline = start + limit
        while True:
            pid, status, usage = os.wait4(child_process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                child_process.kill()
                child_process.wait()
                return None, None, ""
            time.sleep(0.01)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, Path(folder, "out.txt").read_text()


def shown(seconds: float | None, limit: float) -> str:
    """Seconds as ms below one, '> LIMIT s' past the limit."""
    if seconds is None:
        return f"> {limit:.0f} s"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(word: str, limit: float) -> None:
    """Run the cases and print one line each."""
    print(f"{'case':<44} {'tiles':>5} {'wild':>5} {'judged':>8} {'CPU':>8} {'request':>8} {'check':>8} {'CPU':>8}"
          "  legal blocked")
    for name, (spec, m, _, wrap) in smallest(CASES.items()):
        if word not in name:
            continue
        with tempfile.TemporaryDirectory() as folder:
            _, _, output = run([sys.executable, __file__, "--child", name, folder], limit, folder)
            last = output.strip().splitlines()[-1] if output.strip() else ""
            data = json.loads(last) if last.startswith("{") else None
            if data is None:
                print(f"{name:<44} {'':>5} {'':>5} {shown(None, limit):>8}", flush=True)
                continue
            argv = [sys.executable, "-m", "modlinseq_print", "check", "--board", spec, "-m", str(m),
                    "@transcript.txt"] + (["--wrap", wrap] if wrap else [])
            wall, cpu, said = run(argv, limit, folder)
            head = f"{name:<44} {data['tiles']:>5} {data['wild']:>5} "
            tail = f" {shown(wall, limit):>8} {shown(cpu, limit):>8}"
            if "refused" in data:
                print(f"{head}{'refused':>8} {'':>8} {'':>8}{tail}  {said.strip()[:60]}", flush=True)
                continue
            request = data.get("request")
            print(f"{head}{shown(data['judged'], limit):>8} {shown(data['judged_cpu'], limit):>8} "
                  f"{'' if request is None else shown(request, limit):>8}{tail}  "
                  f"{str(data['legal']):<5} {data['blocked']}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        args = sys.argv[1:]
        limit = LIMIT
        if "--limit" in args:
            i = args.index("--limit")
            limit = float(args[i + 1])
            del args[i:i + 2]
        main(args[0] if args else "", limit)
