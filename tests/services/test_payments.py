"""Refunds of entry fees, where the rules allow them (docs/rules.md §6: bid whist gives none)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.entrants import list_entrants, registration_summary
from clubdesk.services.ledger import add_money, money_sheet
from clubdesk.services.payments import (
    Refund,
    RefundOffer,
    refund,
    refund_offer,
    refund_offers,
)
from clubdesk.services.registration import withdraw
from clubdesk.store.db import Database
from clubdesk.store.models import LedgerEntry
from tests import builder

NEVER = "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"


def refunds(db: Database) -> list[int]:
    with db.session() as session:
        rows = session.exec(select(LedgerEntry).where(LedgerEntry.kind == "refund")).all()
        return [row.cents for row in rows]


def test_bid_whist_refuses_a_refund_and_names_the_rule(db: Database, clock) -> None:
    event = builder.event(db, clock, "bid-whist", entrants=2, paid_cents=4000)
    with pytest.raises(UserError) as caught:
        refund(Desk(db, event, clock), 1, 4000, "cash")
    assert str(caught.value) == (
        "refund: Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"
    )
    assert caught.value.field == "refund"
    assert refunds(db) == []  # nothing written
    assert [e.paid_cents for e in list_entrants(db, event)] == [4000, 4000]


def test_a_format_that_allows_refunds_still_gives_them(db: Database, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2, paid_cents=3000)
    assert refund(Desk(db, event, clock), 2, 3000, "cash").paid_cents == 0
    assert refunds(db) == [3000]


def test_an_event_cannot_allow_refunds_its_format_refuses(db: Database, clock) -> None:
    # the seed's "period!!!": whether fees are refunded is the format's, not an event setting
    with pytest.raises(UserError) as caught:
        builder.event(db, clock, "bid-whist", entrants=1, settings={"refunds": True})
    assert str(caught.value) == "settings.refunds: not a setting an event can change"


def test_bid_whist_withdraws_without_a_refund_and_refuses_one_with_it(db, clock) -> None:
    event = builder.event(db, clock, "bid-whist", entrants=3, paid_cents=4000)
    assert refund_offer(db, event, 2) == RefundOffer(2, "North2 / South2", 4000, 0, NEVER)
    assert refund_offer(db, event, 2).most_cents == 0
    assert refund_offers(db, event) == []
    with pytest.raises(UserError, match="^refund: Bid Whist gives no refunds"):
        withdraw(Desk(db, event, clock), 2, "ill", with_refund=Refund(4000, "cash", "ill"))
    assert builder.entrant(db, event, 2).status == "active"  # nothing of it was written
    assert refunds(db) == []
    assert withdraw(Desk(db, event, clock), 2, "ill").status == "withdrawn"
    assert registration_summary(db, event).paid == 2
    assert money_sheet(db, event).pool.pool_cents == 12_000  # the fee stays in the pool


def test_a_refund_is_never_more_than_paid_less_what_was_refunded(db, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2, paid_cents=3000)
    refund(Desk(db, event, clock), 1, 2000, "cash", note="left at the break")
    offer = refund_offer(db, event, 1)
    assert (offer.paid_cents, offer.refunded_cents, offer.most_cents) == (3000, 2000, 1000)
    with pytest.raises(UserError) as caught:
        refund(Desk(db, event, clock), 1, 1500, "cash", note="the rest")
    assert str(caught.value) == (
        "cents: entrant 1 paid $30.00 and $20.00 of it is refunded already; "
        "a refund of $15.00 is more than the $10.00 left"
    )
    assert caught.value.field == "cents"
    assert refund(Desk(db, event, clock), 1, 1000, "cash", note="the rest").paid_cents == 0
    with pytest.raises(UserError, match="nothing is left to refund$"):
        refund(Desk(db, event, clock), 1, 1, "cash", note="a cent more")
    assert [o.number for o in refund_offers(db, event)] == [2]
    assert refunds(db) == [2000, 1000]


def test_a_refund_says_why(db, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=1, paid_cents=3000)
    with pytest.raises(UserError) as caught:
        refund(Desk(db, event, clock), 1, 3000, "cash", note="   ")
    assert (str(caught.value), caught.value.field) == ("note: say why the fee is refunded", "note")
    assert refunds(db) == []


def test_a_refund_cannot_leave_the_pool_below_nothing(db, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2, paid_cents=3000)
    add_money(Desk(db, event, clock), "expense", 5000, note="the hall")  # $60 - $50: $10 left
    with pytest.raises(UserError) as caught:
        refund(Desk(db, event, clock), 1, 3000, "cash", note="left")
    assert str(caught.value) == (
        "cents: after a refund of $30.00, the prize pool is -$20.00: expenses ($50.00) are "
        "more than the money in it"
    )
    assert refunds(db) == []
    refund(Desk(db, event, clock), 1, 1000, "cash", note="left")
    assert money_sheet(db, event).pool.pool_cents == 0


def test_a_withdrawal_with_a_refund_is_one_command_and_everything_follows(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16, paid_cents=5000)
    before = money_sheet(db, event)
    assert registration_summary(db, event).paid == 16
    gone = withdraw(
        Desk(db, event, clock),
        7,
        "went home ill",
        with_refund=Refund(5000, "cash", "went home before round 1"),
    )
    assert (gone.status, gone.paid_cents, gone.owed_cents) == ("withdrawn", 0, 0)
    assert gone.changes & Change.MONEY
    summary = registration_summary(db, event)
    assert (summary.entrants, summary.paid, summary.withdrawn) == (15, 15, 1)
    after = money_sheet(db, event)
    assert after.pool.refunds_cents == 5000
    assert after.pool.pool_cents == before.pool.pool_cents - 5000
    assert after.cash.cash_out_cents == before.cash.cash_out_cents + 5000
    assert [(r.kind, r.entrant, r.note) for r in after.rows][-1] == (
        "refund",
        7,
        "went home before round 1",
    )
    actions = [entry.action for entry in list_audit(db, event)]
    assert actions[-2:] == ["entrant.withdraw", "entrant.refund"]


def test_a_refund_refused_leaves_the_entrant_playing(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16, paid_cents=5000)
    with pytest.raises(UserError, match=r"^cents: entrant 3 has paid \$50.00; a refund of \$90"):
        withdraw(Desk(db, event, clock), 3, "", with_refund=Refund(9000, "cash", "left"))
    assert builder.entrant(db, event, 3).status == "active"
    assert refunds(db) == []
    assert [e.action for e in list_audit(db, event)][-1] != "entrant.withdraw"


def test_a_refund_to_an_entrant_still_playing_counts_alike_everywhere(db, clock) -> None:
    # the count line counts active entrants owing nothing; a refund of one still playing
    # makes it owe again, and the pool and the cash box lose the same money
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16, paid_cents=5000)
    refund(Desk(db, event, clock), 4, 1000, "cash", note="paid twice by mistake")
    summary = registration_summary(db, event)
    assert (summary.entrants, summary.paid) == (16, 15)
    assert builder.entrant(db, event, 4).owed_cents == 1000
    sheet = money_sheet(db, event)
    assert (sheet.pool.fees_cents, sheet.pool.refunds_cents) == (80_000, 1000)
    assert sheet.pool.pool_cents == 79_000
    assert sheet.cash.before_prizes_cents == 79_000
