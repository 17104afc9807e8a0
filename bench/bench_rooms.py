"""Game rooms under load: 50 rooms of 4 players each, every player a WebSocket client, all on the loopback
against the studio command in its own process (a real uvicorn server), each room playing a whole game on hex:4.

A player whose turn it is picks its best turn (the rules engine, in a separate process so that the clients'
event loop only listens) after a short think, sends it over its WebSocket, and the clock runs from that moment
until all four players of the room have received the new state. Prints the turns measured, the median, p95
and largest of that time (target: p95 <= 100 ms), the rooms finished, and the studio's memory (RSS and PSS)
fresh, at the peak and at the end. `--smallest`: 2 rooms on hex:3, players thinking a tenth as long; `--rooms N`:
N rooms.

Measured on 2 cores at a load average of 4 to 6 (four runs of 50 rooms): median 10 to 13 ms, p95 26 to
37 ms, largest 0.12 to 0.34 s; peak memory 289-294 MB RSS / 165-170 MB PSS. See docs/performance.md.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

from _bench import require, sized

require("websockets", "websockets")
import websockets  # noqa: E402

from bench_studio import Peak, memory_kb  # noqa: E402

ROOMS = int(sys.argv[sys.argv.index("--rooms") + 1]) if "--rooms" in sys.argv else sized(50, 2)
PLAYERS = 4
GAME = {"board": sized("hex:4", "hex:3"), "modulus": 7, "copies": 3, "wild": 1, "hand": 4, "marker": False}
TARGET_MS = 100.0
THINK = sized((0.05, 0.4), (0.005, 0.04))  # seconds a player thinks before sending its turn


def serve(data: str) -> tuple[subprocess.Popen, int]:
    """The studio command in its own process, its rooms in `data`, and its port."""
    env = {**os.environ, "XDG_DATA_HOME": data}
    process = subprocess.Popen([sys.executable, "-m", "modlinseq_print", "studio", "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    return process, int(line.split("127.0.0.1:")[1].split("/")[0])


def request(port: int, method: str, path: str, body: dict | None = None, secret: str | None = None) -> dict:
    """One HTTP request to the studio: its JSON answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer


def best_turn(state: dict) -> str | None:
    """The best turn of a hand on the position of a room's state (run in the helper process)."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.rules.game import Variant
    from modlinseq_print.rules.moves import Hand, best_turns
    from modlinseq_print.rules.transcript import build_position

    start = Variant(parse_board(state["board"]), state["modulus"]).start()
    position = build_position(state["transcript"], start)[0] if state["transcript"] else start
    hand = Hand(tuple(sorted(int(v) for v in state["hand"] if v != "#")), state["hand"].count("#"))
    found = best_turns(position, hand)
    return found[0].notation(position) if found else None


class Room:
    """One room's clock: when each turn was sent, and who has seen each version."""

    def __init__(self, made: dict):
        self.made = made
        self.sent: dict[int, float] = {}  # the version a turn was sent from -> when
        self.seen: dict[int, set[int]] = {}
        self.times: list[float] = []
        self.over = asyncio.Event()

    def arrived(self, seat: int, version: int) -> None:
        """A player received a version: once all have, the time since its turn was sent is one sample."""
        seen = self.seen.setdefault(version, set())
        seen.add(seat)
        if len(seen) == PLAYERS and version - 1 in self.sent:
            self.times.append((time.perf_counter() - self.sent.pop(version - 1)) * 1000)


async def player(port: int, room: Room, seat: int, pool: ProcessPoolExecutor) -> None:
    """A player's client: its WebSocket, and its turns when they come."""
    loop = asyncio.get_running_loop()
    secret = room.made["seats"][seat]["secret"]
    url = f"ws://127.0.0.1:{port}/api/rooms/{room.made['room']}/events"
    async with websockets.connect(url, max_size=2 ** 22) as socket:
        await socket.send(json.dumps({"secret": secret}))
        async for message in socket:
            data = json.loads(message)
            if data["type"] != "state":
                continue
            state = data["state"]
            room.arrived(seat, state["version"])
            if state["status"] != "playing":
                if state["status"] == "over":
                    room.over.set()
                    return
                continue
            if state["current"] == seat and state["version"] not in room.sent:
                await asyncio.sleep(random.uniform(*THINK))
                turn = await loop.run_in_executor(pool, best_turn, state)
                room.sent[state["version"]] = time.perf_counter()
                await socket.send(json.dumps({"type": "turn", "turn": turn}))


def warm_up(port: int) -> None:
    """One turn played over HTTP before the clock runs: the server's first turn imports the rules' search."""
    made = request(port, "POST", "/api/rooms", {**GAME, "seats": ["person"] * PLAYERS})
    request(port, "POST", f"/api/rooms/{made['room']}/control", {"action": "start"}, made["host"]["secret"])
    state = request(port, "GET", f"/api/rooms/{made['room']}/state", None, made["seats"][0]["secret"])
    request(port, "POST", f"/api/rooms/{made['room']}/turn", {"turn": best_turn(state)}, made["seats"][0]["secret"])
    request(port, "POST", f"/api/rooms/{made['room']}/control", {"action": "end"}, made["host"]["secret"])


async def run(port: int) -> list[Room]:
    """ROOMS rooms made and started, their players connected, played to the end."""
    await asyncio.to_thread(warm_up, port)
    rooms = []
    for _ in range(ROOMS):
        made = await asyncio.to_thread(request, port, "POST", "/api/rooms", {**GAME, "seats": ["person"] * PLAYERS})
        rooms.append(Room(made))
    with ProcessPoolExecutor(1) as pool:
        tasks = [asyncio.ensure_future(player(port, room, seat, pool)) for room in rooms for seat in range(PLAYERS)]
        await asyncio.sleep(1.0)  # every client connected
        for room in rooms:
            await asyncio.to_thread(request, port, "POST", f"/api/rooms/{room.made['room']}/control",
                                    {"action": "start"}, room.made["host"]["secret"])
        await asyncio.wait_for(asyncio.gather(*tasks), 900)
    return rooms


def main() -> None:
    random.seed(1)
    with tempfile.TemporaryDirectory() as data:
        process, port = serve(data)
        try:
            fresh = memory_kb(process.pid)
            peak = Peak(process.pid)
            peak.start()
            started = time.perf_counter()
            rooms = asyncio.run(run(port))
            seconds = time.perf_counter() - started
            peak.stop()
            end = memory_kb(process.pid)
        finally:
            process.terminate()
            process.wait(10)
    times = sorted(t for room in rooms for t in room.times)
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
    print(f"{len(rooms)} rooms of {PLAYERS} WebSocket clients on the loopback, {GAME['board']}: "
          f"{sum(r.over.is_set() for r in rooms)} games finished in {seconds:.1f} s, {len(times)} turns")
    print(f"turn sent -> all {PLAYERS} players updated: median {statistics.median(times):.1f} ms, "
          f"p95 {p95:.1f} ms (target <= {TARGET_MS:g}), largest {times[-1]:.1f} ms")
    print(f"studio memory (RSS / PSS, MB): fresh {fresh[0] / 1024:.0f} / {fresh[1] / 1024:.0f}, "
          f"peak {peak.rss / 1024:.0f} / {peak.pss / 1024:.0f}, at the end {end[0] / 1024:.0f} / {end[1] / 1024:.0f}")


if __name__ == "__main__":
    main()
