"""``clubdesk print KIND``: a printed document as a PDF file (docs/cli.md)."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_to_read,
    db_argument,
    event_argument,
    whole_number,
)
from clubdesk.errors import UserError
from clubdesk.services.printouts import KINDS, ROUND_KINDS
from clubdesk.timesource import SYSTEM_TIME


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    printing = commands.add_parser("print", help="write a document to print, as PDF")
    printing.add_argument("kind", choices=KINDS, metavar="KIND", help=", ".join(KINDS))
    db_argument(printing)
    event_argument(printing)
    printing.add_argument(
        "--round",
        type=whole_number,
        metavar="N",
        help=f"the round ({', '.join(kind for kind in KINDS if kind in ROUND_KINDS)})",
    )
    printing.add_argument("-o", "--output", required=True, type=Path, metavar="FILE.pdf")
    printing.add_argument(
        "--paper",
        choices=("letter", "a4"),
        help="the paper size (default: the club's setting, else letter)",
    )
    return {"print": _print}


def _checked_output(path: Path) -> Path:
    """The file to write; UserError when it cannot be written there."""
    if path.is_dir():
        raise UserError(f"-o: {path} is a folder; name the PDF file to write")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(f"-o: {path} cannot be written (no folder {folder})")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UserError(f"-o: {path} cannot be written (permission denied)")
    return path


def _print(args: argparse.Namespace) -> int:
    from clubdesk.services import documents, printouts

    output = _checked_output(args.output)
    with database_to_read(args.db) as db:  # a printout only reads
        event_id = chosen_event(db, args.event)
        try:
            handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed or removed below)
                dir=output.parent, prefix=f".{output.name}.", suffix=".part", delete=False
            )
        except OSError as exc:
            raise UserError(f"-o: {output} cannot be written ({exc.strerror or exc})") from None
        part = Path(handle.name)
        try:
            with handle:
                printouts.write_document(
                    db,
                    event_id,
                    args.kind,
                    handle,
                    SYSTEM_TIME,
                    round_number=args.round,
                    paper=documents.paper_for(db, event_id, args.paper),
                )
            os.replace(part, output)
        except OSError as exc:
            raise UserError(f"-o: {output} cannot be written ({exc.strerror or exc})") from None
        finally:
            part.unlink(missing_ok=True)
    print(f"wrote {output}")
    return 0
