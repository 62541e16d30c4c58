"""The meld calculator against the meld tables of docs/rules.md §1, §3 and §4."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.games.meld import (
    Meld,
    count_meld,
    count_meld_for,
    max_side_meld,
    parse_card,
    parse_trump,
)
from tests.properties import examples

GP = load_rules("grand-prix-pinochle")
NPA = load_rules("npa-club-pinochle")
SCW = load_rules("sun-city-west-pinochle")


def meld(cards: str, trump: str | None, rules=GP) -> Meld:
    return count_meld_for(cards.split(), trump, rules)


# --- runs and marriages (Type I) ------------------------------------------------------


def test_run_and_double_pinochle_in_a_double_deck() -> None:
    result = meld("AH TH KH QH JH JD JD QS QS", "H")
    assert result.items == (("run", 1, 15), ("pinochle", 2, 30))
    assert result.total == 45
    assert result.to_json() == {
        "total": 45,
        "items": [
            {"name": "run", "multiple": 1, "points": 15},
            {"name": "pinochle", "multiple": 2, "points": 30},
        ],
    }


def test_the_runs_king_and_queen_are_not_also_a_royal_marriage() -> None:
    assert meld("AH TH KH QH JH KH", "H").items == (("run", 1, 15),)
    # a second king and queen of trump make a royal marriage beside the run
    assert meld("AH TH KH QH JH KH QH", "H").items == (("run", 1, 15), ("royal marriage", 1, 4))


def test_a_run_outside_trump_is_only_a_marriage() -> None:
    assert meld("AS TS KS QS JS", "H").items == (("marriage", 1, 2),)


def test_royal_marriage_and_marriages_follow_the_table() -> None:
    assert meld("KH QH", "H").total == 4
    assert meld("KS QS", "H").total == 2
    assert meld("KS QS KS QS", "H").items == (("marriage", 2, 4),)


def test_a_king_and_two_queens_are_one_marriage() -> None:
    assert meld("KS QS QS", "H").items == (("marriage", 1, 2),)


def test_run_multiples_per_format() -> None:
    four = " ".join(["AH TH KH QH JH"] * 4)
    three = " ".join(["AH TH KH QH JH"] * 3)
    assert meld(" ".join(["AH TH KH QH JH"] * 2), "H").items == (("run", 2, 150),)
    assert meld(three, "H", GP).total == 225
    assert meld(three, "H", NPA).total == 165
    assert meld(four, "H", GP).total == 300
    assert meld(four, "H", NPA).total == 300


def test_without_trump_every_king_and_queen_is_a_plain_marriage() -> None:
    assert meld("AH TH KH QH JH", None).items == (("marriage", 1, 2),)


# --- pinochles (Type II) and arounds (Type III) --------------------------------------


def test_pinochle_multiples_per_format() -> None:
    assert meld("JD QS", "H").total == 4
    assert meld("JD QS JD QS JD QS", "H", GP).total == 90
    assert meld("JD QS JD QS JD QS JD QS", "H", GP).total == 240
    assert meld("JD QS JD QS JD QS JD QS", "H", NPA).total == 180


def test_one_card_counts_once_in_each_type() -> None:
    # the queen of spades is in a marriage, a pinochle and queens around at once
    result = meld("KS QS JD QH QD QC", "H")
    assert result.items == (("marriage", 1, 2), ("pinochle", 1, 4), ("queens around", 1, 6))
    assert result.total == 12


@pytest.mark.parametrize(
    ("rank", "values_gp", "values_npa"),
    [
        ("A", (10, 100, 150, 200), (10, 100, 110, 200)),
        ("K", (8, 80, 120, 160), (8, 80, 88, 160)),
        ("Q", (6, 60, 90, 120), (6, 60, 66, 120)),
        ("J", (4, 40, 60, 80), (4, 40, 44, 80)),
    ],
)
def test_arounds_single_to_quadruple(rank: str, values_gp: tuple, values_npa: tuple) -> None:
    one_of_each = " ".join(f"{rank}{suit}" for suit in "SHDC")
    for times in range(1, 5):
        cards = " ".join([one_of_each] * times)
        # kings and queens alone make no marriage; jacks of diamonds alone make no pinochle
        assert meld(cards, "H", GP).total == values_gp[times - 1]
        assert meld(cards, "H", NPA).total == values_npa[times - 1]


def test_a_set_of_tens_is_worth_nothing() -> None:
    assert meld("TS TH TD TC", "H").total == 0


# --- round-house and nines ------------------------------------------------------------


def test_single_deck_round_house_and_nine_of_trump() -> None:
    result = meld("KS KH KD KC QS QH QD QC 9H", "H", SCW)
    assert result.items == (("round-house", 1, 24), ("nine of trump", 1, 1))
    assert result.total == 25


def test_round_house_equals_its_marriages_and_arounds() -> None:
    cards = "KS KH KD KC QS QH QD QC"
    # Grand Prix has no round-house: the same cards count as their parts, 24 again
    assert meld(cards, "H", GP).total == 8 + 6 + 2 + 2 + 2 + 4 == 24
    assert meld(cards, "H", NPA).items == (("round-house", 1, 24),)


def test_double_round_house_npa() -> None:
    cards = "KS KH KD KC QS QH QD QC KS KH KD KC QS QH QD QC"
    assert meld(cards, "H", NPA).items == (("round-house", 2, 160),)
    # its parts: kings 80 + queens 60 + three double marriages 12 + double royal 8
    assert meld(cards, "H", GP).total == 160


def test_round_house_beside_a_run_needs_its_own_king_and_queen_of_trump() -> None:
    # the run holds the only K and Q of hearts: no round-house, marriages and arounds count
    cards = "AH TH KH QH JH KS QS KD QD KC QC"
    result = meld(cards, "H", SCW)
    assert result.total == 15 + 3 * 2 + 8 + 6
    assert ("round-house", 1, 24) not in result.items


def test_nines_of_trump_only() -> None:
    assert meld("9H 9H 9S", "H", SCW).items == (("nine of trump", 2, 2),)
    assert meld("9H 9H", None, SCW).total == 0


def test_double_run_in_a_single_deck() -> None:
    cards = "AH TH KH QH JH AH TH KH QH JH"
    assert meld(cards, "H", SCW).items == (("run", 2, 150),)


# --- cards and trump as written --------------------------------------------------------


def test_cards_may_be_written_in_lower_case_with_10_and_as_one_string() -> None:
    assert parse_card("10h") == ("T", "H")
    assert count_meld("ah 10h kh qh jh", "hearts", GP.pinochle.meld).total == 15
    assert count_meld("AH,TH,KH,QH,JH", "H", GP.pinochle.meld).total == 15
    assert parse_trump("Spades") == "S"
    assert parse_trump(None) is None


@pytest.mark.parametrize(
    ("cards", "trump", "deck", "text"),
    [
        (["XZ"], "H", "double", "'XZ' is not a card"),
        (["AS", "A"], "H", "double", "'A' is not a card"),
        (["9H"], "H", "double", "9H is not in a double deck"),
        (["AS"] * 5, "H", "double", "5 copies of AS, but a double deck has 4"),
        (["AS"] * 3, "H", "single", "3 copies of AS, but a single deck has 2"),
        ([7], "H", "double", "7 is not a card"),
        (5, "H", "double", "must be a list of cards"),
        (["AS"], "Z", "double", "trump: must be S, H, D, C"),
    ],
)
def test_bad_cards_are_named(cards: list, trump: str, deck: str, text: str) -> None:
    with pytest.raises(HandError) as caught:
        count_meld(cards, trump, GP.pinochle.meld, deck=deck)  # type: ignore[arg-type]
    assert caught.value.field in ("cards", "trump")
    assert str(caught.value).startswith(f"{caught.value.field}: ")
    assert text in str(caught.value)


def test_count_meld_for_a_format_that_is_not_pinochle() -> None:
    with pytest.raises(HandError, match="^rules: house-gin is not a pinochle format"):
        count_meld_for(["AS"], "H", load_rules("house-gin"))


# --- properties -------------------------------------------------------------------------

DOUBLE_DECK = [f"{r}{s}" for r in "ATKQJ" for s in "SHDC"] * 4
SINGLE_DECK = [f"{r}{s}" for r in "ATKQJ9" for s in "SHDC"] * 2


@st.composite
def hands(draw: st.DrawFn, deck: list[str], size: int) -> list[str]:
    return draw(st.permutations(deck))[: draw(st.integers(0, size))]


@settings(max_examples=examples(150), deadline=None)
@given(
    rules=st.sampled_from([GP, NPA]),
    cards=hands(DOUBLE_DECK, 20),
    extra=st.sampled_from(sorted(set(DOUBLE_DECK))),
    trump=st.sampled_from(["S", "H", "D", "C", None]),
)
def test_double_deck_meld_adds_up_and_never_falls_with_a_card_more(
    rules, cards, extra, trump
) -> None:
    result = meld(" ".join(cards), trump, rules)
    assert result.total == sum(item.points for item in result.items)
    assert 0 <= result.total <= max_side_meld(rules.pinochle.meld)
    if cards.count(extra) < 4:
        assert meld(" ".join([*cards, extra]), trump, rules).total >= result.total


@settings(max_examples=examples(100), deadline=None)
@given(cards=hands(SINGLE_DECK, 12), trump=st.sampled_from(["S", "H", "D", "C"]))
def test_single_deck_meld_adds_up(cards, trump) -> None:
    result = meld(" ".join(cards), trump, SCW)
    assert result.total == sum(item.points for item in result.items)
    assert 0 <= result.total <= max_side_meld(SCW.pinochle.meld)
