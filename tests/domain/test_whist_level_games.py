"""A level bid whist game needs its fifth hand or a recorded winner (docs/rules.md §6: "on a
tie a fifth hand decides the winner"; standings count rounds won), on a sheet and in an
event file."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from clubdesk.domain.event.model import EventError, Score, SheetResult
from clubdesk.domain.event.sheet import UndecidedError, check_decided, sheet_result
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.formats import load_rules
from tests.formats import lookup

GP = load_rules("grand-prix-pinochle", extra_dirs=[])
WHIST = load_rules("bid-whist", extra_dirs=[])
FOUR_LEVEL = [  # made bids score books - 6: A 4 + 5, B 4 + 5 -> 9 : 9
    {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}},
    {"bidder": "B", "bid": 4, "kind": "no", "books": {"A": 3, "B": 10}},
    {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    {"bidder": "B", "bid": 5, "kind": "special", "books": {"A": 2, "B": 11}},
]
FIFTH_TO_B = {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 2, "B": 11}}
LEVEL = (
    "winner: the game is level at 9 to 9: enter the fifth hand that decides it, or record "
    "who won the tie (the format counts rounds won)"
)


def test_four_level_hands_without_a_fifth_are_undecided() -> None:
    result = sheet_result(WHIST, 1, hands=FOUR_LEVEL)
    assert result == SheetResult(Score(9, 9))
    with pytest.raises(UndecidedError) as caught:
        check_decided(WHIST, result, 1)
    assert str(caught.value) == LEVEL


def test_the_fifth_hand_or_a_recorded_winner_decides_it() -> None:
    check_decided(WHIST, sheet_result(WHIST, 1, hands=[*FOUR_LEVEL, FIFTH_TO_B]), 1)
    check_decided(WHIST, sheet_result(WHIST, 1, hands=FOUR_LEVEL, winner="a"), 1)
    check_decided(WHIST, sheet_result(WHIST, 1, typed=Score(7, 7), winner="b"), 1)


def test_a_level_typed_score_is_undecided() -> None:
    with pytest.raises(UndecidedError, match="level at 7 to 7"):
        check_decided(WHIST, sheet_result(WHIST, 1, typed=Score(7, 7)), 1)


def test_a_format_without_a_fifth_hand_asks_for_the_winner_only() -> None:
    no_fifth = WHIST.model_copy(
        update={"whist": WHIST.whist.model_copy(update={"tiebreak_hand": False})}
    )
    with pytest.raises(UndecidedError) as caught:
        check_decided(no_fifth, SheetResult(Score(9, 9)), 1)
    assert str(caught.value) == (
        "winner: the game is level at 9 to 9: record who won the tie (the format counts rounds won)"
    )


def test_a_format_ranked_by_total_points_may_end_level() -> None:
    check_decided(GP, SheetResult(Score(300, 300)), 1)


def whist_file(**game: Any) -> dict[str, Any]:
    return {
        "format": "clubdesk-event/1",
        "id": "whist-night",
        "name": "Bid whist night",
        "rules": "bid-whist",
        "entrants": [
            {"number": n, "name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in (1, 2)
        ],
        "rounds": [{"number": 1, "games": [{"table": 1, "a": 1, "b": 2, **game}]}],
    }


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


WHERE = "rounds[0].games[0] (round 1, table 1): "


def test_an_event_file_with_a_level_game_is_refused() -> None:
    assert problems(whist_file(hands=copy.deepcopy(FOUR_LEVEL))) == [WHERE + LEVEL]
    typed = problems(whist_file(score={"a": 9, "b": 9}))
    assert typed == [WHERE + LEVEL]


def test_an_event_file_game_decided_by_its_fifth_hand_a_winner_or_an_award_is_read() -> None:
    fifth = parse_event(whist_file(hands=[*copy.deepcopy(FOUR_LEVEL), FIFTH_TO_B]), lookup)
    assert fifth.rounds[0].games[0].won_by() == "b"
    recorded = parse_event(whist_file(score={"a": 9, "b": 9}, winner="a"), lookup)
    assert recorded.rounds[0].games[0].won_by() == "a"
    award = {"kind": "removed", "against": "b"}
    awarded = parse_event(whist_file(award=award), lookup)
    assert awarded.rounds[0].games[0].won_by() == "a"
    unplayed = parse_event(whist_file(), lookup)
    assert unplayed.rounds[0].games[0].won_by() is None


def test_an_amendment_to_a_level_score_without_a_winner_is_refused() -> None:
    amendment = {
        "at": "2011-10-22T12:00:00+00:00",
        "director": "Dee",
        "reason": "adding error",
        "before": {"score": {"a": 9, "b": 7}, "winner": None},
        "score": {"a": 9, "b": 9},
        "winner": None,
    }
    assert problems(whist_file(score={"a": 9, "b": 9}, amendments=[amendment])) == [WHERE + LEVEL]
