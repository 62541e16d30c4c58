"""The round-1 draw: cards (docs/rules.md §1, §6), chits (§3, §4), random order (§5)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.seating.draw import (
    Card,
    Chit,
    Draw,
    Drawn,
    Lot,
    bye_words,
    card_deck,
    card_draw,
    chit_draw,
    draw_for,
    random_draw,
    repeat_note,
)
from clubdesk.errors import UserError
from tests.properties import examples

FIELD_SIZES = range(2, 42)


def cards_of(draw: Draw) -> list[Card]:
    return [d.pick for d in draw.drawn]


# --- cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, card",
    [
        ("B3", Card("blue", 3)),
        ("b3", Card("blue", 3)),
        ("blue 3", Card("blue", 3)),
        ("Blue 3", Card("blue", 3)),
        ("R4", Card("red", 4)),
        ("R 4", Card("red", 4)),
        (" red-12 ", Card("red", 12)),
        ("RED#7", Card("red", 7)),
    ],
)
def test_card_parse_accepts_what_a_director_types(text: str, card: Card) -> None:
    assert Card.parse(text) == card


@pytest.mark.parametrize("text", ["", "3", "B", "G3", "blue three", "B3 R4", "bluey 3", "B-3.5"])
def test_card_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(UserError, match="is not a card"):
        Card.parse(text)


def test_card_label_and_words() -> None:
    assert Card("blue", 3).label == "B3"
    assert Card("red", 11).label == "R11"
    assert str(Card("red", 4)) == "red 4"


@pytest.mark.parametrize("teams", FIELD_SIZES)
def test_card_deck_has_one_red_more_than_blue_in_an_odd_field(teams: int) -> None:
    deck = card_deck(teams)
    tables = teams // 2
    assert len(deck) == teams
    assert [c.number for c in deck if c.colour == "blue"] == list(range(1, tables + 1))
    reds = [c.number for c in deck if c.colour == "red"]
    assert reds == list(range(1, tables + 1 + teams % 2))


@pytest.mark.parametrize("teams", FIELD_SIZES)
def test_card_draw_gives_every_team_one_card_of_a_complete_deck(teams: int) -> None:
    entrants = list(range(101, 101 + teams))
    draw = card_draw(entrants, random.Random(teams), seed=teams)
    assert draw.kind == "cards"
    assert draw.method == "random"
    assert draw.seed == teams
    assert draw.entrants == tuple(entrants)
    assert sorted(cards_of(draw)) == sorted(card_deck(teams))
    assert draw.tables == teams // 2
    assert draw.stations == teams // 2 + teams % 2


def test_card_draw_is_the_same_for_the_same_seed_and_input_order_does_not_matter() -> None:
    entrants = list(range(1, 24))
    first = card_draw(entrants, random.Random(2011), seed=2011)
    again = card_draw(list(reversed(entrants)), random.Random(2011), seed=2011)
    assert first == again
    others = {card_draw(entrants, random.Random(s)).drawn for s in range(5)}
    assert len(others) > 1


def test_card_draw_notes_the_bye_station_and_repeat_meetings() -> None:
    draw = card_draw(range(1, 10), random.Random(0), rounds=11)
    assert draw.notes == (
        "9 teams at 4 tables: blue cards sit North/South and stay all event; "
        "red cards sit East/West and move up one table every round",
        "odd number of teams: red 5 is the bye station after table 4; "
        "E/W move from table 4 to the bye station and from it to table 1",
        "with 5 stations and 11 rounds E/W teams meet the same N/S team again from round 6",
    )


def test_card_draw_without_enough_rounds_for_a_repeat_has_no_repeat_note() -> None:
    draw = card_draw(range(1, 25), random.Random(0), rounds=11)
    assert len(draw.notes) == 1
    assert "again" not in draw.notes[0]


@pytest.mark.parametrize(
    "stations, rounds, note",
    [
        (
            5,
            11,
            "with 5 stations and 11 rounds E/W teams meet the same N/S team again from round 6",
        ),
        (1, 4, "with 1 station and 4 rounds E/W teams meet the same N/S team again from round 2"),
        (3, 4, "with 3 stations and 4 rounds E/W teams meet the same N/S team again from round 4"),
        (4, 4, None),
        (12, 11, None),
    ],
)
def test_repeat_note(stations: int, rounds: int, note: str | None) -> None:
    assert repeat_note(stations, rounds) == note


@pytest.mark.parametrize("entrants", [[], [7]])
def test_card_draw_needs_two_teams(entrants: list[int]) -> None:
    with pytest.raises(UserError, match=f"at least 2 teams; {len(entrants)} registered"):
        card_draw(entrants, random.Random(0))


def test_card_draw_refuses_a_team_entered_twice() -> None:
    with pytest.raises(UserError, match="team 4 is entered twice"):
        card_draw([1, 4, 2, 4], random.Random(0))


@pytest.mark.parametrize("bad", [0, -3, True, "5"])
def test_a_draw_refuses_what_is_not_an_entrant_number(bad: object) -> None:
    with pytest.raises(UserError, match="is not an entrant number"):
        card_draw([1, 2, bad], random.Random(0))  # type: ignore[list-item]


# --- chits ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(12, 42, 4))
def test_chit_draw_names_every_table_and_seat_once(players: int) -> None:
    draw = chit_draw(range(1, players + 1), random.Random(players), min_tables=3, seed=5)
    tables = players // 4
    assert draw.kind == "chits"
    assert draw.seed == 5
    assert draw.tables == tables
    chits = sorted(d.pick for d in draw.drawn)
    assert chits == [Chit(t, s) for t in range(1, tables + 1) for s in (1, 2, 3, 4)]
    assert draw.notes == (
        f"{players} players at {tables} tables; seats 1 and 3 play against seats 2 and 4",
    )


def test_chit_draw_is_the_same_for_the_same_seed() -> None:
    players = range(1, 21)
    assert chit_draw(players, random.Random(7)) == chit_draw(players, random.Random(7))
    assert chit_draw(players, random.Random(7)) != chit_draw(players, random.Random(8))


@pytest.mark.parametrize("players", [0, 4, 8, 9, 11])
def test_chit_draw_needs_three_tables_for_npa(players: int) -> None:
    with pytest.raises(
        UserError, match=rf"^npa needs at least 3 tables \(12 players\); {players} registered$"
    ):
        chit_draw(range(1, players + 1), random.Random(0), min_tables=3, label="npa")


@pytest.mark.parametrize(
    "players, advice",
    [
        (13, "add 3 players or withdraw 1"),
        (14, "add 2 players or withdraw 2"),
        (15, "add 1 player or withdraw 3"),
        (41, "add 3 players or withdraw 1"),
    ],
)
def test_chit_draw_tells_the_director_how_to_fill_the_tables(players: int, advice: str) -> None:
    with pytest.raises(UserError) as caught:
        chit_draw(range(1, players + 1), random.Random(0), min_tables=3, label="npa")
    assert str(caught.value) == f"npa seats players in fours; {players} registered: {advice}"


def test_chit_draw_with_rules_uses_the_format_title_and_its_minimum() -> None:
    npa = load_rules("npa-club-pinochle")
    with pytest.raises(UserError, match=r"^NPA Club Pinochle needs at least 3 tables \(12"):
        draw_for(npa, range(1, 10), random.Random(0))
    scw = load_rules("sun-city-west-pinochle")
    assert draw_for(scw, range(1, 9), random.Random(0)).tables == 2


# --- random order ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", FIELD_SIZES)
def test_random_draw_gives_each_player_a_different_lot(players: int) -> None:
    draw = random_draw(range(1, players + 1), random.Random(players))
    assert draw.kind == "random"
    assert sorted(d.pick.number for d in draw.drawn) == list(range(1, players + 1))
    last = draw.holder(Lot(players))
    assert any(f"player {last} has a bye" in n for n in draw.notes) == bool(players % 2)
    assert not any("lot" in n for n in draw.notes)  # one numbering: the entrants'


def test_a_bye_is_said_by_entrant_number() -> None:
    assert bye_words([5], "player") == "player 5 has a bye"
    assert bye_words([3, 8], "team") == "teams 3 and 8 have a bye"
    assert bye_words([1, 3, 5], "player") == "players 1, 3 and 5 have a bye"


def test_random_draw_needs_a_player() -> None:
    with pytest.raises(UserError, match="0 registered"):
        random_draw([], random.Random(0))


# --- by the rules file, and stored --------------------------------------------------------


@pytest.mark.parametrize(
    "format_id, kind",
    [
        ("grand-prix-pinochle", "cards"),
        ("grand-prix-warmup", "cards"),
        ("bid-whist", "cards"),
        ("npa-club-pinochle", "chits"),
        ("sun-city-west-pinochle", "chits"),
        ("house-gin", "random"),
    ],
)
def test_draw_for_makes_the_draw_the_rules_file_names(format_id: str, kind: str) -> None:
    draw = draw_for(load_rules(format_id), range(1, 17), random.Random(3), seed=3)
    assert draw.kind == kind
    assert draw.seed == 3
    assert len(draw.drawn) == 16


def test_draw_for_grand_prix_warns_of_repeat_meetings_with_a_small_field() -> None:
    draw = draw_for(load_rules("grand-prix-pinochle"), range(1, 10), random.Random(0))
    assert draw.notes[-1] == (
        "with 5 stations and 11 rounds E/W teams meet the same N/S team again from round 6"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["cards", "chits", "random"]),
    st.integers(1, 10),
    st.integers(0, 2**32),
)
def test_a_draw_survives_json(kind: str, size: int, seed: int) -> None:
    rng = random.Random(seed)
    if kind == "cards":
        draw = card_draw(range(1, 2 * size + 2), rng, seed=seed, rounds=11)
    elif kind == "chits":
        draw = chit_draw(range(1, 4 * size + 1), rng, seed=seed)
    else:
        draw = random_draw(range(1, size + 1), rng, seed=None)
    assert Draw.from_json(draw.to_json()) == draw


def test_draw_json_shape() -> None:
    draw = Draw(
        "cards", "physical", None, (Drawn(1, Card("blue", 1)), Drawn(2, Card("red", 1))), ()
    )
    assert draw.to_json() == {
        "kind": "cards",
        "method": "physical",
        "seed": None,
        "drawn": [{"entrant": 1, "card": "B1"}, {"entrant": 2, "card": "R1"}],
        "notes": [],
    }
    chits = Draw("chits", "random", 4, (Drawn(3, Chit(1, 2)),)).to_json()
    assert chits["drawn"] == [{"entrant": 3, "chit": {"table": 1, "seat": 2}}]
    lots = Draw("random", "random", 4, (Drawn(3, Lot(1)),)).to_json()
    assert lots["drawn"] == [{"entrant": 3, "lot": 1}]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "dice", "method": "random", "drawn": []}, "draw.kind"),
        ({"kind": "cards", "method": "magic", "drawn": []}, "draw.method"),
        ({"kind": "cards", "method": "random", "seed": "x", "drawn": []}, "draw.seed"),
        ({"kind": "cards", "method": "random"}, "draw: missing or malformed field"),
        ({"kind": "cards", "method": "random", "drawn": [{"entrant": 1}]}, "malformed"),
        (
            {"kind": "cards", "method": "random", "drawn": [{"entrant": "1", "card": "B1"}]},
            "draw.drawn: '1' is not an entrant number",
        ),
    ],
)
def test_draw_from_bad_json_names_the_field(data: dict, message: str) -> None:
    with pytest.raises(UserError, match=message):
        Draw.from_json(data)


def test_pick_of_an_entrant_not_in_the_draw() -> None:
    draw = card_draw([1, 2], random.Random(0))
    with pytest.raises(UserError, match="entrant 3 is not in the draw"):
        draw.pick_of(3)
