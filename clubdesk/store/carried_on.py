"""What an event file carries on (``domain.event.carried``), read from the database for an
export and written at an import: the finalized payouts, with the prizes paid and the store
credits redeemed while they were final, and the round clock's facts.

Written after the event's own rows (``eventfile.save_event``), in the order it happened, as
the database takes them (migration steps 8 and 11): each payout just after the audit row of
its finalizing, a credit redeemed just after its own, a reopening just after its own; the
facts of the clock as recorded. A round whose clock started is running (or closed).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from sqlmodel import Session, col, select

from clubdesk.domain.event.carried import (
    CreditRedeemed,
    FinalPayout,
    FrozenPrize,
    PrizePaid,
    Reopened,
)
from clubdesk.domain.event.model import PRIZE_PAID, Event
from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.store import ledger, payouts, roundclock, seating
from clubdesk.store.audit import add_entry
from clubdesk.store.entrants import entrant_ids, entrant_numbers
from clubdesk.store.models import CreditRedeemed as CreditRow
from clubdesk.store.models import Entrant, FinalPrize, LedgerEntry, PayoutFinal


def load(session: Session, event_id: str) -> tuple[tuple[FinalPayout, ...], tuple[ClockFact, ...]]:
    """The event's finalized payouts, in order, and its clock facts (their wall times only:
    another computer's monotonic clock means nothing)."""
    facts = tuple(
        ClockFact(f.round, f.kind, Reading(f.at), f.seconds, f.announcement)
        for f in roundclock.facts(session, event_id)
    )
    return _payouts(session, event_id), facts


def _payouts(session: Session, event_id: str) -> tuple[FinalPayout, ...]:
    numbers = entrant_numbers(session, event_id)
    rows = session.exec(
        select(PayoutFinal).where(PayoutFinal.event_id == event_id).order_by(col(PayoutFinal.id))
    ).all()
    found = []
    for row in rows:
        prizes = session.exec(
            select(FinalPrize)
            .where(FinalPrize.payout_id == row.id)
            .order_by(col(FinalPrize.place), col(FinalPrize.id))
        ).all()
        reopened = None
        if row.reopened_at is not None and row.reopened_by and row.reopen_reason:
            reopened = Reopened(row.reopened_by, row.reopen_reason, row.reopened_at)
        frozen = tuple(
            FrozenPrize(p.place, numbers[p.entrant_id], p.amount_cents, p.credit_cents)
            for p in prizes
        )
        found.append(FinalPayout(row.director, row.pool_cents, row.finalized_at, frozen,
                                 reopened=reopened))  # fmt: skip
    paid = session.exec(
        select(LedgerEntry)
        .where(LedgerEntry.event_id == event_id, LedgerEntry.kind == PRIZE_PAID)
        .order_by(col(LedgerEntry.id))
    ).all()
    for row in paid:
        if row.entrant_id is not None and row.at is not None:
            item = PrizePaid(numbers[row.entrant_id], row.cents, row.method, row.note, row.at)
            _place(found, item, lambda p: p.amount_cents - p.credit_cents, "paid")
    redeemed = session.exec(
        select(Entrant.number, CreditRow.cents, CreditRow.at)
        .join(Entrant, col(Entrant.id) == col(CreditRow.entrant_id))
        .where(Entrant.event_id == event_id)
        .order_by(col(CreditRow.id))
    ).all()
    for number, cents, at in redeemed:
        _place(found, CreditRedeemed(number, cents, at), lambda p: p.credit_cents, "redeemed")
    return tuple(found)


def _place(
    found: list[FinalPayout],
    item: PrizePaid | CreditRedeemed,
    part: Callable[[FrozenPrize], int],
    field: str,
) -> None:
    """Put a prize paid or a credit redeemed (``field``) with the payouts that were final
    when it was: the last of those with its prize (``part`` of it: the cash, the credit),
    else the last with its prize at all."""

    def fits(payout: FinalPayout) -> bool:
        return any(p.number == item.entrant and part(p) == item.cents for p in payout.prizes)

    def final_then(payout: FinalPayout) -> bool:
        ended = payout.reopened.at if payout.reopened is not None else None
        return payout.at <= item.at and (ended is None or item.at <= ended)

    chosen = [i for i, p in enumerate(found) if fits(p) and final_then(p)] or [
        i for i, p in enumerate(found) if fits(p)
    ]
    if chosen:
        payout = found[chosen[-1]]
        found[chosen[-1]] = replace(payout, **{field: (*getattr(payout, field), item)})


def save(session: Session, event: Event, *, actor: str) -> None:
    """Write what ``event`` carries on (its own rows are written already)."""
    for fact in event.clock:
        roundclock.add_fact(session, event.id, fact)
    for number in sorted({f.round for f in event.clock if f.kind == "start"}):
        found = seating.find_round(session, event.id, number)
        if found is not None and found.status == "pending":
            seating.set_round_status(session, found.id, "running")
    for payout in event.payouts:
        _save_payout(session, event.id, payout, actor)


def _save_payout(session: Session, event_id: str, payout: FinalPayout, actor: str) -> None:
    prizes: Sequence[FrozenPrize] = payout.prizes
    _logged(session, event_id, payout.at, actor, "payouts.finalize",
            {"director": payout.director, "pool_cents": payout.pool_cents,
             "prizes": [p.__dict__ for p in prizes]})  # fmt: skip
    payout_id = payouts.freeze(session, event_id, payout.director, payout.pool_cents, payout.at,
                               prizes)  # fmt: skip
    ids = entrant_ids(session, event_id)
    for paid in payout.paid:
        row = ledger.NewLedgerEntry(
            PRIZE_PAID, paid.cents, ids[paid.entrant], paid.method, paid.note, paid.at
        )
        ledger.add_entry(session, event_id, row)
    for credit in payout.redeemed:
        _logged(session, event_id, credit.at, actor, "payouts.redeem",
                {"number": credit.entrant, "cents": credit.cents})  # fmt: skip
        payouts.redeem(session, event_id, credit.entrant, credit.cents, credit.at)
    if payout.reopened is not None:
        gone = payout.reopened
        _logged(session, event_id, gone.at, actor, "payouts.reopen",
                {"director": gone.director, "reason": gone.reason,
                 "finalized_at": payout.at.isoformat()})  # fmt: skip
        payouts.reopen(session, payout_id, gone.director, gone.reason, gone.at)


def _logged(
    session: Session, event_id: str, at: dt.datetime, actor: str, action: str,
    details: dict[str, Any],
) -> None:  # fmt: skip
    """The audit row the database takes the next row just after (as the services write it)."""
    add_entry(session, at=at, actor=actor, action=action, event_id=event_id, details=details)
    session.flush()
