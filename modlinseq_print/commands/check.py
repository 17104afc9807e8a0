"""`check`: judge a position (all tiles together): sequences, legality, blocked cells, wild-tile values."""

from __future__ import annotations

import argparse
import json

from modlinseq_print.commands.rules_common import add_rules_arguments, start_position, transcript_text
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.report import analysis_json, analysis_text
from modlinseq_print.rules.transcript import build_position


def register(sub: argparse._SubParsersAction) -> None:
    """Add the check command."""
    parser = sub.add_parser("check", help="judge a position: sequences, MSA, points, legality, blocked cells")
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the judgement; exit status 1 when the position is illegal."""
    position, _ = build_position(transcript_text(args), start_position(args))
    analysis = analyse(position)
    print(json.dumps(analysis_json(analysis)) if args.json else analysis_text(analysis))
    return 0 if analysis.legal else 1
