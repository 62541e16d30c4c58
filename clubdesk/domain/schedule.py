"""The day's timetable (docs/rules.md §1 "Clock and schedule"), from the rules file.

Rounds last ``round_minutes``; the host warns ``warning_minutes`` before
time; a break of ``break_minutes`` follows every round except the last; a
meal break replaces the ordinary break after the rounds the rules name; from
a ``next_day`` round on, play resumes the next morning at the time given
(the director may set another). Times are wall-clock times of the club's
own day; the clock that runs a round is another matter (it is given ``now``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

Pause = Literal["break", "meal", "overnight", "none"]


@dataclass(frozen=True)
class ScheduledRound:
    number: int
    starts: dt.datetime
    ends: dt.datetime
    warning_at: dt.datetime | None  # when the host announces the minutes left
    pause_after: Pause
    pause_minutes: int  # 0 after the last round and before an overnight gap
    pause_name: str = ""  # what the hall calls a meal ("Lunch"); empty when the rules say not

    @property
    def ends_the_day(self) -> bool:
        """The day's play ends after this round: the next is the next morning's first."""
        return self.pause_after == "overnight"


def timetable(
    rules: Rules,
    first_day: dt.date,
    *,
    first_round_at: dt.time | None = None,
    next_day_at: dt.time | None = None,
    tz: dt.tzinfo | None = None,
    rounds: int | None = None,
) -> list[ScheduledRound]:
    """When every round starts, warns and ends; the times the director sets win over the
    rules file's defaults. With ``tz`` the times are aware, in that zone (the club's).
    ``rounds`` (at least the format's) counts playoff rounds after the format's rounds too:
    each is timed as a round, after an ordinary break."""
    schedule = rules.schedule
    last = max(rounds or 0, schedule.rounds)
    if not schedule.round_minutes:
        raise UserError(f"schedule: {rules.title} has no round clock, so no timetable")
    start_time = first_round_at or _clock_time(schedule.first_round_at, "first_round_at")
    meals = {m.after_round: m.minutes for m in schedule.meal_breaks}
    meal_names = {m.after_round: m.name or "" for m in schedule.meal_breaks}
    overnight = {d.before_round: d.start for d in schedule.next_day}
    length = dt.timedelta(minutes=schedule.round_minutes)
    starts = dt.datetime.combine(first_day, start_time, tzinfo=tz)
    rounds: list[ScheduledRound] = []
    for number in range(1, last + 1):
        ends = starts + length
        warning = (
            ends - dt.timedelta(minutes=schedule.warning_minutes)
            if schedule.warning_minutes
            else None
        )
        pause, minutes = _pause_after(number, last, meals, overnight,
                                      schedule.break_minutes)  # fmt: skip
        name = meal_names.get(number, "") if pause == "meal" else ""
        rounds.append(ScheduledRound(number, starts, ends, warning, pause, minutes, name))
        if pause == "overnight":
            morning = next_day_at or _clock_time(overnight[number + 1], "next_day.start")
            starts = dt.datetime.combine(ends.date() + dt.timedelta(days=1), morning, tzinfo=tz)
        else:
            starts = ends + dt.timedelta(minutes=minutes)
    return rounds


def _pause_after(
    number: int, last: int, meals: dict[int, int], overnight: dict[int, str], break_minutes: int
) -> tuple[Pause, int]:
    if number == last:
        return "none", 0
    if number + 1 in overnight:
        return "overnight", 0
    if number in meals:
        return "meal", meals[number]
    return ("break", break_minutes) if break_minutes else ("none", 0)


def _clock_time(text: str | None, name: str) -> dt.time:
    if text is None:
        raise UserError(f"schedule.{name}: the rules give no time; set one for the event")
    return dt.time.fromisoformat(text)
