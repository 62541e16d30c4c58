"""The one time source: wall time for the record, monotonic time for intervals.

Everything that needs the time is given a ``TimeSource`` and asks it; nothing
else in clubdesk reads the system time. The window and the command line
use ``SystemTime``; tests and the demo use ``FakeTime``, which stands
still until told to move.

- ``now()`` is the wall time, aware (with the laptop's time zone, the
  club's): what is written in the record (a sheet submitted at 11:31).
- ``monotonic()`` is seconds that never go back, whatever happens to the
  wall clock (a daylight-saving change, a manual fix): what intervals are
  measured on (how long a round has run).
"""

from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class TimeSource(Protocol):
    """A source of the time."""

    def now(self) -> datetime:
        """The wall time now, timezone-aware."""
        ...

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (the origin means nothing)."""
        ...


class SystemTime:
    """The laptop's own clock, in its time zone."""

    def now(self) -> datetime:
        return datetime.now().astimezone()

    def monotonic(self) -> float:
        # Linux's boot-time clock keeps counting while the laptop sleeps (the plain
        # monotonic clock stops), so a round's time left is right after a closed lid
        return time.clock_gettime(_BOOTTIME) if _BOOTTIME is not None else time.monotonic()


_BOOTTIME: int | None = getattr(time, "CLOCK_BOOTTIME", None)

SYSTEM_TIME = SystemTime()


class FakeTime:
    """A time source that stands still until told to move.

    ``advance(minutes=5)`` moves both the wall time and the monotonic time;
    ``set(when)`` jumps the wall time only, as when the laptop's clock is
    corrected.
    """

    def __init__(self, start: datetime, monotonic: float = 1000.0):
        self._now = _aware(start)
        self._monotonic = monotonic

    def now(self) -> datetime:
        return self._now

    def monotonic(self) -> float:
        return self._monotonic

    def advance(self, delta: timedelta | None = None, **kwargs: float) -> datetime:
        """Move time on by ``delta`` (or ``timedelta(**kwargs)``); the new wall time."""
        step = delta if delta is not None else timedelta(**kwargs)
        if step < timedelta(0):
            raise ValueError("time does not run backwards")
        self._now += step
        self._monotonic += step.total_seconds()
        return self._now

    def set(self, when: datetime) -> None:
        """Jump the wall clock; monotonic time is kept."""
        self._now = _aware(when)


def zone_of(at: datetime) -> tzinfo:
    """The time zone, with its daylight-saving rules, that the aware time ``at`` was read
    in: its own when it is a named zone; else the computer's zone when that gives ``at``'s
    offset; else ``at``'s fixed offset. The clock's times carry a fixed offset (their
    arithmetic is exact); a timetable spanning two days places each day's times by the
    zone's rules (a Sunday after the autumn change is an hour further from UTC)."""
    own = at.tzinfo
    if isinstance(own, ZoneInfo):
        return own
    local = _computer_zone(os.environ.get("TZ"))
    if local is not None and local.utcoffset(at) == at.utcoffset():
        return local
    assert own is not None
    return own


_ZONES: dict[str | None, ZoneInfo | None] = {}


def _computer_zone(setting: str | None) -> ZoneInfo | None:
    """The computer's named zone (from ``TZ``, else /etc/localtime), if there is one."""
    if setting not in _ZONES:
        found: ZoneInfo | None = None
        try:
            if setting:
                found = ZoneInfo(setting.removeprefix(":"))
            elif Path("/etc/localtime").exists():
                with open("/etc/localtime", "rb") as data:
                    found = ZoneInfo.from_file(data, key="localtime")
        except (ZoneInfoNotFoundError, ValueError, OSError):
            found = None  # a zone written as a rule ("MST7"), or none: the fixed offset
        _ZONES[setting] = found
    return _ZONES[setting]


def _aware(at: datetime) -> datetime:
    if at.tzinfo is None:
        raise ValueError("a clock gives timezone-aware times")
    return at
