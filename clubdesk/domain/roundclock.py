"""The round clock: what the stored facts of each round say, given ``now``.

A round's clock is never a running counter. What is recorded are facts: the
round started, was paused, resumed, had minutes added or taken off, was
ended, and an announcement (the warning, time) was given. Everything else,
the phase, the seconds left, when the warning falls due, is computed from
those facts and a reading of the time every time it is asked for.

How time is read. Every fact carries the wall instant it happened at (for
the record and the schedule) and the monotonic reading taken at the same
moment (``Reading``). The time a round has run is the sum of its running
stretches (start or resume up to pause, end or now); each stretch is
measured between two readings:

- on the monotonic source, when it and the wall clock disagree (by more than
  ``AGREE_S``) and the monotonic source is plainly the same run of it: it
  did not go back, and it had already started by the earlier reading (the
  wall instant at which it read zero is not after that reading). So a wall
  clock that jumps while a round runs (a manual fix, a wrong time zone put
  right) changes neither the time run nor the time left, and an announcement
  is neither skipped nor given twice;
- on the wall clock otherwise: when both agree (a time typed after the fact,
  "it started at 10:20", is exact to the second), when a reading has no
  monotonic value (facts of older files), and when the computer was
  restarted in between (the monotonic source starts again from zero), so
  that a closed app or a restarted laptop resumes where real time says.

One case cannot be told apart from a restart: a wall clock put forward by
more than the computer had been up at the earlier reading. It is read as a
restart (the wall clock measures that stretch).

Announcements (the warning, time) are due when the time run reaches the
round's length (plus minutes added) less the warning minutes, or all of it.
Each is given once per round: giving it is a stored fact, so a restart never
gives it again, and one that fell due while the app was closed is still due
(once) when it is opened, with the instant it fell due. Minutes added after
an announcement fell due but before it was given put it off again. A round
whose clock was ended has nothing left to announce.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    """What ``clubdesk clock status`` prints (INTERFACE.md, "Clock and schedule output")."""

    round: int | None
    phase: Phase
    remaining_s: int | None
    started_at: dt.datetime | None
    ends_at: dt.datetime | None
    warning_at: dt.datetime | None
    next: NextRound | None


def stretch_s(earlier: Reading, later: Reading) -> float:
    """Seconds between two readings, measured as the module docstring says."""
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
                           next_round(rounds, clock.number, clock.ended_at))  # fmt: skip
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
            warning = ends - dt.timedelta(seconds=clock.warning_s) if clock.warning_s else None
            result.append(ScheduledRound(row.number, clock.started_at, ends, warning,
                                         row.pause_after, row.pause_minutes))  # fmt: skip
            found = next_round(rounds, row.number, ends)
            follow = found.at if found else None
        elif follow is not None:
            shift = follow - row.starts
            result.append(ScheduledRound(row.number, follow, row.ends + shift,
                                         row.warning_at + shift if row.warning_at else None,
                                         row.pause_after, row.pause_minutes))  # fmt: skip
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


# --- the director's actions ------------------------------------------------------------------


def start(facts: Sequence[ClockFact], total: int, number: int, now: Reading) -> ClockFact:
    """Start round ``number``'s clock (of ``total`` rounds) at ``now``: the round before it
    has ended (its sheets may still be coming in)."""
    _not_before_last(facts, now)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= total:
        raise UserError(f"round: the event has rounds 1 to {total}, not {number!r}", field="round")
    started = {f.round for f in facts if f.kind == "start"}
    ended = {f.round for f in facts if f.kind == "end"}
    if number in started:
        raise UserError(f"round: round {number} has already started", field="round")
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
    clock = _running(facts, rounds, now)
    if clock.length_s + minutes * 60 < 60:
        raise UserError(f"minutes: round {clock.number} would last less than a minute",
                        field="minutes")  # fmt: skip
    return ClockFact(clock.number, "adjust", now, seconds=minutes * 60)


def end(facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading) -> ClockFact:
    """End the running round's clock: time called, or early when every table is done."""
    clock = _running(facts, rounds, now)
    return ClockFact(clock.number, "end", now)


def _not_before_last(facts: Sequence[ClockFact], now: Reading) -> None:
    if not facts:
        return
    last = facts[-1].reading  # measured as a stretch, so a wall clock put back is no bar
    if stretch_s(last, now) < 0:
        raise UserError(
            f"at: {_shown(now.at)} is before the clock's last recorded change ({_shown(last.at)})",
            field="at",
        )


def _running(
    facts: Sequence[ClockFact], rounds: Sequence[ScheduledRound], now: Reading
) -> RoundClock:
    _not_before_last(facts, now)
    clock = current(facts, rounds, now)
    if clock is None:
        raise UserError("clock: no round has started", field="clock")
    if clock.ended_at is not None:
        raise UserError(f"clock: round {clock.number} has ended; no round is running",
                        field="clock")  # fmt: skip
    return clock


def _row(rounds: Sequence[ScheduledRound], number: int) -> ScheduledRound:
    return rounds[number - 1]


def _shown(at: dt.datetime) -> str:
    return at.isoformat(timespec="seconds")
