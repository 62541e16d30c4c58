"""Rounds without a clock (NPA, Sun City West, house gin, bid whist): started with F5,
closed, the next one seated and started; the clock panel and the status bar say the round,
since when it has been played and the sheets in. On the fake clock with fake timers."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt

from clubdesk.services import sheets
from clubdesk.services.changes import changes_of
from clubdesk.services.command import Desk
from clubdesk.ui.clock.status_bar import StatusClock
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import SCHEDULE_TAB, RoundsPage
from tests import builder
from tests.ui.showing import show_active


@pytest.fixture
def npa(qtbot, db, clock):
    """Twelve NPA players drawn (three tables), nothing started; the page shown."""
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12,
                             players=lambda n: [f"Player{n} Smith"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    watch = ClockWatch(context, ticker, context)
    page = RoundsPage(context, watch)
    bar = StatusClock(watch)
    qtbot.addWidget(page)
    qtbot.addWidget(bar)
    page.resize(1280, 800)
    show_active(page)
    page.confirm = lambda title, question: True
    return page, bar, ticker, context, event_id


def hand_in(db, clock, context, event_id: str, number: int, table: int, score) -> None:
    done = sheets.submit_sheet(
        Desk(db, event_id, clock), number, table, final_score=score,
        signatures=builder.signers(db, event_id, number, table),
    )  # fmt: skip
    context.publish(changes_of(done))


def test_f5_starts_round_one_and_the_page_says_since_when(npa, qtbot, clock) -> None:
    page, bar, ticker, _, _ = npa
    assert page.start_button.isEnabled()
    assert page.start_button.text() == "Start round 1  (F5)"
    assert page.clock_panel.phase_label.text() == "Round 1 next: start it with F5"
    assert not page.pause_button.isVisible() and not page.end_button.isVisible()
    assert not page.tabs.isTabVisible(SCHEDULE_TAB)  # no clock, no timetable
    qtbot.keyClick(page, Qt.Key.Key_F5)
    assert page.clock_panel.round_label.text() == "Round 1 of 6 · in play since 9:30 AM"
    assert page.clock_panel.phase_label.text() == "In play"
    assert page.big_time.text() == "00:00"
    clock.advance(dt.timedelta(minutes=42, seconds=10))
    ticker.second_timer.fire()
    assert page.big_time.text() == "42:10"
    assert bar.text() == "Round 1 · 0 of 3 sheets in"
    assert not page.start_button.isEnabled()  # round 2 waits for round 1's close
    assert page.model.rowCount() == 3


def test_closing_seats_the_next_round_and_f5_starts_it(npa, qtbot, db, clock) -> None:
    page, bar, _, context, event_id = npa
    qtbot.keyClick(page, Qt.Key.Key_F5)
    for table in (1, 2, 3):
        hand_in(db, clock, context, event_id, 1, table, (300 + table, 250))
    assert bar.text() == "Round 1 · 3 of 3 sheets in"
    qtbot.keyClick(page, Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier)  # close
    assert page.clock_panel.round_label.text() == "Round 1 of 6 · closed"
    assert page.clock_panel.phase_label.text() == "Round 2 next: start it with F5"
    assert bar.text() == "Round 1 · Round 2 next"
    assert page.big_time.text() == "--:--"
    assert page.start_button.text() == "Start round 2  (F5)"
    clock.advance(dt.timedelta(minutes=5))
    qtbot.keyClick(page, Qt.Key.Key_F5)
    assert page.clock_panel.round_label.text() == "Round 2 of 6 · in play since 9:35 AM"
    assert page.board_heading.text() == "Round 2's tables"
    assert bar.text() == "Round 2 · 0 of 3 sheets in"


def test_the_projector_shows_the_round_in_play_and_between_rounds_the_next(
    npa, qtbot, db, clock
) -> None:
    """The hall sees the round and its seating; between rounds the next round's seating and
    the leaders."""
    from clubdesk.ui.projector.window import ProjectorWindow

    page, _, _, context, event_id = npa
    projector = ProjectorWindow(context, page.watch, FakeTimer)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    assert projector.round_label.text() == "Round 1 next"
    assert projector.current_slide().heading == "Round 1 seating"  # known from the draw
    qtbot.keyClick(page, Qt.Key.Key_F5)
    assert projector.round_label.text() == "Round 1 of 6"
    assert projector.next_label.text() == "In play since 9:30 AM"
    assert not projector.digits_label.isVisible()  # no clock: no digits
    assert projector.current_slide().heading == "Round 1 seating"
    for table in (1, 2, 3):
        hand_in(db, clock, context, event_id, 1, table, (300 + table, 250))
    qtbot.keyClick(page, Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier)  # close
    assert projector.round_label.text() == "Round 2 next"
    assert [s.heading for s in projector.slides] == ["Round 2 seating", "Leaders after round 1"]
    assert projector.current_slide().heading == "Round 2 seating"
