"""A draw made with real cards, chits or lots, typed in as printed (docs/rules.md §1, §3-6).

Seed 000: "A member from each team will draw a card before the start of the tournament."
Seed 001: "each player ... Select a "chit" for your starting table number and seat position".
Seed 003: "the player match-ups will be chosen by random drawing ... (1 will play 2, 3 will
play 4, 5 will play 6, etc.)"
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.seating.draw import Card, Chit, Lot, card_deck, chit_draw
from clubdesk.domain.seating.field import field_problem
from clubdesk.domain.seating.first_round import chit_seating, pairs_seating
from clubdesk.domain.seating.physical import Deck, check_typed, record_physical_draw
from clubdesk.errors import UserError
from tests.properties import examples

NPA = Deck.of(load_rules("npa-club-pinochle"))
GIN = Deck.of(load_rules("house-gin"))


def test_the_rules_file_says_what_is_drawn() -> None:
    kinds = {
        rules_id: (deck.kind, deck.noun, deck.entrant)
        for rules_id in ("grand-prix-pinochle", "bid-whist", "sun-city-west-pinochle")
        for deck in [Deck.of(load_rules(rules_id))]
    }
    assert kinds == {
        "grand-prix-pinochle": ("cards", "card", "team"),
        "bid-whist": ("cards", "card", "team"),
        "sun-city-west-pinochle": ("chits", "chit", "player"),
    }
    assert (NPA.kind, NPA.noun, NPA.min_tables, NPA.label) == (
        "chits", "chit", 3, "NPA Club Pinochle"
    )  # fmt: skip
    assert (GIN.kind, GIN.noun, GIN.entrant) == ("random", "lot", "player")


# --- cards ----------------------------------------------------------------------------------


def test_physical_draw_records_what_was_typed() -> None:
    draw = record_physical_draw(
        {1: "B2", 2: "red 1", 3: "b1", 4: "R 2", 5: "r3"}, [1, 2, 3, 4, 5], Deck(rounds=4)
    )
    assert draw.method == "physical"
    assert draw.seed is None
    assert draw.pick_of(2) == Card("red", 1)
    assert draw.pick_of(5) == Card("red", 3)
    assert draw.holder(Card("blue", 1)) == 3
    assert any("red 3 is the bye station after table 2" in n for n in draw.notes)
    assert any("again from round 4" in n for n in draw.notes)


def test_physical_draw_missing_a_card_names_the_team() -> None:
    with pytest.raises(UserError, match="^team 3 has no card$"):
        record_physical_draw({1: "B1", 2: "R1", 4: "R2"}, [1, 2, 3, 4])


def test_physical_draw_card_for_an_unregistered_team_names_team_and_card() -> None:
    with pytest.raises(UserError, match="^team 9 drew 'R2' but is not registered$"):
        record_physical_draw({1: "B1", 2: "R1", 9: "R2"}, [1, 2, 3])


def test_physical_draw_card_twice_names_the_card_and_both_teams() -> None:
    with pytest.raises(UserError, match="^card B1 drawn twice: teams 1 and 3$"):
        record_physical_draw({1: "B1", 2: "R1", 3: "blue 1", 4: "R2"}, [1, 2, 3, 4])


def test_physical_draw_card_not_in_the_deck_names_team_and_card() -> None:
    with pytest.raises(
        UserError, match=r"^team 2: there is no red 3 card for 4 teams \(blue 1-2, red 1-2\)$"
    ):
        record_physical_draw({1: "B1", 2: "R3", 3: "B2", 4: "R2"}, [1, 2, 3, 4])


def test_physical_draw_odd_field_needs_the_extra_red_card_not_another_blue() -> None:
    with pytest.raises(UserError, match="team 3: there is no blue 2 card for 3 teams"):
        record_physical_draw({1: "B1", 2: "R1", 3: "B2"}, [1, 2, 3])
    draw = record_physical_draw({1: "B1", 2: "R1", 3: "R2"}, [1, 2, 3])
    assert draw.stations == 2


def test_physical_draw_text_that_is_not_a_card_names_the_team() -> None:
    with pytest.raises(UserError, match="^team 2: 'green 1' is not a card; type e.g. B3 or R4$"):
        record_physical_draw({1: "B1", 2: "green 1"}, [1, 2])


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 41), st.randoms(use_true_random=False))
def test_any_complete_physical_deck_is_accepted(teams: int, rng: random.Random) -> None:
    deck = list(card_deck(teams))
    rng.shuffle(deck)
    typed = {team: card.label for team, card in zip(range(1, teams + 1), deck, strict=True)}
    draw = record_physical_draw(typed, list(typed))
    assert {d.entrant: d.pick.label for d in draw.drawn} == typed


# --- chits ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "table 2 seat 3",  # the printed words
        "Table 2 Seat 3",  # as they are printed: Table 2 over Seat 3
        "TABLE 2   SEAT 3",
        " table 2, seat 3 ",
        "table #2 seat #3",
        "T2 S3",
        "t2s3",
        "2-3",  # the table first
        "2 - 3",
    ],
)
def test_a_chit_is_typed_as_printed_or_in_short(text: str) -> None:
    assert NPA.parse(text) == Chit(2, 3)


def test_seat_1s_chit_may_be_typed_with_its_printed_remark() -> None:
    assert NPA.parse("Table 4 Seat 1 (deals first)") == Chit(4, 1)


@pytest.mark.parametrize("text", ["2 3", "seat 3 table 2", "table 2", "3", "B3", "lot 5", "t2"])
def test_what_is_not_a_chit_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(UserError, match=f"^'{text}' is not a chit; type e.g. table 2 seat 3$"):
        NPA.parse(text)


def test_an_npa_chit_draw_is_recorded_and_seats_round_1() -> None:
    typed = {
        1: "table 1 seat 1", 2: "Table 1 Seat 2", 3: "T1 S3", 4: "1-4",
        5: "table 2 seat 4", 6: "table 2 seat 3", 7: "table 2 seat 2", 8: "table 2 seat 1",
        9: "table 3 seat 2", 10: "table 3 seat 1", 11: "table 3 seat 4", 12: "table 3 seat 3",
    }  # fmt: skip
    draw = record_physical_draw(typed, range(1, 13), NPA)
    assert (draw.kind, draw.method, draw.seed) == ("chits", "physical", None)
    assert draw.pick_of(3) == Chit(1, 3) and draw.holder(Chit(3, 1)) == 10
    assert draw.notes == chit_draw(range(1, 13), random.Random(0)).notes
    seats = chit_seating(draw)  # seats 1 and 3 against seats 2 and 4
    assert [(t.table, t.a, t.b) for t in seats.tables] == [
        (1, (1, 3), (2, 4)),
        (2, (8, 6), (7, 5)),
        (3, (10, 12), (9, 11)),
    ]


def twelve_chits() -> dict[int, str]:
    return {n: f"table {(n - 1) // 4 + 1} seat {(n - 1) % 4 + 1}" for n in range(1, 13)}


@pytest.mark.parametrize(
    "change, message",
    [
        ({7: "2-1"}, "chit table 2 seat 1 drawn twice: players 5 and 7"),
        (
            {7: "table 4 seat 1"},
            "player 7: there is no chit table 4 seat 1 for 12 players (tables 1-3, seats 1-4)",
        ),  # fmt: skip
        ({7: "table 2 seat 5"}, "player 7: there is no chit table 2 seat 5 for 12 players"),
        ({7: "seven"}, "player 7: 'seven' is not a chit; type e.g. table 2 seat 3"),
        ({7: " "}, "player 7 has no chit"),
        ({13: "table 1 seat 1"}, "player 13 drew 'table 1 seat 1' but is not registered"),
    ],
)
def test_each_chit_mistake_names_the_player_and_the_chit(change, message) -> None:
    with pytest.raises(UserError) as caught:
        record_physical_draw({**twelve_chits(), **change}, range(1, 13), NPA)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("players", [8, 13, 14])
def test_a_field_that_cannot_sit_in_fours_is_refused_as_the_draw_refuses_it(players) -> None:
    typed = {n: f"table {(n - 1) // 4 + 1} seat {(n - 1) % 4 + 1}" for n in range(1, 1 + players)}
    with pytest.raises(UserError) as caught:
        record_physical_draw(typed, range(1, 1 + players), NPA)
    assert str(caught.value) == field_problem(load_rules("npa-club-pinochle"), players)


def test_chits_are_checked_as_they_are_typed() -> None:
    check = check_typed(NPA, range(1, 13), {1: "table 1 seat 1", 2: "", 5: "T3 S4"})
    assert (check.errors, check.typed, check.needed) == ({}, 2, 12)
    assert not check.complete and check.contents == "tables 1-3, seats 1-4"
    check = check_typed(NPA, range(1, 13), {1: "1-1", 4: "Table 1 Seat 1", 6: "T9 S1", 8: "x"})
    assert check.errors == {
        1: "chit table 1 seat 1 drawn twice: players 1 and 4",
        4: "chit table 1 seat 1 drawn twice: players 1 and 4",
        6: "player 6: there is no chit table 9 seat 1 for 12 players (tables 1-3, seats 1-4)",
        8: "player 8: 'x' is not a chit; type e.g. table 2 seat 3",
    }
    check = check_typed(NPA, range(1, 13), twelve_chits())
    assert check.complete and check.errors == {} and check.draw.method == "physical"
    assert check_typed(NPA, range(1, 14), {}).problem == (
        "NPA Club Pinochle seats players in fours; 13 registered: add 3 players or withdraw 1"
    )


# --- lots -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["lot 5", "Lot 5", "LOT  5", "lot5", "L5", "#5", "5", " 5 "])
def test_a_lot_is_typed_as_printed_or_as_its_number(text: str) -> None:
    assert GIN.parse(text) == Lot(5)


@pytest.mark.parametrize("text", ["lot", "five", "lot 5 6", "table 1 seat 5", "R5"])
def test_what_is_not_a_lot_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(UserError, match=f"^'{text}' is not a lot; type e.g. lot 5$"):
        GIN.parse(text)


def test_a_gin_lot_draw_pairs_1_with_2_and_gives_the_odd_lot_a_bye() -> None:
    typed = {1: "lot 4", 2: "Lot 9", 3: "1", 4: "L2", 5: "lot 3", 6: "lot 8", 7: "lot 5",
             8: "lot 7", 9: "lot 6"}  # fmt: skip
    draw = record_physical_draw(typed, range(1, 10), GIN)
    assert (draw.kind, draw.method, draw.seed) == ("random", "physical", None)
    assert draw.notes == ("9 players: 1 plays 2, 3 plays 4, ...", "odd number of players: "
                          "player 2 has a bye")  # fmt: skip
    seats = pairs_seating(draw)  # lot 1 plays lot 2, lot 3 plays lot 4, ...
    assert [(t.a[0], t.b[0]) for t in seats.tables] == [(3, 4), (5, 1), (7, 9), (8, 6)]
    assert seats.byes == (2,)


def eighteen_lots() -> dict[int, str]:
    return {n: f"lot {n}" for n in range(1, 19)}


@pytest.mark.parametrize(
    "change, message",
    [
        ({3: "lot 19"}, "player 3: there is no lot 19 for 18 players (lots 1-18)"),
        ({3: "lot 0"}, "player 3: there is no lot 0 for 18 players (lots 1-18)"),
        ({3: "lot 4"}, "lot 4 drawn twice: players 3 and 4"),
        ({3: "the third"}, "player 3: 'the third' is not a lot; type e.g. lot 5"),
        ({3: ""}, "player 3 has no lot"),
        ({30: "lot 1"}, "player 30 drew 'lot 1' but is not registered"),
    ],
)
def test_each_lot_mistake_names_the_player_and_the_lot(change, message) -> None:
    with pytest.raises(UserError) as caught:
        record_physical_draw({**eighteen_lots(), **change}, range(1, 19), GIN)
    assert str(caught.value) == message


def test_a_lot_typed_three_times_names_every_holder() -> None:
    check = check_typed(GIN, range(1, 19), {2: "lot 5", 4: "5", 9: "L5", 10: "lot 6"})
    message = "lot 5 drawn 3 times: players 2, 4 and 9"
    assert check.errors == {2: message, 4: message, 9: message}
    assert check.typed == 4 and not check.complete


def test_a_long_mistake_is_quoted_short() -> None:
    with pytest.raises(UserError) as caught:
        record_physical_draw({**eighteen_lots(), 3: "x" * 10_000}, range(1, 19), GIN)
    assert len(str(caught.value)) < 100 and "is not a lot" in str(caught.value)


# --- any complete deck --------------------------------------------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(["cards", "chits", "random"]), st.integers(1, 12), st.randoms())
def test_any_complete_deck_typed_as_printed_is_the_draw(kind, size, rng) -> None:
    entrants = {"cards": size + 1, "chits": 4 * size, "random": size}[kind]
    deck = Deck(kind)
    picks = list(deck.picks(entrants))
    rng.shuffle(picks)
    typed = {n: str(p).title() for n, p in enumerate(picks, start=1)}  # "Table 2 Seat 3"
    draw = record_physical_draw(typed, range(1, entrants + 1), deck)
    assert {d.entrant: d.pick for d in draw.drawn} == dict(enumerate(picks, start=1))
    assert check_typed(deck, range(1, entrants + 1), typed).draw == draw
