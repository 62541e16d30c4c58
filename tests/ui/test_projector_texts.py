"""The projector's words for each phase of the clock, and its seating pages and
``--projector`` on the command line."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.domain.roundclock.state import ClockStatus, NextRound
from clubdesk.services import board as board_service
from clubdesk.services.board import Board, BoardTable, Seated
from clubdesk.ui import app as ui_app
from clubdesk.ui.clock.watch import ClockView
from clubdesk.ui.clock.watch import clock_time as twelve_hour
from clubdesk.ui.projector.slides import TABLES_PER_PAGE, notice_slide, seating_slides
from clubdesk.ui.projector.texts import coming_next, projector_text
from tests.cli.helpers import clubdesk

TZ = dt.timezone(dt.timedelta(hours=-5))
NOW = dt.datetime(2024, 3, 9, 11, 31, tzinfo=TZ)


def between(phase: str, round_number: int, at: dt.datetime, name: str = "") -> ClockStatus:
    return ClockStatus(round_number - 1, phase, None, None, None, None,  # type: ignore[arg-type]
                       NextRound(round_number, at), name)  # fmt: skip


def test_the_hall_reads_twelve_hour_times():
    assert twelve_hour(NOW.replace(hour=14, minute=10)) == "2:10 PM"
    assert twelve_hour(NOW.replace(hour=9, minute=30)) == "9:30 AM"
    assert twelve_hour(NOW.replace(hour=0, minute=5)) == "12:05 AM"
    assert twelve_hour(NOW.replace(hour=12, minute=0)) == "12:00 PM"


def test_what_comes_next_in_each_pause():
    assert coming_next(between("break", 5, NOW.replace(minute=46)), NOW) == "Break until 11:46 AM"
    lunch = between("meal", 3, NOW.replace(hour=14, minute=10), "Lunch")
    assert coming_next(lunch, NOW) == "Lunch: back at 2:10 PM"
    # the name comes from the rules, never from the hour; an unnamed meal is a meal
    late_lunch = between("meal", 3, NOW.replace(hour=17, minute=0), "Lunch")
    assert coming_next(late_lunch, NOW) == "Lunch: back at 5:00 PM"
    unnamed = between("meal", 3, NOW.replace(hour=14, minute=10))
    assert coming_next(unnamed, NOW) == "Meal: back at 2:10 PM"
    tomorrow = between("overnight", 9, NOW.replace(day=10, hour=9, minute=30))
    assert coming_next(tomorrow, NOW) == "Round 9 starts tomorrow at 9:30 AM"
    first = between("not_started", 1, NOW.replace(hour=12, minute=0))
    assert coming_next(first, NOW) == "Round 1 starts at 12:00 PM"
    done = ClockStatus(11, "finished", None, None, None, None, None)
    assert coming_next(done, NOW) == "Every round is played"


def test_a_break_counts_down_to_the_next_round():
    view = ClockView(NOW, between("break", 5, NOW.replace(minute=46)), None)
    text = projector_text(view, 11)
    assert (text.round_line, text.digits, text.mood) == ("Round 5 of 11 next", "15:00", "between")
    overnight = ClockView(NOW, between("overnight", 9, NOW.replace(day=10, hour=9)), None)
    assert projector_text(overnight, 11).digits == ""  # no countdown over a night


def test_the_warning_says_its_minutes():
    ends = NOW + dt.timedelta(minutes=10)
    status = ClockStatus(4, "warning", 600, NOW, ends, NOW, None)
    text = projector_text(ClockView(NOW, status, None), 11)
    assert text.banner == "10 MINUTES LEFT IN ROUND 4" and text.mood == "warning"
    assert text.round_line == "Round 4 of 11" and text.digits == "10:00"


def fake_board(tables: int) -> Board:
    rows = tuple(
        BoardTable(n, (Seated(2 * n - 1, ""),), (Seated(2 * n, ""),), "waiting")
        for n in range(1, tables + 1)
    )
    return Board("e", "Club night", 8, 2, "pending", rows, (Seated(99, ""),))


def test_thirty_four_tables_of_seating_go_on_three_pages(monkeypatch):
    monkeypatch.setattr(board_service, "board", lambda db, event_id, number: fake_board(34))
    slides = seating_slides(None, "e", 2)  # type: ignore[arg-type]
    assert [s.heading for s in slides] == [
        "Round 2 seating (1 of 3)",
        "Round 2 seating (2 of 3)",
        "Round 2 seating (3 of 3)",
    ]
    assert [len(s.rows) for s in slides] == [TABLES_PER_PAGE, TABLES_PER_PAGE, 3]
    assert slides[0].rows[0] == ("Table 1", "1", "v", "2")
    assert slides[-1].rows[-1] == ("Bye", "99", "", "")
    assert all(s.columns == 2 for s in slides[:2])


def test_an_empty_notice_is_no_slide():
    assert notice_slide("  \n ") is None
    slide = notice_slide(" Cake at the bar ")
    assert slide is not None and slide.rows == (("Cake at the bar",),)


def test_the_command_line_opens_the_projector_on_a_screen(monkeypatch):
    asked: list[int | None] = []
    monkeypatch.setattr(
        ui_app, "run", lambda path, demo=False, projector=None: asked.append(projector) or 0
    )
    assert clubdesk("--db", "x.sqlite", "--projector").code == 0
    assert clubdesk("--db", "x.sqlite", "--projector", "2").code == 0
    assert clubdesk("--db", "x.sqlite").code == 0
    assert asked == [1, 2, None]


@pytest.mark.parametrize("bad", ["0", "two", "-1"])
def test_a_bad_screen_number_is_refused_in_one_line(bad, monkeypatch):
    monkeypatch.setattr(ui_app, "run", lambda *a, **k: pytest.fail("the window opened"))
    ran = clubdesk("--projector", bad)
    assert ran.code == 2
    assert ran.err.count("\n") == 1 and "--projector" in ran.err and "Traceback" not in ran.err
