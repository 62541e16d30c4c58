"""A roster from a spreadsheet: check it row by row, then import all of it or nothing.

The file is CSV with a header row naming its columns (any case, any order):

- ``name``: the player (required);
- ``partner``: the second player (team events only, and required there);
- ``paid``: what was paid before the night, in dollars ("50", "50.00",
  "$50"); empty or a missing column means nothing paid.

Commas separate values; a file that uses semicolons or tabs instead (as
some spreadsheets write it) is read too. Blank lines are skipped.

``preview_roster`` reports every problem with its line number; the import
refuses (and saves nothing) while any remains. ``import_roster`` checks the
rows again in its own transaction, against who is registered by then, and
numbers the new entrants from the lowest free number in file order.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from clubdesk.domain.event.names import clean_name, entrant_name, name_key
from clubdesk.domain.limits import control_characters
from clubdesk.domain.money.amounts import MoneyError, parse_money
from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import registration
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import rules_for
from clubdesk.services.entrants import EntrantInfo
from clubdesk.store import entrants as store
from clubdesk.store import events
from clubdesk.store.db import Database
from clubdesk.store.entrants import EntrantRecord, NewEntrant

COLUMNS = ("name", "partner", "paid")
MAX_FILE_BYTES = 1_000_000
MAX_SHOWN_PROBLEMS = 5
IMPORT_NOTE = "entry fee (roster import)"


@dataclass(frozen=True)
class RosterRow:
    line: int
    players: tuple[str, ...]
    paid_cents: int
    problems: tuple[str, ...] = ()  # each "line 4: paid: 'fifty' is not an amount"

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class RosterPreview:
    rows: tuple[RosterRow, ...]
    problems: tuple[str, ...] = ()  # about the file as a whole (its header, no rows)
    team: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.rows) and all(row.ok for row in self.rows)

    def all_problems(self) -> list[str]:
        """The file's problems, then each row's, in line order."""
        return [*self.problems, *(p for row in self.rows for p in row.problems)]


@dataclass(frozen=True)
class RosterImported:
    """The entrants an import registered, in file order (iterating gives them)."""

    entrants: tuple[EntrantInfo, ...]
    changes: Change = changes_field()

    def __iter__(self) -> Iterator[EntrantInfo]:
        return iter(self.entrants)

    def __len__(self) -> int:
        return len(self.entrants)


def read_roster_file(path: Path | str) -> str:
    """A roster file's text (UTF-8, or the Windows encoding spreadsheets often use)."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # a file that never ends is not read to its end
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise UserError(f"{path}: cannot be read ({reason})") from None
    if len(data) > MAX_FILE_BYTES:
        raise UserError(f"{path}: too large for a roster (more than 1 MB)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def preview_roster(db: Database, event_id: str, csv_text: str) -> RosterPreview:
    """Every row of the file with its problems (missing names, bad amounts, duplicates)."""
    with db.reading() as session:
        rules = rules_for(events.get_event(session, event_id))
        existing = store.list_entrants(session, event_id)
    team = entrants_service.players_per_entrant(rules) == 2
    return _check(csv_text, team, existing)


@act("entrant.import", Change.ENTRANTS | Change.MONEY)
def import_roster(do: Command, preview: RosterPreview) -> RosterImported:
    """Register every row of a clean preview in one act; any problem saves nothing."""
    if not preview.ok:
        raise UserError(_refusal(preview))
    session, event_id = do.session, do.event.id
    rules = do.rules
    team = entrants_service.players_per_entrant(rules) == 2
    existing = store.list_entrants(session, event_id)
    again = _check_rows(
        [RosterRow(row.line, row.players, row.paid_cents) for row in preview.rows],
        team,
        existing,
    )
    checked = RosterPreview(tuple(again), team=team)
    if not checked.ok:
        raise UserError(_refusal(checked))
    taken = {record.number for record in existing}
    new = []
    for row in checked.rows:
        number = registration.lowest_free(taken)
        taken.add(number)
        name = entrant_name(row.players)
        new.append(NewEntrant(number, name, row.players, row.paid_cents, None, IMPORT_NOTE))
    infos = registration.add_entrants(do, new)
    do.log(
        {
            "count": len(infos),
            "entrants": [
                {"number": i.number, "players": list(i.players), "paid_cents": i.paid_cents}
                for i in infos
            ],
        }
    )
    return RosterImported(tuple(infos))


# --- reading the file ------------------------------------------------------------------------


def _check(csv_text: str, team: bool, existing: list[EntrantRecord]) -> RosterPreview:
    lines = csv_records(csv_text)
    if not lines:
        problem = f"the file is empty: the first line must be the header ({_column_list(team)})"
        return RosterPreview((), (problem,), team)
    header_line, header = lines[0]
    columns, problems = _header(header_line, header, team)
    if problems:
        return RosterPreview((), tuple(problems), team)
    rows = [_row(line, cells, columns, len(header), team) for line, cells in lines[1:]]
    if not rows:
        problem = f"the file lists nobody after its header (line {header_line})"
        return RosterPreview((), (problem,), team)
    return RosterPreview(tuple(_check_rows(rows, team, existing)), (), team)


def csv_records(csv_text: str) -> list[tuple[int, list[str]]]:
    """The file's non-blank records with the line each starts on (commas, else semicolons
    or tabs); a record CSV cannot read is one cell, its reason after a NUL."""
    text = csv_text.lstrip("\ufeff")
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ","
    if "," not in first:
        delimiter = max((";", "\t"), key=first.count) if first.count(";") or "\t" in first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    records = []
    previous = 0
    try:
        for cells in reader:
            start = previous + 1
            previous = reader.line_num
            if any(cell.strip() for cell in cells):
                records.append((start, cells))
    except csv.Error as exc:
        records.append((previous + 1, [f"\0{exc}"]))
    return records


def _header(line: int, header: list[str], team: bool) -> tuple[dict[str, int], list[str]]:
    columns: dict[str, int] = {}
    problems = []
    for position, cell in enumerate(header):
        key = " ".join(cell.split()).casefold()
        if not key:
            continue
        if key not in COLUMNS:
            problems.append(
                f"line {line}: {cell.strip()!r} is not a column (use {_column_list(team)})"
            )
        elif key in columns:
            problems.append(f"line {line}: the {key} column is there twice")
        else:
            columns[key] = position
    if "name" not in columns:
        problems.insert(
            0,
            f"line {line}: the first line must be the header, with a name column "
            f"({_column_list(team)})",
        )
        return columns, problems[:1]
    if team and "partner" not in columns:
        problems.append(f"line {line}: partner: a team event needs a partner column")
    if not team and "partner" in columns:
        problems.append(
            f"line {line}: partner: an individual event has no partners; remove the partner column"
        )
    return columns, problems


def _column_list(team: bool) -> str:
    return "name, partner, paid" if team else "name, paid"


def _row(line: int, cells: list[str], columns: dict[str, int], width: int, team: bool) -> RosterRow:
    if len(cells) == 1 and cells[0].startswith("\0"):
        return RosterRow(line, (), 0, (f"line {line}: cannot be read as CSV ({cells[0][1:]})",))

    def cell(column: str) -> str:
        position = columns.get(column)
        return cells[position] if position is not None and position < len(cells) else ""

    problems = []
    name = clean_name(cell("name"))
    players = [name]
    if not name:
        problems.append(f"line {line}: name: missing")
    if team:
        partner = clean_name(cell("partner"))
        players.append(partner)
        if not partner:
            problems.append(f"line {line}: partner: missing (a team event registers two players)")
    for field, player in zip(("name", "partner"), players, strict=False):
        if len(player) > registration.MAX_NAME:
            problems.append(f"line {line}: {field}: longer than {registration.MAX_NAME} characters")
        elif control_characters(player):
            problems.append(f"line {line}: {field}: holds a control character")
    paid = 0
    paid_text = cell("paid").strip()
    if paid_text:
        try:
            paid = parse_money(paid_text)
        except MoneyError as exc:
            problems.append(f"line {line}: paid: {exc}")
    if any(value.strip() for value in cells[width:]):
        problems.append(f"line {line}: has more values than the header has columns")
    return RosterRow(line, tuple(players), paid, tuple(problems))


def _check_rows(
    rows: list[RosterRow], team: bool, existing: list[EntrantRecord]
) -> list[RosterRow]:
    """The rows with duplicate names (in the file, or already registered) added as problems."""
    fields = ("name", "partner") if team else ("name",)
    seen: dict[str, int] = {}
    checked = []
    for row in rows:
        problems = list(row.problems)
        if len(row.players) != len(fields) and not problems:
            problems.append(
                f"line {row.line}: needs {len(fields)} player{'s' if team else ''}, "
                f"not {len(row.players)}"
            )
        for duplicate in registration.duplicates_of(existing, row.players):
            field = fields[duplicate.index] if duplicate.index < len(fields) else "name"
            problems.append(
                f"line {row.line}: {field}: "
                + duplicate.message.split(": ", 1)[1]  # "Ann Smith is already registered (...)"
            )
        for field, player in zip(fields, row.players, strict=False):
            key = name_key(player)
            if not key:
                continue
            if key in seen:
                problems.append(f"line {row.line}: {field}: {player} is also on line {seen[key]}")
            else:
                seen[key] = row.line
        checked.append(RosterRow(row.line, row.players, row.paid_cents, tuple(problems)))
    return checked


def _refusal(preview: RosterPreview) -> str:
    problems = preview.all_problems() or ["the file lists nobody"]
    shown = problems[:MAX_SHOWN_PROBLEMS]
    more = len(problems) - len(shown)
    text = "roster: nothing was imported; fix the file first: " + "; ".join(shown)
    return text + (f" (and {more} more)" if more else "")
