"""A sentence-by-sentence check of hand and game scoring against docs/rules.md §1, §3-§6.

Each test quotes the sentence it checks and asserts explicit numbers. The
cases are the edges the format tests leave open: thresholds at exactly 20,
dropped bids without a marriage in every format, renege and set together,
the one-trick rule for both sides, Hollywood columns after shut-outs and
gins, NO bids with a multiplier, and a hand after the end of every game.
"""

from __future__ import annotations

from typing import Any

import pytest

from clubdesk.domain import games
from clubdesk.domain.formats import load_rules
from clubdesk.domain.games import gin, whist
from clubdesk.domain.games.hands import HandError, HandResult
from clubdesk.domain.rules import Rules

GP = load_rules("grand-prix-pinochle", extra_dirs=[])
WARMUP = load_rules("grand-prix-warmup", extra_dirs=[])
NPA = load_rules("npa-club-pinochle", extra_dirs=[])
SCW = load_rules("sun-city-west-pinochle", extra_dirs=[])
GIN = load_rules("house-gin", extra_dirs=[])
WHIST = load_rules("bid-whist", extra_dirs=[])


def score(rules: Rules, **fields: Any) -> tuple[int, int, str]:
    """Score one hand written as docs/cli.md's JSON; A bids unless told."""
    result = games.score_hand({"bidder": "A", **fields}, rules)
    return result.A, result.B, result.outcome


def result(rules: Rules, **fields: Any) -> HandResult:
    return games.score_hand({"bidder": "A", **fields}, rules)


# --- §1 Grand Prix: game end ------------------------------------------------------------


def gp_hand(a_meld: int, a_tricks: int) -> dict[str, Any]:
    """A Grand Prix hand A bids 50 and makes: A scores a_meld + a_tricks, B its tricks of 20+."""
    return {
        "bidder": "A",
        "bid": 50,
        "meld": {"A": a_meld, "B": 0},
        "tricks": {"A": a_tricks, "B": 50 - a_tricks},
    }


def test_gp_game_reaching_500_on_the_eighth_hand_ends_by_the_limit() -> None:
    # docs/rules.md §1: "A game ends when either side's running total reaches 500 (>= 500),
    # ... or after 8 hands ..., whichever comes first."
    hands = [gp_hand(20, 30)] * 7 + [gp_hand(100, 50)]  # A: 7 x 50 + 150 = 500
    game = games.score_game(hands, GP)
    assert game.total == {"A": 500, "B": 7 * 20}  # B scores its 20 trick points
    assert game.ended_by == "limit"
    assert games.score_game(hands[:7], GP).ended_by is None


def test_gp_the_side_that_reaches_500_may_be_the_non_bidding_side() -> None:
    # docs/rules.md §1: "A game ends when either side's running total reaches 500"
    a_is_set = {"bidder": "A", "bid": 250, "meld": {"A": 200, "B": 230},
                "tricks": {"A": 20, "B": 30}}  # fmt: skip
    # A is set (200 + 20 < 250); B scores the bid + its meld + its tricks: 250 + 230 + 30
    game = games.score_game([gp_hand(20, 30), a_is_set], GP)
    assert game.totals == ({"A": 50, "B": 20}, {"A": 50, "B": 20 + 510})
    assert game.ended_by == "limit"


@pytest.mark.parametrize("rules", [GP, WARMUP])
def test_gp_no_hand_may_be_entered_after_the_game_has_ended(rules: Rules) -> None:
    # docs/rules.md §1: "No hand may be entered after the game has ended." (§2: same game)
    by_limit = [gp_hand(200, 50), gp_hand(200, 50), gp_hand(20, 30)]  # 250, 500, then one more
    with pytest.raises(HandError, match=r"^hands: hand 3 comes after the game ended"):
        games.score_game(by_limit, rules)
    by_count = [gp_hand(20, 30)] * 9
    assert games.score_game(by_count[:8], rules).ended_by == "hands"
    with pytest.raises(HandError, match=r"^hands: hand 9 comes after the game ended \(all 8"):
        games.score_game(by_count, rules)


def test_the_warm_up_scores_hands_as_the_grand_prix() -> None:
    # docs/rules.md §2: "Same game and scoring as §1"
    hand = {"bidder": "B", "bid": 65, "meld": {"A": 22, "B": 40}, "tricks": {"A": 24, "B": 26}}
    assert score(WARMUP, **hand) == score(GP, **hand) == (46, 66, "made")


# --- §1 Grand Prix: hand scoring ----------------------------------------------------------


def test_gp_1_a_dropped_bid_without_a_marriage_gives_50_and_no_meld_to_anyone() -> None:
    # docs/rules.md §1 rule 1: "The other side scores the bid (50 when the bid was dropped on
    # the dealer). Neither side scores meld."
    dropped = result(GP, dropped=True, marriage=False, meld={"A": 40, "B": 60})
    assert (dropped.A, dropped.B, dropped.outcome) == (0, 50, "no-marriage")
    assert dropped.detail["bid"] == 50 and dropped.detail["set"] is True
    by_b = score(GP, bidder="B", bid=65, marriage=False, meld={"A": 60, "B": 40})
    assert by_b == (65, 0, "no-marriage")


def test_gp_2_a_bidding_side_meld_of_exactly_20_is_not_short() -> None:
    # docs/rules.md §1 rule 2: "the bidding side's meld is under 20: the bid is lost"
    assert score(GP, bid=60, meld={"A": 20, "B": 0}, tricks={"A": 40, "B": 10}) == (60, 0, "made")
    assert score(GP, bid=60, meld={"A": 19, "B": 0}, tricks={"A": 40, "B": 10}) == (
        0,
        60,
        "short-meld",
    )


def test_gp_2_the_bidding_side_scores_nothing_of_a_short_meld_hand_played_anyway() -> None:
    # docs/rules.md §1 rule 2: "the bid is lost. The other side scores the bid + its own meld
    # if at least 20 ... the other side also scores its tricks if at least 20."
    played = score(GP, bid=55, meld={"A": 16, "B": 20}, tricks={"A": 30, "B": 20})
    assert played == (0, 55 + 20 + 20, "short-meld")


def test_gp_2_and_6_a_boston_on_a_short_meld_hand_played_anyway() -> None:
    # docs/rules.md §1 rule 6: "a side that takes all 20 tricks ... scores a 250 bonus on top of
    # what it scores above"
    boston = result(GP, bid=60, meld={"A": 10, "B": 24}, tricks={"A": 0, "B": 50}, all_tricks="B")
    assert (boston.A, boston.B, boston.outcome) == (0, 60 + 24 + 50 + 250, "short-meld")
    assert boston.detail["all_tricks"] == "B" and boston.detail["set"] is True


def test_gp_3_exactly_20_in_tricks_and_exactly_the_bid_make_it() -> None:
    # docs/rules.md §1 rule 3: "makes its bid when its trick points are at least 20 and
    # meld + trick points >= bid: it scores meld + trick points"
    made = result(GP, bid=60, meld={"A": 40, "B": 0}, tricks={"A": 20, "B": 30})
    assert (made.A, made.B, made.outcome) == (60, 30, "made")
    # 19 in tricks is set however much meld: "Otherwise it is set: it scores 0 and the
    # other side scores the bid."
    assert score(GP, bid=60, meld={"A": 90, "B": 0}, tricks={"A": 19, "B": 31}) == (
        0,
        60 + 31,
        "set",
    )
    assert score(GP, bid=65, meld={"A": 40, "B": 0}, tricks={"A": 24, "B": 26}) == (
        0,
        65 + 26,
        "set",
    )


def test_gp_4_the_non_bidding_side_needs_exactly_20_in_tricks() -> None:
    # docs/rules.md §1 rule 4: "scores meld (if at least 20) + trick points, but only if its
    # trick points are at least 20; under 20 it scores nothing of its own"
    assert score(GP, bid=60, meld={"A": 40, "B": 20}, tricks={"A": 30, "B": 20}) == (
        70,
        40,
        "made",
    )
    assert score(GP, bid=60, meld={"A": 40, "B": 20}, tricks={"A": 31, "B": 19}) == (
        71,
        0,
        "made",
    )
    # "(a set still gives it the bid)"
    assert score(GP, bid=75, meld={"A": 40, "B": 20}, tricks={"A": 31, "B": 19}) == (
        0,
        75,
        "set",
    )


def test_gp_5_renege_tricks_so_far_count_from_exactly_20() -> None:
    # docs/rules.md §1 rule 5: "the other side scores bid + its meld (if at least 20) + its
    # trick points so far (if at least 20); the reneging side scores 0"
    assert score(GP, bid=60, meld={"A": 30, "B": 20}, tricks={"A": 20, "B": 0}, renege="B") == (
        60 + 30 + 20,
        0,
        "renege",
    )
    assert score(GP, bid=60, meld={"A": 30, "B": 19}, tricks={"A": 19, "B": 1}, renege="B") == (
        60 + 30,
        0,
        "renege",
    )


def test_gp_5_a_bidder_that_reneges_while_going_set_is_scored_as_a_renege() -> None:
    # docs/rules.md §1 rule 5: "Renege upheld against one side: the hand stops; the other side
    # scores bid + its meld (if at least 20) + its trick points so far (if at least 20)"
    reneged = result(
        GP, bidder="B", bid=80, meld={"A": 30, "B": 24}, tricks={"A": 22, "B": 20}, renege="B"
    )
    assert (reneged.A, reneged.B, reneged.outcome) == (80 + 30 + 22, 0, "renege")
    assert reneged.detail["set"] is True
    # a dropped bid's renege costs the dropped bid of 50
    assert score(
        GP, dropped=True, meld={"A": 30, "B": 20}, tricks={"A": 10, "B": 20}, renege="A"
    ) == (0, 50 + 20 + 20, "renege")


# --- §3 NPA club pinochle -----------------------------------------------------------------


def test_npa_a_dropped_bid_without_a_marriage_sets_50_and_the_other_side_melds() -> None:
    # docs/rules.md §3: "No marriage: the bidder is set the bid (50 if dropped); no trump; the
    # other side scores its meld if at least 20."
    assert score(NPA, dropped=True, marriage=False, meld={"A": 30, "B": 20}) == (
        -50,
        20,
        "no-marriage",
    )
    assert score(NPA, dropped=True, marriage=False, meld={"A": 30, "B": 19}) == (
        -50,
        0,
        "no-marriage",
    )


def test_npa_needing_51_trick_points_is_unplayable() -> None:
    # docs/rules.md §3: "The bidder would need more than 50 trick points (bid - meld > 50): the
    # hand is not playable; bidder set; the other side scores its meld if at least 20."
    assert score(NPA, bid=75, meld={"A": 24, "B": 20}) == (-75, 20, "unplayable")
    assert score(NPA, bid=110, meld={"A": 59, "B": 36}) == (-110, 36, "unplayable")
    with pytest.raises(HandError, match="^tricks: the hand was played"):
        games.score_hand({"bidder": "A", "bid": 110, "meld": {"A": 60, "B": 36}}, NPA)


def test_npa_the_non_bidding_side_needs_exactly_20_in_tricks_and_gets_nothing_extra() -> None:
    # docs/rules.md §3: "Played: as §1 rules 3-4, except a set subtracts the bid from the bidding
    # side and gives the other side nothing extra."
    assert score(NPA, bid=75, meld={"A": 40, "B": 20}, tricks={"A": 30, "B": 20}) == (
        -75,
        20 + 20,
        "set",
    )
    assert score(NPA, bid=75, meld={"A": 40, "B": 20}, tricks={"A": 31, "B": 19}) == (
        -75,
        0,
        "set",
    )
    assert score(NPA, bid=60, meld={"A": 40, "B": 20}, tricks={"A": 30, "B": 20}) == (
        70,
        40,
        "made",
    )


def test_npa_bids_go_by_10_above_100() -> None:
    # docs/rules.md §3: "bids by 1 from 50 to 60, by 5 from 60 to 100, by 10 above 100"
    assert score(NPA, bid=110, meld={"A": 70, "B": 0}, tricks={"A": 40, "B": 10}) == (
        110,
        0,
        "made",
    )
    with pytest.raises(HandError, match="^bid: 115 is not on the bid ladder"):
        games.score_hand({"bidder": "A", "bid": 115}, NPA)


def test_npa_a_renege_by_the_bidder_going_set_subtracts_the_bid_once() -> None:
    # docs/rules.md §3: "Renege: the offending side is set the bid if it bid, else it scores 0;
    # the other side scores meld (if at least 20) + trick points so far."
    reneged = result(NPA, bid=80, meld={"A": 40, "B": 20}, tricks={"A": 10, "B": 20}, renege="A")
    assert (reneged.A, reneged.B, reneged.outcome) == (-80, 20 + 20, "renege")
    assert reneged.detail["set"] is True
    dropped = score(NPA, dropped=True, meld={"A": 40, "B": 19}, tricks={"A": 10, "B": 5},
                    renege="A")  # fmt: skip
    assert dropped == (-50, 5, "renege")


def test_npa_pinochle_by_the_side_set_over_is_250_plus_meld() -> None:
    # docs/rules.md §3: '"Pinochle" (all 50 trick points): that side scores 250 + its meld
    # instead of meld + trick points.'
    assert score(NPA, bid=55, meld={"A": 35, "B": 20}, tricks={"A": 0, "B": 50}) == (
        -55,
        250 + 20,
        "all-tricks",
    )


@pytest.mark.parametrize("rules", [NPA, SCW])
def test_individual_pinochle_no_hand_after_the_last_deal(rules: Rules) -> None:
    # docs/rules.md §3 "8 hands per round", §4 "6 deals per table"; §1: "No hand may be entered
    # after the game has ended."
    deals = rules.game_end.max_hands
    bid = rules.pinochle.min_bid
    hand = {"bidder": "A", "bid": bid, "meld": {"A": bid, "B": 0},
            "tricks": {"A": 1, "B": rules.pinochle.trick_points - 1}}  # fmt: skip
    assert games.score_game([hand] * deals, rules).ended_by == "hands"
    assert games.score_game([hand] * (deals - 1), rules).ended_by is None
    with pytest.raises(HandError, match=rf"^hands: hand {deals + 1} comes after the game ended"):
        games.score_game([hand] * (deals + 1), rules)


# --- §4 Sun City West ---------------------------------------------------------------------


def test_scw_a_dropped_bid_costs_the_dealer_nothing_but_its_meld() -> None:
    # docs/rules.md §4: "the dealer's side plays the bid free of penalty: if it takes no trick
    # it loses its meld and nothing else." (no marriage asked: the seed has no such rule)
    dropped = result(SCW, dropped=True, marriage=False, meld={"A": 9, "B": 6},
                     tricks={"A": 0, "B": 25})  # fmt: skip
    assert (dropped.A, dropped.B, dropped.outcome) == (0, 31, "dropped-free")
    assert dropped.detail["set"] is False


def test_scw_a_bidder_keeps_its_meld_with_a_trick_of_no_points_and_can_make_on_meld() -> None:
    # docs/rules.md §4: "A side must take at least one trick (even one with no points) to keep
    # its meld." and "Made: meld + trick points >= bid: the bidding side scores both."
    kept = score(SCW, bid=15, meld={"A": 16, "B": 4}, tricks={"A": 0, "B": 25},
                 took_trick={"A": True, "B": True})  # fmt: skip
    assert kept == (16, 4 + 25, "made")
    lost = score(SCW, bid=15, meld={"A": 16, "B": 4}, tricks={"A": 0, "B": 25})
    assert lost == (-15, 4 + 25, "set")


def test_scw_the_non_bidding_side_without_a_trick_loses_its_meld_on_a_set_too() -> None:
    # docs/rules.md §4: "A side must take at least one trick ... to keep its meld."
    assert score(SCW, bid=30, meld={"A": 4, "B": 9}, tricks={"A": 25, "B": 0}) == (-30, 0, "set")
    with_trick = score(SCW, bid=30, meld={"A": 4, "B": 9}, tricks={"A": 25, "B": 0},
                       took_trick={"A": True, "B": True})  # fmt: skip
    assert with_trick == (-30, 9, "set")


def test_scw_one_trick_point_is_enough_for_the_non_bidding_side() -> None:
    # docs/rules.md §4 has no 20-point minimum: the non-bidding side scores meld + tricks
    assert score(SCW, bid=16, meld={"A": 10, "B": 3}, tricks={"A": 24, "B": 1}) == (
        34,
        4,
        "made",
    )


def test_scw_a_dropped_bid_conceded_gives_the_other_side_25_and_its_meld() -> None:
    # docs/rules.md §4: "Conceding (a side that opts not to play): it loses its meld; the other
    # side scores all 25 trick points plus its meld."
    conceded = result(SCW, dropped=True, meld={"A": 10, "B": 8}, conceded=True)
    assert (conceded.A, conceded.B, conceded.outcome) == (0, 25 + 8, "conceded")
    assert conceded.detail["set"] is False


def test_scw_renege_gives_the_other_side_its_meld_even_before_it_took_a_trick() -> None:
    # docs/rules.md §4: "Renege: the other side scores all 25 trick points plus its meld;
    # nobody is set." The other side is credited with every trick point, so the
    # one-trick rule cannot take its meld: the same hand scores the same whether
    # or not the sheet lists the trick points taken before the renege.
    without_tricks = score(SCW, bid=20, meld={"A": 10, "B": 8}, renege="B")
    assert without_tricks == (25 + 10, 0, "renege")
    no_trick_yet = score(SCW, bid=20, meld={"A": 10, "B": 8}, tricks={"A": 0, "B": 4}, renege="B")
    assert no_trick_yet == (25 + 10, 0, "renege")
    by_the_bidder = score(SCW, bid=20, meld={"A": 10, "B": 8}, tricks={"A": 3, "B": 0}, renege="A")
    assert by_the_bidder == (0, 25 + 8, "renege")


def test_scw_renege_with_no_trick_marked_still_gives_the_other_side_its_meld() -> None:
    # docs/rules.md §4: "Renege: the other side scores all 25 trick points plus its meld"
    marked = score(
        SCW,
        bid=20,
        meld={"A": 10, "B": 8},
        tricks={"A": 0, "B": 0},
        took_trick={"A": False, "B": False},
        renege="B",
    )
    assert marked == (25 + 10, 0, "renege")


def test_scw_renege_on_a_dropped_bid_sets_nobody() -> None:
    # docs/rules.md §4: "Renege: ... nobody is set." (a dropped bid is free of penalty anyway)
    by_dealer = result(SCW, dropped=True, meld={"A": 5, "B": 8}, renege="A")
    assert (by_dealer.A, by_dealer.B, by_dealer.outcome) == (0, 25 + 8, "renege")
    assert by_dealer.detail["set"] is False


# --- §5 house gin ---------------------------------------------------------------------------


def knock(side: str, mine: int, theirs: int, card: int = 10) -> dict[str, Any]:
    other = "B" if side == "A" else "A"
    return {"knocker": side, "gin": False, "deadwood": {side: mine, other: theirs},
            "knock_card": card}  # fmt: skip


def gin_hand(side: str, theirs: int) -> dict[str, Any]:
    other = "B" if side == "A" else "A"
    return {"knocker": side, "gin": True, "deadwood": {side: 0, other: theirs}}


def test_gin_a_knock_one_below_the_knock_card_is_allowed() -> None:
    # docs/rules.md §5: "the knocker's deadwood must be below the knock card's value"
    assert score(GIN, **knock("B", 9, 25)) == (0, 16, "knock")
    assert score(GIN, **knock("A", 0, 7, card=1)) == (7, 0, "knock")
    with pytest.raises(HandError, match=r"^deadwood\.A: 1 is not below the knock card \(1\)"):
        games.score_hand(knock("A", 1, 7, card=1), GIN)


def test_gin_undercut_by_one_is_two() -> None:
    # docs/rules.md §5: "the defender scores twice the difference"
    assert score(GIN, **knock("A", 9, 8)) == (0, 2, "undercut")


def test_gin_after_a_column_is_over_boxes_only_the_open_columns() -> None:
    # docs/rules.md §5: "A gin earns a box in every game column the hand is written in."
    hands = [
        knock("A", 0, 5),  # A: game 1
        knock("A", 0, 5),  # A: games 1, 2
        knock("A", 0, 5),  # A: games 1, 2, 3
        knock("B", 0, 60),  # B: game 1
        knock("B", 0, 60),  # B: games 1 (120, over) and 2
        gin_hand("A", 10),  # A: games 2 and 3 only
    ]
    match = games.score_game(hands, GIN)
    assert match.hands[-1].detail == {"winner": "A", "columns": [2, 3], "boxes": 2}
    assert match.extra["games"] == [{"A": 15, "B": 120}, {"A": 20, "B": 60}, {"A": 15, "B": 0}]
    assert match.extra["boxes"] == {"A": 2, "B": 0}
    # "A player's match score = the sum of their three game totals + 10 x boxes."
    assert match.total == {"A": 15 + 20 + 15 + 20, "B": 180}
    assert match.ended_by is None


def test_gin_that_ends_the_match_earns_its_boxes_and_nothing_follows() -> None:
    # docs/rules.md §5: "The match ends when all three games are over."
    hands = [knock("A", 0, 60), knock("A", 0, 60), knock("A", 0, 60), gin_hand("A", 60)]
    match = games.score_game(hands, GIN)
    # games 1 and 2 were over at 120 after hands 2 and 3; the gin goes in game 3 alone
    assert [h.detail["columns"] for h in match.hands] == [[1], [1, 2], [2, 3], [3]]
    assert match.hands[-1].detail["boxes"] == 1
    assert match.extra["games"] == [{"A": 120, "B": 0}] * 3
    assert match.ended_by == "limit"
    assert match.total == {"A": 360 + 10, "B": 0}
    with pytest.raises(HandError, match=r"^hand 5: hands: the match was over after hand 4"):
        games.score_game([*hands, gin_hand("B", 10)], GIN)


def test_gin_shut_out_of_games_one_and_two_a_first_gin_boxes_game_three_only() -> None:
    # docs/rules.md §5: "a player shut out of game 1 enters game 2 with their first win";
    # shut out of games 1 and 2, the first win enters game 3
    hands = [knock("B", 0, 60)] * 3 + [gin_hand("A", 30)]
    match = games.score_game(hands, GIN)
    assert [h.detail["columns"] for h in match.hands] == [[1], [1, 2], [2, 3], [3]]
    assert match.hands[-1].detail["boxes"] == 1
    assert match.extra["games"] == [{"A": 0, "B": 120}, {"A": 0, "B": 120}, {"A": 30, "B": 60}]
    assert match.total == {"A": 30 + 10, "B": 300}


def test_gin_a_replayed_knock_does_not_enter_a_game() -> None:
    # docs/rules.md §5: "A hand that scores nothing (a knock tie, an even exhausted stock) is
    # no win."
    match = games.score_game([knock("B", 0, 60)] * 2 + [knock("A", 7, 7), knock("A", 0, 3)], GIN)
    assert [h.detail["columns"] for h in match.hands] == [[1], [1, 2], [], [2]]


def test_gin_the_final_round_match_ends_at_150_in_every_game() -> None:
    # docs/rules.md §5: "target 120; 150 in the final round"
    hands = [knock("A", 0, 60)] * 5
    regular = games.score_game(hands[:4], GIN)
    assert regular.extra["games"] == [{"A": 120, "B": 0}] * 3
    assert regular.ended_by == "limit"
    four = games.score_game(hands[:4], GIN, final=True)
    assert [h.detail["columns"] for h in four.hands] == [[1], [1, 2], [1, 2, 3], [2, 3]]
    assert four.extra["games"] == [{"A": 180, "B": 0}, {"A": 180, "B": 0}, {"A": 120, "B": 0}]
    assert four.ended_by is None
    final = games.score_game(hands, GIN, final=True)
    assert final.extra["games"] == [{"A": 180, "B": 0}] * 3
    assert final.ended_by == "limit"


def test_gin_hand_after_a_sudden_death_match_is_decided_is_refused() -> None:
    # docs/rules.md §5: "sudden-death match to 60"
    with pytest.raises(HandError, match=r"^hand 2: hands: the match was over after hand 1"):
        gin.score_sudden_death([knock("A", 0, 60), knock("B", 0, 5)], GIN)


# --- §6 bid whist ---------------------------------------------------------------------------


def whist_hand(bidder: str, bid: int, kind: str, books: int | None, infraction=None) -> dict:
    other = "B" if bidder == "A" else "A"
    counted = None if books is None else {bidder: books, other: 13 - books}
    return {"bidder": bidder, "bid": bid, "kind": kind, "books": counted,
            "infraction": infraction}  # fmt: skip


def with_multiplier(multiplier: int) -> Rules:
    assert WHIST.whist is not None
    changed = WHIST.whist.model_copy(update={"no_trump_multiplier": multiplier})
    return WHIST.model_copy(update={"whist": changed})


def test_whist_made_needs_exactly_the_bid_plus_6_books() -> None:
    # docs/rules.md §6: "Made (bidding side books >= bid + 6): it scores books - 6. Set: the other
    # side scores the bid; the bidding side nothing."
    assert score(WHIST, **whist_hand("A", 7, "cards", 13)) == (7, 0, "made")
    assert score(WHIST, **whist_hand("A", 7, "cards", 12)) == (0, 7, "set")
    assert score(WHIST, **whist_hand("B", 4, "special", 11)) == (0, 5, "made")


def test_whist_no_bids_with_a_multiplier_of_3() -> None:
    # docs/rules.md §6: "(Club setting no_trump_multiplier, default 1, multiplies both for NO
    # bids.)"
    tripled = with_multiplier(3)
    assert score(tripled, **whist_hand("A", 4, "no", 11)) == (15, 0, "made")
    assert score(tripled, **whist_hand("A", 4, "no", 9)) == (0, 12, "set")
    assert score(tripled, **whist_hand("A", 4, "cards", 11)) == (5, 0, "made")
    assert score(tripled, **whist_hand("B", 6, "special", 9)) == (6, 0, "set")


def test_whist_a_round_of_no_bids_with_a_multiplier_and_its_fifth_hand() -> None:
    # docs/rules.md §6: "Round: the side with more points after 4 hands wins. On a tie a fifth
    # hand decides the winner; its points are not added to the totals."
    hands = [
        whist_hand("A", 5, "no", 11),  # A +5, doubled +10
        whist_hand("B", 5, "cards", 11),  # B +5
        whist_hand("A", 4, "cards", 10),  # A +4
        whist_hand("B", 4, "special", 10),  # B +4
    ]
    plain = games.score_game(hands, WHIST)
    assert plain.total == {"A": 9, "B": 9} and "winner" not in plain.extra
    doubled = games.score_game(hands, with_multiplier(2))
    assert [(h.A, h.B) for h in doubled.hands] == [(10, 0), (0, 5), (4, 0), (0, 4)]
    assert doubled.total == {"A": 14, "B": 9} and doubled.extra["winner"] == "A"
    # doubled, the round is not tied, so no fifth hand is played
    with pytest.raises(HandError, match=r"^hand 5: hands: the round was over after 4 hands"):
        games.score_game([*hands, whist_hand("A", 6, "no", 9)], with_multiplier(2))
    # at the default multiplier the tie at 9 is decided by a fifth hand, not added
    tiebreak = games.score_game([*hands, whist_hand("A", 6, "no", 9)], WHIST)
    assert (tiebreak.hands[-1].A, tiebreak.hands[-1].B) == (0, 6)
    assert tiebreak.total == {"A": 9, "B": 9} and tiebreak.extra["winner"] == "B"
    tripled = [whist_hand("A", 5, "no", 11), whist_hand("B", 5, "no", 11)] * 2  # 15 each
    after = games.score_game([*tripled, whist_hand("A", 6, "no", 9)], with_multiplier(3))
    assert (after.hands[-1].A, after.hands[-1].B) == (0, 18)
    assert after.total == {"A": 30, "B": 30} and after.extra["winner"] == "B"


def test_whist_an_infraction_in_the_fifth_hand_decides_the_round() -> None:
    # docs/rules.md §6: "Infraction (loss of hand): the offending side scores nothing and the
    # other side scores the points of the bid."
    four = [whist_hand("A", 5, "cards", 11), whist_hand("B", 5, "cards", 11)] * 2
    decided = games.score_game([*four, whist_hand("A", 7, "special", None, infraction="A")], WHIST)
    assert (decided.hands[-1].A, decided.hands[-1].B) == (0, 7)
    assert decided.total == {"A": 10, "B": 10} and decided.extra["winner"] == "B"


def test_whist_an_infraction_by_the_defenders_gives_the_bidder_the_bid_not_its_books() -> None:
    # docs/rules.md §6: "the other side scores the points of the bid"
    assert score(WHIST, **whist_hand("A", 4, "cards", 12, infraction="B")) == (4, 0, "infraction")


def test_whist_no_hand_after_the_round_is_decided() -> None:
    # docs/cli.md: "A hand listed after the game ended is an error"
    four = [whist_hand("A", 5, "cards", 11)] * 4
    with pytest.raises(HandError, match=r"^hand 5: hands: the round was over after 4 hands"):
        games.score_game([*four, whist_hand("B", 4, "cards", 10)], WHIST)


def test_whist_improper_bid_keeps_its_kind() -> None:
    # docs/rules.md §6: "An improper bid goes to the next higher number in the same kind."
    assert whist.improper_bid_correction(4, "cards", (6, "no"), WHIST) == (7, "cards")
    assert whist.improper_bid_correction(6, "no", (6, "no"), WHIST) == (7, "no")
