"""An event's secret for the tables' private links, and the address they were last served at
(migration step 15). The secret is made once and never changes, so that a link printed on a
table card stays good for its table and round."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.store.models import TableLink


@dataclass(frozen=True)
class LinkSecret:
    """An event's link secret (hexadecimal) and the address its links were last served at."""

    secret: str
    base_url: str | None


def link_secret(session: Session, event_id: str) -> LinkSecret | None:
    """The event's link secret, if one was made."""
    row = session.get(TableLink, event_id)
    return None if row is None else LinkSecret(row.secret, row.base_url)


def keep_secret(session: Session, event_id: str, secret: str, at: dt.datetime) -> LinkSecret:
    """The event's link secret: the one kept, else ``secret``, kept from now on."""
    row = session.get(TableLink, event_id)
    if row is None:
        row = TableLink(event_id=event_id, secret=secret, created_at=at)
        session.add(row)
        session.flush()
    return LinkSecret(row.secret, row.base_url)


def keep_base_url(session: Session, event_id: str, base_url: str) -> None:
    """The address the event's links are served at from now on (the secret kept first)."""
    row = session.get(TableLink, event_id)
    if row is None:
        raise LookupError(event_id)
    row.base_url = base_url
    session.add(row)
    session.flush()


def seated_tables(session: Session, event_id: str) -> list[tuple[int, int, bool]]:
    """(round, table, open) of every table of the event's rounds seated so far, in round
    order: open for a round seated or started and not closed (the tables whose link is good
    now)."""
    rows = session.connection().exec_driver_sql(
        "SELECT round.number, game.table_number, round.status <> 'closed' FROM game "
        "JOIN round ON round.id = game.round_id WHERE round.event_id = ? "
        "ORDER BY round.number, game.table_number",
        (event_id,),
    )
    return [(int(number), int(table), bool(good)) for number, table, good in rows]
