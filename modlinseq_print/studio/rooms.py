"""Game rooms: one game played from several devices, each seat with its own secret and its own hand.

A room holds a game (rules/game.py), its seats (people or computer players of rules/players.py), and three
kinds of secret, each made with `secrets.token_urlsafe`: one per seat, one for spectators and one for the host,
who starts, pauses and ends the game and sees the invitations. A secret is checked against its own room only
(with a constant-time comparison), so no secret reads or changes another room.

`view(room, who)` is the one place that says what a secret sees: the board, the scores, the turn list, and the
hand of that seat alone (a spectator and the host see no hand). Every answer and every event the server sends
is made by it. A turn arrives in the transcript's notation ("5A0, 6B1") and is judged here with the rules
engine, as the play page's turns are; the moves played are kept as plain data so that a room can be stored
(rooms_store.py) and replayed after a restart to exactly where it was.
"""

from __future__ import annotations

import hmac
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Move, best_turns
from modlinseq_print.rules.player_words import reason_words
from modlinseq_print.rules.players import AI_PLAYERS, choose
from modlinseq_print.rules.position import Tile
from modlinseq_print.studio.exchange import ApiError
from modlinseq_print.studio.fields import FieldError, text
from modlinseq_print.studio.limits import studio_board
from modlinseq_print.studio.play_api import _NAME, _move_words, _tiles, _variant, judge_words

KINDS = ("person",) + AI_PLAYERS
MIN_SEATS, MAX_SEATS = 2, 6
MAX_ROOM_CELLS = 1_000  # cells of a room's board (hex:17 has 919): every turn stays quick to judge
MAX_TURN_TEXT = 400  # characters of a turn's notation
WAITING, PLAYING, PAUSED, OVER, ENDED = "waiting", "playing", "paused", "over", "ended"
LIVE = (WAITING, PLAYING, PAUSED)
SETTINGS = ("board", "modulus", "copies", "wild", "no_zero", "hand", "wrap", "pattern", "wild_policy", "marker",
            "hash_swap")
DEFAULTS = {"board": "hex:6", "modulus": 13, "copies": 5, "wild": 2, "hand": 6}


@dataclass
class Seat:
    """A seat: who plays it (a person or a computer player's kind), the name shown, and its secret."""

    kind: str
    name: str
    secret: str


@dataclass
class Who:
    """Who a secret speaks for: 'seat' (with its number), 'spectator' or 'host'."""

    role: str
    seat: int | None = None


@dataclass
class Room:
    """A room: its settings (the play page's fields), the shuffle (a number), seats, secrets, status, the game, the
    moves played (plain data, as stored), the hand held before each, and the version (one more per change)."""

    id: str
    settings: dict
    shuffle: int
    seats: list[Seat]
    spectator: str
    host: str
    status: str = WAITING
    created: float = field(default_factory=time.time)
    review_token: str | None = None
    review: bytes | None = None
    game: Game = field(init=False, repr=False)
    moves: list[dict] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    version: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    shown: tuple[tuple, dict] | None = field(default=None, repr=False)  # the public view, kept per version

    def __post_init__(self) -> None:
        self.game = new_game(self.settings, [s.name for s in self.seats], self.shuffle)

    def who(self, secret: str) -> Who | None:
        """Whom a secret speaks for in this room (None: a secret of no one here)."""
        found = None
        for number, seat in enumerate(self.seats):  # every secret compared, in constant time each
            if hmac.compare_digest(seat.secret, secret):
                found = Who("seat", number)
        if hmac.compare_digest(self.spectator, secret):
            found = Who("spectator")
        if hmac.compare_digest(self.host, secret):
            found = Who("host")
        return found


def settings_from(body: dict) -> dict:
    """The game's settings from a request (the play page's field names), checked as the play page checks
    them; the board at most MAX_ROOM_CELLS cells, with a centre cell for the first turn."""
    chosen = {**DEFAULTS, **{k: body[k] for k in SETTINGS if k in body and body[k] is not None}}
    board = studio_board(text(chosen, "board", "hex:6") or "hex:6")
    if len(board.cells) > MAX_ROOM_CELLS:
        raise FieldError(f"board {board.spec} has {len(board.cells):,} cells; a room's board has at most "
                         f"{MAX_ROOM_CELLS:,} (hex:17 is the largest hexagon)", "board")
    if board.grid == "hex" and not board.has_centre:
        raise FieldError(f"board {board.spec} has no centre cell A0, where the first turn goes", "board")
    variant = _variant(chosen, board)
    _tiles(chosen, variant.modulus)  # checked now, made again with each game
    return {**chosen, "board": board.spec, "modulus": variant.modulus}


def new_game(settings: dict, names: list[str], shuffle: int) -> Game:
    """The game of a room's settings, its players' names and shuffle, before any turn; stuck players frozen."""
    board = studio_board(settings["board"])
    variant = _variant(settings, board)
    try:
        game = Game(variant, names, shuffle, tiles=_tiles(settings, variant.modulus))
    except ModlinseqError as error:
        raise FieldError(str(error)) from None
    freeze_stuck(game)
    if game.over:
        raise FieldError(f"{board.spec} is too small for a game: no player can make a first turn; choose a larger "
                         "board", "board")
    return game


def seats_from(body: dict) -> list[Seat]:
    """The seats a request asks for: 2 to 6, each "person", a computer player's kind, or {"kind", "name"}."""
    given = body.get("seats", ["person", "person"])
    if not isinstance(given, list) or not MIN_SEATS <= len(given) <= MAX_SEATS:
        raise FieldError(f"seats: give {MIN_SEATS} to {MAX_SEATS} seats", "seats")
    seats: list[Seat] = []
    for number, entry in enumerate(given, 1):
        entry = {"kind": entry} if isinstance(entry, str) else entry
        if not isinstance(entry, dict) or entry.get("kind", "person") not in KINDS:
            raise FieldError(f"seat {number}: a seat is one of {', '.join(KINDS)}", "seats")
        kind = entry.get("kind", "person")
        default = f"Player {number}" if kind == "person" else f"Computer {number}"
        name = check_name(text(entry, "name", default) or default, [s.name for s in seats])
        seats.append(Seat(kind, name, secrets.token_urlsafe(24)))
    return seats


def check_name(name: str, taken: list[str]) -> str:
    """A player's name as a transcript can carry it (letters, spaces, hyphens; at most 24), not taken."""
    name = name.strip()
    if not _NAME.fullmatch(name) or name in taken:
        raise FieldError(f"player name {name!r}: use letters (and spaces, hyphens), at most 24, each name once",
                         "name")
    return name


def create_room(body: dict) -> Room:
    """A new room from a request: settings, seats, a fresh shuffle and secrets; waiting for the host to start."""
    settings = settings_from(body)
    seats = seats_from(body)
    return Room(secrets.token_urlsafe(9), settings, secrets.randbelow(10 ** 9), seats,
                secrets.token_urlsafe(24), secrets.token_urlsafe(24))


def freeze_stuck(game: Game) -> None:
    """Freeze, one after another, players whose turn has come and who have no legal turn."""
    while not game.over and not game.can_play():
        game.freeze()


def move_data(game: Game, move: Move) -> dict:
    """A move as plain data: its tiles [address, value or None, declared], the cells swapped, its points."""
    board = game.position.board
    return {"tiles": [[board.address(c), t.value, t.declared] for c, t in move.tiles],
            "swapped": [board.address(c) for c in move.swapped], "points": move.points}


def move_from(game: Game, data: dict) -> Move:
    """The move that `move_data` wrote, on this game's board."""
    board = game.position.board
    tiles = tuple((board.parse_address(a), Tile(value, declared)) for a, value, declared in data["tiles"])
    return Move(tiles, tuple(board.parse_address(a) for a in data["swapped"]), data["points"], ())


def apply_move(room: Room, move: Move) -> dict:
    """Play a move for the player to move; the move's plain data, as stored. Whoever is stuck next is frozen
    by `settle`, called next (after the turn has been shown: finding that a hand has no turn is a search)."""
    game = room.game
    data = move_data(game, move)
    room.hands.append(f"{game.names[game.current]}: {game.hands[game.current].text}")
    game.play(move)
    room.moves.append(data)
    room.version += 1
    return data


def settle(room: Room, search: Callable[..., object] = best_turns) -> bool:
    """Freeze, one after another, the players to move who have no legal turn, and end the game when all are
    frozen; True when that changed the room (one more version each). The search for a turn (`search`: the best
    turns, or whether there is one) runs without the room's lock, so a turn sent meanwhile is not kept waiting
    (and makes the search moot)."""
    changed = False
    while True:
        with room.lock:
            game, version = room.game, room.version
            if game.over:
                return changed
            position, hand, variant = game.position, game.hands[game.current], game.variant
        found = search(position, hand, variant.pattern, variant.hash_swap) if hand.size else []
        with room.lock:
            if room.version != version or room.game is not game:
                return changed  # a turn came first
            game.searched(found if isinstance(found, list) else bool(found))  # not searched again
            if found:
                return changed
            game.freeze()
            room.version += 1
            changed = True
            if game.over:
                room.status = OVER
                room.review_token = room.review_token or secrets.token_urlsafe(18)


def replay(room: Room, moves: list[dict]) -> None:
    """Bring a room's new game to where its stored moves left it."""
    for data in moves:
        apply_move(room, move_from(room.game, data))
        settle(room)


def judge(game: Game, words: object) -> tuple[Move | None, int, str]:
    """The turn written in `words` (the transcript's notation) judged for the player to move, as the play page
    judges it: (move or None, points, reason in player words)."""
    if not isinstance(words, str) or not words.strip() or len(words) > MAX_TURN_TEXT:
        raise FieldError(f"turn: write the turn's tiles as a transcript does (5A0, 6B1), at most "
                         f"{MAX_TURN_TEXT} characters", "turn")
    try:
        placements, result = judge_words(game, words)
    except ModlinseqError as error:
        raise FieldError(f"turn: {error}", "turn") from None
    if not result.legal:
        return None, 0, reason_words(result.reason) or "not a legal turn"
    changed = set(result.placed) | set(result.swapped)
    tiles = tuple((p.cell, p.tile) for p in placements if p.cell in changed)
    return Move(tiles, tuple(result.swapped), result.points, ()), result.points, ""


def turn_of(room: Room, who: Who) -> None:
    """Refuse a turn unless the game is being played and it is this seat's (a person's) turn."""
    if room.status != PLAYING:
        raise ApiError({WAITING: "the game has not started: the host starts it",
                        PAUSED: "the game is paused: the host resumes it"}.get(room.status, "the game is over"), 409)
    if who.role != "seat" or who.seat != room.game.current:
        raise ApiError(f"it is not your turn: {room.game.names[room.game.current]} is to play", 409)


def play(room: Room, who: Who, words: object) -> dict:
    """Play a person's turn written in the transcript's notation: refused unless legal and theirs."""
    with room.lock:
        turn_of(room, who)
        move, _, reason = judge(room.game, words)
        if move is None:
            raise ApiError(f"not a legal turn: {reason}", 400, "turn")
        return apply_move(room, move)


def computer_turn(room: Room) -> dict | None:
    """The computer player to move plays (its choice drawn from the room's shuffle and the turn's number, so the
    same on a replay); None when it is not a computer player's turn."""
    with room.lock:
        game = room.game
        if room.status != PLAYING or game.over or room.seats[game.current].kind == "person":
            return None
        rng = random.Random(f"{room.shuffle}:{len(game.records)}")
        return apply_move(room, choose(room.seats[game.current].kind, game, rng))


def control(room: Room, who: Who, action: object) -> None:
    """The host's buttons: start (a waiting game), pause, resume, end (the game stops where it is)."""
    if who.role != "host":
        raise ApiError("only the host starts, pauses and ends the game", 403)
    allowed = {"start": (WAITING,), "pause": (PLAYING,), "resume": (PAUSED,), "end": LIVE}
    if not isinstance(action, str) or action not in allowed:
        raise FieldError("action: start, pause, resume or end", "action")
    with room.lock:
        if room.status not in allowed[action]:
            raise ApiError(f"cannot {action} a game that is {room.status}", 409)
        room.status = {"start": PLAYING, "pause": PAUSED, "resume": PLAYING, "end": ENDED}[action]
        if action == "end":
            room.review_token = room.review_token or secrets.token_urlsafe(18)
        room.version += 1


def rename(room: Room, who: Who, name: object) -> None:
    """A person names their seat, before the game starts."""
    if who.role != "seat" or who.seat is None:
        raise ApiError("only a seat's own link names its player", 403)
    with room.lock:
        if room.status != WAITING:
            raise ApiError("names are set before the game starts", 409)
        taken = [s.name for i, s in enumerate(room.seats) if i != who.seat]
        room.seats[who.seat].name = check_name(name if isinstance(name, str) else "", taken)
        room.game = new_game(room.settings, [s.name for s in room.seats], room.shuffle)
        room.version += 1


def view(room: Room, who: Who) -> dict:
    """The room as this secret sees it: everything public, and under "hand" the tiles of its own seat alone
    (None for a spectator, the host, or a seat whose game has ended). The public part is worked out once per
    version of the room and shared by every secret's view."""
    with room.lock:
        game = room.game
        key = (room.version, room.status, len(game.records), id(game))
        if room.shown is None or room.shown[0] != key:
            room.shown = (key, public_view(room))
        mine = who.seat if who.role == "seat" and room.status in LIVE else None
        hand = None if mine is None else game.hands[mine]
        return {**room.shown[1], "role": who.role, "seat": who.seat,
                "hand": None if hand is None else [str(v) for v in hand.naturals] + ["#"] * hand.wild}


def public_view(room: Room) -> dict:
    """What every secret sees of a room (`view` adds whose it is and the seat's hand)."""
    game = room.game
    best = max(game.scores) if game.over else None
    board = game.position.board
    played = [(r, r.move) for r in game.records if r.move is not None]
    return {
        "room": room.id, "status": room.status, "version": room.version, "role": None, "seat": None,
        "board": board.spec, "board_words": f"{board_shape(board)}, {len(board.cells)} cells",
        "modulus": game.position.modulus, "stock": game.stock_size,
        "current": None if game.over else game.current, "over": game.over,
        "players": [{"name": s.name, "kind": s.kind, "score": score, "frozen": frozen, "tiles": h.size,
                     "winner": game.over and score == best}
                    for s, score, frozen, h in zip(room.seats, game.scores, game.frozen, game.hands)],
        "turns": [{"player": game.names[r.player], "tiles": r.notation, "points": r.points,
                   "words": _move_words(board, move)} for r, move in played],
        "transcript": game.transcript(),
        "tiles": {board.address(c): t.label for c, t in game.position.tiles.items()},
        "last": [board.address(c) for c, _ in played[-1][1].tiles] if played else [],
        "hand": None,
        "review": f"/rooms/review/{room.review_token}" if room.review_token and room.moves else None,
    }
