"""A season's standings: its events' league points added up per member (docs/rules.md,
"Seasons").

Derived, never stored: worked out afresh from each event's standings, so an amended sheet
of any event moves them at once. An event scores a member ``points[place - 1]`` (0 past the
list's end; tied entrants each score their shared place's points) plus ``played``; an
entrant listed but not placed (withdrawn, removed) scores ``played`` alone. In a team event
each of its players who is a member scores the team's. A member's best ``best_of`` event
scores count; a player with no member number is in no season's standings. Members level on
points share a place, listed by member number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clubdesk.domain.results.standings import StandingRow, Standings
from clubdesk.domain.rules import Season


@dataclass(frozen=True)
class SeasonEvent:
    """One event of a season: its standings, who of each entrant is a member, its scoring."""

    id: str
    name: str
    standings: Standings
    members: Mapping[int, tuple[int, ...]]  # entrant number -> its players' member numbers
    scoring: Season


@dataclass(frozen=True)
class EventScore:
    """What one event scored a member: where the points came from."""

    event: str
    event_name: str
    place: int | None  # None: listed in the event, not placed
    points: int
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    place: int
    member: int
    name: str
    points: int
    scores: tuple[EventScore, ...]  # every event the member played, highest score first

    @property
    def events(self) -> int:
        return len(self.scores)

    @property
    def counted(self) -> tuple[int, ...]:
        return tuple(score.points for score in self.scores if score.counted)


@dataclass(frozen=True)
class SeasonStandings:
    season: str
    events: tuple[str, ...]  # the season's event ids, in the order given
    rows: tuple[SeasonRow, ...]
    event_names: tuple[str, ...] = ()  # as ``events``

    def to_json(self) -> dict:
        """As ``clubdesk season standings --format json`` gives them (docs/cli.md)."""
        return {
            "season": self.season,
            "events": list(self.events),
            "rows": [
                {
                    "place": row.place,
                    "member": row.member,
                    "name": row.name,
                    "events": row.events,
                    "points": row.points,
                    "counted": list(row.counted),
                }
                for row in self.rows
            ],
        }


def event_points(row: StandingRow, scoring: Season) -> int:
    """What an event's standings row scores each of its members."""
    if row.place is None:
        return scoring.played
    by_place = scoring.points[row.place - 1] if row.place <= len(scoring.points) else 0
    return by_place + scoring.played


def season_standings(
    season: str,
    events: Sequence[SeasonEvent],
    names: Mapping[int, str],
    best_of: int | None,
) -> SeasonStandings:
    """The season's standings over ``events`` (in date order); ``names`` the members' names
    by number."""
    scored: dict[int, list[tuple[int, EventScore]]] = {}
    for order, event in enumerate(events):
        seen: set[int] = set()  # a member scores once an event (registration sees to it)
        for row in event.standings.rows:
            points = event_points(row, event.scoring)
            for member in event.members.get(row.number, ()):
                if member in seen:
                    continue
                seen.add(member)
                score = EventScore(event.id, event.name, row.place, points, counted=False)
                scored.setdefault(member, []).append((order, score))
    lines = []
    for member, found in scored.items():
        found.sort(key=lambda item: (-item[1].points, item[0]))
        count = len(found) if best_of is None else best_of
        scores = tuple(
            EventScore(s.event, s.event_name, s.place, s.points, counted=index < count)
            for index, (_, s) in enumerate(found)
        )
        total = sum(score.points for score in scores if score.counted)
        lines.append((member, total, scores))
    lines.sort(key=lambda line: (-line[1], line[0]))
    rows = []
    for index, (member, total, scores) in enumerate(lines):
        place = rows[-1].place if rows and rows[-1].points == total else index + 1
        rows.append(SeasonRow(place, member, names[member], total, scores))
    ids, titles = tuple(event.id for event in events), tuple(event.name for event in events)
    return SeasonStandings(season, ids, tuple(rows), titles)
