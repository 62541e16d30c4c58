"""The director's PIN: ``clubdesk pin set`` and ``clubdesk pin clear`` (docs/cli.md, "The
director's PIN"). The PINs are read on standard input, one a line (without echo where it
is a terminal), never from an argument, which others on the laptop may read."""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.common import Handler, db_argument, desk_for
from clubdesk.errors import UserError

PIN_MOST_READ = 64  # a line beyond this is no PIN: it is not read on


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    pin = commands.add_parser("pin", help="the director's PIN: set, clear")
    # the actions' parser is the command line's own (a usage mistake on one line, exit 2)
    actions = pin.add_subparsers(dest="pin_action", metavar="ACTION", required=True)
    given = actions.add_parser(
        "set",
        help="set the director's PIN, read twice on stdin (4 to 12 digits); with one set "
        "already, the one set is given in CLUBDESK_PIN",
    )
    db_argument(given)
    clear = actions.add_parser("clear", help="clear the director's PIN, read on stdin")
    db_argument(clear)
    clear.add_argument(
        "--forgotten",
        action="store_true",
        help="clear a forgotten PIN without it: only as the account the database file "
        "belongs to (logged)",
    )
    return {"pin": _pin}


def _pin(args: argparse.Namespace) -> int:
    from clubdesk.services import pin
    from clubdesk.store.db import open_database

    if args.pin_action == "set":
        typed = _read("PIN: ", "the PIN")
        again = _read("PIN again: ", "the PIN typed again")
        with open_database(args.db, create=False) as db:
            pin.set_pin(desk_for(db, None, common.CLOCK), typed, again)
        print(f"the director's PIN is set for {args.db}")
        return 0
    if args.forgotten:
        with open_database(args.db, create=False) as db:
            pin.forget_pin(desk_for(db, None, common.CLOCK))
        print(f"the director's PIN of {args.db} is cleared (as forgotten; logged)")
        return 0
    current = _read("Current PIN: ", "the current PIN")
    with open_database(args.db, create=False) as db:
        pin.clear_pin(desk_for(db, None, common.CLOCK).with_pin(current))
    print(f"the director's PIN of {args.db} is cleared")
    return 0


def _read(prompt: str, what: str) -> str:
    """One PIN from standard input: asked for without echo on a terminal, else its next
    line."""
    if sys.stdin.isatty():
        try:
            return getpass.getpass(prompt).strip()
        except EOFError:
            raise UserError(f"stdin: {what} was not given") from None
    line = sys.stdin.readline(PIN_MOST_READ + 1)
    if not line:
        raise UserError(f"stdin: {what} was not given (one PIN a line)")
    return line.strip()
