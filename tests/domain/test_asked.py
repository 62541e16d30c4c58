"""What a hand on the score sheet asks for as it is typed (``domain.games.asked``), and a sheet
being typed worked out by the one sheet calculation (``sheet.sheet_so_far``)."""

from __future__ import annotations

from clubdesk.domain import games
from clubdesk.domain.event.model import Adjustment, Score
from clubdesk.domain.event.sheet import sheet_result, sheet_so_far
from clubdesk.domain.games.sheets import asked, fixed_pair, rest, typed_hand
from tests.formats import lookup

GP = lookup("grand-prix-pinochle")
NPA = lookup("npa-club-pinochle")
SCW = lookup("sun-city-west-pinochle")
WHIST = lookup("bid-whist")
GIN = lookup("house-gin")


def row(**fields) -> dict:
    """A pinochle row as typed: every field, None where blank."""
    typed = {
        "bidder": "A", "bid": None, "dropped": False, "marriage": True,
        "meld": {"A": None, "B": None}, "tricks": {"A": None, "B": None},
        "renege": None, "all_tricks": None,
    }  # fmt: skip
    typed.update(fields)
    return typed


def test_the_other_sides_tricks_are_the_rest_of_the_decks_trick_points() -> None:
    """Seed 000: trick points are 50 a hand (double deck); seed 002: 25 (single deck)."""
    assert fixed_pair(GP) == ("tricks", 50) and fixed_pair(SCW) == ("tricks", 25)
    assert rest(GP, "tricks.A", 31) == 19 and rest(SCW, "tricks.B", 10) == 15
    assert fixed_pair(WHIST) == ("books", 13) and rest(WHIST, "books.A", 9) == 4
    assert rest(GP, "tricks.A", 51) is None and rest(GP, "meld.A", 20) is None
    assert fixed_pair(GIN) is None


def test_a_played_hand_asks_for_everything() -> None:
    assert asked(row(bid=55, meld={"A": 20, "B": 0}), GP).skipped == frozenset()


def test_a_grand_prix_hand_without_a_marriage_asks_for_no_tricks_and_no_meld() -> None:
    """Seed 000: "If the bidder does not have a marriage, the bidder is "set" the hand is not
    played ... Neither side counts anything for meld"."""
    typed = row(bid=55, marriage=False)
    found = asked(typed, GP)
    assert {"tricks.A", "tricks.B", "meld.A", "meld.B", "renege", "all_tricks"} <= found.skipped
    hand = typed_hand(typed, GP)
    assert hand == {"bidder": "A", "bid": 55, "dropped": False, "marriage": False}
    assert games.score_hand(hand, GP).B == 55  # the bid to the opponents, no zero typed


def test_an_npa_hand_without_a_marriage_asks_only_for_the_opponents_meld() -> None:
    """Seed 001: "you are "set" the bid ... No trump will be named but opponents can "meld"
    if they have over 20"."""
    found = asked(row(bidder="B", bid=52, marriage=False), NPA)
    assert "meld.B" in found.skipped and "meld.A" not in found.skipped
    assert found.zero == frozenset({"meld.A"})
    blank = typed_hand(row(bidder="B", bid=52, marriage=False), NPA)
    assert blank["meld"] == {"A": 0, "B": 0} and "tricks" not in blank
    melded = typed_hand(row(bidder="B", bid=52, marriage=False, meld={"A": 30, "B": None}), NPA)
    assert melded["meld"] == {"A": 30, "B": 0}
    assert games.score_hand(melded, NPA).A == 30


def test_sun_city_west_asks_for_no_marriage_and_plays_every_hand() -> None:
    # seed 002 has no no-marriage rule (no_marriage = "off"): no Marriage column on the
    # sheet the window, the phones and the paper read, and a hand always asks for its tricks
    assert "marriage" not in [column.key for column in games.sheets.columns_for(SCW)]
    assert "marriage" in [column.key for column in games.sheets.columns_for(NPA)]
    assert asked(row(bid=20, marriage=False), SCW).skipped == frozenset()


def test_an_npa_bid_out_of_reach_is_not_played() -> None:
    """Seed 001: "If you take the bid and have to pull more than 50 points to make your bid,
    the "hand" is not playable"."""
    typed = row(bid=80, meld={"A": 10, "B": 24})
    assert "tricks.A" in asked(typed, NPA).skipped
    assert asked(row(bid=80, meld={"A": 30, "B": 24}), NPA).skipped == frozenset()
    hand = typed_hand(typed, NPA)
    assert "tricks" not in hand and games.score_hand(hand, NPA).A == -80


def test_a_conceded_hand_asks_for_the_meld_of_the_side_that_did_not_concede() -> None:
    found = asked(row(bid=21, conceded="B"), SCW)
    assert "tricks.A" in found.skipped and "meld.B" in found.skipped
    assert "meld.A" not in found.skipped


def test_a_gin_asks_for_no_knock_card_and_no_zero_deadwood() -> None:
    typed = {"knocker": "B", "gin": True, "deadwood": {"A": 25, "B": None}, "knock_card": None}
    assert asked(typed, GIN).skipped == frozenset({"knock_card"})
    hand = typed_hand(typed, GIN)
    assert hand == {"knocker": "B", "gin": True, "deadwood": {"A": 25, "B": 0}}
    games.score_hand(hand, GIN)
    knock = {"knocker": "A", "gin": False, "deadwood": {"A": 5, "B": None}, "knock_card": None}
    assert typed_hand(knock, GIN)["deadwood"] == {"A": 5, "B": None}  # named by the engine


def test_a_blank_stays_blank_where_the_hand_needs_it() -> None:
    hand = typed_hand(row(bid=None, meld={"A": 20, "B": None}), GP)
    assert hand["bid"] is None and hand["meld"] == {"A": 20, "B": None}
    assert "tricks" not in hand  # both halves blank: a hand not played out, for the engine


LINE = Adjustment("a", 100, "side B 7 minutes late")
HAND = {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 30, "B": 20}}


def test_a_pinochle_sheet_so_far_starts_its_running_totals_from_its_lines() -> None:
    """docs/rules.md §1: "A penalty line (lateness: 100 to the opponents) is part of the running
    total"."""
    so_far = sheet_so_far(GP, 1, [HAND, HAND], [LINE])
    assert so_far.lines_first and [x.totals for x in so_far.lines] == [{"A": 100, "B": 0}]
    assert so_far.played is not None and so_far.played.totals[0] == {"A": 150, "B": 40}
    assert so_far.score == Score(200, 80)
    assert so_far.score == sheet_result(GP, 1, hands=[HAND, HAND], adjustments=[LINE]).score


def test_a_bid_whist_sheet_adds_its_lines_after_the_hands() -> None:
    made = {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}}
    lines = [Adjustment("b", 3, "a ruling")]
    so_far = sheet_so_far(WHIST, 1, [made], lines)
    assert not so_far.lines_first
    assert [x.totals for x in so_far.lines] == [{"A": 4, "B": 3}]
    assert so_far.score == Score(4, 3)
    assert so_far.score == sheet_result(WHIST, 1, hands=[made], adjustments=lines).score


def test_a_sheet_so_far_stops_at_its_first_wrong_hand() -> None:
    wrong = {**HAND, "bid": 49}
    so_far = sheet_so_far(GP, 1, [HAND, wrong, HAND])
    assert so_far.error is not None and so_far.error.hand_number == 2
    assert so_far.played is not None and len(so_far.played.hands) == 1
    assert so_far.score == Score(50, 40)


def test_a_level_game_is_level_once_its_hands_end_it() -> None:
    level = {**HAND, "meld": {"A": 0, "B": 0}, "tricks": {"A": 25, "B": 25}}
    both = [dict(level, bidder=side) for side in "AB" * 4]
    assert sheet_so_far(GP, 1, both).level
    assert not sheet_so_far(GP, 1, both[:2]).level  # level, but not over


def test_a_fifth_hand_that_decides_a_level_bid_whist_game_asks_no_tie_winner() -> None:
    # seed 004: "In the event of a tie, a fifth hand shall be played to determine a winner
    # for the round. Points earned in the fifth hand will not count toward the cumulative
    # total for the round." (docs/rules.md §6)
    made_a = {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}}
    made_b = {"bidder": "B", "bid": 5, "kind": "cards", "books": {"A": 2, "B": 11}}
    four = [made_a, made_b, made_a, made_b]
    assert sheet_so_far(WHIST, 1, four).level  # level after four: a fifth hand, or the winner
    fifth = sheet_so_far(WHIST, 1, [*four, made_a])
    assert (fifth.score, fifth.decided) == (Score(10, 10), "a")
    assert not fifth.level  # the fifth hand said who won: nothing to ask
