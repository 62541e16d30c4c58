"""Draws, rounds and seatings in the database: rows in, domain values out.

- A draw is a ``draw`` row and one ``draw_assignment`` row per entrant. The
  assignment's ``card`` says what was drawn, in words (``blue 3``, ``red 4``,
  ``table 2 seat 3``, ``lot 7``), so a draw reads back without its rules;
  ``table_number`` and ``seat`` say where it puts the entrant in round 1
  (cards: blue n = table n seat 1 (N/S), red n = station n seat 2 (E/W);
  chits: their table and seat; lots: lot 2k-1 and 2k at table k, seats 1
  and 2).
- A published round is a ``round`` row with one ``game`` per table, a
  ``game_seat`` per entrant (side a = seats 1 and 3, side b = seats 2 and 4;
  one entrant per side sits in seat 1 or 2) and a ``bye`` per entrant
  sitting out. A round is ``pending`` until it starts (``running``), then
  ``closed``.

Entrants are rows with ids; the domain knows them by number. Every function
here works inside the caller's session (one transaction) and never commits.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, select

from clubdesk.domain.seating.draw import Card, Chit, Draw, Drawn, Lot, Pick
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError
from clubdesk.store import roundclock
from clubdesk.store.entrants import entrant_ids, entrant_numbers
from clubdesk.store.models import (
    Adjustment,
    Bye,
    DrawAssignment,
    Game,
    GameSeat,
    Hand,
    Round,
    Signature,
)
from clubdesk.store.models import Draw as DrawRow

# --- draws ------------------------------------------------------------------------------------


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
    """The event's draw in force (None before the draw is made)."""
    row = _current_row(session, event_id)
    return None if row is None else _stored(session, row)


def draw_made(session: Session, event_id: str) -> DrawRecord | None:
    """The event's draw in force, without reading who drew what (None before the draw)."""
    row = _current_row(session, event_id)
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


def _current_row(session: Session, event_id: str) -> DrawRow | None:
    return session.exec(
        select(DrawRow).where(DrawRow.event_id == event_id, col(DrawRow.superseded).is_(False))
    ).first()


def draw_history(session: Session, event_id: str) -> list[StoredDraw]:
    """Every draw of the event, the first one first; redrawn ones are marked superseded."""
    rows = session.exec(
        select(DrawRow).where(DrawRow.event_id == event_id).order_by(col(DrawRow.id))
    )
    return [_stored(session, row) for row in rows]


def add_draw(session: Session, event_id: str, draw: Draw, made_at: dt.datetime) -> int:
    """Store a draw as the event's current one; returns its id.

    Any current draw must have been superseded first (the database allows one).
    """
    ids = entrant_ids(session, event_id)
    row = DrawRow(event_id=event_id, method=draw.method, seed=draw.seed, made_at=made_at)
    session.add(row)
    session.flush()
    for drawn in draw.drawn:
        if drawn.entrant not in ids:
            raise UserError(f"entrant {drawn.entrant} is not registered in this event")
        table, seat = _place(drawn.pick)
        session.add(
            DrawAssignment(
                draw_id=row.id,
                entrant_id=ids[drawn.entrant],
                table_number=table,
                seat=seat,
                card=_card_text(drawn.pick),
            )
        )
    session.flush()
    assert row.id is not None
    return row.id


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


def _stored(session: Session, row: DrawRow) -> StoredDraw:
    numbers = entrant_numbers(session, row.event_id)
    assignments = session.exec(select(DrawAssignment).where(DrawAssignment.draw_id == row.id))
    drawn = sorted(
        (Drawn(numbers[a.entrant_id], _pick(a.card)) for a in assignments),
        key=lambda d: d.entrant,
    )
    kinds = {_kind(d.pick) for d in drawn}
    if len(kinds) > 1:
        raise UserError(f"draw {row.id} mixes cards, chits and lots; make the draw again")
    kind = kinds.pop() if kinds else "cards"
    method = "physical" if row.method == "physical" else "random"
    return StoredDraw(
        id=row.id or 0,
        made_at=row.made_at,
        superseded=row.superseded,
        draw=Draw(kind, method, row.seed, tuple(drawn)),
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


# --- rounds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRecord:
    """A published round: its row id, number and status (the domain's ROUND_STATUSES)."""

    id: int
    number: int
    status: str


def find_round(session: Session, event_id: str, number: int) -> RoundRecord | None:
    """Round ``number``, if its seating is published."""
    row = round_row(session, event_id, number)
    return None if row is None else RoundRecord(row.id or 0, row.number, row.status)


def rounds_before(session: Session, event_id: str, number: int) -> list[RoundRecord]:
    """The published rounds before round ``number``, in order."""
    rows = session.exec(
        select(Round)
        .where(Round.event_id == event_id, Round.number < number)
        .order_by(col(Round.number))
    )
    return [RoundRecord(row.id or 0, row.number, row.status) for row in rows]


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
    rows = session.exec(
        select(Round.number).where(Round.event_id == event_id).order_by(col(Round.number))
    )
    return list(rows)


def round_started(session: Session, event_id: str, number: int) -> bool:
    """Has round ``number`` started: running or closed, its clock started, or a sheet in?"""
    row = round_row(session, event_id, number)
    if row is not None:
        if row.status != "pending":
            return True
        submitted = session.exec(
            select(Game.id).where(Game.round_id == row.id, col(Game.submitted_at).is_not(None))
        ).first()
        if submitted is not None:
            return True
    found = roundclock.clock_of(session, event_id, number)
    return found is not None and found.started


def load_seating(session: Session, event_id: str, number: int) -> RoundSeating | None:
    """Round ``number``'s seating as stored (None when it is not published)."""
    row = round_row(session, event_id, number)
    if row is None:
        return None
    numbers = entrant_numbers(session, event_id)
    games = session.exec(
        select(Game).where(Game.round_id == row.id).order_by(col(Game.table_number))
    ).all()
    tables = []
    for game in games:
        a, b = seated_sides(session, game.id or 0, numbers)
        tables.append(TableSeating(game.table_number, a, b))
    byes = session.exec(select(Bye.entrant_id).where(Bye.round_id == row.id)).all()
    return RoundSeating(number, tuple(tables), tuple(sorted(numbers[i] for i in byes)))


def seated_sides(
    session: Session, game_id: int, numbers: Mapping[int, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The entrant numbers on side a and side b of a game, in seat order."""
    seats = session.exec(
        select(GameSeat).where(GameSeat.game_id == game_id).order_by(col(GameSeat.seat))
    ).all()
    a = tuple(numbers[s.entrant_id] for s in seats if s.side == "a")
    b = tuple(numbers[s.entrant_id] for s in seats if s.side == "b")
    return a, b


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
    row = round_row(session, event_id, number)
    if row is None:
        return None
    tables = session.exec(
        select(Game.table_number)
        .where(Game.round_id == row.id, col(Game.submitted_at).is_(None))
        .order_by(col(Game.table_number))
    ).all()
    return list(tables)


def save_seating(session: Session, event_id: str, seating: RoundSeating) -> int:
    """Store a round's seating: the round (pending), a game per table, seats and byes.

    Returns the round's id. Side a takes seats 1 and 3, side b seats 2 and 4.
    """
    if round_row(session, event_id, seating.round) is not None:
        raise UserError(f"round {seating.round}'s seating is already published")
    ids = entrant_ids(session, event_id)
    row = Round(event_id=event_id, number=seating.round, status="pending")
    session.add(row)
    session.flush()
    for table in seating.tables:
        game = Game(round_id=row.id, table_number=table.table)
        session.add(game)
        session.flush()
        for side, members, seats in (("a", table.a, (1, 3)), ("b", table.b, (2, 4))):
            for entrant, seat in zip(members, seats, strict=False):
                session.add(
                    GameSeat(game_id=game.id, side=side, seat=seat, entrant_id=ids[entrant])
                )
    for entrant in seating.byes:
        session.add(Bye(round_id=row.id, entrant_id=ids[entrant]))
    session.flush()
    assert row.id is not None
    return row.id


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
