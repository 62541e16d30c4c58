"""Each prize is cash or store credit: the scheme's place says which, else the money section
(house gin: "All prizes are for store credit only and must be redeemed the day of the
tournament")."""

from __future__ import annotations

import pytest

from clubdesk.domain.money.finish import Finisher
from clubdesk.domain.money.payouts import Payouts, Pool, hand_out, paid_in, place_prizes
from clubdesk.domain.rules import Money
from clubdesk.errors import UserError
from clubdesk.printing.text import payouts_text
from tests.formats import lookup


def _money(*places: dict, prizes_in: str = "cash") -> Money:
    return Money(entry_fee_cents=1000, prizes_in=prizes_in, payout=places)


def test_a_place_says_its_own_kind_else_the_money_sections() -> None:
    money = _money(
        {"place": 1, "percent": 100},
        {"place": 2, "fixed_cents": 500, "paid_in": "store-credit"},
        {"place": 3, "fixed_cents": 300, "paid_in": "cash"},
        prizes_in="store-credit",
    )
    kinds = [paid_in(money, place) for place in (1, 2, 3)]
    assert kinds == ["store-credit", "store-credit", "cash"]
    assert paid_in(_money({"place": 1, "percent": 100}), 1) == "cash"


def test_a_kind_other_than_cash_or_store_credit_is_refused() -> None:
    with pytest.raises(ValueError, match="paid_in"):
        _money({"place": 1, "percent": 100, "paid_in": "voucher"})


def test_house_gin_pays_every_prize_in_store_credit() -> None:
    # the seed's split with 12 players at $30: $360, 3rd $35, 4th $25, the $300 left 60/40
    gin = lookup("house-gin").money
    prizes = place_prizes(12 * 3000, gin)
    assert prizes == (18_000, 12_000, 3500, 2500)
    finish = [Finisher(place, 10 + place, f"P{place}") for place in range(1, 13)]
    credit = [paid_in(gin, place) == "store-credit" for place in (1, 2, 3, 4)]
    handed, _ = hand_out(prizes, finish, team=False, credit=credit)
    assert [(p.amount_cents, p.credit_cents, p.cash_cents) for p in handed] == [
        (18_000, 18_000, 0),
        (12_000, 12_000, 0),
        (3500, 3500, 0),
        (2500, 2500, 0),
    ]


def test_a_tie_across_a_cash_place_and_a_credit_place_shares_each_kind_on_its_own() -> None:
    # 2nd ($6.01 store credit) and 3rd ($3.00 cash) shared by numbers 3 and 9:
    # credit 601 -> 301 to number 3, 300 to number 9; cash 300 -> 150 each
    finish = [Finisher(1, 4, "D"), Finisher(2, 9, "I"), Finisher(2, 3, "C"), Finisher(4, 1, "A")]
    handed, _ = hand_out((1000, 601, 300), finish, team=False, credit=[False, True, False])
    assert [(p.number, p.amount_cents, p.credit_cents) for p in handed] == [
        (4, 1000, 0),
        (3, 451, 301),
        (9, 450, 300),
    ]
    assert sum(p.amount_cents for p in handed) == 1901


def test_a_place_nobody_finishes_in_goes_to_first_in_its_own_kind() -> None:
    finish = [Finisher(1, 2, "B"), Finisher(2, 5, "E")]
    handed, _ = hand_out((1000, 600, 300), finish, team=False, credit=[False, False, True])
    assert [(p.number, p.amount_cents, p.credit_cents) for p in handed] == [
        (2, 1300, 300),
        (5, 600, 0),
    ]


def test_an_event_setting_can_give_a_place_its_kind() -> None:
    rules = lookup("grand-prix-pinochle")
    changed = rules.with_settings(
        {"payout": [{"place": 1, "percent": 100, "paid_in": "store-credit"}]}
    )
    assert paid_in(changed.money, 1) == "store-credit"
    with pytest.raises(UserError, match="paid_in"):
        rules.with_settings({"payout": [{"place": 1, "percent": 100, "paid_in": "gold"}]})


def test_the_treasurers_text_says_a_prize_paid_otherwise() -> None:
    pool = Pool(1901, 0, 100, 1901, 0, 0, 0, 1901)
    finish = [Finisher(1, 4, "D"), Finisher(2, 9, "I"), Finisher(2, 3, "C"), Finisher(4, 1, "A")]
    handed, _ = hand_out((1000, 601, 300), finish, team=False, credit=[False, True, False])
    lines = payouts_text(Payouts(pool, (1000, 601, 300), handed)).splitlines()
    prizes = [line.split(None, 2)[2] for line in lines if line.strip()[:2] in ("1.", "2.")]
    assert [" ".join(line.split()) for line in prizes] == [
        "D $10.00",
        "C $4.51 ($1.50 cash + $3.01 store credit)",
        "I $4.50 ($1.50 cash + $3.00 store credit)",
    ]


def test_a_team_prize_splits_its_cash_and_its_credit_between_the_players() -> None:
    # teams 4 and 9 share 2nd ($6.01 store credit) and 3rd ($3.01 cash):
    # team 4 (the lower number) gets credit 301 + cash 151 = 452, team 9 credit 300 + cash 150;
    # team 4's two players: 226 each, of it credit 151 and 150 (the odd cent to the first)
    finish = [
        Finisher(1, 2, "A / B", ("Al", "Bea")),
        Finisher(2, 9, "I / J", ("Ivo", "Jo")),
        Finisher(2, 4, "D / E", ("Dee", "Eli")),
    ]
    handed, _ = hand_out((1000, 601, 301), finish, team=True, credit=[False, True, False])
    shares = [
        (s.player, s.amount_cents, s.credit_cents, s.cash_cents) for p in handed for s in p.players
    ]
    assert shares == [
        ("Al", 500, 0, 500),
        ("Bea", 500, 0, 500),
        ("Dee", 226, 151, 75),
        ("Eli", 226, 150, 76),
        ("Ivo", 225, 150, 75),
        ("Jo", 225, 150, 75),
    ]
    for prize in handed:  # each share adds up to the prize, in each kind
        assert sum(s.amount_cents for s in prize.players) == prize.amount_cents
        assert sum(s.credit_cents for s in prize.players) == prize.credit_cents
    text = payouts_text(Payouts(Pool(1902, 0, 100, 1902, 0, 0, 0, 1902), (1000, 601, 301), handed))
    said = [" ".join(line.split()) for line in text.splitlines()]
    assert "Dee $2.26 ($0.75 cash + $1.51 store credit)" in said
    assert "Al $5.00" in said  # a share all in the money section's kind says no more


def test_a_team_prize_all_in_store_credit_is_credit_for_each_player() -> None:
    gin = Money(
        entry_fee_cents=1000, prizes_in="store-credit", payout=[{"place": 1, "percent": 100}]
    )
    finish = [Finisher(1, 3, "C / D", ("Cy", "Di"))]
    handed, _ = hand_out((1001,), finish, team=True, credit=[paid_in(gin, 1) == "store-credit"])
    (prize,) = handed
    assert [(s.amount_cents, s.credit_cents) for s in prize.players] == [(501, 501), (500, 500)]
