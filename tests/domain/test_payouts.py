"""The prize pool and the prizes, in integer cents (docs/rules.md "Money")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.event.model import Event, event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.money.payouts import (
    Finisher,
    compute_payouts,
    place_prizes,
    prize_pool,
    share_prizes,
)
from clubdesk.domain.rules import Money, PayoutPlace, Rules
from clubdesk.errors import UserError
from clubdesk.printing.text import payouts_text
from tests.formats import lookup
from tests.properties import examples

DATA = Path(__file__).parent / "data"


def fixture_data() -> dict[str, Any]:
    return json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))


def load(data: dict[str, Any]) -> tuple[Event, Rules]:
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


def money(*places: tuple[str, int], rounding: int = 100) -> Money:
    return Money(
        entry_fee_cents=0,
        rounding_cents=rounding,
        payout=tuple(
            PayoutPlace(place=i, **{kind: value}) for i, (kind, value) in enumerate(places, 1)
        ),
    )


FIFTY_THIRTY_TWENTY = money(("percent", 50), ("percent", 30), ("percent", 20))


# --- the pool -----------------------------------------------------------------------------


def test_the_pool_is_fees_returned_plus_added_plus_fines_less_expenses() -> None:
    event, rules = load(fixture_data())
    pool = prize_pool(event, rules)
    # 7 x $50 (team 1's fee row is the same money as its paid_cents), $10 added,
    # a 25-cent fine, $5 of trophies
    assert pool.fees_cents == 35_000
    assert (pool.added_cents, pool.fines_cents, pool.expenses_cents) == (1000, 25, 500)
    assert pool.pool_cents == 35_525


def test_refunds_reduce_the_fees_and_the_return_percent_rounds_down() -> None:
    data = fixture_data()
    data["settings"].update(return_percent=85, added_cents=2000)
    data["entrants"][4]["status"] = "withdrawn"
    data["ledger"].append({"kind": "refund", "cents": 5000, "entrant": 5, "note": "left early"})
    data["ledger"].append({"kind": "fee", "cents": 1, "entrant": None, "note": "odd cent"})
    event, rules = load(data)
    pool = prize_pool(event, rules)
    # fees 35,001 - refund 5,000 = 30,001 x 85% = 25,500.85 -> 25,500
    assert (pool.fees_cents, pool.refunds_cents, pool.returned_cents) == (35_001, 5000, 25_500)
    assert pool.added_cents == 2000 + 1000  # the setting and the ledger's added row
    assert pool.pool_cents == 25_500 + 3000 + 25 - 500


def test_a_removed_entrants_fee_stays_in_the_pool_and_it_wins_nothing() -> None:
    data = fixture_data()
    data["entrants"][2]["status"] = "removed"  # team 3 would have won
    event, rules = load(data)
    payouts = compute_payouts(event, rules)
    assert payouts.pool_cents == 35_525
    assert 3 not in [prize.number for prize in payouts.prizes]
    assert payouts.prizes[0].number == 6


def test_expenses_larger_than_the_pot_are_refused() -> None:
    data = fixture_data()
    data["ledger"].append({"kind": "expense", "cents": 40_000, "note": "hall rent"})
    event, rules = load(data)
    with pytest.raises(UserError, match=r"the prize pool is -\$44.75: expenses \(\$405.00\)"):
        prize_pool(event, rules)


# --- the scheme ---------------------------------------------------------------------------


def test_percent_prizes_round_down_to_the_dollar_and_1st_gets_the_rest() -> None:
    # 50% of $355.25 = 177.625 -> 177; 30% -> 106; 20% = 71.05 -> 71; 1st + $1.25
    assert place_prizes(35_525, FIFTY_THIRTY_TWENTY) == (17_825, 10_600, 7100)
    assert place_prizes(35_525, money(("percent", 50), ("percent", 50), rounding=1)) == (
        17_763,
        17_762,
    )


def test_the_gin_prizes_pay_3rd_and_4th_first_and_split_the_rest_60_40() -> None:
    gin = lookup("house-gin").money
    assert place_prizes(16 * 3000, gin) == (25_200, 16_800, 3500, 2500)
    # $450.50: $390.50 left: 60% = 234.30 -> 234; 40% = 156.20 -> 156; 1st + $0.50
    assert place_prizes(45_050, gin) == (23_450, 15_600, 3500, 2500)


def test_a_gin_place_nobody_finishes_in_is_not_allocated() -> None:
    """Seed 003: "The percentages for 1st and 2nd place are for the remainder of the prize
    pot after the 3rd and 4th place prizes are allocated." With three players there is no
    4th place: the $90 pot less 3rd's $35 leaves $55, split 60/40 ($33, $22). With two
    there is no 3rd or 4th: nothing fixed is allocated and the whole pot is split 60/40,
    rounded down to the dollar with what is left to 1st."""
    gin = lookup("house-gin").money
    assert place_prizes(9000, gin, 3) == (3300, 2200, 3500)
    assert place_prizes(6000, gin, 2) == (3600, 2400)
    # $67: 60% = 40.20 -> 40; 40% = 26.80 -> 26; the $1 left to 1st
    assert place_prizes(6700, gin, 2) == (4100, 2600)
    assert place_prizes(3000, gin, 1) == (3000,)  # one player: the pot, not $60 short
    assert place_prizes(9000, gin, 12) == place_prizes(9000, gin) == (1800, 1200, 3500, 2500)


@pytest.mark.parametrize(
    ("file", "prizes"),
    [
        ("event_gin_three_players.json", [(1, 1, 3300), (2, 3, 2200), (3, 2, 3500)]),
        ("event_gin_two_players.json", [(1, 1, 3600), (2, 2, 2400)]),
    ],
)
def test_a_gin_night_of_three_or_two_pays_the_places_it_has(
    file: str, prizes: list[tuple[int, int, int]]
) -> None:
    """Seed 003: "the remainder of the prize pot after the 3rd and 4th place prizes are
    allocated": $90 from three players pays 3rd $35, then $33 and $22; $60 from two pays
    $36 and $24. Every prize is store credit and they add up to the pot."""
    event, rules = load(json.loads((DATA / file).read_text(encoding="utf-8")))
    payouts = compute_payouts(event, rules)
    assert not payouts.provisional
    assert [(p.place, p.number, p.amount_cents) for p in payouts.prizes] == prizes
    assert all(p.credit_cents == p.amount_cents for p in payouts.prizes)
    assert sum(p.amount_cents for p in payouts.prizes) == payouts.pool_cents


def test_a_pool_too_small_for_the_fixed_prizes_is_explained() -> None:
    gin = lookup("house-gin").money
    with pytest.raises(UserError) as caught:
        place_prizes(5000, gin)
    assert str(caught.value) == (
        "the prize pool ($50.00) cannot cover the fixed prizes ($60.00): $10.00 short"
    )


# --- who wins what ------------------------------------------------------------------------


def test_the_small_grand_prix_pays_the_top_three_and_splits_each_team_prize() -> None:
    event, rules = load(fixture_data())
    payouts = compute_payouts(event, rules)
    assert payouts.to_json() == {
        "pool_cents": 35_525,
        "places": [
            {"place": 1, "number": 3, "name": "Ortiz / Ng", "amount_cents": 17_825},
            {"place": 2, "number": 6, "name": "Diaz / Fox", "amount_cents": 10_600},
            {"place": 3, "number": 2, "name": "Lee / Park", "amount_cents": 7100},
        ],
        "players": [
            {"place": 1, "number": 3, "name": "Ed Ortiz", "amount_cents": 8913, "credit_cents": 0},
            {"place": 1, "number": 3, "name": "Flo Ng", "amount_cents": 8912, "credit_cents": 0},
            {"place": 2, "number": 6, "name": "Kai Diaz", "amount_cents": 5300, "credit_cents": 0},
            {"place": 2, "number": 6, "name": "Lou Fox", "amount_cents": 5300, "credit_cents": 0},
            {"place": 3, "number": 2, "name": "Cy Lee", "amount_cents": 3550, "credit_cents": 0},
            {"place": 3, "number": 2, "name": "Di Park", "amount_cents": 3550, "credit_cents": 0},
        ],
        "provisional": True,  # 3 of the Grand Prix's 11 rounds are played
        "undecided": [],
        "final": False,
    }


def test_tied_entrants_share_the_places_they_cover_the_odd_cents_to_the_lowest_number() -> None:
    finish = [Finisher(1, 4, "D"), Finisher(2, 9, "I"), Finisher(2, 3, "C"), Finisher(4, 1, "A")]
    prizes = share_prizes((1000, 601, 300), finish, team=False)
    # 2nd and 3rd: 601 + 300 = 901 -> 451 to number 3, 450 to number 9; 4th wins nothing
    assert [(p.place, p.number, p.amount_cents) for p in prizes] == [
        (1, 4, 1000),
        (2, 3, 451),
        (2, 9, 450),
    ]
    three_way = [Finisher(1, 8, "H"), Finisher(1, 2, "B"), Finisher(1, 5, "E")]
    prizes = share_prizes((1000, 500, 200), three_way, team=False)
    assert [(p.number, p.amount_cents) for p in prizes] == [(2, 568), (5, 566), (8, 566)]


def test_a_tie_for_the_last_paid_place_shares_that_prize_only() -> None:
    finish = [Finisher(1, 1, "A"), Finisher(2, 2, "B"), Finisher(3, 3, "C"), Finisher(3, 4, "D")]
    prizes = share_prizes((5000, 3000, 2001), finish, team=False)
    assert [(p.number, p.amount_cents) for p in prizes] == [(1, 5000), (2, 3000), (3, 1001),
                                                            (4, 1000)]  # fmt: skip


def test_places_nobody_finished_in_go_to_first() -> None:
    prizes = share_prizes(
        (5000, 3000, 2000), [Finisher(1, 7, "G"), Finisher(2, 2, "B")], team=False
    )
    assert [(p.number, p.amount_cents) for p in prizes] == [(7, 7000), (2, 3000)]


def test_a_team_prize_splits_in_two_with_the_odd_cent_to_the_first_listed_player() -> None:
    [prize] = share_prizes(
        (1001,), [Finisher(1, 5, "Lee / Park", ("Cy Lee", "Di Park"))], team=True
    )
    assert [(s.player, s.amount_cents) for s in prize.players] == [
        ("Cy Lee", 501),
        ("Di Park", 500),
    ]
    [solo] = share_prizes((1001,), [Finisher(1, 5, "Cy Lee", ("Cy Lee",))], team=False)
    assert [(s.player, s.amount_cents) for s in solo.players] == [("Cy Lee", 1001)]


def test_a_playoff_finish_can_be_paid_instead_of_the_standings() -> None:
    event, rules = load(fixture_data())
    finish = [Finisher(1, 5, "Kim / Roy", ("Ida Kim", "Jo Roy")), Finisher(2, 1, "Smith / Jones")]
    payouts = compute_payouts(event, rules, finish)
    assert [(p.number, p.amount_cents) for p in payouts.prizes] == [(5, 17_825 + 7100), (1, 10_600)]


def test_the_text_shows_the_pool_and_each_prize() -> None:
    event, rules = load(fixture_data())
    text = payouts_text(compute_payouts(event, rules), "Grand Prix 2011")
    assert "Prize pool                 $355.25" in text
    assert "Expenses                    -$5.00" in text
    assert "  1.     3  Ortiz / Ng" in text and "$178.25" in text
    assert "Ed Ortiz" in text and "$89.13" in text


# --- always the whole pool ----------------------------------------------------------------


@st.composite
def schemes(draw: st.DrawFn) -> Money:
    places = draw(st.integers(1, 6))
    fixed = draw(st.lists(st.integers(1, 20_000), max_size=places - 1))
    percent_places = places - len(fixed)
    cuts = sorted(draw(st.lists(st.integers(1, 99), min_size=percent_places - 1,
                                max_size=percent_places - 1, unique=True)))  # fmt: skip
    percents = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    kinds = [("percent", p) for p in percents] + [("fixed_cents", f) for f in fixed]
    kinds = draw(st.permutations(kinds))
    return money(*kinds, rounding=draw(st.sampled_from([1, 5, 25, 100, 500])))


@settings(max_examples=examples(100), deadline=None)
@given(schemes(), st.integers(0, 2_000_000), st.lists(st.integers(1, 4), min_size=1, max_size=12))
def test_the_prizes_always_add_up_to_the_pool(
    scheme: Money, pool: int, tie_sizes: list[int]
) -> None:
    fixed = sum(p.fixed_cents or 0 for p in scheme.payout)
    if pool < fixed:
        with pytest.raises(UserError):
            place_prizes(pool, scheme)
        return
    prizes = place_prizes(pool, scheme)
    assert sum(prizes) == pool and all(p >= 0 for p in prizes)
    finish, number, place = [], 1, 1
    for size in tie_sizes:
        finish += [Finisher(place, number + i, f"E{number + i}", ("x", "y")) for i in range(size)]
        number, place = number + size, place + size
    handed = share_prizes(prizes, finish, team=True)
    assert sum(p.amount_cents for p in handed) == pool
    for prize in handed:
        assert sum(s.amount_cents for s in prize.players) == prize.amount_cents
