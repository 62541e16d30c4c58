"""Bid whist (docs/rules.md §6): bids, hand scoring, validation, a round with its tiebreak."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games import another_hand_follows, score_game, whist
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from tests.properties import examples

RULES = load_rules("bid-whist")


def with_whist(**changes: object) -> Rules:
    assert RULES.whist is not None
    return RULES.model_copy(update={"whist": RULES.whist.model_copy(update=changes)})


def with_hands(max_hands: int) -> Rules:
    return RULES.model_copy(
        update={"game_end": RULES.game_end.model_copy(update={"max_hands": max_hands})}
    )


def hand(bidder: str, bid: int, kind: str, bidder_books: int | None, infraction=None) -> dict:
    books = None
    if bidder_books is not None:
        books = {bidder: bidder_books, "B" if bidder == "A" else "A": 13 - bidder_books}
    return {"bidder": bidder, "bid": bid, "kind": kind, "books": books, "infraction": infraction}


def score(data: dict, rules: Rules = RULES) -> tuple[int, int, str]:
    result = whist.score_hand(whist.parse_hand(data, rules), rules)
    return result.A, result.B, result.outcome


# --- hand scoring ---------------------------------------------------------------------------


def test_made_bid_scores_the_books_over_six():
    assert score(hand("B", 4, "cards", 10)) == (0, 4, "made")  # a bid of 4 needs 10 books
    assert score(hand("A", 4, "special", 12)) == (6, 0, "made")
    assert score(hand("A", 7, "no", 13)) == (7, 0, "made")


def test_set_gives_the_other_side_the_bid_and_the_bidder_nothing():
    # docs/cli.md's example: B bid 5 NO (needs 11) and took 9
    assert score(
        {"bidder": "B", "bid": 5, "kind": "no", "books": {"A": 4, "B": 9}, "infraction": None}
    ) == (5, 0, "set")
    assert score(hand("A", 6, "cards", 11)) == (0, 6, "set")


def test_the_non_bidding_side_never_scores_its_own_books():
    # B bid 4 and took 5; A took 8 books but scores only the bid, not 8 or 8 - 6
    assert score(hand("B", 4, "cards", 5)) == (4, 0, "set")
    # B made its bid; A's 3 books score nothing
    assert score(hand("B", 4, "cards", 10)) == (0, 4, "made")


def test_no_trump_multiplier_multiplies_both_made_and_set_for_no_bids_only():
    doubled = with_whist(no_trump_multiplier=2)
    assert score(hand("A", 5, "no", 12), doubled) == (12, 0, "made")
    assert score(hand("A", 5, "no", 9), doubled) == (0, 10, "set")
    assert score(hand("A", 5, "no", None, infraction="A"), doubled) == (0, 10, "infraction")
    assert score(hand("A", 5, "cards", 12), doubled) == (6, 0, "made")
    assert score(hand("A", 5, "special", 9), doubled) == (0, 5, "set")
    assert score(hand("A", 5, "no", 12)) == (6, 0, "made")  # the club's default is 1


def test_infraction_gives_the_other_side_the_points_of_the_bid():
    # by the bidding side, with the hand stopped early (books absent)
    assert score(hand("A", 6, "cards", None, infraction="A")) == (0, 6, "infraction")
    # by the defenders: the bidder scores the bid, whatever the books so far
    partial = {
        "bidder": "A",
        "bid": 5,
        "kind": "special",
        "books": {"A": 2, "B": 4},
        "infraction": "B",
    }
    assert score(partial) == (5, 0, "infraction")
    # even when the books were all played and the bidder would have been set
    assert score(hand("A", 5, "cards", 8, infraction="B")) == (5, 0, "infraction")


def test_book_base_comes_from_the_rules_file():
    rules = with_whist(book_base=5)
    assert score(hand("A", 4, "cards", 9), rules) == (4, 0, "made")
    assert score(hand("A", 4, "cards", 9)) == (0, 4, "set")


def test_score_hand_accepts_the_hand_as_json():
    assert whist.score_hand(hand("B", 4, "cards", 10), RULES).to_json() == {
        "A": 0,
        "B": 4,
        "outcome": "made",
        "need": 10,
        "bidder": "B",
        "bid": 4,
        "kind": "cards",
        "set": False,
    }


def test_the_result_says_whether_the_bidder_was_set_and_who_lost_a_hand():
    set_hand = whist.score_hand(hand("B", 5, "no", 9), RULES).detail
    assert (set_hand["set"], "infraction" in set_hand) == (True, False)
    lost = whist.score_hand(hand("A", 5, "cards", None, infraction="A"), RULES).detail
    assert (lost["set"], lost["infraction"]) == (False, "A")


# --- validation -----------------------------------------------------------------------------


def test_parse_hand_returns_the_hand():
    assert whist.parse_hand(hand("B", 5, "NO", 9), RULES) == whist.WhistHand(
        "B", 5, "no", {"B": 9, "A": 4}, None
    )


def test_books_must_add_up_to_thirteen():
    data = {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 4, "B": 8}, "infraction": None}
    with pytest.raises(HandError) as caught:
        whist.parse_hand(data, RULES)
    assert str(caught.value) == (
        "books: 4 + 8 = 12, but a hand has 13 books (the kitty is the bidder's book)"
    )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (hand("C", 4, "cards", 10), "bidder"),
        (hand("A", 3, "cards", 10), "bid"),
        (hand("A", 8, "cards", 13), "bid"),
        (hand("A", "5", "cards", 10), "bid"),
        (hand("A", 5, "hearts", 10), "kind"),
        (hand("A", 5, None, 10), "kind"),
        (hand("A", 5, "cards", 10, infraction="N"), "infraction"),
        (hand("A", 5, "cards", None), "books"),
        (hand("A", 5, "cards", 10) | {"books": {"A": 10}}, "books"),
        (hand("A", 5, "cards", 10) | {"books": {"A": 14, "B": -1}}, "books.A"),
        (hand("A", 5, "cards", 10) | {"books": {"A": 10, "B": 4}}, "books"),
        (hand("A", 5, "cards", 10, infraction="A") | {"books": {"A": 10, "B": 4}}, "books"),
        (hand("A", 5, "cards", 0), "books.A"),
        ("5 no", "hand"),
    ],
)
def test_invalid_hands_name_the_field(data, field):
    with pytest.raises(HandError) as caught:
        whist.parse_hand(data, RULES)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")


def test_the_bidding_side_always_has_the_kitty():
    with pytest.raises(HandError, match=r"^books\.B: 0, but the bidding side always has the kitty"):
        whist.parse_hand(hand("B", 4, "cards", 0), RULES)


def test_bid_range_and_kinds_come_from_the_rules_file():
    with pytest.raises(HandError, match=r"^bid: must be at most 6, not 7$"):
        whist.parse_hand(hand("A", 7, "cards", 13), with_whist(max_bid=6))
    with pytest.raises(HandError, match=r'^kind: must be one of "cards", "no", not \'special\'$'):
        whist.parse_hand(hand("A", 4, "special", 10), with_whist(kinds=("cards", "no")))


# --- bidding --------------------------------------------------------------------------------


def test_special_does_not_outrank_cards_at_one_number_and_no_outranks_both():
    assert not whist.outranks((4, "special"), (4, "cards"))
    assert not whist.outranks((4, "cards"), (4, "special"))
    assert whist.outranks((4, "no"), (4, "cards"))
    assert whist.outranks((4, "no"), (4, "special"))
    assert not whist.outranks((4, "no"), (4, "no"))
    assert whist.outranks((5, "cards"), (4, "no"))
    assert not whist.outranks((4, "no"), (5, "cards"))
    assert whist.bid_rank(5, "special") == whist.bid_rank(5, "cards") < whist.bid_rank(5, "no")


def test_bid_rank_refuses_an_unknown_kind():
    with pytest.raises(HandError, match="^kind: "):
        whist.bid_rank(5, "hearts")


def test_seed_example_improper_bid_goes_to_the_next_number_in_its_kind():
    # the seed: "If a 5 NO is on the table and a player bids a 5 SPECIAL,
    # that player must bid 6 SPECIAL"
    assert whist.improper_bid_correction(5, "special", (5, "no"), RULES) == (6, "special")


def test_improper_bid_correction_finds_the_lowest_bid_of_that_kind_that_outranks():
    assert whist.improper_bid_correction(5, "cards", (5, "special"), RULES) == (6, "cards")
    assert whist.improper_bid_correction(4, "no", (5, "no"), RULES) == (6, "no")
    assert whist.improper_bid_correction(4, "special", (6, "cards"), RULES) == (7, "special")
    # a proper bid stands as it is
    assert whist.improper_bid_correction(5, "no", (5, "cards"), RULES) == (5, "no")
    assert whist.improper_bid_correction(6, "cards", (5, "no"), RULES) == (6, "cards")


def test_improper_bid_past_the_highest_bid_is_an_error():
    with pytest.raises(HandError) as caught:
        whist.improper_bid_correction(7, "special", (7, "cards"), RULES)
    assert caught.value.field == "bid"
    assert "no higher SPECIAL bid (bids go up to 7)" in str(caught.value)
    with pytest.raises(HandError, match="bids go up to 6"):
        whist.improper_bid_correction(5, "cards", (6, "cards"), with_whist(max_bid=6))


def test_improper_bid_correction_checks_the_bid():
    with pytest.raises(HandError, match="^bid: must be at least 4"):
        whist.improper_bid_correction(3, "cards", (4, "cards"), RULES)
    with pytest.raises(HandError, match="^kind: "):
        whist.improper_bid_correction(5, "up", (4, "cards"), RULES)


# --- a round --------------------------------------------------------------------------------

A_MAKES_5 = hand("A", 5, "cards", 11)  # A +5
B_MAKES_4 = hand("B", 4, "special", 10)  # B +4
B_MAKES_5 = hand("B", 5, "no", 11)  # B +5
A_SET_6 = hand("A", 6, "cards", 9)  # B +6


def test_the_side_with_more_points_after_four_hands_wins():
    result = whist.score_game([A_MAKES_5, B_MAKES_4, A_MAKES_5, A_SET_6], RULES)
    assert [(h.A, h.B) for h in result.hands] == [(5, 0), (0, 4), (5, 0), (0, 6)]
    assert result.totals[-1] == result.total == {"A": 10, "B": 10}
    assert "winner" not in result.extra
    result = whist.score_game([A_MAKES_5, B_MAKES_4, A_MAKES_5, B_MAKES_4], RULES)
    assert result.total == {"A": 10, "B": 8}
    assert result.ended_by == "hands"
    assert result.extra["winner"] == "A"
    assert result.to_json()["winner"] == "A"


def test_a_round_in_progress_has_no_winner_and_has_not_ended():
    result = whist.score_game([A_MAKES_5, A_MAKES_5, A_MAKES_5], RULES)
    assert result.total == {"A": 15, "B": 0}
    assert result.ended_by is None
    assert "winner" not in result.extra


def test_a_tie_after_four_hands_is_decided_by_a_fifth_hand_whose_points_are_not_added():
    """Seed 004: "In the event of a tie, a fifth hand shall be played to determine a winner
    for the round": level after four hands the game may go on (``ended_by`` None)."""
    tied = [A_MAKES_5, B_MAKES_5, A_MAKES_5, B_MAKES_5]
    result = whist.score_game(tied, RULES)
    assert result.total == {"A": 10, "B": 10}
    assert result.ended_by is None
    assert "winner" not in result.extra
    result = whist.score_game([*tied, B_MAKES_4], RULES)
    assert result.extra["winner"] == "B"
    assert result.total == {"A": 10, "B": 10}
    assert result.totals[-1] == {"A": 10, "B": 10}
    assert (result.hands[-1].B, result.hands[-1].detail["tiebreak"]) == (4, True)
    assert result.ended_by == "hands"


def test_a_fifth_hand_without_a_tie_is_an_error():
    with pytest.raises(HandError) as caught:
        whist.score_game([A_MAKES_5, B_MAKES_4, A_MAKES_5, B_MAKES_4, A_MAKES_5], RULES)
    assert str(caught.value).startswith("hand 5: hands: the round was over after 4 hands")
    assert "(A 10, B 8)" in str(caught.value)


def test_a_sixth_hand_is_an_error():
    tied = [A_MAKES_5, B_MAKES_5, A_MAKES_5, B_MAKES_5]
    with pytest.raises(HandError, match=r"^hand 6: hands: the round was decided by its tiebreak"):
        whist.score_game([*tied, A_MAKES_5, A_MAKES_5], RULES)


def test_without_a_tiebreak_hand_a_tie_stands_and_a_fifth_hand_is_an_error():
    rules = with_whist(tiebreak_hand=False)
    tied = [A_MAKES_5, B_MAKES_5, A_MAKES_5, B_MAKES_5]
    result = whist.score_game(tied, rules)
    assert result.ended_by == "hands" and "winner" not in result.extra
    with pytest.raises(HandError, match=r"^hand 5: hands: .*plays no tiebreak hand"):
        whist.score_game([*tied, A_MAKES_5], rules)


def test_hands_per_round_come_from_the_rules_file():
    result = whist.score_game([A_MAKES_5, B_MAKES_4], with_hands(2))
    assert result.ended_by == "hands" and result.extra["winner"] == "A"


def test_an_invalid_hand_in_a_round_names_its_number():
    with pytest.raises(HandError, match=r"^hand 2: bid: must be at least 4, not 3$"):
        whist.score_game([A_MAKES_5, hand("A", 3, "cards", 10)], RULES)


def test_whist_functions_refuse_rules_of_another_game():
    with pytest.raises(UserError, match="not a bid whist format"):
        whist.score_game([], load_rules("house-gin"))


# --- properties -----------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> dict:
    bidder = draw(st.sampled_from(["A", "B"]))
    data = hand(
        bidder,
        draw(st.integers(4, 7)),
        draw(st.sampled_from(["cards", "special", "no"])),
        draw(st.integers(1, 13)),
    )
    if draw(st.integers(0, 5)) == 0:
        data["infraction"] = draw(st.sampled_from(["A", "B"]))
        data["books"] = None
    return data


@settings(max_examples=examples(100), deadline=None)
@given(hands(), st.integers(1, 3))
def test_exactly_one_side_scores_in_any_hand(data, multiplier):
    result = whist.score_hand(data, with_whist(no_trump_multiplier=multiplier))
    assert (result.A > 0) != (result.B > 0)
    assert min(result.A, result.B) == 0
    scored_by = "A" if result.A else "B"
    if result.outcome == "made":
        assert scored_by == data["bidder"]
    elif result.outcome == "set":
        assert scored_by != data["bidder"]
    else:
        assert scored_by != data["infraction"]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(hands(), min_size=4, max_size=5))
def test_a_round_adds_its_four_hands_and_is_decided_once_complete(hand_list):
    first_four = whist.score_game(hand_list[:4], RULES)
    assert first_four.total == {
        side: sum(h.points(side) for h in first_four.hands) for side in ("A", "B")
    }
    tied = first_four.total["A"] == first_four.total["B"]
    assert ("winner" in first_four.extra) != tied
    if len(hand_list) == 5:
        if tied:
            result = whist.score_game(hand_list, RULES)
            assert result.total == first_four.total
            assert result.extra["winner"] == ("A" if result.hands[4].A else "B")
        else:
            with pytest.raises(HandError, match="^hand 5: hands: "):
                whist.score_game(hand_list, RULES)


def test_a_fifth_hand_follows_only_four_level_hands() -> None:
    rules = load_rules("bid-whist")
    a_makes = {"bidder": "A", "bid": 4, "kind": "CARDS", "books": {"A": 10, "B": 3}}
    b_makes = {"bidder": "B", "bid": 4, "kind": "CARDS", "books": {"A": 3, "B": 10}}
    assert another_hand_follows(score_game([a_makes], rules), rules)  # the round goes on
    level = score_game([a_makes, b_makes, a_makes, b_makes], rules)
    assert level.total == {"A": 8, "B": 8}
    assert another_hand_follows(level, rules)
    assert not another_hand_follows(score_game([a_makes] * 4, rules), rules)
    decided = score_game([a_makes, b_makes, a_makes, b_makes, a_makes], rules)
    assert not another_hand_follows(decided, rules)
