"""An event as a file: import one into a database, export one from it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.common import (
    Handler,
    chosen_event,
    count,
    database_to_read,
    db_argument,
    desk_for,
    event_argument,
    first_problem,
    iso_date,
    print_json,
    read_json_file,
)
from clubdesk.errors import UserError


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    load = commands.add_parser("import", help="load an event file into a database")
    load.add_argument("file", type=Path, metavar="FILE", help="the event file (JSON)")
    db_argument(load, "the database to load it into (made if missing)")
    load.add_argument("--replace", action="store_true",
                      help="archive an event with the same id and take its place")  # fmt: skip
    load.add_argument("--date", type=iso_date, metavar="YYYY-MM-DD",
                      help="the event's date, for a file that has none")  # fmt: skip

    export = commands.add_parser("export", help="print an event's event file (JSON)")
    db_argument(export)
    event_argument(export)
    return {"import": _import, "export": _export}


def _import(args: argparse.Namespace) -> int:
    from clubdesk.domain.event.model import EventError
    from clubdesk.domain.event.names import shared_names
    from clubdesk.domain.eventfile.checks import listed, times
    from clubdesk.services import eventfile
    from clubdesk.store.db import new_database, open_database

    data = read_json_file(args.file)
    when = args.date
    undated = when is None and isinstance(data, dict) and data.get("date") is None
    if undated:
        when = common.CLOCK.now().date()  # docs/event-file.md's event file may leave the date out
    try:  # every check before the database is even opened: a bad file changes nothing
        event = eventfile.check_event_file(data, date=when, now=common.CLOCK.now())
    except EventError as exc:
        raise UserError(first_problem(args.file, exc.problems)) from None
    # a new file is written beside its name and moved there whole: a kill leaves none
    database = args.db.expanduser()
    with open_database(database) if database.exists() else new_database(database) as db:
        done = eventfile.import_event(desk_for(db, None, common.CLOCK), event, replace=args.replace)
    print(
        f"imported {done.event_id} into {args.db}: {count(done.entrants, 'entrant')}, "
        f"{count(done.rounds, 'round')}, {count(done.games, 'game')}, "
        f"{count(done.hands, 'hand')}, {count(done.ledger_rows, 'ledger row')}"
    )
    if done.replaced is not None:
        print(f"the event it replaces is kept as {done.replaced}")
    if undated:
        print(f"note: {args.file} gives no date; the event is dated {when.isoformat()}, today")
    for name, numbers in shared_names((e.number, e.players) for e in event.entrants):
        held = sorted(set(numbers))
        where = f"entrant{'s' if len(held) > 1 else ''} {listed(held)}"
        print(f"note: {name} is named {times(len(numbers))} ({where}); "
              "taken as people who share a name")  # fmt: skip
    return 0


def _export(args: argparse.Namespace) -> int:
    from clubdesk.services import eventfile

    with database_to_read(args.db) as db:
        data = eventfile.export_event(db, chosen_event(db, args.event))
    print_json(data)
    return 0
