"""Entry point for `python -m modlinseq_print`."""

from modlinseq_print.cli import main

raise SystemExit(main())
