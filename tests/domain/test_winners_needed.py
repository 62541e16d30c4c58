"""Where a level game needs its winner: a format that counts rounds won (bid whist), and a
movement that seats the next round from who won (NPA's winners stay, Sun City West's winners
down), up to the last round; elsewhere a level game is a tie (docs/rules.md §1, §3, §4, §6)."""

from __future__ import annotations

import pytest

from clubdesk.domain.event.model import Game, Score, SheetResult
from clubdesk.domain.event.sheet import UndecidedError, check_decided, undecided_tables, why_winner
from tests.formats import lookup


def test_the_rounds_that_need_a_winner() -> None:
    npa, scw = lookup("npa-club-pinochle"), lookup("sun-city-west-pinochle")
    assert why_winner(npa, 1) == "the winning pair stays at the table for round 2"
    assert why_winner(npa, 6) is None  # the last round seats nobody after it
    assert why_winner(scw, 5) == "the winning pair moves down a table for round 6"
    assert why_winner(lookup("bid-whist"), 3) == "the format counts rounds won"
    assert why_winner(lookup("grand-prix-pinochle"), 1) is None
    assert why_winner(lookup("house-gin"), 1) is None


def test_a_level_npa_game_without_a_winner_is_undecided() -> None:
    """Seed 001: "Winners will stay at the table, losers will move to the next higher
    numbered table"."""
    npa = lookup("npa-club-pinochle")
    with pytest.raises(UndecidedError) as caught:
        check_decided(npa, SheetResult(Score(250, 250)), 1)
    assert str(caught.value) == (
        "winner: the game is level at 250 to 250: record who won the tie "
        "(the winning pair stays at the table for round 2)"
    )
    check_decided(npa, SheetResult(Score(250, 250), "a"), 1)
    check_decided(npa, SheetResult(Score(250, 250)), 6)
    games = [
        Game(1, (1, 3), (2, 4), Score(250, 250)),
        Game(2, (5, 7), (6, 8), Score(250, 250), winner="b"),
        Game(3, (9, 11), (10, 12), Score(300, 200)),
        Game(4, (13, 15), (14, 16)),  # not in yet
    ]
    assert undecided_tables(npa, 1, games) == (1,)
    assert undecided_tables(lookup("grand-prix-pinochle"), 1, games) == ()
