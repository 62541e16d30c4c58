"""Reading the entrants: who is registered, what each has paid and owes, the tables needed.

What an entrant has paid is the sum of its ledger rows (``fee`` rows minus
``refund`` rows); it owes the entry fee minus that (an entrant that is not
active owes nothing). An entrant registered after the draw is ``late``
while the current draw has not placed it. Changing an entrant is
``registration.py``'s business.

Tables needed: entrants per table are the two sides of a game (a team each
in team events and gin, two partners each in individual pinochle). With
sides of one, an odd entrant out has a bye; tables of four leave empty seats
when the field does not fill them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from sqlmodel import Session

from clubdesk.domain.event.model import side_size
from clubdesk.domain.event.names import matches, search_text
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.penalties import removal_word, status_word
from clubdesk.domain.seating.field import field_problem
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.common import event_and_rules, rules_for
from clubdesk.services.field_note import field_note_in
from clubdesk.store import draw as draw_store
from clubdesk.store import entrants as store
from clubdesk.store import events
from clubdesk.store import rulings as rulings_store
from clubdesk.store.db import Database
from clubdesk.store.entrants import EntrantRecord
from clubdesk.store.events import EventRecord

# --- values ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntrantInfo:
    number: int
    name: str
    players: tuple[str, ...]
    status: str  # active, withdrawn or removed
    paid_cents: int  # fee rows - refund rows in the ledger
    late: bool = False  # registered after the draw, and not placed by it
    owed_cents: int = 0  # the entry fee still to pay (0 unless active)
    # the status as the format names it ("ejected": a bid whist team removed)
    status_text: str = field(default="", compare=False)
    # the director's rulings on it, in words: warnings, its removal (``histories``)
    history: tuple[str, ...] = field(default=(), compare=False)
    changes: Change = changes_field()  # what the command that made it changed


@dataclass(frozen=True)
class RegistrationSetup:
    """What the registration form needs to know about an event."""

    event_id: str
    event_name: str
    team: bool  # two players per entrant
    players_per_entrant: int
    entry_fee_cents: int
    draw_made: bool
    refunds: bool = True  # the format gives refunds of the entry fee (bid whist: never)


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
    field_problem: str | None = None  # before the draw: why the draw cannot seat the field
    unseated: int = 0  # active entrants the movement has no place for (late, fixed field)


# --- reading ---------------------------------------------------------------------------------


def list_entrants(db: Database, event_id: str) -> list[EntrantInfo]:
    """Everyone registered in the event, withdrawn included, in number order."""
    with db.reading() as session:
        return all_infos(session, events.get_event(session, event_id))


def search(db: Database, event_id: str, text: str) -> list[EntrantInfo]:
    """Entrants whose number or names contain every word typed (case, accents, spaces ignored)."""
    return [
        info for info in list_entrants(db, event_id) if matches(text, entrant_search_text(info))
    ]


def entrant_search_text(info: EntrantInfo) -> str:
    """What a search looks through for one entrant (see ``clubdesk.domain.names.matches``)."""
    return search_text(info.number, (info.name, *info.players))


def registration_setup(db: Database, event_id: str) -> RegistrationSetup:
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        return RegistrationSetup(
            event_id=event.id,
            event_name=event.name,
            team=rules.unit == "team",
            players_per_entrant=players_per_entrant(rules),
            entry_fee_cents=rules.money.entry_fee_cents,
            draw_made=draw_store.draw_made(session, event_id) is not None,
            refunds=rules.money.refunds,
        )


def registration_summary(db: Database, event_id: str) -> RegistrationSummary:
    """Active entrants, how many of them owe nothing, and the tables they need: once a
    round is published, the tables and byes of the latest one published, and how many
    active entrants it has no place for (``field_note.field_note``)."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        everyone = all_infos(session, event)
        drawn = draw_store.draw_made(session, event_id) is not None
        field = field_note_in(session, event_id, rules)
    active = [info for info in everyone if info.status == "active"]
    count = tables_needed(rules, len(active))
    if field.round is not None:  # the seating actually published, as the Draw page says
        count = TableCount(field.tables, field.byes)
    return RegistrationSummary(
        entrants=len(active),
        paid=sum(1 for info in active if info.owed_cents == 0),
        tables_needed=count.tables,
        byes=count.byes,
        empty_seats=count.empty_seats,
        withdrawn=sum(1 for info in everyone if info.status == "withdrawn"),
        field_problem=None if drawn else field_problem(rules, len(active)),
        unseated=len(field.unseated),
    )


def tables_needed(rules: Rules, entrants: int) -> TableCount:
    """Tables for a field: two sides a table, each side one entrant or two partners."""
    per_side = side_size(rules)
    per_table = 2 * per_side
    if per_side == 1:
        return TableCount(tables=entrants // per_table, byes=entrants % per_table)
    tables = -(-entrants // per_table)
    return TableCount(tables=tables, empty_seats=tables * per_table - entrants)


def players_per_entrant(rules: Rules) -> int:
    return 2 if rules.unit == "team" else 1


# --- rows ------------------------------------------------------------------------------------


def entrant_record(session: Session, event_id: str, number: int) -> EntrantRecord:
    record = store.entrant_by_number(session, event_id, number)
    if record is None:
        raise UserError(f"number: there is no entrant {number} in this event", field="number")
    return record


def current_info(session: Session, event: EventRecord, number: int) -> EntrantInfo:
    record = entrant_record(session, event.id, number)
    draw = draw_store.draw_made(session, event.id)
    drawn = draw_store.drawn_entrant_ids(session, draw.id) if draw is not None else set()
    rules = rules_for(event)
    return info_of(record, rules, draw, drawn, histories(session, event.id, rules))


def all_infos(session: Session, event: EventRecord) -> list[EntrantInfo]:
    rules = rules_for(event)
    draw = draw_store.draw_made(session, event.id)
    drawn = draw_store.drawn_entrant_ids(session, draw.id) if draw is not None else set()
    history = histories(session, event.id, rules)
    return [
        info_of(record, rules, draw, drawn, history)
        for record in store.list_entrants(session, event.id)
    ]


def histories(session: Session, event_id: str, rules: Rules) -> dict[int, tuple[str, ...]]:
    """The director's rulings on each entrant, by number, in words: its warning infractions
    over the event ("Round 2: loss of hand (bid out of turn)") and its removal from the
    tournament ("Ejected by Lee Official: argumentative")."""
    found: dict[int, list[str]] = defaultdict(list)
    for warning in rulings_store.warnings(session, event_id):
        found[warning.team].append(warning.text)
    word = removal_word(rules).capitalize()
    for number, gone in rulings_store.removals(session, event_id).items():
        found[number].append(f"{word} by {gone.director}: {gone.reason}")
    return {number: tuple(lines) for number, lines in found.items()}


def info_of(
    record: EntrantRecord,
    rules: Rules,
    draw: draw_store.DrawRecord | None,
    drawn: set[int],
    history: dict[int, tuple[str, ...]] | None = None,
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
        status_text=status_word(rules, record.status),
        history=(history or {}).get(record.number, ()),
    )
