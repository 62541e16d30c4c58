"""kill -9 in the middle of a round: a process runs round 1's clock on a fake time source
(tests/clock_victim.py, forked from the fork server of tests/forked.py), gives the warning
and is killed with SIGKILL while the round runs; a second process opened later shows the
right time left, never gives the warning again and gives time once; a third gives nothing
more. The restart is of the app (the monotonic source carries on) or of the computer (it
starts again from zero)."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
from pathlib import Path

import pytest

from clubdesk.services.command import list_audit
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests import builder, forked

MST = dt.timezone(dt.timedelta(hours=-7))
UPTIME = 6 * 3600.0  # the laptop has been on since 4:15


def at(hhmm: str) -> dt.datetime:
    return dt.datetime.combine(dt.date(2026, 12, 5), dt.time.fromisoformat(hhmm), tzinfo=MST)


def victim(tmp_path: Path, *args: str) -> forked.Child:
    """``python -m tests.clock_victim ARGS``, forked from the fork server (tests/forked.py)."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return forked.start("tests.clock_victim", list(args), env, stdin=True)


def read_at(tmp_path: Path, db: Path, event_id: str, wall: dt.datetime, monotonic: float,
            *steps: int) -> list[dict]:  # fmt: skip
    with victim(tmp_path, "read", str(db), event_id, wall.isoformat(), str(monotonic),
                *map(str, steps)) as done:  # fmt: skip
        out, errors = done.communicate()
        assert done.returncode == 0, errors
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture
def night(tmp_path: Path) -> tuple[Path, str]:
    """A Grand Prix on Saturday 5 December 2026, drawn, round 1 seated."""
    path = tmp_path / "club.sqlite"
    clock = FakeTime(at("09:00"))
    with open_database(path) as db:
        event_id = builder.event(db, clock, entrants=8, date=dt.date(2026, 12, 5))
        builder.draw(db, event_id, clock)
        builder.publish(db, event_id, 1, clock)
    return path, event_id


@pytest.mark.parametrize("restart", ["app", "computer"])
def test_killed_mid_round_the_clock_resumes_and_gives_nothing_twice(tmp_path, night, restart):
    path, event_id = night
    with victim(tmp_path, "start", str(path), event_id, at("10:15").isoformat(),
                str(UPTIME)) as first:  # fmt: skip
        assert first.stdout is not None and first.stderr is not None
        lines = []
        while (line := first.stdout.readline().strip()) != "ready":
            assert line, first.stderr.read()
            lines.append(json.loads(line))
        os.kill(first.pid, signal.SIGKILL)  # 11:05, the round running, ten minutes left
        assert first.wait(timeout=30) == -signal.SIGKILL
    assert lines == [{"given": [[1, "warning", "2026-12-05T11:05:00-07:00"]]}]

    # opened again at 11:09:30, the monotonic source carried on or started again
    monotonic = UPTIME + 54.5 * 60 if restart == "app" else 90.0
    seen = read_at(tmp_path, path, event_id, at("11:09:30"), monotonic, 330, 60)
    opened, time_up, after = seen
    assert opened["given"] == []  # the warning was given before the kill: not again
    assert (opened["status"]["phase"], opened["status"]["remaining_s"]) == ("warning", 330)
    assert opened["status"]["ends_at"] == "2026-12-05T11:15:00-07:00"
    assert time_up["given"] == [[1, "time", "2026-12-05T11:15:00-07:00"]]
    assert (time_up["status"]["phase"], time_up["status"]["remaining_s"]) == ("time", 0)
    assert after["given"] == []

    # and once more, later: nothing is due any more
    (again,) = read_at(tmp_path, path, event_id, at("11:20"), monotonic + 630)
    assert again["given"] == [] and again["status"]["phase"] == "time"
    with open_database(path) as db:
        given = [e.details["given"] for e in list_audit(db, event_id)
                 if e.action == "clock.announce"]  # fmt: skip
    assert given == [["warning"], ["time"]]
