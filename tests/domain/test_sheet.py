"""A score sheet's result: hands or a typed score, adjustment lines, a tie's winner, amendments."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clubdesk.domain.event.model import Adjustment, Amendment, Score, SheetResult
from clubdesk.domain.event.sheet import (
    AmendmentError,
    WinnerError,
    apply_amendments,
    sheet_result,
)
from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.hands import HandError

GP = load_rules("grand-prix-pinochle", extra_dirs=[])
WHIST = load_rules("bid-whist", extra_dirs=[])
AT = datetime(2011, 10, 22, 12, 0, tzinfo=UTC)

# Grand Prix: 116 to 118 after two hands (tests/domain/data/event_grand_prix_small.json)
GP_HANDS = [
    {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 40, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 65, "marriage": True, "meld": {"A": 24, "B": 50},
     "tricks": {"A": 22, "B": 28}},
]  # fmt: skip
# Bid whist: 9 to 9 after four hands; the fifth hand breaks the tie for B
WHIST_TIED = [
    {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}},
    {"bidder": "B", "bid": 4, "kind": "no", "books": {"A": 3, "B": 10}},
    {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    {"bidder": "B", "bid": 5, "kind": "special", "books": {"A": 2, "B": 11}},
    {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 2, "B": 11}},
]
LATE = Adjustment("b", 100, "late")


def amend(before: SheetResult, after: SheetResult, reason: str = "adding error") -> Amendment:
    return Amendment("Director Dee", AT, reason, before, after)


def test_the_hands_give_the_score() -> None:
    assert sheet_result(GP, 1, hands=GP_HANDS) == SheetResult(Score(116, 118))


def test_a_partial_list_of_hands_gives_the_running_score() -> None:
    assert sheet_result(GP, 1, hands=GP_HANDS[:1]) == SheetResult(Score(70, 40))
    assert sheet_result(GP, 1, hands=[]) == SheetResult(Score(0, 0))
    assert sheet_result(WHIST, 1, hands=WHIST_TIED[:2]).winner is None


def test_adjustment_lines_count_on_hands_and_on_a_typed_score() -> None:
    assert sheet_result(GP, 1, hands=GP_HANDS, adjustments=[LATE]).score == Score(116, 218)
    typed = sheet_result(GP, 1, typed=Score(310, 420), adjustments=[Adjustment("a", 100, "x")])
    assert typed == SheetResult(Score(410, 420))


def test_a_wrong_hand_is_named() -> None:
    with pytest.raises(HandError, match="hand 2: bid: 63 is not on the bid ladder"):
        sheet_result(GP, 1, hands=[GP_HANDS[0], {**GP_HANDS[1], "bid": 63}])


def test_a_recorded_winner_settles_a_tied_score() -> None:
    result = sheet_result(GP, 1, typed=Score(300, 300), winner="b")
    assert result == SheetResult(Score(300, 300), "b") and result.won_by() == "b"
    assert sheet_result(GP, 1, typed=Score(300, 300)).won_by() is None


def test_a_recorded_winner_is_only_for_a_tied_score() -> None:
    with pytest.raises(WinnerError, match=r"winner 'b', but a has the higher score \(a 4, b 2\)"):
        sheet_result(GP, 1, typed=Score(4, 2), winner="b")
    with pytest.raises(WinnerError, match="winner 'a': only a tied game has one"):
        sheet_result(GP, 1, typed=Score(4, 2), winner="a")


def test_the_fifth_hand_decides_a_tie_and_a_disagreeing_winner_is_an_error() -> None:
    assert sheet_result(WHIST, 1, hands=WHIST_TIED) == SheetResult(Score(9, 9), "b")
    assert sheet_result(WHIST, 1, hands=WHIST_TIED, winner="b").winner == "b"
    with pytest.raises(WinnerError, match="winner 'a', but the hands give the tie to 'b'") as err:
        sheet_result(WHIST, 1, hands=WHIST_TIED, winner="a")
    assert err.value.decided == "b"


def test_lines_that_break_the_tie_leave_the_fifth_hand_out() -> None:
    result = sheet_result(WHIST, 1, hands=WHIST_TIED, adjustments=[Adjustment("a", 1, "x")])
    assert result == SheetResult(Score(10, 9))


def test_amendments_apply_in_order() -> None:
    submitted = SheetResult(Score(116, 218))
    first = SheetResult(Score(116, 228))
    second = SheetResult(Score(300, 300), "a")
    result = sheet_result(GP, 1, hands=GP_HANDS, adjustments=[LATE],
                          amendments=[amend(submitted, first), amend(first, second)])  # fmt: skip
    assert result == second and result.won_by() == "a"
    assert apply_amendments(submitted, []) == submitted


def test_an_amendment_must_correct_the_result_it_names() -> None:
    submitted = SheetResult(Score(116, 218))
    stale = amend(SheetResult(Score(1, 2)), SheetResult(Score(3, 2)))
    with pytest.raises(AmendmentError, match=r"amendments\[1\].before: a 1, b 2, but the sheet "
                                             r"gives a 116, b 228"):  # fmt: skip
        apply_amendments(submitted, [amend(submitted, SheetResult(Score(116, 228))), stale])


def test_an_amendment_flips_who_won() -> None:
    submitted = sheet_result(GP, 1, hands=GP_HANDS)
    assert submitted.won_by() == "b"
    flipped = sheet_result(GP, 1, hands=GP_HANDS,
                           amendments=[amend(submitted, SheetResult(Score(126, 118)))])  # fmt: skip
    assert flipped.won_by() == "a"


GIN = load_rules("house-gin", extra_dirs=[])


def test_the_end_of_a_game_names_the_side_ahead_where_the_engine_names_none() -> None:
    """Gin's match over (every column to 120) and pinochle's limit reached: the side ahead in
    what the sheet counts; a game not over, or level, names nobody."""
    from clubdesk.domain.event.sheet import sheet_so_far
    from clubdesk.domain.event.sheet_words import end_text
    from clubdesk.domain.games.gin import hollywood

    won = {"knocker": "B", "gin": True, "deadwood": {"A": 45, "B": 0}}
    so_far = sheet_so_far(GIN, 1, [won] * 5)
    assert end_text(so_far, GIN) == "Game over\nWon by side B"
    assert hollywood(so_far.played) == {
        "games": [{"A": 0, "B": 135}] * 3, "boxes": {"A": 0, "B": 9}
    }  # fmt: skip
    assert end_text(sheet_so_far(GIN, 1, [won] * 2), GIN) == ""
    big = {"bidder": "A", "bid": 60, "meld": {"A": 260, "B": 20}, "tricks": {"A": 40, "B": 10}}
    assert end_text(sheet_so_far(GP, 1, [big] * 2), GP).endswith("\nWon by side A")
    assert hollywood(sheet_so_far(GP, 1, [big]).played) is None
