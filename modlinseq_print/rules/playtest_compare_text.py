"""A comparison of two playtests as a table for the terminal and as JSON (the same bytes for the same `seed`)."""

from __future__ import annotations

from modlinseq_print.rules.intervals import Interval
from modlinseq_print.rules.playtest_compare import Comparison, Figure
from modlinseq_print.rules.playtest_text import Setup


def _number(value: float, figure: Figure, signed: bool = False) -> str:
    """A figure's value as the table shows it: a share in per cent, points and turns to one decimal."""
    sign = "+" if signed else ""
    return f"{100 * value:{sign}.1f}%" if figure.share else f"{value:{sign}.1f}"


def _row(figure: Figure, interval: Interval, games: int) -> str:
    ends = f"{_number(interval.low, figure, True)} to {_number(interval.high, figure, True)}"
    if games < 2:
        ends = "(one game each: play more for an interval)"
    mark = " *" if interval.clear and games > 1 else ""
    return (f"{figure.words:<34}{_number(interval.a, figure):>10}{_number(interval.b, figure):>10}"
            f"{_number(interval.difference, figure, True):>10}   {ends}{mark}")


def how_compared(comparison: Comparison) -> str:
    """One sentence: whether the games were compared deal by deal, and why."""
    if comparison.paired:
        return ("compared deal by deal: both deal the same tiles to the same players, so each game starts with the "
                "same hands on both sides and the luck of the deal is taken out of the differences")
    return ("compared as two separate sets of games: the two deal different tiles (or to other players or hands), "
            "so no game of one side has a twin on the other")


def comparison_text(names: tuple[str, str], setups: tuple[Setup, Setup], comparison: Comparison) -> str:
    """The table a designer reads: each figure on both sides, the difference (B - A) and its 95% interval, and
    what the marked rows mean."""
    games = f"{comparison.games} game{'s' if comparison.games != 1 else ''} each"
    lines = [f"Comparison of {names[0]} (A) and {names[1]} (B), {games}, "
             f"{how_compared(comparison)}.",
             f"A: {setups[0].describe()}", f"B: {setups[1].describe()}", "",
             f"{'':<34}{'A':>10}{'B':>10}{'B - A':>10}   95% interval"]
    lines += [_row(figure, interval, comparison.games) for figure, interval in comparison.figures]
    if comparison.games > 1:
        lines += ["", "* the interval leaves out 0: a difference these games show (95% confidence). An interval that "
                  "holds 0 may be chance: more games narrow it."]
    return "\n".join(lines)


def _interval_json(interval: Interval) -> dict:
    return {"a": round(interval.a, 4), "b": round(interval.b, 4), "difference": round(interval.difference, 4),
            "low": round(interval.low, 4), "high": round(interval.high, 4), "se": round(interval.se, 4),
            "df": None if interval.df is None else round(interval.df, 2), "clear": interval.clear}


def comparison_json(names: tuple[str, str], reports: tuple[dict, dict], comparison: Comparison) -> dict:
    """The JSON of a comparison: how the games were paired, each figure's difference (B - A) with its 95%
    interval, and both sides' whole playtest reports (each as its playtest's own JSON report)."""
    return {
        "compared": list(names), "games": comparison.games,
        "method": "paired" if comparison.paired else "welch", "level": 0.95,
        "differences": {figure.key: _interval_json(interval) for figure, interval in comparison.figures},
        "a": {"name": names[0], **reports[0]}, "b": {"name": names[1], **reports[1]},
    }
