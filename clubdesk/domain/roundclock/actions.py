"""The director's actions on the round clock: each checks the facts so far and returns the
new fact, or refuses with a UserError naming the field."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from clubdesk.domain.limits import CLOCK_MINUTES_MAX
from clubdesk.domain.roundclock.state import (
    ClockFact,
    Reading,
    RoundClock,
    current,
    shown,
    stretch_s,
)
from clubdesk.domain.schedule import ScheduledRound
from clubdesk.errors import UserError


def start(
    facts: Sequence[ClockFact],
    total: int,
    number: int,
    now: Reading,
    *,
    previous_closed: bool = False,
) -> ClockFact:
    """Start round ``number``'s clock (of ``total`` rounds) at ``now``: the round before it
    has ended (its sheets may still be coming in), or was closed by the director without
    its clock ever running (``previous_closed``)."""
    not_before_last(facts, now)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= total:
        raise UserError(f"round: the event has rounds 1 to {total}, not {number!r}", field="round")
    started = {f.round for f in facts if f.kind == "start"}
    ended = {f.round for f in facts if f.kind == "end"}
    if number in started:
        raise UserError(f"round: round {number} has already started", field="round")
    if previous_closed:
        return ClockFact(number, "start", now)
    if number > 1 and number - 1 not in started:
        raise UserError(
            f"round: round {number - 1} has not started; start and end it before starting {number}",
            field="round",
        )
    if number > 1 and number - 1 not in ended:
        raise UserError(
            f"round: round {number - 1}'s clock is still running; end round {number - 1} "
            f"before starting {number}",
            field="round",
        )
    return ClockFact(number, "start", now)


def pause(facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading) -> ClockFact:
    """Pause the running round's clock."""
    clock = _running(facts, rounds, now)
    if clock.paused:
        raise UserError(f"clock: round {clock.number} is already paused", field="clock")
    if clock.phase == "time":
        raise UserError(f"clock: round {clock.number}'s time is up; there is nothing to pause",
                        field="clock")  # fmt: skip
    return ClockFact(clock.number, "pause", now)


def resume(facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading) -> ClockFact:
    """Set a paused round's clock running again."""
    clock = _running(facts, rounds, now)
    if not clock.paused:
        raise UserError(f"clock: round {clock.number} is not paused", field="clock")
    return ClockFact(clock.number, "resume", now)


def adjust(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], minutes: int, now: Reading
) -> ClockFact:
    """Add ``minutes`` to the running round (negative: take them off)."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes == 0:
        raise UserError("minutes: give a whole number of minutes other than 0", field="minutes")
    if abs(minutes) > CLOCK_MINUTES_MAX:
        raise UserError(f"minutes: at most {CLOCK_MINUTES_MAX} (a day) either way, not {minutes}",
                        field="minutes")  # fmt: skip
    clock = _running(facts, rounds, now)
    if clock.length_s + minutes * 60 < 60:
        raise UserError(f"minutes: round {clock.number} would last less than a minute",
                        field="minutes")  # fmt: skip
    return ClockFact(clock.number, "adjust", now, seconds=minutes * 60)


def end(facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading) -> ClockFact:
    """End the running round's clock: time called, or early when every table is done."""
    clock = _running(facts, rounds, now)
    return ClockFact(clock.number, "end", now)


def not_before_last(facts: Sequence[ClockFact], now: Reading) -> None:
    """Refuse a change recorded before the clock's last recorded change."""
    if not facts:
        return
    last = facts[-1].reading  # measured as a stretch, so a wall clock put back is no bar
    if stretch_s(last, now) < 0:
        day = now.at.date() != last.at.date()
        raise UserError(
            f"at: {shown(now.at, day=day)} is before the clock's last recorded change "
            f"({shown(last.at, day=day)})",
            field="at",
        )


AHEAD_S = 5 * 60
"""How far after now a time the director gives may be: a laptop's clock a little behind the
hall's. A later time has not happened yet."""


def check_given(at: dt.datetime, day: dt.date, now: dt.datetime, field: str = "at") -> None:
    """Refuse a clock's time before the event's ``day`` (read in the time's own zone, so that
    a file read on a laptop in another zone takes what this one took) or more than
    ``AHEAD_S`` after ``now``: a clock's facts are things that happened that day, so one time
    typed wrong (the year 1, 2099) never stands in the record. The one bound for a time the
    director gives (``--at``), for the clock's now when none is given (``field`` "clock": the
    computer's date before the event's) and for the clock an event file carries."""
    if at.date() < day:
        raise UserError(
            f"{field}: {shown(at, year=True)} is before the event's day "
            f"({day:%a} {day.day} {day:%b} {day.year})",
            field=field,
        )
    if at > now + dt.timedelta(seconds=AHEAD_S):
        other_day = at.date() != now.date()
        raise UserError(
            f"{field}: {shown(at, day=other_day, year=at.year != now.year)} has not come yet "
            f"(it is now {shown(now, day=other_day)})",
            field=field,
        )


def _running(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> RoundClock:
    not_before_last(facts, now)
    clock = current(facts, rounds, now)
    if clock is None:
        raise UserError("clock: no round has started", field="clock")
    if clock.ended_at is not None:
        raise UserError(f"clock: round {clock.number} has ended; no round is running",
                        field="clock")  # fmt: skip
    return clock
