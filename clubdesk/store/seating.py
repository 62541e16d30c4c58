"""Rounds and their seating in the database: rows in, domain values out.

A published round is a ``round`` row with one ``game`` per table, a
``game_seat`` per entrant (side a = seats 1 and 3, side b = seats 2 and 4;
one entrant per side sits in seat 1 or 2) and a ``bye`` per entrant
sitting out. A round is ``pending`` until it starts (``running``), then
``closed``. The draw the first round is seated from is stored in ``draw.py``.

Entrants are rows with ids; the domain knows them by number. Every function
here works inside the caller's session (one transaction) and never commits.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError
from clubdesk.store import roundclock
from clubdesk.store.db import plain_cursor, plain_rows
from clubdesk.store.entrants import entrant_ids, entrant_numbers
from clubdesk.store.models import (
    Adjustment,
    Bye,
    Game,
    GameSeat,
    Hand,
    Round,
    Signature,
)


@dataclass(frozen=True)
class RoundRecord:
    """A published round: its row id, number and status (the domain's ROUND_STATUSES)."""

    id: int
    number: int
    status: str


def find_round(session: Session, event_id: str, number: int) -> RoundRecord | None:
    """Round ``number``, if its seating is published."""
    rows = plain_rows(
        session,
        "SELECT id, number, status FROM round WHERE event_id = ? AND number = ?",
        (event_id, number),
    )
    return RoundRecord(*rows[0]) if rows else None


def rounds_before(session: Session, event_id: str, number: int) -> list[RoundRecord]:
    """The published rounds before round ``number``, in order."""
    rows = plain_rows(
        session,
        "SELECT id, number, status FROM round WHERE event_id = ? AND number < ? ORDER BY number",
        (event_id, number),
    )
    return [RoundRecord(*row) for row in rows]


def set_round_status(session: Session, round_id: int, status: str) -> None:
    """A round moves on: ``pending`` to ``running`` to ``closed``."""
    row = session.get(Round, round_id)
    if row is None:
        raise LookupError(round_id)
    row.status = status
    session.add(row)
    session.flush()


def round_row(session: Session, event_id: str, number: int) -> Round | None:
    """Round ``number``'s table row, if its seating is published (for the sheets' store)."""
    return session.exec(
        select(Round).where(Round.event_id == event_id, Round.number == number)
    ).first()


def published_rounds(session: Session, event_id: str) -> list[int]:
    """The numbers of the rounds whose seating is stored, in order."""
    sql = "SELECT number FROM round WHERE event_id = ? ORDER BY number"
    return [number for (number,) in plain_rows(session, sql, (event_id,))]


def round_started(session: Session, event_id: str, number: int) -> bool:
    """Has round ``number`` started: running or closed, its clock started, or a sheet in?"""
    row = find_round(session, event_id, number)
    if row is not None:
        if row.status != "pending":
            return True
        submitted = plain_rows(
            session,
            "SELECT 1 FROM game WHERE round_id = ? AND submitted_at IS NOT NULL LIMIT 1",
            (row.id,),
        )
        if submitted:
            return True
    found = roundclock.clock_of(session, event_id, number)
    return found is not None and found.started


def load_seating(session: Session, event_id: str, number: int) -> RoundSeating | None:
    """Round ``number``'s seating as stored (None when it is not published). Every table's
    seats are read in one query (a round of 256 tables read table by table took 0.1 s),
    all as plain rows."""
    row = find_round(session, event_id, number)
    if row is None:
        return None
    numbers = entrant_numbers(session, event_id)
    sides: dict[int, dict[str, list[int]]] = {
        table: {"a": [], "b": []}
        for (table,) in plain_rows(
            session,
            "SELECT table_number FROM game WHERE round_id = ? ORDER BY table_number",
            (row.id,),
        )
    }
    for table, side, entrant_id in plain_rows(
        session,
        "SELECT game.table_number, game_seat.side, game_seat.entrant_id FROM game_seat "
        "JOIN game ON game.id = game_seat.game_id WHERE game.round_id = ? "
        "ORDER BY game.table_number, game_seat.seat",
        (row.id,),
    ):
        sides[table][side].append(numbers[entrant_id])
    tables = tuple(
        TableSeating(table, tuple(seated["a"]), tuple(seated["b"]))
        for table, seated in sides.items()
    )
    byes = plain_rows(session, "SELECT entrant_id FROM bye WHERE round_id = ?", (row.id,))
    return RoundSeating(number, tables, tuple(sorted(numbers[i] for (i,) in byes)))


def byes_by_round(session: Session, event_id: str) -> dict[int, tuple[int, ...]]:
    """Every published round's byes by round number (entrant numbers, in number order)."""
    numbers = entrant_numbers(session, event_id)
    rows = session.exec(
        select(Round.number, Bye.entrant_id)
        .join(Bye, col(Bye.round_id) == col(Round.id))
        .where(Round.event_id == event_id)
    ).all()
    found: dict[int, list[int]] = {n: [] for n in published_rounds(session, event_id)}
    for number, entrant_id in rows:
        found[number].append(numbers[entrant_id])
    return {number: tuple(sorted(byes)) for number, byes in found.items()}


def unsubmitted_tables(session: Session, event_id: str, number: int) -> list[int] | None:
    """The tables of round ``number`` whose sheet is not in (None: the round is not published)."""
    row = find_round(session, event_id, number)
    if row is None:
        return None
    sql = "SELECT table_number FROM game WHERE round_id = ? AND submitted_at IS NULL"
    return [table for (table,) in plain_rows(session, f"{sql} ORDER BY table_number", (row.id,))]


def save_seating(session: Session, event_id: str, seating: RoundSeating) -> int:
    """Store a round's seating: the round (pending), a game per table, seats and byes.

    Returns the round's id. Side a takes seats 1 and 3, side b seats 2 and 4.
    """
    if find_round(session, event_id, seating.round) is not None:
        raise UserError(f"round {seating.round}'s seating is already published")
    ids = entrant_ids(session, event_id)
    cursor = plain_cursor(session)  # a game's id is needed for its seats: one flush a table
    cursor.execute(  # through the ORM took most of publishing a round
        "INSERT INTO round (event_id, number, status) VALUES (?, ?, 'pending')",
        (event_id, seating.round),
    )
    round_id = cursor.lastrowid
    seats = []
    for table in seating.tables:
        cursor.execute(
            "INSERT INTO game (round_id, table_number, time_called) VALUES (?, ?, 0)",
            (round_id, table.table),
        )
        for side, members, numbers in (("a", table.a, (1, 3)), ("b", table.b, (2, 4))):
            for entrant, seat in zip(members, numbers, strict=False):
                seats.append((cursor.lastrowid, side, seat, ids[entrant]))
    cursor.executemany(
        "INSERT INTO game_seat (game_id, side, seat, entrant_id) VALUES (?, ?, ?, ?)", seats
    )
    cursor.executemany(
        "INSERT INTO bye (round_id, entrant_id) VALUES (?, ?)",
        [(round_id, ids[entrant]) for entrant in seating.byes],
    )
    assert round_id is not None
    return round_id


def unpublish_pending(session: Session, event_id: str) -> list[int]:
    """Remove the stored seating of rounds not started yet (a redraw before round 1).

    Refuses when any of their sheets has anything written on it. Returns the
    round numbers removed.
    """
    rounds = session.exec(
        select(Round).where(Round.event_id == event_id).order_by(col(Round.number))
    ).all()
    for row in rounds:
        _remove_round(session, row)
    session.flush()
    return [row.number for row in rounds]


def unpublish_round(session: Session, event_id: str, number: int) -> bool:
    """Remove round ``number``'s stored seating while it has not started (a round closed
    again: the next round of a progressive movement is seated anew). False: not published.

    Refuses when the round has started or any of its sheets has anything written on it.
    """
    row = round_row(session, event_id, number)
    if row is None:
        return False
    _remove_round(session, row)
    session.flush()
    return True


def _remove_round(session: Session, row: Round) -> None:
    if row.status != "pending":
        raise UserError(f"round {row.number} has started; its seating cannot change")
    games = session.exec(select(Game).where(Game.round_id == row.id)).all()
    for game in games:
        written = any(
            session.exec(select(kind.id).where(kind.game_id == game.id)).first() is not None
            for kind in (Hand, Signature, Adjustment)
        )
        if written or game.submitted_at is not None or game.score_a is not None:
            raise UserError(
                f"round {row.number}, table {game.table_number} has a score sheet "
                "started; its seating cannot change"
            )
    for game in games:
        for seat in session.exec(select(GameSeat).where(GameSeat.game_id == game.id)):
            session.delete(seat)
    for bye in session.exec(select(Bye).where(Bye.round_id == row.id)):
        session.delete(bye)
    session.flush()
    for game in games:
        session.delete(game)
    session.flush()
    session.delete(row)
