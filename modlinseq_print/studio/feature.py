"""A feature of the studio declared as data: its API routes and what the server needs to know about them.

Each handler module (board_api, kit_api, position_api, pieces3d_api, play_api) ends with one `FEATURE =
Feature(...)`; app.py serves the tuple of them (`FEATURES`), and reads nothing else from the modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from modlinseq_print.studio.exchange import Handler


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Feature:
    """What a handler module serves.

    - `routes`: {(method, path): handler}, plain functions of a `Request` (exchange.py) answering a JSON-able
      dict, a `Reply` (a file), or `InWorker(...)` to have heavy work done in a worker process;
    - `form`: the page whose labels name the fields in its messages;
    - `budgets`: {path: seconds} of work, where a path needs other than the server's BUDGET;
    - `heavy`: paths whose handler runs whole in a worker process (a module-level function that uses no state of
      the server: it reads what its request carries);
    - `patient`: paths whose job waits its turn and is never refused as busy (a picture an image element shows,
      which cannot try again);
    - `pages`: {path: file in static/}, the pages of its own.
    """

    routes: Mapping[tuple[str, str], Handler]
    form: str | None = None
    budgets: Mapping[str, float] = field(default_factory=dict)
    heavy: frozenset[str] = frozenset()
    patient: frozenset[str] = frozenset()
    pages: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("routes", "budgets", "pages"):  # read-only views: a declaration does not change
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        paths = {path for _, path in self.routes}
        stray = (set(self.budgets) | self.heavy | self.patient) - paths
        if stray:
            raise ValueError(f"a feature names paths it does not route: {sorted(stray)}")
