"""What field sizes a format's draw can seat (docs/rules.md §1, §3-6), asked before the draw."""

from __future__ import annotations

import random

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.seating.draw import draw_for
from clubdesk.domain.seating.field import field_problem, seatable
from clubdesk.errors import UserError

IN_FOURS = "NPA Club Pinochle seats players in fours"
FORMATS = ["grand-prix-pinochle", "npa-club-pinochle", "sun-city-west-pinochle", "house-gin"]


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        (14, f"{IN_FOURS}; 14 registered: add 2 players or withdraw 2"),
        (17, f"{IN_FOURS}; 17 registered: add 3 players or withdraw 1"),
        (8, "NPA Club Pinochle needs at least 3 tables (12 players); 8 registered"),
    ],
)
def test_an_npa_field_that_cannot_sit_in_fours_is_named(players: int, problem: str) -> None:
    npa = load_rules("npa-club-pinochle")
    assert field_problem(npa, players) == problem
    assert not seatable(npa, players)


@pytest.mark.parametrize("players", [12, 16, 24])
def test_an_npa_field_in_fours_of_at_least_three_tables_is_seated(players: int) -> None:
    assert seatable(load_rules("npa-club-pinochle"), players)


def test_the_other_draws_seat_small_and_odd_fields() -> None:
    grand_prix = load_rules("grand-prix-pinochle")
    assert seatable(grand_prix, 13) and seatable(grand_prix, 2)  # odd: a bye station
    assert field_problem(grand_prix, 1) == "a card draw needs at least 2 teams; 1 registered"
    gin = load_rules("house-gin")
    assert seatable(gin, 9) and seatable(gin, 1)
    assert field_problem(gin, 0) == "a draw needs at least 1 player; 0 registered"
    sun_city = load_rules("sun-city-west-pinochle")
    assert seatable(sun_city, 8) and not seatable(sun_city, 10)


@pytest.mark.parametrize("rules_id", [*FORMATS, "bid-whist"])
def test_the_draw_refuses_exactly_the_fields_named_and_in_the_same_words(rules_id: str) -> None:
    rules = load_rules(rules_id)
    for size in range(0, 30):
        problem = field_problem(rules, size)
        try:
            draw_for(rules, range(1, size + 1), random.Random(size))
        except UserError as refused:
            assert str(refused) == problem
        else:
            assert problem is None
