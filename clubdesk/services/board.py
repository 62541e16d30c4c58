"""The Rounds board: one round's tables, who plays at each, and where each sheet stands.

A reader only: it opens one session and returns plain frozen values. The
round it shows by default is the one being played: the last round whose
clock started, else the first published round (before round 1 starts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from clubdesk.domain.results.playoffs import round_title
from clubdesk.errors import UserError
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import round_titles
from clubdesk.store import Database
from clubdesk.store import clock as clock_store
from clubdesk.store import seating as seat_store
from clubdesk.store.entrants import entrant_refs
from clubdesk.store.sheets import load_games

__all__ = ["Board", "BoardTable", "Seated", "board"]


@dataclass(frozen=True)
class Seated:
    """An entrant at a table: its number and its name."""

    number: int
    name: str


@dataclass(frozen=True)
class BoardTable:
    """One table of the round: its two sides and its sheet's state."""

    table: int
    a: tuple[Seated, ...]
    b: tuple[Seated, ...]
    state: str  # waiting, submitted or amended


@dataclass(frozen=True)
class Board:
    """One round as the front table sees it (``round_number`` None: nothing published yet)."""

    event_id: str
    event_name: str
    rounds: int  # rounds the event has
    round_number: int | None
    status: str  # the round's status: pending, running or closed ("" with no round)
    tables: tuple[BoardTable, ...] = ()
    byes: tuple[Seated, ...] = ()
    next_published: bool = False  # the round after it is seated (published)
    playoff_titles: Mapping[int, str] = field(default_factory=dict)  # published playoff rounds

    def round_title(self, number: int | None = None) -> str:
        """How a round (default: this one) is named on screen: "Round 2 of 3", or a
        playoff round's "Playoffs: quarter-final"."""
        number = self.round_number if number is None else number
        if number is None:
            return ""
        return self.playoff_titles.get(number) or round_title(number, self.rounds)

    @property
    def sheets_in(self) -> int:
        return sum(1 for t in self.tables if t.state != "waiting")

    @property
    def missing(self) -> tuple[int, ...]:
        """The tables whose sheet is not in yet."""
        return tuple(t.table for t in self.tables if t.state == "waiting")

    @property
    def tables_heading(self) -> str:
        """The board's heading: "Round 4's tables"; a playoff round's "Playoffs: final ·
        round 7's tables"."""
        own = f"Round {self.round_number}'s tables"
        title = self.playoff_titles.get(self.round_number or 0)
        return f"{title} · {own[0].lower()}{own[1:]}" if title else own

    @property
    def count_text(self) -> str:
        """``9 of 12 sheets in``."""
        return f"{self.sheets_in} of {len(self.tables)} sheets in"


def board(db: Database, event_id: str, round_number: int | None = None) -> Board:
    """Round ``round_number``'s board (default: the round being played)."""
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        published = seat_store.published_rounds(session, event_id)
        if round_number is None:
            round_number = _round_in_play(
                {f.round for f in clock_store.facts(session, event_id) if f.kind == "start"},
                published,
            )
        if round_number is None:
            return Board(event_id, event.name, rules.schedule.rounds, None, "")
        found = seat_store.find_round(session, event_id, round_number)
        seating = seat_store.load_seating(session, event_id, round_number)
        if found is None or seating is None:
            raise UserError(f"round: round {round_number}'s seating is not published yet")
        titles = round_titles(session, event_id)
        names = {ref.number: ref.name for ref in entrant_refs(session, event_id)}
        states = {
            stored.game.table: _state(stored.submitted, bool(stored.game.amendments))
            for stored in load_games(session, event_id, round_number=round_number, details=False)
        }

    def seated(numbers: tuple[int, ...]) -> tuple[Seated, ...]:
        return tuple(Seated(n, names.get(n, "")) for n in numbers)

    tables = tuple(
        BoardTable(t.table, seated(t.a), seated(t.b), states.get(t.table, "waiting"))
        for t in sorted(seating.tables, key=lambda t: t.table)
    )
    return Board(
        event_id,
        event.name,
        rules.schedule.rounds,
        round_number,
        found.status,
        tables,
        seated(seating.byes),
        round_number + 1 in published,
        titles,
    )


def _round_in_play(started: set[int], published: list[int]) -> int | None:
    if started:
        return max(started)
    return min(published) if published else None


def _state(submitted: bool, amended: bool) -> str:
    if not submitted:
        return "waiting"
    return "amended" if amended else "submitted"
