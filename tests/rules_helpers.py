"""Helpers for the rules tests: build positions from transcripts and look sequences up by their cells."""

from __future__ import annotations

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.position import Analysis, Position, analyse
from modlinseq_print.rules.transcript import build_position


def judge(board: str, modulus: int, transcript: str, wrap: str | None = None, **options) -> Analysis:
    """Analyse the position a transcript builds on an empty board."""
    start = Position(parse_board(board), modulus, {}, wrap, **options)
    position, _ = build_position(transcript, start)
    return analyse(position)


def paths(analysis: Analysis) -> dict[str, object]:
    """Sequences by their tilde notation (values and addresses, in the engine's order)."""
    board = analysis.position.board
    return {" ~ ".join(f"{label}{board.address(c)}" for label, c in zip(r.labels, r.chain.cells)): r
            for r in analysis.sequences}


def find(analysis: Analysis, *addresses: str):
    """The sequence whose cells are exactly these addresses, in either direction."""
    board = analysis.position.board
    wanted = [board.parse_address(a) for a in addresses]
    for report in analysis.sequences:
        cells = list(report.chain.cells)
        if cells == wanted or cells == wanted[::-1]:
            return report
        if report.chain.loop and len(cells) == len(wanted) and set(cells) == set(wanted):
            return report
    raise AssertionError(f"no sequence {' ~ '.join(addresses)} in {list(paths(analysis))}")


def addresses(analysis: Analysis, cells) -> list[str]:
    """Addresses of cells on the analysed board."""
    return [analysis.position.board.address(c) for c in cells]


def counted_strong_turn(monkeypatch, game, budget: int):
    """The strong player's turn on `game` with `budget`, its Work, and the turn searches it made (each counted
    as the strong player's search calls it)."""
    import random

    from modlinseq_print.rules import strong_player

    game.moves()  # worked out before counting: the count is of the searches a turn adds
    searches: list[int] = []
    real = strong_player.best_turns
    monkeypatch.setattr(strong_player, "best_turns", lambda *a: searches.append(1) or real(*a))
    work = strong_player.Work(budget)
    return strong_player.strong(game, random.Random(1), budget, work), work, searches
