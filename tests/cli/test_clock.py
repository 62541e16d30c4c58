"""`clubdesk clock` and `clubdesk schedule` (docs/cli.md, "The round clock and the schedule"): JSON
keys exactly as written there, times with their UTC offset, refusals on one line (exit 2).

The computer's time zone is the club's here (UTC-7, no daylight saving), so that a time given
without an offset (`--at 2026-12-05T10:20:00`) is read as the club reads it.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import clubdesk, commands_at, ok, refused

STATUS_KEYS = {"round", "phase", "remaining_s", "started_at", "ends_at", "warning_at", "next"}
ROW_KEYS = {"round", "starts", "ends", "warning_at", "then", "then_minutes", "then_name"}


@pytest.fixture
def club_time() -> Iterator[None]:
    """The computer's time zone is UTC-7 for the test, then what it was."""
    saved = os.environ.get("TZ")
    os.environ["TZ"] = "MST7"
    time.tzset()
    yield
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


EVENING = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7)))


@pytest.fixture
def db_file(tmp_path: Path, clock, club_time, monkeypatch) -> Path:
    """A Grand Prix of 8 teams on Saturday 5 December 2026, drawn, rounds 1 and 2 seated;
    the commands run late that evening (the times given with ``--at`` have all come)."""
    commands_at(monkeypatch, EVENING)
    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        event_id = builder.event(database, clock, "grand-prix-pinochle", entrants=8,
                                 date=dt.date(2026, 12, 5), name="Grand Prix")  # fmt: skip
        builder.draw(database, event_id, clock)
        builder.publish(database, event_id, 1, clock)
        builder.publish(database, event_id, 2, clock)
    return path


def run_clock(db_file: Path, *args: str) -> dict:
    return json.loads(ok("clock", *args, "--db", db_file))


def test_status_before_the_first_round(db_file) -> None:
    status = run_clock(db_file, "status", "--at", "2026-12-05T09:50:00")
    assert set(status) == STATUS_KEYS
    assert status == {"round": None, "phase": "not_started", "remaining_s": None,
                      "started_at": None, "ends_at": None, "warning_at": None,
                      "next": {"round": 1, "at": "2026-12-05T10:15:00-07:00"}}  # fmt: skip


def test_a_round_from_start_to_the_break(db_file) -> None:
    started = run_clock(db_file, "start", "--round", "1", "--at", "2026-12-05T10:15:00")
    assert (started["round"], started["phase"], started["remaining_s"]) == (1, "running", 3600)
    assert run_clock(db_file, "status", "--at", "2026-12-05T11:06:00") == {
        "round": 1, "phase": "warning", "remaining_s": 540,
        "started_at": "2026-12-05T10:15:00-07:00", "ends_at": "2026-12-05T11:15:00-07:00",
        "warning_at": "2026-12-05T11:05:00-07:00",
        "next": {"round": 2, "at": "2026-12-05T11:30:00-07:00"},
    }  # fmt: skip
    paused = run_clock(db_file, "pause", "--at", "2026-12-05T11:07:00")
    assert (paused["phase"], paused["remaining_s"]) == ("paused", 480)
    resumed = run_clock(db_file, "resume", "--at", "2026-12-05T11:10:00")
    assert (resumed["phase"], resumed["ends_at"]) == ("warning", "2026-12-05T11:18:00-07:00")
    added = run_clock(db_file, "add", "--minutes", "5", "--at", "2026-12-05T11:10:00")
    assert (added["phase"], added["remaining_s"]) == ("running", 780)
    taken = run_clock(db_file, "add", "--minutes", "-2", "--at", "2026-12-05T11:11:00")
    assert (taken["remaining_s"], taken["ends_at"]) == (600, "2026-12-05T11:21:00-07:00")
    up = run_clock(db_file, "status", "--at", "2026-12-05T11:22:00")
    assert (up["phase"], up["remaining_s"]) == ("time", 0)
    ended = run_clock(db_file, "end", "--at", "2026-12-05T11:31:00")
    assert ended == {"round": 1, "phase": "break", "remaining_s": None,
                     "started_at": "2026-12-05T10:15:00-07:00",
                     "ends_at": "2026-12-05T11:31:00-07:00", "warning_at": None,
                     "next": {"round": 2, "at": "2026-12-05T11:46:00-07:00"}}  # fmt: skip
    second = run_clock(db_file, "start", "--round", "2", "--at", "2026-12-05T11:46:00-07:00")
    assert (second["round"], second["next"]) == (2, {"round": 3, "at": "2026-12-05T14:16:00-07:00"})


def test_refusals_are_one_line(db_file) -> None:
    assert refused("clock", "resume", "--db", db_file, "--at", "2026-12-05T10:00:00") == (
        "clock: no round has started")  # fmt: skip
    assert refused("clock", "start", "--db", db_file) == (
        "--round: clock start needs the round to start (--round N)")  # fmt: skip
    assert refused("clock", "start", "--round", "2", "--db", db_file).startswith(
        "round: round 1 has not started")  # fmt: skip
    ok("clock", "start", "--round", "1", "--db", db_file, "--at", "2026-12-05T10:15:00")
    assert refused("clock", "resume", "--db", db_file, "--at", "2026-12-05T10:20:00") == (
        "clock: round 1 is not paused")  # fmt: skip
    assert refused("clock", "start", "--round", "3", "--db", db_file) == (
        "round: round 3's seating is not published yet")  # fmt: skip
    assert refused("clock", "start", "--round", "2", "--db", db_file,
                   "--at", "2026-12-05T10:30:00") == (
        "round: round 1's clock is still running; end round 1 before starting 2")  # fmt: skip
    assert refused("clock", "pause", "--db", db_file, "--at", "2026-12-05T10:10:00") == (
        "at: 10:10 AM is before the clock's last recorded change (10:15 AM)")  # fmt: skip
    assert "is not a time like 2026-12-05T10:20:00" in refused(
        "clock", "pause", "--db", db_file, "--at", "noon"
    )
    assert refused("clock", "add", "--db", db_file) == (
        "--minutes: clock add needs the minutes (--minutes M; negative takes off)")  # fmt: skip
    assert refused("clock", "add", "--minutes", "0", "--db", db_file,
                   "--at", "2026-12-05T10:20:00") == (
        "minutes: give a whole number of minutes other than 0")  # fmt: skip
    assert refused("clock", "pause", "--minutes", "3", "--db", db_file).startswith("--minutes:")
    assert "invalid choice: 'stop'" in refused("clock", "stop", "--db", db_file)
    status = run_clock(db_file, "status", "--at", "2026-12-05T10:20:00")
    assert (status["phase"], status["remaining_s"]) == ("running", 55 * 60)  # nothing left behind


def test_the_schedule_as_json(db_file) -> None:
    schedule = json.loads(ok("schedule", "--db", db_file))
    assert set(schedule) == {"event", "rounds"} and len(schedule["rounds"]) == 11
    assert all(set(row) == ROW_KEYS for row in schedule["rounds"])
    assert schedule["rounds"][0] == {
        "round": 1, "starts": "2026-12-05T10:15:00-07:00", "ends": "2026-12-05T11:15:00-07:00",
        "warning_at": "2026-12-05T11:05:00-07:00", "then": "break", "then_minutes": 15,
        "then_name": None,
    }  # fmt: skip
    thens = [(row["then"], row["then_minutes"], row["then_name"]) for row in schedule["rounds"]]
    assert thens[1] == ("meal", 90, "Lunch") and thens[4] == ("meal", 90, "Dinner")
    assert thens[7] == ("overnight", 0, None) and thens[10] == (None, 0, None)
    assert schedule["rounds"][8]["starts"] == "2026-12-06T09:30:00-07:00"


def test_the_schedule_follows_the_real_times(db_file) -> None:
    ok("clock", "start", "--round", "1", "--db", db_file, "--at", "2026-12-05T10:15:00")
    ok("clock", "end", "--db", db_file, "--at", "2026-12-05T11:31:00")
    rows = json.loads(ok("schedule", "--db", db_file))["rounds"]
    assert rows[0]["ends"] == "2026-12-05T11:31:00-07:00"
    assert rows[1]["starts"] == "2026-12-05T11:46:00-07:00"


def test_the_schedule_as_text_reads_as_a_director_reads_times(db_file) -> None:
    lines = ok("schedule", "--db", db_file, "--format", "text").splitlines()
    assert lines[0].endswith(": schedule") and set(lines[1]) == {"="}
    assert lines[3].split() == ["Round", "Starts", "Warning", "Ends", "Then"]
    rows = [line.split(None, 1)[1] for line in lines[5:]]  # the round number off each line
    assert len(rows) == 11
    assert rows[0].split() == ["Sat", "5", "Dec", "10:15", "AM", "11:05", "AM", "11:15", "AM",
                               "Break", "15", "min"]  # fmt: skip
    assert rows[1].split()[-3:] == ["Lunch", "90", "min"]
    assert rows[4].split()[-3:] == ["Dinner", "90", "min"]
    assert rows[7].split()[-1] == "Overnight"
    assert rows[8].split()[:5] == ["Sun", "6", "Dec", "9:30", "AM"]
    assert rows[10].split()[-2:] == ["1:00", "PM"]  # nothing follows the last round
    assert "T10:15" not in "\n".join(lines)  # no ISO times in the text


def test_a_format_without_a_clock_is_refused(tmp_path, clock, club_time) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        builder.event(database, clock, "npa-club-pinochle", entrants=12)
    assert refused("schedule", "--db", path).startswith("schedule: ")
    assert clubdesk("clock", "status", "--db", path).code == 2
