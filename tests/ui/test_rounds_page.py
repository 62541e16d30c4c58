"""The Rounds page and the status bar's clock, on the fake clock with fake timers."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt

from clubdesk.services import command, sheets
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import changes_of
from clubdesk.ui.clock.status_bar import StatusClock, phase_of
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from tests import builder


@dataclass
class FrontDesk:
    """The page, the status bar clock and what drives them."""

    page: RoundsPage
    bar: StatusClock
    ticker: Ticker
    context: UiContext
    event_id: str
    asked: list[str]
    answer: bool = True

    def tick(self) -> None:
        self.ticker.second_timer.fire()

    def submit(self, db, clock, table: int, score=(520, 300)) -> None:
        """A signed sheet handed in and entered, as the sheet dialog will do it."""
        done = sheets.submit_sheet(
            command.Desk(db, self.event_id, clock), 1, table, final_score=score,
            signatures=builder.signers(db, self.event_id, 1, table),
        )  # fmt: skip
        self.context.publish(changes_of(done))


@pytest.fixture
def desk(qtbot, db, clock) -> FrontDesk:
    """Seven Grand Prix teams (three tables and a bye), round 1 published, not started."""
    event_id = builder.event(
        db, clock, entrants=7, players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"],
        entrant_name=lambda n: f"Team {n}",
    )  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    watch = ClockWatch(context, ticker, context)
    page = RoundsPage(context, watch)
    bar = StatusClock(watch)
    qtbot.addWidget(page)
    qtbot.addWidget(bar)
    page.resize(1280, 800)
    page.show()
    found = FrontDesk(page, bar, ticker, context, event_id, [])

    def confirm(title: str, question: str) -> bool:
        found.asked.append(question)
        return found.answer

    page.confirm = confirm
    return found


def started(desk: FrontDesk) -> FrontDesk:
    desk.page.start_button.click()
    return desk


def test_before_the_start_the_page_offers_round_one(desk):
    page = desk.page
    assert page.start_button.text() == "Start round 1  (F5)"
    assert page.start_button.isEnabled()
    assert not page.pause_button.isEnabled() and not page.end_button.isEnabled()
    assert page.board_heading.text() == "Round 1's tables · not started"
    assert page.count_label.text() == "0 of 3 sheets in"
    assert page.model.rowCount() == 3
    assert page.byes_label.text().startswith("Bye: ")
    assert desk.bar.text().startswith("Round 1 starts at 10:15 AM")


def test_starting_a_round_from_the_page_starts_its_clock(desk, clock):
    started(desk)
    page = desk.page
    assert page.big_time.text() == "60:00"
    assert page.phase_label.text() == "Running"
    assert page.round_label.text() == "Round 1 of 11 · ends at 10:30 AM · warning at 10:20 AM"
    assert desk.bar.text() == "Round 1 · 60:00 left · 0 of 3 sheets in"
    assert desk.ticker.due_timer.interval == 50 * 60 * 1000  # aimed at the warning
    clock.advance(minutes=12, seconds=19.5)
    desk.tick()
    assert page.big_time.text() == "47:41"
    assert desk.bar.text() == "Round 1 · 47:41 left · 0 of 3 sheets in"
    assert desk.ticker.second_timer.interval == 500  # the next second boundary
    assert not page.start_button.isEnabled()


def test_pause_and_resume_hold_the_time_left(desk, clock, qtbot):
    started(desk)
    clock.advance(minutes=10)
    qtbot.keyClick(desk.page, Qt.Key.Key_F6)
    assert desk.page.pause_button.text() == "Resume  (F6)"
    assert desk.bar.text() == "Round 1 · Paused · 50:00 left · 0 of 3 sheets in"
    assert desk.bar.phase() == "paused"
    assert desk.ticker.due_timer.interval is None  # nothing falls due while paused
    clock.advance(minutes=7)
    desk.tick()
    assert desk.page.big_time.text() == "50:00"
    desk.page.pause_button.click()
    assert desk.page.phase_label.text() == "Running"
    assert desk.ticker.due_timer.interval == 40 * 60 * 1000  # aimed at the warning again
    clock.advance(minutes=1)
    desk.tick()
    assert desk.page.big_time.text() == "49:00"


def test_a_minute_more_or_less_changes_the_time_left(desk, clock, qtbot):
    started(desk)
    qtbot.keyClick(desk.page, Qt.Key.Key_F8)
    assert desk.page.big_time.text() == "61:00"
    qtbot.keyClick(desk.page, Qt.Key.Key_F7)
    desk.page.less_button.click()
    assert desk.page.big_time.text() == "59:00"
    assert desk.bar.text().startswith("Round 1 · 59:00 left")
    assert desk.ticker.due_timer.interval == 49 * 60 * 1000


def test_the_warning_colour_comes_when_the_clock_crosses_the_warning(desk, clock):
    started(desk)
    clock.advance(minutes=49, seconds=59)
    desk.tick()
    assert desk.bar.phase() == "running"
    clock.advance(seconds=1)
    desk.tick()
    assert desk.bar.phase() == "warning"
    assert phase_of(desk.page.clock_panel) == "warning"
    assert desk.page.phase_label.text() == "Warning"
    desk.ticker.due_timer.fire()  # the shot aimed at the warning
    assert desk.bar.announcement_label.text() == "10 minutes left in round 1"
    assert desk.page.announcement_label.text() == "10 minutes left in round 1"
    assert clock_service.fire_due(desk.context.desk.by("clock")).given == ()  # stored
    assert desk.ticker.due_timer.interval == 10 * 60 * 1000  # now aimed at time
    clock.advance(minutes=10)
    desk.ticker.due_timer.fire()
    desk.tick()
    assert desk.bar.text() == "Round 1 · TIME · 0 of 3 sheets in"
    assert desk.bar.phase() == "time"
    assert desk.bar.announcement_label.text() == "Time in round 1: finish the hand in play"
    assert desk.ticker.due_timer.interval is None
    desk.page.end_button.click()  # the round is over: so is what was announced in it
    assert desk.bar.announcement_label.text() == ""
    assert desk.page.announcement_label.text() == ""


def test_an_announcement_missed_while_closed_is_given_once_on_opening(desk, db, clock):
    started(desk)
    desk.ticker.stop()
    clock.advance(minutes=55)  # the laptop was shut over the warning
    context = UiContext(db, clock, desk.event_id)
    ticker = Ticker(clock, FakeTimer, context)
    watch = ClockWatch(context, ticker, context)
    assert watch.last_announcement == "10 minutes left in round 1 (the warning was due at 10:20 AM)"
    assert desk.bar.announcement_label.text() == ""  # another window's watch
    again = ClockWatch(UiContext(db, clock, desk.event_id), Ticker(clock, FakeTimer))
    assert again.last_announcement == ""


def test_the_status_bar_counts_sheets_as_they_come_in(desk, db, clock):
    started(desk)
    desk.submit(db, clock, 1)
    assert desk.bar.text() == "Round 1 · 60:00 left · 1 of 3 sheets in"
    desk.submit(db, clock, 3, (300, 520))
    assert desk.page.count_label.text() == "2 of 3 sheets in"
    states = [desk.page.model.index(r, 3).data() for r in range(3)]
    assert states == ["Submitted", "Waiting", "Submitted"]


def test_ending_with_time_left_asks_first(desk, clock):
    started(desk)
    clock.advance(minutes=45)
    desk.answer = False
    desk.page.end_button.click()
    assert desk.asked == ["Round 1 has 15:00 left. End it now?"]
    assert desk.page.phase_label.text() == "Running"
    desk.answer = True
    desk.page.end_button.click()
    assert desk.bar.text() == "Round 1 · Break until 10:30 AM · 0 of 3 sheets in"
    assert desk.page.big_time.text() == "15:00"  # the break counting down
    clock.advance(minutes=4, seconds=30)
    desk.tick()
    assert desk.page.big_time.text() == "10:30"
    assert desk.page.start_button.text() == "Start round 2  (F5)"


def test_the_next_round_starts_without_waiting_for_paperwork(desk, clock):
    started(desk)
    clock.advance(minutes=60)
    desk.page.end_button.click()  # time is up: nothing to ask
    assert desk.asked == []
    desk.page.start_button.click()  # round 1's sheets are still out: round 2 is seated and runs
    assert not desk.page.error_label.isVisible()
    assert desk.page.board_heading.text().startswith("Round 2's tables")


def test_closing_with_a_table_missing_names_it_and_reopening_undoes_it(desk, db, clock):
    started(desk)
    desk.submit(db, clock, 1)
    desk.submit(db, clock, 3, (300, 520))
    desk.answer = False
    desk.page.close_button.click()
    assert desk.asked == [
        "Round 1 still waits for table 2. Close it without that sheet? Both sides there then "
        "score 0 for the round (Reopen undoes it until round 2 starts)."
    ]
    assert desk.page.board().status == "running"
    desk.answer = True
    assert desk.page.close_button.text() == "Close round 1…  (Ctrl+F9)"
    desk.page.close_button.click()
    assert desk.page.board().status == "closed"
    assert desk.page.board_heading.text() == "Round 1's tables · closed"
    assert desk.page.model.index(1, 3).data() == "No sheet: 0"
    assert desk.page.count_label.text() == "2 of 3 sheets in"
    assert desk.page.reopen_button.isEnabled() and not desk.page.close_button.isEnabled()
    assert desk.page.phase_label.text().startswith("Break until ")  # the clock ended with it
    desk.page.reopen_button.click()
    assert desk.page.board().status == "running"
    assert desk.page.close_button.isEnabled() and not desk.page.reopen_button.isEnabled()


def test_every_control_has_its_key(desk, db, clock, qtbot):
    page = desk.page
    keys = {
        page.start_button: "(F5)", page.pause_button: "(F6)", page.less_button: "(F7)",
        page.more_button: "(F8)", page.end_button: "(F9)", page.close_button: "(Ctrl+F9)",
        page.reopen_button: "(Ctrl+Shift+F9)",
    }  # fmt: skip
    for button, key in keys.items():
        assert button.text().endswith(key), button.text()
    qtbot.keyClick(page, Qt.Key.Key_F5)
    assert page.phase_label.text() == "Running"
    clock.advance(minutes=30)
    desk.answer = False
    qtbot.keyClick(page, Qt.Key.Key_F9)  # time left: asks first, and No keeps it running
    assert desk.asked == ["Round 1 has 30:00 left. End it now?"]
    assert page.phase_label.text() == "Running"
    desk.answer = True
    qtbot.keyClick(page, Qt.Key.Key_F9)
    assert page.phase_label.text().startswith("Break until ")
    for table in (1, 2, 3):
        desk.submit(db, clock, table)
    qtbot.keyClick(page, Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier)
    assert page.board().status == "closed"
    qtbot.keyClick(
        page,
        Qt.Key.Key_F9,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert page.board().status == "running"
