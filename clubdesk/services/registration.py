"""Registration at the front table: entrants, their numbers, what they paid, withdrawals.

Each act (``services/command.py``) returns the entrant as it is afterwards (``EntrantInfo``).

How the rules are read:

- An entrant is one player in an individual event and two in a team event
  (the event's rules, ``unit``). Its name is its players joined with
  " / " unless a name is given.
- A player whose name is already in the event (ignoring case, spacing and
  accents; withdrawn entrants included), and who is not registered as a member, is refused
  with the entrant it matches, unless the request says ``allow_duplicate_name``: two real
  people can share a name, and the director is asked first. One name twice in
  the same entrant is refused either way.
- A player may be one of the club's members (``members``: a member number per player, or
  None; ``services/members.py``): the player is linked to the member. A member already in
  the event (withdrawn entrants included) is refused as a duplicate by number, whatever the
  name is spelled; so is one member twice in an entrant, and a number that is no member.
- A number is any whole number from 1 not already used in the event;
  without one, the lowest free number is given.
- What an entrant has paid and owes, late entries and the tables needed:
  see ``entrants.py``, which reads the entrants.
- Withdrawing is a status (``withdrawn``), never a delete; a withdrawn
  entrant can be reinstated. An entrant the director removed is neither.
  A withdrawal may give the fee back in the same command (``payments``:
  where the format gives refunds, at most what was paid less refunds).
- Numbers are fixed once the draw is made (a current ``draw`` row).
  Registering after it is a late entry: the entrant is added, and is
  ``late`` while the current draw has not placed it. Seating it is the
  draw's business: each registration, withdrawal and reinstatement fits the
  field into the running movement (``reseating.py``: a late entry takes the
  draw's free place, rounds not played yet are seated again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.domain.event.names import clean_name, entrant_name, name_key
from clubdesk.domain.limits import NAME_MAX, control_characters
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act
from clubdesk.services.entrants import (
    EntrantInfo,
    current_info,
    entrant_record,
    info_of,
    players_per_entrant,
)
from clubdesk.services.payments import Refund, check_amount, check_method, refund
from clubdesk.services.reseating import fit_field_in
from clubdesk.store import draw as draw_store
from clubdesk.store import entrants as store
from clubdesk.store import events
from clubdesk.store import members as members_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.entrants import EntrantRecord

MAX_NUMBER = 9999
MAX_NAME = NAME_MAX


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
    members: Sequence[int | None] = ()  # each player's member number, if the club knows them


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


# what a change of the field can change: it can place a late entry in the draw and seat
# unplayed rounds again
FIELD_CHANGES = Change.ENTRANTS | Change.MONEY | Change.DRAW | Change.SEATING


# --- registering -----------------------------------------------------------------------------


@act("entrant.register", FIELD_CHANGES)
def register(do: Command, new: RegisterEntrant) -> EntrantInfo:
    """Add an entrant (with its payment, if any); after the draw it is a late entry."""
    players = _clean_players(new.players)
    paid = check_amount("paid_cents", new.paid_cents, allow_zero=True)
    method = check_method(new.method) if paid else None
    number = None if new.number is None else _check_number("number", new.number)
    name = _check_entrant_name(new.name, players)
    _refuse_repeats(players)
    session, event, event_id, rules = do.session, do.event, do.event.id, do.rules
    _check_player_count(rules, players)
    member_ids = _member_ids(session, event_id, new.members, players)
    existing = store.list_entrants(session, event_id)
    if not new.allow_duplicate_name:  # two people of one name in the club, never in a team
        # a member is told apart by number (``_member_ids``), not by name
        found = duplicates_of(existing, unlinked(players, member_ids))
        if found:
            raise UserError(found[0].message, field=f"players[{found[0].index}]")
    taken = {record.number: record for record in existing}
    if number is None:
        number = lowest_free(taken)
    elif number in taken:
        raise UserError(f"number: {number} is already taken ({taken[number].name})", field="number")
    [record] = store.add_entrants(
        session,
        event_id,
        [store.NewEntrant(number, name, players, paid, method, "entry fee", member_ids)],
        do.at,
    )
    draw = draw_store.draw_made(session, event_id)
    info = info_of(record, rules, draw, set())
    do.log(
        {
            "number": number,
            "name": name,
            "players": list(players),
            "paid_cents": paid,
            "method": method,
            "late": info.late,
            "duplicate_name_allowed": new.allow_duplicate_name,
            "members": list(new.members),
        }
    )
    fit = fit_field_in(do)
    if fit.changed:
        info = current_info(session, event, number)
    return _fitted(do, info, fit.changed)


def find_duplicates(db: Database, event_id: str, names: Sequence[str]) -> list[Duplicate]:
    """The names (by position) that are already registered in the event; blanks are skipped."""
    with db.reading() as session:
        events.get_event(session, event_id)
        return duplicates_of(store.list_entrants(session, event_id), [clean_name(n) for n in names])


@act("entrant.renumber", Change.ENTRANTS)
def renumber(do: Command, entrant_number: int, new_number: int) -> EntrantInfo:
    """Give an entrant another free number; only before the draw."""
    new_number = _check_number("new_number", new_number)
    session, event, event_id = do.session, do.event, do.event.id
    record = entrant_record(session, event_id, entrant_number)
    if draw_store.draw_made(session, event_id) is not None:
        raise UserError("number: numbers are fixed once the draw is made", field="number")
    if new_number == entrant_number:
        return info_of(record, do.rules, None, set())
    holder = store.entrant_by_number(session, event_id, new_number)
    if holder is not None:
        raise UserError(
            f"new_number: {new_number} is already taken ({holder.name})", field="new_number"
        )
    store.set_number(session, event_id, entrant_number, new_number)
    do.log({"old": entrant_number, "new": new_number, "name": record.name})
    return current_info(session, event, new_number)


# --- withdrawing -----------------------------------------------------------------------------


def _refunded_or_late(
    do: Command, number: int, reason: str, *, with_refund: Refund | None = None
) -> bool:
    """A withdrawal with a refund, or once round 1 has started, needs the director's PIN."""
    return with_refund is not None or seat_store.round_started(do.session, do.event.id, 1)


@act("entrant.withdraw", FIELD_CHANGES, pin=_refunded_or_late)
def withdraw(
    do: Command, number: int, reason: str, *, with_refund: Refund | None = None
) -> EntrantInfo:
    """Mark an active entrant withdrawn; its row, number and payments stay. With
    ``with_refund``, its fee (or part of it) is given back in the same transaction, checked as
    every refund is (``payments.refund``): a refund refused leaves it not withdrawn."""
    session, event, event_id = do.session, do.event, do.event.id
    record = entrant_record(session, event_id, number)
    if record.status == "withdrawn":
        raise UserError(f"number: entrant {number} is already withdrawn", field="number")
    if record.status != "active":
        raise UserError(
            f"number: entrant {number} was {record.status} by the director", field="number"
        )
    store.set_status(session, event_id, number, "withdrawn")
    do.log({"number": number, "name": record.name, "reason": " ".join(reason.split())})
    if with_refund is not None:
        asked = with_refund
        do.run(refund, number, asked.cents, asked.method, note=asked.reason)
    fit = fit_field_in(do)
    return _fitted(do, current_info(session, event, number), fit.changed)


@act("entrant.reinstate", FIELD_CHANGES)
def reinstate(do: Command, number: int) -> EntrantInfo:
    """Make a withdrawn entrant active again."""
    session, event, event_id = do.session, do.event, do.event.id
    record = entrant_record(session, event_id, number)
    if record.status == "active":
        raise UserError(f"number: entrant {number} is not withdrawn", field="number")
    if record.status != "withdrawn":
        raise UserError(
            f"number: entrant {number} was {record.status} by the director; "
            "only a withdrawn entrant can be reinstated",
            field="number",
        )
    store.set_status(session, event_id, number, "active")
    do.log({"number": number, "name": record.name})
    fit = fit_field_in(do)
    return _fitted(do, current_info(session, event, number), fit.changed)


def _fitted(do: Command, info: EntrantInfo, seating_changed: bool) -> EntrantInfo:
    """The entrant, with the act's changes narrowed to the entrants and money unless the
    field was fitted into the movement (the draw and seating too)."""
    if not seating_changed:
        do.changes &= Change.ENTRANTS | Change.MONEY
    return info


# --- shared with the roster import -----------------------------------------------------------


def add_entrants(do: Command, new: Sequence[store.NewEntrant]) -> list[EntrantInfo]:
    """Add entrants inside an act (its checks already made)."""
    session, event = do.session, do.event
    records = store.add_entrants(session, event.id, new, do.at)
    if fit_field_in(do).changed:
        return [current_info(session, event, record.number) for record in records]
    draw = draw_store.draw_made(session, event.id)
    return [info_of(record, do.rules, draw, set()) for record in records]


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
        if control_characters(player):
            raise UserError(
                f"players[{index}]: a name cannot hold control characters",
                field=f"players[{index}]",
            )
    if not cleaned:
        raise UserError("players: a name is needed", field="players")
    return cleaned


def _member_ids(
    session: Session, event_id: str, numbers: Sequence[int | None], players: Sequence[str]
) -> tuple[int | None, ...]:
    """The member rows of the players' member numbers (None for a player given none);
    refused: more numbers than players, a number that is no member, a member already in the
    event or named twice in this entrant."""
    if len(numbers) > len(players):
        raise UserError(f"members: {len(numbers)} given for {len(players)} players",
                        field="members")  # fmt: skip
    given = [number for number in numbers if number is not None]
    found = members_store.members_by_number(session, given)
    entered = members_store.entered_members(session, event_id) if given else {}
    ids: list[int | None] = []
    for index, number in enumerate(numbers):
        field = f"players[{index}]"
        if number is None:
            ids.append(None)
            continue
        member = found.get(number) if isinstance(number, int) else None
        if member is None:
            raise UserError(f"{field}: no member is numbered {number}", field=field)
        if number in numbers[:index]:
            raise UserError(f"{field}: member {number} ({member.name}) is named twice in this "
                            "entrant", field=field)  # fmt: skip
        there = entered.get(number)
        if there is not None:
            state = "" if there.status == "active" else f", {there.status}"
            raise UserError(
                f"{field}: member {number} ({member.name}) is already registered "
                f"(entrant {there.entrant_number}{state})",
                field=field,
            )
        ids.append(member.id)
    return tuple(ids)


def _check_player_count(rules: Rules, players: Sequence[str]) -> None:
    wanted = players_per_entrant(rules)
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


def _check_entrant_name(name: str | None, players: Sequence[str]) -> str:
    if name is None or not clean_name(name):
        return entrant_name(players)
    name = clean_name(name)
    if len(name) > 2 * MAX_NAME:
        raise UserError(
            f"name: an entrant's name can be at most {2 * MAX_NAME} characters", field="name"
        )
    if control_characters(name):
        raise UserError("name: a name cannot hold control characters", field="name")
    return name


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


def unlinked(names: Sequence[str], members: Sequence[object]) -> list[str]:
    """The names of the players given no member, the others blank (a duplicate check skips
    them: a member already in the event is found by number)."""
    given = list(members)
    return [name if index >= len(given) or given[index] is None else ""
            for index, name in enumerate(names)]  # fmt: skip


def duplicates_of(records: Sequence[EntrantRecord], names: Sequence[str]) -> list[Duplicate]:
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


def lowest_free(taken: set[int] | dict[int, Any]) -> int:
    number = 1
    while number in taken:
        number += 1
    if number > MAX_NUMBER:
        raise UserError(f"number: every number from 1 to {MAX_NUMBER} is taken", field="number")
    return number
