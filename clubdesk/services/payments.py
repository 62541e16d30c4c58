"""Money from and to an entrant: entry fees received, refunds, and the checks every
money row shares (whole cents, a known payment method).

A refund is checked by ``domain.money.refunds`` (none where the format gives none,
never more than the entrant paid less what was refunded already, never a removed
entrant's forfeited fee), needs a reason, and may not leave the prize pool below
nothing. ``refund_offer`` says what the window may offer to refund an entrant.

Each ledger row is written with its act's audit row, in the act's transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from clubdesk.domain.event.model import PAYMENT_METHODS, LedgerEntry
from clubdesk.domain.limits import CENTS_MAX, cents_problem
from clubdesk.domain.money import refunds
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.payouts import prize_pool
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act, always
from clubdesk.services.common import rules_for
from clubdesk.services.entrants import EntrantInfo, current_info, entrant_record
from clubdesk.store import entrants as entrant_store
from clubdesk.store import eventfile as event_store
from clubdesk.store import events, ledger
from clubdesk.store.db import Database
from clubdesk.store.entrants import EntrantRecord


@act("entrant.payment", Change.ENTRANTS | Change.MONEY)
def record_payment(
    do: Command, number: int, cents: int, method: str, *, note: str = "entry fee"
) -> EntrantInfo:
    """An entry fee (or part of one) received from an entrant: a ``fee`` ledger row."""
    cents = check_amount("cents", cents)
    method = check_method(method)
    record = entrant_record(do.session, do.event.id, number)
    money_row(do, "fee", record, cents, method, note)
    return current_info(do.session, do.event, number)


@dataclass(frozen=True)
class Refund:
    """A refund asked for with a withdrawal: how much, how it is paid back, and why."""

    cents: int
    method: str = "cash"
    reason: str = ""


@dataclass(frozen=True)
class RefundOffer:
    """What the window may offer to refund an entrant: what it paid in fees and had
    refunded, and why the rules give it no refund at all (``refused``, empty when they
    may: then up to ``most_cents``)."""

    number: int
    name: str
    paid_cents: int  # fee rows
    refunded_cents: int  # refund rows
    refused: str = ""

    @property
    def most_cents(self) -> int:
        """The most a refund can give back now."""
        return 0 if self.refused else refunds.refundable_cents(self.paid_cents, self.refunded_cents)


@act("entrant.refund", Change.ENTRANTS | Change.MONEY, pin=always)
def refund(
    do: Command, number: int, cents: int, method: str, *, note: str = "refund"
) -> EntrantInfo:
    """Money given back to an entrant: a ``refund`` ledger row, never more than it paid
    less what was refunded already, and none at all where the rules say
    ``money.refunds = false`` (bid whist; ``domain.money.refunds``), with the reason why.
    The prize pool may not go below nothing for it."""
    rules = do.rules
    never = refunds.no_refunds(rules)
    if never is not None:
        raise UserError(f"refund: {never}", field="refund")
    cents = check_amount("cents", cents)
    method = check_method(method)
    note = " ".join(note.split())
    if not note:
        raise UserError("note: say why the fee is refunded", field="note")
    record = entrant_record(do.session, do.event.id, number)
    kept = refunds.forfeited(rules, number, record.status)
    if kept is not None:
        raise UserError(f"number: {kept}", field="number")
    over = refunds.over_limit(number, record.fees_cents, record.refunds_cents, cents)
    if over is not None:
        raise UserError(f"cents: {over}", field="cents")
    stored = event_store.load_event(do.session, do.event.id, results_only=True)
    given = LedgerEntry("refund", cents, number, note, method, do.at)
    try:
        prize_pool(replace(stored, ledger=(*stored.ledger, given)), rules)
    except UserError as exc:
        raise UserError(
            f"cents: after a refund of {format_money(cents)}, {exc}", field="cents"
        ) from None
    money_row(do, "refund", record, cents, method, note)
    return current_info(do.session, do.event, number)


def refund_offer(db: Database, event_id: str, number: int) -> RefundOffer:
    """What can be refunded to one entrant (see ``RefundOffer``)."""
    with db.reading() as session:
        event = events.get_event(session, event_id)
        return _offer(rules_for(event), entrant_record(session, event_id, number))


def refund_offers(db: Database, event_id: str) -> list[RefundOffer]:
    """Every entrant a refund can be given to now, in number order (none where the rules
    give no refunds)."""
    with db.reading() as session:
        event = events.get_event(session, event_id)
        rules = rules_for(event)
        found = [_offer(rules, record) for record in entrant_store.list_entrants(session, event_id)]
    return [offer for offer in found if offer.most_cents > 0]


def _offer(rules: Rules, record: EntrantRecord) -> RefundOffer:
    refused = refunds.no_refunds(rules) or refunds.forfeited(rules, record.number, record.status)
    return RefundOffer(
        record.number, record.name, record.fees_cents, record.refunds_cents, refused or ""
    )


def money_row(
    do: Command, kind: str, record: EntrantRecord, cents: int, method: str, note: str
) -> None:
    """One ledger row for money from or to an entrant (a fee, a refund, a prize handed
    over), and the act's audit row."""
    row = ledger.NewLedgerEntry(kind, cents, record.id, method, note.strip(), do.at)
    ledger.add_entry(do.session, do.event.id, row)
    do.log({"number": record.number, "cents": cents, "method": method})


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
