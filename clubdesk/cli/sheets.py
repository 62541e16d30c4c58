"""Score sheets: read a table's sheet, submit a signed one, record a director's amendment.

``submit`` reads the signed sheet of docs/cli.md on stdin, as ``services/sheet_json.py``
reads it (the tables' phone pages post the same); ``sheet`` prints it as that module writes
it, strokes included. ``amend`` reads the corrected ``score``, a tie's ``winner`` and, when
the director signed on a pad, their ``strokes``. Both are read with the event file's schema
(``domain.event.sheet_in``).
"""

from __future__ import annotations

import argparse
from typing import Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_to_read,
    db_argument,
    desk_for,
    event_argument,
    print_json,
    read_json_stdin,
    whole_number,
)
from clubdesk.timesource import SYSTEM_TIME


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    sheet = commands.add_parser("sheet", help="a table's score sheet (JSON)")
    submit = commands.add_parser("submit", help="read a signed sheet (JSON) on stdin, submit it")
    amend = commands.add_parser("amend", help="read the corrected sheet on stdin; amend it")
    for parser in (sheet, submit, amend):
        db_argument(parser)
        event_argument(parser)
        parser.add_argument("--round", type=whole_number, required=True, metavar="N")
        parser.add_argument("--table", type=whole_number, required=True, metavar="T")
    amend.add_argument("--reason", required=True, metavar="TEXT", help="why the sheet changes")
    amend.add_argument("--director", required=True, metavar="NAME", help="who amends it")
    return {"sheet": _sheet, "submit": _submit, "amend": _amend}


def _sheet(args: argparse.Namespace) -> int:
    from clubdesk.services import sheets
    from clubdesk.services.sheet_json import sheet_json

    with database_to_read(args.db) as db:
        found = sheets.table_sheet(db, chosen_event(db, args.event), args.round, args.table)
    print_json(sheet_json(found))
    return 0


def _submit(args: argparse.Namespace) -> int:
    from clubdesk.services.sheet_json import submit_json
    from clubdesk.store.db import open_database

    data = read_json_stdin()
    with open_database(args.db, create=False) as db:
        done = submit_json(
            desk_for(db, chosen_event(db, args.event), SYSTEM_TIME), args.round, args.table, data,
        )  # fmt: skip
    print(
        f"round {done.round_number}, table {done.table}: submitted, "
        f"a {done.score_a}, b {done.score_b} ({done.sheets_in} of {done.sheets_total} sheets in)"
        + (f"; round {done.next_seated} is seated" if done.next_seated is not None else "")
    )
    return 0


def _amend(args: argparse.Namespace) -> int:
    from clubdesk.domain.eventfile.sheet_in import read_amendment
    from clubdesk.services import sheets
    from clubdesk.store.db import open_database

    found = read_amendment(read_json_stdin())
    assert found.score is not None  # read_amendment refuses an amendment without one
    with open_database(args.db, create=False) as db:
        done = sheets.amend_sheet(
            desk_for(db, chosen_event(db, args.event), SYSTEM_TIME),
            args.round,
            args.table,
            score=(found.score.a, found.score.b),
            winner=found.winner,
            director=args.director,
            reason=args.reason,
            strokes=found.strokes,
        )
    before, after = done.before.score, done.after.score
    print(
        f"round {done.round_number}, table {done.table}: amended, "
        f"a {before.a}, b {before.b} -> a {after.a}, b {after.b}"
    )
    return 0
