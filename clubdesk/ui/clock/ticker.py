"""The clock's timers: a display tick on each second boundary, and one shot at the next
announcement's instant.

Nothing here counts: every delay is worked out again from the clock each time
a timer is set (the time to the next whole second, the time to the instant an
announcement falls due), so a late or skipped tick changes nothing shown, and
there is no polling loop. What the time *is* always comes from the services
(``services.roundclock``), read when a timer fires.

The timers are made by a ``TimerFactory`` so that tests can hand in
``FakeTimer``: it never fires by itself; the test moves the ``FakeTime`` and
calls ``fire()``, and can read the delay each timer was last set to.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from clubdesk.timesource import TimeSource


class Timer(Protocol):
    """A single-shot timer: ``start(msec)`` (re)aims it, ``stop()`` disarms it."""

    def start(self, msec: int) -> None: ...

    def stop(self) -> None: ...

    def isActive(self) -> bool: ...


TimerFactory = Callable[[QObject, Callable[[], None]], Timer]


def qt_timer(parent: QObject, callback: Callable[[], None]) -> Timer:
    """A real single-shot timer, precise to the millisecond, calling ``callback``."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(callback)
    return timer


class FakeTimer:
    """A timer for tests: it remembers the delay it was set to and fires only by hand."""

    def __init__(self, parent: QObject, callback: Callable[[], None]):
        self._callback = callback
        self.interval: int | None = None  # the delay last set; None: not armed
        self.started = 0  # how many times it was set

    def start(self, msec: int) -> None:
        self.interval = msec
        self.started += 1

    def stop(self) -> None:
        self.interval = None

    def isActive(self) -> bool:
        return self.interval is not None

    def fire(self) -> None:
        """Fire now (as the real timer would when its delay runs out)."""
        if self.interval is None:
            raise AssertionError("the timer is not armed")
        self.interval = None
        self._callback()


def ms_to_next_second(now: dt.datetime) -> int:
    """Milliseconds from ``now`` to the next whole second of the wall clock (1 to 1000)."""
    return max(1, 1000 - now.microsecond // 1000)


def ms_until(now: dt.datetime, at: dt.datetime) -> int:
    """Milliseconds from ``now`` until ``at`` (0 if it has passed), rounded up so that a
    timer never fires before the instant."""
    return max(0, math.ceil((at - now).total_seconds() * 1000))


class Ticker(QObject):
    """The window's one time keeper for the clock display.

    ``tick`` is emitted on each second boundary while ``running``; ``due`` when
    the instant given to ``aim`` is reached (one shot; aim again for the next).
    """

    tick = Signal()
    due = Signal()

    def __init__(
        self,
        clock: TimeSource,
        make_timer: TimerFactory = qt_timer,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._clock = clock
        self.second_timer = make_timer(self, self._second)
        self.due_timer = make_timer(self, self._due)
        self.aimed_at: dt.datetime | None = None

    @property
    def running(self) -> bool:
        return self.second_timer.isActive()

    def start(self) -> None:
        """Tick on each second boundary from now on."""
        self.second_timer.start(ms_to_next_second(self._clock.now()))

    def stop(self) -> None:
        """Stop both timers (the window is closing, or no event is open)."""
        self.second_timer.stop()
        self.aim(None)

    def aim(self, at: dt.datetime | None) -> None:
        """Fire ``due`` at the wall instant ``at`` (None: at nothing)."""
        self.aimed_at = at
        if at is None:
            self.due_timer.stop()
            return
        self.due_timer.start(ms_until(self._clock.now(), at))

    def _second(self) -> None:
        self.start()  # the next boundary, from the clock again: a late tick is not carried on
        self.tick.emit()

    def _due(self) -> None:
        # The listener asks the services what is due now and aims again at what is next,
        # so a wall clock put back in between neither loses nor repeats an announcement.
        self.aimed_at = None
        self.due.emit()
