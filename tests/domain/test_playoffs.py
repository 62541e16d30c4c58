"""Bid whist playoffs: a seeded single-elimination bracket (docs/rules.md §6)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.results.playoffs import (
    Match,
    bracket_order,
    next_playoff_round,
    playoff_bracket,
)
from clubdesk.errors import UserError
from tests.properties import examples


def seed_pairs(matches: list[Match]) -> list[tuple[int, int | None]]:
    return [(m.seed_a, m.seed_b) for m in matches]


@pytest.mark.parametrize(
    "size, order",
    [
        (1, [1]),
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_bracket_order(size: int, order: list[int]) -> None:
    assert bracket_order(size) == order


@pytest.mark.parametrize("size", [0, 3, 6, 12])
def test_bracket_order_needs_a_power_of_two(size: int) -> None:
    with pytest.raises(ValueError, match="power of two"):
        bracket_order(size)


def test_four_teams() -> None:
    assert seed_pairs(playoff_bracket([40, 30, 20, 10])) == [(1, 4), (2, 3)]


def test_eight_teams_in_bracket_order() -> None:
    teams = [17, 3, 25, 8, 11, 30, 2, 14]  # seed 1 is team 17, ...
    matches = playoff_bracket(teams)
    assert seed_pairs(matches) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert matches[0] == Match(1, 17, 14, 1, 8)
    assert [(m.a, m.b) for m in matches] == [(17, 14), (8, 11), (3, 2), (25, 30)]
    assert str(matches[0]) == "match 1: team 17 (seed 1) v team 14 (seed 8)"


def test_sixteen_teams_in_bracket_order() -> None:
    matches = playoff_bracket(list(range(101, 117)))
    assert seed_pairs(matches) == [
        (1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11),
    ]  # fmt: skip


def test_twelve_teams_give_the_top_four_seeds_a_bye() -> None:
    matches = playoff_bracket(list(range(1, 13)))
    assert seed_pairs(matches) == [
        (1, None), (8, 9), (4, None), (5, 12), (2, None), (7, 10), (3, None), (6, 11),
    ]  # fmt: skip
    assert [m.bye for m in matches] == [True, False] * 4
    assert str(matches[0]) == "match 1: team 1 (seed 1) has a bye"
    # the bye winners meet the first-round winners in round 2: 1 v 8/9, 4 v 5/12, ...
    second = next_playoff_round(matches, {2: 9, 4: 5, 6: 7, 8: 11})
    assert seed_pairs(second) == [(1, 9), (4, 5), (2, 7), (3, 11)]


def test_favourites_all_win_and_seeds_1_and_2_meet_in_the_final() -> None:
    matches = playoff_bracket(list(range(1, 17)))
    rounds = [matches]
    while len(matches) > 1:
        matches = next_playoff_round(matches, {m.number: m.a for m in matches})
        rounds.append(matches)
    assert [seed_pairs(r) for r in rounds[1:]] == [
        [(1, 8), (4, 5), (2, 7), (3, 6)],
        [(1, 4), (2, 3)],
        [(1, 2)],
    ]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 70), st.randoms(use_true_random=False))
def test_any_field(teams: int, rng: random.Random) -> None:
    entrants = rng.sample(range(1, 500), teams)
    matches = playoff_bracket(entrants)
    size = 2 * len(matches)
    assert size >= teams > size // 2
    seeds = [s for m in matches for s in (m.seed_a, m.seed_b) if s is not None]
    assert sorted(seeds) == list(range(1, teams + 1))
    for m in matches:
        # seed s plays seed size + 1 - s; where that seed does not exist, s has a bye
        assert m.a == entrants[m.seed_a - 1]
        if m.seed_b is None:
            assert m.b is None and m.seed_a <= size - teams
        else:
            assert m.seed_a + m.seed_b == size + 1
            assert m.b == entrants[m.seed_b - 1]
    assert sum(m.bye for m in matches) == size - teams
    # seeds 1 and 2 are in different halves
    half = len(matches) // 2 or 1
    top = {m.seed_a for m in matches[:half]}
    assert 1 in top and (teams == 2 or 2 not in top)
    # play it out with random results: each round halves, the champion is one of the field
    alive = set(entrants)
    while len(matches) > 1:
        winners = {m.number: rng.choice([m.a, m.b]) for m in matches if not m.bye}
        following = next_playoff_round(matches, winners)
        assert len(following) == len(matches) // 2
        alive = {t for m in following for t in (m.a, m.b)}
        assert all(m.seed_a < m.seed_b for m in following)
        matches = following
    assert matches[0].a in alive and matches[0].b in alive


def test_next_round_needs_every_result() -> None:
    matches = playoff_bracket(list(range(1, 9)))
    with pytest.raises(UserError) as caught:
        next_playoff_round(matches, {1: 1, 3: 2})
    assert str(caught.value) == (
        "the next playoff round cannot be drawn yet: no result for matches 2, 4"
    )
    with pytest.raises(UserError, match="no result for match 4$"):
        next_playoff_round(matches, {1: 1, 2: 4, 3: 2})


def test_next_round_refuses_a_winner_who_did_not_play() -> None:
    matches = playoff_bracket(list(range(1, 9)))
    with pytest.raises(UserError, match="match 2: team 7 did not play in it"):
        next_playoff_round(matches, {1: 1, 2: 7, 3: 2, 4: 3})
    with pytest.raises(UserError, match="there is no playoff match 5"):
        next_playoff_round(matches, {1: 1, 2: 4, 3: 2, 4: 3, 5: 9})
    byes = playoff_bracket(list(range(1, 7)))
    with pytest.raises(UserError, match="match 1: team 3 did not play in it"):
        next_playoff_round(byes, {1: 3, 2: 4, 4: 3})


def test_after_the_final_there_is_no_next_round() -> None:
    final = playoff_bracket([5, 9])
    assert final == [Match(1, 5, 9, 1, 2)]
    with pytest.raises(UserError, match="the final is the last playoff round"):
        next_playoff_round(final, {1: 5})


@pytest.mark.parametrize("seeds, message", [([], "0 qualified"), ([4], "1 qualified")])
def test_a_playoff_needs_two_teams(seeds: list[int], message: str) -> None:
    with pytest.raises(UserError, match=message):
        playoff_bracket(seeds)


def test_a_team_seeded_twice_is_refused() -> None:
    with pytest.raises(UserError, match="team 4 is seeded twice"):
        playoff_bracket([1, 4, 2, 4])
