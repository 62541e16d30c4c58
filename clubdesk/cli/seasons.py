"""A season's standings over its events: ``clubdesk season standings`` (docs/cli.md,
"Members")."""

from __future__ import annotations

import argparse
import csv
import io
import sys
from typing import TYPE_CHECKING, Any

from clubdesk.cli.common import Handler, database_to_read, db_argument, print_json

if TYPE_CHECKING:
    from clubdesk.domain.results.season import SeasonStandings


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    season = commands.add_parser("season", help="a season's standings over its events")
    actions = season.add_subparsers(dest="season_action", metavar="ACTION", required=True)
    standings = actions.add_parser("standings", help="the members' league points over the "
                                   "events whose setting season is NAME")  # fmt: skip
    db_argument(standings)
    standings.add_argument("--season", required=True, metavar="NAME", help="the season's name")
    standings.add_argument("--format", choices=("json", "csv", "text"), default="json")
    return {"season": _standings}


def _standings(args: argparse.Namespace) -> int:
    from clubdesk.services.seasons import standings

    with database_to_read(args.db) as db:
        found = standings(db, args.season)
    if args.format == "json":
        print_json(found.to_json())
    elif args.format == "csv":
        sys.stdout.write(season_csv(found))
    else:
        sys.stdout.write(season_text(found))
    return 0


def season_csv(found: SeasonStandings) -> str:
    """``place,member,name,events,points,counted``; ``counted`` the scores counted, by spaces."""
    from clubdesk.printing.text import spreadsheet_safe

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "member", "name", "events", "points", "counted"])
    for row in found.rows:
        counted = " ".join(map(str, row.counted))
        writer.writerow([row.place, row.member, spreadsheet_safe(row.name), row.events,
                         row.points, counted])  # fmt: skip
    return out.getvalue()


def season_text(found: SeasonStandings) -> str:
    """The season's name and events, then a fixed-width table of its standings."""
    from clubdesk.printing.text import plain
    from clubdesk.printing.text_table import text_table

    lines = [f"Season {plain(found.season)}: {len(found.events)} events "
             f"({', '.join(found.events)})"]  # fmt: skip
    if not found.rows:
        lines.append("no member has played in it")
        return "\n".join(lines) + "\n"
    rows = [
        [str(row.place), str(row.member), plain(row.name), str(row.events), str(row.points),
         " ".join(map(str, row.counted))]
        for row in found.rows
    ]  # fmt: skip
    header = ["Place", "No.", "Name", "Events", "Points", "Counted"]
    return "\n".join([*lines, "", *text_table(header, rows, left={2, 5})]) + "\n"
