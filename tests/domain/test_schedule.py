"""The Grand Prix timetable (docs/rules.md §1; seed 000: round 1 at 10:15, one-hour rounds,
15-minute breaks, 1.5 hours for lunch after round 2 and dinner after round 5, rounds
9-11 the next morning at 9:30; the host announces when 10 minutes are left)."""

import datetime as dt

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.schedule import timetable
from clubdesk.errors import UserError

SATURDAY = dt.date(2011, 10, 22)


def at(day: int, hhmm: str) -> dt.datetime:
    return dt.datetime.combine(dt.date(2011, 10, day), dt.time.fromisoformat(hhmm))


def test_the_grand_prix_weekend() -> None:
    rounds = timetable(load_rules("grand-prix-pinochle"), SATURDAY)
    starts = [(r.starts.day, r.starts.strftime("%H:%M")) for r in rounds]
    assert starts == [
        (22, "10:15"), (22, "11:30"),                  # lunch after round 2
        (22, "14:00"), (22, "15:15"), (22, "16:30"),   # dinner after round 5
        (22, "19:00"), (22, "20:15"), (22, "21:30"),   # Sunday morning at 9:30
        (23, "09:30"), (23, "10:45"), (23, "12:00"),
    ]  # fmt: skip
    first = rounds[0]
    assert (first.ends, first.warning_at) == (at(22, "11:15"), at(22, "11:05"))
    assert [(r.pause_after, r.pause_minutes) for r in rounds[:3]] == [
        ("break", 15),
        ("meal", 90),
        ("break", 15),
    ]
    assert (rounds[7].pause_after, rounds[-1].pause_after) == ("overnight", "none")
    assert rounds[-1].ends == at(23, "13:00")
    # the meals are named as the seed names them; other pauses carry no name
    assert [(r.number, r.pause_name) for r in rounds if r.pause_name] == [
        (2, "Lunch"), (5, "Dinner"),
    ]  # fmt: skip


def test_the_director_sets_the_times() -> None:
    rounds = timetable(load_rules("grand-prix-pinochle"), SATURDAY,
                       first_round_at=dt.time(10, 30), next_day_at=dt.time(9, 0))  # fmt: skip
    assert rounds[0].starts == at(22, "10:30")
    assert rounds[8].starts == at(23, "09:00")


def test_settings_change_the_timetable() -> None:
    rules = load_rules("grand-prix-pinochle").with_settings({"rounds": 4, "break_minutes": 10})
    rounds = timetable(rules, SATURDAY)
    assert [r.starts.strftime("%H:%M") for r in rounds] == ["10:15", "11:25", "13:55", "15:05"]


def test_a_format_without_a_clock_has_no_timetable() -> None:
    with pytest.raises(UserError, match="NPA Club Pinochle has no round clock"):
        timetable(load_rules("npa-club-pinochle"), SATURDAY)


def test_rounds_with_a_clock_always_know_when_round_one_starts() -> None:
    with pytest.raises(UserError, match="first_round_at must be given when rounds have a clock"):
        load_rules("grand-prix-pinochle").with_settings({"first_round_at": None})
    rules = load_rules("grand-prix-pinochle")
    assert timetable(rules, SATURDAY, first_round_at=dt.time(19))[0].starts == at(22, "19:00")
