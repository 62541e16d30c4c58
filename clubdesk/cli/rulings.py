"""The director's rulings on a team from the command line (docs/rules.md §1, §6):

- ``clubdesk warning --round N --team T --reason TEXT [--loss-of-hand | --another-warning]``
  logs a bid whist warning infraction: a team's first is a warning; after it a loss of
  hand is proposed and the director's decision is one of the two flags (without one it is
  refused, saying so); in the playoffs every infraction is a loss of hand. Prints the
  ruling as JSON: ``{"round", "team", "ruling", "count", "table", "side", "text"}``.
- ``clubdesk warnings [--team T]`` lists the warnings logged (JSON), the team's only.
- ``clubdesk remove --entrant N --director NAME --reason TEXT`` removes an entrant from the
  tournament (bid whist: ejects it): no further rounds, its fee kept in the prize pool.
  Prints ``{"number", "status", "ruling", "director", "reason", "reseated"}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.common import (
    Handler,
    chosen_event,
    db_argument,
    desk_for,
    event_argument,
    print_json,
)
from clubdesk.cli.common import whole_number as number


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    warning = commands.add_parser("warning", help="log a bid whist warning infraction")
    db_argument(warning)
    event_argument(warning)
    warning.add_argument("--round", type=number, required=True, metavar="N",
                         help="the round it happened in")  # fmt: skip
    warning.add_argument("--team", type=number, required=True, metavar="T",
                         help="the team's number")  # fmt: skip
    warning.add_argument("--reason", required=True, metavar="TEXT", help="what it did")
    decision = warning.add_mutually_exclusive_group()
    decision.add_argument("--loss-of-hand", dest="loss_of_hand", action="store_true",
                          default=None, help="confirm the loss of hand proposed")  # fmt: skip
    decision.add_argument("--another-warning", dest="loss_of_hand", action="store_false",
                          default=None, help="another warning, not the loss of hand")  # fmt: skip
    listing = commands.add_parser("warnings", help="the warning infractions logged (JSON)")
    db_argument(listing)
    event_argument(listing)
    listing.add_argument("--team", type=number, metavar="T", help="one team's only")
    remove = commands.add_parser(
        "remove", help="remove an entrant from the tournament (bid whist: eject it)"
    )
    db_argument(remove)
    event_argument(remove)
    remove.add_argument("--entrant", type=number, required=True, metavar="N",
                        help="the entrant's number")  # fmt: skip
    remove.add_argument("--director", required=True, metavar="NAME",
                        help="the director who rules")  # fmt: skip
    remove.add_argument("--reason", required=True, metavar="TEXT", help="why")
    return {"warning": _warning, "warnings": _warnings, "remove": _remove}


def _warning(args: argparse.Namespace) -> int:
    from clubdesk.services import warnings
    from clubdesk.store.db import open_database

    with open_database(args.db, create=False) as db:
        event_id = chosen_event(db, args.event)
        done = warnings.log_warning(desk_for(db, event_id, common.CLOCK), args.round, args.team,
                                    args.reason, loss_of_hand=args.loss_of_hand)  # fmt: skip
    print_json({"round": done.round_number, "team": done.team, "ruling": done.kind,
                "count": done.count, "table": done.table, "side": done.side,
                "text": done.text})  # fmt: skip
    return 0


def _warnings(args: argparse.Namespace) -> int:
    from clubdesk.services import warnings
    from clubdesk.store.db import open_database

    with open_database(args.db, create=False) as db:
        event_id = chosen_event(db, args.event)
        logged = warnings.warnings_logged(db, event_id, team=args.team)
    print_json([{"round": w.round, "team": w.team, "reason": w.reason, "ruling": w.kind,
                 "playoff": w.playoff, "at": w.at.isoformat() if w.at else None}
                for w in logged])  # fmt: skip
    return 0


def _remove(args: argparse.Namespace) -> int:
    from clubdesk.services import removal
    from clubdesk.services.changes import Change, changes_of
    from clubdesk.store.db import open_database

    with open_database(args.db, create=False) as db:
        event_id = chosen_event(db, args.event)
        info = removal.remove_from_tournament(
            desk_for(db, event_id, common.CLOCK), args.entrant, args.reason, args.director
        )
        gone = removal.removal_of(db, event_id, args.entrant)
    assert gone is not None
    print_json({"number": info.number, "status": info.status, "ruling": info.status_text,
                "director": gone.director, "reason": gone.reason,
                "reseated": bool(changes_of(info) & Change.SEATING)})  # fmt: skip
    return 0
