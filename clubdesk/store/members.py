"""The club's members, between table rows and frozen values.

A member is kept across every event of the database (migration step 16): a member number,
unique, a name, and the club's own columns (phone, email, notes) as they were imported. A
player of an entrant may be linked to a member (``player.member_id``); how many events a
member played in is counted from those links, the archived events left out, every time it
is read. Members are never deleted. Plain SQL: the Players page reads them all for its
suggestions, and a club keeps thousands.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from clubdesk.store.columns import json_text, read_json, time_text
from clubdesk.store.db import plain_cursor, plain_rows


@dataclass(frozen=True)
class MemberRecord:
    id: int
    number: int
    name: str
    club_columns: Mapping[str, str] = field(default_factory=dict)  # phone, email, ...
    events: int = 0  # how many events (not archived) they played in


@dataclass(frozen=True)
class MemberValues:
    """What a member is written with: number, name, the club's own columns."""

    number: int
    name: str
    club_columns: Mapping[str, str] = field(default_factory=dict)


_PLAYED = (
    "(SELECT count(DISTINCT player.event_id) FROM player WHERE player.member_id = member.id "
    "AND player.event_id NOT IN (SELECT event_id FROM event_archive))"
)
_COLUMNS = f"member.id, member.number, member.name, member.club_columns, {_PLAYED}"


def list_members(session: Session) -> list[MemberRecord]:
    """Every member, in number order, with the events each played in."""
    rows = plain_rows(session, f"SELECT {_COLUMNS} FROM member ORDER BY number")
    return [_record(row) for row in rows]


def member_by_number(session: Session, number: int) -> MemberRecord | None:
    rows = plain_rows(session, f"SELECT {_COLUMNS} FROM member WHERE number = ?", (number,))
    return _record(rows[0]) if rows else None


def members_by_number(session: Session, numbers: Sequence[int]) -> dict[int, MemberRecord]:
    """The members numbered ``numbers`` (those that exist), by number."""
    if not numbers:
        return {}
    marks = ", ".join("?" * len(numbers))
    rows = plain_rows(
        session, f"SELECT {_COLUMNS} FROM member WHERE number IN ({marks})", tuple(numbers)
    )
    return {record.number: record for record in map(_record, rows)}


@dataclass(frozen=True)
class EnteredMember:
    """A member who plays in an event: as which player of which entrant."""

    member_number: int
    entrant_number: int
    entrant_name: str
    status: str  # the entrant's
    player_name: str


def entered_members(session: Session, event_id: str) -> dict[int, EnteredMember]:
    """The members entered in the event (withdrawn entrants too), by member number."""
    rows = plain_rows(
        session,
        "SELECT member.number, entrant.number, entrant.name, entrant.status, player.name "
        "FROM player JOIN member ON member.id = player.member_id "
        "JOIN entrant ON entrant.id = player.entrant_id WHERE player.event_id = ? "
        "ORDER BY entrant.number, player.position",
        (event_id,),
    )
    return {row[0]: EnteredMember(*row) for row in rows}


def add_members(
    session: Session, new: Sequence[MemberValues], created_at: dt.datetime
) -> list[MemberRecord]:
    """Add members (their numbers free: the caller checked); as they now are."""
    cursor = plain_cursor(session)
    when = time_text(created_at)
    records = []
    for values in new:
        cursor.execute(
            "INSERT INTO member (number, name, club_columns, created_at) VALUES (?, ?, ?, ?)",
            (values.number, values.name, json_text(dict(values.club_columns)), when),
        )
        assert cursor.lastrowid is not None
        records.append(
            MemberRecord(cursor.lastrowid, values.number, values.name, dict(values.club_columns))
        )
    return records


def update_member(session: Session, member_id: int, values: MemberValues) -> None:
    """Write a member's number, name and columns (a new number free: the caller checked)."""
    plain_cursor(session).execute(
        "UPDATE member SET number = ?, name = ?, club_columns = ? WHERE id = ?",
        (values.number, values.name, json_text(dict(values.club_columns)), member_id),
    )


def _record(row: tuple[Any, ...]) -> MemberRecord:
    member_id, number, name, columns, events = row
    return MemberRecord(member_id, number, name, read_json(columns), events)
