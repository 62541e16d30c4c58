"""The schedule on the Rounds page: its rows as the timetable now stands, the director's two
start times, a bad time refused at its field; on the fake clock with fake timers."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.services import events
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import changes_of
from clubdesk.services.command import Desk, list_audit
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.rounds.schedule_panel import SchedulePanel
from clubdesk.ui.style import is_invalid
from tests import builder
from tests.conftest import CLUB_TIME


def at(hhmm: str) -> dt.datetime:
    return dt.datetime.combine(dt.date(2024, 3, 9), dt.time.fromisoformat(hhmm), tzinfo=CLUB_TIME)


@pytest.fixture
def page(qtbot, db, clock) -> RoundsPage:
    """A Grand Prix of 8 teams on Saturday 9 March 2024, round 1 seated, the page at
    1280x820."""
    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    found = RoundsPage(context, ClockWatch(context, ticker, context))
    qtbot.addWidget(found)
    found.resize(1280, 820)
    found.show()
    found.tabs.setCurrentWidget(found.schedule_panel.parentWidget())  # the Schedule tab
    return found


def rows(panel: SchedulePanel) -> list[list[str]]:
    table = panel.table
    return [
        [table.item(r, c).text() if table.item(r, c) else "" for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_the_rows_are_the_grand_prix_timetable(page) -> None:
    shown = rows(page.schedule_panel)
    assert shown[0] == ["1", "10:15 AM", "11:05 AM", "11:15 AM", "Break 15 min"]
    assert shown[1] == ["2", "11:30 AM", "12:20 PM", "12:30 PM", "Lunch 90 min"]
    assert shown[4][4] == "Dinner 90 min"
    assert shown[7] == ["8", "9:30 PM", "10:20 PM", "10:30 PM", "Overnight"]
    assert shown[8][0] == "Sunday 10 March"  # the day the rounds after the night are played
    assert shown[9] == ["9", "9:30 AM", "10:20 AM", "10:30 AM", "Break 15 min"]
    assert shown[11] == ["11", "12:00 PM", "12:50 PM", "1:00 PM", ""]


def test_it_fits_beside_the_board_without_scrolling_sideways(page) -> None:
    panel = page.schedule_panel
    assert panel.table.horizontalScrollBar().maximum() == 0
    assert panel.table.verticalScrollBar().maximum() == 0  # every round in sight at 820
    assert page.table_view.horizontalScrollBar().maximum() == 0
    assert page.table_view.width() >= 560  # the board keeps most of the page


def test_the_director_moves_the_first_round_and_the_rows_follow(page, db) -> None:
    panel = page.schedule_panel
    panel.first_edit.setText("10:45 am")
    panel.set_button.click()
    shown = rows(panel)
    assert [row[1] for row in shown[:3]] == ["10:45 AM", "12:00 PM", "2:30 PM"]
    assert panel.first_edit.text() == "10:45 AM"
    event_id = page.context.event_id
    assert events.get_event(db, event_id).settings["first_round_at"] == "10:45"
    assert [e.action for e in list_audit(db, event_id)][-1] == "event.update"


def test_the_next_morning_moves_the_second_day(page) -> None:
    panel = page.schedule_panel
    panel.morning_edit.setText("9:00")
    panel.morning_edit.returnPressed.emit()
    shown = rows(panel)
    assert [row[1] for row in shown[9:]] == ["9:00 AM", "10:15 AM", "11:30 AM"]


def test_a_bad_time_is_refused_at_its_field_and_nothing_changes(page, db) -> None:
    panel = page.schedule_panel
    before = len(list_audit(db, page.context.event_id))
    panel.morning_edit.setText("25:00")
    panel.set_button.click()
    assert panel.morning_error.isVisible()
    assert panel.morning_error.text() == "'25:00' is not a time of day like 10:15 AM."
    assert is_invalid(panel.morning_edit)
    assert not panel.first_error.isVisible()
    assert rows(panel)[9][1] == "9:30 AM"
    assert len(list_audit(db, page.context.event_id)) == before
    panel.morning_edit.setText("9:30 AM")
    panel.set_button.click()
    assert not panel.morning_error.isVisible()


def test_after_round_one_its_real_times_show_and_the_next_rows_follow(page, db, clock) -> None:
    panel, context = page.schedule_panel, page.context
    clock.set(at("10:15"))
    page.start_button.click()
    assert not panel.first_edit.isEnabled()  # round 1 has started: its start is a fact
    clock.advance(minutes=76)
    context.publish(changes_of(clock_service.end(Desk(db, context.event_id, clock))))  # 11:31
    shown = rows(panel)
    assert shown[0][:4] == ["1", "10:15 AM", "11:05 AM", "11:31 AM"]
    assert shown[1][1] == "11:46 AM"
    assert shown[2][1] == "2:16 PM"  # after lunch
    assert panel.table.item(0, 1).foreground().color().name() == "#6b747c"  # played


def test_the_round_being_played_is_in_bold(page, clock) -> None:
    clock.set(at("10:15"))
    page.start_button.click()
    panel = page.schedule_panel
    assert panel.table.item(0, 1).font().bold()
    assert not panel.table.item(1, 1).font().bold()


def test_a_format_without_a_clock_says_so(qtbot, db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    context = UiContext(db, clock, event_id)
    panel = SchedulePanel(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(panel)
    panel.show()
    assert panel.note.text().endswith("has no round clock, so no timetable.")
    assert not panel.table.isVisible() and not panel.times_box.isVisible()
