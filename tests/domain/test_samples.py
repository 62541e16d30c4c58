"""Made-up hands for the demo and benchmarks are hands the rules accept."""

import random

import pytest

from clubdesk.domain import games
from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.samples import sample_game, sample_pinochle_hand

PINOCHLE = ["grand-prix-pinochle", "npa-club-pinochle", "sun-city-west-pinochle"]


@pytest.mark.parametrize("format_id", PINOCHLE)
def test_sampled_games_score_and_end_as_the_format_says(format_id: str) -> None:
    rules = load_rules(format_id)
    rng = random.Random(7)
    for _ in range(20):
        hands = sample_game(rules, rng)
        result = games.score_game(hands, rules)
        assert result.ended_by in ("limit", "hands")
        assert len(hands) <= rules.game_end.max_hands


def test_samples_are_repeatable_for_a_seed() -> None:
    rules = load_rules("grand-prix-pinochle")
    first = [sample_pinochle_hand(rules, random.Random(3)) for _ in range(2)]
    assert first[0] == first[1]
    assert sample_game(rules, random.Random(11)) == sample_game(rules, random.Random(11))


def test_only_pinochle_formats_have_samples() -> None:
    with pytest.raises(ValueError, match="house-gin is not a pinochle format"):
        sample_pinochle_hand(load_rules("house-gin"), random.Random(1))
