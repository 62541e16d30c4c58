"""A whole event between the domain's ``Event`` and the database rows, both ways.

``save_event`` writes every fact of an event file; ``load_event`` reads them
back so that ``event_to_json(load_event(...))`` gives the same file again.
Every function works inside the caller's session (one transaction) and
never commits.

How the event file's facts are stored:

- The event row keeps the rules file's text as its snapshot and the file's
  ``settings`` as given. Entrants, players, rounds, games, seats, hands,
  adjustments, signatures, byes, tie-breaks and ledger rows are written in
  the file's order, and read back in the order they were written (row ids).
- Money has one source of truth, the ledger. An entrant's ``paid_cents`` is
  the sum of its ``fee`` rows. Where the file lists no fee row for an entrant
  that paid, one fee row is written for its ``paid_cents`` and marked
  ``from_paid_cents``; export folds it back into ``paid_cents`` (unless the
  entrant has other fee rows: then every one is listed, so that they still
  add up to ``paid_cents``).
- A game is inserted unsubmitted, then its seats (side a: seats 1 and 3,
  side b: seats 2 and 4), hands, adjustments and signatures, and only then
  is ``submitted_at`` set, when the game has a result (a score or an award):
  the database locks a submitted sheet. The file does not say when a sheet
  was submitted: its latest signature's time is taken, else the time of
  the import. A game with no result stays unsubmitted.
- ``score_a``/``score_b`` (and ``winner``) hold the sheet's result as
  submitted, adjustments included, also when it came from the hands:
  standings read it without the hands. A game's amendments are ``amendment``
  rows beside it (``store.sheets``); games are read back through
  ``store.sheets.load_games``, which applies them in order and carries them
  on the game, so the file lists them as amendments again.
- A round's award, given by the director for a round with no game played, is its
  ``round_award`` row.
- A round is ``closed`` when every game has a result (and it seats someone),
  ``running`` when some have, ``pending`` otherwise. Every published round is
  written, played or not.
- The draw in force (how it was made, its seed, who drew what, when) is a
  ``draw`` row and its assignments (``store.draw``), written after the
  entrants; so an event imported mid-event seats its next round as it would
  have where it came from.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, insert, select, update
from sqlmodel import Session, SQLModel

from clubdesk.domain.event.model import (
    PRIZE_PAID,
    SIDES,
    Entrant,
    Event,
    Game,
    LedgerEntry,
    Round,
    RoundAward,
    Tiebreak,
)
from clubdesk.errors import UserError
from clubdesk.store import draw as draw_store
from clubdesk.store import models, sheets
from clubdesk.store.columns import read_time
from clubdesk.store.db import plain_rows


def _table(model: type[SQLModel]) -> Table:
    return model.__table__  # type: ignore[attr-defined]


_EVENT = _table(models.Event)
_ARCHIVE = _table(models.EventArchive)
_ENTRANT = _table(models.Entrant)
_PLAYER = _table(models.Player)
_ROUND = _table(models.Round)
_GAME = _table(models.Game)
_SEAT = _table(models.GameSeat)
_BYE = _table(models.Bye)
_ROUND_AWARD = _table(models.RoundAward)
_HAND = _table(models.Hand)
_ADJUSTMENT = _table(models.Adjustment)
_SIGNATURE = _table(models.Signature)
_AMENDMENT = _table(models.Amendment)
_TIEBREAK = _table(models.Tiebreak)
_LEDGER = _table(models.LedgerEntry)

SEATS = {"a": (1, 3), "b": (2, 4)}
EVENT_ID_MAX = 60


@dataclass(frozen=True)
class SavedEvent:
    """What ``save_event`` wrote: the event's id and how many of each kind of row."""

    event_id: str
    entrants: int
    rounds: int
    games: int
    hands: int
    ledger_rows: int


# --- which events: the event row is read and archived by store/events.py -------------------


# --- writing --------------------------------------------------------------------------------


def save_event(
    session: Session, event: Event, *, rules_id: str, rules_text: str, at: dt.datetime
) -> SavedEvent:
    """Write every fact of ``event`` as new rows (its id must be free); ``at`` is now."""
    if event.date is None:
        raise UserError("date: the event has no date")
    conn = session.connection()
    conn.execute(
        insert(_EVENT).values(
            id=event.id,
            name=event.name,
            date=event.date,
            venue=event.venue,
            rules_id=rules_id,
            rules_text=rules_text,
            settings=dict(event.settings),
            created_at=at,
        )
    )
    rows = _NewRows(conn)
    entrant_ids: dict[int, int] = {}
    member_ids = _member_ids(session, event)
    for entrant in event.entrants:
        entrant_id = rows.add(
            _ENTRANT,
            event_id=event.id,
            number=entrant.number,
            name=entrant.name,
            status=entrant.status,
            created_at=at,
        )
        entrant_ids[entrant.number] = entrant_id
        members = (*entrant.members, *[None] * (len(entrant.players) - len(entrant.members)))
        for position, (name, member) in enumerate(zip(entrant.players, members, strict=True), 1):
            rows.add(_PLAYER, event_id=event.id, entrant_id=entrant_id, position=position,
                     name=name, member_id=member_ids.get(member))  # fmt: skip

    submitted: list[dict[str, Any]] = []
    started: list[dict[str, Any]] = []
    for round_ in event.rounds:
        round_id = rows.add(_ROUND, event_id=event.id, number=round_.number, status="pending")
        if _round_status(round_) != "pending":  # once its byes are in: they stand from then
            started.append({"row": round_id, "value": _round_status(round_)})
        if round_.award is not None:
            award = round_.award
            rows.add(_ROUND_AWARD, round_id=round_id, points=award.points,
                     director=award.director, at=award.at)  # fmt: skip
        for game in round_.games:
            game_id = rows.add(_GAME, round_id=round_id, **_game_values(game))
            for side in SIDES:
                for entrant, seat in zip(game.side(side), SEATS[side], strict=False):
                    rows.add(
                        _SEAT,
                        game_id=game_id,
                        side=side,
                        seat=seat,
                        entrant_id=entrant_ids[entrant],
                    )
            for number, hand in enumerate(game.hands, start=1):
                rows.add(_HAND, game_id=game_id, number=number, data=hand)
            for adj in game.adjustments:
                rows.add(
                    _ADJUSTMENT,
                    game_id=game_id,
                    side=adj.side,
                    points=adj.points,
                    reason=adj.reason,
                )
            for sig in game.signatures:
                rows.add(
                    _SIGNATURE,
                    game_id=game_id,
                    role=sig.role,
                    name=sig.name,
                    at=sig.at,
                    strokes=sheets.strokes_text(sig.strokes),
                )
            for amendment in game.amendments:
                rows.add(
                    _AMENDMENT,
                    game_id=game_id,
                    what=sheets.RESULT,
                    old_value=sheets.result_json(amendment.before),
                    new_value=sheets.result_json(amendment.after),
                    who=amendment.director,
                    why=amendment.reason,
                    at=amendment.at,
                    strokes=sheets.strokes_text(amendment.strokes),
                )
            if game.decided:
                signed = [sig.at for sig in game.signatures]
                submitted.append({"row": game_id, "value": max(signed) if signed else at})
        for number in round_.byes:
            rows.add(_BYE, round_id=round_id, entrant_id=entrant_ids[number])
        for tiebreak in round_.tiebreaks:
            rows.add(
                _TIEBREAK,
                round_id=round_id,
                entrant_a_id=entrant_ids[tiebreak.a],
                entrant_b_id=entrant_ids[tiebreak.b],
                winner=tiebreak.winner,
                hands=list(tiebreak.hands),
            )

    itemized = {e.entrant for e in event.ledger if e.kind == "fee" and e.entrant is not None}
    for entrant in event.entrants:
        if entrant.paid_cents and entrant.number not in itemized:
            fee = LedgerEntry("fee", entrant.paid_cents, entrant.number, "entry fee")
            rows.add(_LEDGER, **_ledger_values(event.id, fee, entrant_ids, from_paid_cents=True))
    for entry in event.ledger:
        rows.add(_LEDGER, **_ledger_values(event.id, entry, entrant_ids, from_paid_cents=False))

    rows.insert()
    _set_by_id(conn, _ROUND, "status", started)
    if event.draw is not None:
        draw_store.add_draw(session, event.id, event.draw, event.draw_made_at or at)
    _set_by_id(conn, _GAME, "submitted_at", submitted)  # last: a submitted sheet is locked
    return SavedEvent(
        event_id=event.id,
        entrants=rows.count(_ENTRANT),
        rounds=rows.count(_ROUND),
        games=rows.count(_GAME),
        hands=rows.count(_HAND),
        ledger_rows=rows.count(_LEDGER),
    )


def _member_ids(session: Session, event: Event) -> dict[int | None, int]:
    """The member rows of the member numbers the entrants' players carry; a number that is no
    member in this database is refused naming its entrant."""
    wanted = {n for entrant in event.entrants for n in entrant.members if n is not None}
    if not wanted:
        return {}
    marks = ", ".join("?" * len(wanted))
    found = dict(
        plain_rows(
            session, f"SELECT number, id FROM member WHERE number IN ({marks})", tuple(wanted)
        )  # fmt: skip
    )
    for index, entrant in enumerate(event.entrants):
        for position, number in enumerate(entrant.members):
            if number is not None and number not in found:
                raise UserError(
                    f"entrants[{index}] (number {entrant.number}): members[{position}]: no "
                    f"member is numbered {number} in this database (clubdesk members import "
                    "adds them)",
                    field=f"entrants[{index}].members[{position}]",
                )
    return found


def _set_by_id(conn: Connection, table: Table, column: str, rows: list[dict[str, Any]]) -> None:
    """Set ``column`` of each row given as ``{"row": id, "value": value}``."""
    if rows:
        where = table.c.id == bindparam("row")
        conn.execute(update(table).where(where).values({column: bindparam("value")}), rows)


class _NewRows:
    """New rows by table, each given its id here: after the highest id in its table.

    The session holds the database's write lock, so nobody adds rows meanwhile.
    ``insert`` writes them parents first, one statement per table.
    """

    ORDER = (
        _ENTRANT, _PLAYER, _ROUND, _ROUND_AWARD, _GAME, _SEAT, _HAND, _ADJUSTMENT, _SIGNATURE,
        _AMENDMENT, _BYE, _TIEBREAK, _LEDGER,
    )  # fmt: skip

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._last: dict[str, int] = {}
        self._rows: dict[str, list[dict[str, Any]]] = defaultdict(list)

    def add(self, table: Table, **values: Any) -> int:
        if table.name not in self._last:
            self._last[table.name] = self._conn.execute(select(func.max(table.c.id))).scalar() or 0
        self._last[table.name] += 1
        self._rows[table.name].append({"id": self._last[table.name], **values})
        return self._last[table.name]

    def count(self, table: Table) -> int:
        return len(self._rows[table.name])

    def insert(self) -> None:
        for table in self.ORDER:
            if self._rows[table.name]:
                self._conn.execute(insert(table), self._rows[table.name])


def _round_status(round_: Round) -> str:
    if round_.complete:
        return "closed"
    return "running" if any(game.decided for game in round_.games) else "pending"


def _game_values(game: Game) -> dict[str, Any]:
    """The game's row: the result as submitted (its amendments are rows of their own)."""
    submitted = game.submitted_result
    return {
        "table_number": game.table,
        "score_a": None if submitted is None else submitted.score.a,
        "score_b": None if submitted is None else submitted.score.b,
        "award_kind": None if game.award is None else game.award.kind,
        "award_against": None if game.award is None else game.award.against,
        "winner": None if submitted is None else submitted.winner,
        "submitted_at": None,
        "time_called": game.time_called,
    }


def _ledger_values(
    event_id: str,
    entry: LedgerEntry,
    entrant_ids: dict[int, int],
    *,
    from_paid_cents: bool,
) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "kind": entry.kind,
        "cents": entry.cents,
        "entrant_id": None if entry.entrant is None else entrant_ids[entry.entrant],
        "method": entry.method,
        "note": entry.note,
        "at": entry.at,
        "from_paid_cents": from_paid_cents,
    }


# --- reading --------------------------------------------------------------------------------


# The many rows that standings read, as plain SQL run on the driver's connection (in the
# session's transaction): building SQLAlchemy's row objects would take longer than the query.
_ENTRANTS_SQL = "SELECT id, number, name, status FROM entrant WHERE event_id = ? ORDER BY id"
_PLAYERS_SQL = (
    "SELECT player.entrant_id, player.name, member.number FROM player "
    "LEFT JOIN member ON member.id = player.member_id "
    "WHERE player.event_id = ? ORDER BY player.entrant_id, player.position"
)
_ROUNDS_SQL = "SELECT id, number, status FROM round WHERE event_id = ? ORDER BY number"
_IN_EVENT = "SELECT id FROM round WHERE event_id = ?"
_BYES_SQL = f"SELECT round_id, entrant_id FROM bye WHERE round_id IN ({_IN_EVENT}) ORDER BY id"
_AWARDS_SQL = (
    f"SELECT round_id, points, director, at FROM round_award WHERE round_id IN ({_IN_EVENT})"
)


def load_event(session: Session, event_id: str, *, results_only: bool = False) -> Event:
    """The event as stored, every fact of it in the order it was written.

    ``results_only`` leaves out what a sheet says beyond its result (hands,
    adjustments, signatures, a tie-break's hands): the stored scores are
    enough for standings and payouts.
    """
    conn = session.connection()
    event_row = conn.execute(
        select(
            _EVENT.c.name, _EVENT.c.date, _EVENT.c.venue, _EVENT.c.rules_id, _EVENT.c.settings
        ).where(_EVENT.c.id == event_id)
    ).first()
    if event_row is None:
        raise UserError(f"event: there is no event with id {event_id!r}")

    entrant_rows = plain_rows(session, _ENTRANTS_SQL, (event_id,))
    numbers = {entrant_id: number for entrant_id, number, _, _ in entrant_rows}
    players: dict[int, list[str]] = defaultdict(list)
    members: dict[int, list[int | None]] = defaultdict(list)
    for entrant_id, name, member in plain_rows(session, _PLAYERS_SQL, (event_id,)):
        players[entrant_id].append(name)
        members[entrant_id].append(member)
    ledger, paid = _ledger(conn, event_id, numbers)
    entrants = tuple(
        Entrant(number, name, tuple(players[entrant_id]), paid.get(number, 0), status,
                members=tuple(members[entrant_id]) if any(members[entrant_id]) else ())
        for entrant_id, number, name, status in entrant_rows
    )  # fmt: skip
    draw = None if results_only else draw_store.current_draw(session, event_id)
    return Event(
        id=event_id,
        name=event_row.name,
        rules=event_row.rules_id,
        date=event_row.date,
        venue=event_row.venue,
        settings=dict(event_row.settings),
        entrants=entrants,
        rounds=_rounds(session, event_id, numbers, results_only),
        ledger=ledger,
        draw=None if draw is None else replace(draw.draw, notes=()),
        draw_made_at=None if draw is None else draw.made_at,
    )


def _ledger(
    conn: Connection, event_id: str, numbers: dict[int, int]
) -> tuple[tuple[LedgerEntry, ...], dict[int, int]]:
    """The ledger as the event file lists it, and every entrant's paid_cents."""
    rows = conn.execute(
        select(
            _LEDGER.c.kind,
            _LEDGER.c.cents,
            _LEDGER.c.entrant_id,
            _LEDGER.c.note,
            _LEDGER.c.method,
            _LEDGER.c.at,
            _LEDGER.c.from_paid_cents,
        )
        .where(_LEDGER.c.event_id == event_id, _LEDGER.c.kind != PRIZE_PAID)
        .order_by(_LEDGER.c.id)
    ).all()  # a prize paid is the database's own record, not the event file's
    paid: dict[int, int] = defaultdict(int)
    listed_fees: set[int] = set()  # entrants with a fee row the file lists
    for row in rows:
        if row.kind == "fee" and row.entrant_id is not None:
            paid[numbers[row.entrant_id]] += row.cents
            if not row.from_paid_cents:
                listed_fees.add(row.entrant_id)
    ledger = tuple(
        LedgerEntry(
            kind=row.kind,
            cents=row.cents,
            entrant=None if row.entrant_id is None else numbers[row.entrant_id],
            note=row.note,
            method=row.method,
            at=row.at,
        )
        for row in rows
        if not row.from_paid_cents or row.entrant_id in listed_fees
    )
    return ledger, dict(paid)


def _rounds(
    session: Session, event_id: str, numbers: dict[int, int], results_only: bool
) -> tuple[Round, ...]:
    conn = session.connection()
    in_event = select(_ROUND.c.id).where(_ROUND.c.event_id == event_id)
    round_rows = plain_rows(session, _ROUNDS_SQL, (event_id,))
    byes: dict[int, list[int]] = defaultdict(list)
    for round_id, entrant_id in plain_rows(session, _BYES_SQL, (event_id,)):
        byes[round_id].append(numbers[entrant_id])
    tiebreaks: dict[int, list[Tiebreak]] = defaultdict(list)
    hands_column = [] if results_only else [_TIEBREAK.c.hands]
    for round_id, a_id, b_id, winner, *hands in conn.execute(
        select(
            _TIEBREAK.c.round_id,
            _TIEBREAK.c.entrant_a_id,
            _TIEBREAK.c.entrant_b_id,
            _TIEBREAK.c.winner,
            *hands_column,
        )
        .where(_TIEBREAK.c.round_id.in_(in_event))
        .order_by(_TIEBREAK.c.id)
    ).all():
        played = tuple(hands[0]) if hands else ()
        tiebreaks[round_id].append(Tiebreak(numbers[a_id], numbers[b_id], winner, played))
    awards = {
        round_id: RoundAward(points, director, read_time(at))
        for round_id, points, director, at in plain_rows(session, _AWARDS_SQL, (event_id,))
    }
    games: dict[int, list[Game]] = defaultdict(list)
    for stored in sheets.load_games(session, event_id, numbers, details=not results_only):
        games[stored.round_id].append(stored.game)
    return tuple(
        Round(
            number,
            tuple(games[round_id]),
            tuple(byes[round_id]),
            tuple(tiebreaks[round_id]),
            closed=status == "closed" and not all(g.decided for g in games[round_id]),
            award=awards.get(round_id),
        )
        for round_id, number, status in round_rows
    )
