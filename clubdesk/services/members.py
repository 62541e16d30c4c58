"""The club's members, kept across every event of the database: added, edited, imported from
a spreadsheet, listed and searched (docs/cli.md, "Members").

A member has a number (a whole number from 1, unique in the database), a name, and the
club's own columns (phone, email, notes: any column of the file imported, kept as text as
it was). Each act that changes them runs as one command (``services/command.py``) with its
audit row (``member.add``, ``member.edit``, ``member.import``, naming no event: the desk's
event is None) and returns what it made. A member is
never deleted.

The import reads CSV with a header row naming ``number`` and ``name`` (any case, any
order) and any other columns, which are kept under their headings. Every row is checked
before anything is written: a bad row is refused naming its line, and nothing of the file
is taken. A number already a member updates that member (its name, and the columns the
file has; the others stay), never a second member; a number twice in one file is refused.
An ``events`` column (``members list --format csv`` writes one) is counted, not imported.

A search matches any part of the name (case, accents and spacing ignored) or of the number,
each word typed (``domain/event/names.py``'s ``matches``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from clubdesk.domain.event.names import clean_name, fold, matches, search_text
from clubdesk.domain.limits import NAME_MAX, line_problem, name_problem, quoted
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.roster_csv import csv_records
from clubdesk.store import members as store
from clubdesk.store.db import Database
from clubdesk.store.members import MemberRecord, MemberValues

MAX_MEMBER_NUMBER = 99_999_999  # a club's own numbers, or a league's eight digits
MAX_CLUB_COLUMNS = 30
REQUIRED = ("number", "name")
COUNTED = "events"  # what ``members list`` writes beside them: counted, never imported
MAX_SHOWN_PROBLEMS = 5


@dataclass(frozen=True)
class MemberInfo:
    """A member as the window and the command line show one."""

    number: int
    name: str
    club_columns: Mapping[str, str] = field(default_factory=dict)
    events: int = 0  # how many events they played in
    changes: Change = changes_field()

    def to_json(self) -> dict[str, object]:
        """As ``clubdesk members list --format json`` lists it."""
        return {"number": self.number, "name": self.name, "events": self.events,
                "columns": dict(self.club_columns)}  # fmt: skip


@dataclass(frozen=True)
class MembersImported:
    """What an import did, by member number: added, updated, already as the file has them."""

    added: tuple[int, ...]
    updated: tuple[int, ...]
    unchanged: tuple[int, ...]
    changes: Change = changes_field()


@dataclass(frozen=True)
class MemberProblem:
    """A line of a members file that cannot be taken, and why (``number: missing``)."""

    line: int
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}"


class MembersFileError(UserError):
    """A members file refused: every problem found, in line order (nothing was taken)."""

    def __init__(self, problems: Sequence[MemberProblem]) -> None:
        self.problems = tuple(problems)
        shown = "; ".join(str(p) for p in self.problems[:MAX_SHOWN_PROBLEMS])
        more = len(self.problems) - MAX_SHOWN_PROBLEMS
        tail = f" (and {more} more)" if more > 0 else ""
        super().__init__(f"members: nothing was imported; {shown}{tail}", field="file")


def info_of(record: MemberRecord) -> MemberInfo:
    return MemberInfo(record.number, record.name, dict(record.club_columns), record.events)


# --- reading ---------------------------------------------------------------------------------


def list_members(db: Database) -> list[MemberInfo]:
    """Every member, in number order, with how many events each played in."""
    with db.reading() as session:
        return [info_of(record) for record in store.list_members(session)]


def search_members(db: Database, text: str) -> list[MemberInfo]:
    """The members whose name or number holds every word of ``text`` (all for no words)."""
    return [member for member in list_members(db) if member_matches(member, text)]


def member_matches(member: MemberInfo, text: str) -> bool:
    """Whether ``text`` finds ``member``: any part of its name or number, each word typed."""
    return matches(text, search_text(member.number, [member.name]))


class MemberFinder:
    """The members a few keys typed at the front table suggest: digits find the members whose
    number starts with them, in number order; letters the members each of whose words typed
    starts a word of their name ("ann", "smi", "a smi"), in name order. Case, accents and
    spacing are ignored."""

    def __init__(self, members: Sequence[MemberInfo]):
        self._rows = [(str(m.number), fold(m.name).split(), m) for m in members]
        self._rows.sort(key=lambda row: (row[1], row[2].number))

    def suggest(self, text: str, limit: int = 10) -> list[MemberInfo]:
        typed = fold(text).lstrip("#").split()
        if not typed:
            return []
        if len(typed) == 1 and typed[0].isdigit():
            found = [m for number, _, m in self._rows if number.startswith(typed[0])]
            return sorted(found, key=lambda m: m.number)[:limit]
        found = []
        for _, words, member in self._rows:
            if all(any(word.startswith(part) for word in words) for part in typed):
                found.append(member)
                if len(found) == limit:
                    break
        return found


def club_headings(members: Sequence[MemberInfo]) -> list[str]:
    """The club's own columns the members have, in the order first met."""
    return list(dict.fromkeys(key for member in members for key in member.club_columns))


def get_member(db: Database, number: int) -> MemberInfo:
    """The member numbered ``number`` (UserError naming ``number`` where there is none)."""
    with db.reading() as session:
        record = store.member_by_number(session, number)
    if record is None:
        raise UserError(f"number: no member is numbered {number}", field="number")
    return info_of(record)


# --- adding and editing ----------------------------------------------------------------------


@act("member.add", Change.MEMBERS)
def add_member(
    do: Command,
    name: str,
    *,
    number: int | None = None,
    club_columns: Mapping[str, str] | None = None,
) -> MemberInfo:
    """Add a member; without a number, the one after the highest there is."""
    name = check_name("name", name)
    columns = _check_columns(club_columns or {})
    taken = {record.number: record for record in store.list_members(do.session)}
    if number is None:
        number = max(taken, default=0) + 1
    number = check_number("number", number)
    if number in taken:
        raise UserError(
            f"number: {number} is already a member ({taken[number].name})", field="number"
        )
    [record] = store.add_members(do.session, [MemberValues(number, name, columns)], do.at)
    do.log({"number": number, "name": name, "columns": columns})
    return info_of(record)


@act("member.edit", Change.MEMBERS)
def edit_member(
    do: Command,
    number: int,
    *,
    name: str | None = None,
    new_number: int | None = None,
    club_columns: Mapping[str, str] | None = None,
) -> MemberInfo:
    """Change a member's name, number or columns (what is given; the rest stays). The events
    they played in stay theirs under the new number."""
    record = store.member_by_number(do.session, number)
    if record is None:
        raise UserError(f"number: no member is numbered {number}", field="number")
    after = MemberValues(
        record.number if new_number is None else check_number("new_number", new_number),
        record.name if name is None else check_name("name", name),
        dict(record.club_columns) if club_columns is None else _check_columns(club_columns),
    )
    if after.number != record.number:
        holder = store.member_by_number(do.session, after.number)
        if holder is not None:
            raise UserError(
                f"new_number: {after.number} is already a member ({holder.name})",
                field="new_number",
            )
    before = MemberValues(record.number, record.name, dict(record.club_columns))
    if after == before:
        return info_of(record)
    store.update_member(do.session, record.id, after)
    do.log({"number": number, "before": _details(before), "after": _details(after)})
    return MemberInfo(after.number, after.name, after.club_columns, record.events)


# --- importing -------------------------------------------------------------------------------


@act("member.import", Change.MEMBERS)
def import_members(do: Command, csv_text: str) -> MembersImported:
    """Add or update the members of a CSV file, all of them or none (``MembersFileError``
    naming each bad line)."""
    rows = read_members_csv(csv_text)
    session = do.session
    known = store.members_by_number(session, [row.number for row in rows])
    new, added, updated, unchanged = [], [], [], []
    for row in rows:
        record = known.get(row.number)
        if record is None:
            new.append(row)
            added.append(row.number)
            continue
        merged = MemberValues(row.number, row.name, {**record.club_columns, **row.club_columns})
        if merged == MemberValues(record.number, record.name, dict(record.club_columns)):
            unchanged.append(row.number)
            continue
        store.update_member(session, record.id, merged)
        updated.append(row.number)
    store.add_members(session, new, do.at)
    do.log({"added": added, "updated": updated, "unchanged": len(unchanged)})
    return MembersImported(tuple(added), tuple(updated), tuple(unchanged))


def read_members_csv(csv_text: str) -> list[MemberValues]:
    """The members a CSV file lists, in file order, every line checked
    (``MembersFileError`` with every problem found)."""
    lines = csv_records(csv_text)
    if not lines:
        raise MembersFileError(
            [MemberProblem(1, "the file is empty: the first line must be the header (number,name)")]
        )
    header_line, header = lines[0]
    headings, problems = _header(header_line, header)
    if problems:
        raise MembersFileError(problems)
    rows: list[MemberValues] = []
    seen: dict[int, int] = {}
    for line, cells in lines[1:]:
        row, found = _row(line, cells, headings)
        problems.extend(found)
        if row is None:
            continue
        if row.number in seen:
            problems.append(
                MemberProblem(line, f"number: {row.number} is also on line {seen[row.number]}")
            )
            continue
        seen[row.number] = line
        rows.append(row)
    if not rows and not problems:
        problems.append(MemberProblem(header_line, "the file lists no member after its header"))
    if problems:
        raise MembersFileError(problems)
    return rows


def _header(line: int, header: list[str]) -> tuple[list[str], list[MemberProblem]]:
    headings = [" ".join(cell.split()) for cell in header]
    problems = []
    keys = [heading.casefold() for heading in headings]
    for required in REQUIRED:
        if required not in keys:
            problems.append(
                MemberProblem(
                    line,
                    f"the first line must be the header, with a {required} "
                    "column (number,name, then any other columns)",
                )  # fmt: skip
            )
    if problems:
        return headings, problems[:1]
    for position, heading in enumerate(headings):
        wrong = name_problem(heading)
        if not heading:
            continue  # a spreadsheet's empty column: what is under it is not kept
        if wrong:
            problems.append(MemberProblem(line, f"column {position + 1}'s heading{wrong}"))
        elif keys.index(heading.casefold()) != position:
            problems.append(MemberProblem(line, f"the {heading} column is there twice"))
    if len(headings) - len(REQUIRED) > MAX_CLUB_COLUMNS:
        problems.append(
            MemberProblem(line, f"more than {MAX_CLUB_COLUMNS} columns besides number and name")
        )
    kept = [
        key if key in (*REQUIRED, COUNTED) else heading
        for key, heading in zip(keys, headings, strict=True)
    ]
    return kept, problems


def _row(
    line: int, cells: list[str], headings: list[str]
) -> tuple[MemberValues | None, list[MemberProblem]]:
    if len(cells) == 1 and cells[0].startswith("\0"):
        return None, [MemberProblem(line, f"cannot be read as CSV ({cells[0][1:]})")]
    if any(cell.strip() for cell in cells[len(headings) :]):
        return None, [MemberProblem(line, "has more values than the header has columns")]
    values = dict(zip(headings, [*cells, *[""] * (len(headings) - len(cells))], strict=False))
    values.pop("", None)
    values.pop(COUNTED, None)
    problems = []
    number = None
    try:
        number = typed_number("number", values.pop("number"))
    except UserError as exc:
        problems.append(MemberProblem(line, str(exc)))
    name = ""
    try:
        name = check_name("name", values.pop("name"))
    except UserError as exc:
        problems.append(MemberProblem(line, str(exc)))
    try:
        columns = _check_columns(values)
    except UserError as exc:
        problems.append(MemberProblem(line, str(exc)))
    if problems or number is None:
        return None, problems
    return MemberValues(number, name, columns), []


# --- checks ----------------------------------------------------------------------------------


def typed_number(field_name: str, text: str) -> int:
    """A member number as typed (a file's cell, a form's field), checked as ``check_number``
    checks it; digits beyond any number are refused as too large, never read whole."""
    text = text.strip()
    digits = text.isascii() and text.isdigit()
    if digits and len(text) > len(str(MAX_MEMBER_NUMBER)) + 2:
        return check_number(field_name, MAX_MEMBER_NUMBER + 1)
    return check_number(field_name, int(text) if digits else text)


def check_number(field_name: str, number: object) -> int:
    """A member number: a whole number from 1 to ``MAX_MEMBER_NUMBER``."""
    if number == "":
        raise UserError(f"{field_name}: missing", field=field_name)
    if isinstance(number, str):
        raise UserError(f"{field_name}: {quoted(number)} is not a whole number", field=field_name)
    if not isinstance(number, int) or isinstance(number, bool):
        raise UserError(f"{field_name}: must be a whole number", field=field_name)
    if not 1 <= number <= MAX_MEMBER_NUMBER:
        raise UserError(f"{field_name}: must be from 1 to {MAX_MEMBER_NUMBER}", field=field_name)
    return number


def check_name(field_name: str, name: str) -> str:
    """A member's name, its spaces tidied; at most ``NAME_MAX`` characters."""
    name = clean_name(name)
    if not name:
        raise UserError(f"{field_name}: a name is needed", field=field_name)
    wrong = name_problem(name, NAME_MAX)
    if wrong:
        raise UserError(f"{field_name}:{wrong}", field=field_name)
    return name


def _check_columns(columns: Mapping[str, str]) -> dict[str, str]:
    """The club's own columns: text under a heading, each value a line at most."""
    if len(columns) > MAX_CLUB_COLUMNS:
        raise UserError(f"columns: at most {MAX_CLUB_COLUMNS}", field="columns")
    checked = {}
    for heading, value in columns.items():
        value = " ".join(str(value).split())
        wrong = line_problem(value)
        if wrong:
            raise UserError(f"{heading}:{wrong}", field=heading)
        checked[heading] = value
    return checked


def _details(values: MemberValues) -> dict[str, object]:
    return {"number": values.number, "name": values.name, "columns": dict(values.club_columns)}
