"""The state of one studio app: what it keeps between requests and the workers it runs jobs on.

Made by the app (`StudioApp`), reached by handlers as `request.studio`, closed when the app shuts down (its
lifespan): nothing of it lives at module level, so two apps in one process share no kit, game or worker.
"""

from __future__ import annotations

from modlinseq_print.studio.board_api import MAX_MADE
from modlinseq_print.studio.exchange import Reply
from modlinseq_print.studio.jobs import LightWork
from modlinseq_print.studio.kit_api import MAX_KITS, BuiltKit
from modlinseq_print.studio.play_api import MAX_GAMES
from modlinseq_print.studio.play_api import _Table as Table
from modlinseq_print.studio.shelf import Shelf
from modlinseq_print.studio.workers import WorkerPool


class StudioState:
    """An app's kits built (by id), games (by id) and downloads made (by id), its worker processes for heavy
    work and its threads for light work. The workers start on first use (or `pool.start()`)."""

    def __init__(self, pool: WorkerPool | None = None, light: LightWork | None = None):
        self.kits: Shelf[BuiltKit] = Shelf(MAX_KITS)
        self.games: Shelf[Table] = Shelf(MAX_GAMES)
        self.downloads: Shelf[Reply] = Shelf(MAX_MADE)
        self.pool = pool or WorkerPool()
        self.light = light or LightWork()

    def close(self) -> None:
        """Kill the worker processes and end the light work's threads: the app is shutting down."""
        self.pool.close()
        self.light.close()
