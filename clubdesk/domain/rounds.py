"""The rounds of an event as the front table runs them, in every format, with or without a
round clock (docs/cli.md, ``clubdesk round status``).

A round is ``pending`` (not seated yet), ``seated`` (its seating published, not started),
``started`` or ``closed`` (its results stand). Rounds are started and closed in every
format. Where rounds have a clock, the next round may start once the clock of the round
before has ended, its sheets still coming in (the clock never waits for paperwork); without
a clock nothing ends a round but its close, so the next round starts once the round before
is closed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

RoundState = Literal["pending", "seated", "started", "closed"]

# how the database names a published round's status, as a round's state
STORED_STATES: dict[str, RoundState] = {
    "pending": "seated",
    "running": "started",
    "closed": "closed",
}


def in_play(state: RoundState | None) -> bool:
    """A round seated or started, not closed: its sheets are still out, rulings are made."""
    return state in ("seated", "started")


def can_close(state: RoundState | None) -> bool:
    """The director may close the round: it has started, and is not closed."""
    return state == "started"


def can_reopen(state: RoundState | None) -> bool:
    """The director may undo the round's close (until the next round starts)."""
    return state == "closed"


@dataclass(frozen=True)
class RoundLine:
    """One round: its state, its tables and the sheets in, and when it started and ended
    (its clock's end, or its close where rounds have no clock)."""

    number: int
    title: str
    state: RoundState
    tables: int = 0
    sheets_in: int = 0
    started_at: dt.datetime | None = None
    ended_at: dt.datetime | None = None

    @property
    def count_text(self) -> str:
        """``9 of 12 sheets in`` (as the round's board counts them)."""
        return f"{self.sheets_in} of {self.tables} sheets in"

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.number,
            "title": self.title,
            "state": self.state,
            "tables": self.tables,
            "sheets_in": self.sheets_in,
        }


@dataclass(frozen=True)
class RoundsStatus:
    """Every round of an event, and which one may start next."""

    event_id: str
    clock: bool  # the event's rounds have a round clock
    rounds: tuple[RoundLine, ...]
    waits: str = ""  # why the next round cannot be seated yet (a tie at the cut), if it cannot

    def line(self, number: int) -> RoundLine | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def current(self) -> RoundLine | None:
        """The round being played or last played: the last one started (None before the
        first starts)."""
        started = [r for r in self.rounds if r.state in ("started", "closed")]
        return started[-1] if started else None

    @property
    def following(self) -> RoundLine | None:
        """The first round not started yet (None once every round has started)."""
        return next((r for r in self.rounds if r.state in ("pending", "seated")), None)

    @property
    def startable(self) -> int | None:
        """The round that may start now: the first not started, once the round before it is
        closed, or (with a clock) its clock has ended; None when none may."""
        following = self.following
        if following is None or self.waits:
            return None
        before = self.line(following.number - 1)
        if before is None or before.state == "closed":
            return following.number
        if self.clock and before.state == "started" and before.ended_at is not None:
            return following.number
        return None

    @property
    def finished(self) -> bool:
        """Every round is closed."""
        return bool(self.rounds) and all(r.state == "closed" for r in self.rounds)

    def to_json(self) -> dict[str, object]:
        return {
            "event": self.event_id,
            "clock": self.clock,
            "rounds": [r.to_json() for r in self.rounds],
        }
