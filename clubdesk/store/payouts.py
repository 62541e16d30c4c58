"""Finalized payouts (``payout_final``, ``final_prize``), the prizes paid (``prize``
ledger rows) and the store credits redeemed (``credit_redeemed``, one per entrant, written
just after the audit row that records it).

A payout is written once, with its prizes, just after the audit row that
records the director's confirmation (the database refuses it otherwise, and
refuses any change to a frozen prize); reopening fills in who reopened it,
when and why, after its own audit row. The rows are kept either way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from clubdesk.domain.event.carried import FrozenPrize
from clubdesk.domain.event.model import PRIZE_PAID
from clubdesk.store.entrants import entrant_ids, entrant_numbers
from clubdesk.store.models import CreditRedeemed, Entrant, FinalPrize, LedgerEntry, PayoutFinal


@dataclass(frozen=True)
class FrozenPayout:
    """The payouts as the director froze them."""

    id: int
    director: str
    pool_cents: int
    finalized_at: dt.datetime
    prizes: tuple[FrozenPrize, ...]


def open_payout(session: Session, event_id: str) -> FrozenPayout | None:
    """The event's payouts as frozen now, or None when they are not final."""
    row = session.exec(
        select(PayoutFinal).where(
            PayoutFinal.event_id == event_id, col(PayoutFinal.reopened_at).is_(None)
        )
    ).first()
    if row is None or row.id is None:
        return None
    numbers = entrant_numbers(session, event_id)
    prizes = session.exec(
        select(FinalPrize)
        .where(FinalPrize.payout_id == row.id)
        .order_by(col(FinalPrize.place), col(FinalPrize.id))
    ).all()
    return FrozenPayout(
        row.id,
        row.director,
        row.pool_cents,
        row.finalized_at,
        tuple(
            FrozenPrize(p.place, numbers[p.entrant_id], p.amount_cents, p.credit_cents)
            for p in prizes
        ),
    )


def freeze(
    session: Session,
    event_id: str,
    director: str,
    pool_cents: int,
    at: dt.datetime,
    prizes: Sequence[FrozenPrize],
) -> int:
    """Write the frozen payouts (after the caller's audit row is flushed); the payout's id."""
    payout = PayoutFinal(
        event_id=event_id, director=director, pool_cents=pool_cents, finalized_at=at
    )
    session.add(payout)
    session.flush()
    assert payout.id is not None
    ids = entrant_ids(session, event_id)
    session.add_all(
        FinalPrize(
            payout_id=payout.id,
            place=prize.place,
            entrant_id=ids[prize.number],
            amount_cents=prize.amount_cents,
            credit_cents=prize.credit_cents,
        )
        for prize in prizes
    )
    session.flush()
    return payout.id


def reopen(session: Session, payout_id: int, by: str, reason: str, at: dt.datetime) -> None:
    """Mark the payout reopened (after the caller's audit row is flushed)."""
    row = session.get(PayoutFinal, payout_id)
    assert row is not None
    row.reopened_by, row.reopen_reason, row.reopened_at = by, reason, at
    session.add(row)
    session.flush()


@dataclass(frozen=True)
class PaidPrize:
    """A prize handed over in cash (a ``prize`` ledger row)."""

    number: int
    cents: int
    note: str
    at: dt.datetime | None


def prizes_paid(session: Session, event_id: str) -> list[PaidPrize]:
    """The prizes paid in cash so far, in the order they were paid."""
    rows = session.exec(
        select(Entrant.number, LedgerEntry.cents, LedgerEntry.note, LedgerEntry.at)
        .join(Entrant, col(Entrant.id) == col(LedgerEntry.entrant_id))
        .where(LedgerEntry.event_id == event_id, LedgerEntry.kind == PRIZE_PAID)
        .order_by(col(LedgerEntry.id))
    ).all()  # the entrant's number joined in, not every entrant of the event read for it
    return [PaidPrize(number, cents, note, at) for number, cents, note, at in rows]


def credits_redeemed(session: Session, event_id: str) -> dict[int, dt.datetime]:
    """When each entrant's store credit was redeemed, by entrant number."""
    rows = session.exec(
        select(Entrant.number, CreditRedeemed.at)
        .join(Entrant, col(Entrant.id) == col(CreditRedeemed.entrant_id))
        .where(Entrant.event_id == event_id)
    ).all()
    return {number: at for number, at in rows}


def redeem(session: Session, event_id: str, number: int, cents: int, at: dt.datetime) -> None:
    """Record entrant ``number``'s store credit redeemed (after the caller's audit row)."""
    ids = entrant_ids(session, event_id)
    session.add(CreditRedeemed(entrant_id=ids[number], cents=cents, at=at))
    session.flush()
