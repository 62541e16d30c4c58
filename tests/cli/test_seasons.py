"""``clubdesk season standings``, run as a user runs it (docs/cli.md, "Members")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from clubdesk.services import seasons
from clubdesk.services.command import Desk
from clubdesk.services.members import import_members
from clubdesk.store.db import Database
from tests import builder
from tests.cli.helpers import ok, refused


def test_a_seasons_standings_as_json_csv_and_text(db: Database, db_path: Path, clock) -> None:
    import_members(Desk(db, None, clock), builder.CLUB_OF_ELEVEN)
    nights = [
        builder.season_night(db, clock, 2, {1: (420, 310), 2: (280, 350), 3: (400, 200)}),
        builder.season_night(db, clock, 9, {1: (300, 500), 2: (410, 200), 3: (250, 260)}),
    ]
    expected = seasons.standings(db, "2027 spring").to_json()
    db.close()  # the command line's turn: one clubdesk to a database file
    found = json.loads(ok("season", "standings", "--db", db_path, "--season", "2027 spring"))
    assert found == expected
    assert list(found) == ["season", "events", "rows"] and found["events"] == nights
    first = found["rows"][0]
    assert list(first) == ["place", "member", "name", "events", "points", "counted"]
    assert first["place"] == 1 and first["points"] == sum(first["counted"])

    table = ok("season", "standings", "--db", db_path, "--season", "2027 spring",
               "--format", "csv")  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(table)))
    assert rows[0] == {"place": "1", "member": str(first["member"]), "name": first["name"],
                       "events": "2", "points": str(first["points"]),
                       "counted": " ".join(map(str, first["counted"]))}  # fmt: skip
    assert len(rows) == 11  # every member; player 12 is none

    text = ok("season", "standings", "--db", db_path, "--season", "2027 spring",
              "--format", "text")  # fmt: skip
    lines = text.splitlines()
    assert lines[0] == f"Season 2027 spring: 2 events ({', '.join(nights)})"
    assert lines[2].split() == ["Place", "No.", "Name", "Events", "Points", "Counted"]
    assert first["name"] in lines[4]


def test_a_season_without_events_is_one_line(db: Database, db_path: Path) -> None:
    db.close()
    message = refused("season", "standings", "--db", db_path, "--season", "2026")
    assert message == (
        "season: no event belongs to '2026' (no event has one: the Event page's Season)"
    )
