"""Money from and to an entrant: entry fees received, refunds, and the checks every
money row shares (whole cents, a known payment method).

Each ledger row is written with its audit row, in the caller's transaction.
"""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session

from clubdesk.clock import Clock
from clubdesk.domain.event.model import PAYMENT_METHODS, PRIZE_PAID
from clubdesk.domain.limits import CENTS_MAX, cents_problem
from clubdesk.domain.money.amounts import format_money
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, writes
from clubdesk.services.common import aware, rules_for
from clubdesk.services.entrants import EntrantInfo, current_info, entrant_record
from clubdesk.store import Database, events, ledger
from clubdesk.store.entrants import EntrantRecord


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
    cents = check_amount("cents", cents)
    method = check_method(method)
    at = aware(clock.now())
    with db.session() as session:
        event = events.get_event(session, event_id)
        record = entrant_record(session, event_id, number)
        money_row(session, event_id, "fee", record, cents, method, note, at, actor)
        return current_info(session, event, number)


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
    """Money given back to an entrant: a ``refund`` ledger row, never more than it paid,
    and none at all where the rules say ``money.refunds = false`` (bid whist)."""
    cents = check_amount("cents", cents)
    method = check_method(method)
    at = aware(clock.now())
    with db.session() as session:
        event = events.get_event(session, event_id)
        rules = rules_for(event)
        if not rules.money.refunds:
            raise UserError(
                f"refund: {rules.title} gives no refunds of the entry fee "
                "(rules: money.refunds = false)",
                field="refund",
            )
        record = entrant_record(session, event_id, number)
        if record.status == "removed" and rules.penalties.removed_forfeits_fee:
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
        money_row(session, event_id, "refund", record, cents, method, note, at, actor)
        return current_info(session, event, number)


# the audit action of each kind of entrant money row
_ACTIONS = {"fee": "entrant.payment", "refund": "entrant.refund", PRIZE_PAID: "payouts.paid"}


def money_row(
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
    """One ledger row for money from or to an entrant (a fee, a refund, a prize handed
    over), and its audit row."""
    ledger.add_entry(
        session,
        event_id,
        ledger.NewLedgerEntry(kind, cents, record.id, method, note.strip(), at),
    )
    action = _ACTIONS[kind]
    audit.record(session, at=at, actor=actor, action=action, event_id=event_id,
                 details={"number": record.number, "cents": cents, "method": method})  # fmt: skip


def check_amount(field: str, cents: object, *, allow_zero: bool = False) -> int:
    """An amount of money as given: whole cents, more than nothing (or nothing, if allowed)."""
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise UserError(f"{field}: must be a whole number of cents", field=field)
    if cents < 0 or (cents == 0 and not allow_zero):
        raise UserError(f"{field}: must be more than {format_money(0)}", field=field)
    if cents_problem(cents):
        raise UserError(f"{field}: must be at most {format_money(CENTS_MAX)}", field=field)
    return cents


def check_method(method: str | None) -> str:
    """How money was paid: one of the payment methods (cash when not said)."""
    if method is None:
        return "cash"
    if method not in PAYMENT_METHODS:
        raise UserError(
            f"method: {method!r} is not one of {', '.join(PAYMENT_METHODS)}", field="method"
        )
    return method
