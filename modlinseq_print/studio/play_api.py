"""The play page's API: a game between people and computer players, and the designer's playtest.

Every rule lives here, none in the browser. A game is kept on the server under a random id (the last
MAX_GAMES games, the least recently used dropped first); the page sends the tiles a person puts down and is
told at once whether the turn is legal and what it scores (judged by `score`'s own rules), commits it,
or asks for a computer player's turn, which it then shows tile by tile. Only the hand of the player to move
is ever sent, and only when that player is a person: the page hides it behind a "pass the device" screen.
A player who has no legal turn is frozen as soon as their turn comes (the page says they sit out the rest of
the game). Reasons and turns reach the page in player words (rules/player_words.py).

A person to move may ask for a hint (play_hints.py): a nudge, then the best turn. The game records the hand
held before every turn and the hints asked for, and once it is over its review (the `review` command's HTML
page, in the language chosen for the game) is made in a worker and kept with the game.
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import partial

from modlinseq_print.geometry.patterns import PATTERNS, board_pattern
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.position import diagram_style, position_document, position_scene
from modlinseq_print.render.output import render_pages
from modlinseq_print.rules.chains import WRAP_MODES
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.game import MAX_PLAYERS, Game, Variant, stock_tiles
from modlinseq_print.rules.moves import MAX_HAND, Move
from modlinseq_print.rules.player_words import reason_words, turn_words
from modlinseq_print.rules.players import AI_PLAYERS, choose
from modlinseq_print.rules.playtest import findings, playtest
from modlinseq_print.rules.position import Position, Tile, analyse
from modlinseq_print.rules.report import turn_json
from modlinseq_print.rules.transcript import Turn, parse_turn_body
from modlinseq_print.rules.turns import TurnResult, play_turn
from modlinseq_print.studio.design import design_board, design_from
from modlinseq_print.studio.exchange import ApiError, InWorker, Reply, Request
from modlinseq_print.studio.feature import Feature
from modlinseq_print.options import LANG
from modlinseq_print.options_play import HAND, HASH_SWAP, WILD_POLICY
from modlinseq_print.studio.fields import FieldError, choice, flag, integer, text
from modlinseq_print.studio.fields import field as option_field
from modlinseq_print.studio.limits import studio_board
from modlinseq_print.studio.play_hints import BEST_SHOWN, NUDGE, hint_json, hint_turn, review_page
from modlinseq_print.studio.position_api import drawing_json
from modlinseq_print.studio.shelf import Shelf
from modlinseq_print.studio.uploads import content_type

MAX_GAMES = 16  # games kept at once
MAX_PLAYTEST_GAMES = 50
KINDS = ("person",) + AI_PLAYERS
_NAME = re.compile(r"[^\W\d_][\w .'-]{0,23}")  # what a transcript reads as a player's name


@dataclass
class _Table:
    """A game in progress with who plays each seat, the computer players' seeded choices, and what happened
    that the page has not shown yet (players frozen); the hand held before each turn played, the hints asked
    for (turn number -> NUDGE or BEST_SHOWN), the best turn of the turn being played once a hint found it, the
    language of hints and review, and the review once made."""

    game: Game
    kinds: tuple[str, ...]
    rng: random.Random
    lock: threading.Lock = field(default_factory=threading.Lock)
    events: list[str] = field(default_factory=list)
    lang: str = "en"
    hands: list[str] = field(default_factory=list)
    hints: dict[int, int] = field(default_factory=dict)
    best: tuple[int, Move] | None = None
    review: bytes | None = None

    @property
    def turn(self) -> int:
        """The number of the turn being played, as the transcript and the review count turns."""
        return 1 + sum(1 for r in self.game.records if r.move is not None)

    def play(self, move: Move):
        """Play the turn of the player to move, noting the hand it was played from."""
        game = self.game
        self.hands.append(f"{game.names[game.current]}: {game.hands[game.current].text}")
        return game.play(move)


def _table(request: Request, values: dict | None = None) -> _Table:
    """The game a request names (in its body, or in `values`: its query for a GET), one the app keeps."""
    table = request.studio.games.get(text(request.body if values is None else values, "game", ""))
    if table is None:
        raise ApiError("this game is no longer on the server (it keeps the last 16): start a new one", 404, "game")
    return table


def _players(body: dict) -> tuple[list[str], tuple[str, ...]]:
    """The players' names and kinds: 1 to MAX_PLAYERS, names a transcript can carry, each once."""
    players = body.get("players", [{"name": "You", "kind": "person"}, {"name": "Computer", "kind": "greedy"}])
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise FieldError(f"players: give 1 to {MAX_PLAYERS} players")
    names, kinds = [], []
    for number, player in enumerate(players, 1):
        if not isinstance(player, dict):
            raise FieldError("players: each player has a name and a kind")
        name = text(player, "name", f"Player {number}") or f"Player {number}"
        if not _NAME.fullmatch(name) or name in names:
            raise FieldError(f"player name {name!r}: use letters (and spaces, hyphens), at most 24, each name once")
        names.append(name)
        kinds.append(choice(player, "kind", KINDS, "person"))
    return names, tuple(kinds)


def _variant(body: dict, board) -> Variant:
    modulus = integer(body, "modulus", 13, 2, 99)
    default_marker = board.has_centre and 8 <= modulus <= 20
    return Variant(board, modulus, choice(body, "wrap", WRAP_MODES, None),
                   policy=option_field(body, WILD_POLICY), marker=flag(body, "marker", default_marker),
                   pattern=choice(body, "pattern", PATTERNS, None), hash_swap=option_field(body, HASH_SWAP),
                   hand=option_field(body, HAND))


def _tiles(body: dict, modulus: int) -> list[int | None]:
    return stock_tiles(modulus, integer(body, "copies", 10, 0, 50), integer(body, "wild", 4, 0, 50),
                       flag(body, "no_zero"))


def new_game(request: Request) -> dict:
    """Start a game: board, modulus, tiles, hands, options and players; the number its shuffle is seeded with is
    shown on the page."""
    body = request.body
    board = studio_board(text(body, "board", "hex:9") or "hex:9")
    variant = _variant(body, board)
    if board.grid == "hex" and not board.has_centre:
        raise FieldError(f"board {board.spec} has no centre cell A0, where the first turn goes")
    names, kinds = _players(body)
    seed = integer(body, "shuffle", None, 0, 10 ** 9)
    seed = secrets.randbelow(10 ** 6) if seed is None else seed
    try:
        game = Game(variant, names, seed, tiles=_tiles(body, variant.modulus))
    except RulesError as error:
        raise FieldError(str(error)) from None
    table = _Table(game, kinds, random.Random(seed), lang=option_field(body, LANG) or LANG.default)
    _freeze_stuck(table)
    if game.over:  # a board too small for its tiles (hex:0), or tiles that fit nowhere: no game to play
        cells, free = len(board.cells), len(board.cells) - len(game.position.tiles)
        raise FieldError(f"{board.spec} is too small for a game: {cells} cell{'s' if cells != 1 else ''}, {free} "
                         f"free, and no player can make a first turn, so the game would end at once; choose a "
                         f"larger board, such as hex:4", "board")
    key = secrets.token_urlsafe(12)
    request.studio.games.put(key, table)
    return state(replace(request, body={**body, "game": key}, query={}))


def _freeze_stuck(table: _Table) -> None:
    """Freeze, one after another, players whose turn has come and who have no legal turn."""
    game = table.game
    while not game.over and not game.can_play():
        name = game.names[game.current]
        game.freeze()
        table.events.append(f"{name} cannot lay any tile and sits out the rest of the game, keeping their points")


def _last_turn(game: Game) -> list[str]:
    """The cells of the last turn played (not a freeze), for the page to outline."""
    played = [r.move for r in game.records if r.move is not None]
    return [game.position.board.address(c) for c, _ in played[-1].tiles] if played else []


def _move_words(board, move: Move) -> str:
    """A turn in player words: "laid 5 on H2 and 11 on T16: 6 points"."""
    tiles = [(board.address(c), t.label if t.declared is None else f"#={t.declared}") for c, t in move.tiles]
    return turn_words(tiles, [board.address(c) for c in move.swapped], move.points)


def _state(key: str, table: _Table, screen: int | None) -> dict:
    game = table.game
    _freeze_stuck(table)
    position = game.position
    analysis = analyse(position)
    drawing = position_scene(analysis, diagram_style(crop=False, legend="none", pattern=game.variant.pattern))
    person = not game.over and table.kinds[game.current] == "person"
    hand = game.hands[game.current] if person else None
    best = max(game.scores) if game.over else None
    answer = {
        "game": key, "shuffle": game.seed, "board": position.board.spec,
        "board_words": f"{board_shape(position.board)}, {len(position.board.cells)} cells", "modulus": position.modulus,
        "over": game.over, "current": None if game.over else game.current, "stock": game.stock_size,
        "players": [{"name": n, "kind": k, "score": s, "frozen": f, "tiles": h.size,
                     "winner": game.over and s == best}
                    for n, k, s, f, h in zip(game.names, table.kinds, game.scores, game.frozen, game.hands)],
        "hand": None if hand is None else [str(v) for v in hand.naturals] + ["#"] * hand.wild,
        "turns": [{"player": game.names[r.player], "tiles": r.notation, "points": r.points,
                   "words": _move_words(position.board, move), "hint": table.hints.get(number, 0)}
                  for number, (r, move) in enumerate(((r, r.move) for r in game.records if r.move is not None), 1)],
        "hint": 0 if game.over else table.hints.get(table.turn, 0), "lang": table.lang,
        "last": _last_turn(game), "events": list(table.events),
        "blocked": [position.board.address(c) for c in analysis.blocked],
        "hash_swap": game.variant.hash_swap, "policy": position.policy,
    }
    table.events.clear()
    return {**answer, **drawing_json(position, drawing, screen)}


def state(request: Request) -> dict:
    """The game as the page shows it: the board, scores, whose turn, the hand of a person to move."""
    table = _table(request)
    with table.lock:
        return _state(text(request.body, "game"), table, integer(request.body, "screen_width", None, 100, 20_000))


def _judged(table: _Table, body: dict):
    """The turn a person proposes (tiles as [[address, value], ...]) judged on the game: (turn, result)."""
    game = table.game
    if game.over or table.kinds[game.current] != "person":
        raise ApiError("it is not a person's turn", 409, "tiles")
    tiles = body.get("tiles", [])
    if not isinstance(tiles, list) or not tiles or len(tiles) > 2 * MAX_HAND or not all(
            isinstance(t, list) and len(t) == 2 and all(isinstance(w, str) and len(w) <= 12 for w in t)
            for t in tiles):
        raise FieldError("tiles: give [[address, value], ...], one to a hand's worth")
    words = ", ".join(f"{value.strip()}{address.strip()}" for address, value in tiles)
    return judge_words(game, words)


def judge_words(game: Game, words: str) -> tuple[list, TurnResult]:
    """The current player's turn written as a transcript writes it (5A0, 6B1), read and judged on the game's
    position: its placements and the rules' verdict, refused also when the player's hand does not hold its
    tiles (a bad address or value raises a ModlinseqError). The play page and the game rooms judge with it."""
    position = game.position
    placements = parse_turn_body(words, position.topology, position.modulus)
    turn = Turn(game.names[game.current], tuple(placements), words)
    marks = board_pattern(position.board, game.variant.pattern)
    marker = any(t.marker for t in position.tiles.values())
    result, _ = play_turn(position, turn, len(game.records) + 1, game.names[game.current], marks,
                          game.variant.hash_swap, marker)
    if result.legal:
        changed = set(result.placed) | set(result.swapped)
        used = [p.tile for p in placements if p.cell in changed]
        hand = game.hands[game.current]
        wild = sum(1 for t in used if t.wild) - len(result.swapped)
        short = Counter(t.value for t in used if not t.wild) - Counter(hand.naturals)
        if short or wild > hand.wild:
            missing = ", ".join(map(str, short.elements()))
            result.reason = "your hand does not hold " + (missing or "that many wild tiles")
    return placements, result


def try_turn(request: Request) -> dict:
    """Whether the tiles a person has put down make a legal turn, and what it scores."""
    table = _table(request)
    with table.lock:
        _, result = _judged(table, request.body)
        return {"legal": result.legal, "reason": reason_words(result.reason), "points": result.points,
                "turn": turn_json(table.game.position, result)}


def commit(request: Request) -> dict:
    """Play the person's turn (when legal) and answer the new state."""
    table = _table(request)
    key = text(request.body, "game")
    with table.lock:
        placements, result = _judged(table, request.body)
        if not result.legal:
            raise ApiError(f"not a legal turn: {reason_words(result.reason)}", 400, "tiles")
        changed = set(result.placed) | set(result.swapped)
        tiles = tuple((p.cell, p.tile) for p in placements if p.cell in changed)
        table.play(Move(tiles, tuple(result.swapped), result.points, ()))
        return _state(key, table, integer(request.body, "screen_width", None, 100, 20_000))


def computer(request: Request) -> dict:
    """A computer player's turn: the tiles in the order put down, its points, and the new state."""
    table = _table(request)
    key = text(request.body, "game")
    with table.lock:
        game = table.game
        _freeze_stuck(table)
        if game.over or table.kinds[game.current] == "person":
            raise ApiError("it is not a computer player's turn", 409)
        player = game.names[game.current]
        move = choose(table.kinds[game.current], game, table.rng)
        board = game.position.board
        shown = [[board.address(c), t.label] for c, t in move.tiles]
        record = table.play(move)
        return {"player": player, "tiles": shown, "notation": record.notation, "points": record.points,
                "words": f"{player} {_move_words(board, move)}",
                "state": _state(key, table, integer(request.body, "screen_width", None, 100, 20_000))}


def hint(request: Request) -> dict:
    """A hint for the person to move: the first asked on a turn a nudge (where a good line is), the next the
    best turn itself; each is recorded for the review. Refused when the game is over or it is not the turn of
    a person (or of the seat the page names)."""
    table = _table(request)
    seat = integer(request.body, "seat", None, 0, MAX_PLAYERS - 1)
    with table.lock:
        game = table.game
        _freeze_stuck(table)
        if game.over:
            raise ApiError("the game is over: there is no turn left to give a hint for", 409)
        if table.kinds[game.current] != "person" or (seat is not None and seat != game.current):
            raise ApiError(f"it is not your turn: {game.names[game.current]} is to play", 409)
        number = table.turn
        if table.best is None or table.best[0] != number:
            move = hint_turn(game.position, game.hands[game.current], game.variant.pattern, game.variant.hash_swap)
            if move is None:  # a player without a legal turn is frozen before their turn is shown
                raise ApiError("no legal turn to hint at: this player sits out", 409)
            table.best = (number, move)
        level = BEST_SHOWN if table.hints.get(number, 0) >= NUDGE else NUDGE
        table.hints[number] = level
        return {**hint_json(game.position, table.best[1], level, table.lang), "turn": number}


REVIEW_STYLE = "/api/play/review.css"


def review(request: Request) -> Reply | InWorker:
    """The finished game's review as an HTML page (GET ?game=ID): made once in a worker, then kept."""
    key = text(request.query, "game", "")
    table = _table(request, request.query)
    with table.lock:
        game = table.game
        if not game.over:
            raise ApiError("the review is ready when the game is over: finish the game first", 409)
        if table.review is not None:
            return Reply(table.review, "text/html; charset=utf-8")
        v = game.variant
        body = {"board": v.board.spec, "modulus": v.modulus, "wrap": v.wrap, "policy": v.policy,
                "marker": v.marker, "pattern": v.pattern, "hash_swap": v.hash_swap, "players": len(game.names),
                "transcript": game.transcript(), "hands": list(table.hands),
                "hints": {str(n): level for n, level in table.hints.items()}, "lang": table.lang,
                "stylesheet": REVIEW_STYLE}
    return InWorker(review_page, body, then=partial(_keep_review, request.studio.games, key))


def _keep_review(games: Shelf[_Table], key: str, page: str) -> Reply:
    """Keep a game's review with the game (while the app keeps the game on its shelf of `games`) and answer it."""
    data = page.encode()
    table = games.peek(key)
    if table is not None:
        table.review = data
    return Reply(data, "text/html; charset=utf-8")


def review_style(request: Request) -> Reply:
    """The style sheet of the review page (the studio's pages allow no inline style)."""
    from modlinseq_print.printables.review_html import STYLE

    return Reply(STYLE.encode(), "text/css; charset=utf-8")


def kits(request: Request) -> dict:
    """The shipped kits' games (board, modulus, tiles, rules), for the page to fill its fields from one."""
    from pathlib import PurePath

    from modlinseq_print.kits.game_settings import game_settings
    from modlinseq_print.kits.preset_loading import preset_from_text
    from modlinseq_print.studio.kit_api import shipped_presets

    found = {}
    for name, toml in shipped_presets().items():
        if not preset_from_text(toml, PurePath(f"{name}.toml")).board.spec.startswith("file:"):
            found[name] = game_settings(preset_from_text(toml, PurePath(f"{name}.toml")))
    return {"kits": found}


def replay_command(game: Game) -> str:
    """The `score` command that replays a game's transcript (saved as game.txt)."""
    v = game.variant
    words = ["modlinseq-print score", f"--board {v.board.spec}", f"-m {v.modulus}"]
    words += [f"--wrap {v.wrap}"] if v.wrap else []
    words += [f"--pattern {v.pattern}"] if v.pattern else []
    words += [f"--wild-policy {v.policy}"] if v.policy != "E" else []
    words += ["--marker"] if v.marker else []
    words += ["--hash-swap"] if v.hash_swap else []
    return " ".join(words + [f"--players {len(game.names)}", "@game.txt"])


def transcript(request: Request) -> Reply:
    """The game as a transcript file, with the command that scores it."""
    table = _table(request)
    with table.lock:
        game = table.game
        head = [f"// MODLINSEQ game, shuffle {game.seed}: {', '.join(game.names)}", f"// {replay_command(game)}"]
        return Reply(("\n".join(head + [game.transcript()]) + "\n").encode(), "text/plain; charset=utf-8", "game.txt")


def diagram(request: Request) -> InWorker:
    """The board as it stands, drawn as `modlinseq-print position` draws it (SVG, PDF or PNG) in a worker."""
    fmt = choice(request.query, "format", ("svg", "pdf", "png"), "svg")
    table = _table(request)
    with table.lock:
        game = table.game
        position = game.position
        tiles = [[position.board.address(c), t.value, t.declared, t.marker] for c, t in position.tiles.items()]
        body = {"board": position.board.spec, "modulus": position.modulus, "wrap": position.wrap,
                "diagonals": position.diagonals, "policy": position.policy, "pattern": game.variant.pattern,
                "tiles": tiles}
    return InWorker(draw_diagram, body, {"format": fmt})


def draw_diagram(request: Request) -> Reply:
    """The diagram of a game's position sent as its tiles (run in a worker process)."""
    body, fmt = request.body, request.query["format"]
    board = studio_board(body["board"])
    tiles = {board.parse_address(a): Tile(value, declared, marker) for a, value, declared, marker in body["tiles"]}
    position = Position(board, body["modulus"], tiles, body["wrap"], body["diagonals"], body["policy"])
    drawing = position_scene(analyse(position), diagram_style(pattern=body["pattern"]))
    return Reply(render_pages(position_document(drawing, "MODLINSEQ game"), fmt)[0], content_type(fmt), f"game.{fmt}")


def playtest_board(request: Request) -> dict:
    """The designer's "playtest this board": a few seeded games between computer players on the designed
    board, the figures, and how often each cell was filled (by address, for the page to shade)."""
    body = request.body
    board, _, _ = design_board(design_from(body))
    variant = _variant(body, board)
    games = integer(body, "games", 8, 1, MAX_PLAYTEST_GAMES)
    players = integer(body, "players", 2, 1, MAX_PLAYERS)
    kinds = (choice(body, "ai", AI_PLAYERS, "greedy"),) * players
    step = request.counter(games)
    summaries = playtest(variant, kinds, _tiles(body, variant.modulus), games, integer(body, "seed", 1, 0, 10 ** 9),
                         progress=lambda done: step(f"game {done} of {games}"))
    found = findings(summaries, len(board.cells))
    return {"games": games, "turns": round(found.turns.mean, 1), "scores": [round(s.mean, 1) for s in found.scores],
            "wins": [round(w, 3) for w in found.wins], "filled": round(found.filled.mean, 3),
            "blocked": round(found.blocked.mean, 1), "stock": round(found.stock.mean, 1),
            "longest": round(found.longest.mean, 1), "seconds": round(found.seconds.mean, 2),
            "heat": {board.address(c): round(v, 3) for c, v in found.heat.items()}}


FEATURE = Feature(
    routes={("GET", "/api/play/kits"): kits, ("POST", "/api/play/new"): new_game,
            ("POST", "/api/play/state"): state, ("POST", "/api/play/try"): try_turn,
            ("POST", "/api/play/commit"): commit, ("POST", "/api/play/computer"): computer,
            ("POST", "/api/play/transcript"): transcript, ("POST", "/api/play/diagram"): diagram,
            ("POST", "/api/play/playtest"): playtest_board, ("POST", "/api/play/hint"): hint,
            ("GET", "/api/play/review"): review, ("GET", REVIEW_STYLE): review_style},
    form="play.html", heavy=frozenset({"/api/play/playtest"}), pages={"/play": "play.html"},
    budgets={"/api/play/computer": 30.0, "/api/play/playtest": 600.0, "/api/play/diagram": 20.0,
             "/api/play/hint": 30.0, "/api/play/review": 300.0})
