"""Pinochle hand and game scoring: docs/rules.md §1 (Grand Prix), §3 (NPA), §4 (Sun City West)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.hands import HandError, HandResult
from clubdesk.domain.games.pinochle import score_game, score_hand
from clubdesk.domain.games.pinochle_hand import PerSide, PinochleHand, ladder, parse_hand
from tests.properties import examples

GP = load_rules("grand-prix-pinochle")
NPA = load_rules("npa-club-pinochle")
SCW = load_rules("sun-city-west-pinochle")
# a club's Sun City West that gives itself a no-marriage rule (the seed has none)
SCW_MARRIAGE = SCW.model_copy(
    update={"pinochle": SCW.pinochle.model_copy(update={"no_marriage": "bidder-set"})}
)


def hand(**fields: Any) -> dict[str, Any]:
    """A hand as docs/cli.md writes it; A bids by default."""
    data: dict[str, Any] = {
        "bidder": "A",
        "bid": 50,
        "dropped": False,
        "marriage": True,
        "meld": {"A": 0, "B": 0},
        "tricks": None,
        "renege": None,
        "all_tricks": None,
        "took_trick": None,
        "conceded": False,
    }
    data.update(fields)
    return data


def score(rules, **fields: Any) -> HandResult:
    return score_hand(parse_hand(hand(**fields), rules), rules)


def points(result: HandResult) -> tuple[int, int, str]:
    return result.A, result.B, result.outcome


# --- reading a hand -------------------------------------------------------------------


def test_parse_hand_reads_every_field() -> None:
    parsed = parse_hand(
        hand(bid=60, meld={"A": 34, "B": 22}, tricks={"A": 30, "B": 20}, conceded=False), GP
    )
    assert parsed == PinochleHand(bidder="A", bid=60, meld=PerSide(34, 22), tricks=PerSide(30, 20))
    assert parsed.played


def test_absent_keys_take_their_defaults() -> None:
    parsed = parse_hand({"bidder": "B", "dropped": True}, GP)
    assert parsed == PinochleHand(bidder="B", bid=50, dropped=True)
    assert not parsed.played
    assert parse_hand({"bidder": "A", "bid": 55, "tricks": {"A": 20, "B": 5}}, SCW).marriage


def test_conceded_true_means_the_bidding_side() -> None:
    assert parse_hand(hand(bidder="B", bid=20, conceded=True), SCW).conceded == "B"
    assert parse_hand(hand(bidder="B", bid=20, conceded="A"), SCW).conceded == "A"


def test_ladder_lists_the_bids_of_each_format() -> None:
    assert ladder(GP, 75) == [50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65, 70, 75]
    assert ladder(NPA, 130)[-6:] == [90, 95, 100, 110, 120, 130]
    assert ladder(SCW, 18) == [15, 16, 17, 18]


BAD_HANDS = [
    # (rules, the hand's fields, the field named, words of the message)
    (GP, {"bidder": "C"}, "bidder", 'must be "A" or "B"'),
    (GP, {"bid": 63}, "bid", "63 is not on the bid ladder (above 60 bids go by 5)"),
    (NPA, {"bid": 105}, "bid", "105 is not on the bid ladder (above 100 bids go by 10)"),
    (GP, {"bid": 45}, "bid", "45 is below the minimum bid of 50"),
    (SCW, {"bid": 14}, "bid", "14 is below the minimum bid of 15"),
    (GP, {"bid": "fifty"}, "bid", "must be a whole number"),
    (GP, {"bid": 55, "dropped": True}, "bid", "a dropped bid is 50"),
    (GP, {"dropped": "yes"}, "dropped", "must be true or false"),
    (GP, {"marriage": 1}, "marriage", "must be true or false"),
    (GP, {"meld": {"A": -1, "B": 0}}, "meld.A", "must be at least 0"),
    (GP, {"meld": {"A": 20, "B": 5000}}, "meld.B", "must be at most 1140"),
    (GP, {"meld": [20, 30]}, "meld", 'must be {"A": number, "B": number}'),
    (GP, {"tricks": {"A": 51, "B": 0}}, "tricks.A", "must be at most 50"),
    (GP, {"tricks": {"A": 30, "B": 15}}, "tricks", "30 + 15 = 45, but a hand has 50 trick points"),
    (SCW, {"bid": 15, "tricks": {"A": 20, "B": 6}}, "tricks", "= 26, but a hand has 25"),
    (
        GP,
        {"meld": {"A": 30, "B": 0}, "tricks": {"A": 40, "B": 20}, "renege": "B"},
        "tricks",
        "40 + 20 = 60, but a hand has 50 trick points",
    ),
    (GP, {"renege": "X"}, "renege", 'must be "A" or "B"'),
    (
        GP,
        {"tricks": {"A": 50, "B": 0}, "meld": {"A": 20, "B": 0}, "all_tricks": "Q"},
        "all_tricks",
        'must be "A" or "B"',
    ),
    (
        GP,
        {"meld": {"A": 30, "B": 0}, "tricks": {"A": 30, "B": 20}, "all_tricks": "A"},
        "all_tricks",
        "side A took 30 of the 50 trick points, not all of them",
    ),
    (GP, {"meld": {"A": 10, "B": 0}, "all_tricks": "B"}, "all_tricks", "tricks are needed"),
    (
        GP,
        {"meld": {"A": 30, "B": 0}, "tricks": {"A": 50, "B": 0}, "renege": "B", "all_tricks": "A"},
        "all_tricks",
        "a hand stopped by a renege has no all-tricks bonus",
    ),
    (
        SCW,
        {"bid": 20, "tricks": {"A": 25, "B": 0}, "all_tricks": "A"},
        "all_tricks",
        "this format has no bonus for taking all the tricks",
    ),
    (
        GP,
        {
            "meld": {"A": 30, "B": 0},
            "tricks": {"A": 30, "B": 20},
            "took_trick": {"A": True, "B": True},
        },
        "took_trick",
        "this format has no rule about taking a trick",
    ),
    (
        SCW,
        {"bid": 20, "tricks": {"A": 25, "B": 0}, "took_trick": {"A": True}},
        "took_trick",
        'must be {"A": true/false, "B": true/false}',
    ),
    (
        SCW,
        {"bid": 20, "tricks": {"A": 20, "B": 5}, "took_trick": {"A": True, "B": False}},
        "took_trick.B",
        "side B has 5 trick points, so it took a trick",
    ),
    (
        SCW,
        {"bid": 20, "conceded": True, "took_trick": {"A": True, "B": True}},
        "took_trick",
        "side A conceded, so the hand was not played",
    ),
    (
        SCW,
        {"bid": 20, "renege": "B", "took_trick": {"A": True, "B": True}},
        "took_trick",
        "the hand's tricks are needed to show who took one",
    ),
    (
        GP,
        {"meld": {"A": 30, "B": 0}},
        "tricks",
        "the hand was played, so each side's trick points are needed (adding up to 50)",
    ),
    (GP, {"conceded": True}, "conceded", "this format does not let a side concede"),
    (SCW, {"bid": 20, "conceded": "yes"}, "conceded", "must be false, true (the bidding side"),
    (
        SCW,
        {"bid": 20, "conceded": True, "tricks": {"A": 20, "B": 5}},
        "tricks",
        "side A conceded, so the hand was not played",
    ),
    (
        SCW_MARRIAGE,
        {"bid": 20, "conceded": True, "marriage": False},
        "conceded",
        "there was no hand to concede: the bidder had no marriage",
    ),
    (
        GP,
        {"marriage": False, "tricks": {"A": 30, "B": 20}},
        "tricks",
        "the bidder had no marriage, so the hand was not played",
    ),
    (GP, {"marriage": False, "renege": "B"}, "renege", "the bidder had no marriage"),
    (
        NPA,
        {"bid": 80, "meld": {"A": 25, "B": 0}, "tricks": {"A": 30, "B": 20}},
        "tricks",
        "the hand is not playable: bid 80 less meld 25 leaves 55 to take, more than the 50",
    ),
    (GP, {"trciks": {"A": 30, "B": 20}}, "trciks", "unknown key (a typo?)"),
    (GP, {"bid_by": 7}, "bid_by", "Grand Prix Pinochle is a team event: a fine is the team's"),
    (NPA, {"bid_by": "7"}, "bid_by", "must be the player's entrant number, not '7'"),
    (NPA, {"bid_by": 0}, "bid_by", "must be the player's entrant number, not 0"),
    (SCW, {"bid": 20, "bid_by": True}, "bid_by", "must be the player's entrant number, not True"),
    (
        NPA,
        {"bid": 60, "meld": {"A": 40, "B": 0}, "tricks": {"A": 30, "B": 20}, "renege_by": 4},
        "renege_by",
        "names who reneged, but the hand has no renege",
    ),
]


@pytest.mark.parametrize(("rules", "fields", "field", "text"), BAD_HANDS)
def test_bad_hands_are_refused_naming_the_field(rules, fields, field, text) -> None:
    with pytest.raises(HandError) as caught:
        parse_hand(hand(**fields), rules)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert text in str(caught.value)


def test_individual_formats_may_name_who_bid_and_who_reneged() -> None:
    named = parse_hand(
        hand(bid=65, meld={"A": 30, "B": 22}, tricks={"A": 20, "B": 10}, renege="A",
             bid_by=7, renege_by=9),
        NPA,
    )  # fmt: skip
    assert (named.bid_by, named.renege_by) == (7, 9)
    assert parse_hand(hand(bid=20, tricks={"A": 20, "B": 5}, bid_by=3), SCW).bid_by == 3
    nobody = parse_hand(hand(bid=60, meld={"A": 40, "B": 0}, tricks={"A": 30, "B": 20}), NPA)
    assert (nobody.bid_by, nobody.renege_by) == (None, None)


def test_the_players_named_show_in_the_result_and_change_no_score() -> None:
    fields = {"bid": 65, "meld": {"A": 30, "B": 22}, "tricks": {"A": 20, "B": 10}, "renege": "A"}
    plain = score(NPA, **fields)
    named = score(NPA, **fields, bid_by=7, renege_by=9)
    assert points(named) == points(plain) == (-65, 32, "renege")
    assert (named.detail["bid_by"], named.detail["renege_by"]) == (7, 9)
    assert "bid_by" not in plain.detail and "renege_by" not in plain.detail
    assert named.to_json()["bid_by"] == 7


def test_a_club_may_cap_the_bids() -> None:
    capped = GP.model_copy(update={"pinochle": GP.pinochle.model_copy(update={"max_bid": 70})})
    assert ladder(capped, 100)[-3:] == [60, 65, 70]
    with pytest.raises(HandError, match="^bid: 75 is above the highest bid of 70"):
        parse_hand(hand(bid=75), capped)


def test_a_hand_that_is_not_an_object() -> None:
    with pytest.raises(HandError, match="^hand: must be an object"):
        parse_hand(["A", 50], GP)  # type: ignore[arg-type]


def test_a_format_that_is_not_pinochle() -> None:
    with pytest.raises(HandError, match="^rules: house-gin is not a pinochle format"):
        parse_hand(hand(), load_rules("house-gin"))


# --- §1 Grand Prix ------------------------------------------------------------------------


def test_gp_1_no_marriage_gives_the_other_side_the_bid_and_no_meld() -> None:
    result = score(GP, bid=55, marriage=False, meld={"A": 40, "B": 30})
    assert points(result) == (0, 55, "no-marriage")
    assert result.detail["set"] is True


def test_gp_1_seed_example_1_dropped_without_a_marriage_gives_50() -> None:
    result = score(GP, bidder="B", dropped=True, marriage=False, meld={"A": 24, "B": 0})
    assert points(result) == (50, 0, "no-marriage")
    assert result.detail["dropped"] is True


def test_gp_2_seed_example_2_dropped_short_meld_gives_50_plus_meld() -> None:
    result = score(GP, dropped=True, meld={"A": 16, "B": 30})
    assert points(result) == (0, 80, "short-meld")
    # the other side's meld counts only at 20 or more
    assert points(score(GP, dropped=True, meld={"A": 16, "B": 18})) == (0, 50, "short-meld")


def test_gp_2_short_meld_needs_no_20_in_tricks_but_scores_tricks_of_20_if_played() -> None:
    assert points(score(GP, bid=60, meld={"A": 12, "B": 30})) == (0, 90, "short-meld")
    played = score(GP, bid=60, meld={"A": 12, "B": 30}, tricks={"A": 28, "B": 22})
    assert points(played) == (0, 60 + 30 + 22, "short-meld")
    few = score(GP, bid=60, meld={"A": 12, "B": 30}, tricks={"A": 32, "B": 18})
    assert points(few) == (0, 60 + 30, "short-meld")


def test_gp_3_made_bid_scores_meld_plus_tricks() -> None:
    result = score(GP, bid=60, meld={"A": 34, "B": 22}, tricks={"A": 30, "B": 20})
    assert points(result) == (34 + 30, 22 + 20, "made")
    assert result.detail == {"bidder": "A", "bid": 60, "made": True, "set": False}


def test_gp_3_exactly_the_bid_makes_it() -> None:
    assert points(score(GP, bid=65, meld={"A": 40, "B": 0}, tricks={"A": 25, "B": 25})) == (
        65,
        25,
        "made",
    )


def test_gp_3_short_of_the_bid_is_set_and_the_other_side_scores_the_bid() -> None:
    result = score(GP, bid=75, meld={"A": 40, "B": 22}, tricks={"A": 30, "B": 20})
    assert points(result) == (0, 75 + 22 + 20, "set")
    assert result.detail["set"] is True and result.detail["made"] is False


def test_gp_3_under_20_in_tricks_is_set_however_much_meld() -> None:
    result = score(GP, bid=60, meld={"A": 60, "B": 22}, tricks={"A": 19, "B": 31})
    assert points(result) == (0, 60 + 22 + 31, "set")


def test_gp_4_the_other_side_under_20_in_tricks_scores_nothing_of_its_own() -> None:
    made = score(GP, bid=60, meld={"A": 40, "B": 40}, tricks={"A": 32, "B": 18})
    assert points(made) == (72, 0, "made")
    # a set still gives it the bid
    set_ = score(GP, bid=80, meld={"A": 40, "B": 40}, tricks={"A": 32, "B": 18})
    assert points(set_) == (0, 80, "set")


def test_gp_4_meld_under_20_is_not_scored_but_tricks_are() -> None:
    assert points(score(GP, bid=60, meld={"A": 40, "B": 16}, tricks={"A": 26, "B": 24})) == (
        66,
        24,
        "made",
    )


def test_gp_5_renege_by_the_other_side_gives_the_bidder_bid_meld_and_tricks() -> None:
    result = score(GP, bid=60, meld={"A": 30, "B": 22}, tricks={"A": 24, "B": 10}, renege="B")
    assert points(result) == (60 + 30 + 24, 0, "renege")
    assert result.detail["renege"] == "B" and result.detail["set"] is False


def test_gp_5_renege_tricks_so_far_count_only_from_20() -> None:
    result = score(GP, bid=60, meld={"A": 30, "B": 22}, tricks={"A": 12, "B": 10}, renege="B")
    assert points(result) == (60 + 30, 0, "renege")


def test_gp_5_renege_by_the_bidder() -> None:
    result = score(GP, bid=70, meld={"A": 50, "B": 24}, tricks={"A": 8, "B": 21}, renege="A")
    assert points(result) == (0, 70 + 24 + 21, "renege")
    assert result.detail["set"] is True


def test_gp_5_renege_before_any_trick_was_taken() -> None:
    result = score(GP, bid=60, meld={"A": 30, "B": 22}, renege="A")
    assert points(result) == (0, 60 + 22, "renege")


# A renege on a hand played after the bidder fell short of meld: rule 5 as written (see the
# reading in clubdesk/domain/games/pinochle.py)


def test_gp_2_and_5_the_other_side_reneges_after_the_bidder_fell_short_of_meld() -> None:
    """Rule 2 alone would give B 60 + 30 + its tricks; B reneged, so A scores rule 5's
    bid + tricks so far (its 16 meld, under 20, counts nothing) and B nothing."""
    result = score(GP, bid=60, meld={"A": 16, "B": 30}, tricks={"A": 22, "B": 10}, renege="B")
    assert points(result) == (60 + 22, 0, "renege")
    assert result.detail["renege"] == "B" and result.detail["set"] is False


def test_gp_2_and_5_the_bidder_reneges_after_falling_short_of_meld() -> None:
    """The bidding side reneged: the other side scores bid + meld + tricks so far, as rule 2
    gives it on the tricks taken when the hand stopped."""
    reneged = score(GP, bid=60, meld={"A": 16, "B": 30}, tricks={"A": 10, "B": 24}, renege="A")
    assert points(reneged) == (0, 60 + 30 + 24, "renege")
    assert reneged.detail["set"] is True
    played_out = score(GP, bid=60, meld={"A": 16, "B": 30}, tricks={"A": 26, "B": 24})
    assert points(played_out) == (0, 60 + 30 + 24, "short-meld")


def test_gp_2_and_5_tricks_so_far_under_20_count_nothing_after_a_short_meld() -> None:
    result = score(GP, bid=55, meld={"A": 12, "B": 24}, tricks={"A": 8, "B": 6}, renege="A")
    assert points(result) == (0, 55 + 24, "renege")
    stopped_at_once = score(GP, bid=55, meld={"A": 12, "B": 24}, renege="B")
    assert points(stopped_at_once) == (55, 0, "renege")


def test_gp_a_short_meld_renege_counts_in_the_game() -> None:
    game = score_game(
        [
            hand(bid=60, meld={"A": 40, "B": 22}, tricks={"A": 30, "B": 20}),  # A 70, B 42
            hand(bid=60, meld={"A": 16, "B": 30}, tricks={"A": 22, "B": 10}, renege="B"),
        ],
        GP,
    )
    assert game.total == {"A": 70 + 82, "B": 42}


def test_gp_6_boston_seed_example_320_becomes_680() -> None:
    before = [
        hand(bid=60, meld={"A": 110, "B": 0}, tricks={"A": 50, "B": 0}),  # 160
        hand(bid=60, meld={"A": 110, "B": 0}, tricks={"A": 50, "B": 0}),  # 320
    ]
    boston = hand(bid=60, meld={"A": 60, "B": 0}, tricks={"A": 50, "B": 0}, all_tricks="A")
    result = score_hand(parse_hand(boston, GP), GP)
    assert points(result) == (60 + 50 + 250, 0, "all-tricks")
    assert result.detail["all_tricks"] == "A" and result.detail["made"] is True
    game = score_game([*before, boston], GP)
    assert [t["A"] for t in game.totals] == [160, 320, 680]
    assert game.total == {"A": 680, "B": 0}
    assert game.ended_by == "limit"


def test_gp_6_boston_by_the_other_side_comes_with_the_bid() -> None:
    result = score(GP, bid=75, meld={"A": 40, "B": 30}, tricks={"A": 0, "B": 50}, all_tricks="B")
    assert points(result) == (0, 75 + 30 + 50 + 250, "all-tricks")
    assert result.detail["set"] is True


def test_gp_6_all_trick_points_without_the_directors_boston_is_no_bonus() -> None:
    result = score(GP, bid=60, meld={"A": 40, "B": 0}, tricks={"A": 50, "B": 0})
    assert points(result) == (90, 0, "made")


def test_gp_6_a_bidder_set_despite_all_tricks_still_gets_the_boston_bonus() -> None:
    # bid 100 with 40 meld: 90 is short of the bid, but the Boston is paid on top of the 0
    result = score(GP, bid=100, meld={"A": 40, "B": 30}, tricks={"A": 50, "B": 0}, all_tricks="A")
    assert points(result) == (250, 100, "all-tricks")
    assert result.detail["set"] is True and result.detail["made"] is False


# --- §3 NPA club pinochle -------------------------------------------------------------------


def test_npa_no_marriage_sets_the_bidder_and_the_other_side_scores_meld_of_20() -> None:
    result = score(NPA, bid=55, marriage=False, meld={"A": 40, "B": 30})
    assert points(result) == (-55, 30, "no-marriage")
    assert result.detail["set"] is True
    assert points(score(NPA, bid=55, marriage=False, meld={"A": 40, "B": 18})) == (
        -55,
        0,
        "no-marriage",
    )


def test_npa_no_marriage_on_a_dropped_bid_sets_50() -> None:
    result = score(NPA, bidder="B", dropped=True, marriage=False, meld={"A": 22, "B": 0})
    assert points(result) == (22, -50, "no-marriage")


def test_npa_unplayable_bid_sets_the_bidder_and_the_other_side_scores_meld() -> None:
    # 80 - 25 = 55: more than 50 trick points to take
    assert points(score(NPA, bid=80, meld={"A": 25, "B": 24})) == (-80, 24, "unplayable")
    # meld under 20 does not count: 60 - 0 = 60
    assert points(score(NPA, bid=60, meld={"A": 18, "B": 0})) == (-60, 0, "unplayable")


def test_npa_exactly_50_to_take_is_playable() -> None:
    # bid 75 less meld 25 leaves exactly 50 to take: playable; taking all 50 is a "pinochle"
    result = score(NPA, bid=75, meld={"A": 25, "B": 20}, tricks={"A": 50, "B": 0})
    assert points(result) == (275, 0, "all-tricks")


def test_npa_played_and_made_is_as_grand_prix() -> None:
    result = score(NPA, bid=60, meld={"A": 34, "B": 22}, tricks={"A": 30, "B": 20})
    assert points(result) == (64, 42, "made")


def test_npa_set_subtracts_the_bid_and_gives_the_other_side_nothing_extra() -> None:
    result = score(NPA, bid=70, meld={"A": 30, "B": 22}, tricks={"A": 35, "B": 15})
    assert points(result) == (-70, 0, "set")
    result = score(NPA, bid=70, meld={"A": 30, "B": 22}, tricks={"A": 28, "B": 22})
    assert points(result) == (-70, 22 + 22, "set")


def test_npa_under_20_in_tricks_is_set() -> None:
    result = score(NPA, bid=50, meld={"A": 45, "B": 0}, tricks={"A": 15, "B": 35})
    assert points(result) == (-50, 35, "set")


def test_npa_pinochle_all_50_scores_250_plus_meld_instead_of_tricks() -> None:
    result = score(NPA, bid=60, meld={"A": 40, "B": 30}, tricks={"A": 50, "B": 0}, all_tricks="A")
    assert points(result) == (250 + 40, 0, "all-tricks")
    by_other = score(NPA, bid=60, meld={"A": 40, "B": 30}, tricks={"A": 0, "B": 50}, all_tricks="B")
    assert points(by_other) == (-60, 250 + 30, "all-tricks")


def test_npa_renege_by_the_bidder_sets_it_and_the_other_side_scores_meld_and_tricks() -> None:
    result = score(NPA, bid=65, meld={"A": 30, "B": 22}, tricks={"A": 20, "B": 10}, renege="A")
    assert points(result) == (-65, 22 + 10, "renege")
    assert result.detail["set"] is True


def test_npa_renege_by_the_other_side_scores_it_0() -> None:
    result = score(NPA, bid=65, meld={"A": 30, "B": 22}, tricks={"A": 12, "B": 10}, renege="B")
    assert points(result) == (30 + 12, 0, "renege")
    assert result.detail["set"] is False


# --- §4 Sun City West ---------------------------------------------------------------------


def test_scw_made_scores_meld_and_tricks_with_no_minimums() -> None:
    result = score(SCW, bid=20, meld={"A": 12, "B": 6}, tricks={"A": 15, "B": 10})
    assert points(result) == (27, 16, "made")
    assert points(score(SCW, bid=18, meld={"A": 9, "B": 4}, tricks={"A": 9, "B": 16})) == (
        18,
        20,
        "made",
    )


def test_scw_set_loses_meld_and_tricks_and_subtracts_the_bid() -> None:
    result = score(SCW, bid=25, meld={"A": 8, "B": 5}, tricks={"A": 14, "B": 11})
    assert points(result) == (-25, 16, "set")


def test_scw_a_side_that_takes_no_trick_loses_its_meld() -> None:
    result = score(SCW, bid=18, meld={"A": 10, "B": 9}, tricks={"A": 25, "B": 0})
    assert points(result) == (35, 0, "made")


def test_scw_a_trick_with_no_points_keeps_the_meld() -> None:
    result = score(
        SCW,
        bid=18,
        meld={"A": 10, "B": 9},
        tricks={"A": 25, "B": 0},
        took_trick={"A": True, "B": True},
    )
    assert points(result) == (35, 9, "made")


def test_scw_a_bidder_without_a_trick_loses_its_meld_and_is_set() -> None:
    result = score(SCW, bid=16, meld={"A": 20, "B": 6}, tricks={"A": 0, "B": 25})
    assert points(result) == (-16, 31, "set")


def test_scw_dropped_bid_is_free_of_penalty() -> None:
    result = score(SCW, bid=15, dropped=True, meld={"A": 6, "B": 8}, tricks={"A": 5, "B": 20})
    assert points(result) == (11, 28, "dropped-free")
    assert result.detail["set"] is False and result.detail["bid"] == 15


def test_scw_dropped_bid_without_a_trick_loses_the_meld_and_nothing_else() -> None:
    result = score(SCW, bid=15, dropped=True, meld={"A": 10, "B": 8}, tricks={"A": 0, "B": 25})
    assert points(result) == (0, 33, "dropped-free")


def test_scw_dropped_bid_made_is_made() -> None:
    result = score(SCW, bid=15, dropped=True, meld={"A": 10, "B": 8}, tricks={"A": 12, "B": 13})
    assert points(result) == (22, 21, "made")


def test_scw_renege_gives_the_other_side_25_and_its_meld_and_nobody_is_set() -> None:
    by_other = score(SCW, bid=22, meld={"A": 12, "B": 7}, tricks={"A": 6, "B": 4}, renege="B")
    assert points(by_other) == (25 + 12, 0, "renege")
    by_bidder = score(SCW, bid=22, meld={"A": 12, "B": 7}, renege="A")
    assert points(by_bidder) == (0, 25 + 7, "renege")
    assert by_bidder.detail["set"] is False


def test_scw_conceding_loses_the_meld_and_the_other_side_scores_25_and_its_meld() -> None:
    result = score(SCW, bid=21, meld={"A": 12, "B": 7}, conceded=True)
    assert points(result) == (0, 25 + 7, "conceded")
    assert result.detail["conceded"] == "A" and result.detail["set"] is False
    by_other = score(SCW, bid=21, meld={"A": 12, "B": 7}, conceded="B")
    assert points(by_other) == (25 + 12, 0, "conceded")


def test_scw_has_no_no_marriage_rule_a_hand_is_scored_as_played() -> None:
    # seed 002 says nothing of a bidder without a marriage: the rules file's
    # no_marriage = "off", and the flag plays no part (docs/rules.md, "Where the seeds
    # are silent")
    assert SCW.pinochle.no_marriage == "off"
    played = {"bid": 20, "meld": {"A": 5, "B": 7}, "tricks": {"A": 16, "B": 9}}
    assert points(score(SCW, marriage=False, **played)) == (21, 16, "made")
    assert points(score(SCW, marriage=False, **played)) == points(score(SCW, **played))


def test_a_club_may_give_scw_a_no_marriage_rule_and_dropped_is_still_free() -> None:
    rules = SCW_MARRIAGE
    assert points(score(rules, bid=20, marriage=False, meld={"A": 5, "B": 7})) == (
        -20,
        7,
        "no-marriage",
    )
    free = score(rules, bid=15, dropped=True, marriage=False, meld={"A": 5, "B": 7})
    assert points(free) == (0, 7, "no-marriage")
    assert free.detail["set"] is False


# --- games ----------------------------------------------------------------------------------


def made(a: int, b: int = 0) -> dict[str, Any]:
    """A Grand Prix hand A bids 50 and makes, scoring ``a``; B scores ``b`` (0 or 40 and up).

    With ``b`` the tricks split 30/20, else A takes all 50.
    """
    tricks = {"A": 30, "B": 20} if b else {"A": 50, "B": 0}
    meld = {"A": a - tricks["A"], "B": b - tricks["B"] if b else 0}
    assert meld["A"] >= 20 and meld["B"] in (0, *range(20, 1000))
    return hand(bid=50, meld=meld, tricks=tricks)


def test_game_ends_when_a_side_reaches_the_limit() -> None:
    game = score_game([made(200), made(200), made(99)], GP)
    assert game.total == {"A": 499, "B": 0}
    assert game.ended_by is None
    game = score_game([made(200), made(200), made(100)], GP)
    assert game.total == {"A": 500, "B": 0}
    assert game.ended_by == "limit"


def test_game_ends_after_the_hand_count() -> None:
    game = score_game([made(50, 40)] * 8, GP)
    assert game.total == {"A": 400, "B": 320}
    assert game.ended_by == "hands"
    assert len(game.hands) == 8


def test_game_json_has_running_totals() -> None:
    game = score_game([made(60, 42), made(55, 40)], GP)
    assert game.to_json() == {
        "hands": [
            {"A": 60, "B": 42, "outcome": "made", "bidder": "A", "bid": 50, "made": True,
             "set": False, "total": {"A": 60, "B": 42}},
            {"A": 55, "B": 40, "outcome": "made", "bidder": "A", "bid": 50, "made": True,
             "set": False, "total": {"A": 115, "B": 82}},
        ],
        "total": {"A": 115, "B": 82},
        "ended_by": None,
    }  # fmt: skip


def test_npa_game_goes_negative_and_ends_after_8_hands() -> None:
    set_hand = hand(bid=70, meld={"A": 30, "B": 0}, tricks={"A": 30, "B": 20})
    game = score_game([set_hand] * 8, NPA)
    assert game.total == {"A": -560, "B": 160}
    assert game.ended_by == "hands"


def test_scw_game_is_six_deals() -> None:
    deal = hand(bid=20, meld={"A": 12, "B": 6}, tricks={"A": 15, "B": 10})
    assert score_game([deal] * 5, SCW).ended_by is None
    game = score_game([deal] * 6, SCW)
    assert game.total == {"A": 27 * 6, "B": 16 * 6}
    assert game.ended_by == "hands"


def test_a_hand_after_the_limit_is_an_error_naming_it() -> None:
    with pytest.raises(HandError) as caught:
        score_game([made(300), made(200), made(70)], GP)
    assert caught.value.field == "hands"
    assert (
        str(caught.value)
        == "hands: hand 3 comes after the game ended (a side reached 500 in hand 2)"
    )


def test_a_hand_after_the_last_hand_is_an_error_naming_it() -> None:
    with pytest.raises(HandError, match=r"^hands: hand 9 comes after the game ended \(all 8"):
        score_game([made(50, 40)] * 9, GP)


def test_a_bad_hand_in_a_game_says_which() -> None:
    with pytest.raises(HandError) as caught:
        score_game([made(70), hand(bid=63)], GP)
    assert caught.value.hand_number == 2
    assert str(caught.value).startswith("hand 2: bid: 63 is not on the bid ladder")


def test_hands_must_be_a_list() -> None:
    with pytest.raises(HandError, match="^hands: must be a list"):
        score_game({"bidder": "A"}, GP)  # type: ignore[arg-type]


def test_the_game_limit_follows_the_event_settings() -> None:
    short = GP.with_settings({"point_limit": 150})
    assert score_game([made(160)], short).ended_by == "limit"


# --- properties -------------------------------------------------------------------------


@st.composite
def any_hand(draw: st.DrawFn, rules) -> dict[str, Any]:
    """A hand as a score sheet might hold it, valid for ``rules`` or not."""
    pin = rules.pinochle
    tp = pin.trick_points
    bidder = draw(st.sampled_from("AB"))
    dropped = draw(st.booleans())
    bid = pin.min_bid if dropped else draw(st.sampled_from(ladder(rules, pin.min_bid + tp)))
    meld_cap = 3 * tp
    data: dict[str, Any] = {
        "bidder": bidder,
        "bid": bid,
        "dropped": dropped,
        "marriage": True,
        "meld": {"A": draw(st.integers(0, meld_cap)), "B": draw(st.integers(0, meld_cap))},
    }
    kind = draw(st.sampled_from(["played", "played", "played", "renege", "not played"]))
    if kind == "not played":
        data["marriage"] = draw(st.booleans())
        if pin.concede_allowed and draw(st.booleans()):
            data["conceded"] = draw(st.sampled_from([True, "A", "B"]))
        return data
    a = draw(st.integers(0, tp) | st.sampled_from([0, tp]))
    if kind == "renege":
        data["renege"] = draw(st.sampled_from("AB"))
        data["tricks"] = {"A": a, "B": draw(st.integers(0, tp - a))}
        return data
    data["tricks"] = {"A": a, "B": tp - a}
    if pin.all_tricks_bonus and a in (0, tp) and draw(st.booleans()):
        data["all_tricks"] = "A" if a == tp else "B"
    if pin.must_take_trick and draw(st.booleans()):
        data["took_trick"] = {
            "A": a > 0 or draw(st.booleans()),
            "B": a < tp or draw(st.booleans()),
        }
    return data


def scored(rules, data: dict[str, Any]) -> tuple[PinochleHand, HandResult]:
    try:
        parsed = parse_hand(data, rules)
    except HandError:
        assume(False)
        raise
    return parsed, score_hand(parsed, rules)


FAST = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@FAST
@given(st.data())
def test_progressive_grand_prix_never_takes_points_away(data: st.DataObject) -> None:
    _, result = scored(GP, data.draw(any_hand(GP)))
    assert result.A >= 0 and result.B >= 0


@FAST
@given(rules=st.sampled_from([GP, NPA, SCW]), data=st.data())
def test_a_made_bid_scores_at_least_the_bid(rules, data: st.DataObject) -> None:
    parsed, result = scored(rules, data.draw(any_hand(rules)))
    if result.detail.get("made"):
        assert result.points(parsed.bidder) >= parsed.bid
        assert result.detail["set"] is False


@FAST
@given(rules=st.sampled_from([GP, NPA, SCW]), data=st.data())
def test_a_set_costs_the_bidder_what_the_format_says(rules, data: st.DataObject) -> None:
    parsed, result = scored(rules, data.draw(any_hand(rules)))
    pin = rules.pinochle
    bidder, opponents = parsed.bidder, "B" if parsed.bidder == "A" else "A"
    if not result.detail["set"]:
        assert result.points(bidder) >= 0
        return
    if pin.set_scoring == "bid-to-opponents":
        # progressive: the set bidder scores nothing (a Boston bonus aside), the others the bid
        boston = pin.all_tricks_bonus if result.detail.get("all_tricks") == bidder else 0
        assert result.points(bidder) == boston
        assert result.points(opponents) >= parsed.bid
    else:
        assert result.points(bidder) == -parsed.bid


@FAST
@given(rules=st.sampled_from([GP, NPA, SCW]), data=st.data())
def test_no_side_scores_more_than_meld_tricks_bid_and_bonus(rules, data: st.DataObject) -> None:
    parsed, result = scored(rules, data.draw(any_hand(rules)))
    pin = rules.pinochle
    for side in "AB":
        ceiling = parsed.meld[side] + pin.trick_points + parsed.bid + pin.all_tricks_bonus
        assert result.points(side) <= ceiling
    # only the bidding side can lose points
    assert result.points("B" if parsed.bidder == "A" else "A") >= 0


def parses(rules, data: dict[str, Any]) -> bool:
    try:
        parse_hand(data, rules)
    except HandError:
        return False
    return True


@settings(max_examples=examples(60), deadline=None)
@given(rules=st.sampled_from([GP, NPA, SCW]), data=st.data())
def test_game_totals_add_up_and_nothing_follows_the_end(rules, data: st.DataObject) -> None:
    drawn = data.draw(st.lists(any_hand(rules), max_size=rules.game_end.max_hands + 1))
    hands = [h for h in drawn if parses(rules, h)]
    ended = False
    for count in range(len(hands) + 1):
        if ended:
            with pytest.raises(HandError, match=f"^hands: hand {count} comes after"):
                score_game(hands[:count], rules)
            return
        game = score_game(hands[:count], rules)
        assert game.total == {
            "A": sum(h.A for h in game.hands),
            "B": sum(h.B for h in game.hands),
        }
        assert game.totals == tuple(
            {side: sum(h.points(side) for h in game.hands[:n]) for side in "AB"}
            for n in range(1, count + 1)
        )
        reached = (
            rules.game_end.point_limit and max(game.total.values()) >= rules.game_end.point_limit
        )
        if reached:
            assert game.ended_by == "limit"
        elif count == rules.game_end.max_hands:
            assert game.ended_by == "hands"
        else:
            assert game.ended_by is None
        ended = game.ended_by is not None


def test_npa_all_fifty_trick_points_earn_the_pinochle_without_being_named() -> None:
    # docs/rules.md §3: "pinochle" (all 50 trick points): 250 + meld instead of meld + trick points
    npa = load_rules("npa-club-pinochle")
    hand = {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 30, "B": 20},
            "tricks": {"A": 50, "B": 0}}  # fmt: skip
    result = score_hand(parse_hand(hand, npa), npa)
    assert (result.A, result.B, result.outcome) == (280, 0, "all-tricks")


def test_grand_prix_boston_needs_the_director_to_name_it() -> None:
    # docs/rules.md §1, a hand 6: all 20 tricks, verified by the director; 50 trick points
    # alone are not a Boston
    gp = load_rules("grand-prix-pinochle")
    hand = {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 30, "B": 20},
            "tricks": {"A": 50, "B": 0}}  # fmt: skip
    result = score_hand(parse_hand(hand, gp), gp)
    assert (result.A, result.B, result.outcome) == (80, 0, "made")
