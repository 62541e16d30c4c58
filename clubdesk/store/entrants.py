"""Entrants and their players, between table rows and frozen values.

The services work in one transaction (a ``Session``) and see only the frozen
records below; the SQLModel rows stay here. What an entrant has paid is
never stored: it is read from the ledger every time (``ledger.py``: ``fee``
rows minus ``refund`` rows for that entrant). Entrants are rows with ids;
the domain knows them by number.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from sqlmodel import Session, select

from clubdesk.store import ledger
from clubdesk.store.columns import read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows
from clubdesk.store.models import Entrant

NO_MONEY = ledger.EntrantMoney()
_NEW_STATUS: str = Entrant.model_fields["status"].default  # a new entrant is active


@dataclass(frozen=True)
class EntrantRecord:
    id: int
    number: int
    name: str
    status: str
    players: tuple[str, ...]
    fees_cents: int
    refunds_cents: int
    created_at: dt.datetime

    @property
    def paid_cents(self) -> int:
        return self.fees_cents - self.refunds_cents


class _EntrantColumns(Protocol):
    """An entrant row's columns, as an object or as selected: what ``_records`` reads."""

    id: int | None
    number: int
    name: str
    status: str
    created_at: dt.datetime


@dataclass(frozen=True)
class EntrantRef:
    """An entrant without its players and money: row id, number, name and status."""

    id: int
    number: int
    name: str
    status: str


def entrant_refs(session: Session, event_id: str) -> list[EntrantRef]:
    """Every entrant of the event, in number order (withdrawn and removed ones too): plain
    rows, as every board and seating read asks for them (SQLAlchemy's row objects took most
    of the time of a board of 64 tables)."""
    rows = plain_rows(
        session,
        "SELECT id, number, name, status FROM entrant WHERE event_id = ? ORDER BY number",
        (event_id,),
    )
    return [EntrantRef(*row) for row in rows]


def entrant_ids(session: Session, event_id: str) -> dict[int, int]:
    """Row id by entrant number."""
    return {e.number: e.id for e in entrant_refs(session, event_id)}


def entrant_numbers(session: Session, event_id: str) -> dict[int, int]:
    """Entrant number by row id."""
    return dict(
        plain_rows(session, "SELECT id, number FROM entrant WHERE event_id = ?", (event_id,))
    )


def list_entrants(session: Session, event_id: str) -> list[EntrantRecord]:
    """Every entrant of the event, in number order, with players and money. Read as plain
    rows: the pages list the field after each change (the Money page 512 entrants), and
    the ORM's rows took most of each reading."""
    rows = [
        _Columns(id_, number, name, status, read_time(created_at))
        for id_, number, name, status, created_at in plain_rows(
            session,
            "SELECT id, number, name, status, created_at FROM entrant WHERE event_id = ? "
            "ORDER BY number",
            (event_id,),
        )
    ]
    return _records(session, event_id, rows)


class _Columns(NamedTuple):
    id: int
    number: int
    name: str
    status: str
    created_at: dt.datetime


def players_of(
    session: Session, event_id: str, numbers: Sequence[int]
) -> dict[int, tuple[str, ...]]:
    """The players of the entrants numbered ``numbers`` (those that exist), in number order
    and each entrant's players in order: what a check of a table's signers needs, read
    without the rest of the field or anyone's money."""
    players: dict[int, list[str]] = defaultdict(list)
    if not numbers:
        return {}
    marks = ", ".join("?" * len(numbers))
    rows = plain_rows(
        session,
        "SELECT entrant.number, player.name FROM entrant "
        "JOIN player ON player.entrant_id = entrant.id "
        f"WHERE entrant.event_id = ? AND entrant.number IN ({marks}) "
        "ORDER BY entrant.number, player.position",
        (event_id, *numbers),
    )
    for number, name in rows:
        players[number].append(name)
    return {number: tuple(names) for number, names in players.items()}


def entrant_by_number(session: Session, event_id: str, number: int) -> EntrantRecord | None:
    row = _row(session, event_id, number)
    if row is None:
        return None
    [record] = _records(session, event_id, [row])
    return record


@dataclass(frozen=True)
class NewEntrant:
    number: int
    name: str
    players: tuple[str, ...]
    paid_cents: int = 0  # written as one ``fee`` ledger row when not 0
    method: str | None = None
    note: str = ""
    member_ids: tuple[int | None, ...] = ()  # each player's member row (None, or none given)


def add_entrants(
    session: Session, event_id: str, new: Sequence[NewEntrant], created_at: dt.datetime
) -> list[EntrantRecord]:
    """Add entrants, active, with their players and fees; in plain SQL, after what the
    session holds (the ORM's unit of work took half of registering one)."""
    cursor = plain_cursor(session)
    when = time_text(created_at)
    records = []
    players: list[tuple[str, int, int, str, int | None]] = []
    fees: list[ledger.NewLedgerEntry] = []
    for item in new:
        cursor.execute(
            "INSERT INTO entrant (event_id, number, name, status, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (event_id, item.number, item.name, _NEW_STATUS, when),
        )
        entrant_id = cursor.lastrowid
        assert entrant_id is not None
        members = (*item.member_ids, *[None] * (len(item.players) - len(item.member_ids)))
        players.extend(
            (event_id, entrant_id, position, player, member)
            for position, (player, member) in enumerate(
                zip(item.players, members, strict=True), start=1
            )
        )
        if item.paid_cents:
            fees.append(
                ledger.NewLedgerEntry(
                    "fee", item.paid_cents, entrant_id, item.method, item.note, created_at
                )
            )
        records.append(
            EntrantRecord(
                entrant_id, item.number, item.name, _NEW_STATUS, item.players, item.paid_cents, 0,
                created_at,
            )
        )  # fmt: skip
    cursor.executemany(
        "INSERT INTO player (event_id, entrant_id, position, name, member_id) "
        "VALUES (?, ?, ?, ?, ?)",
        players,
    )
    ledger.add_entries(session, event_id, fees)
    return records


def set_status(session: Session, event_id: str, number: int, status: str) -> None:
    row = _row(session, event_id, number)
    if row is None:
        raise LookupError(number)
    row.status = status
    session.add(row)
    session.flush()


def set_number(session: Session, event_id: str, number: int, new_number: int) -> None:
    row = _row(session, event_id, number)
    if row is None:
        raise LookupError(number)
    row.number = new_number
    session.add(row)
    session.flush()


# --- rows to records -----------------------------------------------------------------------


def _row(session: Session, event_id: str, number: int) -> Entrant | None:
    return session.exec(
        select(Entrant).where(Entrant.event_id == event_id, Entrant.number == number)
    ).first()


def _records(
    session: Session, event_id: str, rows: Sequence[_EntrantColumns]
) -> list[EntrantRecord]:
    if not rows:
        return []
    ids = [row.id for row in rows]
    one = len(ids) == 1
    players: dict[int, list[str]] = defaultdict(list)
    whose = "entrant_id = ?" if one else "event_id = ?"
    for entrant_id, name in plain_rows(
        session,
        f"SELECT entrant_id, name FROM player WHERE {whose} ORDER BY entrant_id, position",
        (ids[0] if one else event_id,),
    ):
        players[entrant_id].append(name)
    money = ledger.entrant_money(session, event_id, ids[0] if one else None)
    return [
        EntrantRecord(
            id=row.id,
            number=row.number,
            name=row.name,
            status=row.status,
            players=tuple(players.get(row.id, ())),
            fees_cents=money.get(row.id, NO_MONEY).fees_cents,
            refunds_cents=money.get(row.id, NO_MONEY).refunds_cents,
            created_at=row.created_at,
        )
        for row in rows
        if row.id is not None
    ]
