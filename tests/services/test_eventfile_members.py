"""The event file carries who was who: ``"members"`` beside ``"players"``, written by the
export, linked by number on import (docs/event-file.md)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.errors import UserError
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.members import import_members, list_members
from clubdesk.services.registration import RegisterEntrant, register
from clubdesk.store.db import Database, open_database
from tests import builder

CLUB = "number,name\n12,Ann Smith\n40,Bob Jones\n"


@pytest.fixture
def night(db: Database, clock) -> str:
    import_members(Desk(db, None, clock), CLUB)
    event_id = builder.event(db, clock, "npa-club-pinochle", name="Night 1")
    register(Desk(db, event_id, clock), RegisterEntrant(["Ann Smith"], members=[12]))
    register(Desk(db, event_id, clock), RegisterEntrant(["Carl Diaz"]))
    register(Desk(db, event_id, clock), RegisterEntrant(["Bob Jones"], members=[40]))
    return event_id


def other_club(tmp_path: Path, clock, members: str = CLUB) -> Database:
    other = open_database(tmp_path / "other.sqlite", backups=tmp_path / "other-backups")
    if members:
        import_members(Desk(other, None, clock), members)
    return other


def test_the_export_writes_each_players_member_number(db: Database, night: str) -> None:
    entrants = export_event(db, night)["entrants"]
    assert [(e["players"], e.get("members")) for e in entrants] == [
        (["Ann Smith"], [12]),
        (["Carl Diaz"], None),  # nobody a member: not written
        (["Bob Jones"], [40]),
    ]


def test_a_round_trip_keeps_who_was_who(db: Database, night: str, tmp_path: Path, clock) -> None:
    data = export_event(db, night)
    other = other_club(tmp_path, clock)
    try:
        import_event(Desk(other, None, clock), copy.deepcopy(data))
        with other.session() as session:  # the players linked to the members, by number
            rows = session.connection().exec_driver_sql(
                "SELECT player.name, member.number FROM player JOIN member "
                "ON member.id = player.member_id ORDER BY member.number"
            )
            assert rows.fetchall() == [("Ann Smith", 12), ("Bob Jones", 40)]
        assert [(m.number, m.events) for m in list_members(other)] == [(12, 1), (40, 1)]
        assert export_event(other, night) == data
    finally:
        other.close()


def test_a_number_that_is_no_member_is_refused_naming_the_row(
    db: Database, night: str, tmp_path: Path, clock
) -> None:
    data = export_event(db, night)
    other = other_club(tmp_path, clock, "number,name\n12,Ann Smith\n")
    try:
        with pytest.raises(UserError) as refused:
            import_event(Desk(other, None, clock), data)
        assert str(refused.value).startswith(
            "entrants[2] (number 3): members[0]: no member is numbered 40 in this database"
        )
        assert refused.value.field == "entrants[2].members[0]"
        with other.session() as session:  # nothing of the event was taken
            assert session.connection().exec_driver_sql("SELECT count(*) FROM event").scalar() == 0
    finally:
        other.close()


@pytest.mark.parametrize(
    ("members", "problem"),
    [
        ([12, 40], "entrants[0] (number 1): members: 2 given for 1 players"),
        (["x"], "entrants[0] (number 1): members[0] = 'x' is not a number"),
        ([0], "entrants[0] (number 1): members[0]"),
    ],
)
def test_a_bad_members_list_is_refused_naming_the_row(
    db: Database, night: str, clock, members: list[object], problem: str
) -> None:
    data = export_event(db, night)
    data["id"] = "night-copy"
    data["entrants"][0]["members"] = members
    with pytest.raises(EventError) as refused:
        import_event(Desk(db, None, clock), data)
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems


def test_a_member_plays_once_in_an_event(db: Database, night: str, clock) -> None:
    data = export_event(db, night)
    data["id"] = "night-copy"
    data["entrants"][1]["members"] = [12]
    with pytest.raises(EventError) as refused:
        import_event(Desk(db, None, clock), data)
    assert "entrants[1].members[0]: member 12 is also entrants[0].members[0]" in (
        refused.value.problems
    )
