"""A season's standings from its events' standings (docs/rules.md, "Seasons")."""

from __future__ import annotations

from clubdesk.domain.results.season import SeasonEvent, season_standings
from clubdesk.domain.results.standings import StandingRow, Standings
from clubdesk.domain.rules import Season

SCORING = Season(points=(10, 8, 6), played=1)
NAMES = {3: "Flo Ray", 5: "Eve Fox", 7: "Cy Young", 12: "Ann Smith", 40: "Bob Jones",
         99: "Dee Lee"}  # fmt: skip


def event(
    event_id: str,
    places: dict[int, int | None],
    members: dict[int, tuple[int, ...]],
    unit: str = "individual",
) -> SeasonEvent:
    """An event whose entrant ``n`` finished at ``places[n]`` (None: listed, not placed)."""
    rows = tuple(
        StandingRow(place, number, f"Entrant {number}", 0, (), (), 0, tied=False)
        for number, place in places.items()
    )
    standings = Standings(event_id, event_id.upper(), "npa-club-pinochle", unit, 1, rows)
    return SeasonEvent(event_id, event_id.upper(), standings, members, SCORING)


# night a: 12 1st, 40 and 7 level 2nd, entrant 4 no member, 3 withdrawn (listed, no place)
A = event("a", {1: 1, 2: 2, 3: 2, 4: 4, 5: None}, {1: (12,), 2: (40,), 3: (7,), 5: (3,)})
# night b, a team event: each player of a team who is a member scores the team's points
B = event("b", {1: 1, 2: 2, 3: 3}, {1: (12, 99), 2: (40,), 3: (7,)}, unit="team")
# night c: 40 and 5 level 1st, 12 5th (past the list of points)
C = event("c", {1: 1, 3: 1, 2: 5}, {1: (40,), 2: (12,), 3: (5,)})


def test_the_best_events_count_and_level_members_share_a_place_by_member_number() -> None:
    found = season_standings("2027 spring", [A, B, C], NAMES, best_of=2)
    assert found.to_json() == {
        "season": "2027 spring",
        "events": ["a", "b", "c"],
        "rows": [
            # 12: a 10+1, b 10+1, c 0+1; the best two count
            {"place": 1, "member": 12, "name": "Ann Smith", "events": 3, "points": 22,
             "counted": [11, 11]},
            # 40: a 8+1, b 8+1, c 10+1
            {"place": 2, "member": 40, "name": "Bob Jones", "events": 3, "points": 20,
             "counted": [11, 9]},
            {"place": 3, "member": 7, "name": "Cy Young", "events": 2, "points": 16,
             "counted": [9, 7]},
            {"place": 4, "member": 5, "name": "Eve Fox", "events": 1, "points": 11,
             "counted": [11]},
            {"place": 4, "member": 99, "name": "Dee Lee", "events": 1, "points": 11,
             "counted": [11]},
            {"place": 6, "member": 3, "name": "Flo Ray", "events": 1, "points": 1,
             "counted": [1]},  # withdrawn: played, no place
        ],
    }  # fmt: skip


def test_each_point_is_traced_to_its_event_the_earlier_of_two_equal_scores_counted() -> None:
    row = season_standings("s", [A, B, C], NAMES, best_of=2).rows[1]
    assert [(s.event, s.place, s.points, s.counted) for s in row.scores] == [
        ("c", 1, 11, True),
        ("a", 2, 9, True),
        ("b", 2, 9, False),
    ]


def test_without_best_of_every_event_counts() -> None:
    rows = season_standings("s", [A, B, C], NAMES, best_of=None).rows
    assert [(row.member, row.points, row.counted) for row in rows[:2]] == [
        (40, 29, (11, 9, 9)),
        (12, 23, (11, 11, 1)),
    ]


def test_a_season_of_no_member_is_empty() -> None:
    lonely = event("d", {1: 1, 2: 2}, {})
    assert season_standings("s", [lonely], NAMES, best_of=None).rows == ()
