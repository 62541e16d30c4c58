"""The round clock and the day's timetable: ``clubdesk clock ACTION`` and ``clubdesk schedule``
(docs/cli.md, "The round clock and the schedule")."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_for,
    database_to_read,
    db_argument,
    desk_for,
    event_argument,
    print_json,
    whole_number,
)
from clubdesk.domain.limits import quoted
from clubdesk.errors import UserError

ACTIONS = ("status", "start", "pause", "resume", "add", "end")


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    clock = commands.add_parser("clock", help="the round clock: status, start, pause, resume, "
                                "add, end")  # fmt: skip
    clock.add_argument("action", choices=ACTIONS, metavar="ACTION",
                       help="status, start, pause, resume, add or end")  # fmt: skip
    db_argument(clock)
    event_argument(clock)
    clock.add_argument("--round", type=whole_number, metavar="N", help="start: the round to start")
    clock.add_argument("--minutes", type=whole_number, metavar="M",
                       help="add: minutes to add (negative takes time off)")  # fmt: skip
    clock.add_argument("--at", type=local_time, metavar="TIME",
                       help="when, e.g. 2026-12-05T10:20:00 (default: now)")  # fmt: skip

    schedule = commands.add_parser("schedule", help="the event's timetable")
    db_argument(schedule)
    event_argument(schedule)
    schedule.add_argument("--format", choices=("json", "text"), default="json")
    return {"clock": _clock, "schedule": _schedule}


def local_time(text: str) -> dt.datetime:
    """An ISO 8601 time; without an offset it is the computer's local time."""
    try:
        found = dt.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not a time like 2026-12-05T10:20:00"
        ) from None
    try:
        return found.astimezone() if found.tzinfo is None else found
    except (ValueError, OverflowError, OSError):  # beyond what the computer's zone can place
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a time of a club's day") from None


def _clock(args: argparse.Namespace) -> int:
    from clubdesk.services import roundclock, rounds

    if args.action == "start" and args.round is None:
        raise UserError("--round: clock start needs the round to start (--round N)")
    if args.action == "add" and args.minutes is None:
        raise UserError("--minutes: clock add needs the minutes (--minutes M; negative takes off)")
    if args.round is not None and args.action != "start":
        raise UserError(f"--round: only clock start takes a round, not clock {args.action}")
    if args.minutes is not None and args.action != "add":
        raise UserError(f"--minutes: only clock add takes minutes, not clock {args.action}")
    with database_for(args.db, reading=args.action == "status") as db:
        event_id = chosen_event(db, args.event)
        at, desk = args.at, desk_for(db, event_id, common.CLOCK)
        if args.action == "status":
            found = roundclock.status(db, event_id, common.CLOCK, at=at)
        elif args.action == "start":
            roundclock.status(db, event_id, common.CLOCK, at=at)  # refused without a clock
            found = rounds.start_round(desk, args.round, at=at).clock
        elif args.action == "add":
            found = roundclock.adjust(desk, args.minutes, at=at).status
        else:
            action = {
                "pause": roundclock.pause,
                "resume": roundclock.resume,
                "end": roundclock.end,
            }[args.action]
            found = action(desk, at=at).status
    print_json(status_json(found))
    return 0


def _schedule(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import schedule_text
    from clubdesk.services import events, roundclock

    with database_to_read(args.db) as db:
        event_id = chosen_event(db, args.event)
        found = roundclock.schedule(db, event_id, common.CLOCK)
        name = events.get_event(db, event_id).name
    if args.format == "json":
        print_json(schedule_json(found))
    else:
        sys.stdout.write(schedule_text(name, found.rounds))
    return 0


def status_json(status: Any) -> dict[str, Any]:
    """``clock status`` as docs/cli.md writes it."""
    upcoming = status.next
    return {
        "round": status.round,
        "phase": status.phase,
        "remaining_s": status.remaining_s,
        "started_at": _time(status.started_at),
        "ends_at": _time(status.ends_at),
        "warning_at": _time(status.warning_at),
        "next": None if upcoming is None else {"round": upcoming.round, "at": _time(upcoming.at)},
    }


def schedule_json(schedule: Any) -> dict[str, Any]:
    """``schedule --format json`` as docs/cli.md writes it, and ``then_name``: the meal's
    name as the rules give it ("Lunch"), null for a break, the overnight gap, the last
    round or a meal the rules leave unnamed."""
    return {
        "event": schedule.event_id,
        "rounds": [
            {
                "round": row.number,
                "starts": _time(row.starts),
                "ends": _time(row.ends),
                "warning_at": _time(row.warning_at),
                "then": None if row.pause_after == "none" else row.pause_after,
                "then_minutes": row.pause_minutes,
                "then_name": (row.pause_name or None) if row.pause_after == "meal" else None,
            }
            for row in schedule.rounds
        ],
    }


def _time(at: dt.datetime | None) -> str | None:
    return None if at is None else at.isoformat(timespec="seconds")
