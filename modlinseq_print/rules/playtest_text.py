"""A playtest's figures as a table for the terminal and as JSON."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.geometry.boards import Board
from modlinseq_print.rules.game import Variant
from modlinseq_print.rules.playtest import Findings, GameSummary, Spread


@dataclass(frozen=True)
class Setup:
    """What was played: the variant, the tiles (value -> count, None for wild), the players
    and the number the shuffles were seeded with."""

    variant: Variant
    tiles: dict[int | None, int]
    kinds: tuple[str, ...]
    games: int
    seed: int

    def describe(self) -> str:
        """One line: board, modulus, tiles, players, hands, options."""
        v = self.variant
        counts = {c for k, c in self.tiles.items() if k is not None}
        naturals = sum(c for k, c in self.tiles.items() if k is not None)
        each = f"{counts.pop()} of each value" if len(counts) == 1 else "counts by value"
        wild = self.tiles.get(None, 0)
        options = [name for name, on in (("modulus marker", v.marker), ("hash swap", v.hash_swap)) if on]
        if v.pattern and v.pattern != "none":
            options.append(f"{v.pattern} cells")
        if v.wrap and v.wrap != "none":
            options.append(f"wrap {v.wrap}")
        return (f"{v.board.spec}, modulus {v.modulus}, {naturals + wild} tiles ({each}"
                f"{f', {wild} wild' if wild else ''}), {len(self.kinds)} players ({', '.join(self.kinds)}), "
                f"hands of {v.hand}, wild-tile policy {v.policy}" + "".join(f", {o}" for o in options)
                + f"; shuffles seeded with {self.seed}")


def _row(name: str, spread: Spread, percent: bool = False, digits: int = 1) -> str:
    if percent:
        cells = [f"{100 * x:.1f}%" for x in (spread.mean, spread.sd, spread.least, spread.most)]
    else:
        ends = [f"{x:.{digits}f}" if digits > 1 else f"{x:g}" for x in (spread.least, spread.most)]
        cells = [f"{x:.{digits}f}" for x in (spread.mean, spread.sd)] + ends
    return f"{name:<34}" + "".join(f"{c:>10}" for c in cells)


def findings_text(setup: Setup, found: Findings, timings: bool = False) -> str:
    """The table a designer reads: game length, scores, the winner's lead, board use, stock (and, with
    `timings`, the CPU seconds per game, which differ from run to run)."""
    lines = [f"Playtest of {found.games} game{'' if found.games == 1 else 's'}: {setup.describe()}", "",
             f"{'':<34}{'mean':>10}{'sd':>10}{'least':>10}{'most':>10}",
             _row("turns per game", found.turns)]
    for seat, spread in enumerate(found.scores):
        lines.append(_row(f"score, seat {seat + 1} ({setup.kinds[seat]})", spread))
    if found.seats > 1:
        lines.append(_row("winner's lead over the runner-up", found.margin))
    lines += [_row("cells filled", found.filled, percent=True), _row("blocked cells at the end", found.blocked),
              _row("tiles left in the stock", found.stock), _row("longest sequence (tiles)", found.longest)]
    if timings:
        lines.append(_row("CPU seconds per game", found.seconds, digits=2))
    lines.append("")
    if found.seats > 1:
        wins = ", ".join(f"seat {i + 1} {100 * w:.1f}%" for i, w in enumerate(found.wins))
        lines.append(f"games won (ties shared): {wins}; first-player advantage "
                     f"{100 * (found.wins[0] - 1 / found.seats):+.1f} points of share, "
                     f"{found.scores[0].mean - sum(s.mean for s in found.scores[1:]) / (found.seats - 1):+.1f} "
                     "points of score")
    return "\n".join(lines)


def _spread(spread: Spread) -> dict:
    return {"mean": round(spread.mean, 4), "sd": round(spread.sd, 4), "least": spread.least, "most": spread.most}


def findings_json(setup: Setup, found: Findings, games: list[GameSummary], board: Board,
                  timings: bool = False) -> dict:
    """The JSON of `simulate`: the setup, the figures, the heat map by address and every game; the same bytes
    for the same settings and shuffles, unless `timings` adds the CPU seconds (overall and of each game)."""
    v = setup.variant
    return {
        "board": v.board.spec, "modulus": v.modulus, "wrap": v.wrap, "pattern": v.pattern, "policy": v.policy,
        "marker": v.marker, "hash_swap": v.hash_swap, "hand": v.hand, "players": list(setup.kinds),
        "tiles": {("#" if k is None else str(k)): c for k, c in sorted(setup.tiles.items(), key=lambda kv: (
            kv[0] is None, kv[0] or 0))},
        "games": found.games, "seed": setup.seed,
        "turns": _spread(found.turns), "scores": [_spread(s) for s in found.scores], "lead": _spread(found.margin),
        "wins": [round(w, 4) for w in found.wins], "filled": _spread(found.filled),
        "blocked": _spread(found.blocked), "stock": _spread(found.stock), "longest": _spread(found.longest),
        **({"seconds": _spread(found.seconds)} if timings else {}),
        "heat": {board.address(c): round(share, 4) for c, share in sorted(found.heat.items(),
                                                                          key=lambda kv: (kv[0].r, kv[0].q))},
        "each_game": [{"seed": g.seed, "scores": list(g.scores), "turns": g.turns, "filled": len(g.filled),
                       "blocked": g.blocked, "stock": g.stock, "longest": g.longest,
                       **({"seconds": round(g.seconds, 4)} if timings else {})} for g in games],
    }
