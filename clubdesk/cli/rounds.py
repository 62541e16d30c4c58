"""The rounds, in every format, with or without a clock: ``clubdesk round ACTION``
(docs/cli.md). A night typed in afterwards from paper is ``round start``, its sheets,
``round close``, round by round; ``--at`` records when each really happened."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.clock import local_time
from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_for,
    db_argument,
    desk_for,
    event_argument,
    print_json,
    whole_number,
)
from clubdesk.errors import UserError

ACTIONS = ("status", "start", "close", "reopen")


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    rounds = commands.add_parser(
        "round", help="the rounds, with or without a clock: status, start, close, reopen"
    )
    rounds.add_argument("action", choices=ACTIONS, metavar="ACTION",
                        help="status, start, close or reopen")  # fmt: skip
    db_argument(rounds)
    event_argument(rounds)
    rounds.add_argument("--round", type=whole_number, metavar="N",
                        help="the round to start, close or reopen")  # fmt: skip
    rounds.add_argument("--at", type=local_time, metavar="TIME",
                        help="when, e.g. 2026-12-05T19:42:00 (default: now)")  # fmt: skip
    rounds.add_argument("--missing", type=_tables, metavar="T[,T…]",
                        help="close: the tables closed without their sheet")  # fmt: skip
    rounds.add_argument("--award", type=whole_number, metavar="POINTS",
                        help="close: what the byes and the opponents of a side disqualified "
                        "score in a round with no game played")  # fmt: skip
    rounds.add_argument("--director", metavar="NAME",
                        help="close: the director who gives the --award")  # fmt: skip
    rounds.add_argument("--format", choices=("json", "text"), default="json",
                        help="status: json (default) or text")  # fmt: skip
    return {"round": _round}


def _tables(text: str) -> tuple[int, ...]:
    try:
        return tuple(whole_number(part.strip()) for part in text.split(","))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not table numbers like 3,4") from None


def _round(args: argparse.Namespace) -> int:
    from clubdesk.services import rounds

    _check(args)
    with database_for(args.db, reading=args.action == "status") as db:
        event_id = chosen_event(db, args.event)
        number = args.round
        if args.action == "status":
            found = rounds.status(db, event_id)
            if args.format == "json":
                print_json(found.to_json())
            else:
                sys.stdout.write(status_text(found))
            return 0
        if args.action == "start":
            started = rounds.start_round(desk_for(db, event_id, common.CLOCK), number, at=args.at)
            print(f"round {number} started at {_shown(started.at)}")
        elif args.action == "close":
            closed = rounds.close_round(
                desk_for(db, event_id, common.CLOCK),
                number,
                missing_ok=args.missing or (),
                award=args.award,
                director=args.director or "",
                at=args.at,
            )
            missing = ", ".join(str(t) for t in closed.missing)
            print(f"round {number} closed" + (f" without tables {missing}" if missing else ""))
            if closed.award is not None:
                print(f"award: {closed.award} points to the byes and the opponents of a side "
                      "disqualified (no game was played)")  # fmt: skip
            if closed.next_seating is not None:
                print(f"round {number + 1} is seated")
            if closed.seating_note:
                print(f"note: {closed.seating_note}")
        else:
            reopened = rounds.reopen_round(desk_for(db, event_id, common.CLOCK), number, at=args.at)
            print(f"round {number} is open again")
            if reopened.unpublished is not None:
                print(f"round {reopened.unpublished}'s seating was taken back")
    return 0


def _check(args: argparse.Namespace) -> None:
    if args.action != "status" and args.round is None:
        raise UserError(f"--round: round {args.action} needs the round (--round N)")
    if args.action == "status" and args.round is not None:
        raise UserError("--round: round status lists every round; give no --round")
    if args.missing is not None and args.action != "close":
        raise UserError(f"--missing: only round close takes missing tables, not {args.action}")
    for flag, given in (("--award", args.award), ("--director", args.director)):
        if given is not None and args.action != "close":
            raise UserError(f"{flag}: only round close takes an award, not {args.action}")
    if args.at is not None and args.action == "status":
        raise UserError("--at: round status is read now; give no --at")
    if args.format != "json" and args.action != "status":
        raise UserError(f"--format: only round status takes a format, not {args.action}")


def _shown(at: Any) -> str:
    from clubdesk.printing.text import time_of_day

    return time_of_day(at)


def status_text(status: Any) -> str:
    """``round status --format text``: a line per round."""
    from clubdesk.printing.text import time_of_day

    head = "rounds with a clock" if status.clock else "rounds without a clock"
    lines = [f"{status.event_id} · {head}"]
    for line in status.rounds:
        parts = [f"{line.title:<24}", f"{line.state:<8}"]
        if line.state != "pending":
            parts.append(f"{line.sheets_in} of {line.tables} sheets in")
        if line.started_at is not None:
            parts.append(f"started {time_of_day(line.started_at)}")
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines) + "\n"
