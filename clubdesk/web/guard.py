"""What keeps the tables' pages safe on a shared network (docs/architecture.md, "The tables'
pages"): a cap on every body, a per-client rate limit, CSRF protection on every POST, and a
request's JSON read with the command line's limits.

- ``RateLimit``: a token bucket per client address (``BURST`` requests at once, ``PER_SECOND``
  after that), on the injected clock's monotonic time; a client over it gets 429. It knows
  too how many addresses asked for anything lately (``clients_within``: the window's
  status bar counts the phones with it).
- ``csrf_problem``: the phone's page carries its CSRF token (``domain/links.py``: an HMAC of
  the table's link token under the event's kept secret, so it outlives a restart), and every
  POST must send it back in the ``X-CSRF-Token`` header, as ``application/json``, from no
  other origin than the server's own.
- ``parsed_json``: a body as JSON, with ``BODY_MAX`` bytes at most, UTF-8, no ``NaN``, no
  nesting beyond what a sheet needs, no lone surrogate.
"""

from __future__ import annotations

import hmac
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from clubdesk.domain import limits
from clubdesk.errors import UserError
from clubdesk.timesource import TimeSource

__all__ = [
    "BODY_MAX",
    "Refused",
    "RateLimit",
    "csrf_problem",
    "parsed_json",
]

# Two signatures at their limit (10,000 points each, written as fractions to four places)
# and a long sheet of hands fit well under it.
BODY_MAX = 1024 * 1024
NESTING_MAX = 12  # a sheet's deepest value: signatures[0].strokes[3][2][0]
BURST = 120  # requests a client may make at once
PER_SECOND = 40.0  # and then, every second
CLIENTS_MAX = 4096  # clients remembered at once; the longest idle forgotten first


class Refused(Exception):
    """A request answered with ``status`` and ``{"error": message}``, before any service."""

    def __init__(self, status: int, message: str, *, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


@dataclass
class RateLimit:
    """A token bucket per client address."""

    clock: TimeSource
    burst: int = BURST
    per_second: float = PER_SECOND
    # the latest request's client last (``take`` puts it back at the end)
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)  # ``clients_within``'s

    def take(self, client: str) -> None:
        """One request from ``client``: Refused (429) when it is over its rate."""
        now = self.clock.monotonic()
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
            self._buckets[client] = (tokens if tokens < 1 else tokens - 1, now)
            while len(self._buckets) > CLIENTS_MAX:
                self._buckets.popitem(last=False)
        if tokens < 1:
            raise Refused(429, "too many requests: wait a moment and try again", retry_after=1)

    def clients_within(self, seconds: float) -> int:
        """How many client addresses made a request in the last ``seconds`` (from any
        thread: the window's while the server's takes)."""
        since = self.clock.monotonic() - seconds
        with self._lock:
            count = 0
            for _, then in reversed(self._buckets.values()):
                if then < since:
                    break
                count += 1
        return count


def csrf_problem(expected: str, headers: dict[str, str], host: str | None) -> str | None:
    """Why a POST with these (lower-case) headers is not the phone page's own, or None: JSON
    only, the page's CSRF token ``expected`` sent back, and no other origin."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return "content-type: a POST here is application/json"
    given = headers.get("x-csrf-token", "")
    if not hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode()):
        return "csrf: the page's X-CSRF-Token is missing or out of date; load the page again"
    origin = headers.get("origin")
    if origin is not None and (host is None or _netloc(origin) != host.lower()):
        return "origin: a POST here comes from the table's own page"
    return None


def _netloc(origin: str) -> str:
    try:
        return urlsplit(origin).netloc.lower()
    except ValueError:
        return ""


def parsed_json(body: bytes) -> Any:
    """The body as JSON; UserError (``body: ...``) when it is not JSON a sheet could be."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError("body: not UTF-8 text", field="body") from None
    if not text.strip():
        raise UserError("body: no JSON given", field="body")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise UserError(f"body: not valid JSON ({exc.msg})", field="body") from None
    except RecursionError:
        raise UserError("body: values nested too deep to be read", field="body") from None
    except ValueError as exc:  # NaN or Infinity, or a whole number of thousands of digits
        raise UserError(f"body: {exc}", field="body") from None
    if _depth(value) > NESTING_MAX:
        raise UserError("body: values nested too deep for a sheet", field="body")
    broken = limits.lone_surrogate_at(value)
    if broken is not None:
        raise UserError(f"body: {broken}: {limits.NOT_UNICODE}", field="body")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a sheet holds")


def _depth(value: Any) -> int:
    """How deep ``value`` nests (a plain value: 0), without recursion."""
    deepest = 0
    waiting = [(value, 0)]
    while waiting:
        found, depth = waiting.pop()
        deepest = max(deepest, depth)
        if isinstance(found, dict):
            waiting.extend((item, depth + 1) for item in found.values())
        elif isinstance(found, list):
            waiting.extend((item, depth + 1) for item in found)
    return deepest
