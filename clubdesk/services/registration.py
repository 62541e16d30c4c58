"""Registration at the front table: entrants, their numbers, what they paid, withdrawals.

Each function that changes something is one transaction with one audit row,
takes a ``clock``, and returns the entrant as it is afterwards (``EntrantInfo``).

How the rules are read:

- An entrant is one player in an individual event and two in a team event
  (the event's rules, ``unit``). Its name is its players joined with
  " / " unless a name is given.
- A player whose name is already in the event (ignoring case, spacing and
  accents; withdrawn entrants included) is refused with the entrant it
  matches, unless the request says ``allow_duplicate_name``: two real
  people can share a name, and the director is asked first.
- A number is any whole number from 1 not already used in the event;
  without one, the lowest free number is given.
- What an entrant has paid is the sum of its ledger rows: ``fee`` rows
  minus ``refund`` rows. It is never stored. An entrant owes the entry fee
  minus what it paid (an entrant that is not active owes nothing).
- Withdrawing is a status (``withdrawn``), never a delete; a withdrawn
  entrant can be reinstated. An entrant the director removed is neither.
- Numbers are fixed once the draw is made (a current ``draw`` row).
  Registering after it is a late entry: the entrant is added, and is
  ``late`` while the current draw has not placed it. Seating it is the
  draw's business.
- Tables needed: entrants per table are the two sides of a game (a team
  each in team events and gin, two partners each in individual pinochle).
  With sides of one, an odd entrant out has a bye; tables of four leave
  empty seats when the field does not fill them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.clock import Clock
from clubdesk.domain.event.model import side_size
from clubdesk.domain.event.names import clean_name, entrant_name, matches, name_key, search_text
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, changes_field, writes
from clubdesk.services.common import aware, rules_of
from clubdesk.store import Database
from clubdesk.store import entrants as store
from clubdesk.store.entrants import EntrantRecord, EventSource

PAYMENT_METHODS = ("cash", "check", "other")
MAX_NUMBER = 9999
MAX_NAME = 80


# --- what goes in and what comes out ---------------------------------------------------------


@dataclass(frozen=True)
class RegisterEntrant:
    """One arrival: one player's name in individual events, two in team events."""

    players: Sequence[str]
    number: int | None = None  # None: the lowest free number
    paid_cents: int = 0
    method: str | None = None  # cash, check or other when something is paid (cash if None)
    name: str | None = None  # None: the players joined with " / "
    allow_duplicate_name: bool = False


@dataclass(frozen=True)
class EntrantInfo:
    number: int
    name: str
    players: tuple[str, ...]
    status: str  # active, withdrawn or removed
    paid_cents: int  # fee rows - refund rows in the ledger
    late: bool = False  # registered after the draw, and not placed by it
    owed_cents: int = 0  # the entry fee still to pay (0 unless active)
    changes: Change = changes_field()  # what the command that made it changed


@dataclass(frozen=True)
class Duplicate:
    """A name asked about that is already in the event."""

    index: int  # its position in the names asked about
    name: str  # as asked
    number: int  # the entrant it is already in
    entrant_name: str
    registered_as: str  # the player's name as it was registered
    status: str

    @property
    def message(self) -> str:
        """``players[1]: Ann Smith is already registered (entrant 4)``."""
        state = "" if self.status == "active" else f", {self.status}"
        return (
            f"players[{self.index}]: {self.registered_as} is already registered "
            f"(entrant {self.number}{state})"
        )


@dataclass(frozen=True)
class RegistrationSetup:
    """What the registration form needs to know about an event."""

    event_id: str
    event_name: str
    team: bool  # two players per entrant
    players_per_entrant: int
    entry_fee_cents: int
    draw_made: bool


@dataclass(frozen=True)
class TableCount:
    tables: int
    byes: int = 0  # entrants sitting out a round (sides of one, odd field)
    empty_seats: int = 0  # seats short of full tables (tables of four)


@dataclass(frozen=True)
class RegistrationSummary:
    entrants: int  # active entrants
    paid: int  # active entrants that owe nothing
    tables_needed: int
    byes: int = 0
    empty_seats: int = 0
    withdrawn: int = 0


# --- registering -----------------------------------------------------------------------------


@writes(Change.ENTRANTS | Change.MONEY)
def register(
    db: Database, event_id: str, new: RegisterEntrant, clock: Clock, *, actor: str = "director"
) -> EntrantInfo:
    """Add an entrant (with its payment, if any); after the draw it is a late entry."""
    players = _clean_players(new.players)
    paid = _check_amount("paid_cents", new.paid_cents, allow_zero=True)
    method = _check_method(new.method) if paid else None
    number = None if new.number is None else _check_number("number", new.number)
    name = _check_entrant_name(new.name, players)
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        rules = _rules(event)
        _check_player_count(rules, players)
        existing = store.list_entrants(session, event_id)
        if not new.allow_duplicate_name:
            _refuse_repeats(players)
            found = _duplicates(existing, players)
            if found:
                raise UserError(found[0].message, field=f"players[{found[0].index}]")
        taken = {record.number: record for record in existing}
        if number is None:
            number = _lowest_free(taken)
        elif number in taken:
            raise UserError(
                f"number: {number} is already taken ({taken[number].name})", field="number"
            )
        [record] = store.add_entrants(
            session,
            event_id,
            [store.NewEntrant(number, name, players, paid, method, "entry fee")],
            at,
        )
        draw = store.current_draw(session, event_id)
        info = _info(record, rules, draw, set())
        audit.record(
            session,
            at=at,
            actor=actor,
            action="entrant.register",
            event_id=event_id,
            details={
                "number": number,
                "name": name,
                "players": list(players),
                "paid_cents": paid,
                "method": method,
                "late": info.late,
                "duplicate_name_allowed": new.allow_duplicate_name,
            },
        )
        return info


def find_duplicates(db: Database, event_id: str, names: Sequence[str]) -> list[Duplicate]:
    """The names (by position) that are already registered in the event; blanks are skipped."""
    with db.session() as session:
        _event(session, event_id)
        return _duplicates(store.list_entrants(session, event_id), [clean_name(n) for n in names])


@writes(Change.ENTRANTS)
def renumber(
    db: Database,
    event_id: str,
    entrant_number: int,
    new_number: int,
    clock: Clock,
    *,
    actor: str = "director",
) -> EntrantInfo:
    """Give an entrant another free number; only before the draw."""
    new_number = _check_number("new_number", new_number)
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        record = _entrant(session, event_id, entrant_number)
        if store.current_draw(session, event_id) is not None:
            raise UserError("number: numbers are fixed once the draw is made", field="number")
        if new_number == entrant_number:
            return _info(record, _rules(event), None, set())
        holder = store.entrant_by_number(session, event_id, new_number)
        if holder is not None:
            raise UserError(
                f"new_number: {new_number} is already taken ({holder.name})", field="new_number"
            )
        store.set_number(session, event_id, entrant_number, new_number)
        audit.record(
            session,
            at=at,
            actor=actor,
            action="entrant.renumber",
            event_id=event_id,
            details={"old": entrant_number, "new": new_number, "name": record.name},
        )
        return _current(session, event, new_number)


# --- money -----------------------------------------------------------------------------------


@writes(Change.ENTRANTS | Change.MONEY)
def record_payment(
    db: Database,
    event_id: str,
    number: int,
    cents: int,
    method: str,
    clock: Clock,
    *,
    note: str = "entry fee",
    actor: str = "director",
) -> EntrantInfo:
    """An entry fee (or part of one) received from an entrant: a ``fee`` ledger row."""
    cents = _check_amount("cents", cents)
    method = _check_method(method)
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        record = _entrant(session, event_id, number)
        _money_row(session, event_id, "fee", record, cents, method, note, at, actor)
        return _current(session, event, number)


@writes(Change.ENTRANTS | Change.MONEY)
def refund(
    db: Database,
    event_id: str,
    number: int,
    cents: int,
    method: str,
    clock: Clock,
    *,
    note: str = "refund",
    actor: str = "director",
) -> EntrantInfo:
    """Money given back to an entrant: a ``refund`` ledger row, never more than it paid."""
    cents = _check_amount("cents", cents)
    method = _check_method(method)
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        record = _entrant(session, event_id, number)
        if record.status == "removed" and _rules(event).penalties.removed_forfeits_fee:
            raise UserError(
                f"number: entrant {number} was removed from the tournament; "
                "its entry fee stays in the prize fund",
                field="number",
            )
        if cents > record.paid_cents:
            raise UserError(
                f"cents: entrant {number} has paid {format_money(record.paid_cents)}; "
                f"a refund of {format_money(cents)} is more than that",
                field="cents",
            )
        _money_row(session, event_id, "refund", record, cents, method, note, at, actor)
        return _current(session, event, number)


def _money_row(
    session: Session,
    event_id: str,
    kind: str,
    record: EntrantRecord,
    cents: int,
    method: str,
    note: str,
    at: dt.datetime,
    actor: str,
) -> None:
    """One ledger row for money from or to an entrant, and its audit row."""
    store.add_ledger_entry(session, event_id, kind=kind, cents=cents, entrant_id=record.id,
                           method=method, note=note.strip(), at=at)  # fmt: skip
    action = "entrant.payment" if kind == "fee" else "entrant.refund"
    audit.record(session, at=at, actor=actor, action=action, event_id=event_id,
                 details={"number": record.number, "cents": cents, "method": method})  # fmt: skip


# --- withdrawing -----------------------------------------------------------------------------


@writes(Change.ENTRANTS | Change.MONEY)
def withdraw(
    db: Database, event_id: str, number: int, reason: str, clock: Clock, *, actor: str = "director"
) -> EntrantInfo:
    """Mark an active entrant withdrawn; its row, number and payments stay."""
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        record = _entrant(session, event_id, number)
        if record.status == "withdrawn":
            raise UserError(f"number: entrant {number} is already withdrawn", field="number")
        if record.status != "active":
            raise UserError(
                f"number: entrant {number} was {record.status} by the director", field="number"
            )
        store.set_status(session, event_id, number, "withdrawn")
        audit.record(
            session,
            at=at,
            actor=actor,
            action="entrant.withdraw",
            event_id=event_id,
            details={"number": number, "name": record.name, "reason": " ".join(reason.split())},
        )
        return _current(session, event, number)


@writes(Change.ENTRANTS | Change.MONEY)
def reinstate(
    db: Database, event_id: str, number: int, clock: Clock, *, actor: str = "director"
) -> EntrantInfo:
    """Make a withdrawn entrant active again."""
    at = aware(clock.now())
    with db.session() as session:
        event = _event(session, event_id)
        record = _entrant(session, event_id, number)
        if record.status == "active":
            raise UserError(f"number: entrant {number} is not withdrawn", field="number")
        if record.status != "withdrawn":
            raise UserError(
                f"number: entrant {number} was {record.status} by the director; "
                "only a withdrawn entrant can be reinstated",
                field="number",
            )
        store.set_status(session, event_id, number, "active")
        audit.record(
            session,
            at=at,
            actor=actor,
            action="entrant.reinstate",
            event_id=event_id,
            details={"number": number, "name": record.name},
        )
        return _current(session, event, number)


# --- reading ---------------------------------------------------------------------------------


def list_entrants(db: Database, event_id: str) -> list[EntrantInfo]:
    """Everyone registered in the event, withdrawn included, in number order."""
    with db.session() as session:
        return _all(session, _event(session, event_id))


def search(db: Database, event_id: str, text: str) -> list[EntrantInfo]:
    """Entrants whose number or names contain every word typed (case, accents, spaces ignored)."""
    return [
        info for info in list_entrants(db, event_id) if matches(text, entrant_search_text(info))
    ]


def entrant_search_text(info: EntrantInfo) -> str:
    """What a search looks through for one entrant (see ``clubdesk.domain.names.matches``)."""
    return search_text(info.number, (info.name, *info.players))


def get_entrant(db: Database, event_id: str, number: int) -> EntrantInfo:
    with db.session() as session:
        return _current(session, _event(session, event_id), number)


def registration_setup(db: Database, event_id: str) -> RegistrationSetup:
    with db.session() as session:
        event = _event(session, event_id)
        rules = _rules(event)
        return RegistrationSetup(
            event_id=event.id,
            event_name=event.name,
            team=rules.unit == "team",
            players_per_entrant=_players_per_entrant(rules),
            entry_fee_cents=rules.money.entry_fee_cents,
            draw_made=store.current_draw(session, event_id) is not None,
        )


def registration_summary(db: Database, event_id: str) -> RegistrationSummary:
    """Active entrants, how many of them owe nothing, and the tables they need."""
    with db.session() as session:
        event = _event(session, event_id)
        rules = _rules(event)
        everyone = _all(session, event)
    active = [info for info in everyone if info.status == "active"]
    count = tables_needed(rules, len(active))
    return RegistrationSummary(
        entrants=len(active),
        paid=sum(1 for info in active if info.owed_cents == 0),
        tables_needed=count.tables,
        byes=count.byes,
        empty_seats=count.empty_seats,
        withdrawn=sum(1 for info in everyone if info.status == "withdrawn"),
    )


def tables_needed(rules: Rules, entrants: int) -> TableCount:
    """Tables for a field: two sides a table, each side one entrant or two partners."""
    per_side = side_size(rules)
    per_table = 2 * per_side
    if per_side == 1:
        return TableCount(tables=entrants // per_table, byes=entrants % per_table)
    tables = -(-entrants // per_table)
    return TableCount(tables=tables, empty_seats=tables * per_table - entrants)


# --- shared with the roster import -----------------------------------------------------------


def event_rules(session: Session, event_id: str) -> Rules:
    return _rules(_event(session, event_id))


def players_per_entrant(rules: Rules) -> int:
    return _players_per_entrant(rules)


def duplicates_of(records: Sequence[EntrantRecord], names: Sequence[str]) -> list[Duplicate]:
    return _duplicates(records, names)


def add_entrants(
    session: Session, event_id: str, new: Sequence[store.NewEntrant], at: dt.datetime
) -> list[EntrantInfo]:
    """Add entrants inside a caller's transaction (its checks already made)."""
    records = store.add_entrants(session, event_id, new, at)
    rules = event_rules(session, event_id)
    draw = store.current_draw(session, event_id)
    return [_info(record, rules, draw, set()) for record in records]


def lowest_free(numbers: set[int] | dict[int, Any]) -> int:
    return _lowest_free(numbers)


# --- checks ----------------------------------------------------------------------------------


def _clean_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str):
        players = [players]
    cleaned = tuple(clean_name(player) for player in players)
    for index, player in enumerate(cleaned):
        if not player:
            raise UserError(f"players[{index}]: a name is needed", field=f"players[{index}]")
        if len(player) > MAX_NAME:
            raise UserError(
                f"players[{index}]: a name can be at most {MAX_NAME} characters",
                field=f"players[{index}]",
            )
    if not cleaned:
        raise UserError("players: a name is needed", field="players")
    return cleaned


def _check_player_count(rules: Rules, players: Sequence[str]) -> None:
    wanted = _players_per_entrant(rules)
    if len(players) == wanted:
        return
    if wanted == 2:
        raise UserError(
            f"players: a team event needs 2 players (a name and a partner), not {len(players)}",
            field="players",
        )
    raise UserError(
        f"players: an individual event registers 1 player, not {len(players)}", field="players"
    )


def _players_per_entrant(rules: Rules) -> int:
    return 2 if rules.unit == "team" else 1


def _check_entrant_name(name: str | None, players: Sequence[str]) -> str:
    if name is None or not clean_name(name):
        return entrant_name(players)
    name = clean_name(name)
    if len(name) > 2 * MAX_NAME:
        raise UserError(
            f"name: an entrant's name can be at most {2 * MAX_NAME} characters", field="name"
        )
    return name


def _check_amount(field: str, cents: object, *, allow_zero: bool = False) -> int:
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise UserError(f"{field}: must be a whole number of cents", field=field)
    if cents < 0 or (cents == 0 and not allow_zero):
        raise UserError(f"{field}: must be more than {format_money(0)}", field=field)
    return cents


def _check_method(method: str | None) -> str:
    if method is None:
        return "cash"
    if method not in PAYMENT_METHODS:
        raise UserError(
            f"method: {method!r} is not one of {', '.join(PAYMENT_METHODS)}", field="method"
        )
    return method


def _check_number(field: str, number: object) -> int:
    if not isinstance(number, int) or isinstance(number, bool):
        raise UserError(f"{field}: must be a whole number", field=field)
    if not 1 <= number <= MAX_NUMBER:
        raise UserError(f"{field}: must be from 1 to {MAX_NUMBER}", field=field)
    return number


def _refuse_repeats(players: Sequence[str]) -> None:
    keys = [name_key(player) for player in players]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            first = players[keys.index(key)]
            raise UserError(
                f"players[{index}]: {first} is named twice in this entrant",
                field=f"players[{index}]",
            )


def _duplicates(records: Sequence[EntrantRecord], names: Sequence[str]) -> list[Duplicate]:
    registered: dict[str, tuple[EntrantRecord, str]] = {}
    for record in records:
        for player in record.players:
            registered.setdefault(name_key(player), (record, player))
    found = []
    for index, name in enumerate(names):
        key = name_key(name)
        if key and key in registered:
            record, player = registered[key]
            found.append(Duplicate(index, name, record.number, record.name, player, record.status))
    return found


def _lowest_free(taken: set[int] | dict[int, Any]) -> int:
    number = 1
    while number in taken:
        number += 1
    if number > MAX_NUMBER:
        raise UserError(f"number: every number from 1 to {MAX_NUMBER} is taken", field="number")
    return number


# --- rows ------------------------------------------------------------------------------------


def _event(session: Session, event_id: str) -> EventSource:
    event = store.event_source(session, event_id)
    if event is None:
        raise UserError(f"event: there is no event with id {event_id!r}", field="event")
    return event


def _rules(event: EventSource) -> Rules:
    return rules_of(event.id, event.rules_id, event.rules_text, event.settings)


def _entrant(session: Session, event_id: str, number: int) -> EntrantRecord:
    record = store.entrant_by_number(session, event_id, number)
    if record is None:
        raise UserError(f"number: there is no entrant {number} in this event", field="number")
    return record


def _current(session: Session, event: EventSource, number: int) -> EntrantInfo:
    record = _entrant(session, event.id, number)
    draw = store.current_draw(session, event.id)
    drawn = store.drawn_entrant_ids(session, draw.id) if draw is not None else set()
    return _info(record, _rules(event), draw, drawn)


def _all(session: Session, event: EventSource) -> list[EntrantInfo]:
    rules = _rules(event)
    draw = store.current_draw(session, event.id)
    drawn = store.drawn_entrant_ids(session, draw.id) if draw is not None else set()
    return [_info(record, rules, draw, drawn) for record in store.list_entrants(session, event.id)]


def _info(
    record: EntrantRecord, rules: Rules, draw: store.DrawRecord | None, drawn: set[int]
) -> EntrantInfo:
    late = draw is not None and record.id not in drawn and record.created_at >= draw.made_at
    owed = (
        max(0, rules.money.entry_fee_cents - record.paid_cents) if record.status == "active" else 0
    )
    return EntrantInfo(
        number=record.number,
        name=record.name,
        players=record.players,
        status=record.status,
        paid_cents=record.paid_cents,
        late=late,
        owed_cents=owed,
    )
