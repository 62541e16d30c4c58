"""The round clock's values and what its facts say at a reading: the phase, the time
left, the status, the timetable as it stands, the announcements due (see the package's
docstring for how time is read)."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from clubdesk.domain.schedule import ScheduledRound
from clubdesk.errors import UserError

FactKind = Literal["start", "pause", "resume", "adjust", "end", "announced"]
Announcement = Literal["warning", "time"]
Phase = Literal[
    "not_started", "running", "warning", "paused", "time", "break", "meal", "overnight", "finished"
]

AGREE_S = 0.5  # wall and monotonic stretches this close are the same stretch


@dataclass(frozen=True)
class Reading:
    """One reading of the time: the wall instant (aware) and the monotonic seconds then."""

    at: dt.datetime
    monotonic: float | None = None

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError("a reading's wall time must carry its time zone")


@dataclass(frozen=True)
class ClockFact:
    """One stored fact of a round's clock."""

    round: int
    kind: FactKind
    reading: Reading
    seconds: int = 0  # adjust: seconds added (negative: taken off)
    announcement: Announcement | None = None  # announced: which one

    @property
    def at(self) -> dt.datetime:
        return self.reading.at


@dataclass(frozen=True)
class Due:
    """An announcement and the wall instant it falls (or fell) due."""

    round: int
    announcement: Announcement
    at: dt.datetime

    @property
    def is_warning(self) -> bool:
        """The warning (the minutes left), not time."""
        return self.announcement == "warning"


@dataclass(frozen=True)
class RoundClock:
    """One round's clock as its facts say at a reading ``now``."""

    number: int
    started_at: dt.datetime
    ended_at: dt.datetime | None
    paused: bool
    run_s: float  # seconds the round has run
    length_s: float  # the round's length with minutes added or taken off
    warning_s: float  # 0: no warning
    crossed: dict[str, dt.datetime] = field(default_factory=dict)  # due, by announcement
    fired: frozenset[str] = frozenset()
    ends_at: dt.datetime | None = None

    @property
    def left_s(self) -> float:
        """Seconds left (negative once time is up)."""
        return self.length_s - self.run_s

    @property
    def phase(self) -> Phase:
        if self.paused:
            return "paused"
        if self.left_s <= 0:
            return "time"
        if self.warning_s and self.left_s <= self.warning_s:
            return "warning"
        return "running"

    @property
    def remaining_s(self) -> int:
        """Whole seconds left (rounded up, as a countdown shows them), 0 once time is up."""
        return max(0, math.ceil(round(self.left_s, 3)))


@dataclass(frozen=True)
class NextRound:
    round: int
    at: dt.datetime


@dataclass(frozen=True)
class ClockStatus:
    """What ``clubdesk clock status`` prints (docs/cli.md, "The round clock and the schedule")."""

    round: int | None
    phase: Phase
    remaining_s: int | None
    started_at: dt.datetime | None
    ends_at: dt.datetime | None
    warning_at: dt.datetime | None
    next: NextRound | None
    pause_name: str = ""  # between rounds: what the hall calls the meal ("Lunch"), if named

    # What the phase means and what the director may do in it: the screens read these,
    # never the phase's name.

    @property
    def going(self) -> bool:
        """A round's clock is going (running, in its warning, paused, or at time): it may be
        given minutes or ended."""
        return self.phase in ("running", "warning", "paused", "time")

    @property
    def counting(self) -> bool:
        """The round's time is counting down (running, or in its warning)."""
        return self.phase in ("running", "warning")

    @property
    def warned(self) -> bool:
        """The round is in its warning."""
        return self.phase == "warning"

    @property
    def paused(self) -> bool:
        return self.phase == "paused"

    @property
    def time_up(self) -> bool:
        """Time is called: the hand in play is finished."""
        return self.phase == "time"

    @property
    def on_break(self) -> bool:
        """A break or a meal between two rounds of the day."""
        return self.phase in ("break", "meal")

    @property
    def at_meal(self) -> bool:
        return self.phase == "meal"

    @property
    def overnight(self) -> bool:
        """Between the last round of a day and the next morning's first."""
        return self.phase == "overnight"

    @property
    def finished(self) -> bool:
        """Every round is played."""
        return self.phase == "finished"

    @property
    def can_pause(self) -> bool:
        return self.counting

    @property
    def can_resume(self) -> bool:
        return self.paused

    @property
    def can_adjust(self) -> bool:
        """Minutes may be added or taken off (``actions.adjust``)."""
        return self.going

    @property
    def can_end(self) -> bool:
        return self.going


def stretch_s(earlier: Reading, later: Reading) -> float:
    """Seconds between two readings, measured as the package docstring says."""
    wall = (later.at - earlier.at).total_seconds()
    if earlier.monotonic is None or later.monotonic is None:
        return wall
    mono = later.monotonic - earlier.monotonic
    if abs(mono - wall) <= AGREE_S:
        return wall
    origin = later.at - dt.timedelta(seconds=later.monotonic)
    if mono < 0 or origin > earlier.at + dt.timedelta(seconds=AGREE_S):
        return wall  # the monotonic source started again in between
    return mono


def round_clock(
    facts: Sequence[ClockFact], scheduled: ScheduledRound, now: Reading
) -> RoundClock | None:
    """Round ``scheduled.number``'s clock at ``now`` from its facts in recorded order (None
    when it has not started)."""
    mine = [f for f in facts if f.round == scheduled.number]
    if not mine or mine[0].kind != "start":
        return None
    base = (scheduled.ends - scheduled.starts).total_seconds()
    warning_s = (
        (scheduled.ends - scheduled.warning_at).total_seconds() if scheduled.warning_at else 0
    )
    run, adjust = 0.0, 0
    running: Reading | None = None
    ended: dt.datetime | None = None
    crossed: dict[str, dt.datetime] = {}
    fired: set[str] = set()

    def thresholds() -> dict[str, float]:
        found = {"time": base + adjust}
        if warning_s:
            found["warning"] = base + adjust - warning_s
        return found

    def run_to(reading: Reading) -> None:
        nonlocal run
        if running is None:
            return
        step = max(0.0, stretch_s(running, reading))
        for name, due in thresholds().items():
            if name not in crossed and run < due <= run + step:
                crossed[name] = running.at + dt.timedelta(seconds=due - run)
        run += step

    def settle(at: dt.datetime) -> None:
        for name, due in thresholds().items():
            if run >= due and name not in crossed:
                crossed[name] = at
            elif run < due:
                crossed.pop(name, None)

    for fact in mine:
        if ended is not None:
            if fact.kind == "announced" and fact.announcement:
                fired.add(fact.announcement)
            continue
        if fact.kind == "start":
            running = fact.reading
        elif fact.kind == "pause":
            run_to(fact.reading)
            running = None
        elif fact.kind == "resume":
            running = fact.reading
        elif fact.kind == "adjust":
            run_to(fact.reading)
            if running is not None:
                running = fact.reading
            adjust += fact.seconds
            settle(fact.at)
        elif fact.kind == "end":
            run_to(fact.reading)
            running = None
            ended = fact.at
        elif fact.kind == "announced" and fact.announcement:
            fired.add(fact.announcement)
    paused = ended is None and running is None
    if ended is None and running is not None:
        run_to(now)
    length = base + adjust
    ends_at = ended if ended is not None else now.at + dt.timedelta(seconds=length - run)
    return RoundClock(
        number=scheduled.number,
        started_at=mine[0].at,
        ended_at=ended,
        paused=paused,
        run_s=run,
        length_s=length,
        warning_s=warning_s,
        crossed=crossed,
        fired=frozenset(fired),
        ends_at=ends_at,
    )


# --- what the clock says ---------------------------------------------------------------------


def current(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> RoundClock | None:
    """The last round started, at ``now`` (None before the first)."""
    started = [f.round for f in facts if f.kind == "start"]
    if not started:
        return None
    return round_clock(facts, _row(rounds, max(started)), now)


def status(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> ClockStatus:
    """The clock's status at ``now``, given every fact of the event and its timetable
    (aware times, the director's settings applied)."""
    clock = current(facts, rounds, now)
    if clock is None:
        first = rounds[0]
        return ClockStatus(None, "not_started", None, None, None, None, NextRound(1, first.starts))
    row = _row(rounds, clock.number)
    if clock.ended_at is not None:
        if clock.number >= len(rounds):
            return ClockStatus(clock.number, "finished", None, clock.started_at, clock.ended_at,
                               None, None)  # fmt: skip
        phase: Phase = row.pause_after if row.pause_after != "none" else "break"  # type: ignore[assignment]
        return ClockStatus(clock.number, phase, None, clock.started_at, clock.ended_at, None,
                           next_round(rounds, clock.number, clock.ended_at),
                           row.pause_name)  # fmt: skip
    assert clock.ends_at is not None
    warning_at = clock.ends_at - dt.timedelta(seconds=clock.warning_s) if clock.warning_s else None
    return ClockStatus(
        clock.number,
        clock.phase,
        clock.remaining_s,
        clock.started_at,
        clock.ends_at,
        warning_at,
        next_round(rounds, clock.number, clock.ends_at),
    )


def next_round(
    rounds: Sequence[ScheduledRound], number: int, ends: dt.datetime
) -> NextRound | None:
    """When round ``number + 1`` is due if round ``number`` ends at ``ends``: after the break
    or meal, or the next day's start from the schedule after an overnight gap."""
    if number >= len(rounds):
        return None
    row = _row(rounds, number)
    if row.pause_after == "overnight":
        return NextRound(number + 1, _row(rounds, number + 1).starts)
    return NextRound(number + 1, ends + dt.timedelta(minutes=row.pause_minutes))


def projected(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> list[ScheduledRound]:
    """The timetable as it now stands: rounds that started at their real times, the rest
    following the last real time (a round ended at 11:31 moves the next start to 11:46)."""
    result: list[ScheduledRound] = []
    follow: dt.datetime | None = None  # when the round after the last one seen is due
    for row in rounds:
        clock = round_clock(facts, row, now)
        if clock is not None:
            assert clock.ends_at is not None
            ends = clock.ends_at
            if clock.ended_at is not None:  # when it fell due; none if ended before it
                warning = clock.crossed.get("warning")
            else:
                warning = ends - dt.timedelta(seconds=clock.warning_s) if clock.warning_s else None
            result.append(replace(row, starts=clock.started_at, ends=ends, warning_at=warning))
            found = next_round(rounds, row.number, ends)
            follow = found.at if found else None
        elif follow is not None:
            shift = follow - row.starts
            warning = row.warning_at + shift if row.warning_at else None
            result.append(replace(row, starts=follow, ends=row.ends + shift, warning_at=warning))
            found = next_round(rounds, row.number, row.ends + shift)
            follow = found.at if found else None
        else:
            result.append(row)
    return result


# --- announcements ---------------------------------------------------------------------------


def due_now(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> list[Due]:
    """Announcements of the running round that are due at ``now`` and not yet given, in the
    order they fell due."""
    clock = current(facts, rounds, now)
    if clock is None or clock.ended_at is not None:
        return []
    found = [
        Due(clock.number, name, at)  # type: ignore[arg-type]
        for name, at in clock.crossed.items()
        if name not in clock.fired
    ]
    return sorted(found, key=lambda d: (d.at, d.announcement != "warning"))


def next_due(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> Due | None:
    """The next announcement to fall due after ``now`` (None while paused, between rounds, or
    when none is left)."""
    clock = current(facts, rounds, now)
    if clock is None or clock.ended_at is not None or clock.paused:
        return None
    waiting = []
    if clock.warning_s and "warning" not in clock.fired and "warning" not in clock.crossed:
        waiting.append(("warning", clock.length_s - clock.warning_s))
    if "time" not in clock.fired and "time" not in clock.crossed:
        waiting.append(("time", clock.length_s))
    if not waiting:
        return None
    name, due = min(waiting, key=lambda w: w[1])
    return Due(clock.number, name, now.at + dt.timedelta(seconds=due - clock.run_s))  # type: ignore[arg-type]


def announced(due: Due, now: Reading) -> ClockFact:
    """The fact that ``due`` was given at ``now``."""
    return ClockFact(due.round, "announced", now, announcement=due.announcement)


def _row(rounds: Sequence[ScheduledRound], number: int) -> ScheduledRound:
    if number > len(rounds):
        raise UserError(f"round: round {number} has a clock, but the event now has {len(rounds)} "
                        "rounds", field="round")  # fmt: skip
    return rounds[number - 1]


def shown(at: dt.datetime, *, day: bool = False, year: bool = False) -> str:
    """A time as a refusal writes it for a director: ``9:15 AM``, to the second where the
    seconds are not 0 (``10:38:04 AM``); with ``day``, the day first (``Tue 1 Dec 9:15 AM``),
    with ``year`` its year too (``Fri 1 Jan 2099 12:00 AM``)."""
    hour = at.hour % 12 or 12
    seconds = f":{at:%S}" if at.second else ""
    time = f"{hour}:{at:%M}{seconds} {'AM' if at.hour < 12 else 'PM'}"
    if year:
        return f"{at:%a} {at.day} {at:%b} {at.year} {time}"
    return f"{at:%a} {at.day} {at:%b} {time}" if day else time
