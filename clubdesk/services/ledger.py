"""The treasurer's money: added money and expenses, the event's ledger, the prize pool,
what the cash box should hold, and payouts previewed under a scheme not yet saved.

How the cash box is read: every ledger row paid in cash counts (rows with no
method, written before methods were kept, count as cash). Entry fees, fines
and added money paid in cash go in; refunds and expenses paid in cash come
out. Prizes paid in cash (each place's kind, ``domain.money.payouts``) come
out once they are handed over; the page shows the box before and after the
prizes listed. Store-credit prizes (or parts of prizes) never leave the box.
Added money set in the rules (``money.added_cents``) is not a ledger row and
is not in the box. An entry fee an imported event file gives only as an
entrant's ``paid_cents`` (no fee row of its own) is listed with its method
"not recorded" and is not counted in the box.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.event.model import PRIZE_PAID
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.payouts import Payouts, Pool, compute_payouts, prize_pool
from clubdesk.errors import UserError
from clubdesk.services import final_payouts
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import rules_for
from clubdesk.services.payments import check_amount, check_method
from clubdesk.store import eventfile as store
from clubdesk.store import events, ledger
from clubdesk.store import payouts as payout_store
from clubdesk.store.db import Database

TREASURER_KINDS: tuple[str, ...] = ("added", "expense")
CASH_IN: tuple[str, ...] = ("fee", "fine", "added")
CASH_OUT: tuple[str, ...] = ("refund", "expense")
NOT_RECORDED = "not recorded"  # the method of a fee known only as an entrant's paid_cents


@dataclass(frozen=True)
class MoneyAdded:
    """An added-money or expense row just written, and the prize pool after it."""

    event_id: str
    kind: str
    cents: int
    note: str
    method: str
    at: dt.datetime
    pool_cents: int
    changes: Change = changes_field()


@dataclass(frozen=True)
class LedgerRow:
    """One money row as the treasurer reads it; ``entrant`` and ``name`` for an entrant's."""

    kind: str
    cents: int
    entrant: int | None
    name: str
    method: str
    note: str
    at: dt.datetime | None


@dataclass(frozen=True)
class CashBox:
    """What should be in the cash box, by the reading in the module docstring."""

    cash_in_cents: int
    cash_out_cents: int
    cash_prizes_cents: int  # the cash prizes listed (0 when prizes are store credit)
    prizes_paid_cents: int = 0  # of those, handed over already (``prize`` rows)

    @property
    def before_prizes_cents(self) -> int:
        """In the box now: the prizes paid so far are out of it."""
        return self.cash_in_cents - self.cash_out_cents - self.prizes_paid_cents

    @property
    def after_prizes_cents(self) -> int:
        """In the box once every cash prize listed is paid."""
        return self.before_prizes_cents - (self.cash_prizes_cents - self.prizes_paid_cents)


@dataclass(frozen=True)
class MoneySheet:
    """The treasurer's view of an event: its ledger, its payouts and the cash box."""

    rows: tuple[LedgerRow, ...]
    payouts: Payouts
    cash: CashBox
    settings: dict[str, Any]  # the event's settings as saved

    @property
    def pool(self) -> Pool:
        return self.payouts.pool


@act("money.added", Change.MONEY)  # an expense's audit row is "money.expense"
def add_money(
    do: Command, kind: str, cents: int, *, note: str = "", method: str = "cash"
) -> MoneyAdded:
    """Added money put into the prize fund, or an expense taken from it (``kind``
    ``added`` or ``expense``); an expense may not take more than the pool holds."""
    if kind not in TREASURER_KINDS:
        raise UserError(f"kind: must be one of {', '.join(TREASURER_KINDS)}", field="kind")
    cents = check_amount("cents", cents)
    method = check_method(method)
    note = note.strip()
    if not note:
        raise UserError("note: say what the money is for", field="note")
    session, event_id, at = do.session, do.event.id, do.at
    pool = prize_pool(store.load_event(session, event_id, results_only=True), do.rules)
    if kind == "expense" and cents > pool.pool_cents:
        raise UserError(
            f"cents: the prize pool holds {format_money(pool.pool_cents)}; an expense of "
            f"{format_money(cents)} is more than that",
            field="cents",
        )
    ledger.add_entry(session, event_id, ledger.NewLedgerEntry(kind, cents, None, method, note, at))
    do.log({"cents": cents, "method": method, "note": note}, action=f"money.{kind}")
    after = pool.pool_cents + (cents if kind == "added" else -cents)
    return MoneyAdded(event_id, kind, cents, note, method, at, after)


def money_sheet(db: Database, event_id: str) -> MoneySheet:
    """The event's ledger, its payouts by the saved scheme and the cash box."""
    return _sheet(db, event_id, None)


def preview(db: Database, event_id: str, settings: Mapping[str, Any]) -> MoneySheet:
    """The money sheet as it would be with ``settings`` (e.g. a payout scheme being
    edited) laid over the event's saved settings; nothing is written. A UserError
    names the setting the rules refuse (``settings.payout``)."""
    return _sheet(db, event_id, dict(settings))


def _sheet(db: Database, event_id: str, overrides: dict[str, Any] | None) -> MoneySheet:
    with db.reading() as session:  # read off the window's thread too (ui/money)
        record = events.get_event(session, event_id)
        event = store.load_event(session, event_id, results_only=True)
        saved = dict(record.settings)
        paid = payout_store.prizes_paid(session, event_id)
        rules = rules_for(record)
        payouts = None if overrides else final_payouts.payouts_of(session, event, rules)
    if payouts is None:
        payouts = compute_payouts(event, rules.with_settings(overrides or {}))
    names = {entrant.number: entrant.name for entrant in event.entrants}
    rows = [
        LedgerRow(
            kind=entry.kind,
            cents=entry.cents,
            entrant=entry.entrant,
            name=names.get(entry.entrant, "") if entry.entrant is not None else "",
            method=entry.method or "cash",
            note=entry.note,
            at=entry.at,
        )
        for entry in event.ledger
    ]
    rows += [
        LedgerRow(
            PRIZE_PAID, row.cents, row.number, names.get(row.number, ""), "cash", row.note, row.at
        )  # fmt: skip
        for row in paid
    ]
    listed: dict[int, int] = {}
    for row in rows:
        if row.kind == "fee" and row.entrant is not None:
            listed[row.entrant] = listed.get(row.entrant, 0) + row.cents
    earlier = [  # fees an imported file gave only as paid_cents: paid before the rest
        LedgerRow(
            "fee",
            unlisted,
            entrant.number,
            entrant.name,
            NOT_RECORDED,
            "entry fee (paid before import)",
            None,
        )  # fmt: skip
        for entrant in event.entrants
        if (unlisted := entrant.paid_cents - listed.get(entrant.number, 0)) > 0
    ]
    rows = earlier + rows
    return MoneySheet(tuple(rows), payouts, cash_box(tuple(rows), payouts), saved)


def cash_box(rows: tuple[LedgerRow, ...], payouts: Payouts) -> CashBox:
    """What should be in the cash box after these rows and the prizes listed."""
    cash = [row for row in rows if row.method == "cash"]
    paid_in = sum(row.cents for row in cash if row.kind in CASH_IN)
    paid_out = sum(row.cents for row in cash if row.kind in CASH_OUT)
    prizes = sum(p.cash_cents for p in payouts.prizes)
    handed = sum(row.cents for row in cash if row.kind == PRIZE_PAID)
    return CashBox(paid_in, paid_out, prizes, handed)
