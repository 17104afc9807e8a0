"""`preflight`: check a press-ready PDF against the PDF/X rules it relies on and print a pass/fail table."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.numbers import DECIMAL
from modlinseq_print.render.press import PDFX_LEVELS
from modlinseq_print.render.preflight import DEFAULT_MAX_INK, PreflightError, preflight, report_lines


def register(sub: argparse._SubParsersAction) -> None:
    """Add the preflight command."""
    parser = sub.add_parser("preflight", help="check a press-ready PDF against PDF/X-4 or PDF/X-1a: pass/fail table")
    parser.add_argument("file", metavar="FILE.pdf", help="the PDF to check")
    parser.add_argument("--pdfx", choices=tuple(PDFX_LEVELS), default=None,
                        help="the PDF/X level to check against: 4 or 1a (default: the level the file claims, else 4)")
    parser.add_argument("--max-ink", type=DECIMAL, default=float(DEFAULT_MAX_INK), metavar="PERCENT",
                        help=f"the most total ink (C+M+Y+K) allowed, in per cent (default {DEFAULT_MAX_INK}; "
                             "some services ask 240)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the report; exit status 0 when every check passes, 1 when one fails."""
    if not 0 < args.max_ink <= 400:
        raise PreflightError(f"--max-ink {args.max_ink:g}: give a total ink from 1 to 400 per cent, e.g. 300")
    report = preflight(args.file, args.pdfx, args.max_ink)
    print("\n".join(report_lines(report)))
    return 0 if report.passed else 1
