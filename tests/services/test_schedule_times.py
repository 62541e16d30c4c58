"""The director changes when round 1 starts and when play resumes the next morning
(services/roundclock.set_start_times): the event's settings change with an audit row, the
timetable's rows after follow, and a bad time is refused naming its field, with nothing
written."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.errors import UserError
from clubdesk.services import events
from clubdesk.services import roundclock as service
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from tests import builder

MST = dt.timezone(dt.timedelta(hours=-7), "MST")


def at(hhmm: str, day: int = 9) -> dt.datetime:
    return dt.datetime.combine(dt.date(2024, 3, day), dt.time.fromisoformat(hhmm), tzinfo=MST)


@pytest.fixture
def gp(db, clock) -> str:
    """A Grand Prix of 8 teams on 9 March 2024, drawn, round 1 seated."""
    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    return event_id


def starts(db, event_id: str, clock) -> list[dt.datetime]:
    return [row.starts for row in service.schedule(db, event_id, clock).rounds]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("10:15", "10:15"), ("10:15 AM", "10:15"), ("2:10pm", "14:10"), ("9 am", "09:00"),
     ("12:05 a.m.", "00:05"), ("12:00 PM", "12:00"), (" 9:30 ", "09:30"), ("21:30", "21:30")],
)  # fmt: skip
def test_a_time_of_day_as_a_director_types_it(typed, expected) -> None:
    assert service.time_of_day(typed, "first_round_at") == expected


@pytest.mark.parametrize(
    "typed", ["", "9", "25:00", "10:75", "13:00 PM", "0:30 am", "ten", "10.15"]
)
def test_a_time_that_is_not_one_is_refused_naming_the_field(typed) -> None:
    with pytest.raises(UserError) as refused:
        service.time_of_day(typed, "next_day_at")
    assert refused.value.field == "next_day_at"
    assert str(refused.value).startswith("next_day_at: ")


def test_a_later_first_round_moves_every_row_of_the_first_day(db, clock, gp) -> None:
    done = service.set_start_times(Desk(db, gp, clock), first_round_at="10:45 AM")
    assert done.changes == Change.EVENT
    assert done.settings["first_round_at"] == "10:45"
    rows = starts(db, gp, clock)
    assert rows[:3] == [at("10:45"), at("12:00"), at("14:30")]  # lunch after round 2
    assert rows[8] == at("09:30", 10)  # the next morning keeps its own time
    (row,) = [e for e in list_audit(db, gp) if e.action == "event.update"]
    assert row.details["settings"]["new"]["first_round_at"] == "10:45"


def test_the_next_morning_moves_once_round_one_is_running(db, clock, gp) -> None:
    clock.set(at("10:15"))
    builder.start(db, gp, 1, clock)
    clock.advance(minutes=30)
    service.set_start_times(Desk(db, gp, clock), next_day_at="9:00 AM")
    rows = starts(db, gp, clock)
    assert rows[8:] == [at("09:00", 10), at("10:15", 10), at("11:30", 10)]
    assert rows[0] == at("10:15")  # round 1 keeps its real start
    assert events.event_rules(db, gp).schedule.next_day[0].start == "09:00"


def test_round_one_started_cannot_be_moved_and_nothing_is_written(db, clock, gp) -> None:
    clock.set(at("10:15"))
    builder.start(db, gp, 1, clock)
    before = (events.get_event(db, gp).settings, len(list_audit(db, gp)))
    with pytest.raises(UserError) as refused:
        service.set_start_times(Desk(db, gp, clock), first_round_at="10:30", next_day_at="9:00")
    assert refused.value.field == "first_round_at"
    assert (events.get_event(db, gp).settings, len(list_audit(db, gp))) == before


def test_a_bad_time_writes_nothing(db, clock, gp) -> None:
    before = (starts(db, gp, clock), len(list_audit(db, gp)))
    with pytest.raises(UserError, match=r"^first_round_at: '26:00' is not a time of day"):
        service.set_start_times(Desk(db, gp, clock), first_round_at="26:00")
    assert (starts(db, gp, clock), len(list_audit(db, gp))) == before


def test_an_event_played_in_one_day_has_no_next_morning(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=4)
    with pytest.raises(UserError) as refused:
        service.set_start_times(Desk(db, event_id, clock), next_day_at="9:30")
    assert refused.value.field == "next_day_at"
    assert "played in one day" in str(refused.value)
