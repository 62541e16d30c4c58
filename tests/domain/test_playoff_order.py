"""Bid whist's final order from its playoffs (docs/rules.md §6): the preliminaries only seed."""

from __future__ import annotations

from clubdesk.domain.money.finish import final_order
from clubdesk.domain.results.playoff_order import PlayoffPlace, playoff_order
from clubdesk.domain.results.standings import compute_standings
from tests.domain.test_cut import make_event

# Six teams (8 or fewer: 4 advance). After 3 rounds: 1 has 3 wins; 3 two and 22 points,
# 2 two and 21; 4 one and 17, 5 one and 16; 6 none. Seeds: 1, 3, 2, 4.
PRELIMINARIES = [
    [(1, 2, 10, 2), (3, 4, 10, 2), (5, 6, 10, 2)],
    [(1, 3, 10, 2), (2, 5, 10, 4), (4, 6, 10, 3)],
    [(1, 5, 10, 2), (3, 6, 10, 2), (2, 4, 9, 5)],
]
# Semi-finals: seed 1 (team 1) v seed 4 (team 4), seed 2 (team 3) v seed 3 (team 2);
# team 4 beats team 1, team 3 beats team 2; in the final team 3 beats team 4.
SEMI_FINALS = [(1, 4, 3, 7), (3, 2, 7, 3)]
FINAL = [(3, 4, 7, 5)]


def test_the_final_order_comes_from_the_playoffs_not_the_preliminaries() -> None:
    # seed 004: "Teams will be seeded based on order of finish in the preliminary round."
    event, rules = make_event("bid-whist", PRELIMINARIES, range(1, 7))
    assert [r.number for r in compute_standings(event, rules).rows] == [1, 3, 2, 4, 5, 6]
    assert playoff_order(event, rules) == ()  # the playoffs are not played yet
    event, rules = make_event("bid-whist", [*PRELIMINARIES, SEMI_FINALS], range(1, 7))
    assert playoff_order(event, rules) == ()  # nor is the final

    event, rules = make_event("bid-whist", [*PRELIMINARIES, SEMI_FINALS, FINAL], range(1, 7))
    order = playoff_order(event, rules)
    assert order == (
        PlayoffPlace(1, 3, "Team 3", 2, "", False, ("P3a", "P3b")),
        PlayoffPlace(2, 4, "Team 4", 4, "final", False, ("P4a", "P4b")),
        PlayoffPlace(3, 1, "Team 1", 1, "semi-final", True, ("P1a", "P1b")),
        PlayoffPlace(3, 2, "Team 2", 3, "semi-final", True, ("P2a", "P2b")),
    )
    assert [p.result for p in order] == [
        "Champion", "Runner-up", "Lost in the semi-final", "Lost in the semi-final",
    ]  # fmt: skip
    # the prizes are paid by the same places
    paid = final_order(event, rules)
    assert [(f.place, f.number) for f in paid.finish][:4] == [(1, 3), (2, 4), (3, 1), (3, 2)]


def test_gin_has_no_playoff_order() -> None:
    event, rules = make_event("house-gin", [[(1, 2, 300, 200)], [(1, 2, 300, 200)]], range(1, 3))
    assert playoff_order(event, rules) == ()
