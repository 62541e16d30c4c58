"""Seasons: the events that share a setting ``season`` and their standings added up per
member (docs/rules.md, "Seasons"), read only.

Nothing of a season is stored: its standings are worked out from each event's standings
(``results.standings``, after its last complete round) every time they are read, so an
amended sheet of any of its events moves them at once. The archived events are left out.
Each event scores with its own rules' ``[season]`` table; how many events count
(``best_of``) must be the same in all of them.
"""

from __future__ import annotations

from clubdesk.domain.limits import quoted
from clubdesk.domain.results.season import SeasonEvent, SeasonStandings, season_standings
from clubdesk.errors import UserError
from clubdesk.services import results
from clubdesk.services.common import rules_for
from clubdesk.store import events as events_store
from clubdesk.store import members as members_store
from clubdesk.store.db import Database
from clubdesk.store.events import EventRecord


def season_names(db: Database) -> list[str]:
    """Every season an event (not archived) belongs to, in name order."""
    with db.reading() as session:
        records = events_store.current_events(session)
    return sorted({name for name in map(_season_of, records) if name is not None})


def standings(db: Database, season: str) -> SeasonStandings:
    """The season's standings over its events, in date order (UserError naming ``season``
    where no event belongs to it)."""
    with db.reading() as session:
        records = [r for r in events_store.current_events(session) if _season_of(r) == season]
        records.reverse()  # the earliest first
        if not records:
            raise UserError(_no_such_season(season, events_store.current_events(session)),
                            field="season")  # fmt: skip
        entered = {r.id: members_store.entered_members(session, r.id) for r in records}
        numbers = sorted({number for found in entered.values() for number in found})
        names = {n: m.name for n, m in members_store.members_by_number(session, numbers).items()}
    scorings = {record.id: rules_for(record).season for record in records}
    best = {scoring.best_of for scoring in scorings.values() if scoring is not None}
    if len(best) > 1:
        counts = ", ".join(
            f"{event_id}: {'all' if s.best_of is None else s.best_of}"
            for event_id, s in scorings.items()
            if s is not None
        )
        raise UserError(
            f"season: the events of {quoted(season)} count different numbers of events "
            f"(best_of: {counts}); give their rules files one best_of",
            field="season",
        )
    season_events = []
    for record in records:
        scoring = scorings[record.id]
        assert scoring is not None  # an event names a season only where its rules have one
        members: dict[int, list[int]] = {}
        for number, member in entered[record.id].items():
            members.setdefault(member.entrant_number, []).append(number)
        season_events.append(
            SeasonEvent(
                id=record.id,
                name=record.name,
                standings=results.standings(db, record.id),
                members={entrant: tuple(found) for entrant, found in members.items()},
                scoring=scoring,
            )
        )
    return season_standings(season, season_events, names, best.pop() if best else None)


def _season_of(record: EventRecord) -> str | None:
    scoring = rules_for(record).season
    return scoring.season if scoring is not None else None


def _no_such_season(season: str, records: list[EventRecord]) -> str:
    known = sorted({name for name in map(_season_of, records) if name is not None})
    there = f"the seasons are {', '.join(map(quoted, known))}" if known else "no event has one"
    return f"season: no event belongs to {quoted(season)} ({there}: the Event page's Season)"
