"""The clock in words: the status bar line, the phase, the announcements."""

from __future__ import annotations

import datetime as dt

from clubdesk.domain.roundclock.state import ClockStatus, Due, NextRound
from clubdesk.ui.clock.watch import (
    ClockView,
    announcement_text,
    phase_words,
    status_line,
    time_left,
)
from clubdesk.ui.projector.texts import coming_next
from tests.conftest import CLUB_TIME

NOW = dt.datetime(2024, 3, 9, 11, 31, tzinfo=CLUB_TIME)


def between(phase: str, round_number: int, at: dt.datetime, name: str = "") -> ClockStatus:
    return ClockStatus(round_number, phase, None, NOW, NOW, None,  # type: ignore[arg-type]
                       NextRound(round_number + 1, at), name)  # fmt: skip


def test_time_left_reads_as_a_countdown():
    assert time_left(23 * 60 + 41) == "23:41"
    assert time_left(3600) == "60:00"
    assert time_left(9) == "00:09"
    assert time_left(-5) == "00:00"
    assert time_left(105 * 60) == "1:45:00"


def test_between_rounds_the_line_says_what_comes_next():
    brk = between("break", 4, NOW + dt.timedelta(minutes=15))
    assert status_line(ClockView(NOW, brk, None)) == "Round 4 · Break until 11:46 AM"
    meal = between("meal", 2, NOW + dt.timedelta(minutes=90), "Lunch")
    assert phase_words(meal, NOW) == "Lunch: back at 1:01 PM"
    night = between("overnight", 8, dt.datetime(2024, 3, 10, 9, 30, tzinfo=CLUB_TIME))
    assert phase_words(night, NOW) == "Round 9 starts tomorrow at 9:30 AM"


def test_the_status_bar_words_a_pause_as_the_projector_does():
    for status in (
        between("break", 4, NOW + dt.timedelta(minutes=15)),
        between("meal", 2, NOW + dt.timedelta(minutes=90), "Dinner"),
        between("meal", 2, NOW + dt.timedelta(minutes=90)),
        between("overnight", 8, dt.datetime(2024, 3, 10, 9, 30, tzinfo=CLUB_TIME)),
    ):
        bar = status_line(ClockView(NOW, status, None))
        assert bar == f"Round {status.round} · {coming_next(status, NOW)}"
    last = ClockStatus(11, "finished", None, NOW, NOW, None, None)
    assert status_line(ClockView(NOW, last, None)) == "Round 11 · Every round is played"


def test_an_announcement_given_late_says_when_it_was_due():
    ends = NOW + dt.timedelta(minutes=10)
    status = ClockStatus(4, "warning", 600, NOW, ends, NOW, None)
    warning = Due(4, "warning", NOW)
    assert announcement_text(warning, NOW, status) == "10 minutes left in round 4"
    later = NOW + dt.timedelta(minutes=3)
    assert announcement_text(warning, later, status) == (
        "10 minutes left in round 4 (the warning was due at 11:31 AM)"
    )
    time_up = Due(4, "time", ends)
    assert announcement_text(time_up, ends, status) == "Time in round 4: finish the hand in play"
    assert announcement_text(time_up, ends + dt.timedelta(minutes=1), status).endswith(
        "(time was due at 11:41 AM)"
    )
