"""Rules results as data and text: the JSON of `check` and `score`, and readable summaries."""

from __future__ import annotations

from typing import Sequence

from modlinseq_print.rules.position import Analysis, Position, Problem, SequenceReport
from modlinseq_print.rules.turns import Game, TurnResult
from modlinseq_print.wording import plural


def chain_slope(position: Position, report: SequenceReport) -> str | None:
    """The slope of a chain when all its links share one (None for a bounce that changes slope)."""
    names = {position.topology.slope_name(d) for d in report.chain.steps}
    return names.pop() if len(names) == 1 else None


def sequence_json(position: Position, report: SequenceReport) -> dict:
    """One sequence as JSON: cells (a bounced path with repeats), values ('#' for wild), MSA and score."""
    return {
        "cells": [position.board.address(c) for c in report.chain.cells],
        "values": [int(label) if label != "#" else "#" for label in report.labels],
        "msa": report.msa,
        "tiles": report.tiles,
        "points": report.points,
        "wrap": report.chain.wrap,
        "loop": report.chain.loop,
        "bounce": report.chain.bounce,
        "slope": chain_slope(position, report),
        "legal": report.legal,
        "msa_options": list(report.msa_options),
    }


def problem_json(position: Position, problem: Problem) -> dict:
    """A problem as JSON."""
    return {"kind": problem.kind, "cells": [position.board.address(c) for c in problem.cells],
            "message": problem.message}


def analysis_json(analysis: Analysis) -> dict:
    """The JSON object of `check`."""
    position = analysis.position
    address = position.board.address
    return {
        "board": position.board.spec,
        "modulus": position.modulus,
        "wrap": position.wrap,
        "legal": analysis.legal,
        "sequences": [sequence_json(position, r) for r in analysis.sequences],
        "blocked": [address(c) for c in analysis.blocked],
        "wild": [{"cell": address(c), "values": list(v)} for c, v in analysis.wild.items()],
        "problems": [problem_json(position, p) for p in analysis.problems],
    }


def listed_values(values: Sequence[int], word: str = "or", shown: int = 6) -> str:
    """A wild tile's values as text: '3 or 9'; a long list (always a progression) as its first three and
    its last, '2 or 7 or 12 or ... or 9997'; empty when there are none."""
    words = [*map(str, values[:3]), "...", str(values[-1])] if len(values) > shown else list(map(str, values))
    return f" {word} ".join(words)


def tilde_notation(position: Position, report: SequenceReport, short: bool = True) -> str:
    """A sequence as the rules write it: `3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6`.

    The short form addresses the two ends and the tiles on either side of a wrap; a bounced
    sequence is written in full, as table 13A does.
    """
    chain = report.chain
    n = len(chain.cells)
    named = set(range(n)) if not short or chain.bounce else {0, n - 1}
    for i, (cell, d) in enumerate(chain.links()):
        if position.topology.is_wrap_link(cell, d):
            named |= {i, (i + 1) % n}
    return " ~ ".join(label + (position.board.address(cell) if i in named else "")
                      for i, (label, cell) in enumerate(zip(report.labels, chain.cells)))


def sequence_notes(position: Position, report: SequenceReport) -> str:
    """The flags of a sequence as the captions write them: 'loop wrap, positive slope'."""
    flags = " ".join(n for n, on in (("loop", report.chain.loop), ("wrap", report.chain.wrap),
                                     ("bounce", report.chain.bounce)) if on)
    slope = chain_slope(position, report)
    if slope and position.board.grid == "hex":
        slope = f"{slope} slope"
    return ", ".join(part for part in (flags, slope) if part)


def sequence_msa(report: SequenceReport) -> str:
    """The MSA of a sequence, its alternatives when wild tiles leave the step open, or why there is none."""
    if not report.legal:
        return "not modular-linear"
    if report.msa:
        return report.msa
    if report.msa_options:
        return " or ".join(report.msa_options[:2]) + (" or ..." if len(report.msa_options) > 2 else "")
    return "step open"


def sequence_line(position: Position, report: SequenceReport) -> str:
    """A sequence as one readable line: MSA, tiles, points, flags and the tilde notation."""
    notes = sequence_notes(position, report)
    path = tilde_notation(position, report, short=False)
    counts = f"{plural(report.tiles, 'tile')}, {plural(report.points, 'point')}"
    return f"{sequence_msa(report)}: {counts}{'; ' + notes if notes else ''}  {path}"


def analysis_text(analysis: Analysis) -> str:
    """A readable judgement of a position."""
    position = analysis.position
    address = position.board.address
    count = len(position.tiles)
    lines = [f"{plural(count, 'tile')} on {position.board.spec}, modulus {position.modulus}, "
             f"wrap {position.wrap}: {'legal' if analysis.legal else 'ILLEGAL'}"]
    lines += [f"  {sequence_line(position, r)}" for r in analysis.sequences if r.tiles >= 3 or not r.legal]
    short = sum(1 for r in analysis.sequences if r.tiles < 3 and r.legal)
    if short:
        lines.append(f"  and {short} sequence(s) of fewer than three tiles (0 points)")
    lines.append("blocked: " + (" ".join(address(c) for c in analysis.blocked) or "none"))
    for cell, values in analysis.wild.items():
        lines.append(f"wild {address(cell)}: " + (listed_values(values) or "no value fits"))
    lines += [f"problem: {p.message}" for p in analysis.problems]
    return "\n".join(lines)


def turn_json(position: Position, result: TurnResult) -> dict:
    """One played turn as JSON."""
    address = position.board.address
    return {
        "turn": result.number,
        "player": result.player,
        "tiles": [address(c) for c in result.placed],
        "swapped": [address(c) for c in result.swapped],
        "legal": result.legal,
        "reason": result.reason,
        "points": result.points,
        "total": result.total,
        "sequences": [{**sequence_json(position, s.report), "primary": s.primary, "bonus": s.bonus,
                       "points": s.points} for s in result.sequences],
        "problems": [problem_json(position, p) for p in result.problems],
    }


def game_json(game: Game) -> dict:
    """The JSON object of `score`."""
    position = game.position
    illegal = game.illegal
    return {
        "board": position.board.spec,
        "modulus": position.modulus,
        "wrap": position.wrap,
        "legal": illegal is None,
        "turns": [turn_json(position, r) for r in game.results],
        "totals": dict(game.totals),
        "illegal_turn": None if illegal is None else {"turn": illegal.number, "player": illegal.player,
                                                      "reason": illegal.reason},
    }


def game_text(game: Game) -> str:
    """A readable account of the turns played and the totals."""
    position = game.position
    lines = []
    for r in game.results:
        if not r.legal:
            lines.append(f"turn {r.number} ({r.player}): ILLEGAL: {r.reason}")
            continue
        lines.append(f"turn {r.number} ({r.player}): {plural(r.points, 'point')}, total {r.total}")
        for s in r.sequences:
            extra = f" {s.bonus:+d} bonus" if s.bonus else ""
            role = "primary" if s.primary else "secondary"
            lines.append(f"  {role}{extra}: {sequence_line(position, s.report)} -> {s.points}")
    lines.append("totals: " + ", ".join(f"{p} {t}" for p, t in game.totals.items()))
    return "\n".join(lines)
