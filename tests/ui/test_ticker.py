"""The clock's timers: aimed from the clock each time, never counted."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.ui.clock.ticker import FakeTimer, Ticker, ms_to_next_second, ms_until
from tests.conftest import CLUB_TIME

MORNING = dt.datetime(2024, 3, 9, 10, 15, tzinfo=CLUB_TIME)


def test_the_next_second_boundary_is_worked_out_from_the_time():
    assert ms_to_next_second(MORNING) == 1000
    assert ms_to_next_second(MORNING + dt.timedelta(milliseconds=250)) == 750
    assert ms_to_next_second(MORNING + dt.timedelta(microseconds=999_999)) == 1


def test_a_due_instant_is_never_reached_early():
    assert ms_until(MORNING, MORNING + dt.timedelta(minutes=50)) == 3_000_000
    assert ms_until(MORNING, MORNING + dt.timedelta(microseconds=1500)) == 2
    assert ms_until(MORNING, MORNING - dt.timedelta(seconds=3)) == 0


@pytest.fixture
def ticker(qapp, clock) -> Ticker:
    return Ticker(clock, FakeTimer)


def test_ticks_stay_on_the_second_boundary_however_late_a_tick_comes(ticker, clock):
    ticks = []
    ticker.tick.connect(lambda: ticks.append(clock.now()))
    clock.advance(seconds=0.4)
    ticker.start()
    assert ticker.second_timer.interval == 600
    clock.advance(seconds=1.9)  # the timer came late (a busy laptop): 2.3 s after the start
    ticker.second_timer.fire()
    assert ticks == [clock.now()]
    assert ticker.second_timer.interval == 700  # aimed at the next boundary, not 1000 on
    ticker.stop()
    assert not ticker.running


def test_the_announcement_shot_is_aimed_at_its_instant_and_fires_once(ticker, clock):
    fired = []
    ticker.due.connect(lambda: fired.append(clock.now()))
    at = clock.now() + dt.timedelta(minutes=50)
    ticker.aim(at)
    assert ticker.due_timer.interval == 50 * 60 * 1000
    assert ticker.aimed_at == at
    clock.advance(minutes=50)
    ticker.due_timer.fire()
    assert fired == [at]
    assert not ticker.due_timer.isActive() and ticker.aimed_at is None
    ticker.aim(None)
    assert ticker.due_timer.interval is None
