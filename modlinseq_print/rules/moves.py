"""Every legal turn from a hand (rules, page 1, sections 3-2 and 3-3; wild tiles and the hash swap, page 3): the
search's two entries, `generate_turns` (every legal turn) and `best_turns` (those scoring most), and the check
of a position given from outside. The turn data (hands, turns, their sequences) are in rules/turn_data.py and
named here too, as the front door of the search; the search itself is rules/turn_search.py."""

from __future__ import annotations

from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import Position, analyse
from modlinseq_print.rules.turn_cost import SearchClock, check_search_cost
from modlinseq_print.rules.turn_data import (MAX_HAND, Hand, Move, TurnSequence, best_of, parse_hand, play_move,
                                             tied_order, token)
from modlinseq_print.rules.turn_search import TurnSearch

__all__ = ["MAX_HAND", "Hand", "Move", "TurnSequence", "best_of", "best_turns", "generate_turns", "has_turn",
           "parse_hand", "play_move", "require_legal", "tied_order", "token"]


def require_legal(position: Position) -> Position:
    """The position, refused (RulesError, with its first problem) unless it is legal: turns are found from a
    legal position. A game's positions are legal by construction; one given by a person is checked first."""
    analysis = analyse(position, find_blocked=False)
    if not analysis.legal:
        raise RulesError(f"the position is not legal ({analysis.problems[0].message}): turns are found from a "
                         "legal position")
    return position


def generate_turns(position: Position, hand: Hand, pattern: str | None = None, hash_swap: bool = False,
                   listed: int | None = None) -> list[Move]:
    """Every legal turn the hand allows on a legal position (`require_legal`), best first: most points, then
    most tiles (the same turns `score` accepts). A search estimated over the budget of rules/turn_cost.py is
    refused before it starts (RulesError), and stopped past its CPU backstop; `listed` is how many of the turns
    the caller will list (0: every one), counted in the estimate."""
    _check(position, hand)
    check_search_cost(position, hand, hash_swap, listed)
    return TurnSearch(position, hand, pattern, hash_swap).every(SearchClock(position, hand))


def best_turns(position: Position, hand: Hand, pattern: str | None = None, hash_swap: bool = False) -> list[Move]:
    """The legal turns scoring most on a legal position, in `tied_order` (the turns of `generate_turns` that
    score most, by a search that leaves out the lines where no turn can score that much: several times
    quicker). Its cost is checked as `generate_turns`' is, unless the search can leave out most of the board: a
    later turn, without the hash swap, on a board whose lines do not wrap."""
    _check(position, hand)
    clock = None
    if not TurnSearch.bounded(position, hash_swap):
        check_search_cost(position, hand, hash_swap, None)
        clock = SearchClock(position, hand)
    return TurnSearch(position, hand, pattern, hash_swap).best(clock)


def has_turn(position: Position, hand: Hand, pattern: str | None = None, hash_swap: bool = False) -> bool:
    """True when the hand has a legal turn on a legal position: the search stops at the first turn it finds,
    so it is quick whenever there is one (a hand with none is searched through, within the CPU backstop)."""
    _check(position, hand)
    return TurnSearch(position, hand, pattern, hash_swap).any(SearchClock(position, hand))


def _check(position: Position, hand: Hand) -> None:
    """Refuse a first turn on a board without A0 and a hand tile not below the modulus."""
    if position.first_turn and position.board.grid == "hex" and not position.board.has_centre:
        raise RulesError(f"board {position.board.spec} has no centre cell A0, where the first turn goes: "
                         "use a board with A0")
    for value in hand.naturals:
        if not 0 <= value < position.modulus:
            raise RulesError(f"hand tile {value} is not below the modulus {position.modulus}")
