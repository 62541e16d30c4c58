"""The Money page's words: the pool's terms, team shares, undecided places, the cash box."""

from __future__ import annotations

from clubdesk.domain.money.finish import Finisher
from clubdesk.domain.money.payouts import Payouts, Pool, Undecided, hand_out
from clubdesk.services.ledger import CashBox
from clubdesk.ui.money.texts import cash_lines, pool_lines, prize_lines, status_line

POOL = Pool(
    fees_cents=36000,
    refunds_cents=3000,
    return_percent=100,
    returned_cents=33000,
    added_cents=1000,
    fines_cents=500,
    expenses_cents=0,
    pool_cents=34500,
)


def test_every_term_of_the_pool_is_listed_and_refunds_only_when_there_are_some() -> None:
    assert pool_lines(POOL) == [
        ("Entry fees received", "$360.00"),
        ("less refunds", "-$30.00"),
        ("returned to the prize fund (100%)", "$330.00"),
        ("+ added money", "$10.00"),
        ("+ fines collected", "$5.00"),
        ("- expenses taken from the pot", "$0.00"),
        ("Prize pool", "$345.00"),
    ]
    no_refunds = Pool(36000, 0, 90, 32400, 0, 0, 400, 32000)
    assert [words for words, _ in pool_lines(no_refunds)][:2] == [
        "Entry fees received",
        "returned to the prize fund (90%)",
    ]


def test_a_team_prize_lists_each_players_share() -> None:
    finish = [Finisher(1, 4, "Ann / Bob", ("Ann", "Bob")), Finisher(2, 7, "Cy / Di", ("Cy", "Di"))]
    prizes, _ = hand_out((2001, 1000), finish, team=True)
    payouts = Payouts(POOL, (2001, 1000), prizes, prizes_in="cash")
    assert prize_lines(payouts) == [
        ("1st", "4 Ann / Bob", "$20.01 cash"),
        ("", "    Ann", "$10.01"),
        ("", "    Bob", "$10.00"),
        ("2nd", "7 Cy / Di", "$10.00 cash"),
        ("", "    Cy", "$5.00"),
        ("", "    Di", "$5.00"),
    ]
    assert status_line(payouts) == "Final order. Prizes are paid in cash."


def test_a_mixed_team_prize_says_each_players_cash_and_credit() -> None:
    # 1st ($20.01) and 2nd ($10.00 store credit) shared by teams 4 and 7: team 4 gets
    # $10.01 cash + $5.00 credit; its players $7.51 ($5.01 + $2.50) and $7.50 ($5.00 + $2.50)
    finish = [Finisher(1, 7, "Cy / Di", ("Cy", "Di")), Finisher(1, 4, "Ann / Bob", ("Ann", "Bob"))]
    prizes, _ = hand_out((2001, 1000), finish, team=True, credit=[False, True])
    payouts = Payouts(POOL, (2001, 1000), prizes, prizes_in="cash")
    assert prize_lines(payouts)[:3] == [
        ("1st", "4 Ann / Bob", "$15.01 ($10.01 cash + $5.00 store credit)"),
        ("", "    Ann", "$7.51 ($5.01 cash + $2.50 store credit)"),
        ("", "    Bob", "$7.50 ($5.00 cash + $2.50 store credit)"),
    ]


def test_undecided_places_say_who_plays_for_them() -> None:
    undecided = Undecided((1, 2), (3, 9), ("Eve", "Fay"), 6000, "sudden-death")
    payouts = Payouts(
        POOL,
        (4000, 2000),
        (),
        prizes_in="store-credit",
        provisional=True,
        undecided=(undecided,),
        why="tied places wait for their tie-break",
    )
    assert prize_lines(payouts) == [
        ("1st & 2nd", "undecided (sudden-death): 3 Eve, 9 Fay", "$60.00 store credit")
    ]
    assert status_line(payouts) == (
        "PROVISIONAL (tied places wait for their tie-break). Prizes are paid in store credit."
    )


def test_the_cash_box_before_and_after_the_prizes() -> None:
    box = CashBox(cash_in_cents=30000, cash_out_cents=2000, cash_prizes_cents=25000)
    assert cash_lines(box, "cash")[-3:] == [
        ("In the box now", "$280.00"),
        ("Cash prizes listed", "-$250.00"),
        ("In the box once they are paid", "$30.00"),
    ]
    short = CashBox(cash_in_cents=10000, cash_out_cents=0, cash_prizes_cents=25000)
    assert cash_lines(short, "cash")[-1] == ("Cash short for the prizes", "-$150.00")
    assert cash_lines(box, "store-credit")[-1][0] == "Prizes are store credit: none leave the box"
