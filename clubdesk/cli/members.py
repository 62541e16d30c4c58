"""The club's members, kept across every event of the database: ``clubdesk members import``
and ``clubdesk members list`` (docs/cli.md, "Members")."""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubdesk.cli.common import Handler, count, database_to_read, db_argument, desk_for, print_json
from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.services.members import MemberInfo, MembersFileError


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    members = commands.add_parser("members", help="the club's members: import, list")
    # the actions' parser is the command line's own (a usage mistake on one line, exit 2)
    actions = members.add_subparsers(dest="members_action", metavar="ACTION", required=True)
    load = actions.add_parser("import", help="add or update members from a CSV file with the "
                              "header number,name (more columns are kept)")  # fmt: skip
    load.add_argument("file", type=Path, metavar="FILE", help="the members file (CSV)")
    db_argument(load, "the database to keep them in (made if missing)")
    listing = actions.add_parser("list", help="the members, with the events each played in")
    db_argument(listing)
    listing.add_argument("--format", choices=("json", "csv", "text"), default="json")
    return {"members": _members}


def _members(args: argparse.Namespace) -> int:
    return _import(args) if args.members_action == "import" else _list(args)


def _import(args: argparse.Namespace) -> int:
    from clubdesk.cli import common
    from clubdesk.services.members import MembersFileError, import_members, read_members_csv
    from clubdesk.services.roster_csv import read_roster_file
    from clubdesk.store.db import open_database

    text = read_roster_file(args.file)
    try:  # every line checked before the database is even opened: a bad file changes nothing
        read_members_csv(text)
    except MembersFileError as exc:
        raise UserError(_first(args.file, exc)) from None
    with open_database(args.db) as db:
        done = import_members(desk_for(db, None, common.CLOCK), text)
    print(
        f"imported {args.file} into {args.db}: {count(len(done.added), 'member')} added, "
        f"{len(done.updated)} updated, {len(done.unchanged)} as they were"
    )
    return 0


def _first(file: Path, refused: MembersFileError) -> str:
    """The file's first problem as ``FILE:LINE: what``, and how many more there are."""
    first, more = refused.problems[0], len(refused.problems) - 1
    tail = f" (and {count(more, 'more problem')})" if more else ""
    return f"{file}:{first.line}: {first.text}{tail}"


def _list(args: argparse.Namespace) -> int:
    from clubdesk.services.members import list_members

    with database_to_read(args.db) as db:
        members = list_members(db)
    if args.format == "json":
        print_json({"members": [member.to_json() for member in members]})
    elif args.format == "csv":
        sys.stdout.write(members_csv(members))
    else:
        sys.stdout.write(members_text(members))
    return 0


def members_csv(members: Sequence[MemberInfo]) -> str:
    """``number,name,events`` and the club's own columns: a file ``members import`` reads."""
    from clubdesk.printing.text import spreadsheet_safe
    from clubdesk.services.members import club_headings

    headings = club_headings(members)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["number", "name", "events", *(spreadsheet_safe(h) for h in headings)])
    for member in members:
        cells = [member.name, *(member.club_columns.get(h, "") for h in headings)]
        safe = [spreadsheet_safe(cell) for cell in cells]
        writer.writerow([member.number, safe[0], member.events, *safe[1:]])
    return out.getvalue()


def members_text(members: Sequence[MemberInfo]) -> str:
    """A fixed-width table: number, name, events, and the club's own columns."""
    from clubdesk.printing.text import plain
    from clubdesk.printing.text_table import text_table
    from clubdesk.services.members import club_headings

    if not members:
        return "no members yet: clubdesk members import FILE adds them\n"
    headings = club_headings(members)
    rows = [
        [str(member.number), plain(member.name), str(member.events),
         *(plain(member.club_columns.get(h, "")) for h in headings)]
        for member in members
    ]  # fmt: skip
    header = ["No.", "Name", "Events", *(plain(h) for h in headings)]
    left = {1, *range(3, 3 + len(headings))}
    return "\n".join(text_table(header, rows, left=left)) + "\n"
