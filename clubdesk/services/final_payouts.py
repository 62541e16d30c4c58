"""Finalized payouts: the director's confirmation freezes the prizes; the treasurer marks
each cash prize paid; reopening needs the director's name and a reason.

- Finalize is refused while the payouts are provisional (rounds or playoffs
  still to play), while a paid place is undecided (a tie waiting for its
  sudden-death match: the refusal names who plays), with no round played,
  and when they are final already. It stores each prize (place, entrant,
  amount, the part in store credit) with the pool it came from, after an
  audit row; the database refuses any other way in and any change to them.
- Once final, the payouts shown everywhere (the Money page, ``clubdesk
  payouts``, the award sheet and the payouts document) are the frozen ones,
  whatever a later amendment does to the standings, and the database
  refuses any ledger row that would change the pool (a fee, fine, added
  money, expense or refund) until the payouts are reopened.
- A prize paid is a ``prize`` ledger row for the cash part of a frozen
  prize, paid once; it leaves the cash box and leaves the pool as it is.
- A store-credit prize is not paid from the box: the treasurer records it redeemed
  (``redeem_credit``), once, on the tournament's day (seed 003: "must be redeemed the
  day of the tournament"); after that day a credit not redeemed has lapsed
  (``domain.money.credit``). ``store_credits`` says where each one stands.
- Reopen (the director's name and a reason, logged) keeps the frozen rows
  and what was paid or redeemed; the next finalize freezes the payouts as they then are.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.event.carried import FrozenPrize
from clubdesk.domain.event.model import PRIZE_PAID, Event
from clubdesk.domain.limits import name_problem
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.credit import Credit, credits, redeem_problem, redemption_day
from clubdesk.domain.money.payouts import Payouts, compute_payouts, frozen_payouts
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act, always
from clubdesk.services.common import event_and_rules
from clubdesk.services.entrants import entrant_record
from clubdesk.services.payments import check_method, money_row
from clubdesk.store import eventfile as event_store
from clubdesk.store import payouts as store
from clubdesk.store.db import Database
from clubdesk.store.entrants import list_entrants


@dataclass(frozen=True)
class PayoutsFinalized:
    event_id: str
    director: str
    at: dt.datetime
    pool_cents: int
    prizes: tuple[FrozenPrize, ...]
    changes: Change = changes_field()


@dataclass(frozen=True)
class PayoutsReopened:
    event_id: str
    director: str
    reason: str
    at: dt.datetime
    changes: Change = changes_field()


@dataclass(frozen=True)
class CreditRedeemed:
    event_id: str
    number: int
    cents: int
    at: dt.datetime
    changes: Change = changes_field()


@dataclass(frozen=True)
class PrizePaid:
    event_id: str
    number: int
    cents: int
    method: str
    at: dt.datetime
    changes: Change = changes_field()


def final_text(payout: store.FrozenPayout) -> str:
    """``finalized by Pat Lee at 2024-03-09 22:40``."""
    return f"finalized by {payout.director} at {payout.finalized_at:%Y-%m-%d %H:%M}"


def payouts_in(session: Session, event_id: str) -> Payouts:
    """The payouts as they stand: the frozen ones once final, else by the final order."""
    _record, rules = event_and_rules(session, event_id)
    event = event_store.load_event(session, event_id, results_only=True)
    return payouts_of(session, event, rules)


def payouts_of(session: Session, event: Event, rules: Rules) -> Payouts:
    """``payouts_in`` for an event already read (its results at least) with its rules."""
    frozen = store.open_payout(session, event.id)
    if frozen is None:
        return compute_payouts(event, rules)
    return frozen_payouts(event, rules, frozen.prizes, final_text(frozen))


def paid_so_far(db: Database, event_id: str) -> dict[int, int]:
    """The cash paid out for prizes so far, by entrant number."""
    with db.reading() as session:
        paid: dict[int, int] = {}
        for row in store.prizes_paid(session, event_id):
            paid[row.number] = paid.get(row.number, 0) + row.cents
        return paid


def _director(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise UserError("director: the director's name is needed", field="director")
    problem = name_problem(name)
    if problem:
        raise UserError(f"director: the name{problem}", field="director")
    return name


@act("payouts.finalize", Change.MONEY, pin=always)
def finalize_payouts(do: Command, director: str) -> PayoutsFinalized:
    """Freeze the payouts as they stand, on the director's confirmation (their name)."""
    director = _director(director)
    session, event_id = do.session, do.event.id
    frozen = store.open_payout(session, event_id)
    if frozen is not None:
        raise UserError(f"payouts: they are final already ({final_text(frozen)})")
    event = event_store.load_event(session, event_id, results_only=True)
    found = compute_payouts(event, do.rules)
    check_final(found)
    prizes = tuple(
        FrozenPrize(p.place, p.number, p.amount_cents, p.credit_cents) for p in found.prizes
    )
    do.log({"director": director, "pool_cents": found.pool_cents,
            "prizes": [p.__dict__ for p in prizes]})  # fmt: skip
    session.flush()
    store.freeze(session, event_id, director, found.pool_cents, do.at, prizes)
    return PayoutsFinalized(event_id, director, do.at, found.pool_cents, prizes)


def check_final(found: Payouts) -> None:
    """Refuse to freeze payouts that are not final yet (provisional, undecided, nothing
    played); an import holds a file's finalized payouts to it too."""
    if not found.played:
        raise UserError("payouts: no round has been played yet; there is nothing to finalize")
    for item in found.undecided:
        places = " and ".join(str(place) for place in item.places)
        who = ", ".join(str(number) for number in item.entrants)
        raise UserError(
            f"payouts: place{'s' if len(item.places) > 1 else ''} {places} "
            f"{'are' if len(item.places) > 1 else 'is'} undecided: entrants {who} play "
            f"the {item.settled_by.replace('-', ' ')} for {format_money(item.amount_cents)}"
        )
    if found.provisional:
        raise UserError(f"payouts: they are provisional ({found.why})")


@act("payouts.reopen", Change.MONEY, pin=always)
def reopen_payouts(do: Command, director: str, reason: str) -> PayoutsReopened:
    """Undo a finalize: the director's name and the reason are logged; the rows stay."""
    director = _director(director)
    reason = " ".join(reason.split())
    if not reason:
        raise UserError("reason: say why the payouts are reopened", field="reason")
    frozen = store.open_payout(do.session, do.event.id)
    if frozen is None:
        raise UserError("payouts: they are not final; there is nothing to reopen")
    do.log({"director": director, "reason": reason,
            "finalized_at": frozen.finalized_at.isoformat()})  # fmt: skip
    do.session.flush()
    store.reopen(do.session, frozen.id, director, reason, do.at)
    return PayoutsReopened(do.event.id, director, reason, do.at)


@act("payouts.paid", Change.MONEY)
def mark_prize_paid(do: Command, number: int, *, method: str = "cash") -> PrizePaid:
    """Record that entrant ``number``'s frozen prize was handed over (its cash part)."""
    method = check_method(method)
    session, event_id = do.session, do.event.id
    frozen = store.open_payout(session, event_id)
    if frozen is None:
        raise UserError("payouts: a prize is marked paid once the payouts are final")
    prize = next((p for p in frozen.prizes if p.number == number), None)
    if prize is None:
        raise UserError(f"number: entrant {number} has no prize", field="number")
    cash = prize.amount_cents - prize.credit_cents
    if cash == 0:
        raise UserError(
            f"number: entrant {number}'s prize is store credit; no cash is paid out "
            "(record the credit redeemed instead)",
            field="number",
        )
    if any(row.number == number for row in store.prizes_paid(session, event_id)):
        raise UserError(f"number: entrant {number}'s prize is paid already", field="number")
    record = entrant_record(session, event_id, number)
    note = f"prize, place {prize.place}"
    money_row(do, PRIZE_PAID, record, cash, method, note)
    return PrizePaid(event_id, number, cash, method, do.at)


def store_credits(db: Database, event_id: str) -> tuple[Credit, ...]:
    """Each frozen prize's store-credit part and whether it was redeemed (none until the
    payouts are final)."""
    with db.reading() as session:
        return _credits_in(session, event_id)


def _credits_in(session: Session, event_id: str) -> tuple[Credit, ...]:
    record, _rules = event_and_rules(session, event_id)
    frozen = store.open_payout(session, event_id)
    if frozen is None:
        return ()
    names = {e.number: e.name for e in list_entrants(session, event_id)}
    day = redemption_day(record.date, frozen.finalized_at)
    return credits(frozen.prizes, names, store.credits_redeemed(session, event_id), day)


@act("payouts.redeem", Change.MONEY)
def redeem_credit(do: Command, number: int) -> CreditRedeemed:
    """Record that entrant ``number`` redeemed its store-credit prize, on the tournament's
    day; refused once it is redeemed or has lapsed."""
    session, event_id, at = do.session, do.event.id, do.at
    if store.open_payout(session, event_id) is None:
        raise UserError(
            "payouts: a store credit is recorded redeemed once the payouts are final",
            field="payouts",
        )
    credit = next((c for c in _credits_in(session, event_id) if c.number == number), None)
    if credit is None:
        raise UserError(f"number: entrant {number} has no store-credit prize", field="number")
    wrong = redeem_problem(credit, at.date())
    if wrong:
        raise UserError(f"number: {wrong}", field="number")
    do.log({"number": number, "cents": credit.cents})
    session.flush()
    store.redeem(session, event_id, number, credit.cents, at)
    return CreditRedeemed(event_id, number, credit.cents, at)
