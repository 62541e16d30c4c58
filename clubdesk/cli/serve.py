"""The tables' pages from the command line (docs/cli.md, "The tables' pages"):
``clubdesk serve`` serves them without the window until Ctrl+C, and ``clubdesk links``
lists each table's private link for a round (the QR code on its table card)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from clubdesk.cli import common
from clubdesk.cli.common import (
    Handler,
    chosen_event,
    db_argument,
    desk_for,
    event_argument,
    print_json,
    whole_number,
)
from clubdesk.web import DEFAULT_PORT

DEFAULT_HOST = "127.0.0.1"


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    serve = commands.add_parser(
        "serve", help="serve the hall page and the tables' score sheets to phones on the club's "
        "network (Ctrl+C stops)",
    )  # fmt: skip
    db_argument(serve)
    event_argument(serve)
    serve.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                       help="the address of this computer to listen on (default: 127.0.0.1, "
                       "this computer only; 0.0.0.0: every address)")  # fmt: skip
    serve.add_argument("--port", type=whole_number, default=DEFAULT_PORT, metavar="PORT",
                       help=f"the port (default: {DEFAULT_PORT})")  # fmt: skip

    links = commands.add_parser("links", help="each table's private link for a round")
    db_argument(links)
    event_argument(links)
    links.add_argument("--round", type=whole_number, required=True, metavar="N")
    links.add_argument("--base", metavar="URL",
                       help="the address the pages are served at, e.g. http://192.168.1.20:8765/ "
                       "(default: where they were last served)")  # fmt: skip
    links.add_argument("--format", choices=("json", "text"), default="text")
    return {"serve": _serve, "links": _links}


def _serve(args: argparse.Namespace) -> int:
    from clubdesk.services import links
    from clubdesk.store.db import open_database
    from clubdesk.web.app import TablesApp
    from clubdesk.web.server import TablesServer, bound_socket, link_host

    bound_socket(args.host, args.port).close()  # a refusal says why before the file is opened
    with open_database(args.db, create=False) as db:
        event_id = chosen_event(db, args.event)
        server = TablesServer(TablesApp(db, event_id, common.CLOCK), args.host, args.port)
        base = links.keep_base_url(desk_for(db, event_id, common.CLOCK),
                                   f"http://{link_host(args.host)}:{args.port}/")  # fmt: skip
        print(f"serving {event_id} at {base} (the hall page; Ctrl+C stops)", file=sys.stderr)
        server.serve_here()
    return 0


def _links(args: argparse.Namespace) -> int:
    from clubdesk.services import links
    from clubdesk.store.db import open_database

    with open_database(args.db, create=False) as db:
        desk = desk_for(db, chosen_event(db, args.event), common.CLOCK)
        found = links.round_links(desk, args.round, base_url=args.base)
    if args.format == "json":
        print_json(
            {
                "event": found.event_id,
                "round": found.round_number,
                "base": found.base_url,
                "tables": [
                    {"table": t.table, "token": t.token, "url": t.url} for t in found.tables
                ],
            }
        )
        return 0
    for link in found.tables:
        print(f"table {link.table}  {link.url or link.token}")
    if found.base_url is None:
        print("(no address yet: serve the pages, or give --base URL)", file=sys.stderr)
    return 0
