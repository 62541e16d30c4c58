"""The window's watch on the round clock: what the clock says now, in words, and the
announcements given when they fall due.

``ClockWatch`` reads the clock's status from the services on each display
tick, and the rounds and the round's board when a command changes the clock,
a sheet or a seating; they are sent out together as a ``ClockView`` (the
status bar, the Rounds page and the projector show it). The board is read only
while the Rounds page or the projector shows it (``want_board``); what the
tables' server changed is read off the window's thread (``ui/off_thread.py``;
docs/architecture.md, "The tables' pages"). Where the event's
rounds have no clock there is no clock status: the rounds say which is in
play and since when (``in_play_words``). The ticker's single shot is aimed at the next
announcement's instant; when it fires, the watch asks the services to give
what is due (each announcement is stored as given, so it is never given
twice) and aims at the next. On opening an event an announcement that fell
due while the app was closed is given at once, with the time it was due.

The words go to the status bar (``announced``); the announcements themselves
go out through ``given`` for the chime and the voice (ui/clock/announcer.py).
"""

from __future__ import annotations

import datetime as dt
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QWidget

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.roundclock.state import ClockStatus, Due
from clubdesk.domain.rounds import RoundsStatus
from clubdesk.errors import UserError
from clubdesk.printing.text import time_of_day
from clubdesk.services import board as board_service
from clubdesk.services import roundclock as clock_service
from clubdesk.services import rounds as rounds_service
from clubdesk.services.board import Board
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk
from clubdesk.ui.clock.ticker import Ticker
from clubdesk.ui.context import UiContext
from clubdesk.ui.off_thread import LatestRead

_Read = tuple["Board | None", "RoundsStatus | None", bool]  # board, rounds, board missed
LATE_S = 2  # an announcement given more than this after it fell due says when it was due


@dataclass(frozen=True)
class ClockView:
    """The clock's status, the rounds and the round's board, read at ``now``."""

    now: dt.datetime
    status: ClockStatus | None  # None: no event open, or its rounds have no clock
    board: Board | None
    rounds: RoundsStatus | None = None  # None: no event open

    @property
    def timed(self) -> bool:
        """The open event's rounds have a clock."""
        return self.rounds is not None and self.rounds.clock

    def title(self, number: int) -> str:
        """A round as the screens head it: "Round 2 of 6", a playoff round's name."""
        if self.board is not None:
            return self.board.round_title(number)
        return f"Round {number}"

    def name(self, number: int) -> str:
        """A round as a sentence names it: "Round 2", a playoff round's name."""
        line = self.rounds.line(number) if self.rounds is not None else None
        return line.title if line is not None else f"Round {number}"


def time_left(seconds: int) -> str:
    """``23:41`` (a round of an hour starts at ``60:00``), or ``1:45:00`` from 100 minutes up."""
    minutes, secs = divmod(max(0, seconds), 60)
    if minutes < 100:
        return f"{minutes:02d}:{secs:02d}"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def clock_time(at: dt.datetime) -> str:
    """A time of day as a hall reads it: ``2:10 PM`` (as the command line prints it)."""
    return time_of_day(at)


def until_text(status: ClockStatus, now: dt.datetime) -> str:
    """What comes next between rounds, worded the same on the projector, the Rounds page
    and the status bar: ``Break until 11:46 AM``, ``Lunch: back at 2:10 PM`` (``Meal``
    when the rules give the meal no name), ``Round 9 starts tomorrow at 9:30 AM``; empty
    when nothing comes next."""
    following = status.next
    if following is None:
        return ""
    when = clock_time(following.at)
    if following.at <= now and status.on_break:
        return f"Round {following.round} was due at {when}"
    if status.overnight or following.at.date() != now.date():
        day = (
            "tomorrow"
            if following.at.date() == now.date() + dt.timedelta(days=1)
            else f"on {following.at:%a} {following.at.day} {following.at:%b}"
        )
        return f"Round {following.round} starts {day} at {when}"
    if status.at_meal:
        return f"{status.pause_name or 'Meal'}: back at {when}"
    if status.on_break:
        return f"Break until {when}"
    return f"Round {following.round} starts at {when}"


def phase_words(status: ClockStatus, now: dt.datetime) -> str:
    """The phase in a few words (``Running``, ``Paused``, ``TIME``, ``Break until 11:46 AM``)."""
    if status.warned:
        return "Warning"
    if status.counting:
        return "Running"
    if status.paused:
        return "Paused"
    if status.time_up:
        return "TIME: finish the hand in play"
    if status.finished:
        return "Every round is played"
    return until_text(status, now) or "Not started"


def in_play_words(view: ClockView) -> tuple[str, str, str]:
    """Where the rounds stand when they have no clock, in three lines for the Rounds page:
    the round, what it is doing, and why the next round waits (if it does):
    ``("Round 2 of 6 · in play since 7:42 PM", "In play", "")``, ``("Round 2 of 6 · closed",
    "Round 3 next: start it with F5", "")``; empty before an event is open."""
    rounds = view.rounds
    if rounds is None:
        return "", "", ""
    current, following = rounds.current, rounds.following
    if current is None:
        first = following.number if following is not None else 1
        return "No round has started", f"Round {first} next: start it with F5", ""
    title = view.title(current.number)
    if current.state == "started":
        since = clock_time(current.started_at) if current.started_at else ""
        return (f"{title} · in play since {since}" if since else title), "In play", ""
    if following is None:
        return f"{title} · closed", "Every round is played", ""
    name = view.name(following.number)
    if rounds.startable is None:
        return f"{title} · closed", f"{name} cannot be seated yet", sentence(rounds.waits)
    return f"{title} · closed", f"{name} next: start it with F5", ""


def elapsed_s(view: ClockView) -> int | None:
    """Seconds the round in play has been played, where rounds have no clock (None between
    rounds)."""
    current = view.rounds.current if view.rounds is not None else None
    if view.timed or current is None or current.state != "started" or not current.started_at:
        return None
    return max(0, int((view.now - current.started_at).total_seconds()))


def status_line(view: ClockView) -> str:
    """The status bar's clock: ``Round 4 · 23:41 left · 9 of 12 sheets in``; without a
    clock ``Round 2 · 3 of 4 sheets in``."""
    status, rounds = view.status, view.rounds
    if status is None:
        return _untimed_line(view)
    count = ""
    line = rounds.line(status.round or 1) if rounds is not None else None
    if line is not None and line.tables:
        count = line.count_text
    if status.round is None:
        parts = [until_text(status, view.now) or "No round started"]
    elif status.counting:
        parts = [f"Round {status.round}", f"{time_left(status.remaining_s or 0)} left"]
    elif status.paused:
        parts = [f"Round {status.round}", "Paused", f"{time_left(status.remaining_s or 0)} left"]
    elif status.time_up:
        parts = [f"Round {status.round}", "TIME"]
    else:
        parts = [f"Round {status.round}", phase_words(status, view.now)]
    return " · ".join(parts + ([count] if count else []))


def _untimed_line(view: ClockView) -> str:
    rounds = view.rounds
    if rounds is None:
        return ""
    current = rounds.current
    if current is None:
        return "No round started"
    parts = [view.name(current.number)]
    if current.state == "closed":
        following = rounds.following
        if following is None:
            parts.append("Every round is played")
        elif rounds.startable is None:
            parts.append(f"{view.name(following.number)} cannot be seated yet")
        else:
            parts.append(f"{view.name(following.number)} next")
    elif current.tables:
        parts.append(current.count_text)
    return " · ".join(parts)


def announcement_text(due: Due, now: dt.datetime, status: ClockStatus | None) -> str:
    """What the status bar says when an announcement is given."""
    if due.is_warning:
        minutes = 0
        if status is not None and status.ends_at and status.warning_at:
            minutes = round((status.ends_at - status.warning_at).total_seconds() / 60)
        words = (
            f"{minutes} minutes left in round {due.round}"
            if minutes
            else (f"Warning in round {due.round}")
        )
    else:
        words = f"Time in round {due.round}: finish the hand in play"
    if (now - due.at).total_seconds() > LATE_S:
        what = "the warning" if due.is_warning else "time"
        words += f" ({what} was due at {clock_time(due.at)})"
    return words


class ClockWatch(QObject):
    """Reads the clock for the window and gives announcements when they fall due."""

    updated = Signal(object)  # a ClockView
    announced = Signal(str)  # the words of an announcement given
    given = Signal(object)  # the announcements just given, a tuple of Due

    READS = Change.EVENT | Change.CLOCK | Change.SHEETS | Change.SEATING | Change.ENTRANTS
    AIMS = Change.EVENT | Change.CLOCK | Change.SEATING  # what may move the next announcement

    def __init__(self, context: UiContext, ticker: Ticker, parent: QObject | None = None):
        super().__init__(parent)
        self.context = context
        self.ticker = ticker
        self.view = ClockView(context.clock.now(), None, None)
        self.last_announcement = ""
        self._event_id: str | None = None
        self._board_shown: list[weakref.WeakMethod[Callable[[], bool]]] = []
        self.board_missed = False  # a change was read without the board, which is behind
        self._board_due = False  # an event just opened: its board is read whatever shows
        self.reads = LatestRead(context.readers, self)  # what the tables' server changed
        ticker.tick.connect(self.read_clock)
        ticker.due.connect(self.give_due)
        context.changed.connect(self._changed)
        self._open_event()

    def _changed(self, change: Change) -> None:
        if self.context.event_id != self._event_id or change == Change.everything():
            self._open_event()
        elif change & self.READS and self.context.from_server and not change & self.AIMS:
            self.refresh_later()
        elif change & self.READS:
            self.refresh(aim=bool(change & self.AIMS))

    def _open_event(self) -> None:
        self._event_id = self.context.event_id
        self.last_announcement = ""
        if self._event_id is None or self.context.db is None:
            self.ticker.stop()
            self.view = ClockView(self.context.clock.now(), None, None)
            self.updated.emit(self.view)
            return
        self.ticker.start()
        self._board_due = True
        self.give_due()  # one that fell due while the app was closed is given now

    def want_board(self, reader: QWidget, shown: Callable[[], bool]) -> None:
        """Read the round's board while ``shown()`` says ``reader`` shows it (the Rounds
        page, the projector), and at once when ``reader`` is shown with the board behind.
        With none of them on show a change reads the clock and the rounds only: the status
        bar's count of sheets in is the rounds' own."""
        self._board_shown.append(weakref.WeakMethod(shown))
        reader.installEventFilter(self)
        if shown():
            self.board_needed()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Show:
            self.board_needed()
        return False

    def board_needed(self) -> None:
        """A reader of the board is shown: read it now if changes were read without it."""
        if self.board_missed:
            self.refresh(aim=False)

    def _board_wanted(self) -> bool:
        for kept in list(self._board_shown):
            shown = kept()
            try:
                if shown is not None and shown():
                    return True
            except RuntimeError:  # its widget is gone
                shown = None
            if shown is None:
                self._board_shown.remove(kept)
        return False

    def refresh(self, *, aim: bool = True) -> None:
        """Read the board (on opening an event, and where it is on show) and the clock
        again, and aim at the next announcement (not after a change to sheets or entrants
        alone, which leaves the clock's timetable as it was)."""
        self.reads.drop()  # a read under way off the window's thread is older than this one
        self._show_read(self._reader()())
        if aim:
            self._aim()

    def refresh_later(self) -> None:
        """``refresh`` for what the tables' server changed (sheets, drafts): the board and
        the rounds read off the window's thread, then shown; the window's thread never waits
        on the reads (``ui/off_thread.py``)."""
        self.reads.ask(self._reader(), self._show_read)

    def _reader(self) -> Callable[[], _Read | None]:
        """What a refresh reads, as a function that may run on another thread: the board
        (where something on show needs it, else the one kept), the rounds."""
        db, event_id = self.context.db, self._event_id
        if db is None or event_id is None:
            return lambda: (None, None, False)
        wanted = self._board_due or self._board_wanted()
        self._board_due = False
        kept = self.view.board
        kept = kept if kept is not None and kept.event_id == event_id else None

        def read() -> _Read:
            board = kept
            if wanted:
                try:
                    board = board_service.board(db, event_id)
                except UserError:
                    board = None
            try:
                rounds = rounds_service.status(db, event_id)
            except UserError:
                rounds = None
            return board, rounds, not wanted

        return read

    def _show_read(self, found: _Read) -> None:
        board, rounds, self.board_missed = found
        self._read(board, rounds)
        if self.board_missed and self._board_wanted():  # shown since the read was asked
            self.refresh(aim=False)

    def read_clock(self) -> None:
        """Read the clock again (each tick); the board stays as last read."""
        self._read(self.view.board, self.view.rounds)

    def give_due(self) -> None:
        """Give the announcements due now (the services store that they were given)."""
        db, event_id = self.context.db, self._event_id
        if db is None or event_id is None:
            return
        rounds = self._rounds()  # read afresh: an event may have been given a clock
        fired = None
        if rounds is not None and rounds.clock:
            try:
                fired = clock_service.fire_due(Desk(db, event_id, self.context.clock).by("clock"))
            except UserError:
                fired = None
        if fired is not None and fired.given:
            now = self.context.clock.now()
            status = self._status(rounds)
            texts = [announcement_text(due, now, status) for due in fired.given]
            self.last_announcement = " · ".join(texts)
            self.announced.emit(self.last_announcement)
            self.given.emit(tuple(fired.given))
            self.context.publish(changes_of(fired))  # the watch refreshes through this
        else:
            self.refresh()

    def _status(self, rounds: RoundsStatus | None) -> ClockStatus | None:
        db, event_id = self.context.db, self._event_id
        if db is None or event_id is None or rounds is None or not rounds.clock:
            return None
        try:
            return clock_service.status(db, event_id, self.context.clock)
        except UserError:
            return None

    def _rounds(self) -> RoundsStatus | None:
        db, event_id = self.context.db, self._event_id
        if db is None or event_id is None:
            return None
        try:
            return rounds_service.status(db, event_id)
        except UserError:
            return None

    def _read(self, board: Board | None, rounds: RoundsStatus | None) -> None:
        self.view = ClockView(self.context.clock.now(), self._status(rounds), board, rounds)
        status = self.view.status
        if self.last_announcement and (status is None or not status.going):
            self.last_announcement = ""  # the round it was about is over
            self.announced.emit("")
        self.updated.emit(self.view)

    def _aim(self) -> None:
        db, event_id = self.context.db, self._event_id
        due = None
        if db is not None and event_id is not None and self.view.timed:
            try:
                due = clock_service.next_due(db, event_id, self.context.clock)
            except UserError:
                due = None
        self.ticker.aim(due.at if due is not None else None)
