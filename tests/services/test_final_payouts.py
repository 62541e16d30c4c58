"""Finalizing the payouts (docs/rules.md "Money"): refused while they may change, frozen once
the director confirms, paid prize by prize, reopened only with a name and a reason."""

from __future__ import annotations

import pytest

from clubdesk.domain.money.payouts import Payouts, Pool, Undecided
from clubdesk.errors import UserError
from clubdesk.services import eventfile, ledger, results, seating, sheets
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.final_payouts import (
    check_final,
    finalize_payouts,
    mark_prize_paid,
    reopen_payouts,
)
from clubdesk.store.db import Database
from tests import builder

ROUNDS = 4  # the warm-up's rounds


def play(db: Database, event_id: str, clock, rounds: range) -> None:
    """Each round: side a scores 300 + 10 x table, side b 200 + the round's number."""
    for number in rounds:
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)


@pytest.fixture
def warmup(db: Database, clock) -> str:
    """A warm-up of 6 teams at $20 (a $120 pool: $60, $36, $24), every round played."""
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    builder.draw(db, event_id, clock, seed=2)
    play(db, event_id, clock, range(1, ROUNDS + 1))
    return event_id


def test_the_payouts_of_a_finished_night_are_frozen_as_they_stand(db, clock, warmup) -> None:
    before = results.payouts(db, warmup)
    assert not before.provisional and before.pool_cents == 12_000
    assert [p.amount_cents for p in before.prizes] == [6000, 3600, 2400]
    done = finalize_payouts(Desk(db, warmup, clock), "  Pat   Lee ")
    assert done.director == "Pat Lee" and done.pool_cents == 12_000
    assert [(p.place, p.number, p.amount_cents) for p in done.prizes] == [
        (p.place, p.number, p.amount_cents) for p in before.prizes
    ]
    after = results.payouts(db, warmup)
    assert after.final == f"finalized by Pat Lee at {clock.now():%Y-%m-%d %H:%M}"
    assert after.to_json() == {**before.to_json(), "final": True}
    assert [a.action for a in list_audit(db, warmup)][-1] == "payouts.finalize"


def test_an_amendment_after_finalizing_leaves_the_frozen_prizes(db, clock, warmup) -> None:
    finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    frozen = results.payouts(db, warmup)
    last = results.standings(db, warmup).rows[-1].number
    table = seating.seating(db, warmup, ROUNDS).table_of(last)
    score = (5000, 0) if last in table.a else (0, 5000)
    sheets.amend_sheet(
        Desk(db, warmup, clock), ROUNDS, table.table, score=score, director="Pat Lee",
        reason="misread",
    )  # fmt: skip
    assert results.standings(db, warmup).rows[0].number == last  # the standings moved...
    assert results.payouts(db, warmup).prizes == frozen.prizes  # ...the prizes did not


def test_finalizing_is_refused_while_the_payouts_may_still_change(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    with pytest.raises(UserError, match="no round has been played yet"):
        finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    builder.draw(db, event_id, clock, seed=2)
    play(db, event_id, clock, range(1, 2))
    with pytest.raises(UserError) as refused:
        finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    assert str(refused.value) == (
        "payouts: they are provisional (round 4, the last, is not finished)"
    )
    assert not results.payouts(db, event_id).final


def test_an_undecided_place_is_named_with_who_plays_for_it() -> None:
    pool = Pool(36_000, 0, 100, 36_000, 0, 0, 0, 36_000)
    tie = Undecided((1, 2), (4, 9), ("Eve", "Ivy"), 30_000, "sudden-death")
    waiting = Payouts(pool, (18_000, 12_000), (), provisional=True, undecided=(tie,))
    with pytest.raises(UserError) as refused:
        check_final(waiting)
    assert str(refused.value) == (
        "payouts: places 1 and 2 are undecided: entrants 4, 9 play the sudden death for $300.00"
    )


def test_the_directors_name_is_needed(db, clock, warmup) -> None:
    for name in ("", "   "):
        with pytest.raises(UserError, match="director: the director's name is needed"):
            finalize_payouts(Desk(db, warmup, clock), name)
    with pytest.raises(UserError, match="director: the name is longer than 80"):
        finalize_payouts(Desk(db, warmup, clock), "x" * 81)
    assert not results.payouts(db, warmup).final


def test_finalizing_twice_is_refused(db, clock, warmup) -> None:
    finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    with pytest.raises(UserError, match="they are final already .finalized by Pat Lee"):
        finalize_payouts(Desk(db, warmup, clock), "Dee Ray")


def test_money_that_would_change_the_pool_waits_for_a_reopen(db, clock, warmup) -> None:
    finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    with pytest.raises(UserError) as refused:
        ledger.add_money(Desk(db, warmup, clock), "expense", 500, note="cards")
    assert str(refused.value) == (
        "The payouts are final; money that changes the prize pool waits until the director "
        "reopens them."
    )
    assert ledger.money_sheet(db, warmup).pool.pool_cents == 12_000
    with pytest.raises(UserError, match="reason: say why the payouts are reopened"):
        reopen_payouts(Desk(db, warmup, clock), "Pat Lee", " ")
    with pytest.raises(UserError, match="director: the director's name is needed"):
        reopen_payouts(Desk(db, warmup, clock), "", "expense forgotten")
    reopen_payouts(Desk(db, warmup, clock), "Pat Lee", "expense forgotten")
    assert [a.action for a in list_audit(db, warmup)][-1] == "payouts.reopen"
    ledger.add_money(Desk(db, warmup, clock), "expense", 1000, note="cards")
    reopened = results.payouts(db, warmup)
    assert not reopened.final and reopened.pool_cents == 11_000
    assert [p.amount_cents for p in reopened.prizes] == [5500, 3300, 2200]
    # finalized again: the prizes as they now are
    again = finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    assert [p.amount_cents for p in again.prizes] == [5500, 3300, 2200]
    with pytest.raises(UserError, match="nothing to reopen"):
        reopen_payouts(Desk(db, builder.event(db, clock, "grand-prix-warmup"), clock), "Pat", "x")


def test_the_cash_box_counts_each_prize_paid(db, clock, warmup) -> None:
    # fees: 6 x $20 in cash ($120); every prize cash
    with pytest.raises(UserError, match="once the payouts are final"):
        mark_prize_paid(Desk(db, warmup, clock), 1)
    finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    box = ledger.money_sheet(db, warmup).cash
    assert (box.before_prizes_cents, box.cash_prizes_cents, box.after_prizes_cents) == (
        12_000,
        12_000,
        0,
    )
    first = results.payouts(db, warmup).prizes[0]
    paid = mark_prize_paid(Desk(db, warmup, clock), first.number)
    assert paid.cents == 6000
    sheet = ledger.money_sheet(db, warmup)
    assert (sheet.cash.before_prizes_cents, sheet.cash.after_prizes_cents) == (6000, 0)
    assert sheet.pool.pool_cents == 12_000  # a prize paid leaves the pool as it was
    assert sheet.rows[-1].kind == "prize" and sheet.rows[-1].entrant == first.number
    with pytest.raises(UserError, match=f"entrant {first.number}'s prize is paid already"):
        mark_prize_paid(Desk(db, warmup, clock), first.number)
    nobody = max(p.number for p in results.payouts(db, warmup).prizes) + 100
    with pytest.raises(UserError, match=f"entrant {nobody} has no prize"):
        mark_prize_paid(Desk(db, warmup, clock), nobody)


def test_a_store_credit_prize_is_not_paid_from_the_box(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                             settings={"prizes_in": "store-credit"})  # fmt: skip
    builder.draw(db, event_id, clock, seed=2)
    play(db, event_id, clock, range(1, ROUNDS + 1))
    finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    box = ledger.money_sheet(db, event_id).cash
    assert box.cash_prizes_cents == 0 and box.after_prizes_cents == 12_000
    first = results.payouts(db, event_id).prizes[0]
    with pytest.raises(UserError, match="prize is store credit; no cash is paid out"):
        mark_prize_paid(Desk(db, event_id, clock), first.number)


def test_an_event_file_carries_the_payouts_and_prizes_paid_and_replaces_a_final_event(
    db, clock, warmup
) -> None:
    finalize_payouts(Desk(db, warmup, clock), "Pat Lee")
    first = results.payouts(db, warmup).prizes[0]
    mark_prize_paid(Desk(db, warmup, clock), first.number)
    data = eventfile.export_event(db, warmup)
    assert all(row["kind"] != "prize" for row in data["ledger"])  # listed with the payouts
    [payout] = data["payouts"]
    assert [row["entrant"] for row in payout["paid"]] == [first.number]
    # the file read back over the event: the finalized one is kept under another id
    done = eventfile.import_event(Desk(db, None, clock), data, replace=True)
    assert done.replaced is not None
    for event_id in (warmup, done.replaced):  # the new copy goes on where the first was
        assert results.payouts(db, event_id).final == "finalized by Pat Lee at 2024-03-09 09:30"
        assert ledger.money_sheet(db, event_id).cash.prizes_paid_cents == first.amount_cents
