"""`simulate A B`: play the same seeded games on two designs and print what changes, with 95% intervals."""

from __future__ import annotations

import argparse
import json
from typing import Callable

from modlinseq_print.commands.simulate_sides import Side, player
from modlinseq_print.progress import Progress


def run_comparison(args: argparse.Namespace, compared: list[Side], setup_from_args: Callable) -> int:
    """Check both designs (`setup_from_args` reads a design's setup and tiles from its options), play each one's
    games (here or on the cluster), and print the comparison."""
    from modlinseq_print.rules.playtest import findings
    from modlinseq_print.rules.playtest_compare import compare, same_deals
    from modlinseq_print.rules.playtest_compare_text import comparison_json, comparison_text
    from modlinseq_print.rules.playtest_text import findings_json

    made = [setup_from_args(side.args) for side in compared]  # both refused, if bad, before any game
    (first, tiles_a), (second, tiles_b) = made
    progress = Progress(2 * args.games, quiet=args.json)
    played = []
    with player(args) as play:
        for side, (setup, tiles) in zip(compared, made):
            played.append(play(setup, tiles, lambda done, name=side.name: progress.step(f"{name}: game {done}")))
    paired = same_deals(tiles_a, tiles_b, len(first.kinds), len(second.kinds), first.variant.hand,
                        second.variant.hand)
    comparison = compare(played[0], played[1], paired)
    names = (compared[0].name, compared[1].name)
    if args.json:
        reports = tuple(findings_json(setup, findings(games, len(setup.variant.board.cells)), games,
                                      setup.variant.board, args.timings)
                        for (setup, _), games in zip(made, played))
        print(json.dumps(comparison_json(names, (reports[0], reports[1]), comparison)))
    else:
        print(comparison_text(names, (first, second), comparison))
    return 0
