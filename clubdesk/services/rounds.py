"""Rounds: start one (its clock starts), close one, and undo a close.

Starting a round is starting its clock (``services/roundclock.py``): the round
before it must have ended, not closed, since the clock never waits for
paperwork.

The clock's state is stored, so a restart picks it up where real time says
it is (docs/architecture.md, "Facts and results").

A round closes when every table's sheet is in, or when the director closes
it with tables missing after naming exactly which (``missing_ok``). Where
the next round's seating depends on this round's results (a progressive
movement: winners stay, winners down; gin's final after the cut round; bid
whist's playoff rounds after the last preliminary round and after each
playoff round: ``seating.follows_from``), closing publishes it in the same
transaction, ready for the projector; when it cannot be made yet (a table
missing, a tie at the cut line) the close says why, and after the final it
says who won. A close can be undone (``reopen_round``) until the next round
starts: the round runs again, a next seating the close published is taken
back, and the round's clock keeps its end.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.roundclock.state import ClockFact, ClockStatus
from clubdesk.domain.rounds import STORED_STATES, RoundLine, RoundsStatus
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import Change, changes_field, with_changes
from clubdesk.services.common import Command, event_and_rules
from clubdesk.services.playoffs import PlayoffsOver, round_titles
from clubdesk.services.round_checks import check_winners_in
from clubdesk.services.seating import follows_from, publish_in, seating
from clubdesk.store import events
from clubdesk.store import roundclock as clock_store
from clubdesk.store import seating as store
from clubdesk.store import sheets as sheets_store
from clubdesk.store.db import Database
from clubdesk.store.seating import RoundRecord
from clubdesk.timesource import TimeSource


@dataclass(frozen=True)
class RoundChanged:
    """A round started: its clock's start, and the clock's status just after it (None where
    rounds have no clock)."""

    event_id: str
    round_number: int
    status: str
    at: dt.datetime
    fact: ClockFact
    clock: ClockStatus | None
    changes: Change = changes_field()  # what the command that made it changed


def status(db: Database, event_id: str) -> RoundsStatus:
    """Every round of the event: its state, tables and sheets in, when it started and
    ended; and whether rounds have a clock (docs/cli.md, ``round status``)."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        total = clock_service.event_rounds(session, event_id, rules)
        titles = round_titles(session, event_id)
        started: dict[int, dt.datetime] = {}
        ended: dict[int, dt.datetime] = {}
        for fact in clock_store.facts(session, event_id):
            if fact.kind == "start":
                started[fact.round] = fact.at
            elif fact.kind == "end":
                ended[fact.round] = fact.at
        lines = []
        for number in range(1, total + 1):
            title = titles.get(number) or f"Round {number}"
            found = store.find_round(session, event_id, number)
            if found is None:
                lines.append(RoundLine(number, title, "pending"))
                continue
            sheets, tables = sheets_store.sheets_in(session, found.id)
            lines.append(
                RoundLine(number, title, STORED_STATES[found.status], tables, sheets,
                          started.get(number), ended.get(number))
            )  # fmt: skip
    return RoundsStatus(event_id, rules.schedule.timed, tuple(lines),
                        _waits(db, event_id, rules, lines))  # fmt: skip


def _waits(db: Database, event_id: str, rules: Rules, lines: list[RoundLine]) -> str:
    """Why the round after the last one closed cannot be seated yet, where it is seated from
    that round's results (a tie at the cut to break first); "" when it can be."""
    following = next((r for r in lines if r.state == "pending"), None)
    if following is None or following.number == 1:
        return ""
    before = lines[following.number - 2]
    if before.state != "closed" or not follows_from(rules, before.number):
        return ""
    try:
        seating(db, event_id, following.number)
    except PlayoffsOver:
        return ""
    except UserError as exc:
        return exc.reason
    return ""


@clock_service.in_range
def start_round(
    db: Database,
    event_id: str,
    round_number: int,
    clock: TimeSource,
    *,
    at: dt.datetime | None = None,
    actor: str = "director",
) -> RoundChanged:
    """Start a round: it is running, and its clock starts where rounds have one, now or
    ``at`` (the round before has ended, its sheets may still be coming in; without a
    clock, the round before is closed). A round not published yet is published first when
    its seating can be made (round 1 from the draw, a stationary movement's next round), in
    the same transaction. The one way a round starts: the window, ``clubdesk round start``,
    ``clubdesk clock start`` and the demo all call it."""
    with db.session() as session:
        events.get_event(session, event_id)  # the event exists
        now = clock_service.given_reading(session, event_id, clock, at)
        fact, published = clock_service.start_in(session, event_id, round_number, now,
                                                 actor=actor)  # fmt: skip
        _, rules = event_and_rules(session, event_id)
        after = clock_service.status_at(session, event_id, now) if rules.schedule.timed else None
    started = RoundChanged(event_id, round_number, "running", now.at, fact, after)
    return with_changes(started, Change.CLOCK | (Change.SEATING if published else Change.NONE))


start_round.changes = Change.CLOCK | Change.SEATING  # type: ignore[attr-defined]


@dataclass(frozen=True)
class RoundClosed:
    """A round closed: the tables closed without a sheet, and the next round's seating
    when the close published it (else ``seating_note`` says why not, if it depends on
    this round)."""

    event_id: str
    round_number: int
    at: dt.datetime
    missing: tuple[int, ...] = ()
    next_seating: RoundSeating | None = None
    seating_note: str = ""
    changes: Change = changes_field()  # what the command that made it changed


def close_round(
    db: Database,
    event_id: str,
    round_number: int,
    clock: TimeSource,
    *,
    missing_ok: Sequence[int] = (),
    at: dt.datetime | None = None,
    actor: str = "director",
) -> RoundClosed:
    """Close a round once every table's sheet is in, or with the tables ``missing_ok``
    names still out (they must be exactly the tables missing); its clock ends if it is
    still running (every table finished early).

    Where the next round is seated from this one's results, its seating is published too.
    ``at``: when it closed, if not now.
    """
    named = sorted(set(missing_ok))
    with db.session() as session:
        now = clock_service.given_reading(session, event_id, clock, at)
        at = now.at
        found = round_record(session, event_id, round_number)
        if found.status == "closed":
            raise UserError(f"round: round {round_number} is already closed")
        missing = store.unsubmitted_tables(session, event_id, round_number) or []
        if named != missing:
            raise UserError(_missing_text(round_number, missing, named))
        check_winners_in(session, event_id, round_number)  # a level table the next needs
        store.set_round_status(session, found.id, "closed")
        clock_service.end_in(session, event_id, round_number, now, actor=actor)
        audit.record(session, at=at, actor=actor, action="round.close", event_id=event_id,
                     details={"round": round_number, "missing": missing})  # fmt: skip
        _, rules = event_and_rules(session, event_id)
        following = round_number + 1
        seats, note = None, ""
        if (
            follows_from(rules, round_number)
            and store.find_round(session, event_id, following) is None
        ):
            try:
                seats = publish_in(session, event_id, following, at, actor).seating
            except PlayoffsOver as over:
                note = over.plain
            except UserError as exc:
                note = f"round {following}'s seating cannot be made yet: {exc}"
    changes = Change.CLOCK | (Change.SEATING if seats is not None else Change.NONE)
    closed = RoundClosed(event_id, round_number, at, tuple(missing), seats, note)
    return with_changes(closed, changes)


close_round.changes = Change.CLOCK | Change.SEATING  # type: ignore[attr-defined]


def _missing_text(number: int, missing: list[int], named: list[int]) -> str:
    if not named:
        listed = ", ".join(str(t) for t in missing)
        return (
            f"round: round {number} still waits for tables {listed}; "
            "to close it without them, name them"
        )
    if not missing:
        return f"tables: every sheet of round {number} is in; name no missing tables"
    listed = ", ".join(str(t) for t in missing)
    given = ", ".join(str(t) for t in named)
    return f"tables: round {number} waits for tables {listed}, not {given}"


@dataclass(frozen=True)
class RoundReopened:
    """A close undone: the round runs again; the next round's seating taken back, if any."""

    event_id: str
    round_number: int
    at: dt.datetime
    unpublished: int | None = None  # the next round, when its seating was taken back
    changes: Change = changes_field()  # what the command that made it changed


def reopen_round(
    db: Database,
    event_id: str,
    round_number: int,
    clock: TimeSource,
    *,
    at: dt.datetime | None = None,
    actor: str = "director",
) -> RoundReopened:
    """Undo a round's close while the next round has not started.

    The round is running again (sheets still out can be handed in, amendments
    made before the next round is seated). Where the next round's seating is
    made from this round's results, it is taken back and made again at the
    next close.
    """
    following = round_number + 1
    with db.session() as session:
        at = clock_service.given_reading(session, event_id, clock, at).at
        found = round_record(session, event_id, round_number)
        if found.status != "closed":
            raise UserError(f"round: round {round_number} is not closed")
        if store.round_started(session, event_id, following):
            raise UserError(
                f"round: round {following} has started; round {round_number}'s close stands"
            )
        _, rules = event_and_rules(session, event_id)
        unpublished = None
        if follows_from(rules, round_number) and store.unpublish_round(
            session, event_id, following
        ):
            unpublished = following
        store.set_round_status(session, found.id, "running")
        audit.record(session, at=at, actor=actor, action="round.reopen", event_id=event_id,
                     details={"round": round_number, "unpublished": unpublished})  # fmt: skip
    changes = Change.CLOCK | (Change.SEATING if unpublished is not None else Change.NONE)
    return with_changes(RoundReopened(event_id, round_number, at, unpublished), changes)


reopen_round.changes = Change.CLOCK | Change.SEATING  # type: ignore[attr-defined]


def seat_following_in(done: Command, round_number: int) -> RoundSeating | None:
    """Inside the command ``done``: once round ``round_number`` is closed and every sheet of
    it is in (a sheet recorded after a close with that table missing), publish the round
    seated from its results, if that one is not published yet. None when nothing was
    published (the round is not closed, a sheet is still out, or it cannot be seated)."""
    session, event_id = done.session, done.event_id
    found = store.find_round(session, event_id, round_number)
    following = round_number + 1
    if found is None or found.status != "closed":
        return None
    if store.unsubmitted_tables(session, event_id, round_number):
        return None
    if not follows_from(done.rules, round_number):
        return None
    if store.find_round(session, event_id, following) is not None:
        return None
    try:
        return publish_in(session, event_id, following, done.at, done.actor).seating
    except UserError:  # the playoffs are over, or a tie at the cut waits for the director
        return None


def round_record(session: Session, event_id: str, number: int) -> RoundRecord:
    """A round whose seating is published, or UserError."""
    found = store.find_round(session, event_id, number)
    if found is None:
        raise UserError(f"round: round {number}'s seating is not published yet")
    return found
