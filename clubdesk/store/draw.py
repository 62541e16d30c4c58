"""The draw in the database: rows in, domain values out.

A draw is a ``draw`` row and one ``draw_assignment`` row per entrant. The
assignment's ``card`` says what was drawn, in words (``blue 3``, ``red 4``,
``table 2 seat 3``, ``lot 7``), so a draw reads back without its rules;
``table_number`` and ``seat`` say where it puts the entrant in round 1
(cards: blue n = table n seat 1 (N/S), red n = station n seat 2 (E/W);
chits: their table and seat; lots: lot 2k-1 and 2k at table k, seats 1
and 2). A redraw marks the draw it replaces superseded and keeps it.

Entrants are rows with ids; the domain knows them by number. Every function
here works inside the caller's session (one transaction) and never commits.
The rounds seated from the draw are stored in ``seating.py``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.seating.draw import Card, Chit, Draw, Drawn, Lot, Pick
from clubdesk.errors import UserError
from clubdesk.store.columns import read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows
from clubdesk.store.entrants import entrant_ids, entrant_numbers
from clubdesk.store.models import Draw as DrawRow
from clubdesk.store.models import DrawAssignment


@dataclass(frozen=True)
class StoredDraw:
    """A draw as stored: its row id, when it was made, whether a redraw replaced it.

    ``draw.notes`` is empty: notes are worded from the rules when the draw is shown.
    """

    id: int
    made_at: dt.datetime
    superseded: bool
    draw: Draw


@dataclass(frozen=True)
class DrawRecord:
    """That a draw was made, and when: the draw without who drew what."""

    id: int
    method: str
    made_at: dt.datetime


def current_draw(session: Session, event_id: str) -> StoredDraw | None:
    """The event's draw in force (None before the draw is made). Read as plain rows, as
    the draw's other readings: the field's listing reads it after every change."""
    rows = plain_rows(
        session, f"SELECT {_DRAW_COLUMNS} FROM draw WHERE event_id = ? AND superseded = 0",
        (event_id,),
    )  # fmt: skip
    return _stored(session, *rows[0]) if rows else None


_DRAW_COLUMNS = "id, event_id, method, seed, made_at, superseded"  # as ``_stored`` takes them


def draw_made(session: Session, event_id: str) -> DrawRecord | None:
    """The event's draw in force, without reading who drew what (None before the draw)."""
    rows = plain_rows(
        session,
        "SELECT id, method, made_at FROM draw WHERE event_id = ? AND superseded = 0",
        (event_id,),
    )
    if not rows:
        return None
    id_, method, made_at = rows[0]
    return DrawRecord(id_, method, read_time(made_at))


def drawn_entrant_ids(session: Session, draw_id: int) -> set[int]:
    """The entrants a draw placed (by entrant id)."""
    rows = plain_rows(
        session, "SELECT entrant_id FROM draw_assignment WHERE draw_id = ?", (draw_id,)
    )
    return {entrant_id for (entrant_id,) in rows}


def draw_history(session: Session, event_id: str) -> list[StoredDraw]:
    """Every draw of the event, the first one first; redrawn ones are marked superseded."""
    rows = plain_rows(
        session, f"SELECT {_DRAW_COLUMNS} FROM draw WHERE event_id = ? ORDER BY id", (event_id,)
    )
    return [_stored(session, *row) for row in rows]


def add_draw(session: Session, event_id: str, draw: Draw, made_at: dt.datetime) -> int:
    """Store a draw as the event's current one; returns its id.

    Any current draw must have been superseded first (the database allows one).
    """
    ids = entrant_ids(session, event_id)
    unknown = [drawn.entrant for drawn in draw.drawn if drawn.entrant not in ids]
    if unknown:
        raise UserError(f"entrant {unknown[0]} is not registered in this event")
    cursor = plain_cursor(session)  # a field's places are many small rows: plain SQL
    cursor.execute(
        "INSERT INTO draw (event_id, method, seed, made_at, superseded) VALUES (?, ?, ?, ?, 0)",
        (event_id, draw.method, draw.seed, time_text(made_at)),
    )
    draw_id = cursor.lastrowid
    assert draw_id is not None
    cursor.executemany(
        "INSERT INTO draw_assignment (draw_id, entrant_id, table_number, seat, card) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (draw_id, ids[drawn.entrant], *_place(drawn.pick), _card_text(drawn.pick))
            for drawn in draw.drawn
        ],
    )
    return draw_id


def add_to_draw(session: Session, event_id: str, draw_id: int, drawn: Drawn) -> None:
    """Give one more entrant a place in a draw already made (a late entry taking the place
    the draw has free)."""
    ids = entrant_ids(session, event_id)
    table, seat = _place(drawn.pick)
    session.add(
        DrawAssignment(
            draw_id=draw_id,
            entrant_id=ids[drawn.entrant],
            table_number=table,
            seat=seat,
            card=_card_text(drawn.pick),
        )
    )
    session.flush()


def supersede(session: Session, draw_id: int) -> None:
    """Mark a draw as replaced by a redraw; it stays in the database."""
    row = session.get(DrawRow, draw_id)
    if row is None:
        raise UserError(f"there is no draw {draw_id}")
    row.superseded = True
    session.add(row)
    session.flush()  # before the new draw: one current draw per event


def _stored(
    session: Session,
    id_: int,
    event_id: str,
    method: str,
    seed: int | None,
    made_at: str,
    superseded: int,
) -> StoredDraw:
    """A draw from its row's columns (``_DRAW_COLUMNS``) and who drew what."""
    numbers = entrant_numbers(session, event_id)
    assignments = plain_rows(
        session, "SELECT entrant_id, card FROM draw_assignment WHERE draw_id = ?", (id_,)
    )
    drawn = sorted(
        (Drawn(numbers[entrant_id], _pick(card)) for entrant_id, card in assignments),
        key=lambda d: d.entrant,
    )
    kinds = {_kind(d.pick) for d in drawn}
    if len(kinds) > 1:
        raise UserError(f"draw {id_} mixes cards, chits and lots; make the draw again")
    kind = kinds.pop() if kinds else "cards"
    return StoredDraw(
        id=id_,
        made_at=read_time(made_at),
        superseded=bool(superseded),
        draw=Draw(kind, "physical" if method == "physical" else "random", seed, tuple(drawn)),
    )


def _place(pick: Pick) -> tuple[int, int]:
    """Where a pick puts its holder in round 1: table (or station) and seat."""
    if isinstance(pick, Card):
        return pick.number, 1 if pick.colour == "blue" else 2
    if isinstance(pick, Chit):
        return pick.table, pick.seat
    return (pick.number + 1) // 2, 2 - pick.number % 2


def _card_text(pick: Pick) -> str:
    if isinstance(pick, Chit):
        return f"table {pick.table} seat {pick.seat}"
    return str(pick)  # "blue 3", "red 4", "lot 7"


_CHIT = re.compile(r"^table (\d+),? seat (\d+)$")
_LOT = re.compile(r"^lot (\d+)$")


def _pick(text: str) -> Pick:
    chit = _CHIT.match(text)
    if chit:
        return Chit(int(chit.group(1)), int(chit.group(2)))
    lot = _LOT.match(text)
    if lot:
        return Lot(int(lot.group(1)))
    return Card.parse(text)


def _kind(pick: Pick) -> str:
    if isinstance(pick, Card):
        return "cards"
    return "chits" if isinstance(pick, Chit) else "random"
