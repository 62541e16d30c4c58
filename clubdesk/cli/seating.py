"""The draw and who sits where each round."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    count,
    database_to_read,
    db_argument,
    desk_for,
    event_argument,
    print_json,
    read_json_file,
    whole_number,
)
from clubdesk.errors import UserError
from clubdesk.timesource import SYSTEM_TIME


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    make_draw = commands.add_parser("draw", help="make the round-1 draw")
    db_argument(make_draw)
    event_argument(make_draw)
    how = make_draw.add_mutually_exclusive_group()
    how.add_argument("--seed", type=whole_number, metavar="N",
                     help="the random seed (recorded; repeatable)")  # fmt: skip
    how.add_argument("--drawn", type=Path, metavar="FILE",
                     help="record a draw made with real cards, chits or lots: a JSON object "
                     'from entrant number to what that entrant drew, as printed on it '
                     '({"1": "blue 3"}, {"1": "table 2 seat 3"}, {"1": "lot 5"})')  # fmt: skip
    make_draw.add_argument("--redo", action="store_true",
                           help="replace the draw (only before round 1 starts)")  # fmt: skip

    seating = commands.add_parser("seating", help="who sits where in a round")
    db_argument(seating)
    event_argument(seating)
    seating.add_argument("--round", type=whole_number, required=True, metavar="N")
    seating.add_argument("--format", choices=("json", "text"), default="json")
    return {"draw": _draw, "seating": _seating}


def _draw(args: argparse.Namespace) -> int:
    from clubdesk.services import draw
    from clubdesk.store.db import open_database

    picks = None if args.drawn is None else _drawn_file(args.drawn)
    with open_database(args.db, create=False) as db:
        desk = desk_for(db, chosen_event(db, args.event), SYSTEM_TIME)
        if picks is None:
            made = draw.make_draw(desk, args.seed, redo=args.redo)
        else:
            made = draw.record_physical_draw(desk, picks, redo=args.redo)
    drew = count(len(made.draw.drawn), "entrant")
    if made.method == "physical":
        what = {"cards": "cards", "chits": "chits"}.get(made.kind, "lots")
        print(f"recorded the physical draw of {drew} for {made.event_id} ({what})")
    else:
        print(f"drew {drew} for {made.event_id} (seed {made.seed})")
    for note in made.notes:
        print(f"note: {note}")
    return 0


def _drawn_file(path: Path) -> dict[str, Any]:
    """``--drawn FILE``: a JSON object from entrant number to what that entrant drew."""
    data = read_json_file(path, what="a draw file")
    if not isinstance(data, dict):
        raise UserError(
            f"--drawn: {path} must hold a JSON object from entrant number to what that "
            'entrant drew, e.g. {"1": "table 2 seat 3"}'
        )
    if not data:
        raise UserError(f"--drawn: {path} names nobody; give what every entrant drew")
    return data


def _seating(args: argparse.Namespace) -> int:
    from clubdesk.domain.seating.values import side_labels
    from clubdesk.printing.text import seating_text
    from clubdesk.services import entrants as entrants_service
    from clubdesk.services import events, playoffs
    from clubdesk.services import seating as seating_service

    with database_to_read(args.db) as db:
        event_id = chosen_event(db, args.event)
        seats = seating_service.seating(db, event_id, args.round)
        if args.format == "json":
            print_json(seats.to_json())
            return 0
        names = {e.number: e.name for e in entrants_service.list_entrants(db, event_id)}
        rules = events.event_rules(db, event_id)
        labels = side_labels(rules)
        title = f"{events.get_event(db, event_id).name}: round {args.round}"
        if args.round > rules.schedule.rounds:  # a playoff round, by name: "Playoffs: final"
            title += f" · {playoffs.round_title(db, event_id, args.round)}"
    sys.stdout.write(seating_text(seats, names, title, labels))
    return 0
