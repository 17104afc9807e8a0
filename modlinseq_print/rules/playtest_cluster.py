"""Playtests on a Dask cluster: the same seeded games as on this machine, played by the cluster's workers.

Game k's shuffle is seeded from the playtest's `seed` and k alone (`playtest.game_seed`), and each game is played
by the same function as a local run, so the results are the same bytes wherever the games ran: they are put
back in the order of the games, not of their completion. The games go to the workers in small batches (a
few per worker thread, at most `MOST_A_TASK` each), so the load spreads and a stopped run wastes little. Each
batch also returns a fingerprint of the worker's rules and geometry code: a worker that runs other rules than
this machine would give other games, and is refused in one line.

Dask's `distributed` package is the optional `cluster` extra, imported only here and only when a cluster is
asked for. A scheduler that does not answer within `CONNECT_SECONDS` is refused in one line; an interrupted
run (Ctrl-C, or SIGTERM, which the command line takes as one) cancels the games not yet played and closes
its connection before it ends.
"""

from __future__ import annotations

import functools
import hashlib
import math
from pathlib import Path
from typing import Callable

from modlinseq_print import interrupts
from modlinseq_print.errors import mention
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.game import Game, Variant
from modlinseq_print.rules.playtest import (GameSummary, _play_portable, _portable, check_playtest,
                                            game_seed)

CONNECT_SECONDS = 5  # how long to wait for the scheduler to answer
MOST_A_TASK = 10  # games in one batch sent to a worker
INSTALL_HINT = "in a checkout: .venv/bin/pip install -e '.[cluster]'; with pipx: pipx install '.[cluster]'"


def _distributed():
    """Dask's distributed package, or one line saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise RulesError(f"playing on a cluster ({mention('scheduler')}) needs Dask's distributed package: "
                         f"{INSTALL_HINT}", "scheduler") from None
    return distributed


@functools.lru_cache(maxsize=1)
def rules_fingerprint() -> str:
    """A digest of the code that decides a game (the rules and geometry modules' sources, by name)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*root.glob("rules/*.py"), *root.glob("geometry/*.py")]):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def scheduler_missing(address: str, seconds: float) -> str | None:
    """Why no Dask scheduler answers at `address` within `seconds` (None: one does). A refused TCP connection is
    told at once; anything else that answers must say it is a scheduler (so a client is never left half made,
    waiting on a server that does not speak Dask)."""
    import asyncio
    import socket

    from distributed.comm import connect
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            socket.create_connection(parse_host_port(location, 8786), timeout=seconds).close()
    except (OSError, ValueError, TypeError) as error:
        return _reason(error)

    async def identity() -> dict:
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), seconds))
    except asyncio.TimeoutError:
        return f"no answer within {seconds:g} s"
    except MemoryError:  # a length read from a server that does not speak Dask's protocol
        return "what answered is not a Dask scheduler"
    except Exception as error:  # a server that is not Dask's may answer anything
        return _reason(error)
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        return "what answered is not a Dask scheduler"
    return None


def play_batch(packed: tuple, kinds: tuple[str, ...], tiles: list[int | None],
               game_seeds: list[int]) -> tuple[str, list[GameSummary]]:
    """Run on a worker: play the games these numbers shuffle; with the worker's rules fingerprint."""
    return rules_fingerprint(), [_play_portable(packed, kinds, tiles, seed) for seed in game_seeds]


def batch_size(games: int, threads: int) -> int:
    """Games in one batch: about four batches per worker thread, at most MOST_A_TASK."""
    return max(1, min(MOST_A_TASK, math.ceil(games / (4 * max(threads, 1)))))


class Cluster:
    """A connection to a Dask scheduler that plays playtests; close it (or use it as a context manager)."""

    def __init__(self, address: str, connect_seconds: float = CONNECT_SECONDS) -> None:
        distributed = _distributed()
        self.address, self.fingerprint = address, rules_fingerprint()
        why = scheduler_missing(address, connect_seconds)
        if why is None:
            try:
                self.client = distributed.Client(address, timeout=connect_seconds, set_as_default=False)
                return
            except Exception as error:  # whatever answered there, it did not let a client in
                why = _reason(error)
        raise RulesError(f"{mention('scheduler')} {address!r}: no Dask scheduler answered there ({why}): start one "
                         "with `dask scheduler` and workers with `dask worker ADDRESS`, or play here without it",
                         "scheduler")

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (a Ctrl-C meanwhile waits until it is closed)."""
        with interrupts.deferred():
            self.client.close(timeout=5)

    def threads(self) -> int:
        """The worker threads the cluster has now (1 if it has none yet: the games wait for workers)."""
        return max(1, sum(self.client.nthreads().values()))

    def playtest(self, variant: Variant, kinds: tuple[str, ...], tiles: list[int | None], games: int,
                 seed: int = 1, progress: Callable[[int], None] | None = None) -> list[GameSummary]:
        """The same games as `playtest.playtest` with the same settings, played by the cluster's
        workers, in the order of the games; progress(done) after each batch's games."""
        check_playtest(kinds, games, 1)
        Game(variant, [f"seat {i + 1}" for i in range(len(kinds))], seed, tiles=tiles)  # refuse a bad game at once
        game_seeds = [game_seed(seed, n) for n in range(games)]
        size = batch_size(games, self.threads())
        packed = _portable(variant)
        futures = {self.client.submit(play_batch, packed, kinds, tiles, game_seeds[first:first + size], pure=False):
                   first for first in range(0, games, size)}
        return self._gather(futures, games, progress)

    def _gather(self, futures: dict, games: int, progress: Callable[[int], None] | None) -> list[GameSummary]:
        """The batches' games in order; the unfinished batches cancelled if anything stops the run."""
        distributed = _distributed()
        found: dict[int, GameSummary] = {}
        try:
            for future in distributed.as_completed(list(futures), loop=self.client.loop):
                fingerprint, summaries = _result(future)
                if fingerprint != self.fingerprint:
                    raise RulesError(f"{mention('scheduler')} {self.address!r}: its workers run other rules than "
                                     "this machine (another version of modlinseq-print), so their games would "
                                     "differ: install this same version on every worker", "scheduler")
                for n, summary in enumerate(summaries, futures[future]):
                    found[n] = summary
                    if progress:
                        progress(len(found))
        finally:
            if len(found) < games:
                with interrupts.deferred():
                    self.client.cancel(list(futures), force=True)
        return [found[n] for n in range(games)]


def _result(future) -> tuple[str, list[GameSummary]]:
    """A batch's result; a worker that cannot load the tool is one line."""
    try:
        return future.result()
    except ImportError as error:
        raise RulesError(f"{mention('scheduler')}: a worker could not load modlinseq-print ({_reason(error)}): "
                         "install it on every worker", "scheduler") from None


def _reason(error: BaseException) -> str:
    """An error's message on one short line (a system error's own words: "connection refused")."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."
