"""What `simulate` plays: one design, or two to compare (two presets, or one preset on two boards), and where
the games are played (here, in `--jobs` processes, or on a Dask cluster with `--scheduler`).

Every choice is checked before any game is played or any connection made, each refusal in one line.
"""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import dataclass
from typing import Callable

from modlinseq_print.commands.flags import FlagError
from modlinseq_print.options import PRESET

DEFAULT_PRESET = PRESET.default


@dataclass(frozen=True)
class Side:
    """One design of a run: its name in a comparison (the preset, or the board when two boards are compared)
    and the options that describe it (the run's options with its own preset and board)."""

    name: str
    args: argparse.Namespace


def sides(args: argparse.Namespace) -> list[Side]:
    """The design played, or the two compared: two presets (`simulate A B`) or two boards (`--board` twice)."""
    presets, boards = list(args.preset or []), list(args.board or [])
    if any(not given.strip() for given in presets):  # as flags.refuse_empty_values words a single value
        raise FlagError("the preset argument is empty: give a value, or leave it out for the default (see "
                        "modlinseq-print simulate --help)")
    if any(not given.strip() for given in boards):
        raise FlagError("--board is empty: give a value, or leave out --board for its default (see "
                        "modlinseq-print simulate --help)")
    if len(presets) > 2 or len(boards) > 2:
        raise FlagError("simulate plays one design or compares two: give at most two presets, or --board at most "
                        "twice")
    if len(presets) == 2 and len(boards) == 2:
        raise FlagError("compare two presets or two boards, not both at once: give two presets (and --board once, "
                        "or not at all), or one preset and --board twice")
    presets = presets or [DEFAULT_PRESET]
    if len(presets) == 2:
        board = boards[0] if boards else None
        return [Side(p, argparse.Namespace(**{**vars(args), "preset": p, "board": board})) for p in presets]
    if len(boards) == 2:
        return [Side(b, argparse.Namespace(**{**vars(args), "preset": presets[0], "board": b})) for b in boards]
    return [Side(presets[0], argparse.Namespace(**{**vars(args), "preset": presets[0],
                                                   "board": boards[0] if boards else None}))]


def check_where(args: argparse.Namespace, compared: bool) -> None:
    """Refuse, before any game, options that do not go together: --jobs with --scheduler; a report file or
    saved games with a comparison (each is of one design: run it alone for them)."""
    if args.scheduler is not None and args.jobs != 1:
        raise FlagError("--jobs plays the games on this machine and --scheduler on a cluster's workers: give one "
                        "or the other")
    if args.scheduler is not None and not args.scheduler.strip():
        raise FlagError("--scheduler is empty: give the scheduler's address, e.g. tcp://10.0.0.5:8786")
    if compared and (args.output or args.save_games):
        flag = "-o" if args.output else "--save-games"
        raise FlagError(f"{flag} writes the games of one design: compare without it, or play each design alone "
                        "to write its report or its games")


@contextlib.contextmanager
def player(args: argparse.Namespace):
    """A function that plays a design's games (setup, tiles, progress) -> summaries: here, or on the cluster of
    --scheduler, connected once for the run and closed when it ends, however it ends."""
    from modlinseq_print.rules.playtest import playtest

    if args.scheduler is None:
        def here(setup, tiles, progress: Callable[[int], None]):
            return playtest(setup.variant, setup.kinds, tiles, args.games, args.seed, args.jobs, progress)
        yield here
        return
    from modlinseq_print.rules.playtest_cluster import Cluster

    with Cluster(args.scheduler.strip()) as cluster:
        def there(setup, tiles, progress: Callable[[int], None]):
            return cluster.playtest(setup.variant, setup.kinds, tiles, args.games, args.seed, progress)
        yield there
