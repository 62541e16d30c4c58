"""The tables' pages as an ASGI application (docs/cli.md, "The tables' pages").

Only these paths are served; anything else is 404, a method a path does not take 405:

- ``GET /`` the hall page, ``GET /api/hall`` what it shows, ``GET /api/standings`` the
  standings as ``clubdesk standings --format json``;
- ``GET /t/TOKEN`` the table's sheet page, ``GET /t/TOKEN/sheet`` its sheet as ``clubdesk
  sheet``, ``GET /t/TOKEN/state`` the sheet as the phone shows it, ``POST /t/TOKEN/check``
  (a hand as typed), ``/hand`` (a hand entered), ``/confirm`` (the opponents confirm it) and
  ``/submit`` (``clubdesk submit``'s JSON);
- ``GET /static/NAME`` the pages' own scripts and styles, by name.

A token that is not good now gets 403 and nothing about the event: a page in words for a
browser (``Accept: text/html``) saying why, JSON to any other client. A refusal is 400 with
``{"error": ..., "field": ...}``; a body over the cap 413; a client over its rate 429
(``guard.py``). The services run on worker threads, never on the server's event loop: the
writes (``POST``s but ``check``) one at a time, each holding ``turn`` (the window that serves
takes it, when it is free, while its pages read what a phone changed; it never waits for it),
and the reads (the pages' ``GET``s, a link looked up, a hand checked, the sheet a write
answers with once its turn is over) beside them, up to ``READERS`` at once, in transactions
that never wait for a write (``Database.reading``): a phone loading its sheet never queues
behind the room's hands going in.
``on_change`` is told what each write changed (the window refreshes from it).

Each table's page sends its own random id (``X-Phone``) with every request but a check of a
hand with nothing typed in it yet; a post with it marks that phone as typing at its table
(``Typing``), and the sheet a phone is given says whether another phone
is typing there (``others_typing``): a second phone taking over a table is told, and so is
the first.
"""

from __future__ import annotations

import html
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import anyio
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from clubdesk import paths
from clubdesk.errors import UserError
from clubdesk.services import links, phone_sheet, results, sheets
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk
from clubdesk.services.sheet_json import sheet_json, submit_json
from clubdesk.store.db import Database
from clubdesk.store.errors import DatabaseError
from clubdesk.timesource import TimeSource
from clubdesk.web.guard import BODY_MAX, RateLimit, Refused, csrf_problem, parsed_json
from clubdesk.web.hall import hall

__all__ = ["TablesApp"]

log = logging.getLogger(__name__)

STATIC = {
    "phone.js": "text/javascript",
    "phone.css": "text/css",
    "hall.js": "text/javascript",
    "hall.css": "text/css",
}
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a table's link never leaves in a Referer
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}
NOT_GOOD = "token: this link is not good now (ask the director for your table's link)"
# a link not good now, opened by a browser: why, in words (the page says what to do)
REFUSED_WORDS: dict[links.NotGood, str] = {
    "old": "This is an earlier round's table card: that round is over.",
    "closed": "The round this link is for is closed: no more can be entered on it.",
    "unknown": "This is not a link of tonight's: it may be from another night, or mistyped.",
}
_TABLE_PATH = re.compile(r"/t/([^/]{1,64})(?:/(sheet|state|check|hand|confirm|submit))?")
ACTOR = "phone"  # who the audit log says submitted a sheet from a table's page
TYPING_SECONDS = 120.0  # a phone that posted within this is typing at its table
PHONES_KEPT = 8  # phones remembered at one table, the longest quiet forgotten first
_PHONE = re.compile(r"[0-9a-f]{16}")  # a page's own id, as phone.js makes it
READERS = 4  # reads served at once: more only share the interpreter's one running thread


class TablesApp:
    """The ASGI application serving one event's pages from ``db``."""

    def __init__(
        self,
        db: Database,
        event_id: str,
        clock: TimeSource,
        *,
        on_change: Callable[[Change], None] | None = None,
        rate: RateLimit | None = None,
        turn: threading.Lock | None = None,
    ):
        self.db, self.event_id, self.clock = db, event_id, clock
        self.desk = Desk(db, event_id, clock).by(ACTOR)  # the tables' phones act here
        self.on_change = on_change
        self.rate = rate if rate is not None else RateLimit(clock)
        self.one_at_a_time = anyio.CapacityLimiter(1)
        self.readers = anyio.CapacityLimiter(READERS)
        self.turn = turn if turn is not None else threading.Lock()
        self._pages: dict[str, str] = {}
        self.typing = Typing(clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            return  # no websockets here: the connection is dropped
        request = Request(scope, receive)
        try:
            response = await self._answer(request)
        except Refused as refused:
            said = {"error": refused.message}
            if isinstance(refused, _Refusal) and refused.field is not None:
                said["field"] = refused.field
            response = _json(said, refused.status)
            if refused.retry_after is not None:
                response.headers["Retry-After"] = str(refused.retry_after)
        except Exception:  # a fault of clubdesk's own: logged, and the server goes on
            log.exception("the tables' pages could not answer %s", request.url.path[:80])
            response = _json({"error": "internal error"}, 500)
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        await response(scope, receive, send)

    async def _answer(self, request: Request) -> Response:
        client = request.client.host if request.client is not None else "?"
        self.rate.take(client)
        path, method = request.url.path, request.method
        if path == "/":
            _only(method, "GET")
            return self._page("hall.html", {})
        if path in ("/api/standings", "/api/hall"):
            _only(method, "GET")
            read = self._standings if path == "/api/standings" else self._hall
            return _json(await self._run_reading(read))
        if path.startswith("/static/"):
            _only(method, "GET")
            return self._static(path.removeprefix("/static/"))
        found = _TABLE_PATH.fullmatch(path)
        if found is None:
            raise Refused(404, "not found")
        token, action = found.group(1), found.group(2) or "page"
        _only(method, "POST" if action in ("check", "hand", "confirm", "submit") else "GET")
        at = await self._run_reading(lambda: links.find_table(self.db, self.event_id, token))
        if at is None and "text/html" in request.headers.get("accept", ""):  # a browser opened it
            why = await self._run_reading(lambda: links.why_not_good(self.db, self.event_id, token))
            return self._page("refused.html", {"why": REFUSED_WORDS[why]}, 403)
        if at is None:
            raise Refused(403, NOT_GOOD)
        if action == "page":
            return self._page("phone.html", {"csrf": at.csrf})
        phone, place = _phone(request), _place(at)
        if action in ("sheet", "state"):
            read = await self._run_reading(lambda: self._read(action, at))
            return _json(read if action == "sheet" else self.typing.told(read, place, phone))
        problem = csrf_problem(at.csrf, dict(request.headers), request.headers.get("host"))
        if problem is not None:
            raise Refused(403, problem)
        try:
            data = parsed_json(await _body(request))
        except UserError as error:
            raise _Refusal(error) from None
        self.typing.wrote(place, phone)
        if action == "check":  # a hand as typed is only read
            return _json(await self._run_reading(lambda: self._check(at, data)))
        answer = await self._run(lambda: self._write(action, at, data))
        written = await self._run_reading(lambda: self._read(answer, at))
        return _json(written if action == "submit" else self.typing.told(written, place, phone))

    # the services off the event loop: writes one at a time, reads beside them --------------
    async def _run(self, work: Callable[[], Any]) -> Any:
        def in_turn() -> Any:
            with self.turn:  # the window reads between two calls, never waits through many
                return work()

        return await self._off_loop(in_turn, self.one_at_a_time)

    async def _run_reading(self, work: Callable[[], Any]) -> Any:
        """``work``, which only reads (``Database.reading``s), beside the writes."""
        return await self._off_loop(work, self.readers)

    async def _off_loop(self, work: Callable[[], Any], limiter: anyio.CapacityLimiter) -> Any:
        try:
            return await anyio.to_thread.run_sync(work, limiter=limiter)
        except DatabaseError as error:  # the file busy, full or gone: not the client's doing
            raise Refused(503, str(error), retry_after=2) from None
        except UserError as error:
            raise _Refusal(error) from None

    def _standings(self) -> Any:
        return results.standings(self.db, self.event_id).to_json()

    def _hall(self) -> Any:
        return hall(self.db, self.event_id, self.clock)

    def _read(self, action: str, at: links.TableAt) -> Any:
        if action == "sheet":
            return sheet_json(sheets.table_sheet(self.db, self.event_id, *_place(at)))
        return phone_sheet.phone_sheet(self.db, self.event_id, *_place(at))

    def _write(self, action: str, at: links.TableAt, data: Any) -> str:
        """``data`` written as ``action`` says; what the phone is answered with (``_read``'s
        action), read once the write's turn is over."""
        number, table = _place(at)
        if action == "submit":
            done = submit_json(self.desk, number, table, data)
            self._changed(changes_of(done))
            return "sheet"
        given = _fields(data, ("number", "hand") if action != "confirm" else ("number", "version"))
        if action == "hand":
            phone_sheet.keep_hand(self.desk, number, table, given["number"], given["hand"])
        else:
            phone_sheet.keep_confirmation(
                self.desk, number, table, given["number"], given["version"]
            )
        self._changed(Change.SHEETS)
        return "state"

    def _check(self, at: links.TableAt, data: Any) -> Any:
        given = _fields(data, ("number", "hand"))
        return phone_sheet.check_hand(self.db, self.event_id, *_place(at), given["number"],
                                      given["hand"])  # fmt: skip

    def _changed(self, change: Change) -> None:
        if self.on_change is not None and change:
            try:
                self.on_change(change)
            except Exception:  # the page is answered whatever a listener does
                log.exception("a listener of the tables' pages failed")

    # pages ---------------------------------------------------------------------------------
    def _page(self, name: str, values: dict[str, str], status: int = 200) -> Response:
        if name not in self._pages:
            self._pages[name] = paths.resource(f"web/{name}").read_text(encoding="utf-8")
        text = self._pages[name]  # read once: the server's own files
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", html.escape(value))
        return Response(text, status, media_type="text/html; charset=utf-8")

    def _static(self, name: str) -> Response:
        kind = STATIC.get(name)
        if kind is None:
            raise Refused(404, "not found")
        key = f"static/{name}"
        if key not in self._pages:
            self._pages[key] = paths.resource(f"web/{name}").read_text(encoding="utf-8")
        return Response(self._pages[key], media_type=f"{kind}; charset=utf-8")


class Typing:
    """Which phones are typing at each table, by the id each page sends: a phone that posted
    at a table in the last ``TYPING_SECONDS`` is typing there. Kept in memory, on the event
    loop (a restart forgets it; the next posts tell it again)."""

    def __init__(self, clock: TimeSource):
        self.clock = clock
        self._tables: dict[tuple[int, int], OrderedDict[str, float]] = {}

    def wrote(self, place: tuple[int, int], phone: str | None) -> None:
        if phone is None:
            return
        phones = self._tables.setdefault(place, OrderedDict())
        phones[phone] = self.clock.monotonic()
        phones.move_to_end(phone)
        while len(phones) > PHONES_KEPT:
            phones.popitem(last=False)

    def told(self, sheet: dict[str, Any], place: tuple[int, int], phone: str | None) -> Any:
        """The sheet as given to ``phone``, saying whether another phone is typing there."""
        since = self.clock.monotonic() - TYPING_SECONDS
        phones = self._tables.get(place, {})
        others = any(at >= since for other, at in phones.items() if other != phone)
        return sheet | {"others_typing": others}


def _phone(request: Request) -> str | None:
    """The id the table's page sends as its own, None for a client without one."""
    given = request.headers.get("x-phone", "")
    return given if _PHONE.fullmatch(given) else None


class _Refusal(Refused):
    """A service's refusal: 400 with the field it names."""

    def __init__(self, error: UserError):
        super().__init__(400, str(error))
        self.field = error.field


def _place(at: links.TableAt) -> tuple[int, int]:
    return at.round_number, at.table


def _fields(data: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != set(keys):
        raise UserError(f"body: must be an object of {', '.join(keys)}", field="body")
    return data


def _only(method: str, allowed: str) -> None:
    if method != allowed and not (allowed == "GET" and method == "HEAD"):
        raise Refused(405, f"method: {allowed} only here")


async def _body(request: Request) -> bytes:
    """The request's body, refused over ``BODY_MAX`` bytes before it is all read."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_MAX:
        raise Refused(413, f"body: more than {BODY_MAX // 1024} KB")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > BODY_MAX:
                raise Refused(413, f"body: more than {BODY_MAX // 1024} KB")
            chunks.append(chunk)
    except ClientDisconnect:  # the phone left, or was too slow: nobody hears the answer
        log.info("a client left before its request's body was all sent")
        raise Refused(400, "body: the request ended before its body was all sent") from None
    return b"".join(chunks)


def _json(value: Any, status: int = 200) -> Response:
    body = json.dumps(value, ensure_ascii=False, allow_nan=False)
    return Response(body, status, media_type="application/json")


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
