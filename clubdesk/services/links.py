"""The tables' private links (docs/cli.md, "The tables' pages"; ``clubdesk links``): each
table's link for a round, good for that table and round only until the round is closed.

The tokens are derived from the event's secret (``domain/links.py``), made the first time the
links are asked for and kept in the database (``store/links.py``), so a link is the same each
time it is printed. The address the links are served at (``base_url``: the window's or
``clubdesk serve``'s, or ``links --base``) is kept beside it, for the table cards' QR codes.
Like a draft, the secret is working state, not a fact of the event: no audit row, and the
event file does not carry it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from clubdesk.domain.limits import quoted
from clubdesk.domain.links import csrf_token, looks_like_token, same_token, table_token
from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act
from clubdesk.store import links as store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database

__all__ = [
    "NotGood",
    "RoundLinks",
    "TableAt",
    "TableLink",
    "base_url_of",
    "find_table",
    "round_links",
    "why_not_good",
]

BASE_URL_MAX = 200
NotGood = Literal["old", "closed", "unknown"]


@dataclass(frozen=True)
class TableLink:
    """One table's link: its token, and the whole address where one is known."""

    table: int
    token: str
    url: str | None


@dataclass(frozen=True)
class RoundLinks:
    """Every table's link for one round, and the address they are served at (None: not
    known yet)."""

    event_id: str
    round_number: int
    base_url: str | None
    tables: tuple[TableLink, ...]


@dataclass(frozen=True)
class TableAt:
    """The table and round a good token is for, and the CSRF token its page carries (derived
    from the event's kept secret: good for the link's life, across restarts)."""

    round_number: int
    table: int
    csrf: str


def checked_base_url(text: str) -> str:
    """An address the links are served at, as ``http://HOST:PORT/``; UserError naming
    ``base`` for anything else."""
    given = text.strip()
    wrong = f"base: {quoted(given)} is not an address like http://192.168.1.20:8765/"
    if len(given) > BASE_URL_MAX:
        raise UserError(f"base: longer than {BASE_URL_MAX} characters", field="base")
    try:
        parts = urlsplit(given)
        port = parts.port
    except ValueError:
        raise UserError(wrong, field="base") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or (
        parts.fragment or parts.path not in ("", "/") or parts.username or parts.password
    ):  # fmt: skip
        raise UserError(wrong, field="base")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}{'' if port is None else f':{port}'}/"


@act(None, Change.NONE)
def round_links(do: Command, round_number: int, *, base_url: str | None = None) -> RoundLinks:
    """Round ``round_number``'s links, one per table (the round's seating published); the
    event's secret is made the first time, and ``base_url`` kept as the address from now
    on."""
    base = checked_base_url(base_url) if base_url is not None else None
    event_id = do.event.id
    seating = seat_store.load_seating(do.session, event_id, round_number)
    if seating is None:
        raise UserError(f"round: round {round_number}'s seating is not published yet",
                        field="round")  # fmt: skip
    kept = store.keep_secret(do.session, event_id, secrets.token_hex(32), do.at)
    if base is not None:
        store.keep_base_url(do.session, event_id, base)
    tables = [t.table for t in seating.tables]
    address = base or kept.base_url
    return RoundLinks(
        event_id,
        round_number,
        address,
        tuple(_link(kept.secret, event_id, round_number, table, address) for table in tables),
    )


@act(None, Change.NONE)
def keep_base_url(do: Command, base_url: str) -> str:
    """The address the event's links are served at from now on; the address as kept."""
    base = checked_base_url(base_url)
    store.keep_secret(do.session, do.event.id, secrets.token_hex(32), do.at)
    store.keep_base_url(do.session, do.event.id, base)
    return base


def base_url_of(db: Database, event_id: str) -> str | None:
    """The address the event's links were last served at (None: never served)."""
    with db.reading() as session:
        kept = store.link_secret(session, event_id)
    return None if kept is None else kept.base_url


def printed_links(db: Database, event_id: str, round_number: int) -> dict[int, str]:
    """Each table's link for round ``round_number`` by table, for printing: only where the
    secret is made and an address known (nothing is written: a file is printed read-only
    too); empty otherwise."""
    with db.reading() as session:
        kept = store.link_secret(session, event_id)
        seating = seat_store.load_seating(session, event_id, round_number)
    if kept is None or kept.base_url is None or seating is None:
        return {}
    return {
        t.table: f"{kept.base_url}t/{table_token(kept.secret, event_id, round_number, t.table)}"
        for t in seating.tables
    }


def find_table(db: Database, event_id: str, token: str) -> TableAt | None:
    """The table and round ``token`` is good for now (a round seated or started, not closed);
    None for any other token."""
    secret, found, _ = _looked_up(db, event_id, token, only_open=True)
    if secret is None or found is None:
        return None
    return TableAt(found[0], found[1], csrf_token(secret, token))


def why_not_good(db: Database, event_id: str, token: str) -> NotGood:
    """Why ``token``, which ``find_table`` refuses, is not good now: ``old`` (a table's link
    of a closed round, a later round seated since: last round's card), ``closed`` (its round
    is closed, and none seated after it) or ``unknown`` (no table's link of this event)."""
    _, found, tables = _looked_up(db, event_id, token, only_open=False)
    if found is None:
        return "unknown"
    return "old" if any(number > found[0] for number, _, _ in tables) else "closed"


Seated = tuple[int, int, bool]  # a table seated so far: (round, table, open)


def _looked_up(
    db: Database, event_id: str, token: str, *, only_open: bool
) -> tuple[str | None, Seated | None, list[Seated]]:
    """The event's secret, the table seated (``only_open``: and open) whose link ``token`` is
    (None: no table's), and every table seated so far; every table's token compared, in
    constant time each."""
    if not looks_like_token(token):
        return None, None, []
    with db.reading() as session:
        kept = store.link_secret(session, event_id)
        tables = store.seated_tables(session, event_id) if kept is not None else []
    if kept is None:
        return None, None, []
    found = None
    for number, table, good in tables:
        expected = table_token(kept.secret, event_id, number, table)
        if (good or not only_open) and same_token(token, expected):
            found = (number, table, good)
    return kept.secret, found, tables


def _link(secret: str, event_id: str, number: int, table: int, base: str | None) -> TableLink:
    token = table_token(secret, event_id, number, table)
    return TableLink(table, token, None if base is None else f"{base}t/{token}")
