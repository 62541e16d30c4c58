"""What the commands share: the database and event arguments, reading JSON, printing it."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubdesk.domain import limits
from clubdesk.errors import UserError
from clubdesk.timesource import SYSTEM_TIME, TimeSource

if TYPE_CHECKING:
    from clubdesk.services.command import Desk
    from clubdesk.store.db import Database

EXIT_BAD_INPUT = 2

CLOCK: TimeSource = SYSTEM_TIME
"""The time the commands that record or read the round clock go by (``--at`` is checked
against it); the computer's clock."""

Handler = Callable[[argparse.Namespace], int]
"""A command: given the parsed arguments, does the work and gives the exit status."""

PIN_VARIABLE = "CLUBDESK_PIN"
"""The environment variable the commands read the director's PIN from, where it is set and
the command needs it (docs/cli.md, "The director's PIN")."""


def given_pin() -> str | None:
    """The director's PIN the command was given (``CLUBDESK_PIN``; None when it is unset or
    empty)."""
    return os.environ.get(PIN_VARIABLE, "").strip() or None


def desk_for(db: Database, event_id: str | None, clock: TimeSource) -> Desk:
    """The desk a command acts from: the database, the event, the clock, the director
    acting, with the PIN the command was given (``given_pin``)."""
    from clubdesk.services.command import Desk

    return Desk(db, event_id, clock, pin=given_pin())


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


def whole_number(text: str) -> int:
    """An argument that is a whole number the database can store (``--seed``, ``--round``...).

    Like ``type=int``, with a number of thousands of digits or beyond 64 bits refused in a
    short line instead of reaching the database.
    """
    digits = text.strip().lstrip("+-").replace("_", "")
    if len(text) > 40:
        shown = f"{text[:20]}..."
        if digits.isdigit():
            raise argparse.ArgumentTypeError(f"{shown} is too large to be stored")
        raise argparse.ArgumentTypeError(f"invalid int value: {shown!r}")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if limits.stored_int_problem(value):
        raise argparse.ArgumentTypeError(f"{value} is too large to be stored")
    return value


@contextmanager
def database_to_read(path: Path) -> Iterator[Database]:
    """The database at ``path`` opened for a command that only reads it
    (``store/read_only.py``); one changed outside clubdesk is read with a warning on
    standard error."""
    from clubdesk.store.read_only import open_for_reading

    with open_for_reading(path) as db:
        if db.changed_outside is not None:
            print(
                f"clubdesk: warning: {path} was changed outside clubdesk "
                f"({db.changed_outside}); what it shows may not be what clubdesk recorded",
                file=sys.stderr,
            )
        yield db


def database_for(path: Path, *, reading: bool) -> AbstractContextManager[Database]:
    """The database at ``path``, opened only to read (``database_to_read``) where the
    command only reads it, else to write."""
    from clubdesk.store.db import open_database

    return database_to_read(path) if reading else open_database(path, create=False)


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


JSON_INPUT_MAX = 64 * 1024 * 1024
"""The most JSON a command reads (a Grand Prix's event file is well under a megabyte); an
input that goes on beyond it (``/dev/zero``) is refused instead of filling the memory."""


def read_json_file(path: Path, what: str = "an event file") -> Any:
    """The JSON value in the file at ``path``; anything else is a ``UserError`` naming it
    (and saying it is not ``what`` the command reads)."""
    try:
        with path.open("rb") as file:
            data = file.read(JSON_INPUT_MAX + 1)
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({(exc.strerror or str(exc)).lower()})") from None
    if len(data) > JSON_INPUT_MAX:
        raise UserError(f"{path}: {_too_long()}; not {what}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not {what} (it is not UTF-8 text)") from None
    if not text.strip():
        raise UserError(f"{path}:1: not valid JSON (the file is empty)")
    return _parsed(text, str(path))


def read_json_stdin() -> Any:
    """The JSON value given on standard input, read up to ``JSON_INPUT_MAX``."""
    text = sys.stdin.read(JSON_INPUT_MAX + 1)
    if len(text) > JSON_INPUT_MAX:
        raise UserError(f"stdin: {_too_long()}")
    if not text.strip():
        raise UserError("stdin: no JSON given")
    return _parsed(text, "stdin")


def _too_long() -> str:
    return f"more than {JSON_INPUT_MAX // (1024 * 1024)} MB of input"


def _parsed(text: str, name: str) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{name}:{exc.lineno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise UserError(f"{name}: values nested too deep to be read") from None
    except ValueError:  # a whole number of thousands of digits
        raise UserError(f"{name}: a number too long to be read") from None
    broken = limits.lone_surrogate_at(value)
    if broken is not None:
        raise UserError(f"{name}: {broken}: {limits.NOT_UNICODE}")
    return value


def print_json(value: Any) -> None:
    """``value`` as indented JSON on stdout, letters beyond ASCII as they are."""
    sys.stdout.write(json_text(value))
    sys.stdout.write("\n")


def json_text(value: Any) -> str:
    """``value`` as indented JSON in which no control character is written as it is: JSON
    escapes those below a space itself; DEL, the C1 controls and the format characters
    (direction overrides...) of a stored name are written as ``\\uXXXX`` too, so they never
    reach a terminal."""
    return _UNUSUAL.sub(_escaped, json.dumps(value, indent=2, ensure_ascii=False))


_UNUSUAL = re.compile(r"[^\x20-\x7e\n]")  # the JSON text's only line breaks are its own


def _escaped(found: re.Match[str]) -> str:
    ch = found.group()
    if not limits.is_control(ch):
        return ch
    units = ch.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(units[i : i + 2]):04x}" for i in range(0, len(units), 2))
