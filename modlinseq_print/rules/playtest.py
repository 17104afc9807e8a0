"""Playtests: many seeded games between computer players, and the figures a designer asks of them.

Each game's shuffle is seeded with a number drawn from the playtest's and the game's number, so the games and
their results are the same whatever the number of parallel processes (`jobs`). A game's summary keeps what
the report needs: the scores by seat, the turns played, the cells filled and blocked at the end, the tiles
left in the stock, the longest sequence and the time the game took.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Iterable

from modlinseq_print.collector import collector_paused
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.game import Game, Variant
from modlinseq_print.rules.players import choose, parse_kind
from modlinseq_print.rules.position import analyse

MAX_GAMES = 10_000
MAX_JOBS = 64


@dataclass(frozen=True)
class GameSummary:
    """One simulated game: the number its shuffle was seeded with, scores by seat, turns played (freezes not
    counted), cells filled (the modulus marker's too) and blocked at the end, tiles left in the stock, the
    longest sequence's tiles, the CPU seconds it took, the transcript and each played turn's hand."""

    seed: int
    scores: tuple[int, ...]
    turns: int
    filled: tuple[Cell, ...]
    blocked: int
    stock: int
    longest: int
    seconds: float
    transcript: str = ""  # the turns played, one line each as `score` and `review` read them
    hands: tuple[str, ...] = ()  # the hand held before each of those turns, as a hands file of the review holds them


def game_seed(seed: int, number: int) -> int:
    """The number game `number` of a playtest is seeded with: the same whatever the number of processes."""
    return random.Random(f"{seed}:{number}").getrandbits(48)


def play_out(game: Game, kinds: tuple[str, ...], rng: random.Random, hands: list[str] | None = None) -> Game:
    """Play a game between computer players (one kind per seat) to its end: each plays or, stuck, freezes;
    `hands`, if given, gets the hand held before each turn played (a freeze adds none)."""
    with collector_paused():
        while not game.over:
            held = game.hands[game.current]
            record = game.take_turn(lambda to_move: choose(kinds[to_move.current], to_move, rng))
            if hands is not None and record.move is not None:
                hands.append(f"{game.names[record.player]}: {held.text}")
    return game


def play_game(variant: Variant, kinds: tuple[str, ...], tiles: list[int | None], seed: int) -> GameSummary:
    """Play one game between computer players (one kind per seat) to its end."""
    start = time.process_time()
    hands: list[str] = []
    game = play_out(Game(variant, [f"seat {i + 1}" for i in range(len(kinds))], seed, tiles=tiles), kinds,
                    random.Random(seed), hands)
    analysis = analyse(game.position)
    placed = tuple(sorted(game.position.tiles))
    longest = max((r.tiles for r in analysis.sequences), default=1 if placed else 0)
    return GameSummary(seed, tuple(game.scores), sum(1 for r in game.records if r.move is not None), placed,
                       len(analysis.blocked), game.stock_size, longest, time.process_time() - start,
                       game.transcript(), tuple(hands))


def _portable(variant: Variant) -> tuple:
    """The variant in a form that crosses to another process (a board's mapping proxy does not)."""
    board = variant.board
    fields = (board.spec, board.grid, board.cells, dict(board.pseudocells), board.tess_order, board.default_wrap,
              board.default_pattern)
    return fields, (variant.modulus, variant.wrap, variant.diagonals, variant.policy, variant.marker,
                    variant.pattern, variant.hash_swap, variant.hand)


def _play_portable(packed: tuple, kinds: tuple[str, ...], tiles: list[int | None], seed: int) -> GameSummary:
    board_fields, rest = packed
    spec, grid, cells, pseudo, tess, wrap, pattern = board_fields
    board = Board(spec, grid, cells, MappingProxyType(pseudo), tess, wrap, pattern)
    return play_game(Variant(board, *rest), kinds, tiles, seed)


def check_playtest(kinds: tuple[str, ...], games: int, jobs: int) -> None:
    """Refuse a playtest the tool cannot run, in one line."""
    if not 1 <= games <= MAX_GAMES:
        raise RulesError(f"{games} games: a playtest plays 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= MAX_JOBS:
        raise RulesError(f"{jobs} parallel processes: use 1 to {MAX_JOBS}")
    for kind in kinds:
        parse_kind(kind)


def playtest(variant: Variant, kinds: tuple[str, ...], tiles: list[int | None], games: int, seed: int = 1,
             jobs: int = 1, progress: Callable[[int], None] | None = None) -> list[GameSummary]:
    """Play `games` seeded games (in `jobs` processes), calling progress(done) after each; summaries in order."""
    check_playtest(kinds, games, jobs)
    board = variant.board
    if board.grid == "hex" and not board.has_centre:
        raise RulesError(f"board {board.spec} has no centre cell A0, where the first turn goes: use a board with A0")
    Game(variant, [f"seat {i + 1}" for i in range(len(kinds))], seed, tiles=tiles)  # refuse a bad game at once
    numbers = [game_seed(seed, n) for n in range(games)]
    if jobs == 1:
        found = []
        for s in numbers:
            found.append(play_game(variant, kinds, tiles, s))
            if progress:
                progress(len(found))
        return found
    import multiprocessing

    from modlinseq_print.interrupts import bind_worker

    packed = _portable(variant)
    results: dict[int, GameSummary] = {}
    pool = multiprocessing.Pool(jobs, initializer=bind_worker, initargs=(os.getpid(),))
    try:
        work = [(n, packed, kinds, tiles, s) for n, s in enumerate(numbers)]
        for n, summary in pool.imap_unordered(_play_numbered, work):
            results[n] = summary
            if progress:
                progress(len(results))
        pool.close()
    finally:
        pool.terminate()  # at once, whatever the workers are doing: an interrupted run leaves none behind
        pool.join()
    return [results[n] for n in range(games)]


def _play_numbered(job: tuple) -> tuple[int, GameSummary]:
    number, packed, kinds, tiles, seed = job
    return number, _play_portable(packed, kinds, tiles, seed)


@dataclass(frozen=True)
class Spread:
    """Mean, standard deviation, least and most of some figures."""

    mean: float
    sd: float
    least: float
    most: float

    @classmethod
    def of(cls, values: Iterable[float]) -> "Spread":
        values = list(values)
        return cls(statistics.fmean(values), statistics.pstdev(values), min(values), max(values))


@dataclass(frozen=True)
class Findings:
    """What a playtest tells a designer."""

    games: int
    seats: int
    cells: int
    turns: Spread
    scores: tuple[Spread, ...]  # by seat
    margin: Spread  # the winner's lead over the runner-up
    wins: tuple[float, ...]  # share of games each seat won (ties shared)
    filled: Spread  # share of the board's cells filled
    blocked: Spread
    stock: Spread
    longest: Spread
    seconds: Spread
    heat: dict[Cell, float] = field(default_factory=dict)  # share of games in which each cell was filled


def findings(summaries: list[GameSummary], cells: int) -> Findings:
    """The figures of a playtest's games."""
    seats = len(summaries[0].scores)
    wins = [0.0] * seats
    heat: dict[Cell, float] = {}
    for game in summaries:
        best = max(game.scores)
        winners = [i for i, s in enumerate(game.scores) if s == best]
        for i in winners:
            wins[i] += 1 / len(winners)
        for cell in game.filled:
            heat[cell] = heat.get(cell, 0) + 1 / len(summaries)
    ranked = [sorted(g.scores, reverse=True) for g in summaries]
    return Findings(len(summaries), seats, cells, Spread.of(g.turns for g in summaries),
                    tuple(Spread.of(g.scores[i] for g in summaries) for i in range(seats)),
                    Spread.of(r[0] - r[1] if len(r) > 1 else 0 for r in ranked),
                    tuple(w / len(summaries) for w in wins), Spread.of(len(g.filled) / cells for g in summaries),
                    Spread.of(g.blocked for g in summaries), Spread.of(g.stock for g in summaries),
                    Spread.of(g.longest for g in summaries), Spread.of(g.seconds for g in summaries), heat)
