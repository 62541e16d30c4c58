"""Who advances: gin's top 60% and bid whist's field-size table (docs/rules.md §5, §6)."""

from __future__ import annotations

from typing import Any

import pytest

from clubdesk.domain.event.model import Event, event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.results.cut import compute_cut, cut_size
from clubdesk.domain.results.standings import compute_standings
from clubdesk.domain.rules import Cut, Rules
from clubdesk.errors import UserError
from clubdesk.printing.text import cut_text
from tests.formats import lookup


def make_event(
    rules: str,
    rounds: list[list[tuple[int, int, int, int]]],
    numbers: range,
    *,
    byes: list[int] | None = None,
    tiebreaks: list[dict[str, Any]] | None = None,
    statuses: dict[int, str] | None = None,
) -> tuple[Event, Rules]:
    """Rounds as lists of (a, b, score a, score b); tie-breaks go in the last round."""
    team = rules == "bid-whist"
    data = {
        "format": "clubdesk-event/1",
        "id": "cut-night",
        "name": "Cut night",
        "rules": rules,
        "entrants": [
            {
                "number": n,
                "name": f"Team {n}" if team else f"Player {n}",
                **({"players": [f"P{n}a", f"P{n}b"]} if team else {}),
                "status": (statuses or {}).get(n, "active"),
            }
            for n in numbers
        ],
        "rounds": [
            {
                "number": number,
                "games": [
                    {"table": t, "a": a, "b": b, "score": {"a": sa, "b": sb}}
                    for t, (a, b, sa, sb) in enumerate(games, start=1)
                ],
                "byes": byes or [],
                "tiebreaks": (tiebreaks or []) if number == len(rounds) else [],
            }
            for number, games in enumerate(rounds, start=1)
        ],
    }
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


# --- how many advance ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "advance"),
    [(15, 9), (14, 8), (16, 10), (10, 6), (5, 3), (2, 1), (1, 1), (0, 0)],
)
def test_gin_takes_60_percent_rounded_to_the_nearest_player(field: int, advance: int) -> None:
    # 15 x 0.6 = 9; 14 x 0.6 = 8.4 -> 8; 16 x 0.6 = 9.6 -> 10; 5 x 0.6 = 3; 2 x 0.6 = 1.2 -> 1
    assert cut_size(field, lookup("house-gin").cut) == advance


def test_a_half_rounds_up() -> None:
    half = Cut(after_round=1, percent=50)
    assert [cut_size(n, half) for n in (5, 7, 9)] == [3, 4, 5]  # 2.5, 3.5, 4.5 up
    assert cut_size(5, Cut(after_round=1, percent=70)) == 4  # 3.5 -> 4


@pytest.mark.parametrize(
    ("field", "advance"),
    [(200, 64), (128, 64), (127, 32), (64, 32), (63, 16), (40, 16), (17, 16), (16, 8), (9, 8),
     (8, 4), (5, 4), (3, 3)],
)  # fmt: skip
def test_bid_whist_cut_sizes_follow_the_field_size_table(field: int, advance: int) -> None:
    assert cut_size(field, lookup("bid-whist").cut) == advance


# --- gin ----------------------------------------------------------------------------------

# Seven pairs play the same match-up in both starting rounds (house-gin: cut after round 2).
GIN_PAIRS = [(1, 2, 400, 100), (3, 4, 380, 120), (5, 6, 360, 140), (7, 8, 340, 160),
             (9, 10, 330, 170), (11, 12, 320, 180), (13, 14, 300, 300)]  # fmt: skip


def test_fifteen_gin_players_send_nine_to_the_final_in_order_of_finish() -> None:
    # the bye (15) scores the average of the 14 match scores each round: 3600 / 14 -> 257
    event, rules = make_event("house-gin", [GIN_PAIRS, GIN_PAIRS], range(1, 16), byes=[15])
    assert compute_standings(event, rules).row(15).total == 514
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size, cut.resolved) == (15, 9, True)
    assert cut.advancing == (1, 3, 5, 7, 9, 11, 13, 14, 15)
    assert cut.seeds()[:3] == ((1, 1), (2, 3), (3, 5))
    assert set(cut.out) == {2, 4, 6, 8, 10, 12}


def test_a_player_withdrawn_after_the_cut_round_counts_in_the_field_and_is_passed_over() -> None:
    # docs/rules.md §6: "the cut size is set by the teams that played the preliminaries; a team
    # withdrawn or ejected before the playoffs is passed over and the next team advances"
    event, rules = make_event(
        "house-gin", [GIN_PAIRS, GIN_PAIRS], range(1, 16), byes=[15], statuses={3: "withdrawn"}
    )
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (15, 9)
    assert cut.advancing == (1, 5, 7, 9, 11, 13, 14, 15, 12)
    assert cut.passed_over == (3,) and 3 not in cut.out


def test_a_player_withdrawn_before_the_cut_round_is_not_part_of_the_field() -> None:
    event, rules = make_event(
        "house-gin",
        [GIN_PAIRS, [p for p in GIN_PAIRS if p[0] != 3]],
        range(1, 16),
        byes=[15],
        statuses={3: "withdrawn"},
    )
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (14, 8)  # 8.4 -> 8
    assert 3 not in (*cut.advancing, *cut.out, *cut.passed_over)


# 7 sure of a place, then players 13 and 14 level on 580 for the 8th (14 x 60% = 8.4 -> 8).
GIN_TIED = [(1, 2, 400, 100), (3, 4, 380, 120), (5, 6, 360, 140), (7, 8, 340, 160),
            (9, 10, 330, 170), (11, 12, 320, 300), (13, 14, 290, 290)]  # fmt: skip


def test_a_gin_tie_across_the_line_needs_a_sudden_death_until_one_is_recorded() -> None:
    event, rules = make_event("house-gin", [GIN_TIED, GIN_TIED], range(1, 15))
    cut = compute_cut(event, rules)
    assert cut.advancing == (1, 3, 5, 7, 9, 11, 12)
    assert [(t.entrants, t.places) for t in cut.ties] == [((13, 14), 1)]
    assert not cut.resolved
    text = cut_text(cut, compute_standings(event, rules, after_round=2), rules)
    assert (
        "players 13 and 14 are tied for the last place that advance: "
        "play a sudden-death match to 60 and record the winner"
    ) in text
    with pytest.raises(UserError, match="not settled"):
        cut.seeds()

    sudden = [{"a": 13, "b": 14, "winner": "b"}]
    event, rules = make_event("house-gin", [GIN_TIED, GIN_TIED], range(1, 15), tiebreaks=sudden)
    cut = compute_cut(event, rules)
    assert cut.resolved
    assert cut.advancing == (1, 3, 5, 7, 9, 11, 12, 14)
    assert 13 in cut.out
    assert compute_standings(event, rules).row(14).total == 581  # +1 for the sudden death


# --- bid whist ----------------------------------------------------------------------------


def test_teams_with_three_wins_advance_even_past_the_cut_of_16() -> None:
    # 40 teams: teams 1-20 beat a different team of 21-40 in each of the 3 rounds
    rounds = [[(s, 21 + (s + r) % 20, 5 + s % 7, 2) for s in range(1, 21)] for r in range(3)]
    event, rules = make_event("bid-whist", rounds, range(1, 41))
    standings = compute_standings(event, rules, after_round=3)
    three_wins = [row.number for row in standings.rows if row.wins == 3]
    assert len(three_wins) == 20
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (40, 16)
    assert cut.advancing == tuple(three_wins)  # in order of finish
    assert cut.past_size == tuple(three_wins[16:])
    assert len(cut.out) == 20 and cut.resolved
    assert [seed for seed, _ in cut.seeds()] == list(range(1, 21))


# Ten teams (9-16 -> 8 advance). After 3 rounds: 1 has 3 wins; 3, 5, 2, 10 two;
# 4 one win and 15 points; then 6, 7 and 9 on one win and 14 points for the last 2 places.
WHIST_ROUNDS = [
    [(1, 2, 10, 2), (3, 4, 10, 2), (5, 6, 8, 4), (7, 8, 8, 4), (9, 10, 6, 5)],
    [(1, 3, 10, 4), (2, 4, 8, 6), (5, 7, 9, 3), (6, 8, 7, 5), (9, 10, 5, 6)],
    [(1, 5, 9, 1), (3, 7, 8, 3), (2, 6, 6, 3), (4, 8, 7, 1), (9, 10, 3, 4)],
]


def test_a_whist_tie_at_the_line_waits_for_the_play_off_hands() -> None:
    event, rules = make_event("bid-whist", WHIST_ROUNDS, range(1, 11))
    cut = compute_cut(event, rules)
    assert cut.size == 8
    assert cut.advancing == (1, 3, 5, 2, 10, 4)
    assert [(t.entrants, t.places) for t in cut.ties] == [((6, 7, 9), 2)]
    assert cut.out == (8,)
    standings = compute_standings(event, rules, after_round=3)
    text = cut_text(cut, standings, rules)
    assert (
        "teams 6, 7 and 9 are tied for the last 2 places that advance: "
        "play one-hand play-offs and record the winners"
    ) in text

    play_off = {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}}
    tiebreaks = [{"a": 6, "b": 7, "hands": [play_off]}, {"a": 9, "b": 7, "winner": "a"}]
    event, rules = make_event("bid-whist", WHIST_ROUNDS, range(1, 11), tiebreaks=tiebreaks)
    cut = compute_cut(event, rules)
    assert cut.resolved
    assert cut.advancing == (1, 3, 5, 2, 10, 4, 6, 9)
    assert cut.out == (7, 8)
    assert cut.seeds()[-1] == (8, 9)


def test_a_format_without_a_cut_says_so() -> None:
    event, rules = make_event("house-gin", [GIN_PAIRS, GIN_PAIRS], range(1, 15))
    pinochle = lookup("grand-prix-pinochle")
    with pytest.raises(UserError, match="grand-prix-pinochle has no cut"):
        compute_cut(event, pinochle)
    with pytest.raises(UserError, match="the cut is made after round 2"):
        compute_cut(event, rules, compute_standings(event, rules, after_round=1))
