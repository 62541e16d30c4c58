"""Entrants, their players and their money, between table rows and frozen values.

The registration services work in one transaction (a ``Session``) and see
only the frozen records below; the SQLModel rows stay here. What an entrant
has paid is never stored: it is read from the ledger every time (``fee``
rows minus ``refund`` rows for that entrant).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from clubdesk.store.models import Draw, DrawAssignment, Entrant, Event, LedgerEntry, Player


@dataclass(frozen=True)
class EventSource:
    """What registration needs to know about an event: its rules snapshot and settings."""

    id: str
    name: str
    rules_id: str
    rules_text: str
    settings: dict[str, Any]


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


@dataclass(frozen=True)
class DrawRecord:
    id: int
    method: str
    made_at: dt.datetime


def event_source(session: Session, event_id: str) -> EventSource | None:
    row = session.get(Event, event_id)
    if row is None:
        return None
    return EventSource(row.id, row.name, row.rules_id, row.rules_text, dict(row.settings))


def current_draw(session: Session, event_id: str) -> DrawRecord | None:
    """The event's draw that stands (not superseded), if one has been made."""
    row = session.exec(
        select(Draw).where(Draw.event_id == event_id, col(Draw.superseded).is_(False))
    ).first()
    if row is None or row.id is None:
        return None
    return DrawRecord(row.id, row.method, row.made_at)


def drawn_entrant_ids(session: Session, draw_id: int) -> set[int]:
    """The entrants a draw placed (by entrant id)."""
    return set(
        session.exec(
            select(DrawAssignment.entrant_id).where(DrawAssignment.draw_id == draw_id)
        ).all()
    )


def list_entrants(session: Session, event_id: str) -> list[EntrantRecord]:
    """Every entrant of the event, in number order, with players and money."""
    rows = session.exec(
        select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.number))
    ).all()
    return _records(session, event_id, rows)


def entrant_by_number(session: Session, event_id: str, number: int) -> EntrantRecord | None:
    row = _row(session, event_id, number)
    if row is None:
        return None
    [record] = _records(session, event_id, [row])
    return record


def numbers_in_use(session: Session, event_id: str) -> set[int]:
    return set(session.exec(select(Entrant.number).where(Entrant.event_id == event_id)).all())


@dataclass(frozen=True)
class NewEntrant:
    number: int
    name: str
    players: tuple[str, ...]
    paid_cents: int = 0  # written as one ``fee`` ledger row when not 0
    method: str | None = None
    note: str = ""


def add_entrants(
    session: Session, event_id: str, new: Sequence[NewEntrant], created_at: dt.datetime
) -> list[EntrantRecord]:
    """Add entrants with their players and fees (two flushes, however many)."""
    rows = [
        Entrant(event_id=event_id, number=item.number, name=item.name, created_at=created_at)
        for item in new
    ]
    session.add_all(rows)
    session.flush()
    records = []
    for row, item in zip(rows, new, strict=True):
        assert row.id is not None
        session.add_all(
            Player(event_id=event_id, entrant_id=row.id, position=position, name=player)
            for position, player in enumerate(item.players, start=1)
        )
        if item.paid_cents:
            session.add(
                LedgerEntry(
                    event_id=event_id,
                    kind="fee",
                    cents=item.paid_cents,
                    entrant_id=row.id,
                    method=item.method,
                    note=item.note,
                    at=created_at,
                )
            )
        records.append(
            EntrantRecord(
                row.id, item.number, item.name, row.status, item.players, item.paid_cents, 0,
                created_at,
            )
        )  # fmt: skip
    session.flush()
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


def add_ledger_entry(
    session: Session,
    event_id: str,
    *,
    kind: str,
    cents: int,
    entrant_id: int | None,
    method: str | None,
    note: str,
    at: dt.datetime,
) -> None:
    session.add(
        LedgerEntry(
            event_id=event_id,
            kind=kind,
            cents=cents,
            entrant_id=entrant_id,
            method=method,
            note=note,
            at=at,
        )
    )
    session.flush()


# --- rows to records -----------------------------------------------------------------------


def _row(session: Session, event_id: str, number: int) -> Entrant | None:
    return session.exec(
        select(Entrant).where(Entrant.event_id == event_id, Entrant.number == number)
    ).first()


def _records(session: Session, event_id: str, rows: Sequence[Entrant]) -> list[EntrantRecord]:
    if not rows:
        return []
    ids = [row.id for row in rows]
    one = len(ids) == 1
    players: dict[int, list[str]] = defaultdict(list)
    player_query = select(Player.entrant_id, Player.name).order_by(
        col(Player.entrant_id), col(Player.position)
    )
    player_query = (
        player_query.where(Player.entrant_id == ids[0])
        if one
        else player_query.where(Player.event_id == event_id)
    )
    for entrant_id, name in session.exec(player_query):
        players[entrant_id].append(name)
    money: dict[tuple[int, str], int] = {}
    money_query = (
        select(LedgerEntry.entrant_id, LedgerEntry.kind, func.sum(LedgerEntry.cents))
        .where(
            LedgerEntry.event_id == event_id,
            col(LedgerEntry.kind).in_(("fee", "refund")),
        )
        .group_by(col(LedgerEntry.entrant_id), col(LedgerEntry.kind))
    )
    money_query = (
        money_query.where(LedgerEntry.entrant_id == ids[0])
        if one
        else money_query.where(col(LedgerEntry.entrant_id).is_not(None))
    )
    for entrant_id, kind, cents in session.exec(money_query):
        money[(entrant_id, kind)] = int(cents or 0)
    return [
        EntrantRecord(
            id=row.id,
            number=row.number,
            name=row.name,
            status=row.status,
            players=tuple(players.get(row.id, ())),
            fees_cents=money.get((row.id, "fee"), 0),
            refunds_cents=money.get((row.id, "refund"), 0),
            created_at=row.created_at,
        )
        for row in rows
        if row.id is not None
    ]
