"""The one search the computer players make for a reply or a next turn: the best turns a hand has on a game's
position (a game's positions are legal by construction, so the position is not judged first)."""

from __future__ import annotations

from modlinseq_print.rules.game import Variant
from modlinseq_print.rules import moves
from modlinseq_print.rules.moves import Hand, Move
from modlinseq_print.rules.position import Position


def best_turns(position: Position, hand: Hand, variant: Variant) -> list[Move]:
    """The turns scoring most that `hand` has on `position`, played as `variant` plays (in `tied_order`)."""
    return moves.best_turns(position, hand, variant.pattern, variant.hash_swap)
