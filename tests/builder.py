"""Events for tests, set up the way a director sets them up: through the services.

    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    builder.add_entrants(db, event_id, clock, [17])      # one more team: number 17
    builder.withdraw(db, event_id, 3, clock)
    builder.draw(db, event_id, clock, seed=7)
    builder.publish(db, event_id, 1, clock)
    builder.scores(db, event_id, 1, {1: (420, 310), 2: (280, 280, "b")}, clock)
    builder.start(db, event_id, 2, clock)

Every row is written by ``clubdesk.services`` (events, roster import and registration, draw,
sheets, rounds, rulings), so an event built here is one the program itself could hold, audit
log included; a step asked again from the same state is copied from the first time it was
made (made_once.py). Entrant ``n`` of a team format is ``North{n} / South{n}``, of an individual one
``Player {n}``, unless ``players`` (and ``entrant_name``) say otherwise.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from clubdesk import paths
from clubdesk.services import draw as draw_service
from clubdesk.services import entrants as entrants_service
from clubdesk.services import registration, roster_csv, rounds, rulings, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.services.draw import DrawInfo
from clubdesk.services.entrants import EntrantInfo
from clubdesk.services.events import NewEvent, create_event
from clubdesk.services.registration import RegisterEntrant
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource
from tests import made_once

NIGHT = dt.date(2024, 3, 9)

# NPA hands: one made, one made by the other side, one set (``npa_sheet`` takes them in turn)
NPA_HANDS = (
    {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 50, "marriage": True, "meld": {"A": 10, "B": 20},
     "tricks": {"A": 20, "B": 30}},
    {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 20, "B": 10},
     "tricks": {"A": 25, "B": 25}},
)  # fmt: skip
# a signature as a pad stores it: three strokes of 40 points in the unit square
STROKES = [[[round(0.05 + 0.9 * i / 40, 4), round(0.3 + 0.4 * ((i * 7) % 10) / 10, 4)]
            for i in range(40)] for _ in range(3)]  # fmt: skip


def npa_sheet(table: int) -> list[dict[str, Any]]:
    """Table ``table``'s sheet of eight NPA hands (``NPA_HANDS`` in turn from the table)."""
    return [NPA_HANDS[(table + n) % 3] for n in range(8)]


Players = Callable[[int], list[str]]


def event(
    db: Database,
    clock: TimeSource,
    rules_id: str = "grand-prix-pinochle",
    *,
    entrants: int = 0,
    name: str | None = None,
    date: dt.date = NIGHT,
    venue: str = "",
    settings: Mapping[str, object] | None = None,
    players: Players | None = None,
    entrant_name: Callable[[int], str] | None = None,
    paid_cents: int = 0,
) -> str:
    """A new event of ``rules_id`` (named after it unless ``name`` is given) with entrants
    1..``entrants``, each having paid ``paid_cents``, imported as a roster (registered one
    by one when they have names of their own); its id."""
    file = rules_file(rules_id)

    def make() -> str:
        new = NewEvent(name or rules_id, date, venue, file, dict(settings or {}))
        event_id = create_event(Desk(db, None, clock), new).id
        if entrant_name is None:
            roster(db, event_id, clock, entrants, players=players, paid_cents=paid_cents)
        else:
            add_entrants(db, event_id, clock, range(1, entrants + 1), players=players,
                         entrant_name=entrant_name, paid_cents=paid_cents)  # fmt: skip
        return event_id

    if players is not None or entrant_name is not None or not _bundled(file):
        return make()
    return made_once.step(db, clock, make, event=file, entrants=entrants, name=name, date=date,
                          venue=venue, settings=settings, paid_cents=paid_cents)  # fmt: skip


def _bundled(file: str) -> bool:
    return Path(file).parent == paths.bundled_rules_dir()


def rules_file(rules_id: str) -> str:
    """The bundled file of a format, named directly when the user has no rules files of their
    own (one file read instead of every file scanned for the id: the event stored is the
    same); anything else as given."""
    bundled = paths.bundled_rules_dir() / f"{rules_id}.toml"
    users = paths.user_rules_dir()
    if bundled.is_file() and not (users.is_dir() and any(users.glob("*.toml"))):
        return str(bundled)
    return rules_id


def roster(
    db: Database,
    event_id: str,
    clock: TimeSource,
    count: int,
    *,
    players: Players | None = None,
    paid_cents: int = 0,
) -> list[EntrantInfo]:
    """Entrants 1..``count`` of a new event, imported as one roster (one transaction, as a
    director imports a spreadsheet), each having paid ``paid_cents``."""
    if count == 0:
        return []
    if players is None:
        players = default_players(team_size(db, event_id))
    names = [players(number) for number in range(1, count + 1)]
    text = io.StringIO()
    rows = csv.writer(text, lineterminator="\n")
    team = len(names[0]) == 2
    rows.writerow([*(["name", "partner"] if team else ["name"]), "paid"])
    paid = f"{paid_cents // 100}.{paid_cents % 100:02d}"
    rows.writerows([*row, paid] for row in names)
    preview = roster_csv.preview_roster(db, event_id, text.getvalue())
    return roster_csv.import_roster(Desk(db, event_id, clock), preview)


def team_size(db: Database, event_id: str) -> int:
    return entrants_service.registration_setup(db, event_id).players_per_entrant


def add_entrants(
    db: Database,
    event_id: str,
    clock: TimeSource,
    numbers: Iterable[int],
    *,
    players: Players | None = None,
    entrant_name: Callable[[int], str] | None = None,
    paid_cents: int = 0,
) -> list[EntrantInfo]:
    """Register these entrant numbers: ``players(n)`` names entrant n's players (by default
    ``North{n}``, ``South{n}`` for teams, ``Player {n}`` alone); ``entrant_name(n)`` its
    name, if not the players' names joined with `` / ``."""
    numbers = list(numbers)
    if not numbers:
        return []
    if players is None:
        players = default_players(team_size(db, event_id))
    return [
        registration.register(
            Desk(db, event_id, clock),
            RegisterEntrant(
                players=players(number),
                number=number,
                paid_cents=paid_cents,
                name=entrant_name(number) if entrant_name else None,
            ),
        )
        for number in numbers
    ]


def default_players(size: int) -> Players:
    if size == 2:
        return lambda n: [f"North{n}", f"South{n}"]
    return lambda n: [f"Player {n}"]


def entrant(db: Database, event_id: str, number: int) -> EntrantInfo:
    """Entrant ``number`` as the window lists it."""
    return next(e for e in entrants_service.list_entrants(db, event_id) if e.number == number)


def withdraw(db: Database, event_id: str, number: int, clock: TimeSource) -> EntrantInfo:
    return registration.withdraw(Desk(db, event_id, clock), number, "left early")


def draw(db: Database, event_id: str, clock: TimeSource, seed: int = 1) -> DrawInfo:
    """The round-1 draw, made at random with this seed."""
    return made_once.step(
        db,
        clock,
        lambda: draw_service.make_draw(Desk(db, event_id, clock), seed),
        draw=event_id,
        seed=seed,
    )


def publish(db: Database, event_id: str, round_number: int, clock: TimeSource):
    """Publish a round's seating (its games and byes are written); the round's seating."""
    return made_once.step(
        db,
        clock,
        lambda: seating_service.publish_seating(Desk(db, event_id, clock), round_number).seating,
        publish=event_id,
        round=round_number,
    )


def scores(
    db: Database,
    event_id: str,
    round_number: int,
    by_table: Mapping[int, tuple],
    clock: TimeSource,
) -> None:
    """Submit these tables' signed sheets, each the final score ``(a, b)`` or ``(a, b, winner)``
    of a tie."""

    def make() -> None:
        signing = _Signers(db, event_id, round_number)  # the seating and names read once
        for table, score in by_table.items():
            sheets.submit_sheet(
                Desk(db, event_id, clock),
                round_number,
                table,
                final_score=(score[0], score[1]),
                winner=score[2] if len(score) > 2 else None,
                signatures=signing.at(table),
            )

    made_once.step(
        db, clock, make, scores=event_id, round=round_number, tables=list(by_table.items())
    )


def signers(db: Database, event_id: str, round_number: int, table: int) -> dict[str, str]:
    """Signatures a sheet can carry: the first player on side a keeps score, the first on
    side b countersigns (at a table the round does not have, two names from nowhere)."""
    return _Signers(db, event_id, round_number).at(table)


class _Signers:
    """A round's seating and the event's players, read once, for ``signers`` at any table."""

    def __init__(self, db: Database, event_id: str, round_number: int) -> None:
        seating = seating_service.seating(db, event_id, round_number)
        self.seats = {t.table: t for t in seating.tables}
        self.players = {e.number: e.players for e in entrants_service.list_entrants(db, event_id)}

    def at(self, table: int) -> dict[str, str]:
        seats = self.seats.get(table)
        if seats is None:
            return {"scorekeeper": "Ann Smith", "countersign": "Dan Brown"}
        players = self.players
        return {"scorekeeper": players[seats.a[0]][0], "countersign": players[seats.b[0]][0]}


def start(db: Database, event_id: str, round_number: int, clock: TimeSource) -> None:
    """Start a published round (its clock starts)."""
    made_once.step(db, clock, lambda: rounds.start_round(Desk(db, event_id, clock), round_number),
                   start=event_id, round=round_number)  # fmt: skip


def close(db: Database, event_id: str, round_number: int, clock: TimeSource) -> None:
    made_once.step(db, clock, lambda: rounds.close_round(Desk(db, event_id, clock), round_number),
                   close=event_id, round=round_number)  # fmt: skip


def tiebreak(
    db: Database, event_id: str, round_number: int, a: int, b: int, winner: str, clock: TimeSource
) -> None:
    """The director's record of a sudden-death match or play-off hand (a, b: entrant numbers)."""
    rulings.record_tiebreak(Desk(db, event_id, clock), round_number, a, b, winner=winner)


def members_of(db: Database, event_id: str) -> dict[tuple[int, int], int]:
    """Each player who is a member, as the event file says: ``(entrant number, player
    position)`` to the member's number."""
    from clubdesk.services.eventfile import export_event

    return {
        (entrant["number"], position): number
        for entrant in export_event(db, event_id)["entrants"]
        for position, number in enumerate(entrant.get("members") or [], start=1)
        if number is not None
    }


def club_of(count: int) -> str:
    """A members file of members 1..``count``, ``Member n`` each."""
    return "number,name\n" + "".join(f"{n},Member {n}\n" for n in range(1, count + 1))


CLUB_OF_ELEVEN = club_of(11)


def season_night(
    db: Database,
    clock: TimeSource,
    day: int,
    by_table: Mapping[int, tuple[int, int]],
    season: str = "2027 spring",
    players: int = 12,
) -> str:
    """An NPA night of the season ``season`` on 2024-02-``day`` (before the test clock's
    day): twelve players (or ``players``), member n (``CLUB_OF_ELEVEN``, ``club_of``) playing
    as entrant n but the last (no member), round 1 in with these scores by table; its id."""
    event_id = event(db, clock, "npa-club-pinochle", name=f"Night {day}",
                     date=dt.date(2024, 2, day), settings={"season": season})  # fmt: skip
    for n in range(1, players + 1):
        member = [n] if n < players else []
        new = RegisterEntrant([f"Member {n}"], members=member)
        registration.register(Desk(db, event_id, clock), new)
    draw(db, event_id, clock, seed=day)
    publish(db, event_id, 1, clock)
    scores(db, event_id, 1, by_table, clock)
    return event_id
