"""A season's standings read from its events' standings, never stored (docs/rules.md,
"Seasons")."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import results, seasons, sheets
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.events import EventChanges, update_event
from clubdesk.services.members import import_members
from clubdesk.store.db import Database, open_database
from tests import builder

SPRING = "2027 spring"


def by_hand(db: Database, event_ids: list[str]) -> dict[int, int]:
    """Each member's season points worked out from the events' standings: 10, 8, 6, 5, 4,
    3, 2, 1 by place (0 from 9th), 1 for playing, the best 10 events (all of them here)."""
    points = (10, 8, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0)
    found: dict[int, int] = {}
    for event_id in event_ids:
        for row in results.standings(db, event_id).rows:
            member = row.number  # entrant n is member n (but 12)
            if member < 12:
                found[member] = found.get(member, 0) + points[row.place - 1] + 1
    return found


@pytest.fixture
def nights(db: Database, clock) -> list[str]:
    import_members(Desk(db, None, clock), builder.CLUB_OF_ELEVEN)
    return [
        builder.season_night(db, clock, 2, {1: (420, 310), 2: (280, 350), 3: (400, 200)}),
        builder.season_night(db, clock, 9, {1: (300, 500), 2: (410, 200), 3: (250, 260)}),
    ]


def test_a_seasons_standings_add_up_its_events_and_follow_an_amendment(
    db: Database, clock, nights: list[str]
) -> None:
    found = seasons.standings(db, SPRING)
    assert found.events == tuple(nights)
    assert {row.member: row.points for row in found.rows} == by_hand(db, nights)
    assert all(row.events == 2 and sum(row.counted) == row.points for row in found.rows)
    assert [row.points for row in found.rows] == sorted(
        (row.points for row in found.rows), reverse=True
    )
    assert found.rows[0].name == f"Member {found.rows[0].member}"

    sheets.amend_sheet(
        Desk(db, nights[1], clock), 1, 1, score=(520, 500), director="Dee",
        reason="a's meld was left out",
    )  # fmt: skip
    moved = seasons.standings(db, SPRING)
    assert {row.member: row.points for row in moved.rows} == by_hand(db, nights)
    assert moved.to_json() != found.to_json()


def test_only_the_seasons_own_events_count(db: Database, clock, nights: list[str]) -> None:
    autumn = {1: (420, 310), 2: (280, 350), 3: (400, 200)}
    builder.season_night(db, clock, 16, autumn, season="2027 autumn")
    assert seasons.season_names(db) == ["2027 autumn", SPRING]
    assert seasons.standings(db, SPRING).events == tuple(nights)
    update_event(Desk(db, nights[0], clock), EventChanges(settings={}))  # out of the season
    assert seasons.standings(db, SPRING).events == (nights[1],)


def test_an_events_season_travels_in_its_event_file(
    db: Database, clock, nights: list[str], tmp_path
) -> None:
    data = export_event(db, nights[0])
    assert data["settings"] == {"season": SPRING}
    with open_database(tmp_path / "other.sqlite", backups=tmp_path / "backups") as other:
        import_members(Desk(other, None, clock), builder.CLUB_OF_ELEVEN)
        import_event(Desk(other, None, clock), data)
        imported = seasons.standings(other, SPRING).to_json()
    update_event(Desk(db, nights[1], clock), EventChanges(settings={}))  # night 1 alone here too
    assert imported == seasons.standings(db, SPRING).to_json()
    assert imported["events"] == [nights[0]] and len(imported["rows"]) == 11


def test_a_season_no_event_belongs_to_is_refused_naming_the_seasons(
    db: Database, nights: list[str]
) -> None:
    with pytest.raises(UserError) as refused:
        seasons.standings(db, "2026")
    assert str(refused.value) == (
        "season: no event belongs to '2026' (the seasons are '2027 spring': the Event page's "
        "Season)"
    )
    assert refused.value.field == "season"
