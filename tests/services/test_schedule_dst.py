"""A Grand Prix weekend across the autumn daylight-saving change (Denver: Sunday 1 November
2026, 2:00 MDT becomes 1:00 MST): Saturday's rounds are at UTC-6, Sunday's at UTC-7, and
each reads at its own local time (Sunday's first round at 9:30 AM, not 8:30); a round
running across the change neither skips nor repeats an announcement and its time left
does not jump."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from clubdesk.services import roundclock as service
from clubdesk.services import rounds
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime, zone_of
from tests import builder
from tests.cli.helpers import ok

DENVER = ZoneInfo("America/Denver")
MDT = dt.timezone(dt.timedelta(hours=-6))
MST = dt.timezone(dt.timedelta(hours=-7))
SATURDAY = dt.date(2026, 10, 31)


@pytest.fixture
def denver(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's time zone is Denver's for the test, then what it was."""
    monkeypatch.setenv("TZ", "America/Denver")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def weekend(db, clock) -> str:
    event_id = builder.event(db, clock, entrants=8, date=SATURDAY)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    return event_id


def starts(db, event_id: str, clock) -> list[str]:
    return [row.starts.isoformat() for row in service.schedule(db, event_id, clock).rounds]


def test_each_day_of_the_timetable_has_its_own_offset(db) -> None:
    clock = FakeTime(dt.datetime(2026, 10, 31, 9, 0, tzinfo=DENVER))
    rows = starts(db, weekend(db, clock), clock)
    assert rows[0] == "2026-10-31T10:15:00-06:00"
    assert rows[7] == "2026-10-31T21:30:00-06:00"
    assert rows[8:] == ["2026-11-01T09:30:00-07:00", "2026-11-01T10:45:00-07:00",
                        "2026-11-01T12:00:00-07:00"]  # fmt: skip


def test_a_clock_with_a_fixed_offset_is_placed_by_the_computers_zone(db, denver) -> None:
    # the window's clock reads Saturday morning as UTC-6; the computer's zone is Denver's
    clock = FakeTime(dt.datetime(2026, 10, 31, 9, 0, tzinfo=MDT))
    assert zone_of(clock.now()) == DENVER
    assert starts(db, weekend(db, clock), clock)[8] == "2026-11-01T09:30:00-07:00"
    clock.set(dt.datetime(2026, 11, 1, 8, 0, tzinfo=MST))  # Sunday morning reads UTC-7
    assert starts(db, weekend(db, clock), clock)[0] == "2026-10-31T10:15:00-06:00"


def test_a_zone_the_computer_does_not_share_keeps_its_offset(monkeypatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Paris")
    assert zone_of(dt.datetime(2026, 10, 31, 9, 0, tzinfo=MDT)) == MDT


def test_the_schedule_text_reads_local_times_on_both_sides_of_the_change(tmp_path, denver):
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        weekend(db, FakeTime(dt.datetime(2026, 10, 30, 12, 0, tzinfo=DENVER)))
    text = ok("schedule", "--db", path, "--format", "text").splitlines()
    rows = [line.split(None, 1)[1] for line in text[5:]]
    assert rows[0].split()[:5] == ["Sat", "31", "Oct", "10:15", "AM"]
    assert rows[7].split()[:5] == ["Sat", "31", "Oct", "9:30", "PM"]
    assert rows[8].split()[:5] == ["Sun", "1", "Nov", "9:30", "AM"]
    rounds = json.loads(ok("schedule", "--db", path))["rounds"]
    assert rounds[0]["starts"] == "2026-10-31T10:15:00-06:00"
    assert rounds[8]["starts"] == "2026-11-01T09:30:00-07:00"


def test_a_round_across_the_change_neither_skips_nor_repeats(tmp_path: Path) -> None:
    """Round 1 started at 1:20 AM MDT; at 2:00 MDT the laptop's clock reads 1:00 MST (the
    same instant, another offset). The warning is due 50 minutes in, at 1:10 MST."""
    clock = FakeTime(dt.datetime(2026, 11, 1, 1, 20, tzinfo=MDT))
    with open_database(tmp_path / "club.sqlite") as db:
        event_id = weekend(db, clock)
        rounds.start_round(Desk(db, event_id, clock), 1)
        given = []
        for minute in range(1, 71):
            clock.advance(minutes=1)
            if minute == 40:  # 2:00 MDT: the clock now reads standard time
                clock.set(clock.now().astimezone(MST))
                assert clock.now().hour == 1
            status = service.status(db, event_id, clock)
            assert status.remaining_s == max(0, 3600 - 60 * minute)  # no jump
            given += [
                (d.announcement, d.at)
                for d in service.fire_due(Desk(db, event_id, clock).by("clock")).given
            ]
    assert given == [
        ("warning", dt.datetime(2026, 11, 1, 1, 10, tzinfo=MST)),
        ("time", dt.datetime(2026, 11, 1, 1, 20, tzinfo=MST)),
    ]
