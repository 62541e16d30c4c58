"""Results: the standings and the payouts."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_to_read,
    db_argument,
    desk_for,
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

    tiebreak = commands.add_parser(
        "tiebreak", help="record a tie-break the standings call for (gin's sudden-death "
        "match, bid whist's one-hand play-off)",
    )  # fmt: skip
    db_argument(tiebreak)
    event_argument(tiebreak)
    tiebreak.add_argument("--between", required=True, type=_numbers, metavar="A,B[,C...]",
                          help="the tied entrants' numbers, e.g. 4,9")  # fmt: skip
    tiebreak.add_argument("--winner", required=True, type=whole_number, metavar="W",
                          help="the number of the entrant who won it")  # fmt: skip
    tiebreak.add_argument("--reason", default="", metavar="TEXT",
                          help="a note kept in the audit log")  # fmt: skip
    return {"standings": _standings, "payouts": _payouts, "tiebreak": _tiebreak}


def _numbers(text: str) -> list[int]:
    """``--between``: entrant numbers separated by commas."""
    parts = [part.strip() for part in text.split(",")]
    if not all(parts):
        raise argparse.ArgumentTypeError(f"entrant numbers separated by commas, not {text!r}")
    return [whole_number(part) for part in parts]


def _standings(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import standings_csv, standings_text
    from clubdesk.services import results

    with database_to_read(args.db) as db:
        table = results.standings(db, chosen_event(db, args.event), args.after_round)
    if args.format == "json":
        print_json(table.to_json())
    else:
        sys.stdout.write(standings_csv(table) if args.format == "csv" else standings_text(table))
    return 0


def _payouts(args: argparse.Namespace) -> int:
    """The pool and the prizes; once final, each store credit redeemed, to redeem or lapsed
    (JSON: ``credits``, only where prizes are store credit)."""
    from clubdesk.printing.text import credits_text, payouts_text
    from clubdesk.services import events, final_payouts, results
    from clubdesk.timesource import SYSTEM_TIME

    with database_to_read(args.db) as db:
        event_id = chosen_event(db, args.event)
        prizes = results.payouts(db, event_id)
        credits = final_payouts.store_credits(db, event_id)
        name = events.get_event(db, event_id).name
        rules = events.event_rules(db, event_id)
    today = SYSTEM_TIME.now().date()
    if args.format == "json":
        written = prizes.to_json()
        if credits:
            written["credits"] = [credit.to_json(today) for credit in credits]
        print_json(written)
    else:
        sys.stdout.write(payouts_text(prizes, f"{name}: prizes", rules))
        sys.stdout.write(credits_text(credits, today))
    return 0


def _tiebreak(args: argparse.Namespace) -> int:
    from clubdesk.domain.results.ties import listed
    from clubdesk.errors import UserError
    from clubdesk.services import events, tiebreaks
    from clubdesk.store.db import open_database
    from clubdesk.timesource import SYSTEM_TIME

    with open_database(args.db, create=False) as db:
        event_id = chosen_event(db, args.event)
        try:
            done = tiebreaks.break_tie(
                desk_for(db, event_id, SYSTEM_TIME), args.between, args.winner, reason=args.reason
            )
        except UserError as exc:
            text = str(exc)
            if exc.field in ("between", "winner", "reason") and text.startswith(exc.field):
                raise UserError(f"--{text}", field=exc.field) from None  # as the flag is named
            raise
        unit = events.event_rules(db, event_id).unit
    others = [n for n in done.between if n != done.winner]
    print(f"round {done.round_number}: {done.winner} won the tie-break against {listed(others)}")
    for tie in done.still_due:
        print(tie.describe(unit))
    return 0
