"""The rooms' open protocol over HTTP and a WebSocket (Starlette routes), used by the room page and by bots.

- `POST /api/rooms` {"board", "modulus", ..., "seats": ["person", "greedy", ...]} makes a room and answers its
  id and, per seat, for spectators and for the host, a secret and an invitation link (the secret after #, so
  it never reaches a server's log or another site).
- With `Authorization: Bearer SECRET`: `GET /api/rooms/ID/state` (the room as that secret sees it; with
  `?since=VERSION` it waits up to POLL seconds for a change: the fallback of a page without WebSocket;
  `?drawing=1` adds the board's drawing), `POST .../try` and `POST .../turn` {"turn": "5A0, 6B1"},
  `POST .../name` {"name"}, `POST .../control` {"action": start|pause|resume|end} (the host),
  `GET .../transcript`, `GET .../invitations` (the host: links and QR codes).
- `WS /api/rooms/ID/events`: send {"secret": S} first; then every change arrives as {"type": "state", "state"};
  {"type": "turn" | "try", "turn": ...} and {"type": "ping"} may be sent.
- `GET /rooms/review/TOKEN`: a finished game's review; `GET /room/ID`: the room page.

A missing or wrong secret is 401; bodies and messages are capped at MAX_MESSAGE bytes; each secret is rate
limited (rooms_hall.py). Every answer is made by rooms.view, the one place that decides what a secret sees.
"""

from __future__ import annotations

import asyncio
import json
from functools import partial

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from modlinseq_print.errors import ModlinseqError, one_line
from modlinseq_print.rules.position import analyse
from modlinseq_print.studio import rooms
from modlinseq_print.studio.exchange import ApiError, json_object
from modlinseq_print.studio.fields import FieldError
from modlinseq_print.studio.responses import failure_response, json_bytes
from modlinseq_print.studio.rooms_hall import RoomHall

MAX_MESSAGE = 16 * 1024  # bytes of a request body or a WebSocket message
POLL = 25.0  # seconds a long poll waits for a change
HELLO = 10.0  # seconds a WebSocket has to send its secret


def json_response(data, status: int = 200, headers: dict | None = None) -> Response:
    """A JSON answer (the app's middleware adds the studio's security headers)."""
    return Response(json_bytes(data), status, headers=headers, media_type="application/json")


def bearer(request) -> str | None:
    """The secret of an `Authorization: Bearer SECRET` header."""
    words = request.headers.get("authorization", "").split()
    return words[1] if len(words) == 2 and words[0].lower() == "bearer" else None


async def read_body(request: Request) -> dict:
    """A JSON object body of at most MAX_MESSAGE bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise ApiError("send JSON (Content-Type: application/json)", 415)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise ApiError(f"a room's requests are at most {MAX_MESSAGE} bytes", 413)
    return json_object(bytes(raw))


def base_url(request, allowed: set[str]) -> str:
    """Where invitations point: the address the host's browser used (a proxy's X-Forwarded-Host and -Proto
    when behind one); on a studio serving every network, opened here as localhost, this computer's network
    address, which other devices can reach."""
    proto = request.headers.get("x-forwarded-proto") or request.url.scheme
    host = request.headers.get("x-forwarded-host") or request.headers.get("host", "")
    if host.split(":")[0] in ("127.0.0.1", "localhost"):
        port = host.rsplit(":", 1)[-1]
        lan = sorted(h for h in allowed if h.split(":")[0].replace(".", "").isdigit()
                     and not h.startswith("127.") and h.endswith(f":{port}"))
        host = lan[0] if lan else host
    return f"{proto}://{host}"


def qr_code(link: str) -> str | None:
    """A QR code of a link as an SVG data URI (None without segno)."""
    try:
        import segno
    except ImportError:
        return None
    return segno.make(link, error="m").svg_data_uri(scale=4, border=2)


def invitations(room: rooms.Room, base: str, qr: bool = False) -> dict:
    """The room's links: a seat's, the spectators' and the host's, each with its secret (and QR code)."""
    def link(secret: str) -> dict:
        url = f"{base}/room/{room.id}#{secret}"
        return {"secret": secret, "link": url} | ({"qr": qr_code(url)} if qr else {})

    return {"room": room.id, "seats": [{**link(s.secret), "name": s.name, "kind": s.kind} for s in room.seats],
            "spectator": link(room.spectator), "host": link(room.host)}


def board_drawing(room: rooms.Room, cache: dict) -> dict:
    """The board as it stands, drawn as the play page draws it (worked out once per change of the room)."""
    from modlinseq_print.printables.position import diagram_style, position_scene
    from modlinseq_print.studio.position_api import drawing_json

    with room.lock:
        kept = cache.get(room.id)
        if kept is not None and kept[0] == room.version:
            return kept[1]
        position = room.game.position
        analysis = analyse(position)
        drawn = position_scene(analysis, diagram_style(crop=False, legend="none", pattern=room.game.variant.pattern))
        drawing = {**drawing_json(position, drawn, None),
                   "blocked": [position.board.address(c) for c in analysis.blocked]}
        cache[room.id] = (room.version, drawing)
        if len(cache) > 256:
            cache.pop(next(iter(cache)))
        return drawing


class RoomRoutes:
    """The routes of the rooms, over the app's RoomHall, host guard and pages."""

    def __init__(self, app, hall: RoomHall):
        self.app, self.hall = app, hall
        self.drawings: dict[str, tuple[int, dict]] = {}
        self.tasks: set[asyncio.Task] = set()

    def routes(self) -> list:
        """The Starlette routes."""
        call = self.call
        return [Route("/api/rooms", partial(call, self.create), methods=["POST"]),
                Route("/api/rooms/{room}/state", partial(call, self.state), methods=["GET"]),
                Route("/api/rooms/{room}/try", partial(call, self.try_turn), methods=["POST"]),
                Route("/api/rooms/{room}/turn", partial(call, self.turn), methods=["POST"]),
                Route("/api/rooms/{room}/name", partial(call, self.name), methods=["POST"]),
                Route("/api/rooms/{room}/control", partial(call, self.control), methods=["POST"]),
                Route("/api/rooms/{room}/transcript", partial(call, self.transcript), methods=["GET"]),
                Route("/api/rooms/{room}/invitations", partial(call, self.invitations), methods=["GET"]),
                Route("/rooms/review/{token}", partial(call, self.review), methods=["GET"]),
                Route("/room/{room}", self.page, methods=["GET"]),
                WebSocketRoute("/api/rooms/{room}/events", self.events)]

    async def call(self, handler, request: Request) -> Response:
        """Run a handler; any failure is one JSON line."""
        try:
            answer = await handler(request)
        except Exception as error:  # noqa: BLE001 - every failure becomes one JSON line
            return failure_response(error)
        return answer if isinstance(answer, Response) else json_response(answer)

    async def page(self, request: Request) -> Response:
        return self.app.file_response("room.html")

    def seat(self, request: Request) -> tuple[rooms.Room, rooms.Who]:
        return self.hall.who(request.path_params["room"], bearer(request))

    async def create(self, request: Request) -> dict:
        body = await read_body(request)
        client = request.client.host if request.client else "?"
        room = await self.hall.change(self.hall.create, body, client)
        return invitations(room, base_url(request, self.app.allowed_hosts))

    async def state(self, request: Request) -> dict:
        room, who = self.seat(request)
        self.kick(room)
        since = request.query_params.get("since")
        if since is not None and since.isdigit() and int(since) == room.version:
            queue = self.hall.watch(room.id)
            try:
                await asyncio.wait_for(queue.get(), POLL)
            except TimeoutError:
                pass
            finally:
                self.hall.unwatch(room.id, queue)
        return await self.seen(room, who, request.query_params.get("drawing") == "1")

    async def seen(self, room: rooms.Room, who: rooms.Who, drawing: bool) -> dict:
        """The view of the room for this secret, with the board's drawing when asked for."""
        answer = rooms.view(room, who)
        if drawing:
            answer |= await self.hall.search(board_drawing, room, self.drawings)
        return answer

    async def try_turn(self, request: Request) -> dict:
        room, who = self.seat(request)
        return await self.hall.change(self.verdict, room, who, (await read_body(request)).get("turn"))

    def verdict(self, room: rooms.Room, who: rooms.Who, words) -> dict:
        """Whether a turn would be legal for this seat now, and what it would score."""
        with room.lock:
            rooms.turn_of(room, who)
            move, points, reason = rooms.judge(room.game, words)
            return {"legal": move is not None, "points": points, "reason": reason}

    async def turn(self, request: Request) -> dict:
        room, who = self.seat(request)
        words = (await read_body(request)).get("turn")
        await self.played(room, who, words)
        return rooms.view(room, who)

    async def played(self, room: rooms.Room, who: rooms.Who, words) -> None:
        """Play a seat's turn, store it (one transaction), tell every watcher, and let computers play."""
        def work():
            with room.lock:
                rooms.play(room, who, words)
                self.hall.store.save(room, 1)

        await self.hall.change(work)
        self.hall.changed(room)
        await self.settled(room)
        self.kick(room)

    async def settled(self, room: rooms.Room) -> None:
        """Freeze the players left with no legal turn (a search, after the turn is shown), store and tell."""
        def work() -> bool:
            if not rooms.settle(room, self.hall.searcher.has_turn):
                return False
            with room.lock:
                self.hall.store.save(room)
            return True

        if await self.hall.search(work):
            self.hall.changed(room)

    async def name(self, request: Request) -> dict:
        room, who = self.seat(request)
        name = (await read_body(request)).get("name")
        await self.saved(room, partial(rooms.rename, room, who, name))
        return rooms.view(room, who)

    async def control(self, request: Request) -> dict:
        room, who = self.seat(request)
        action = (await read_body(request)).get("action")
        await self.saved(room, partial(rooms.control, room, who, action))
        self.kick(room)
        return rooms.view(room, who)

    async def saved(self, room: rooms.Room, change) -> None:
        """Make a change to a room and store it (in a thread), then wake its watchers."""
        def work():
            with room.lock:
                change()
                self.hall.store.save(room)

        await self.hall.change(work)
        self.hall.changed(room)

    async def transcript(self, request: Request) -> Response:
        from modlinseq_print.studio.play_api import replay_command

        room, _ = self.seat(request)
        game = room.game
        head = [f"// MODLINSEQ game, shuffle {game.seed}: {', '.join(game.names)}", f"// {replay_command(game)}"]
        text = "\n".join(head + [game.transcript()]) + "\n"
        return Response(text, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="game.txt"'})

    async def invitations(self, request: Request) -> dict:
        room, who = self.seat(request)
        if who.role != "host":
            raise ApiError("only the host sees the invitations", 403)
        return invitations(room, base_url(request, self.app.allowed_hosts), qr=True)

    async def review(self, request: Request) -> Response:
        room = self.hall.by_review(request.path_params["token"])
        if room is None:
            raise ApiError("no such review", 404)
        self.hall.limit(f"review:{request.path_params['token']}")
        if room.review is None:
            await self.hall.search(self.make_review, room)
        return Response(room.review, media_type="text/html; charset=utf-8")

    def make_review(self, room: rooms.Room) -> None:
        """The review page of a finished game (the `review` command's), made once and stored."""
        from modlinseq_print.studio.exchange import Request as Job
        from modlinseq_print.studio.play_api import REVIEW_STYLE
        from modlinseq_print.studio.play_hints import review_page

        with room.lock:
            v = room.game.variant
            body = {"board": v.board.spec, "modulus": v.modulus, "wrap": v.wrap, "policy": v.policy,
                    "marker": v.marker, "pattern": v.pattern, "hash_swap": v.hash_swap,
                    "players": len(room.seats), "transcript": room.game.transcript(), "hands": list(room.hands),
                    "hints": {}, "lang": "en", "stylesheet": REVIEW_STYLE}
        page = review_page(Job(body, {})).encode()
        with room.lock:
            room.review = page
            self.hall.store.save(room)

    # --- computer players ---------------------------------------------------------------------------------

    def kick(self, room: rooms.Room) -> None:
        """Let the computer players of a room play, if it is one's turn and none is playing already."""
        if room.id in self.hall.thinking or not self.computer_to_move(room):
            return
        self.hall.thinking.add(room.id)
        task = asyncio.ensure_future(self.computers(room))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    @staticmethod
    def computer_to_move(room: rooms.Room) -> bool:
        game = room.game
        return room.status == rooms.PLAYING and not game.over and room.seats[game.current].kind != "person"

    async def computers(self, room: rooms.Room) -> None:
        """Computer players' turns, one after another, a pause before each for people to follow."""
        def work():
            with room.lock:
                if rooms.computer_turn(room) is not None:
                    self.hall.store.save(room, 1)

        try:
            while self.computer_to_move(room):
                await asyncio.sleep(self.hall.computer_pause)
                await self.hall.search(work)  # a computer player's choice is a search
                self.hall.changed(room)
                await self.settled(room)
        finally:
            self.hall.thinking.discard(room.id)

    # --- the WebSocket ------------------------------------------------------------------------------------

    async def events(self, socket: WebSocket) -> None:
        """A room's events: the secret first, then the state at once and at every change; turns sent here too."""
        await socket.accept()  # the app's LocalOnly middleware has refused another site's socket before this
        try:
            room, who, drawing, secret = await self.hello(socket)
        except (ApiError, TimeoutError, ValueError, WebSocketDisconnect) as error:
            await self.refuse(socket, error)
            return
        try:
            queue = self.hall.watch(room.id)
        except ApiError as error:
            await self.refuse(socket, error)
            return
        reader = asyncio.ensure_future(self.read(socket, room, who, secret))
        try:
            self.kick(room)
            await socket.send_json({"type": "state", "state": await self.seen(room, who, drawing)})
            while not reader.done():
                waiting = asyncio.ensure_future(queue.get())
                await asyncio.wait({waiting, reader}, return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done():
                    waiting.cancel()
                    break
                await socket.send_json({"type": "state", "state": await self.seen(room, who, drawing)})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            reader.cancel()
            self.hall.unwatch(room.id, queue)

    async def hello(self, socket: WebSocket) -> tuple[rooms.Room, rooms.Who, bool, str]:
        """The first message: {"secret": S, "drawing": true|false}."""
        message = await asyncio.wait_for(socket.receive_text(), HELLO)
        if len(message) > MAX_MESSAGE:
            raise ApiError("message too long", 413)
        hello = json.loads(message)
        if not isinstance(hello, dict):
            raise ValueError("send {\"secret\": ...} first")
        given = hello.get("secret")
        secret = given if isinstance(given, str) else ""
        room, who = self.hall.who(socket.path_params["room"], secret)
        return room, who, hello.get("drawing") is True, secret

    async def refuse(self, socket: WebSocket, error: Exception) -> None:
        """Say why, and close (1008: policy)."""
        status = error.status if isinstance(error, ApiError) else 400
        words = str(error) if isinstance(error, ApiError) else "send {\"secret\": SECRET} first, as JSON"
        try:
            await socket.send_json({"type": "error", "status": status, "error": one_line(words)})
            await socket.close(code=1008)
        except (WebSocketDisconnect, RuntimeError):
            pass

    async def read(self, socket: WebSocket, room: rooms.Room, who: rooms.Who, secret: str) -> None:
        """The messages a device sends: a turn, a turn to try, a ping; each answered or refused in one line."""
        while True:
            message = await socket.receive_text()
            try:
                if len(message) > MAX_MESSAGE:
                    raise ApiError(f"a message is at most {MAX_MESSAGE} bytes", 413)
                self.hall.limit(f"secret:{secret}")
                data = json.loads(message)
                kind = data.get("type") if isinstance(data, dict) else None
                if kind == "ping":
                    await socket.send_json({"type": "pong"})
                elif kind == "turn":
                    await self.played(room, who, data.get("turn"))
                elif kind == "try":
                    answer = await self.hall.change(self.verdict, room, who, data.get("turn"))
                    await socket.send_json({"type": "verdict", "turn": data.get("turn"), **answer})
                else:
                    raise FieldError("type: ping, turn or try")
            except (ModlinseqError, ValueError) as error:
                status = error.status if isinstance(error, ApiError) else 400
                await socket.send_json({"type": "error", "status": status, "error": one_line(str(error))})
