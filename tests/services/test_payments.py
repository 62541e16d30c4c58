"""Refunds of entry fees, where the rules allow them (RULES.md §6: bid whist gives none)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services.payments import refund
from clubdesk.services.registration import list_entrants
from clubdesk.store import Database
from clubdesk.store.models import LedgerEntry
from tests import builder


def refunds(db: Database) -> list[int]:
    with db.session() as session:
        rows = session.exec(select(LedgerEntry).where(LedgerEntry.kind == "refund")).all()
        return [row.cents for row in rows]


def test_bid_whist_refuses_a_refund_and_names_the_rule(db: Database, clock) -> None:
    event = builder.event(db, clock, "bid-whist", entrants=2, paid_cents=4000)
    with pytest.raises(UserError) as caught:
        refund(db, event, 1, 4000, "cash", clock)
    assert str(caught.value) == (
        "refund: Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"
    )
    assert caught.value.field == "refund"
    assert refunds(db) == []  # nothing written
    assert [e.paid_cents for e in list_entrants(db, event)] == [4000, 4000]


def test_a_format_that_allows_refunds_still_gives_them(db: Database, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2, paid_cents=3000)
    assert refund(db, event, 2, 3000, "cash", clock).paid_cents == 0
    assert refunds(db) == [3000]


def test_an_event_can_allow_refunds_its_format_refuses(db: Database, clock) -> None:
    # a club setting: the director may override it for one event
    event = builder.event(db, clock, "bid-whist", entrants=1, paid_cents=4000,
                          settings={"refunds": True})  # fmt: skip
    assert refund(db, event, 1, 1000, "check", clock).paid_cents == 3000
