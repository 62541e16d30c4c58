"""The members' rows: frozen records out, the events each played in counted from the players
linked to them (archived events left out)."""

from __future__ import annotations

import dataclasses

import pytest

from clubdesk.services.command import Desk
from clubdesk.services.members import import_members
from clubdesk.store import members
from clubdesk.store.db import Database
from tests import builder


def link(db: Database, event_id: str, entrant: int, member: int) -> None:
    with db.session() as session:
        session.connection().exec_driver_sql(
            "UPDATE player SET member_id = (SELECT id FROM member WHERE number = ?) "
            "WHERE entrant_id = (SELECT id FROM entrant WHERE event_id = ? AND number = ?)",
            (member, event_id, entrant),
        )


def test_a_member_counts_the_events_they_played_in(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), "number,name,phone\n12,Ann Smith,555\n40,Bob Jones,\n")
    first = builder.event(db, clock, "npa-club-pinochle", entrants=4, name="Night 1")
    second = builder.event(db, clock, "npa-club-pinochle", entrants=4, name="Night 2")
    link(db, first, 1, 12)
    link(db, second, 3, 12)
    link(db, second, 2, 40)
    with db.session() as session:
        ann, bob = members.list_members(session)
        assert (ann.number, ann.name, dict(ann.club_columns), ann.events) == (
            12, "Ann Smith", {"phone": "555"}, 2,
        )  # fmt: skip
        assert (bob.number, bob.events) == (40, 1)
        assert members.member_by_number(session, 40) == bob
        assert members.member_by_number(session, 41) is None
        assert members.members_by_number(session, [40, 41]) == {40: bob}
        session.connection().exec_driver_sql(
            "INSERT INTO audit_log (at, actor, action, event_id, details) VALUES "
            "('2026-12-05T10:00:00-07:00', 'director', 'event.archive', 'old', "
            f"json_object('original_id', '{second}', 'reason', 'replaced'))"
        )
        session.connection().exec_driver_sql(
            "INSERT INTO event_archive (event_id, original_id, archived_at, reason) "
            f"VALUES ('{second}', '{second}', '2026-12-05T10:00:00-07:00', 'replaced')"
        )
        assert [m.events for m in members.list_members(session)] == [1, 0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ann.name = "Someone else"  # type: ignore[misc]
