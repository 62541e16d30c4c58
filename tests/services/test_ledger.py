"""The treasurer's money: added money and expenses, the ledger, the cash box, the preview."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.eventfile import import_event
from clubdesk.services.ledger import add_money, money_sheet, preview
from clubdesk.services.payments import record_payment, refund
from clubdesk.services.results import payouts
from clubdesk.store.db import Database
from tests import builder

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"
GP = "gp-mini-2011"


def small_gp(db: Database, clock) -> str:
    data = json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))
    import_event(Desk(db, None, clock), data)
    return GP


def test_added_money_goes_into_the_pool_with_its_row_and_audit(db: Database, clock) -> None:
    event = small_gp(db, clock)
    before = payouts(db, event).pool_cents
    done = add_money(Desk(db, event, clock), "added", 5000, note="from the club")
    assert changes_of(done) == Change.MONEY
    assert done.pool_cents == before + 5000
    sheet = money_sheet(db, event)
    assert sheet.pool.pool_cents == before + 5000
    assert sheet.pool.added_cents == 1000 + 5000  # the file's own added money, and this
    assert sheet.rows[-1].kind == "added" and sheet.rows[-1].note == "from the club"
    assert list_audit(db, event)[-1].action == "money.added"


def test_an_expense_comes_out_of_the_pool_and_the_prizes_still_add_up(db: Database, clock) -> None:
    event = small_gp(db, clock)
    before = payouts(db, event).pool_cents  # $355.25
    add_money(Desk(db, event, clock), "expense", 2525, note="cards and score pads")
    sheet = money_sheet(db, event)
    assert sheet.pool.expenses_cents == 500 + 2525  # the file's own expense, and this
    assert sheet.pool.pool_cents == before - 2525 == 33000
    assert sum(p.amount_cents for p in sheet.payouts.prizes) == 33000


def test_an_expense_larger_than_the_pool_is_refused_and_nothing_written(
    db: Database, clock
) -> None:
    event = small_gp(db, clock)
    rows = len(money_sheet(db, event).rows)
    with pytest.raises(UserError) as caught:
        add_money(Desk(db, event, clock), "expense", 35526, note="too much")
    assert caught.value.field == "cents"
    assert "$355.25" in str(caught.value)
    assert len(money_sheet(db, event).rows) == rows


@pytest.mark.parametrize(
    ("kind", "cents", "note", "field"),
    [
        ("fee", 100, "x", "kind"),
        ("added", 0, "x", "cents"),
        ("added", 12.5, "x", "cents"),
        ("added", 100, "  ", "note"),
    ],
)
def test_bad_input_names_its_field(db: Database, clock, kind, cents, note, field) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2, paid_cents=3000)
    with pytest.raises(UserError) as caught:
        add_money(Desk(db, event, clock), kind, cents, note=note)
    assert caught.value.field == field
    assert money_sheet(db, event).pool.added_cents == 0


def test_the_ledger_lists_fees_by_entrant_with_method(db: Database, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=2)
    record_payment(Desk(db, event, clock), 1, 3000, "cash")
    record_payment(Desk(db, event, clock), 2, 3000, "check")
    rows = money_sheet(db, event).rows
    assert [(r.kind, r.entrant, r.method, r.cents) for r in rows] == [
        ("fee", 1, "cash", 3000),
        ("fee", 2, "check", 3000),
    ]
    assert rows[0].name


def test_the_cash_box_counts_cash_in_and_out(db: Database, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=3)
    record_payment(Desk(db, event, clock), 1, 5000, "cash")
    record_payment(Desk(db, event, clock), 2, 5000, "check")  # not in the box
    record_payment(Desk(db, event, clock), 3, 5000, "cash")
    refund(Desk(db, event, clock), 3, 2000, "cash")
    add_money(Desk(db, event, clock), "added", 1000, note="sponsor", method="cash")
    add_money(Desk(db, event, clock), "expense", 700, note="coffee", method="cash")
    add_money(Desk(db, event, clock), "expense", 300, note="pads", method="check")
    cash = money_sheet(db, event).cash
    assert cash.cash_in_cents == 5000 + 5000 + 1000
    assert cash.cash_out_cents == 2000 + 700
    assert cash.before_prizes_cents == 8300
    assert cash.cash_prizes_cents == 0  # no round played: no prizes yet
    assert cash.after_prizes_cents == 8300


def test_store_credit_prizes_stay_out_of_the_cash_box(db: Database, clock) -> None:
    event = small_gp(db, clock)
    cash_prizes = money_sheet(db, event).cash.cash_prizes_cents
    assert cash_prizes == 35525  # the grand prix pays cash
    credit = preview(db, event, {"prizes_in": "store-credit"})
    assert credit.cash.cash_prizes_cents == 0


def test_a_preview_pays_by_the_scheme_given_and_writes_nothing(db: Database, clock) -> None:
    event = small_gp(db, clock)
    saved = money_sheet(db, event)
    scheme = [{"place": 1, "percent": 70}, {"place": 2, "percent": 30}]
    seen = preview(db, event, {"payout": scheme, "rounding_cents": 500})
    # 30% of $355.25 is $106.57, down to $5: $105; 70% ($248.67) down to $245; the $5.25
    # rounding leaves goes to 1st
    assert seen.payouts.place_prizes == (25025, 10500)
    assert saved.payouts.place_prizes != seen.payouts.place_prizes
    assert money_sheet(db, event) == saved
    assert seen.settings == saved.settings


def test_a_preview_of_percentages_not_adding_to_100_names_the_payout(db: Database, clock) -> None:
    event = small_gp(db, clock)
    with pytest.raises(UserError) as caught:
        preview(db, event, {"payout": [{"place": 1, "percent": 60}, {"place": 2, "percent": 30}]})
    assert caught.value.field == "settings.money"
    assert str(caught.value) == "settings: payout percentages add up to 90, not 100"


def test_fees_an_imported_file_gives_only_as_paid_cents_are_listed_not_in_the_box(
    db: Database, clock
) -> None:
    event = small_gp(db, clock)  # entrant 1 has its fee row, 2 to 7 only paid_cents
    sheet = money_sheet(db, event)
    fees = [(r.entrant, r.cents, r.method) for r in sheet.rows if r.kind == "fee"]
    assert fees == [(n, 5000, "not recorded") for n in range(2, 8)] + [(1, 5000, "cash")]
    assert sum(r.cents for r in sheet.rows if r.kind == "fee") == sheet.pool.fees_cents
    assert sheet.cash.cash_in_cents == 5000 + 25 + 1000  # the fee paid at the door, fine, added
    assert sheet.cash.cash_out_cents == 500
