"""Fines (docs/rules.md §3): what is due, and the treasurer collecting them.

What is due is derived every time from the submitted score sheets (their
hands and seats) and the event's rules, less what the ledger already holds:
a fine collected is a ``fine`` ledger row whose note is the fine's reference
(``round 2 table 3 hand 5: set``), so the match is exact. Collected fines
are in the prize pool (``payouts.py``).

Collecting a fine is an act, run as one command (``services/command.py``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money import fines
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.fines import FineKey, FineReason, fine_reference, parse_fine_reference
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.events import event_rules
from clubdesk.services.payments import check_amount, check_method
from clubdesk.store import entrants as store
from clubdesk.store import ledger
from clubdesk.store import rulings as rulings_store
from clubdesk.store.db import Database
from clubdesk.store.games import sides_of_games


@dataclass(frozen=True)
class FineOwed:
    """A fine a submitted sheet makes due and the ledger does not show collected.

    ``entrant`` is who pays; None when the sheet does not say which partner
    (``flagged``): the director picks one of ``candidates``, ``problem`` says why.
    """

    round: int
    table: int
    hand: int
    reason: FineReason
    cents: int
    entrant: int | None
    candidates: tuple[int, ...]
    problem: str = ""

    @property
    def flagged(self) -> bool:
        return self.entrant is None

    @property
    def reference(self) -> str:
        """The note to collect it with."""
        return fine_reference(self.round, self.table, self.hand, self.reason)

    @property
    def key(self) -> FineKey:
        return FineKey(self.round, self.table, self.hand, self.reason)


@dataclass(frozen=True)
class FineCollected:
    """What collecting a fine changed: the ledger's fines and what is still due."""

    event_id: str
    entrant: int
    cents: int
    note: str
    method: str
    at: dt.datetime
    fines_collected_cents: int  # every fine row of the event, this one included
    still_due: int  # fines still due after this one
    changes: Change = changes_field()  # what the command that made it changed


def fines_due(db: Database, event_id: str) -> list[FineOwed]:
    """Every fine due and not collected, by round, table and hand."""
    rules = event_rules(db, event_id)
    with db.reading() as session:
        owed = _owed(session, event_id, rules)
        collected = _collected_keys(session, event_id)
    return [fine for fine in owed if fine.key not in collected]


@act("fine.collect", Change.MONEY)
def collect_fine(do: Command, entrant: int, cents: int, note: str, method: str) -> FineCollected:
    """The treasurer takes a fine: a ``fine`` ledger row (into the prize pool) and an audit row.

    With a fine's reference as ``note`` (``round 2 table 3 hand 5: set``) it
    collects that fine: it must be due and not collected yet, paid by the
    player charged (for a flagged fine, one of the candidates) in the amount
    due. Any other note records a fine the club charges for another reason.
    """
    cents = check_amount("cents", cents)
    method = check_method(method)
    note = " ".join(str(note).split())
    if not note:
        example = fine_reference(1, 1, 1, "set")
        raise UserError(f"note: say what the fine is for (a fine's reference, e.g. {example!r})")
    key = parse_fine_reference(note)
    session, event_id, at = do.session, do.event.id, do.at
    record = store.entrant_by_number(session, event_id, entrant)
    if record is None:
        raise UserError(f"entrant: there is no entrant {entrant} in this event")
    owed = _owed(session, event_id, do.rules)
    collected = _collected_keys(session, event_id)
    if key is not None:
        _check_collectable(key, entrant, cents, owed, collected)
        note = key.reference
    ledger.add_entry(
        session, event_id, ledger.NewLedgerEntry("fine", cents, record.id, method, note, at)
    )
    do.log({"number": entrant, "cents": cents, "method": method, "note": note})
    if key is not None:
        collected = {**collected, key: entrant}
    still_due = sum(1 for fine in owed if fine.key not in collected)
    total = _fines_cents(session, event_id)
    return FineCollected(event_id, entrant, cents, note, method, at, total, still_due)


def _check_collectable(
    key: FineKey,
    entrant: int,
    cents: int,
    owed: list[FineOwed],
    collected: dict[FineKey, int | None],
) -> None:
    if key in collected:
        payer = collected[key]
        by = f" (from entrant {payer})" if payer is not None else ""
        raise UserError(f"note: the fine for {key.reference} is already collected{by}")
    fine = next((f for f in owed if f.key == key), None)
    if fine is None:
        raise UserError(f"note: no fine is due for {key.reference}")
    if entrant not in fine.candidates:
        who = " or ".join(str(n) for n in fine.candidates)
        raise UserError(
            f"entrant: the fine for {key.reference} is charged to entrant {who}, not {entrant}"
        )
    if cents != fine.cents:
        raise UserError(
            f"cents: the fine for {key.reference} is {format_money(fine.cents)}, "
            f"not {format_money(cents)}"
        )


def _owed(session: Session, event_id: str, rules: Rules) -> list[FineOwed]:
    """Every fine the submitted sheets make due, collected or not."""
    if not (rules.money.fine_set_cents or rules.money.fine_renege_cents):
        return []
    games = rulings_store.played_games(session, event_id)
    if not games:
        return []
    sides = sides_of_games(session, [game.game_id for game in games])
    owed: list[FineOwed] = []
    for game in games:
        round_number, table = game.round_number, game.table
        if not game.hands:
            continue  # typed in from a paper sheet: no hands, no fines to derive
        try:
            due = fines.fines_due(
                list(game.hands), sides[game.game_id], rules, round_number=round_number
            )
        except (HandError, UserError) as exc:
            raise UserError(f"round {round_number}, table {table}: {exc}") from None
        owed += [
            FineOwed(
                round_number,
                table,
                fine.hand_number,
                fine.reason,
                fine.cents,
                fine.entrant,
                fine.candidates,
                fine.problem,
            )
            for fine in due
        ]
    return owed


def _collected_keys(session: Session, event_id: str) -> dict[FineKey, int | None]:
    """The fines the ledger shows collected, each with the entrant who paid it."""
    found: dict[FineKey, int | None] = {}
    for row in ledger.fines(session, event_id):
        note, number = row.note, row.entrant
        try:
            key = parse_fine_reference(note)
        except UserError:
            continue  # a note that only looks like a reference (e.g. imported): no fine of ours
        if key is not None:
            found.setdefault(key, number)
    return found


def _fines_cents(session: Session, event_id: str) -> int:
    return sum(row.cents for row in ledger.fines(session, event_id))
