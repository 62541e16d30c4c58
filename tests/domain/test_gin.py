"""House gin (docs/rules.md §5): hand scoring, validation, Hollywood matches, sudden death."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games import gin
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from tests.properties import examples

RULES = load_rules("house-gin")


def with_gin(**changes: int) -> Rules:
    assert RULES.gin is not None
    return RULES.model_copy(update={"gin": RULES.gin.model_copy(update=changes)})


def knock(side: str, mine: int, theirs: int, card: int = 10) -> dict:
    deadwood = {side: mine, "B" if side == "A" else "A": theirs}
    return {"knocker": side, "gin": False, "deadwood": deadwood, "knock_card": card}


def gin_hand(side: str, theirs: int) -> dict:
    deadwood = {side: 0, "B" if side == "A" else "A": theirs}
    return {"knocker": side, "gin": True, "deadwood": deadwood, "knock_card": 10}


def exhausted(a: int, b: int) -> dict:
    return {"knocker": None, "gin": False, "deadwood": {"A": a, "B": b}, "knock_card": 7}


def score(data: dict, rules: Rules = RULES) -> tuple[int, int, str]:
    result = gin.score_hand(gin.parse_hand(data, rules), rules)
    return result.A, result.B, result.outcome


# --- hand scoring ---------------------------------------------------------------------------


def test_knock_scores_the_difference_for_the_knocker():
    assert score(knock("A", 4, 19)) == (15, 0, "knock")  # docs/cli.md's example hand
    # the seed: "a player knocks with 8, and the defender has 10 ... receives 2 points"
    assert score(knock("B", 8, 10, card=9)) == (0, 2, "knock")


def test_knock_points_do_not_depend_on_the_knock_card():
    # "A spade knock card is not doubled": the card only limits who may knock
    assert score(knock("A", 3, 20, card=4)) == score(knock("A", 3, 20, card=10)) == (17, 0, "knock")


def test_undercut_scores_twice_the_difference_for_the_defender():
    assert score(knock("A", 8, 5)) == (0, 6, "undercut")
    assert score(knock("B", 9, 0)) == (18, 0, "undercut")


def test_undercut_multiplier_comes_from_the_rules_file():
    assert score(knock("A", 8, 5), with_gin(undercut_multiplier=3)) == (0, 9, "undercut")


def test_equal_deadwood_on_a_knock_is_replayed_without_score():
    result = gin.score_hand(knock("A", 6, 6), RULES)
    assert (result.A, result.B, result.outcome) == (0, 0, "replay")
    assert result.detail["winner"] is None


def test_gin_scores_the_opponents_whole_deadwood():
    assert score(gin_hand("B", 37)) == (0, 37, "gin")
    assert gin.score_hand(gin_hand("B", 37), RULES).detail["winner"] == "B"


def test_stock_exhausted_lower_deadwood_scores_the_difference():
    assert score(exhausted(30, 12)) == (0, 18, "exhausted")
    assert score(exhausted(3, 12)) == (9, 0, "exhausted")


def test_stock_exhausted_with_equal_deadwood_scores_nothing():
    result = gin.score_hand(exhausted(14, 14), RULES)
    assert (result.A, result.B, result.outcome) == (0, 0, "exhausted-even")
    assert result.detail["winner"] is None


def test_score_hand_accepts_the_hand_as_json():
    assert gin.score_hand(knock("A", 4, 19), RULES).to_json() == {
        "A": 15,
        "B": 0,
        "outcome": "knock",
        "winner": "A",
    }


# --- validation -----------------------------------------------------------------------------


def test_parse_hand_returns_the_hand():
    hand = gin.parse_hand(knock("A", 4, 19), RULES)
    assert hand == gin.GinHand("A", False, {"A": 4, "B": 19}, 10)


def test_knocker_must_be_below_the_knock_card():
    with pytest.raises(HandError) as caught:
        gin.parse_hand(knock("A", 12, 30, card=10), RULES)
    assert str(caught.value) == "deadwood.A: 12 is not below the knock card (10)"
    with pytest.raises(HandError, match=r"^deadwood\.B: 5 is not below the knock card \(5\)$"):
        gin.parse_hand(knock("B", 5, 30, card=5), RULES)
    assert gin.parse_hand(knock("B", 4, 30, card=5), RULES).knock_card == 5


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**knock("A", 4, 19), "knocker": "C"}, "knocker"),
        ({**knock("A", 4, 19), "gin": "yes"}, "gin"),
        ({**knock("A", 4, 19), "deadwood": None}, "deadwood"),
        ({**knock("A", 4, 19), "deadwood": {"A": 4}}, "deadwood"),
        ({**knock("A", 4, 19), "deadwood": {"A": 4, "B": -1}}, "deadwood.B"),
        ({**knock("A", 4, 19), "deadwood": {"A": 4, "B": 99}}, "deadwood.B"),
        ({**knock("A", 4, 19), "deadwood": {"A": 4.5, "B": 9}}, "deadwood.A"),
        ({**knock("A", 4, 19), "knock_card": None}, "knock_card"),
        ({**knock("A", 0, 19), "knock_card": 0}, "knock_card"),
        ({**knock("A", 4, 19), "knock_card": 11}, "knock_card"),
        ({**exhausted(4, 19), "knock_card": 12}, "knock_card"),
        ({**gin_hand("A", 19), "knocker": None}, "knocker"),
        ({**gin_hand("A", 19), "deadwood": {"A": 3, "B": 19}}, "deadwood.A"),
        ([1, 2], "hand"),
    ],
)
def test_invalid_hands_name_the_field(data, field):
    with pytest.raises(HandError) as caught:
        gin.parse_hand(data, RULES)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")


def test_gin_with_deadwood_says_a_gin_leaves_none():
    with pytest.raises(HandError, match=r"^deadwood\.B: 3, but a gin leaves no deadwood"):
        gin.parse_hand(gin_hand("B", 19) | {"deadwood": {"A": 19, "B": 3}}, RULES)


def test_knock_card_is_needed_only_for_a_knock():
    del_card = {k: v for k, v in gin_hand("A", 19).items() if k != "knock_card"}
    assert gin.parse_hand(del_card, RULES).knock_card is None
    assert gin.parse_hand(exhausted(3, 4) | {"knock_card": None}, RULES).knock_card is None
    no_gin_key = {k: v for k, v in exhausted(3, 4).items() if k != "gin"}
    assert gin.parse_hand(no_gin_key, RULES).gin is False


def test_knock_limit_comes_from_the_rules_file():
    with pytest.raises(HandError, match=r"^knock_card: must be at most 7, not 8$"):
        gin.parse_hand(knock("A", 2, 19, card=8), with_gin(knock_limit=7))


def test_max_deadwood_is_a_ten_card_hand_without_a_meld():
    ranks = {"A": 1, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}
    cards = ("10S", "10H", "JD", "JC", "QS", "QH", "KD", "KC", "9D", "9C")
    hand = [(ranks[card[:-1]], card[-1]) for card in cards]
    # no three of a rank (a set), no three in sequence in one suit (a run)
    assert all([rank for rank, _ in hand].count(rank) <= 2 for rank, _ in hand)
    for rank, suit in hand:
        assert not {(rank + 1, suit), (rank + 2, suit)} <= set(hand)
    assert sum(min(rank, 10) for rank, _ in hand) == gin.MAX_DEADWOOD == 98
    # no hand without a meld counts more: at most two cards of each of the 13 ranks
    values = [min(rank, 10) for rank in range(1, 14)]
    assert sum(sorted(values * 2)[-10:]) == 98
    assert gin.parse_hand(exhausted(98, 98), RULES).deadwood == {"A": 98, "B": 98}


# --- Hollywood ------------------------------------------------------------------------------


def test_first_win_enters_game_one_second_games_one_and_two_then_all_three():
    result = gin.score_game(
        [knock("A", 0, 5), knock("A", 0, 7), knock("A", 0, 9), knock("A", 0, 11)], RULES
    )
    assert [hand.detail["columns"] for hand in result.hands] == [[1], [1, 2], [1, 2, 3], [1, 2, 3]]
    assert result.extra["games"] == [{"A": 32, "B": 0}, {"A": 27, "B": 0}, {"A": 20, "B": 0}]
    assert result.total == {"A": 79, "B": 0}
    assert [t["A"] for t in result.totals] == [5, 19, 46, 79]
    assert result.ended_by is None


def test_each_player_enters_the_games_on_their_own_wins():
    result = gin.score_game([knock("A", 0, 5), knock("B", 0, 8), knock("A", 0, 7)], RULES)
    assert [hand.detail["columns"] for hand in result.hands] == [[1], [1], [1, 2]]
    assert result.extra["games"] == [{"A": 12, "B": 8}, {"A": 7, "B": 0}, {"A": 0, "B": 0}]


def test_a_hand_that_scores_nothing_is_no_win():
    result = gin.score_game([knock("A", 6, 6), exhausted(9, 9), knock("A", 0, 5)], RULES)
    assert [hand.detail["columns"] for hand in result.hands] == [[], [], [1]]
    assert result.extra["games"][1] == {"A": 0, "B": 0}


def test_a_player_shut_out_of_game_one_enters_game_two_with_the_first_win():
    hands = [knock("B", 0, 60), knock("B", 0, 60), knock("A", 0, 5), knock("A", 0, 7)]
    result = gin.score_game(hands, RULES)
    # B: 60 in game 1, then 60 in games 1 and 2: game 1 is over at 120
    assert [hand.detail["columns"] for hand in result.hands] == [[1], [1, 2], [2], [2, 3]]
    assert result.extra["games"] == [{"A": 0, "B": 120}, {"A": 12, "B": 60}, {"A": 7, "B": 0}]


def test_a_player_shut_out_of_games_one_and_two_enters_game_three():
    hands = [knock("B", 0, 60)] * 3 + [knock("A", 0, 5), knock("A", 0, 7)]
    result = gin.score_game(hands, RULES)
    assert [hand.detail["columns"] for hand in result.hands] == [[1], [1, 2], [2, 3], [3], [3]]
    assert result.extra["games"] == [{"A": 0, "B": 120}, {"A": 0, "B": 120}, {"A": 12, "B": 60}]


def test_an_entered_game_that_is_over_takes_no_more_and_the_next_open_game_is_entered():
    hands = [knock("A", 0, 5)] + [knock("B", 0, 60)] * 3 + [knock("A", 0, 7)]
    result = gin.score_game(hands, RULES)
    assert result.hands[-1].detail["columns"] == [3]
    assert result.extra["games"] == [{"A": 5, "B": 120}, {"A": 0, "B": 120}, {"A": 7, "B": 60}]


def test_a_game_is_over_when_a_total_reaches_the_target_exactly():
    result = gin.score_game([knock("A", 0, 60), knock("A", 0, 60), knock("A", 0, 1)], RULES)
    assert result.extra["games"][0] == {"A": 120, "B": 0}  # not written in after 120
    assert result.hands[2].detail["columns"] == [2, 3]


def test_the_final_round_plays_to_the_final_target():
    hands = [knock("A", 0, 60)] * 3
    regular = gin.score_game(hands, RULES)
    final = gin.score_game(hands, RULES, final=True)
    assert [g["A"] for g in regular.extra["games"]] == [120, 120, 60]
    assert [g["A"] for g in final.extra["games"]] == [180, 120, 60]


def test_the_match_ends_when_all_three_games_are_over():
    hands = [knock("B", 0, 60)] * 4
    result = gin.score_game(hands, RULES)
    assert result.extra["games"] == [{"A": 0, "B": 120}] * 3
    assert result.ended_by == "limit"
    assert result.total == {"A": 0, "B": 360}
    assert gin.score_game(hands[:3], RULES).ended_by is None


def test_a_hand_after_the_match_ended_is_an_error_naming_it():
    hands = [knock("B", 0, 60)] * 4 + [knock("A", 0, 5)]
    with pytest.raises(HandError) as caught:
        gin.score_game(hands, RULES)
    assert str(caught.value).startswith("hand 5: hands: ")
    assert "over after hand 4" in str(caught.value)


def test_an_invalid_hand_in_a_match_names_its_number():
    with pytest.raises(HandError, match=r"^hand 2: deadwood\.A: 12 is not below"):
        gin.score_game([knock("A", 0, 5), knock("A", 12, 30)], RULES)


def test_a_gin_earns_a_box_in_every_game_it_is_written_in():
    hands = [gin_hand("A", 10), gin_hand("A", 10), gin_hand("A", 10)]
    result = gin.score_game(hands, RULES)
    assert [hand.detail["boxes"] for hand in result.hands] == [1, 2, 3]
    assert result.extra["boxes"] == {"A": 6, "B": 0}
    # games 30 + 20 + 10, plus 6 boxes of 10
    assert result.total == {"A": 60 + 60, "B": 0}


def test_a_gin_after_a_shut_out_boxes_only_the_games_it_is_written_in():
    hands = [knock("B", 0, 60), knock("B", 0, 60), gin_hand("A", 4)]
    result = gin.score_game(hands, RULES)
    assert result.hands[-1].detail == {"winner": "A", "columns": [2], "boxes": 1}
    assert result.extra["boxes"] == {"A": 1, "B": 0}


def test_box_points_come_from_the_rules_file():
    result = gin.score_game([gin_hand("B", 5)], with_gin(box_points=25))
    assert result.total == {"A": 0, "B": 30}


def test_seed_example_match_score_is_402():
    # the seed: games 83, 73 and 56 and 19 boxes (gins) make 402
    assert (
        gin.match_score(
            [{"A": 83, "B": 0}, {"A": 73, "B": 0}, {"A": 56, "B": 0}], {"A": 19, "B": 0}, RULES
        )["A"]
        == 402
    )
    a_wins = [gin_hand("A", 10), knock("A", 2, 19)] + [
        gin_hand("A", points) for points in (10, 10, 10, 10, 8, 8)
    ]
    b_wins = [knock("B", 0, 60)] * 4  # B then takes all three games
    result = gin.score_game(a_wins + b_wins, RULES)
    assert result.extra["games"] == [{"A": 83, "B": 120}, {"A": 73, "B": 120}, {"A": 56, "B": 120}]
    assert result.extra["boxes"] == {"A": 19, "B": 0}
    assert result.total == {"A": 402, "B": 360}
    assert result.ended_by == "limit"
    data = result.to_json()
    assert data["total"] == {"A": 402, "B": 360}
    assert data["games"] == result.extra["games"] and data["boxes"] == {"A": 19, "B": 0}
    assert data["hands"][0] == {
        "A": 10,
        "B": 0,
        "outcome": "gin",
        "winner": "A",
        "columns": [1],
        "boxes": 1,
        "total": {"A": 20, "B": 0},
    }


# --- sudden death ---------------------------------------------------------------------------


def test_sudden_death_is_one_game_to_sixty():
    hands = [knock("A", 0, 30), knock("B", 0, 59), gin_hand("A", 30)]
    result = gin.score_sudden_death(hands, RULES)
    assert [hand.detail["columns"] for hand in result.hands] == [[1], [1], [1]]
    assert result.extra["games"] == [{"A": 60, "B": 59}]
    assert result.extra["winner"] == "A"
    assert result.ended_by == "limit"
    assert result.total == {"A": 70, "B": 59}  # the box counts in the score, not for the win


def test_sudden_death_has_no_winner_until_the_target_is_reached():
    result = gin.score_sudden_death([knock("A", 0, 30), knock("B", 0, 59)], RULES)
    assert "winner" not in result.extra
    assert result.ended_by is None


def test_a_hand_after_sudden_death_is_decided_is_an_error():
    with pytest.raises(HandError, match=r"^hand 3: hands: the match was over after hand 2"):
        gin.score_sudden_death([knock("B", 0, 30), knock("B", 0, 30), knock("A", 0, 5)], RULES)


def test_sudden_death_target_and_bonus_come_from_the_rules_file():
    rules = with_gin(sudden_death_target=40, sudden_death_bonus=2)
    assert gin.score_sudden_death([knock("B", 0, 40)], rules).extra["winner"] == "B"
    assert gin.sudden_death_bonus("B", rules) == {"A": 0, "B": 2}
    assert gin.sudden_death_bonus("A", RULES) == {"A": 1, "B": 0}


def test_gin_functions_refuse_rules_of_another_game():
    with pytest.raises(UserError, match="not a gin format"):
        gin.score_game([], load_rules("bid-whist"))


# --- properties -----------------------------------------------------------------------------

sides = st.sampled_from(["A", "B"])
deadwood = st.integers(0, gin.MAX_DEADWOOD)


@st.composite
def hands(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(["knock", "gin", "exhausted"]))
    if kind == "exhausted":
        return exhausted(draw(deadwood), draw(deadwood))
    side = draw(sides)
    if kind == "gin":
        return gin_hand(side, draw(deadwood))
    card = draw(st.integers(1, 10))
    return knock(side, draw(st.integers(0, card - 1)), draw(deadwood), card)


def play_until_over(hand_list: list[dict], final: bool = False):
    try:
        return gin.score_game(hand_list, RULES, final=final), hand_list
    except HandError as exc:  # a hand after the end: keep the hands up to it
        assert exc.field == "hands"
        kept = hand_list[: exc.hand_number - 1]
        return gin.score_game(kept, RULES, final=final), kept


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(hands(), max_size=40), st.booleans())
def test_columns_never_exceed_what_was_won_and_boxes_match_gins(hand_list, final):
    result, kept = play_until_over(hand_list, final)
    assert len(result.hands) == len(kept)
    for side in ("A", "B"):
        won = [hand for hand in result.hands if hand.detail["winner"] == side]
        won_points = sum(hand.points(side) for hand in won)
        for game in result.extra["games"]:
            assert game[side] <= won_points
        gins = [hand for hand in won if hand.outcome == "gin"]
        assert result.extra["boxes"][side] == sum(len(hand.detail["columns"]) for hand in gins)
        assert len(gins) <= result.extra["boxes"][side] <= 3 * len(gins)
        games_sum = sum(game[side] for game in result.extra["games"])
        assert result.total[side] == games_sum + 10 * result.extra["boxes"][side]
        for number, hand in enumerate(won, start=1):
            assert 1 <= len(hand.detail["columns"]) <= min(number, 3)
    target = 150 if final else 120
    over = [max(game.values()) >= target for game in result.extra["games"]]
    assert (result.ended_by == "limit") == all(over)
    if result.hands:
        assert result.totals[-1] == result.total


@settings(max_examples=examples(100), deadline=None)
@given(hands())
def test_exactly_the_winner_scores_and_only_a_tie_scores_nothing(data):
    result = gin.score_hand(data, RULES)
    winner = result.detail["winner"]
    if winner is None:
        assert (result.A, result.B) == (0, 0)
        assert result.outcome in {"replay", "exhausted-even"}
    else:
        loser = "B" if winner == "A" else "A"
        assert result.points(loser) == 0
        assert result.points(winner) > 0 or result.outcome == "gin"
