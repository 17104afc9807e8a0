"""Legal turns as data and text: the JSON and the readable list of the `moves` command."""

from __future__ import annotations

from modlinseq_print.rules.moves import Hand, Move, TurnSequence, play_move
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.sequences import msa_options
from modlinseq_print.wording import plural


def sequence_msa_after(after: Position, sequence: TurnSequence) -> str | None:
    """The MSA of a sequence once the turn is played (None when wild tiles leave it open)."""
    values = [after.tiles[c].known for c in sequence.chain.cells]
    options = msa_options(values, after.modulus, sequence.chain.loop, limit=2)
    return options[0] if len(options) == 1 else None


def move_json(position: Position, move: Move) -> dict:
    """One legal turn as JSON: its transcript, cells, values, swaps, points and sequences."""
    after = play_move(position, move)
    address = position.board.address
    return {
        "turn": move.notation(position),
        "cells": [address(c) for c, _ in move.tiles],
        "values": [t.value if t.value is not None else "#" for _, t in move.tiles],
        "swapped": [address(c) for c in move.swapped],
        "points": move.points,
        "sequences": [{"cells": [address(c) for c in s.chain.cells], "tiles": s.tiles, "primary": s.primary,
                       "bonus": s.bonus, "points": s.points, "msa": sequence_msa_after(after, s)}
                      for s in move.sequences],
    }


def moves_json(position: Position, hand: Hand, moves: list[Move], top: int) -> dict:
    """The JSON of `moves`: the position, the hand, how many turns there are and the best `top` (0: all)."""
    shown = moves if top == 0 else moves[:top]
    return {"board": position.board.spec, "modulus": position.modulus, "wrap": position.wrap,
            "hand": hand.text, "count": len(moves), "turns": [move_json(position, m) for m in shown]}


def moves_text(position: Position, hand: Hand, moves: list[Move], top: int) -> str:
    """The best turns, one line each: points, the turn as a transcript writes it, and its primary sequence."""
    shown = moves if top == 0 else moves[:top]
    head = (f"{plural(len(moves), 'legal turn')} for the hand {hand.text} on {position.board.spec} "
            f"({plural(len(position.tiles), 'tile')}), modulus {position.modulus}")
    if not moves:
        return head + ": no tile of this hand can be played (the player freezes)"
    lines = [head + (":" if len(shown) == len(moves) else f"; the best {len(shown)}:")]
    width = len(str(len(shown)))
    for rank, move in enumerate(shown, 1):
        after = play_move(position, move)
        primary = move.primary
        about = ""
        if primary is not None:
            msa = sequence_msa_after(after, primary) or "step open"
            others = len(move.sequences) - 1
            about = f"  ({msa}, {plural(primary.tiles, 'tile')}" + (f"; +{plural(others, 'crossing sequence')}"
                                                                       if others else "") + ")"
        lines.append(f"{rank:>{width}}. {plural(move.points, 'point'):>10}  {move.notation(position)}{about}")
    return "\n".join(lines)
