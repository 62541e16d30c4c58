"""Results: the standings and the payouts."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    db_argument,
    event_argument,
    print_json,
    whole_number,
)


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    standings = commands.add_parser("standings", help="print the standings")
    db_argument(standings)
    event_argument(standings)
    standings.add_argument("--after-round", type=whole_number, metavar="N",
                           help="count rounds 1..N (default: the last complete round)")  # fmt: skip
    standings.add_argument("--format", choices=("json", "csv", "text"), default="json")

    payouts = commands.add_parser("payouts", help="print the prize pool and the prizes")
    db_argument(payouts)
    event_argument(payouts)
    payouts.add_argument("--format", choices=("json", "text"), default="json")
    return {"standings": _standings, "payouts": _payouts}


def _standings(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import standings_csv, standings_text
    from clubdesk.services import results
    from clubdesk.store.read_only import open_for_reading

    with open_for_reading(args.db) as db:
        table = results.standings(db, chosen_event(db, args.event), args.after_round)
    if args.format == "json":
        print_json(table.to_json())
    else:
        sys.stdout.write(standings_csv(table) if args.format == "csv" else standings_text(table))
    return 0


def _payouts(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import payouts_text
    from clubdesk.services import events, results
    from clubdesk.store.read_only import open_for_reading

    with open_for_reading(args.db) as db:
        event_id = chosen_event(db, args.event)
        prizes = results.payouts(db, event_id)
        name = events.get_event(db, event_id).name
        rules = events.event_rules(db, event_id)
    if args.format == "json":
        print_json(prizes.to_json())
    else:
        sys.stdout.write(payouts_text(prizes, f"{name}: prizes", rules))
    return 0
