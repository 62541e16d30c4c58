"""The hall page's JSON (``GET /api/hall``): the laptop's time, the round clock, this round's
seating and the standings, read only, as the projector shows them to the room."""

from __future__ import annotations

from typing import Any

from clubdesk.errors import UserError
from clubdesk.printing.text import time_of_day
from clubdesk.services import board, events, results, roundclock
from clubdesk.services.board import Seated
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource

__all__ = ["hall"]

PHASE_WORDS = {
    "not_started": "Not started",
    "running": "Playing",
    "warning": "Last minutes",
    "paused": "Paused",
    "time": "Time",
    "break": "Break",
    "meal": "Meal break",
    "overnight": "Until tomorrow",
    "finished": "Finished",
}
STATE_WORDS = {
    "waiting": "Playing",
    "submitted": "Sheet in",
    "amended": "Sheet in",
    "awarded": "Sheet in",
    "no-sheet": "No sheet",
}


def hall(db: Database, event_id: str, time: TimeSource) -> dict[str, Any]:
    """What the hall page shows now (``now``: the laptop's time of day)."""
    rules = events.event_rules(db, event_id)
    found = board.board(db, event_id)
    table = results.standings(db, event_id)
    return {
        "event": found.event_name,
        "now": time_of_day(time.now()),
        "clock": _clock(db, event_id, time) if rules.schedule.timed else None,
        "round": found.round_title() if found.round_number is not None else "",
        "tables": [
            {
                "table": t.table,
                "a": _side(t.a),
                "b": _side(t.b),
                "state": "Being entered"
                if t.draft and t.state == "waiting"
                else STATE_WORDS.get(t.state, t.state),
            }  # fmt: skip
            for t in found.tables
        ],
        "byes": _side(found.byes),
        "after_round": table.after_round,
        "standings": [
            {"place": row.place, "number": row.number, "name": row.name, "total": row.total}
            for row in table.rows
        ],
    }


def _clock(db: Database, event_id: str, time: TimeSource) -> dict[str, Any] | None:
    try:
        status = roundclock.status(db, event_id, time)
    except UserError:
        return None
    upcoming = status.next
    return {
        "round": status.round,
        "phase": status.phase,
        "words": status.pause_name or PHASE_WORDS.get(status.phase, status.phase),
        "remaining_s": status.remaining_s,
        "next": None
        if upcoming is None
        else {  # due: its time has gone by (never "at" a time gone by: starting shortly)
            "round": upcoming.round,
            "at": time_of_day(upcoming.at),
            "due": upcoming.at <= time.now(),
        },
    }


def _side(side: tuple[Seated, ...]) -> str:
    return " & ".join(f"{s.number} {s.name}".rstrip() for s in side)
