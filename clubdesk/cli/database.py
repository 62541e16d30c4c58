"""The database as a file: an online backup, putting a backup in its place, and accepting a
file sealed on another laptop."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from clubdesk.cli.common import (
    Handler,
    db_argument,
    given_pin,
)
from clubdesk.timesource import SYSTEM_TIME


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    backup = commands.add_parser("backup", help="copy the database, consistent as of now")
    db_argument(backup)
    backup.add_argument(
        "-o",
        "--output",
        required=True,
        type=Path,
        metavar="FILE",
        help="the backup file to write (a new file unless --force)",
    )
    backup.add_argument("--force", action="store_true",
                        help="write over FILE if it already exists")  # fmt: skip

    restore = commands.add_parser("restore", help="put a backup in the database's place")
    restore.add_argument("file", type=Path, metavar="FILE", help="the backup to restore")
    db_argument(restore, "the database to replace (a copy of it is kept in the backups folder)")
    accept = commands.add_parser(
        "accept", help="accept a database sealed on another laptop, to write to it here"
    )
    db_argument(accept)
    accept.add_argument("--director", required=True, metavar="NAME",
                        help="the director who accepts it (logged)")  # fmt: skip
    return {"backup": _backup, "restore": _restore, "accept": _accept}


def _backup(args: argparse.Namespace) -> int:
    from clubdesk.store.copies import backup_database

    # No lock: the online backup reads the file while a window has it open.
    target = backup_database(args.db, args.output, force=args.force)
    print(f"backed up {args.db} to {target}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from clubdesk.services import restore

    done = restore.restore_database(args.file, args.db, SYSTEM_TIME, pin=given_pin())
    print(f"restored {done.database} from {done.restored_from}")
    if done.previous_kept_as is not None:
        print(f"the database it replaced is kept as {done.previous_kept_as}")
    return 0


def _accept(args: argparse.Namespace) -> int:
    from clubdesk.services import restore

    restore.accept_file(args.db, args.director, SYSTEM_TIME)
    print(f"accepted {args.db}: sealed on this laptop, accepted by {args.director.strip()}")
    return 0
