"""The round clock: pause, resume, add or take off minutes, end; its status, the
announcements due, and the timetable as it now stands. A round's clock starts as the round
starts (``services/rounds.start_round``, through ``start_in`` here).

Each change is one fact, written in one transaction with its audit row
(``store/roundclock.py``); what the facts mean is ``domain/roundclock/``. Every
command takes the time from ``clock``, or ``at`` (a wall time the director
gives: "the round started at 10:20"), which may not be before the clock's
last recorded change.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ParamSpec, TypeVar

from sqlmodel import Session

from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.roundclock import actions as clock_actions
from clubdesk.domain.roundclock import state as clock_state
from clubdesk.domain.roundclock.state import ClockFact, ClockStatus, Due, Reading
from clubdesk.domain.rules import Rules
from clubdesk.domain.schedule import ScheduledRound, timetable
from clubdesk.errors import UserError
from clubdesk.services import events
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import aware, event_and_rules
from clubdesk.services.events import EventInfo
from clubdesk.services.seating import follows_from, publish_in
from clubdesk.store import roundclock as store
from clubdesk.store import seating as seating_store
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource, zone_of

P = ParamSpec("P")
T = TypeVar("T")

__all__ = [
    "ClockChanged",
    "Fired",
    "Schedule",
    "adjust",
    "end",
    "fire_due",
    "given_reading",
    "in_range",
    "next_due",
    "pause",
    "reading",
    "resume",
    "schedule",
    "set_start_times",
    "status",
    "time_of_day",
]


@dataclass(frozen=True)
class ClockChanged:
    """A fact recorded, and the clock's status just after it."""

    event_id: str
    fact: ClockFact
    status: ClockStatus
    changes: Change = changes_field()


@dataclass(frozen=True)
class Fired:
    """The announcements given now (each with the instant it fell due)."""

    event_id: str
    given: tuple[Due, ...]
    changes: Change = changes_field()


@dataclass(frozen=True)
class Schedule:
    """The event's timetable as it now stands (real times for rounds that have started)."""

    event_id: str
    rounds: tuple[ScheduledRound, ...]


def reading(clock: TimeSource, at: dt.datetime | None = None) -> Reading:
    """A reading of ``clock`` now, or of the wall time ``at`` (its monotonic value worked
    back from now)."""
    now, monotonic = aware(clock.now()), clock.monotonic()
    if at is None:
        return Reading(now, monotonic)
    if at.tzinfo is None:
        at = at.replace(tzinfo=now.tzinfo)
    return Reading(at, monotonic - (now - at).total_seconds())


def given_reading(
    session: Session, event_id: str, clock: TimeSource, at: dt.datetime | None
) -> Reading:
    """A reading of ``clock`` now, or of the wall time ``at`` the director gives, which must
    fall on the event's day or after it and not after now (``clock_actions.check_given``,
    the bound an import of the event file holds the clock to). Now itself is held to the
    event's day: a clock started the day before could not be carried to another laptop."""
    now = aware(clock.now())
    event, _ = event_and_rules(session, event_id)
    if at is None:
        clock_actions.check_given(now, event.date, now, field="clock")
        return reading(clock)
    clock_actions.check_given(at if at.tzinfo else at.replace(tzinfo=now.tzinfo), event.date, now)
    return reading(clock, at)


def in_range(read: Callable[P, T]) -> Callable[P, T]:
    """``read`` with a clock time worked out beyond the calendar (a fact recorded before
    times were checked, in the year 1 or 9999) refused in a plain line, not a crash."""

    @functools.wraps(read)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return read(*args, **kwargs)
        except OverflowError:
            raise UserError(
                "clock: a time this event's clock recorded is out of range (before the year 1 "
                "or after 9999 once worked out); its clock cannot be read",
                field="clock",
            ) from None

    return guarded


def start_in(do: Command, round_number: int, now: Reading) -> tuple[ClockFact, bool]:
    """Start a round as part of ``services/rounds.start_round`` (the one door to start a
    round), and say whether its seating was published for it. A round
    not published yet whose seating can be made now (round 1 from the draw, a round of a
    stationary movement, the next round once its results are in) is published first, in
    the same transaction."""
    if round_number < 1:
        raise UserError(f"round: rounds are numbered from 1, not {round_number}", field="round")
    session, event_id, rules = do.session, do.event.id, do.rules
    found = seating_store.find_round(session, event_id, round_number)
    before = seating_store.find_round(session, event_id, round_number - 1)
    published = False
    if found is None and _publishable(rules, round_number, before):
        try:
            publish_in(do, round_number)
        except UserError as exc:
            raise UserError(
                f"round: round {round_number} cannot be seated yet: {exc}", field="round"
            ) from None
        found = seating_store.find_round(session, event_id, round_number)
        published = True
    if found is None:
        raise UserError(
            f"round: round {round_number}'s seating is not published yet", field="round"
        )
    if found.status == "closed":
        raise UserError(f"round: round {round_number} is closed; it is not started again",
                        field="round")  # fmt: skip
    if not rules.schedule.timed and before is not None and before.status != "closed":
        raise UserError(
            f"round: round {round_number - 1} is still being played; close it before "
            f"starting round {round_number}",
            field="round",
        )
    fact = clock_actions.start(
        store.facts(session, event_id), event_rounds(session, event_id, rules), round_number, now,
        previous_closed=before is not None and before.status == "closed",
    )  # fmt: skip
    if found.status == "pending":
        seating_store.set_round_status(session, found.id, "running")
    _record(do, fact)
    return fact, published


def _publishable(rules: Rules, number: int, before: seating_store.RoundRecord | None) -> bool:
    """May starting round ``number`` publish its seating: round 1 (from the draw), or the
    round before is closed, or it has started and this round is not seated from its results
    (a stationary movement: the clock never waits for paperwork)."""
    if number == 1:
        return True
    if before is None or before.status == "pending":
        return False
    return before.status == "closed" or not follows_from(rules, number - 1)


@act("clock.pause", Change.CLOCK)
def pause(do: Command, *, at: dt.datetime | None = None) -> ClockChanged:
    """Pause the running round's clock."""
    return _change(do, at, clock_actions.pause)


@act("clock.resume", Change.CLOCK)
def resume(do: Command, *, at: dt.datetime | None = None) -> ClockChanged:
    """Set the paused round's clock running again."""
    return _change(do, at, clock_actions.resume)


@act("clock.adjust", Change.CLOCK)
def adjust(do: Command, minutes: int, *, at: dt.datetime | None = None) -> ClockChanged:
    """Add ``minutes`` to the running round (negative: take them off)."""

    def action(
        facts: Sequence[ClockFact], rows: Sequence[ScheduledRound], now: Reading
    ) -> ClockFact:
        return clock_actions.adjust(facts, rows, minutes, now)

    return _change(do, at, action)


@act("clock.end", Change.CLOCK)
def end(do: Command, *, at: dt.datetime | None = None) -> ClockChanged:
    """End the running round's clock (time called, or early); its sheets may still come in."""
    return _change(do, at, clock_actions.end)


def end_in(do: Command, round_number: int, now: Reading) -> bool:
    """End round ``round_number``'s clock as part of the act closing the round, if it is
    running (the round is closed with time left); whether it was."""
    record = store.clock_of(do.session, do.event.id, round_number)
    if record is None or record.ended_at is not None:
        return False
    clock_actions.not_before_last(store.facts(do.session, do.event.id), now)
    fact = ClockFact(round_number, "end", now)
    _record(do, fact, action="clock.end")
    return True


@in_range
def status(
    db: Database, event_id: str, clock: TimeSource, *, at: dt.datetime | None = None
) -> ClockStatus:
    """The clock's status (docs/cli.md ``clock status``) now, or at ``at``."""
    with db.reading() as session:
        return status_in(session, event_id, clock, at=at)


@in_range
def status_in(
    session: Session, event_id: str, clock: TimeSource, *, at: dt.datetime | None = None
) -> ClockStatus:
    """``status`` inside the caller's transaction."""
    return status_at(session, event_id, given_reading(session, event_id, clock, at))


def status_at(session: Session, event_id: str, now: Reading) -> ClockStatus:
    """The clock's status at the reading ``now``, inside the caller's transaction."""
    return clock_state.status(store.facts(session, event_id), _timetable(session, event_id, now),
                              now)  # fmt: skip


@in_range
def next_due(db: Database, event_id: str, clock: TimeSource) -> Due | None:
    """The next announcement to fall due (what a timer is aimed at), if any."""
    now = reading(clock)
    with db.reading() as session:
        rows = _timetable(session, event_id, now)
        return clock_state.next_due(store.facts(session, event_id), rows, now)


@act("clock.announce", Change.CLOCK)
@in_range
def fire_due(do: Command) -> Fired:
    """Give the announcements due now and not yet given, and record that they were, so
    that none is ever given twice (one that fell due while the app was closed is given
    now, with the instant it fell due). Changes the clock only when one is given. Its
    actor is the clock (``desk.by("clock")``)."""
    now = reading(do.desk.clock)
    do.at = now.at
    session, event_id = do.session, do.event.id
    rows = _timetable(session, event_id, now)
    due = clock_state.due_now(store.facts(session, event_id), rows, now)
    for item in due:
        store.add_fact(session, event_id, clock_state.announced(item, now))
    if due:
        details = {
            "round": due[0].round,
            "given": [d.announcement for d in due],
            "due": [d.at.isoformat() for d in due],
        }
        do.log(details)
    else:
        do.changes = Change.NONE
    return Fired(event_id, tuple(due))


@in_range
def schedule(db: Database, event_id: str, clock: TimeSource) -> Schedule:
    """The timetable as it now stands: the rules' (and the director's) times, rounds that
    started at their real times and the rounds to come following them."""
    now = reading(clock)
    with db.reading() as session:
        rows = _timetable(session, event_id, now)
        facts = store.facts(session, event_id)
    return Schedule(event_id, tuple(clock_state.projected(facts, rows, now)))


_TIME_OF_DAY = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$", re.IGNORECASE)


def time_of_day(text: str, field: str) -> str:
    """A time of day the director typed (``10:15``, ``10:15 AM``, ``2:10pm``, ``9 am``) as
    the rules file writes it (``HH:MM``, 24-hour); a UserError naming ``field`` if it is
    not one."""
    found = _TIME_OF_DAY.match(text.strip())
    hour, minute = (int(found[1]), int(found[2] or 0)) if found else (-1, -1)
    half = found[3].lower() if found and found[3] else ""
    if half and not 1 <= hour <= 12:
        hour = -1
    elif half:
        hour = hour % 12 + (12 if half == "p" else 0)
    if not (0 <= hour <= 23 and 0 <= minute <= 59) or (found and not found[2] and not half):
        raise UserError(f"{field}: {text.strip()!r} is not a time of day like 10:15 AM",
                        field=field)  # fmt: skip
    return f"{hour:02d}:{minute:02d}"


@act("event.update", Change.EVENT)
def set_start_times(
    do: Command, *, first_round_at: str | None = None, next_day_at: str | None = None
) -> EventInfo:
    """Change when round 1 starts and when play resumes the next morning (times of day as
    the director types them); the event's settings change with an audit row, and the
    timetable's rows after follow. Refused once the round it moves has started."""
    first = time_of_day(first_round_at, "first_round_at") if first_round_at is not None else None
    morning = time_of_day(next_day_at, "next_day_at") if next_day_at is not None else None
    event, rules = do.event, do.rules
    started = {f.round for f in store.facts(do.session, event.id) if f.kind == "start"}
    settings = dict(event.settings)
    if first is not None:
        if 1 in started:
            raise UserError("first_round_at: round 1 has already started", field="first_round_at")
        settings["first_round_at"] = first
    if morning is not None:
        days = rules.schedule.next_day
        if not days:
            raise UserError(f"next_day_at: {rules.title} is played in one day", field="next_day_at")
        if any(d.before_round in started for d in days):
            raise UserError(
                f"next_day_at: round {days[0].before_round} has already started",
                field="next_day_at",
            )
        settings["next_day"] = [{"before_round": d.before_round, "start": morning} for d in days]
    return do.run(events.update_event, events.EventChanges(settings=settings))


# --- shared ----------------------------------------------------------------------------------

Action = Callable[[Sequence[ClockFact], Sequence[ScheduledRound], Reading], ClockFact]


@in_range
def _change(do: Command, at: dt.datetime | None, action: Action) -> ClockChanged:
    session, event_id = do.session, do.event.id
    now = given_reading(session, event_id, do.desk.clock, at)
    do.at = now.at
    rows = _timetable(session, event_id, now)
    fact = action(store.facts(session, event_id), rows, now)
    _record(do, fact)
    return ClockChanged(
        event_id, fact, clock_state.status(store.facts(session, event_id), rows, now)
    )


def _record(do: Command, fact: ClockFact, *, action: str | None = None) -> None:
    """A clock fact and its audit row, at the fact's time."""
    store.add_fact(do.session, do.event.id, fact)
    details: dict[str, object] = {"round": fact.round}
    if fact.kind == "adjust":
        details["minutes"] = fact.seconds // 60
    do.at = fact.at
    do.log(details, action=action)


def _timetable(session: Session, event_id: str, now: Reading) -> list[ScheduledRound]:
    """The event's timetable from its rules and settings, placed by the rules of the zone
    ``now`` was read in (each day's times with that day's UTC offset, across a
    daylight-saving change too), each time written with its own fixed offset; with the
    playoff rounds published so far, in a format with playoffs."""
    event, rules = event_and_rules(session, event_id)
    rows = timetable(
        rules, event.date, tz=zone_of(now.at), rounds=event_rounds(session, event_id, rules)
    )
    return [
        replace(row, starts=_fixed(row.starts), ends=_fixed(row.ends),
                warning_at=_fixed(row.warning_at) if row.warning_at else None)
        for row in rows
    ]  # fmt: skip


def _fixed(at: dt.datetime) -> dt.datetime:
    offset = at.utcoffset()
    assert offset is not None
    return at.astimezone(dt.timezone(offset))


def event_rounds(session: Session, event_id: str, rules: Rules) -> int:
    """How many rounds the event has so far: the format's rounds; in a format with playoffs
    (bid whist) the playoff rounds published, and one more until the final is seated (how
    many there are follows from the bracket, so they are known one at a time)."""
    published = seating_store.published_rounds(session, event_id)
    last = max([rules.schedule.rounds, *published])
    if not has_playoffs(rules):
        return last
    seats = seating_store.load_seating(session, event_id, last)
    final = seats is not None and last > rules.schedule.rounds
    if final and len(seats.tables) + len(seats.byes) == 1:  # type: ignore[union-attr]
        return last  # the final: nothing follows it
    return last + 1
