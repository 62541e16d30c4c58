"""Money rows: entry fees, refunds, fines, added money and expenses (``ledger_entry``).

Money is integer cents. What an entrant has paid is never stored: it is
read from these rows every time (``fee`` rows minus ``refund`` rows). A
fine collected is a ``fine`` row whose note is the fine's reference.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from sqlmodel import Session, col, select

from clubdesk.store.columns import time_text
from clubdesk.store.db import plain_cursor, plain_rows
from clubdesk.store.models import Entrant, LedgerEntry


@dataclass(frozen=True)
class NewLedgerEntry:
    """A money row to write: ``kind`` one of the domain's LEDGER_KINDS."""

    kind: str
    cents: int
    entrant_id: int | None
    method: str | None
    note: str
    at: dt.datetime


@dataclass(frozen=True)
class EntrantMoney:
    """What an entrant's rows add up to, by kind."""

    fees_cents: int = 0
    refunds_cents: int = 0


@dataclass(frozen=True)
class FineRow:
    """A collected fine: its note and the number of the entrant who paid it (if any)."""

    note: str
    entrant: int | None
    cents: int


def add_entry(session: Session, event_id: str, entry: NewLedgerEntry) -> None:
    """Write one money row."""
    add_entries(session, event_id, [entry])


def add_entries(session: Session, event_id: str, entries: Iterable[NewLedgerEntry]) -> None:
    """Write money rows in the session's transaction, after what it holds (plain SQL: a
    field's fees are many small rows)."""
    plain_cursor(session).executemany(
        "INSERT INTO ledger_entry (event_id, kind, cents, entrant_id, method, note, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (event_id, entry.kind, entry.cents, entry.entrant_id, entry.method, entry.note,
             time_text(entry.at))
            for entry in entries
        ],
    )  # fmt: skip


def entrant_money(
    session: Session, event_id: str, entrant_id: int | None = None
) -> dict[int, EntrantMoney]:
    """Fees and refunds per entrant id: one entrant's, or (None) every entrant's (plain
    rows, read with every listing of the field)."""
    whose, params = (
        ("entrant_id = ?", (event_id, entrant_id))
        if entrant_id is not None
        else ("entrant_id IS NOT NULL", (event_id,))
    )
    sums: dict[tuple[int, str], int] = {}
    for found_id, kind, cents in plain_rows(
        session,
        "SELECT entrant_id, kind, sum(cents) FROM ledger_entry "
        f"WHERE event_id = ? AND kind IN ('fee', 'refund') AND {whose} "
        "GROUP BY entrant_id, kind",
        params,
    ):
        sums[(found_id, kind)] = int(cents or 0)
    return {
        found_id: EntrantMoney(sums.get((found_id, "fee"), 0), sums.get((found_id, "refund"), 0))
        for found_id, _ in sums
    }


def fines(session: Session, event_id: str) -> list[FineRow]:
    """Every ``fine`` row of the event, in the order written."""
    rows = session.exec(
        select(LedgerEntry.note, Entrant.number, LedgerEntry.cents)
        .join(Entrant, col(Entrant.id) == col(LedgerEntry.entrant_id), isouter=True)
        .where(LedgerEntry.event_id == event_id, LedgerEntry.kind == "fine")
        .order_by(col(LedgerEntry.id))
    )
    return [FineRow(note, number, cents) for note, number, cents in rows]
