"""A game of MODLINSEQ from the shuffled stock to the end (rules, page 1, section 3): hands, turns, frozen players.

Players draw their hands from the stock, then take turns in seat order. A player who can play must choose one
legal turn; the hand is then refilled from the stock while it lasts. A player with no legal turn (an empty
hand included) freezes for the rest of the game, keeping the points earned; the game ends when every player
has frozen. The rules give the conditions for freezing in a list lost from the text; this is the reading
used throughout (the play page and `simulate`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from modlinseq_print.geometry.boards import Board
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.moves import MAX_HAND, Hand, Move, best_of, best_turns, generate_turns, play_move
from modlinseq_print.rules.position import Position, marker_tile
from modlinseq_print.rules.wilds import WildPolicy

MAX_PLAYERS = 6  # the rules say "two or more"; the kits' tables of hands and score pads stop at six
MAX_STOCK = 10_000  # tiles: a set holds about 130; the page's game stays quick to replay


@dataclass(frozen=True)
class Variant:
    """How a game is played: the board and modulus, the wrap, the wild-tile policy and the options of page 3."""

    board: Board
    modulus: int
    wrap: str | None = None
    diagonals: bool = False
    policy: str = "E"
    marker: bool = False
    pattern: str | None = None
    hash_swap: bool = False
    hand: int = 7

    def start(self) -> Position:
        """The empty board (with the modulus marker on A0 when played with it)."""
        if self.marker and not self.board.has_centre:
            raise RulesError(f"the modulus marker stands on A0; board {self.board.spec} has no A0")
        tiles = dict([marker_tile()]) if self.marker else {}
        return Position(self.board, self.modulus, tiles, self.wrap, self.diagonals, WildPolicy.parse(self.policy))


def stock_tiles(modulus: int, copies: int, wild: int = 0, no_zero: bool = False,
                counts: dict[int, int] | None = None) -> list[int | None]:
    """The tiles of a set: `copies` of each value below the modulus (per-value `counts` instead where given,
    no 0 with `no_zero`) and `wild` wild tiles (None)."""
    per_value = {v: copies for v in range(modulus)}
    per_value.update(counts or {})
    if no_zero:
        per_value[0] = 0
    if min(copies, wild, *per_value.values()) < 0:
        raise RulesError(f"{min(copies, wild, *per_value.values())} tiles: a count of tiles is 0 or more")
    total = sum(per_value.values()) + wild
    if total > MAX_STOCK:  # refused before the tiles are made: a hostile count costs no memory
        raise RulesError(f"a stock of {total:,} tiles: a game takes at most {MAX_STOCK:,}")
    return [v for v in range(modulus) for _ in range(per_value[v])] + [None] * wild


@dataclass(frozen=True)
class TurnRecord:
    """One turn of a game: who, the turn played (None: the player froze), its points and the tiles drawn."""

    player: int
    move: Move | None
    notation: str
    points: int
    drawn: int


@dataclass
class Game:
    """A game in progress: the position, the stock, each player's hand, score and whether frozen."""

    variant: Variant
    names: list[str]
    seed: int
    position: Position = field(init=False)
    stock: list[int | None] = field(init=False)
    hands: list[Hand] = field(init=False)
    scores: list[int] = field(init=False)
    frozen: list[bool] = field(init=False)
    current: int = 0
    records: list[TurnRecord] = field(default_factory=list)
    tiles: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        count, size = len(self.names), self.variant.hand
        if not 1 <= count <= MAX_PLAYERS:
            raise RulesError(f"{count} players: a game takes 1 to {MAX_PLAYERS}")
        if not 1 <= size <= MAX_HAND:
            raise RulesError(f"a hand of {size} tiles: hands hold 1 to {MAX_HAND}")
        if count * size > len(self.tiles):
            raise RulesError(f"{len(self.tiles)} tiles cannot fill {count} hands of {size}: use fewer players, "
                             "smaller hands or more tiles")
        self.position = self.variant.start()
        self.stock = list(self.tiles)
        random.Random(self.seed).shuffle(self.stock)
        self.hands = [self._draw(Hand(), size) for _ in self.names]
        self.scores = [0] * count
        self.frozen = [False] * count
        self._moves: list[Move] | None = None
        self._best: list[Move] | None = None

    def _draw(self, hand: Hand, wanted: int) -> Hand:
        """The hand refilled from the top of the stock up to `wanted` tiles (while the stock lasts)."""
        drawn = [self.stock.pop() for _ in range(min(max(wanted - hand.size, 0), len(self.stock)))]
        naturals = hand.naturals + tuple(v for v in drawn if v is not None)
        return Hand(tuple(sorted(naturals)), hand.wild + drawn.count(None))

    @property
    def over(self) -> bool:
        """True when every player has frozen."""
        return all(self.frozen)

    def moves(self) -> list[Move]:
        """Every legal turn of the player to move, best first (worked out once per turn)."""
        if self._moves is None:
            hand = self.hands[self.current]
            found = generate_turns(self.position, hand, self.variant.pattern, self.variant.hash_swap) \
                if hand.size else []
            self._moves = found
        return self._moves

    def best_moves(self) -> list[Move]:
        """The legal turns of the player to move that score most (rules/moves.py's tied_order; worked out once
        per turn, by a quicker search when all the turns are not needed)."""
        if self._best is None:
            hand = self.hands[self.current]
            if self._moves is not None or not hand.size:
                self._best = best_of(self.moves())
            else:
                self._best = best_turns(self.position, hand, self.variant.pattern, self.variant.hash_swap)
        return self._best

    def searched(self, found: list[Move] | bool) -> None:
        """Keep what a search made outside the game found for the player to move: its best turns (in
        `best_moves`' order), or only whether it has a turn (False: none, so `can_play` searches no more)."""
        if isinstance(found, list):
            self._best = found
        elif not found:
            self._best = []

    def can_play(self) -> bool:
        """True when the player to move has a legal turn."""
        return bool(self._moves if self._moves is not None else self.best_moves())

    def play(self, move: Move) -> TurnRecord:
        """Play a turn of the player to move (one of moves()), refill the hand, pass to the next player."""
        player = self.current
        hand = self.hands[player]
        if any(Counter(move.naturals)[v] > Counter(hand.naturals)[v] for v in move.naturals) or \
                move.wilds > hand.wild:
            raise RulesError("that turn uses tiles the player does not hold")
        notation = move.notation(self.position)
        self.position = play_move(self.position, move)
        before = self.stock_size
        self.hands[player] = self._draw(hand.after(move), self.variant.hand)
        self.scores[player] += move.points
        return self._record(TurnRecord(player, move, notation, move.points, before - self.stock_size))

    def take_turn(self, chooser: Callable[[Game], Move]) -> TurnRecord:
        """The player to move plays the turn `chooser(game)` picks or, with no legal turn, freezes."""
        return self.play(chooser(self)) if self.can_play() else self.freeze()

    def freeze(self) -> TurnRecord:
        """The player to move has no legal turn: frozen for the rest of the game."""
        if self.can_play():
            raise RulesError(f"{self.names[self.current]} can still play, and must")
        self.frozen[self.current] = True
        return self._record(TurnRecord(self.current, None, "", 0, 0))

    def _record(self, record: TurnRecord) -> TurnRecord:
        self.records.append(record)
        self._moves = self._best = None
        following = self.following()
        if following is not None:
            self.current = following
        return record

    def following(self) -> int | None:
        """The seat that plays after the player to move: the next one not frozen, the player to move left out
        (None when every other player is frozen)."""
        count = len(self.names)
        return next((seat for seat in ((self.current + step) % count for step in range(1, count))
                     if not self.frozen[seat]), None)

    @property
    def stock_size(self) -> int:
        """Tiles left in the stock."""
        return len(self.stock)

    def transcript(self) -> str:
        """The turns played, one line each with the player's name, as `score` reads them."""
        return "\n".join(f"{self.names[r.player]}: {r.notation}" for r in self.records if r.move is not None)

    def unseen(self, player: int) -> Counter:
        """The tiles a player cannot see (the stock and the other hands): value -> count (None: wild)."""
        seen = Counter(t.value for t in self.position.tiles.values() if not t.marker)
        seen.update(self.hands[player].naturals)
        seen[None] += self.hands[player].wild
        unseen = Counter(self.tiles)
        unseen.subtract(seen)
        return +unseen

