"""Fines per set and per renege (docs/rules.md §3): who owes what for a game's hands."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money.fines import (
    FineDue,
    FineKey,
    check_players,
    fine_reference,
    fines_due,
    fines_name_a_player,
    parse_fine_reference,
)
from clubdesk.errors import UserError

FINES = {"fine_set_cents": 25, "fine_renege_cents": 100}
NPA = load_rules("npa-club-pinochle").with_settings(FINES)
NPA_NO_FINES = load_rules("npa-club-pinochle")
GP = load_rules("grand-prix-pinochle").with_settings(FINES)
WHIST = load_rules("bid-whist").with_settings(FINES)
GIN = load_rules("house-gin").with_settings(FINES)

# seats 1 and 3 (side A) against seats 2 and 4 (side B)
SIDES = {"A": (7, 9), "B": (8, 12)}

MADE = {"bidder": "A", "bid": 60, "meld": {"A": 40, "B": 20}, "tricks": {"A": 30, "B": 20}}
SET = {"bidder": "A", "bid": 60, "meld": {"A": 20, "B": 20}, "tricks": {"A": 25, "B": 25}}
RENEGE_B = {
    "bidder": "A",
    "bid": 55,
    "meld": {"A": 30, "B": 20},
    "tricks": {"A": 10, "B": 12},
    "renege": "B",
}


def named(data: dict[str, Any], **players: int) -> dict[str, Any]:
    return {**data, **players}


# --- the seed's rules with numbers ---------------------------------------------------------


def test_a_set_by_entrant_7_makes_25_cents_due_from_7() -> None:
    due = fines_due([MADE, named(SET, bid_by=7)], SIDES, NPA)
    assert due == [FineDue(7, 25, "set", 2, "A", (7,))]
    assert not due[0].flagged


def test_a_renege_makes_100_cents_due_from_who_reneged() -> None:
    due = fines_due([named(RENEGE_B, bid_by=9, renege_by=12)], SIDES, NPA)
    # B reneged against A's bid: B is not set, A is not set (NPA "set-offender")
    assert due == [FineDue(12, 100, "renege", 1, "B", (12,))]


def test_a_bidder_who_reneges_owes_the_set_and_the_renege() -> None:
    hand = {**RENEGE_B, "renege": "A", "bid_by": 7, "renege_by": 9}
    due = fines_due([hand], SIDES, NPA)
    assert due == [FineDue(7, 25, "set", 1, "A", (7,)), FineDue(9, 100, "renege", 1, "A", (9,))]


def test_every_set_counts_no_marriage_and_unplayable_too() -> None:
    no_marriage = {"bidder": "B", "bid": 55, "marriage": False, "meld": {"A": 22, "B": 30}}
    unplayable = {"bidder": "A", "bid": 80, "meld": {"A": 25, "B": 24}}
    dropped = {"bidder": "B", "dropped": True, "marriage": False}
    due = fines_due(
        [named(no_marriage, bid_by=8), named(unplayable, bid_by=9), named(dropped, bid_by=12)],
        SIDES,
        NPA,
    )
    assert [(f.entrant, f.cents, f.hand_number) for f in due] == [
        (8, 25, 1),
        (9, 25, 2),
        (12, 25, 3),
    ]


def test_zero_fines_are_not_listed() -> None:
    hands = [named(SET, bid_by=7), named(RENEGE_B, renege_by=8)]
    assert fines_due(hands, SIDES, NPA_NO_FINES) == []
    renege_only = NPA_NO_FINES.with_settings({"fine_renege_cents": 100})
    assert fines_due(hands, SIDES, renege_only) == [FineDue(8, 100, "renege", 2, "B", (8,))]
    set_only = NPA_NO_FINES.with_settings({"fine_set_cents": 25})
    assert fines_due(hands, SIDES, set_only) == [FineDue(7, 25, "set", 1, "A", (7,))]


def test_a_player_not_named_is_charged_to_the_side_and_flagged() -> None:
    due = fines_due([SET, RENEGE_B], SIDES, NPA)
    assert due == [
        FineDue(None, 25, "set", 1, "A", (7, 9), "the sheet does not say who bid on side A"),
        FineDue(
            None, 100, "renege", 2, "B", (8, 12), "the sheet does not say who reneged on side B"
        ),
    ]
    assert all(fine.flagged for fine in due)


def test_a_player_named_on_the_wrong_side_is_flagged_not_charged() -> None:
    (fine,) = fines_due([named(SET, bid_by=8)], SIDES, NPA)
    assert (fine.entrant, fine.candidates, fine.flagged) == (None, (7, 9), True)
    assert fine.problem == "bid_by: entrant 8 did not sit on side A (entrants 7 and 9)"


def test_in_team_events_the_team_is_charged() -> None:
    gp_set = {"bidder": "B", "bid": 60, "meld": {"A": 0, "B": 10}, "tricks": {"A": 25, "B": 25}}
    gp_renege = {
        "bidder": "A",
        "bid": 55,
        "meld": {"A": 30, "B": 20},
        "tricks": {"A": 10, "B": 12},
        "renege": "A",
    }
    due = fines_due([gp_set, gp_renege], {"A": (3,), "B": (4,)}, GP)
    assert due == [
        FineDue(4, 25, "set", 1, "B", (4,)),  # short meld: the bid is lost
        FineDue(3, 25, "set", 2, "A", (3,)),  # the bidder reneged: it lost the bid
        FineDue(3, 100, "renege", 2, "A", (3,)),
    ]


def test_bid_whist_sets_are_fined_to_the_bidding_team_but_not_a_loss_of_hand() -> None:
    hands = [
        {"bidder": "B", "bid": 5, "kind": "no", "books": {"A": 4, "B": 9}, "infraction": None},
        {"bidder": "A", "bid": 4, "kind": "cards", "books": None, "infraction": "A"},
    ]
    assert fines_due(hands, {"A": (1,), "B": (2,)}, WHIST) == [FineDue(2, 25, "set", 1, "B", (2,))]


def test_gin_has_no_sets_and_no_fines() -> None:
    knock = {"knocker": "A", "gin": False, "deadwood": {"A": 4, "B": 19}, "knock_card": 10}
    assert fines_due([knock], {"A": (1,), "B": (2,)}, GIN) == []


def test_a_hand_that_cannot_be_scored_is_named() -> None:
    with pytest.raises(HandError, match=r"^hand 2: bid: 63 is not on the bid ladder"):
        fines_due([MADE, {**SET, "bid": 63}], SIDES, NPA)


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        ({"A": (7, 9)}, 'sides: must give the entrants of side "A" and side "B"'),
        ({"A": (7, 9), "B": ()}, "sides.B: must list entrant numbers"),
        ({"A": (7, "9"), "B": (8, 12)}, "sides.A: must list entrant numbers"),
        ({"A": (7, 9), "B": (9, 12)}, "sides: an entrant cannot sit on both sides"),
    ],
)
def test_sides_are_checked(sides, message) -> None:
    with pytest.raises(UserError, match=f"^{message}"):
        fines_due([SET], sides, NPA)


# --- checking the players named against the seating ----------------------------------------


def test_check_players_accepts_players_on_their_side() -> None:
    hand = {**RENEGE_B, "renege": "A", "bid_by": 7, "renege_by": 9}
    check_players([MADE, hand, named(RENEGE_B, renege_by=12)], SIDES, NPA)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            named(SET, bid_by=12),
            "hand 1: bid_by: entrant 12 did not sit on side A (entrants 7 and 9)",
        ),
        (
            named(RENEGE_B, renege_by=7),
            "hand 1: renege_by: entrant 7 did not sit on side B (entrants 8 and 12)",
        ),
        (named(SET, bid_by=99), "hand 1: bid_by: entrant 99 did not sit on side A"),
    ],
)
def test_check_players_refuses_a_player_on_the_wrong_side(hand, message) -> None:
    with pytest.raises(HandError, match=f"^{re.escape(message)}"):
        check_players([hand], SIDES, NPA)


# --- references: how a collected fine is matched ---------------------------------------------


def test_a_reference_names_round_table_hand_and_reason() -> None:
    assert fine_reference(2, 3, 5, "set") == "round 2 table 3 hand 5: set"
    key = parse_fine_reference("round 2 table 3 hand 5: set")
    assert key == FineKey(2, 3, 5, "set")
    assert key.reference == "round 2 table 3 hand 5: set"
    assert parse_fine_reference("  Round 2  table 3 hand 5 :RENEGE ") == FineKey(2, 3, 5, "renege")


def test_other_notes_are_not_references() -> None:
    assert parse_fine_reference("slow play") is None
    assert parse_fine_reference("round 2 set") is None


def test_a_note_that_only_looks_like_a_reference_is_refused() -> None:
    with pytest.raises(UserError, match=r"^note: 'round 2 table 3 hand 5: set, paid late' is not"):
        parse_fine_reference("round 2 table 3 hand 5: set, paid late")


def test_a_hand_names_who_pays_only_in_an_individual_format_that_fines() -> None:
    assert fines_name_a_player(NPA)
    assert not fines_name_a_player(NPA_NO_FINES)  # no fine, nobody to name
    assert not fines_name_a_player(GP)  # a team pays its own fines
