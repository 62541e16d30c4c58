"""One bad time never breaks the clock: a time given with ``--at`` is bounded at every
command that takes one (``clock``, ``round``), from the event's day to now plus a few
minutes; a round is numbered from 1; an event's day is a day of a club's calendar; and a
clock time an older clubdesk let in is refused in a plain line, never a crash (exit 1).

The computer's time zone is the club's (UTC-7), and the commands run late on the evening of
the event's day (``commands_at``).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.store import roundclock as clock_store
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, commands_at, ok, refused
from tests.cli.test_clock import club_time  # noqa: F401 - the club's time zone, a fixture

MST = dt.timezone(dt.timedelta(hours=-7))
EVENING = dt.datetime(2026, 12, 5, 23, 0, tzinfo=MST)
READS = (
    ("clock", "status"),
    ("schedule",),
    ("schedule", "--format", "text"),
    ("round", "status"),
)


@pytest.fixture
def db_file(tmp_path: Path, clock, club_time, monkeypatch) -> Path:  # noqa: F811 - the fixture
    """A Grand Prix of 8 teams on Saturday 5 December 2026, drawn, rounds 1 and 2 seated."""
    commands_at(monkeypatch, EVENING)
    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        event_id = builder.event(database, clock, "grand-prix-pinochle", entrants=8,
                                 date=dt.date(2026, 12, 5), name="Grand Prix")  # fmt: skip
        builder.draw(database, event_id, clock)
        builder.publish(database, event_id, 1, clock)
        builder.publish(database, event_id, 2, clock)
    return path


def clock_json(db_file: Path, *args: str) -> dict:
    return json.loads(ok("clock", *args, "--db", db_file))


def test_a_start_in_the_year_1_is_refused_and_the_clock_goes_on(db_file, tmp_path) -> None:
    before = db_file.read_bytes()
    assert refused("clock", "start", "--round", "1", "--db", db_file,
                   "--at", "0001-01-01T00:00:00+14:00") == (
        "at: Mon 1 Jan 1 12:00 AM is before the event's day (Sat 5 Dec 2026)")  # fmt: skip
    assert db_file.read_bytes() == before
    for read in READS:
        ok(*read, "--db", db_file)
    started = clock_json(db_file, "start", "--round", "1", "--at", "2026-12-05T10:15:00")
    assert (started["phase"], started["started_at"]) == ("running", "2026-12-05T10:15:00-07:00")
    clock_json(db_file, "pause", "--at", "2026-12-05T10:30:00")
    clock_json(db_file, "resume", "--at", "2026-12-05T10:31:00")
    ended = clock_json(db_file, "end", "--at", "2026-12-05T11:16:00")
    assert (ended["phase"], ended["ends_at"]) == ("break", "2026-12-05T11:16:00-07:00")
    assert ok("print", "schedule", "--db", db_file, "-o", tmp_path / "s.pdf").startswith("wrote")


def test_the_day_before_the_event_and_a_time_without_an_offset_are_refused(db_file) -> None:
    assert refused("clock", "start", "--round", "1", "--db", db_file,
                   "--at", "2026-12-04T23:59:00") == (
        "at: Fri 4 Dec 2026 11:59 PM is before the event's day (Sat 5 Dec 2026)")  # fmt: skip
    line = refused("clock", "start", "--round", "1", "--db", db_file, "--at", "0001-01-01T00:00:00")
    assert line == (
        "argument --at: '0001-01-01T00:00:00' is not a time of a club's day "
        "(see `clubdesk clock --help`)")  # fmt: skip


def test_a_start_in_the_future_is_refused(db_file) -> None:
    before = db_file.read_bytes()
    assert refused("clock", "start", "--round", "1", "--db", db_file,
                   "--at", "2099-01-01T00:00:00") == (
        "at: Thu 1 Jan 2099 12:00 AM has not come yet (it is now Sat 5 Dec 11:00 PM)")  # fmt: skip
    assert refused("clock", "start", "--round", "1", "--db", db_file,
                   "--at", "2026-12-05T23:06:00") == (
        "at: 11:06 PM has not come yet (it is now 11:00 PM)")  # fmt: skip
    assert db_file.read_bytes() == before
    # a laptop a few minutes behind the hall: five minutes ahead is taken
    started = clock_json(db_file, "start", "--round", "1", "--at", "2026-12-05T23:05:00")
    status = clock_json(db_file, "status")
    assert status["started_at"] == started["started_at"] == "2026-12-05T23:05:00-07:00"
    assert status["ends_at"] > status["started_at"]
    paused = clock_json(db_file, "pause", "--at", "2026-12-05T23:05:00")  # later actions are taken
    assert paused["phase"] == "paused"


def test_every_command_that_takes_a_time_bounds_it(db_file) -> None:
    for action in ("status", "pause", "resume", "end"):
        assert refused("clock", action, "--db", db_file, "--at", "2199-06-01T10:00:00").startswith(
            "at: Sat 1 Jun 2199 10:00 AM has not come yet")  # fmt: skip
    assert refused("clock", "add", "--minutes", "5", "--db", db_file, "--at", "1999-06-01T10:00:00")
    for action in ("start", "close", "reopen"):
        line = refused(
            "round", action, "--round", "1", "--db", db_file, "--at", "1900-01-01T10:00:00"
        )
        assert line == "at: Mon 1 Jan 1900 10:00 AM is before the event's day (Sat 5 Dec 2026)"
    assert clock_json(db_file, "status")["phase"] == "not_started"


@pytest.mark.parametrize("number", ["-9223372036854775808", "0", "-1"])
def test_a_round_is_numbered_from_1(db_file, number: str) -> None:
    before = db_file.read_bytes()
    assert refused("clock", "start", "--round", number, "--db", db_file) == (
        f"round: rounds are numbered from 1, not {number}")  # fmt: skip
    assert refused("round", "start", "--round", number, "--db", db_file) == (
        f"round: rounds are numbered from 1, not {number}")  # fmt: skip
    assert db_file.read_bytes() == before


def test_a_clock_time_an_older_clubdesk_let_in_is_refused_in_a_plain_line(
    db_file, tmp_path
) -> None:
    with open_database(db_file) as database, database.session() as session:
        [event_id] = [row[0] for row in session.connection().exec_driver_sql(
            "SELECT id FROM event")]  # fmt: skip
        far = dt.datetime.fromisoformat("0001-01-01T00:00:00+14:00")
        clock_store.add_fact(session, event_id, ClockFact(1, "start", Reading(far, 5.0)))
    expected = (
        "clock: a time this event's clock recorded is out of range (before the year 1 or "
        "after 9999 once worked out); its clock cannot be read"
    )
    for args in (("clock", "status"), ("clock", "pause"), ("clock", "end"), ("schedule",),
                 ("print", "schedule", "-o", tmp_path / "s.pdf")):  # fmt: skip
        ran = clubdesk(*args, "--db", db_file)
        assert (ran.code, ran.err) == (2, f"clubdesk: {expected}\n"), args
    ok("round", "status", "--db", db_file)


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "1899-12-31", "3000-01-01"])
def test_an_event_day_off_a_clubs_calendar_is_refused_at_import(tmp_path, day: str) -> None:
    event = json.loads(SMALL.read_text(encoding="utf-8"))
    event["date"] = day
    source = tmp_path / "event.json"
    source.write_text(json.dumps(event), encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert refused("import", source, "--db", database) == (
        f"{source}: date: {day} is not a day from 1900 to 2999")  # fmt: skip
    assert not database.exists()
