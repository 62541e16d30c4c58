"""Lateness (docs/rules.md §1, seed 000: more than 5 minutes late, 100 points to the opponents;
more than 10 minutes, DQ'd and the opponents get the average winning score)."""

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.rulings.penalties import late_ruling
from clubdesk.errors import UserError

GP = load_rules("grand-prix-pinochle")


@pytest.mark.parametrize(
    ("minutes", "kind", "points"),
    [(0, "on-time", 0), (5, "on-time", 0), (6, "points", 100), (10, "points", 100),
     (11, "disqualified", 0), (45, "disqualified", 0)],
)  # fmt: skip
def test_the_grand_prix_thresholds(minutes: int, kind: str, points: int) -> None:
    ruling = late_ruling(minutes, GP)
    assert (ruling.kind, ruling.points) == (kind, points)


def test_the_numbers_come_from_the_rules_file() -> None:
    club = GP.with_settings({"late_minutes": 2, "late_points": 50, "dq_minutes": 15})
    assert late_ruling(3, club).points == 50
    assert late_ruling(15, club).kind == "points"
    assert late_ruling(16, club).kind == "disqualified"


def test_a_format_without_lateness_penalties() -> None:
    ruling = late_ruling(30, load_rules("bid-whist"))
    assert ruling.kind == "on-time" and "no penalty for lateness" in ruling.text


def test_minutes_must_be_a_whole_number() -> None:
    with pytest.raises(UserError, match="minutes: must be a whole number of minutes"):
        late_ruling(-1, GP)
