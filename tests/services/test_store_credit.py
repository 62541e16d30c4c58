"""Store-credit prizes redeemed on the tournament's day, or lapsed after it (seed 003: "All
prizes are for store credit only and must be redeemed the day of the tournament")."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import results
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.final_payouts import (
    finalize_payouts,
    mark_prize_paid,
    redeem_credit,
    reopen_payouts,
    store_credits,
)
from clubdesk.store.db import Database
from tests import builder
from tests.services.test_final_payouts import ROUNDS, play


@pytest.fixture
def credit_night(db: Database, clock) -> str:
    """A warm-up of 6 teams at $20 paid in store credit ($60, $36, $24), every round played."""
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                             settings={"prizes_in": "store-credit"})  # fmt: skip
    builder.draw(db, event_id, clock, seed=2)
    play(db, event_id, clock, range(1, ROUNDS + 1))
    return event_id


def test_a_credit_is_recorded_redeemed_once_and_never_paid_from_the_box(
    db, clock, credit_night
) -> None:
    with pytest.raises(UserError, match="once the payouts are final"):
        redeem_credit(Desk(db, credit_night, clock), 1)
    finalize_payouts(Desk(db, credit_night, clock), "Pat Lee")
    first, second, third = results.payouts(db, credit_night).prizes
    with pytest.raises(UserError, match="no cash is paid out .record the credit redeemed"):
        mark_prize_paid(Desk(db, credit_night, clock), first.number)
    today = clock.now().date()
    assert [(c.number, c.cents, c.state(today)) for c in store_credits(db, credit_night)] == [
        (first.number, 6000, "to redeem"),
        (second.number, 3600, "to redeem"),
        (third.number, 2400, "to redeem"),
    ]
    clock.advance(minutes=20)
    done = redeem_credit(Desk(db, credit_night, clock), first.number)
    assert (done.number, done.cents, done.at) == (first.number, 6000, clock.now())
    [redeemed, *others] = store_credits(db, credit_night)
    assert redeemed.redeemed_at == clock.now() and redeemed.state(today) == "redeemed"
    assert redeemed.text(today).endswith(f"$60.00 store credit, redeemed at {clock.now():%H:%M}")
    assert [c.state(today) for c in others] == ["to redeem", "to redeem"]
    entry = list_audit(db, credit_night)[-1]
    assert (entry.action, entry.details) == ("payouts.redeem", {"number": first.number,
                                                                "cents": 6000})  # fmt: skip
    with pytest.raises(UserError, match=f"entrant {first.number}'s store credit was redeemed"):
        redeem_credit(Desk(db, credit_night, clock), first.number)
    nobody = max(p.number for p in (first, second, third)) + 100
    with pytest.raises(UserError, match=f"entrant {nobody} has no store-credit prize"):
        redeem_credit(Desk(db, credit_night, clock), nobody)


def test_after_the_tournaments_day_a_credit_not_redeemed_has_lapsed(
    db, clock, credit_night
) -> None:
    finalize_payouts(Desk(db, credit_night, clock), "Pat Lee")
    first, second, _ = results.payouts(db, credit_night).prizes
    redeem_credit(Desk(db, credit_night, clock), first.number)
    day = clock.now().date()
    clock.advance(days=1)
    today = clock.now().date()
    states = [(c.number, c.state(today)) for c in store_credits(db, credit_night)]
    assert states[:2] == [(first.number, "redeemed"), (second.number, "lapsed")]
    assert (
        store_credits(db, credit_night)[1]
        .text(today)
        .endswith(f"$36.00 store credit, lapsed (not redeemed on {day.isoformat()})")
    )
    with pytest.raises(UserError) as refused:
        redeem_credit(Desk(db, credit_night, clock), second.number)
    assert str(refused.value) == (
        f"number: entrant {second.number}'s store credit has lapsed: it had to be redeemed "
        f"the day of the tournament ({day.isoformat()})"
    )


def test_a_credit_redeemed_stays_redeemed_when_the_payouts_are_reopened(
    db, clock, credit_night
) -> None:
    finalize_payouts(Desk(db, credit_night, clock), "Pat Lee")
    first = results.payouts(db, credit_night).prizes[0]
    redeem_credit(Desk(db, credit_night, clock), first.number)
    reopen_payouts(Desk(db, credit_night, clock), "Pat Lee", "a sheet was amended")
    assert store_credits(db, credit_night) == ()  # not final: no credits to redeem
    finalize_payouts(Desk(db, credit_night, clock), "Pat Lee")
    assert store_credits(db, credit_night)[0].state(clock.now().date()) == "redeemed"


def test_raw_sql_cannot_record_a_credit_redeemed(db, clock, credit_night) -> None:
    finalize_payouts(Desk(db, credit_night, clock), "Pat Lee")
    with pytest.raises(UserError, match="only through clubdesk"), db.session() as session:
        session.connection().exec_driver_sql(
            "INSERT INTO credit_redeemed (entrant_id, cents, at) "
            "SELECT id, 6000, '2024-03-09T10:00:00-07:00' FROM entrant LIMIT 1"
        )
