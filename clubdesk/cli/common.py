"""What the commands share: the database and event arguments, reading JSON, printing it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.store import Database

EXIT_BAD_INPUT = 2

Handler = Callable[[argparse.Namespace], int]
"""A command: given the parsed arguments, does the work and gives the exit status."""


def db_argument(parser: argparse.ArgumentParser, help: str = "the database file") -> None:
    parser.add_argument("--db", required=True, type=Path, metavar="DB", help=help)


def event_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--event", metavar="ID",
                        help="the event's id (needed when the database holds several)")  # fmt: skip


def iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2011-10-22") from None


def chosen_event(db: Database, given: str | None) -> str:
    """The event asked for, or the database's only current event."""
    from clubdesk.services import eventfile

    if given is not None:
        return given
    ids = eventfile.current_event_ids(db)
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise UserError(f"--event: {db.path} holds no event; import one first")
    raise UserError(f"--event: {db.path} holds {len(ids)} events; choose one: {', '.join(ids)}")


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def first_problem(file: Path, problems: list[str]) -> str:
    more = len(problems) - 1
    tail = f" (and {count(more, 'more problem')})" if more else ""
    return f"{file}: {problems[0]}{tail}"


def read_json_file(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not an event file (it is not UTF-8 text)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({(exc.strerror or str(exc)).lower()})") from None
    if not text.strip():
        raise UserError(f"{path}:1: not valid JSON (the file is empty)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from None


def read_json_stdin() -> Any:
    text = sys.stdin.read()
    if not text.strip():
        raise UserError("stdin: no JSON given")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"stdin:{exc.lineno}: not valid JSON ({exc.msg})") from None


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
