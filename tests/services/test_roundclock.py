"""The round clock's services (services/roundclock.py): each change one fact and one audit row in
one transaction; a restart (the database closed and opened again) resumes where real time
says it is and gives nothing twice; the timetable follows the real times."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from clubdesk.domain.roundclock.state import NextRound
from clubdesk.errors import UserError
from clubdesk.services import events, rounds
from clubdesk.services import roundclock as service
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from clubdesk.store import roundclock as clock_store
from clubdesk.store.db import open_database
from tests import builder

MST = dt.timezone(dt.timedelta(hours=-7), "MST")


def at(hhmm: str, day: int = 9) -> dt.datetime:
    return dt.datetime.combine(dt.date(2024, 3, day), dt.time.fromisoformat(hhmm), tzinfo=MST)


@pytest.fixture
def gp(db, clock) -> str:
    """A Grand Prix of 8 teams on 9 March 2024, drawn, rounds 1 and 2 seated."""
    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    builder.publish(db, event_id, 2, clock)
    return event_id


def clock_actions(db, event_id: str) -> list[tuple[str, dict]]:
    return [(e.action, e.details) for e in list_audit(db, event_id)
            if e.action.startswith(("clock.", "round."))]  # fmt: skip


def test_each_change_is_a_fact_with_its_audit_row(db, clock, gp) -> None:
    clock.set(at("10:15"))
    started = rounds.start_round(Desk(db, gp, clock), 1)
    assert started.changes == Change.CLOCK
    assert (started.fact.kind, started.clock.phase, started.clock.remaining_s) == (
        "start", "running", 3600)  # fmt: skip
    clock.advance(minutes=20)
    service.pause(Desk(db, gp, clock))
    clock.advance(minutes=5)
    service.resume(Desk(db, gp, clock))
    taken = service.adjust(Desk(db, gp, clock), -3)
    assert taken.status.ends_at == at("10:15") + dt.timedelta(minutes=60 + 5 - 3)
    clock.advance(minutes=30)
    ended = service.end(Desk(db, gp, clock), at=at("11:05"))
    assert (ended.status.phase, ended.status.next) == ("break", NextRound(
        2, at("11:20")))  # fmt: skip
    assert clock_actions(db, gp) == [
        ("round.start", {"round": 1}),
        ("clock.pause", {"round": 1}),
        ("clock.resume", {"round": 1}),
        ("clock.adjust", {"round": 1, "minutes": -3}),
        ("clock.end", {"round": 1}),
    ]
    with db.session() as session:
        kinds = [f.kind for f in clock_store.facts(session, gp)]
    assert kinds == ["start", "pause", "resume", "adjust", "end"]


def test_a_refusal_leaves_nothing_behind(db, clock, gp) -> None:
    with pytest.raises(UserError, match="clock: no round has started") as caught:
        service.pause(Desk(db, gp, clock))
    assert caught.value.field == "clock"
    clock.set(at("10:20"))
    rounds.start_round(Desk(db, gp, clock), 1, at=at("10:15"))
    with pytest.raises(UserError, match=r"at: 10:10 AM is before the clock's"):
        service.pause(Desk(db, gp, clock), at=at("10:10"))
    with pytest.raises(UserError, match="round 3's seating is not published yet"):
        rounds.start_round(Desk(db, gp, clock), 3)
    with db.session() as session:
        assert [f.kind for f in clock_store.facts(session, gp)] == ["start"]
    assert [a for a, _ in clock_actions(db, gp)] == ["round.start"]


def test_a_time_typed_afterwards_is_when_it_happened(db, clock, gp) -> None:
    clock.set(at("10:40"))
    rounds.start_round(Desk(db, gp, clock), 1, at=at("10:20"))
    now = service.status(db, gp, clock)
    assert (now.started_at, now.remaining_s, now.ends_at) == (at("10:20"), 40 * 60, at("11:20"))
    clock.set(at("11:15"))
    assert service.status(db, gp, clock, at=at("11:12")).phase == "warning"


def test_a_restart_resumes_the_clock_and_gives_nothing_twice(tmp_path: Path, new_database,
                                                             clock) -> None:  # fmt: skip
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path) as db:
        event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
        builder.draw(db, event_id, clock)
        builder.publish(db, event_id, 1, clock)
        clock.set(at("10:15"))
        rounds.start_round(Desk(db, event_id, clock), 1)
        clock.advance(minutes=50)
        assert [
            d.announcement for d in service.fire_due(Desk(db, event_id, clock).by("clock")).given
        ] == ["warning"]
    clock.advance(minutes=5)  # the laptop was killed at 11:05 and comes back at 11:10
    with open_database(path) as db:
        assert service.status(db, event_id, clock).remaining_s == 5 * 60
        nothing = service.fire_due(Desk(db, event_id, clock).by("clock"))
        assert (nothing.given, nothing.changes) == ((), Change.NONE)
        upcoming = service.next_due(db, event_id, clock)
        assert (upcoming.announcement, upcoming.at) == ("time", at("11:15"))
    clock.advance(minutes=15)  # closed again over the time-up
    with open_database(path) as db:
        fired = service.fire_due(Desk(db, event_id, clock).by("clock"))
        assert [(d.announcement, d.at) for d in fired.given] == [("time", at("11:15"))]
        assert fired.changes == Change.CLOCK
        assert service.fire_due(Desk(db, event_id, clock).by("clock")).given == ()
        [given] = [e for e in list_audit(db, event_id) if e.action == "clock.announce"][1:]
        assert given.details["due"] == [at("11:15").isoformat()]


def test_the_next_round_starts_while_the_last_sheets_are_still_coming_in(db, clock, gp) -> None:
    clock.set(at("10:15"))
    rounds.start_round(Desk(db, gp, clock), 1)
    clock.advance(minutes=61)
    service.end(Desk(db, gp, clock))
    with pytest.raises(UserError, match="round 1 still waits for tables"):
        rounds.close_round(Desk(db, gp, clock), 1)
    clock.advance(minutes=15)
    assert rounds.start_round(Desk(db, gp, clock), 2).status == "running"
    builder.scores(db, gp, 1, {1: (510, 300), 2: (500, 420), 3: (220, 505), 4: (180, 500)}, clock)
    rounds.close_round(Desk(db, gp, clock), 1)  # round 1's clock had ended: no second end
    with db.session() as session:
        ends = [f.round for f in clock_store.facts(session, gp) if f.kind == "end"]
    assert ends == [1] and service.status(db, gp, clock).phase == "running"


def test_closing_a_round_with_time_left_ends_its_clock(db, clock, gp) -> None:
    clock.set(at("10:15"))
    rounds.start_round(Desk(db, gp, clock), 1)
    clock.advance(minutes=45)
    builder.scores(db, gp, 1, {1: (510, 300), 2: (500, 420), 3: (220, 505), 4: (180, 500)}, clock)
    rounds.close_round(Desk(db, gp, clock), 1)
    now = service.status(db, gp, clock)
    assert (now.phase, now.ends_at, now.next.at) == ("break", at("11:00"), at("11:15"))


def test_a_progressive_round_starts_once_it_is_seated(db, clock) -> None:
    settings = {"round_minutes": 45, "warning_minutes": 5, "first_round_at": "19:00"}
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12, settings=settings)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    clock.set(at("19:00"))
    rounds.start_round(Desk(db, event_id, clock), 1)
    clock.advance(minutes=45)
    service.end(Desk(db, event_id, clock))
    with pytest.raises(UserError, match="round 2's seating is not published yet"):
        rounds.start_round(Desk(db, event_id, clock), 2)  # round 1's results decide who sits where


def test_a_format_without_a_clock_says_so(db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    with pytest.raises(UserError, match="schedule: .* has no round clock, so no timetable"):
        service.status(db, event_id, clock)


def test_the_director_sets_the_first_and_the_next_mornings_start(db, clock, gp) -> None:
    changes = events.EventChanges(
        settings={"first_round_at": "10:30", "next_day": [{"before_round": 9, "start": "09:00"}]}
    )
    events.update_event(Desk(db, gp, clock), changes)  # fmt: skip
    rows = service.schedule(db, gp, clock).rounds
    assert (rows[0].starts, rows[8].starts) == (at("10:30"), at("09:00", 10))
    clock.set(at("10:40"))
    rounds.start_round(Desk(db, gp, clock), 1)
    clock.advance(minutes=60)
    service.end(Desk(db, gp, clock))  # 11:40
    rows = service.schedule(db, gp, clock).rounds
    assert [r.starts for r in rows[:3]] == [at("10:40"), at("11:55"), at("14:25")]
    assert rows[8].starts == at("09:00", 10)
