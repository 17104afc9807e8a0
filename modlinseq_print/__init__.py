"""modlinseq-print: printables and a rules engine for the MODLINSEQ number-tile game."""

__version__ = "0.1.0"
